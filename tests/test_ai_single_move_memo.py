"""The AI keeps one decision's single-move search with the decision (game/ai/pf1.py `_single_move`)."""

from __future__ import annotations

import random

import rules.pf1 as pf1
from game.ai.context import Ctx, with_turn
from game.ai.pf1 import _single_move
from game.battle import reach_cache
from rules.board import board_from_rows
from rules.core import Creature, Situation, replaced
from rules.reaches import of_band

BOARD = board_from_rows([".,....#...", "...,......", "..#...,...", ".........."])


def _sit(at=(0, 0)) -> Situation:
    sit = Situation("pf1", BOARD, {"m": Creature("m", "pc", at, speed=9), "o": Creature("o", "foe", (9, 3))})
    return with_turn(sit, "m", pf1.new_turn(sit, "m"))


def _rows(reach):
    return [(r.at, r.cost, r.band, r.path) for r in reach]


def test_a_decision_searches_its_single_move_once_and_answers_as_a_fresh_search():
    reach_cache.clear()
    sit = _sit()
    ctx = Ctx(sit, pf1, "m", random.Random(0))  # type: ignore[arg-type]
    hypothetical, first = _single_move(ctx)
    again_sit, again = _single_move(ctx)
    assert again is first and again_sit is hypothetical  # kept with the decision
    ts = replaced(sit.turns["m"], move_actions=sit.turns["m"].move_actions + 1)
    fresh = pf1.reachable(with_turn(sit, "m", ts), "m")
    assert _rows(first) == _rows(fresh)
    reach_cache.clear()


def test_a_whole_reach_searched_meanwhile_is_used_as_before_and_another_decision_searches_again():
    reach_cache.clear()
    sit = _sit()
    ctx = Ctx(sit, pf1, "m", random.Random(0))  # type: ignore[arg-type]
    _, first = _single_move(ctx)
    full = reach_cache.reachable(pf1, sit, "m")  # type: ignore[arg-type]  # a run searched the whole reach
    _, taken = _single_move(ctx)
    assert _rows(taken) == _rows(of_band(full, "move"))  # as the chooser did without the kept search
    moved = _sit(at=(1, 1))  # a changed situation: a new decision, a new search
    _, other = _single_move(Ctx(moved, pf1, "m", random.Random(0)))  # type: ignore[arg-type]
    assert other is not first and _rows(other) == _rows(
        pf1.reachable(
            with_turn(moved, "m", replaced(moved.turns["m"], move_actions=moved.turns["m"].move_actions + 1)), "m"
        )
    )
    reach_cache.clear()
