"""The Pathfinder 1e ruleset (docs/rules-pf1.md): the ruleset contract of rules/ruleset.py.

The level, the units and a fresh turn need only the terms and the turn (imported here); the
ruling modules (actions, attacks, movement, attacks of opportunity, doors) are imported at the
first use of one of their names (`_LATE`, PEP 562): a start draws its first battle frame without
them. Every name is the same object as when it was imported eagerly.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from rules.pf1.space import share_fits
from rules.pf1.speed import effective_speed, run_multiplier
from rules.pf1.terms import (
    ALWAYS_SAVED,
    DEFAULT_DIAGONAL,
    DIAGONALS,
    KEY_CHOICES,
    LEVEL_OPTIONS,
    SIZES,
    TACTICS,
    UNIT_KEYS,
    complete_unit,
    distance,
    down_effects,
    start_problems,
    unit_problems,
)
from rules.pf1.terms import (
    STOP_RULE as STOP_RULE,
)
from rules.pf1.traits import TRAITS, traits
from rules.pf1.turn import TurnState, current_turn, movement_left_after, movement_modes, movement_summary, new_turn

if TYPE_CHECKING:  # the names _LATE gives, for type checkers
    from rules.pf1.actions import available, precheck
    from rules.pf1.attacks import escaping_now, in_reach, no_cover_from_ally, squeezed_now
    from rules.pf1.charge import charge_ends
    from rules.pf1.movement import closest, involuntary_stop, reachable, threatened_by
    from rules.pf1.ruling import DOOR_OBSTACLES as DOOR_OBSTACLES
    from rules.pf1.ruling import DOOR_RULE as DOOR_RULE
    from rules.pf1.ruling import forecast_move, measure, rule

_LATE = {
    "available": "rules.pf1.actions",
    "precheck": "rules.pf1.actions",
    "escaping_now": "rules.pf1.attacks",
    "in_reach": "rules.pf1.attacks",
    "no_cover_from_ally": "rules.pf1.attacks",
    "squeezed_now": "rules.pf1.attacks",
    "charge_ends": "rules.pf1.charge",
    "closest": "rules.pf1.movement",
    "involuntary_stop": "rules.pf1.movement",
    "reachable": "rules.pf1.movement",
    "threatened_by": "rules.pf1.movement",
    "rule": "rules.pf1.ruling",
    "forecast_move": "rules.pf1.ruling",
    "measure": "rules.pf1.ruling",
    "DOOR_RULE": "rules.pf1.ruling",
    "DOOR_OBSTACLES": "rules.pf1.ruling",
}
"""Names of the ruling modules → the module that defines them, imported at the first use of one."""


def __getattr__(name: str) -> Any:
    """A ruling name, its module imported now; kept as a global, so this runs once per name."""
    module = _LATE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


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
    "TRAITS",
    "UNIT_CM",
    "UNIT_KEYS",
    "TurnState",
    "available",
    "charge_ends",
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
    "traits",
    "unit_problems",
]
