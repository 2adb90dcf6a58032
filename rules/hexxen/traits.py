"""hexxen's own unit data: the traits record a token holds (role, mount, powers, action points), and the level
keys it stands for (docs/levels.md)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Creature
from rules.traits import Traits, trait, trait_keys, traits_of


@dataclass(frozen=True, slots=True)
class HexxenTraits(Traits):
    """What a hexxen token is beyond the shared Creature: its camp, its mount, its powers and its action points."""

    role: str = trait("hunter", "text")
    """hunter | npc | leader."""
    mounted: bool = trait(False, "flag")
    powers: tuple[str, ...] = trait((), "strings")
    ap: int | None = trait(None, "integer", minimum=0)
    """Action points a turn; None = the rule's default."""


TRAITS = HexxenTraits
"""The record a hexxen token holds (the ruleset contract's TRAITS)."""
HEXXEN_KEYS = trait_keys(HexxenTraits)
"""The unit keys only hexxen has: the fields of its traits record."""


def traits(creature: Creature) -> HexxenTraits:
    """The token's hexxen traits (their defaults for a creature made without them)."""
    return traits_of(creature, HexxenTraits)
