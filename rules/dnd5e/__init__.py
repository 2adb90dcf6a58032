"""The dnd5e ruleset (docs/rules-dnd5e.md): every amount is integer centimetres, one square is 150 cm."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.actions import Action
from rules.core import Illegal, Ruling, Situation, Square
from rules.doors import door_cited
from rules.opportunity import resolve_opportunity_attacks

from .actions import attack_modifiers, available, fall, must_fall, precheck, save_modifier
from .actions import rule as _rule_alone
from .movement import measure as _measure_alone
from .reachable import reachable
from .space import reach_squares, size_order, threatening
from .terms import (
    ALWAYS_SAVED,
    DEFAULT_DIAGONAL,
    DIAGONALS,
    KEY_CHOICES,
    LEVEL_OPTIONS,
    SIZES,
    STOP_RULE,
    TACTICS,
    UNIT_KEYS,
    complete_unit,
    distance,
    down_effects,
    start_problems,
    unit_problems,
)
from .traits import TRAITS
from .turn import (
    TurnState,
    current_turn,
    movement_left_after,
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
    "ALWAYS_SAVED",
    "BANDS",
    "DEFAULT_DIAGONAL",
    "DIAGONALS",
    "KEY_CHOICES",
    "LEVEL_OPTIONS",
    "NAME",
    "SIZES",
    "TACTICS",
    "TRAITS",
    "UNIT_CM",
    "UNIT_KEYS",
    "TurnState",
    "attack_modifiers",
    "available",
    "complete_unit",
    "current_turn",
    "distance",
    "down_effects",
    "fall",
    "measure",
    "movement_left_after",
    "movement_modes",
    "movement_summary",
    "must_fall",
    "new_turn",
    "precheck",
    "reach_squares",
    "reachable",
    "remaining_cm",
    "rule",
    "save_modifier",
    "size_order",
    "speeds_cm",
    "stand_cost_cm",
    "start_problems",
    "threatening",
    "unit_problems",
]


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one action: the whole ruling, the attacks of opportunity it provokes included (GB-AOO)."""
    result = door_cited(sit, action.unit, action.path, _rule_alone(sit, action, rng), DOOR_RULE, DOOR_OBSTACLES)
    if isinstance(result, Ruling) and action.unit is not None:
        return resolve_opportunity_attacks(sit, action.unit, result, rng, STOP_RULE)
    return result


DOOR_RULE = "GB-5E-DOOR"
"""The rule a refusal at a closed door on an edge cites (rules/doors.py)."""
DOOR_OBSTACLES = frozenset(("D5-GRID-OBSTACLES", "D5-GRID-CORNER"))
"""The movement refusals that, at a closed edge door, are the door's doing."""


def measure(sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
    """The path as one movement now (the movement search), a closed edge door in the way cited as a door."""
    return door_cited(sit, unit, path, _measure_alone(sit, unit, path, mode), DOOR_RULE, DOOR_OBSTACLES)
