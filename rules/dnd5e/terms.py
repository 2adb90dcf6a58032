"""dnd5e's answers to the contract's plain questions: level sizes, unit keys, `[rules]` options, start checks,
distance, what 0 hp does and where a mover brought down stops."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rules.core import Creature, Effect, Options, Size, Square
from rules.dnd5e.traits import DND5E_KEYS
from rules.geometry import chebyshev, pf1_distance
from rules.placement import StartProblem, overlaps
from rules.ruleset import Tape
from rules.unit_keys import COMBAT_KEYS, MOVER_KEYS

SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
DIAGONALS = ("alternating", "uniform")
"""Every diagonal counts one square (D5-GRID-DIAG), or the alternating variant (D5-GRID-DIAG-VARIANT)."""
DEFAULT_DIAGONAL = "uniform"
LEVEL_OPTIONS: Mapping[str, tuple[type, tuple[str, ...] | None]] = MappingProxyType({})
"""`[rules]` keys besides `diagonal` → (type, allowed values or None); they land in Options.extra."""

UNIT_KEYS = COMBAT_KEYS + MOVER_KEYS + DND5E_KEYS
"""The unit keys a dnd5e level accepts (docs/levels.md): the shared ones and the fields of dnd5e's traits record
(rules/dnd5e/traits.py, none yet)."""
KEY_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType({})
ALWAYS_SAVED: tuple[str, ...] = ()
"""Unit keys written when saving even at their default value."""
TACTICS: tuple[str, ...] = ()
"""No attack tactics to choose from."""

DEFAULT_SPEED_M = 9.0
"""A dnd5e unit without `speed` walks 9 m (the common Medium speed)."""
TINY_PER_SQUARE = 4
"""D5-GRID-FOOTPRINT: up to four Tiny creatures share one square."""


def complete_unit(fields: dict[str, Any]) -> dict[str, Any]:
    """The unit's fields with what dnd5e implies filled in: a unit without `speed` walks 9 m."""
    if fields.get("speed") is None:
        fields["speed"] = DEFAULT_SPEED_M
    return fields


def unit_problems(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, catalogue message) for each unit key dnd5e refuses (none beyond the key checks)."""
    return []


def may_share(a: Creature, b: Creature) -> bool:
    """Whether two start footprints may overlap: both Tiny (D5-GRID-FOOTPRINT)."""
    return a.size == Size.TINY and b.size == Size.TINY


def start_problems(units: Sequence[Creature]) -> list[StartProblem]:
    """Overlapping start footprints (only Tiny may share, up to four a square, D5-GRID-FOOTPRINT)."""
    return overlaps(units, may_share, TINY_PER_SQUARE, share_rule="level_error.share_dnd5e")


def distance(options: Options, a: Square, b: Square) -> Tape:
    """Distance in squares: each diagonal 1 (D5-GRID-DIAG), or 1-2-1-2 with the variant (D5-GRID-DIAG-VARIANT)."""
    if options.diagonal == "alternating":
        return Tape(pf1_distance(a, b), "D5-GRID-DIAG-VARIANT")
    return Tape(chebyshev(a, b), "D5-GRID-DIAG")


STOP_RULE = "D5-NO-END-IN-SPACE"
"""Why a mover brought down by an opportunity attack stays on its last legal square."""


def down_effects(target: Creature) -> list[Effect]:
    """What 0 hp does: unconscious (helpless) and prone, out of the fight (GB-DOWN)."""
    return [
        Effect("set", target.id, "helpless", True),
        Effect("set", target.id, "prone", True),
        Effect("set", target.id, "defeated", True),
    ]
