"""The Pathfinder 1e ruleset (RULES.md section 1): the ruleset contract of rules/ruleset.py."""

from __future__ import annotations

from rules.pf1.actions import available, escaping_now, in_reach, no_cover_from_ally, rule, squeezed_now
from rules.pf1.movement import closest, involuntary_stop, measure, reachable, threatened_by
from rules.pf1.space import share_fits
from rules.pf1.speed import effective_speed, run_multiplier
from rules.pf1.turn import TurnState, current_turn, movement_modes, movement_summary, new_turn

NAME = "pf1"
UNIT_CM = 150
"""Costs are whole squares (PF1-SQUARE)."""
BANDS = ("move", "double_move", "run")

__all__ = [
    "BANDS",
    "NAME",
    "UNIT_CM",
    "TurnState",
    "available",
    "closest",
    "current_turn",
    "effective_speed",
    "escaping_now",
    "in_reach",
    "involuntary_stop",
    "measure",
    "movement_modes",
    "movement_summary",
    "new_turn",
    "no_cover_from_ally",
    "reachable",
    "rule",
    "run_multiplier",
    "share_fits",
    "squeezed_now",
    "threatened_by",
]
