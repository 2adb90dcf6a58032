"""Each ruleset's own unit data: the base of the traits records and the level key each field stands for.

A `Creature` holds what every ruleset and the window use; what one ruleset alone reads (pf1's race and
armour, hexxen's role and powers) lives in that ruleset's traits record, a frozen dataclass declared in
`rules/<name>/traits.py` beside the ruleset's unit keys. Every field of a record is one level key:
`trait(default, kind, …)` says how the key is read (its kind), its level-file spelling where that differs
from the field's name, and its least value. The level loader, the saver, the level editor and the level
fingerprint read every ruleset's record the same way, so a new ruleset declares its unit data in its own
package and edits no shared file.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any, Protocol, TypeVar

REACTIONS_PER_ROUND = 1
"""Attacks of opportunity a unit may take in one round unless its traits say more (GB-AOO)."""

KINDS = ("text", "flag", "integer", "strings", "metres_by_type")
"""How a trait's level key is written: a string (one of the ruleset's KEY_CHOICES when it names some), true or
false, a whole number, a list of strings, or a list of `{ type = "…", m = metres }` tables (typed metres)."""


@dataclass(frozen=True, slots=True)
class Trait:
    """One field of a traits record as a level key."""

    name: str
    """The field's name (what the rules read)."""
    key: str
    """The level key (the field's name unless the record says otherwise)."""
    kind: str
    """One of KINDS."""
    default: Any
    minimum: int | None = None
    """The least whole number an `integer` key may take (None: no bound)."""


def trait(default: Any, kind: str, *, key: str | None = None, minimum: int | None = None) -> Any:
    """A field of a traits record: its default, its kind (KINDS), its level key if not its name, its minimum."""
    if kind not in KINDS:
        raise ValueError(f"unknown trait kind {kind!r}; expected one of {', '.join(KINDS)}")
    return field(default=default, metadata={"kind": kind, "key": key, "minimum": minimum})


@dataclass(frozen=True, slots=True)
class Traits:
    """No traits of its own: the base of every ruleset's record, and what a unit holds until a ruleset gives it
    one (a creature built in a test, a token of a ruleset with no unit data of its own)."""

    def reactions_per_round(self) -> int:
        """How many attacks of opportunity the unit may take in one round: one (GB-AOO); a record may say more."""
        return REACTIONS_PER_ROUND


NO_TRAITS = Traits()
"""The record of a unit no ruleset has given its own data (every Creature's default)."""

T = TypeVar("T", bound=Traits)


class HasTraits(Protocol):
    """Anything holding a traits record (a rules.core Creature)."""

    @property
    def traits(self) -> Traits:
        """The unit's record."""
        ...


@functools.cache  # a record's fields never change once its class is made
def trait_fields(record: type[Traits]) -> tuple[Trait, ...]:
    """The fields of a traits record as level keys, in declaration order (the order the keys are shown in)."""
    found = []
    for f in fields(record):
        meta = f.metadata
        if "kind" not in meta:
            raise TypeError(f"{record.__name__}.{f.name} is not declared with rules.traits.trait()")
        found.append(Trait(f.name, meta["key"] or f.name, meta["kind"], f.default, meta["minimum"]))
    return tuple(found)


def trait_keys(record: type[Traits]) -> tuple[str, ...]:
    """The level keys of a traits record, in declaration order."""
    return tuple(t.key for t in trait_fields(record))


@functools.cache  # one default record per class: the records are immutable
def defaults(record: type[T]) -> T:
    """The record with every field at its default."""
    return record()


def traits_of(creature: HasTraits, record: type[T]) -> T:
    """The creature's traits as `record`; a creature that holds no such record reads as its defaults.

    The defaults stand for a unit the level gave none of these keys (a creature made in a test, a token of
    another ruleset asked by shared code such as the window's art), as every field left out of a level does.
    """
    held = creature.traits
    if type(held) is record:
        return held  # type: ignore[return-value]  # the exact class, checked just above
    if isinstance(held, record):
        return held
    return defaults(record)
