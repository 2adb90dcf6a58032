"""The AI's row-wise scoring and the slot-filling record copy, against the plain computations they replace.

`best_row` (rows scored as (score, y, x, row), a `Reach` made only for the rows measured) must
choose what `best_destination` chooses from every entry made; `walk_gaps` (one field read for
many anchors) must equal `walk_gap` of each footprint; `replaced` filling a record's slots must
equal `dataclasses.replace`. Whole games of the shipped pf1 levels are played with the plain
versions swapped in: results and scripts must be identical.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai.pf1 as pf1_ai
from game.ai import navigation
from game.ai.context import clear_forecasts
from game.ai.scoring import best_destination, best_row, footprint_at
from game.battle import reach_cache
from game.lab.simulate import play_game
from game.levels.level import load_level
from rules.board import board_from_rows
from rules.core import Creature, Event, Illegal, Ruling, Size, StepRuling, _layout, replaced
from rules.pf1.turn import TurnState
from rules.reaches import Reach
from tests.units import pf1_unit

LEVELS = Path(__file__).resolve().parent.parent / "levels"
PF1_LEVELS = [p for p in sorted(LEVELS.glob("*.toml")) if "pf1" in p.name or p.stem == "arena_4v4"]
PF1_LEVELS.append(LEVELS / "tutorials" / "pf1.toml")
SIZE_OF_SIDE = {1: Size.MEDIUM, 2: Size.LARGE, 3: Size.HUGE, 4: Size.GARGANTUAN, 6: Size.COLOSSAL}


def _ruling(provoking: bool) -> Ruling:
    events = (Event("provokes", "GB-PF-AOO", unit="u", by="e"),) if provoking else ()
    return Ruling(cost=1, steps=(StepRuling((1, 1), 1, (), events),))


SCORED = st.lists(
    st.tuples(
        st.sampled_from([0.0, 0.5, 1.0, 1.01, 1.5, 2.0, 2.25, 3.0]),  # ties and near-ties around the tolerance
        st.tuples(st.integers(0, 5), st.integers(0, 5)),
        st.sampled_from(["ok", "provokes", "illegal"]),
    ),
    max_size=12,
    unique_by=lambda e: e[1],  # one row per square, as in a pf1 or dnd5e answer
)


@settings(max_examples=300, deadline=None)
@given(scored=SCORED, measured=st.booleans())
def test_best_row_chooses_what_best_destination_chooses_and_makes_only_the_entries_it_measures(scored, measured):
    entries = [Reach(sq, 1, "move", (sq,)) for _, sq, _ in scored]
    verdict = {sq: how for _, sq, how in scored}
    asked: list[tuple[int, int]] = []

    def measure(r: Reach) -> Ruling | Illegal:
        asked.append(r.at)
        how = verdict[r.at]
        return Illegal("PF1-MOVE-ACTION", "no") if how == "illegal" else _ruling(how == "provokes")

    probe = measure if measured else None
    plain = best_destination([(s, e) for (s, _, _), e in zip(scored, entries, strict=True)], probe)
    plain_asked, asked[:] = list(asked), []
    made: list[int] = []

    def entry(row: int) -> Reach:
        made.append(row)
        return entries[row]

    rows = [(s, sq[1], sq[0], i) for i, (s, sq, _) in enumerate(scored)]
    fast = best_row(rows, entry, probe)
    assert fast is plain
    assert asked == plain_asked  # the same paths measured, in the same order
    assert len(made) == max(len(asked), 1 if scored else 0)


@settings(max_examples=100, deadline=None)
@given(
    rows=st.integers(3, 8).flatmap(
        lambda w: st.lists(st.text(alphabet="..#,%", min_size=w, max_size=w), min_size=3, max_size=8)
    ),
    side=st.sampled_from([1, 2, 3]),
    data=st.data(),
)
def test_walk_gaps_are_the_walk_gap_of_each_footprint(rows, side, data):
    board = board_from_rows(rows)
    squares = [(x, y) for y in range(board.height) for x in range(board.width)]
    goal = frozenset(data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=3)))
    anchors = data.draw(st.lists(st.sampled_from(squares), max_size=20))
    me = Creature("m", "pc", (0, 0), size=SIZE_OF_SIDE[side])
    expected = [navigation.walk_gap(board, goal, footprint_at(me, a)) for a in anchors]
    assert navigation.walk_gaps(board, goal, side, anchors) == expected


@dataclasses.dataclass(frozen=True, slots=True)
class _Checked:
    a: int
    b: int = 0
    twice: int = dataclasses.field(default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "twice", 2 * self.a)


@dataclasses.dataclass(frozen=True, slots=True)
class _OwnInit:
    a: int
    b: int

    def __init__(self, a: int, b: int) -> None:
        object.__setattr__(self, "a", a + 100)
        object.__setattr__(self, "b", b)


@dataclasses.dataclass(frozen=True)
class _NoSlots:
    a: int
    b: int


def test_replaced_copies_plain_records_positionally_and_runs_any_other_init():
    creature = pf1_unit("m", "pc", (1, 2), name="Kyra", speed=9, hp=12, max_hp=12, bonuses=(("", 3.0),))
    copy = replaced(creature, at=(3, 4), hp=5, space=(1, 1), mode="fly")
    assert copy == dataclasses.replace(creature, at=(3, 4), hp=5, space=(1, 1), mode="fly")
    assert type(copy) is Creature and hash(copy) == hash(dataclasses.replace(copy))
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.hp = 1  # type: ignore[misc]
    for record in (creature, TurnState(diag=3), Ruling(cost=2)):
        assert replaced(record) == record
        assert _layout(type(record)) is not None  # these are rebuilt positionally
    # a __post_init__ or a class's own __init__ must still run: those are rebuilt through __init__
    assert replaced(_Checked(1, 2), a=5) == dataclasses.replace(_Checked(1, 2), a=5) == _Checked(5, 2)
    assert replaced(_Checked(1, 2), a=5).twice == 10
    assert replaced(_OwnInit(1, 2), b=3) == dataclasses.replace(_OwnInit(1, 2), b=3)
    assert replaced(_NoSlots(1, 2), b=3) == _NoSlots(1, 3)
    for cls in (_Checked, _OwnInit, _NoSlots):
        assert _layout(cls) is not None


def plain_best_row(scored, entry, measure):
    """best_destination of every scored row's entry made, as the chooser did before."""
    return best_destination([(s[0], entry(s[3])) for s in scored], measure)


