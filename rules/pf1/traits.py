"""pf1's own unit data: the traits record a pf1 unit holds (race, armour, load, class, creature flags), and the
level keys it stands for (docs/levels.md)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Creature
from rules.traits import REACTIONS_PER_ROUND, Traits, trait, trait_keys, traits_of

COMBAT_REFLEXES_REACTIONS = 3
"""pf1 Combat Reflexes: Dexterity is not modelled, so a flat three per round (house rule, GB-AOO)."""


@dataclass(frozen=True, slots=True)
class Pf1Traits(Traits):
    """What a pf1 unit is beyond the shared Creature: the facts the speed, space and action rules read."""

    race: str | None = trait(None, "text")
    """Gives the base speed when the unit has no `speed` (PF1-SPEED-RACE)."""
    armor: str = trait("none", "text")
    load: str = trait("light", "text")
    char_class: str | None = trait(None, "text", key="class")
    level: int = trait(1, "integer", minimum=1)
    bonuses: tuple[tuple[str, float], ...] = trait((), "metres_by_type")
    """(type, metres) speed modifiers; type "" is untyped (PF1-BONUS-STACK)."""
    incorporeal: bool = trait(False, "flag")
    sees_in_dark: bool = trait(False, "flag")
    fills_space: bool = trait(False, "flag")
    obstructs_when_helpless: bool | None = trait(None, "flag")
    """None = the default of PF1-HELPLESS-HUGE (true for Huge and larger)."""
    acrobatics: bool = trait(False, "flag")
    """Trained in Acrobatics (PF1-TUMBLE)."""
    dex_ac: int = trait(0, "integer", minimum=0)
    """The part of `defense` from Dexterity, lost while Dex is denied (PF1-ESCAPE-ARTIST)."""
    combat_reflexes: bool = trait(False, "flag")

    def reactions_per_round(self) -> int:
        """Three attacks of opportunity a round with Combat Reflexes, else one (GB-AOO)."""
        return COMBAT_REFLEXES_REACTIONS if self.combat_reflexes else REACTIONS_PER_ROUND


TRAITS = Pf1Traits
"""The record a pf1 unit holds (the ruleset contract's TRAITS)."""
PF1_KEYS = trait_keys(Pf1Traits)
"""The unit keys only pf1 has: the fields of its traits record."""


def traits(creature: Creature) -> Pf1Traits:
    """The creature's pf1 traits (their defaults for a creature made without them)."""
    return traits_of(creature, Pf1Traits)
