"""The AI's forecast of a move and the ruling on that move share one judgement of the path, and only exactly.

rules/pf1/judged.py keeps a path's judgement per situation object: the move the AI forecast
(pf1.forecast_move) is judged once, not again by `Match.perform`. These tests pin that the
shared judgement is the one a fresh judgement gives, that a changed situation (or an equal
but distinct one) is judged afresh, that a path whose squares are not plain ints is never
kept, that undo replays the same rulings, and that the forecast in the real situation
chooses exactly what the measure in the hypothetical one-move-left situation chose.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import game.ai.pf1 as pf1_ai
import rules.pf1 as pf1
from game import caches
from game.ai import ai_rng, take_turn
from game.ai.context import Ctx
from game.ai.planner import candidates
from game.lab.simulate import play_game
from game.levels.level import load_level
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Effect, Illegal, Ruling, Situation
from rules.pf1 import judged
from tests.test_ai import duel

LEVELS = Path(__file__).resolve().parent.parent / "levels"
PF1_LEVELS = [LEVELS / "arena_4v4.toml", *sorted(LEVELS.glob("pf1_*.toml")), LEVELS / "tutorials" / "pf1.toml"]
PATH = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))


def _sit(foe_at) -> Situation:
    board = board_from_rows(["." * 8] * 4)
    creatures = {"m": Creature("m", "pc", (0, 1), speed=9), "o": Creature("o", "foe", foe_at)}
    return Situation("pf1", board, creatures)


def _provokes(result: Ruling | Illegal) -> list[str]:
    return [e.by for e in result.events if e.kind == "provokes"]


def test_a_kept_judgement_is_the_fresh_one_and_a_changed_situation_is_judged_again(judgements):
    # PF1-MOVE-ACTION, GB-PF-AOO: leaving the foe's threatened squares provokes it
    sit = _sit((3, 0))
    first = pf1.forecast_move(sit, "m", PATH)
    assert isinstance(first, Ruling) and _provokes(first) == ["o"]
    assert pf1.forecast_move(sit, "m", PATH) is first  # the same situation object: kept
    assert len(judgements) == 1
    # the foe stands elsewhere: another situation, judged afresh, and the answer changes
    moved = _sit((7, 3))
    after = pf1.forecast_move(moved, "m", PATH)
    assert len(judgements) == 2 and judgements[-1][0] is moved
    assert isinstance(after, Ruling) and _provokes(after) == []
    # an equal but distinct situation is another key too: nothing is shared on equal contents
    twin = Situation(sit.ruleset, sit.board, dict(sit.creatures), dict(sit.turns), options=sit.options)
    assert pf1.forecast_move(twin, "m", PATH) == first
    assert len(judgements) == 3 and judgements[-1][0] is twin
    sit.memo.clear()
    assert pf1.forecast_move(sit, "m", PATH) == first  # what was kept is what a fresh judgement gives


def test_the_forecast_is_what_the_move_action_judges_and_the_rule_takes_it(judgements):
    sit = _sit((3, 0))
    forecast = pf1.forecast_move(sit, "m", PATH)
    result = pf1.rule(sit, Action("move", "m", PATH), random.Random(4))
    assert len(judgements) == 1  # the ruling on the move judged nothing again
    assert isinstance(result, Ruling) and result.steps == forecast.steps and result.cost == forecast.cost
    sit.memo.clear()
    assert pf1.rule(sit, Action("move", "m", PATH), random.Random(4)) == result  # a fresh ruling, the same
    # the forecast is the measure of the path with one move action left (what the AI measured before)
    one_left = Situation(sit.ruleset, sit.board, sit.creatures, {"m": pf1.TurnState(move_actions=1)}, sit.bindings)
    assert pf1.measure(one_left, "m", PATH) == forecast


class Coord(int):
    """An int of another type."""


def test_a_path_of_other_than_plain_ints_is_judged_every_time(judgements):
    sit = _sit((3, 0))
    # an int subclass (a numpy integer, say) equals the plain int as a key but is another value
    odd = tuple((Coord(x), Coord(y)) for x, y in PATH)
    for _ in range(2):
        assert pf1.forecast_move(sit, "m", odd) == pf1.forecast_move(_sit((3, 0)), "m", PATH)
    assert len(judgements) == 4  # twice the odd path, twice the plain one in a new situation each time
    assert not judged.exact(((1, True),)) and not judged.exact([(1, 2)]) and judged.exact(((1, 2), (3, 4, 1, 2)))


def test_perform_reuses_the_ai_forecast_only_in_the_situation_it_was_made_in(judgements):
    match = duel("pf1", 0, 5)
    try:
        sit = match.situation()
        [action, *_] = candidates(match, sit, "a1", ai_rng(5))
        assert action.kind == "move"
        assert any(s is sit and p == action.path for s, p in judgements)  # the AI forecast its move here
        made = len(judgements)
        result = match.perform(action)
        assert isinstance(result, Ruling) and len(judgements) == made  # perform judged nothing again
    finally:
        match.close()
    # the same forecast, then the state changes before the move is performed: judged again
    match = duel("pf1", 0, 5)
    try:
        sit = match.situation()
        [action, *_] = candidates(match, sit, "a1", ai_rng(5))
        match.apply((Effect("set", "b1", "hp", 29),))  # any change: the match reads a new situation
        changed = match.situation()
        assert changed is not sit
        made = len(judgements)
        result = match.perform(action)
        assert len(judgements) == made + 1 and judgements[-1] == (changed, action.path)
        assert isinstance(result, Ruling)
    finally:
        match.close()


def test_undo_replays_the_same_rulings_with_nothing_kept(judgements):
    match = duel("pf1", 0, 5)
    try:
        rng = ai_rng(5)
        for _ in range(3):
            take_turn(match, rng)  # each turn ends with an end of turn, which rolls nothing
        assert any(r.action.kind == "move" for r in match.history)
        played = [(r.action, r.result) for r in match.history]
        texts = [e.text for e in match.log]
        caches.clear_all()
        assert match.undo()  # the end of turn rolled nothing: the state before it is put back
        assert [(r.action, r.result) for r in match.history] == played[:-1]
        assert [e.text for e in match.log] == texts[: len(match.log)]
    finally:
        match.close()


def _measure_as_before(ctx: Ctx):
    """The AI's measure before forecasts: the path measured in the hypothetical situation with one move left."""
    hypothetical, _ = pf1_ai._single_move(ctx)
    return lambda r: ctx.measure(hypothetical, r.path)


@pytest.mark.parametrize("path", PF1_LEVELS, ids=lambda p: p.stem)
def test_the_forecast_chooses_what_the_measure_in_the_hypothetical_situation_chose(path, monkeypatch):
    level = load_level(path)
    fast = [play_game(level, seed, max_rounds=12, index=seed).to_json() for seed in range(2)]
    with monkeypatch.context() as m:
        m.setattr(pf1_ai, "_forecast_move", _measure_as_before)
        m.setattr(judged, "kept", lambda sit, question, make: make())
        plain = [play_game(level, seed, max_rounds=12, index=seed).to_json() for seed in range(2)]
    assert fast == plain
    assert any(action["action"] == "move" for game in fast for action in game["script"])
