"""A forecast remembered by state carries its path judgements to an equal-state situation (game/ai/context.py
`remember` with `Carrying`, rules/pf1/judged.py `made_for` and `adopt`), and only there."""

from __future__ import annotations

import random

import rules.pf1 as pf1
from game import caches
from game.ai.context import Carrying, remember
from game.ai.pf1 import JUDGEMENTS
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Options, Ruling, Situation
from rules.pf1 import judged

PATH = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))
BOARD = board_from_rows(["." * 8] * 4)
OPTIONS = Options()


def _sit(foe_at=(3, 0), hp: int = 10) -> Situation:
    creatures = {"m": Creature("m", "pc", (0, 1), speed=9), "o": Creature("o", "foe", foe_at, hp=hp, max_hp=10)}
    return Situation("pf1", BOARD, creatures, options=OPTIONS)


def _forecast(sit: Situation):
    ask = Carrying(lambda: pf1.forecast_move(sit, "m", PATH), JUDGEMENTS)
    return remember(sit, ("move", "m", PATH), ask)


def test_the_move_performed_in_an_equal_state_takes_the_carried_judgement_and_it_is_the_fresh_one(judgements):
    first = _forecast(_sit())
    assert isinstance(first, Ruling) and len(judgements) == 1
    twin = _sit()  # another game reaches the same state: another situation object
    assert _forecast(twin) is first and len(judgements) == 1  # remembered, and its judgement carried
    performed = pf1.rule(twin, Action("move", "m", PATH), random.Random(4))
    assert len(judgements) == 1  # the ruling in the twin judged nothing again
    caches.clear_all()
    fresh = pf1.rule(_sit(), Action("move", "m", PATH), random.Random(4))
    assert len(judgements) == 2 and fresh == performed  # what was carried is what a fresh judgement gives


def test_a_changed_state_gets_nothing_carried_and_is_judged_afresh(judgements):
    _forecast(_sit())
    for changed in (_sit(foe_at=(7, 3)), _sit(hp=9), Situation("pf1", BOARD, dict(_sit().creatures))):
        made = len(judgements)
        _forecast(changed)
        assert len(judgements) == made + 1 and judgements[-1][0] is changed
        assert pf1.rule(changed, Action("move", "m", PATH), random.Random(4)).ok
        assert len(judgements) == made + 1  # its own forecast's judgement, kept for it


def test_made_for_and_adopt_keep_a_situations_own_judgement(judgements):
    sit = _sit()
    own = pf1.forecast_move(sit, "m", PATH)
    kept = judged.made_for(sit)
    assert len(kept) == 1 and len(judgements) == 1
    assert judged.made_for(_sit()) == ()  # an equal but distinct object has nothing kept by itself
    other = _sit(foe_at=(7, 3))
    pf1.forecast_move(other, "m", PATH)
    judged.adopt(other, kept)  # a question the situation has already answered keeps its own answer
    assert judged.made_for(other)[0][1] is not kept[0][1]
    assert pf1.forecast_move(sit, "m", PATH) is own
