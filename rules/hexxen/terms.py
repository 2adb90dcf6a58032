"""hexxen's answers to the contract's plain questions: level sizes, unit keys, `[rules]` options, start checks,
distance and what 0 hp does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from rules.actions import TACTICS as ACTION_TACTICS
from rules.core import Creature, Effect, Options, Square
from rules.hexxen.placement import too_close
from rules.hexxen.traits import HEXXEN_KEYS
from rules.placement import StartProblem
from rules.ruleset import Tape
from rules.unit_keys import COMBAT_KEYS

SIZES = ("tiny", "medium", "huge")
DIAGONALS = ("alternating", "uniform")
DEFAULT_DIAGONAL = "uniform"
LEVEL_OPTIONS: Mapping[str, tuple[type, tuple[str, ...] | None]] = MappingProxyType({})
"""`[rules]` keys besides `diagonal` → (type, allowed values or None); they land in Options.extra."""

UNIT_KEYS = COMBAT_KEYS + HEXXEN_KEYS
"""The unit keys a hexxen level accepts (docs/levels.md): the shared ones and the fields of hexxen's traits record
(rules/hexxen/traits.py)."""
KEY_CHOICES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "role": ("hunter", "npc", "leader"),
        # the powers the hexxen rules read (HX-LEIBGARDE, HX-NPC-NO-SNEAK); add new ones here
        "powers": ("leibgarde", "sneak_attack"),
    }
)
ALWAYS_SAVED: tuple[str, ...] = ("role",)
"""Unit keys written when saving even at their default value (a token's role is always spelt out)."""
TACTICS = ACTION_TACTICS
"""An attack is made front, relieving or cutting in (HX-RELIEF, HX-CUT-IN)."""


def complete_unit(fields: dict[str, Any]) -> dict[str, Any]:
    """The unit's fields with what hexxen implies: every token takes one cell, whatever its size (HX-GRID-MAP)."""
    fields["single_cell"] = True
    return fields


def unit_problems(fields: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(key, catalogue message) for each unit key hexxen refuses (none beyond the key checks)."""
    return []


def start_problems(units: Sequence[Creature]) -> list[StartProblem]:
    """Tokens on one cell, else tokens that touch (HX-START-APART: at least one empty square between).

    The pairs come from placement.too_close, the check setup_problems asks too; each later token is
    named once, with the first earlier token it is too close to.
    """
    first: dict[int, int] = {}
    shared: dict[int, int] = {}
    for i, j in too_close([u.at for u in units]):
        first.setdefault(j, i)
        if units[i].at == units[j].at:
            shared.setdefault(j, i)
    if shared:
        return [
            StartProblem(
                j, "level_error.taken", {"square": list(units[j].at), "other": units[i].id, "index": i, "rule": ""}
            )
            for j, i in sorted(shared.items())
        ]
    return [
        StartProblem(
            j,
            "level_error.touching",
            {
                "unit": units[j].id,
                "at": list(units[j].at),
                "other": units[i].id,
                "index": i,
                "other_at": list(units[i].at),
            },
        )
        for j, i in sorted(first.items())
    ]


def distance(options: Options, a: Square, b: Square) -> Tape:
    """No distance: hexxen measures nothing (HX-ABSTRACT)."""
    return Tape(None, "HX-ABSTRACT")


def down_effects(target: Creature) -> list[Effect]:
    """What 0 hp does: the token is defeated (GB-DOWN)."""
    return [Effect("set", target.id, "defeated", True)]
