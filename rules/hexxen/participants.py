"""Who is who in a hexxen fight: the two camps, sizes as the limits see them, and powers."""

from __future__ import annotations

from rules.core import Creature, Situation, Size
from rules.hexxen.traits import traits

HUNTER = "hunter"
LEADER = "leader"
LEIBGARDE = "leibgarde"
SNEAK_POWER = "sneak_attack"


def is_hunter(creature: Creature) -> bool:
    """Whether the participant is a hunter (every other role is an NPC)."""
    return traits(creature).role == HUNTER


def is_leader(creature: Creature) -> bool:
    """Whether the participant is an NPC with leader tactics (HX-NPC-TACTICS)."""
    return traits(creature).role == LEADER


def opposed(a: Creature, b: Creature) -> bool:
    """Whether two participants fight on different sides: hunters against NPCs."""
    return is_hunter(a) != is_hunter(b)


def size_class(creature: Creature) -> str:
    """The limit class of a participant: "tiny" (Winzig), "huge" (Riesig) or "medium" (man-sized)."""
    if creature.size <= Size.TINY:
        return "tiny"
    if creature.size >= Size.HUGE:
        return "huge"
    return "medium"


def draws_enemies(creature: Creature) -> bool:
    """Whether a power like Leibgarde lets this participant ignore the binding limits (HX-LEIBGARDE)."""
    return LEIBGARDE in traits(creature).powers


def may_sneak(creature: Creature) -> bool:
    """Every hunter may sneak-attack; an NPC only with the sneak_attack power (HX-SNEAK-ANY-HUNTER, HX-NPC-NO-SNEAK)."""
    return is_hunter(creature) or SNEAK_POWER in traits(creature).powers


def in_fight(sit: Situation, unit: str) -> bool:
    """Whether `unit` is a participant that has not been defeated."""
    creature = sit.creatures.get(unit)
    return creature is not None and not creature.defeated
