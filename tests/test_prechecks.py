"""Availability derived from the rules: the action bar and rule() refuse for the same reason."""

from __future__ import annotations

import random

from rules import pf1
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Situation


def test_a_pf1_unit_with_speed_0_is_refused_a_minimum_move_for_the_same_rule_by_the_bar_and_rule() -> None:
    """PF1-MIN-MOVE: a creature that cannot move has no minimum move; the bar must not cite another id."""
    stuck = Creature("s", "a", (1, 1), speed=0.0)
    sit = Situation("pf1", board_from_rows(["...."] * 3), {"s": stuck})
    bar = pf1.available(sit, "s")["minimum_move"]
    ruled = pf1.rule(sit, Action("minimum_move", "s", path=((2, 1),)), random.Random(0))
    assert isinstance(bar, Illegal) and isinstance(ruled, Illegal)
    assert bar.rule == ruled.rule == "PF1-MIN-MOVE"


def test_a_prone_pf1_unit_is_refused_a_minimum_move_for_the_same_rule_by_the_bar_and_rule() -> None:
    prone = Creature("p", "a", (1, 1), speed=9.0, prone=True)
    sit = Situation("pf1", board_from_rows(["...."] * 3), {"p": prone})
    bar = pf1.available(sit, "p")["minimum_move"]
    ruled = pf1.rule(sit, Action("minimum_move", "p", path=((2, 1),)), random.Random(0))
    assert isinstance(bar, Illegal) and isinstance(ruled, Illegal) and bar.rule == ruled.rule
