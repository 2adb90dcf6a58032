"""dnd5e's own unit data: none beyond the shared Creature and its movement modes, so its traits record is empty
(the ruleset contract still names one: a new key of dnd5e's own would be a field here)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.traits import Traits, trait_keys


@dataclass(frozen=True, slots=True)
class Dnd5eTraits(Traits):
    """A dnd5e unit's own data: nothing beyond the shared Creature yet."""


TRAITS = Dnd5eTraits
"""The record a dnd5e unit holds (the ruleset contract's TRAITS)."""
DND5E_KEYS = trait_keys(Dnd5eTraits)
"""The unit keys only dnd5e has: none."""
