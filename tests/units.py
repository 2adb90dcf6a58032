"""Creatures for tests: core fields and a ruleset's traits given as one set of keywords."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core import Creature, Square
from rules.hexxen.traits import HexxenTraits
from rules.pf1.traits import Pf1Traits
from rules.traits import Traits, trait_fields


def unit_with(record: type[Traits], uid: str, side: str, at: Square, **fields: Any) -> Creature:
    """A Creature whose keywords that name a field of `record` go to its traits, the others to the Creature."""
    names = {one.name for one in trait_fields(record)}
    own = {k: v for k, v in fields.items() if k in names}
    rest = {k: v for k, v in fields.items() if k not in names}
    return Creature(uid, side, at, traits=record(**own), **rest)


def pf1_unit(uid: str, side: str, at: Square, **fields: Any) -> Creature:
    """A creature with pf1 traits (race, armor, load … among the keywords)."""
    return unit_with(Pf1Traits, uid, side, at, **fields)


def hexxen_unit(uid: str, side: str, at: Square, **fields: Any) -> Creature:
    """A token with hexxen traits (role, mounted, powers, ap among the keywords)."""
    return unit_with(HexxenTraits, uid, side, at, **fields)


def evolved(creature: Creature, **changes: Any) -> Creature:
    """A copy with some fields changed: those its traits record has there, the others on the Creature."""
    record = type(creature.traits)
    names = {one.name for one in trait_fields(record)}
    own = {k: v for k, v in changes.items() if k in names}
    rest = {k: v for k, v in changes.items() if k not in names}
    traits = replace(creature.traits, **own) if own else creature.traits
    return creature.evolve(traits=traits, **rest)
