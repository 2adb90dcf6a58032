"""pf1's answers to the contract's plain questions: level sizes, unit keys, `[rules]` options, start checks,
distance, what 0 hp does and where a mover brought down stops."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rules.core import Creature, Effect, Options, Size, Square
from rules.geometry import chebyshev, pf1_distance
from rules.pf1.space import share_fits
from rules.pf1.traits import PF1_KEYS, traits
from rules.placement import StartProblem, overlaps
from rules.ruleset import Tape
from rules.unit_keys import COMBAT_KEYS, MOVER_KEYS

SIZES = ("fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")
DIAGONALS = ("alternating", "uniform")
DEFAULT_DIAGONAL = "alternating"
LEVEL_OPTIONS: Mapping[str, tuple[type, tuple[str, ...] | None]] = MappingProxyType({})
"""`[rules]` keys besides `diagonal` → (type, allowed values or None); they land in Options.extra."""

UNIT_KEYS = COMBAT_KEYS + MOVER_KEYS + PF1_KEYS
"""The unit keys a pf1 level accepts (docs/levels.md): the shared ones and the fields of pf1's traits record
(rules/pf1/traits.py)."""
KEY_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "race": ("human", "elf", "half-elf", "half-orc", "dwarf", "halfling", "gnome"),
        "armor": ("none", "light", "medium", "heavy"),
        "load": ("light", "medium", "heavy"),
        "class": ("barbarian", "monk"),
    }
)
ALWAYS_SAVED: tuple[str, ...] = ()
"""Unit keys written when saving even at their default value."""
TACTICS: tuple[str, ...] = ()
"""No attack tactics to choose from."""


def complete_unit(fields: dict[str, Any]) -> dict[str, Any]:
    """The unit's fields with what pf1 implies filled in (nothing: speed comes from `speed` or the race)."""
    return fields


def unit_problems(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, catalogue key of the message) for each unit key pf1 refuses: a speed, or a race to take it from."""
    if fields.get("speed") is None and fields.get("race") is None:
        return [("speed", "level_error.pf1_speed")]
    return []


def may_share(a: Creature, b: Creature) -> bool:
    """Whether two start footprints may overlap: one of them Tiny or smaller (PF1-TINY-THROUGH)."""
    if traits(a).fills_space or traits(b).fills_space:
        return False
    return a.size <= Size.TINY or b.size <= Size.TINY


def start_problems(units: Sequence[Creature]) -> list[StartProblem]:
    """Overlapping start footprints (only Tiny or smaller may share, PF1-TINY-THROUGH; within one square's area,
    PF1-TINY-SHARE)."""
    return overlaps(units, may_share, share_rule="level_error.share_pf1", fits=share_fits, crowded="pf1_share.full")


def distance(options: Options, a: Square, b: Square) -> Tape:
    """Distance in squares: 1-2-1-2 diagonals (PF1-DIAG), or every diagonal 1 with diagonal = "uniform"."""
    if options.diagonal != "uniform":
        return Tape(pf1_distance(a, b), "PF1-DIAG")
    return Tape(chebyshev(a, b), "GB-DIAGONAL-UNIFORM")


STOP_RULE = "PF1-ILLEGAL-END"
"""Why a mover brought down by an attack of opportunity stays on its last legal square."""


def down_effects(target: Creature) -> list[Effect]:
    """What 0 hp does: helpless, and out of the fight, but still on the board (GB-DOWN)."""
    return [Effect("set", target.id, "helpless", True), Effect("set", target.id, "defeated", True)]