def plain_walk_gaps(board, goal, side, anchors):
    """walk_gap of each footprint, one by one."""
    me = Creature(
        "m",
        "pc",
        (0, 0),
        size={1: Size.MEDIUM, 2: Size.LARGE, 3: Size.HUGE, 4: Size.GARGANTUAN, 6: Size.COLOSSAL}[side],
    )
    return [navigation.walk_gap(board, goal, footprint_at(me, a)) for a in anchors]


def _play(level, seeds: range) -> list[dict]:
    reach_cache.clear()
    clear_forecasts()
    return [play_game(level, seed, max_rounds=12, index=seed).to_json() for seed in seeds]


@pytest.mark.parametrize("path", PF1_LEVELS, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_the_row_wise_scoring_plays_the_same_games_as_scoring_every_entry(path, monkeypatch):
    level = load_level(path)
    seeds = range(3)
    fast = _play(level, seeds)
    with monkeypatch.context() as m:
        m.setattr(pf1_ai, "best_row", plain_best_row)
        m.setattr(pf1_ai, "walk_gaps", plain_walk_gaps)
        m.setattr("rules.core._layout", lambda cls: None)  # every copy by dataclasses.replace
        plain = _play(level, seeds)
    assert fast == plain
    assert any(game["script"] for game in fast)
