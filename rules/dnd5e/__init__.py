"""The dnd5e ruleset (RULES.md §2): every amount is integer centimetres, one square is 150 cm."""

from __future__ import annotations

from .actions import attack_modifiers, available, fall, must_fall, rule, save_modifier
from .movement import measure
from .reachable import reachable
from .space import reach_squares, size_order, threatening
from .turn import (
    TurnState,
    current_turn,
    movement_modes,
    movement_summary,
    new_turn,
    remaining_cm,
    speeds_cm,
    stand_cost_cm,
)

NAME = "dnd5e"
UNIT_CM = 1
BANDS = ("move", "dash")

__all__ = [
    "BANDS",
    "NAME",
    "UNIT_CM",
    "TurnState",
    "attack_modifiers",
    "available",
    "current_turn",
    "fall",
    "measure",
    "movement_modes",
    "movement_summary",
    "must_fall",
    "new_turn",
    "reach_squares",
    "reachable",
    "remaining_cm",
    "rule",
    "save_modifier",
    "size_order",
    "speeds_cm",
    "stand_cost_cm",
    "threatening",
]
