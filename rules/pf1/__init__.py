"""The Pathfinder 1e ruleset (RULES.md section 1): the ruleset contract of rules/ruleset.py."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.actions import Action
from rules.core import Illegal, Ruling, Situation, Square
from rules.doors import door_cited
from rules.opportunity import resolve_opportunity_attacks
from rules.pf1.actions import available, precheck
from rules.pf1.actions import rule as _rule_alone
from rules.pf1.attacks import escaping_now, in_reach, no_cover_from_ally, squeezed_now
from rules.pf1.movement import closest, involuntary_stop, reachable, threatened_by
from rules.pf1.movement import measure as _measure_alone
from rules.pf1.movement_actions import judge_move
from rules.pf1.space import share_fits
from rules.pf1.speed import effective_speed, run_multiplier
from rules.pf1.terms import (
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
from rules.pf1.turn import TurnState, current_turn, movement_left_after, movement_modes, movement_summary, new_turn

NAME = "pf1"
UNIT_CM = 150
"""Costs are whole squares (PF1-SQUARE)."""
BANDS = ("move", "double_move", "run")

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
    "UNIT_CM",
    "UNIT_KEYS",
    "TurnState",
    "available",
    "closest",
    "complete_unit",
    "current_turn",
    "distance",
    "down_effects",
    "effective_speed",
    "escaping_now",
    "forecast_move",
    "in_reach",
    "involuntary_stop",
    "measure",
    "movement_left_after",
    "movement_modes",
    "movement_summary",
    "new_turn",
    "no_cover_from_ally",
    "precheck",
    "reachable",
    "rule",
    "run_multiplier",
    "share_fits",
    "squeezed_now",
    "start_problems",
    "threatened_by",
    "unit_problems",
]


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one action: the whole ruling, the attacks of opportunity it provokes included (GB-AOO)."""
    result = door_cited(sit, action.unit, action.path, _rule_alone(sit, action, rng), DOOR_RULE, DOOR_OBSTACLES)
    if isinstance(result, Ruling) and action.unit is not None:
        return resolve_opportunity_attacks(sit, action.unit, result, rng, STOP_RULE)
    return result


DOOR_RULE = "GB-PF-DOOR"
"""The rule a refusal at a closed door on an edge cites (rules/doors.py)."""
DOOR_OBSTACLES = frozenset(("PF1-OBSTACLE-BLOCK", "PF1-CORNER"))
"""The movement refusals that, at a closed edge door, are the door's doing."""


def forecast_move(sit: Situation, unit: str, path: Sequence[Square]) -> Ruling | Illegal:
    """A move action along `path` as `rule` judges it before any die is rolled: legal or not, its cost and the
    attacks of opportunity it provokes. The AI forecasts the move it takes with it; in the same situation
    object `rule` then reuses that judgement instead of judging the path again (rules/pf1/judged.py)."""
    return door_cited(sit, unit, path, judge_move(sit, unit, path), DOOR_RULE, DOOR_OBSTACLES)


def measure(sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
    """The path as one movement now (the movement search), a closed edge door in the way cited as a door."""
    return door_cited(sit, unit, path, _measure_alone(sit, unit, path, mode), DOOR_RULE, DOOR_OBSTACLES)
