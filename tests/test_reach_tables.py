"""The fast reach machinery: per-board step tables, paths on demand and the shared reach cache.

The oracle is the plain search: answers worked out with tables kept from earlier queries
(other creatures, other movers on the same board) must equal answers worked out afresh.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from game.ai.context import Ctx
from game.ai.pf1 import _single_move
from game.battle import reach_cache
from rules.board import board_from_rows
from rules.core import Creature, Options, Situation, Size
from rules.memo import BOARDS_KEPT, Memo
from rules.ruleset import Reach

SYMBOLS = "....,,%#o:n"
FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _layout(rng: random.Random, board, mover: Creature, count: int) -> dict[str, Creature]:
    creatures = {mover.id: mover}
    taken = set(mover.footprint())
    for n in range(count):
        at = (rng.randrange(board.width), rng.randrange(board.height))
        other = Creature(
            f"c{n}",
            rng.choice(["pc", "foe"]),
            at,
            size=rng.choice([Size.TINY, Size.MEDIUM, Size.LARGE]),
            helpless=rng.random() < 0.3,
        )
        if taken & set(other.footprint()):
            continue
        taken |= set(other.footprint())
        creatures[other.id] = other
    return creatures


def _answers(sit: Situation) -> list[tuple]:
    return [(r.at, r.cost, r.band, r.path) for r in pf1.reachable(sit, "m")]


@FAST
@given(st.integers(0, 1 << 30), st.integers(4, 9), st.integers(4, 9))
def test_answers_with_tables_kept_from_other_queries_equal_fresh_answers(seed, w, h):
    # every step rule is in the tables (PF1-DIAG, PF1-CORNER, PF1-DIFFICULT, PF1-OBSTACLE-EDGE …);
    # the other creatures (PF1-ENEMY, PF1-ALLY, PF1-END-OCCUPIED …) are each query's own patch
    rng = random.Random(seed)
    rows = ["".join(rng.choice(SYMBOLS) for _ in range(w)) for _ in range(h)]
    spots = [(1, 1), (2, 3)][: rng.randrange(3)]
    edges = [((x, y), (x + 1, y), rng.choice(["hampering", "blocking"])) for x, y in spots]
    board = board_from_rows(rows, edges=edges)
    queries = []
    memo = Memo()  # the queries of one match share one memo (game/caches.py)
    for _ in range(4):
        mover = Creature(
            "m",
            "pc",
            (rng.randrange(w), rng.randrange(h)),
            size=rng.choice([Size.TINY, Size.MEDIUM, Size.MEDIUM]),
            speed=rng.choice([4.5, 9.0]),
            mode=rng.choice(["walk", "walk", "fly"]),
        )
        options = Options(diagonal=rng.choice(["alternating", "uniform"]))
        queries.append(
            Situation("pf1", board, _layout(rng, board, mover, rng.randrange(4)), options=options, memo=memo)
        )
    warm = [_answers(sit) for sit in queries]  # each query meets the tables the earlier ones filled
    for sit, answer in zip(queries, warm, strict=True):
        memo.clear()
        assert _answers(sit) == answer


def test_a_path_is_worked_out_once_when_first_read():
    calls = []

    def trace() -> tuple:
        calls.append(1)
        return ((1, 0), (2, 0))

    lazy = Reach((2, 0), 2, "move", trace=trace)
    assert calls == []
    assert lazy.path == ((1, 0), (2, 0)) and lazy.path == ((1, 0), (2, 0))
    assert calls == [1]
    assert lazy == Reach((2, 0), 2, "move", ((1, 0), (2, 0)))
    assert hash(lazy) == hash(Reach((2, 0), 2, "move", ((1, 0), (2, 0))))
    with pytest.raises(AttributeError):
        lazy.cost = 1  # type: ignore[misc]


def test_reach_paths_are_walked_by_measure_at_the_reported_cost():
    # PF1-MOVE-ACTION, PF1-DOUBLE-MOVE, PF1-RUN: a lazily built path is the path the search found
    board = board_from_rows(["....,....", "..#..,...", ".,...#...", "........."])
    sit = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0), speed=9), "o": Creature("o", "foe", (4, 1))})
    for r in pf1.reachable(sit, "m"):
        ruling = pf1.measure(sit, "m", r.path)
        assert ruling.ok and ruling.cost == r.cost and ruling.band == r.band


def test_board_tables_are_kept_per_board_for_the_newest_boards_only():
    memo = Memo()
    boards = [board_from_rows(["." * (n + 2)]) for n in range(BOARDS_KEPT + 1)]
    first = memo.per_board(boards[0], "k", list)
    assert memo.per_board(boards[0], "k", list) is first
    assert memo.per_board(boards[0], "other", list) is not first
    for board in boards[1:]:
        memo.per_board(board, "k", list)
    assert memo.per_board(boards[0], "k", list) is not first  # the oldest board was let go
    assert memo.sizes()["boards"] == BOARDS_KEPT


class _Counting:
    def __init__(self) -> None:
        self.calls = 0

    def reachable(self, sit, unit, mode=None):
        self.calls += 1
        return [Reach((1, 0), 1, "move", ((1, 0),))]


def test_the_reach_cache_searches_once_per_situation_unit_and_mode():
    reach_cache.clear()
    ruleset = _Counting()
    board = board_from_rows(["..."])
    sit = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0))})
    first = reach_cache.reachable(ruleset, sit, "m")  # type: ignore[arg-type]
    assert reach_cache.reachable(ruleset, sit, "m") is first  # type: ignore[arg-type]
    assert reach_cache.cached(sit, "m") is first
    assert ruleset.calls == 1
    reach_cache.reachable(ruleset, sit, "m", "fly")  # type: ignore[arg-type]
    same_state = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0))})
    reach_cache.reachable(ruleset, same_state, "m")  # type: ignore[arg-type]
    assert ruleset.calls == 3  # another mode, another situation: searched again
    for _ in range(reach_cache.LIMIT):
        reach_cache.reachable(ruleset, Situation("pf1", board, {"m": Creature("m", "pc", (0, 0))}), "m")  # type: ignore[arg-type]
    assert reach_cache.cached(sit, "m") is None  # only the newest entries are kept
    reach_cache.clear()
    assert reach_cache.cached(same_state, "m") is None


def test_the_ai_takes_its_single_move_from_the_double_move_search_when_it_was_made():
    # PF1-MOVE-ACTION, PF1-DOUBLE-MOVE: the first move action of a double move reaches the same
    # squares at the same costs as a search of one move action
    reach_cache.clear()
    board = board_from_rows([".,....#...", "...,......", "..#...,...", ".........."])
    sit = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0), speed=9), "o": Creature("o", "foe", (9, 3))})
    ctx = Ctx(sit, pf1, "m", random.Random(0))  # type: ignore[arg-type]
    hypothetical, searched = _single_move(ctx)
    reach_cache.reachable(pf1, sit, "m")  # type: ignore[arg-type]
    _, taken = _single_move(Ctx(sit, pf1, "m", random.Random(0)))  # type: ignore[arg-type]
    assert {(r.at, r.cost) for r in taken} == {(r.at, r.cost) for r in searched}
    for r in taken:
        ruling = pf1.measure(hypothetical, "m", r.path)
        assert ruling.ok and ruling.cost == r.cost and ruling.band == "move"
    reach_cache.clear()
