"""The shared reach cache is bounded by entries and by the squares its answers hold (game/battle/reach_cache.py)."""

from __future__ import annotations

import dataclasses

from game.battle import reach_cache
from rules.board import board_from_rows
from rules.core import Creature, Options, Situation
from rules.ruleset import Reach


class _Sized:
    """A ruleset whose answer for a creature at (x, 0) holds x + 1 squares."""

    def __init__(self) -> None:
        self.calls = 0

    def reachable(self, sit, unit, mode=None):
        self.calls += 1
        x = sit.creatures[unit].at[0]
        return [Reach((i, 1), i, "move", ((i, 1),)) for i in range(x + 1)]


OPTIONS = Options()


def _sit(board, x: int, hp: int = 10) -> Situation:
    return Situation("pf1", board, {"m": Creature("m", "pc", (x, 0), hp=hp, max_hp=10)}, options=OPTIONS)


def test_answers_are_dropped_oldest_first_once_their_squares_pass_the_bound(monkeypatch):
    reach_cache.clear()
    monkeypatch.setattr(reach_cache, "SQUARES_KEPT", 10)
    ruleset = _Sized()
    board = board_from_rows(["." * 12])
    first, second, third = _sit(board, 3), _sit(board, 4), _sit(board, 2)  # 4, 5 and 3 squares
    for sit in (first, second):
        reach_cache.reachable(ruleset, sit, "m")  # type: ignore[arg-type]
    assert reach_cache.cached(first, "m") is not None and reach_cache.cached(second, "m") is not None
    reach_cache.reachable(ruleset, third, "m")  # type: ignore[arg-type]  # 4 + 5 + 3 > 10: the oldest goes
    assert reach_cache.cached(first, "m") is None
    assert reach_cache.cached(second, "m") is not None and reach_cache.cached(third, "m") is not None
    assert reach_cache._SIZE[0] == 8
    big = _sit(board, 11)  # 12 squares, more than the bound alone: kept, every other answer dropped
    assert len(reach_cache.reachable(ruleset, big, "m")) == 12  # type: ignore[arg-type]
    assert reach_cache.cached(second, "m") is None and reach_cache.cached(big, "m") is not None
    assert reach_cache._SIZE[0] == 12
    reach_cache.clear()
    assert reach_cache._SIZE[0] == 0 and reach_cache.cached(big, "m") is None


def test_a_changed_situation_is_searched_again_never_answered_from_the_cache():
    reach_cache.clear()
    ruleset = _Sized()
    board = board_from_rows(["." * 12])
    sit = _sit(board, 3)
    first = reach_cache.reachable(ruleset, sit, "m")  # type: ignore[arg-type]
    assert reach_cache.reachable(ruleset, _sit(board, 3), "m") is first  # type: ignore[arg-type]  # equal state
    for changed in (
        _sit(board, 4),
        _sit(board, 3, hp=9),
        dataclasses.replace(sit, round=2),
        dataclasses.replace(sit, turns={"m": 1}),
        Situation("pf1", board_from_rows(["." * 12]), dict(sit.creatures), options=OPTIONS),  # another board object
        Situation("pf1", board, dict(sit.creatures), options=Options()),  # another options object
    ):
        calls = ruleset.calls
        assert reach_cache.reachable(ruleset, changed, "m") is not first  # type: ignore[arg-type]
        assert ruleset.calls == calls + 1
    assert ruleset.calls == 7
    reach_cache.clear()
