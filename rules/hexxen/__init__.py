"""HeXXen 1733 movement: no distances, only a graph of bindings between hunters and NPCs.

Public names follow the ruleset contract of rules/ruleset.py; docs/rules-hexxen.md explains
the binding system and the house rules (ids GB-HEXXEN-…).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Illegal, Ruling, Situation, Square
from rules.hexxen.actions import UNIT_CM, available, no_distances, precheck, rule
from rules.hexxen.binding import bound_to, is_bound
from rules.hexxen.participants import in_fight, opposed
from rules.hexxen.placement import setup_problems
from rules.hexxen.tactics import CHOSEN_TACTICS, SNEAK, can_attack, plan_attack, release_choices, tactic_choices
from rules.hexxen.terms import (
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
from rules.hexxen.traits import TRAITS, traits
from rules.hexxen.turn import TurnState, current_turn, movement_left_after, movement_modes, movement_summary, new_turn
from rules.reaches import Reach, Reaches

NAME = "hexxen"
BANDS = ("engage",)

__all__ = [
    "ALWAYS_SAVED",
    "BANDS",
    "CHOSEN_TACTICS",
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
    "bound_to",
    "can_attack",
    "complete_unit",
    "current_turn",
    "distance",
    "down_effects",
    "is_bound",
    "measure",
    "movement_left_after",
    "movement_modes",
    "movement_summary",
    "new_turn",
    "precheck",
    "reachable",
    "release_choices",
    "rule",
    "setup_problems",
    "start_problems",
    "tactic_choices",
    "traits",
    "unit_problems",
]


def measure(sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
    """Always refused: hexxen measures nothing, a token only moves by engaging (HX-ABSTRACT, HX-GRID-MAP)."""
    return no_distances("measure")


def reachable(sit: Situation, unit: str, mode: str | None = None) -> Reaches:
    """The enemies `unit` can engage now at 0 AP, one Reach each at the enemy's cell (HX-ENGAGE); no modes."""
    if not in_fight(sit, unit) or is_bound(sit, unit):
        return Reaches.of(())
    me = sit.creature(unit)
    found = []
    for uid, foe in sorted(sit.creatures.items()):
        if not in_fight(sit, uid) or not opposed(me, foe):
            continue
        engage = plan_attack(sit, unit, uid, must_be_free=True)
        if isinstance(engage, Illegal) and isinstance(plan_attack(sit, unit, uid, SNEAK), Illegal):
            continue
        found.append(Reach(at=foe.at, cost=0, band="engage", target=uid))
    return Reaches.of(found)
