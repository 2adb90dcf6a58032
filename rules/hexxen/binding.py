"""The binding graph: hunter–NPC pairs, who is bound to whom, and edits of the pair set."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import Situation

Pairs = frozenset[frozenset[str]]


def pairs_of(sit_or_bindings: Situation | Iterable[frozenset[str]]) -> Pairs:
    """The binding pairs of a Situation, or the given pairs as a frozenset."""
    if isinstance(sit_or_bindings, Situation):
        return sit_or_bindings.bindings
    return frozenset(sit_or_bindings)


def pair(a: str, b: str) -> frozenset[str]:
    """The binding pair of `a` and `b`."""
    return frozenset((a, b))


def bound_to(sit_or_bindings: Situation | Iterable[frozenset[str]], unit: str) -> list[str]:
    """The partners `unit` is bound to, sorted (HX-STATES)."""
    return sorted(other for p in pairs_of(sit_or_bindings) if unit in p for other in p if other != unit)


def is_bound(sit_or_bindings: Situation | Iterable[frozenset[str]], unit: str) -> bool:
    """Whether `unit` is in at least one pair; otherwise it is free-standing (HX-STATES)."""
    return any(unit in p for p in pairs_of(sit_or_bindings))


def with_pair(bindings: Pairs, a: str, b: str) -> Pairs:
    """The pairs with {a, b} added (a no-op when it exists)."""
    return bindings | {pair(a, b)}


def without_pair(bindings: Pairs, a: str, b: str) -> Pairs:
    """The pairs with {a, b} removed (a no-op when it is absent)."""
    return bindings - {pair(a, b)}


def without_unit(bindings: Pairs, unit: str) -> Pairs:
    """The pairs with every pair of `unit` removed, as when it is defeated (HX-BIND-END)."""
    return frozenset(p for p in bindings if unit not in p)
