"""A reach answer kept as columns (`rules.reaches.Reaches`) against the list of `Reach` entries it stands for.

`reachable` hands over columns and makes a `Reach` only for the rows read. Whatever the way
and the order of reading (one row at a time, by square, every entry at once, or the columns
alone), each entry must be the one the eager list held: same square, cost, band, target and
path. dnd5e's reference search still builds that eager list (`reference_reachable`), so its
answers are compared with it directly, path included.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.dnd5e as dnd5e
import rules.pf1 as pf1
from game.ui.forecast import Forecast
from rules.reaches import Reach, ReachBySquare, Reaches, cost_bands, of_band
from tests.dnd5e_reach_reference import reference_reachable
from tests.test_dnd5e_fast_reach import situations as dnd5e_situations
from tests.test_pf1_fast_reach import situations as pf1_situations

CHECKED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _fields(r: Reach) -> tuple:
    return (r.at, r.cost, r.band, r.target, r.path)


def _same_every_way(ask, seed: int) -> list[Reach]:
    """Read one answer in every way, each on a fresh answer; all must agree entry by entry. Returns the entries."""
    eager = ask().entries()  # every row made at once, column by column
    expected = [_fields(r) for r in eager]

    one = ask()
    rows = list(range(len(one)))
    random.Random(seed).shuffle(rows)
    by_row = {i: _fields(one[i]) for i in rows}  # one row at a time, in a random order
    assert [by_row[i] for i in range(len(one))] == expected
    assert [_fields(r) for r in one] == expected  # then all: the rows read before are kept as they were
    assert all(one[i] is r for i, r in enumerate(one))

    columns = ask()
    assert list(zip(columns.squares, columns.costs, columns.bands, strict=True)) == [e[:3] for e in expected]
    assert all(e[3] is None for e in expected) == (columns.targets is None)
    if columns.targets is not None:
        assert list(columns.targets) == [e[3] for e in expected]

    mapped = ask().by_square()
    if len({e[0] for e in expected}) == len(expected):
        assert list(mapped) == [e[0] for e in expected]
        assert {sq: _fields(mapped[sq]) for sq in reversed(list(mapped))} == {e[0]: e for e in expected}
        assert list(cost_bands(mapped)) == [e[:3] for e in expected]
        assert dict(mapped) == {r.at: r for r in eager}
    assert (-1, -1) not in mapped and mapped.get((-1, -1)) is None

    assert ask() == eager and eager == ask()  # an answer equals the list of its entries, either way round
    for band in {e[2] for e in expected}:
        assert [_fields(r) for r in of_band(ask(), band)] == [e for e in expected if e[2] == band]
    return eager


@CHECKED
@given(pf1_situations(), st.integers(0, 1 << 30))
def test_property_pf1_answers_read_any_way_equal_the_entries_list(case, seed):
    # PF1-MOVE-ACTION, PF1-DOUBLE-MOVE, PF1-RUN: every band's entries, read lazily or all at once
    sit, _ = case
    sit.memo.clear()
    entries = _same_every_way(lambda: pf1.reachable(sit, "m"), seed)
    for r in entries:
        assert r.path and r.path[-1] == r.at


@CHECKED
@given(dnd5e_situations(), st.integers(0, 1 << 30))
def test_property_dnd5e_answers_equal_the_reference_list_of_entries(case, seed):
    # D5-SPEED, D5-DASH: the reference search builds the list of Reach entries eagerly, paths included
    sit, mode = case
    sit.memo.clear()
    expected = reference_reachable(sit, "m", mode)
    entries = _same_every_way(lambda: dnd5e.reachable(sit, "m", mode), seed)
    assert [_fields(r) for r in entries] == [_fields(r) for r in expected]
    assert dnd5e.reachable(sit, "m", mode) == expected


def test_an_answer_is_a_read_only_sequence_of_its_entries() -> None:
    paths = {0: ((1, 0),), 1: ((1, 0), (2, 0))}
    traced: list[int] = []

    def trace(row: int) -> tuple:
        traced.append(row)
        return paths[row]

    answer = Reaches([(1, 0), (2, 0)], [1, 3], ["move", "double_move"], trace)
    assert len(answer) == 2 and bool(answer)
    assert answer[1] == Reach((2, 0), 3, "double_move", ((1, 0), (2, 0)))
    assert traced == [1]  # only the path read was traced
    assert answer[-1] is answer[1] and answer[0:1] == [Reach((1, 0), 1, "move", ((1, 0),))]
    with pytest.raises(IndexError):
        answer[2]
    assert answer.get((2, 0)) is answer[1] and answer.get((0, 0)) is None
    assert answer == [Reach((1, 0), 1, "move", ((1, 0),)), Reach((2, 0), 3, "double_move", ((1, 0), (2, 0)))]
    assert answer != [Reach((1, 0), 1, "move", ((1, 0),))]
    assert answer.with_band("move") == [answer[0]]
    with pytest.raises(TypeError):
        hash(answer)
    assert not hasattr(answer, "append") and not hasattr(answer, "sort")
    with pytest.raises(ValueError, match="one value per square"):
        Reaches([(1, 0)], [1, 2], ["move"], trace)


def test_a_list_of_entries_becomes_an_answer_unchanged() -> None:
    entries = [Reach((2, 2), 0, "engage", (), target="orc"), Reach((3, 1), 0, "engage", (), target="elf")]
    answer = Reaches.of(entries)
    assert list(answer) == entries and answer[0] is entries[0]
    assert answer.targets == ["orc", "elf"]
    assert Reaches.of(()) == [] and Reaches.of(()).targets is None
    twice = Reaches.of([Reach((1, 1), 1, "move"), Reach((1, 1), 2, "run")])
    assert twice.by_square()[(1, 1)].cost == 1 and len(twice.by_square()) == 1  # the first row wins a square


def test_a_forecast_reads_a_search_answer_by_square_without_making_every_entry() -> None:
    made: list[int] = []

    def trace(row: int) -> tuple:
        made.append(row)
        return ((row, 0),)

    answer = Reaches([(1, 0), (2, 0), (3, 0)], [3, 1, 2], ["run", "move", "double_move"], trace)

    class Ruleset:
        def reachable(self, sit, unit, mode=None):
            return answer

    from game.battle import reach_cache
    from tests.test_ui_forecast import situation

    reach_cache.clear()
    forecast = Forecast.build(Ruleset(), situation(), "hero")  # type: ignore[arg-type]
    assert isinstance(forecast.reach, ReachBySquare) and forecast.engage == {}
    assert forecast.bands() == ["move", "double_move", "run"]  # cheapest first
    assert set(forecast.reach) == {(1, 0), (2, 0), (3, 0)}
    assert answer._all is None and not answer._made  # no entry made yet
    assert forecast.reach[(3, 0)].path == ((2, 0),)
    assert made == [2] and answer._all is None
    reach_cache.clear()
