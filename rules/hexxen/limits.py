"""How many opponents one participant may hold: the HX-MAX-* limits and their scope (HX-LIMIT-SCOPE)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import Creature, Illegal, Situation, values
from rules.hexxen.binding import Pairs, bound_to
from rules.hexxen.participants import draws_enemies, is_hunter, size_class

HUNTER_CAPACITY = 12
"""HX-MAX-MIXED: what one hunter can hold, in weight units."""

NPC_WEIGHT: Mapping[str, int] = {"tiny": 2, "medium": 3, "huge": 6}
"""HX-MAX-MIXED: the weight one bound NPC puts on a hunter, by size class."""

HUNTERS_ON_NPC: Mapping[str, tuple[int, str]] = {
    "tiny": (2, "HX-MAX-HUNTERS-ON-TINY"),
    "medium": (4, "HX-MAX-HUNTERS-ON-NPC"),
    "huge": (6, "HX-MAX-HUNTERS-ON-HUGE"),
}
"""How many hunters an NPC of each size class can hold, and the rule that says so."""

_SAME_SIZE_RULE = {"tiny": "HX-MAX-TINY-ON-HUNTER", "medium": "HX-MAX-NPCS-ON-HUNTER", "huge": "HX-MAX-HUGE-ON-HUNTER"}
_ATTACK_WORDED = {"tiny": "HX-MAX-TINY-ON-HUNTER", "huge": "HX-MAX-HUGE-ON-HUNTER"}


def exempt(*creatures: Creature) -> bool:
    """Whether a Leibgarde-like power lifts every limit for this encounter (HX-LEIBGARDE)."""
    return any(draws_enemies(c) for c in creatures)


def hunter_load(sit: Situation, bindings: Pairs, hunter: str) -> int:
    """The weight of the NPCs bound to `hunter` (HX-MAX-MIXED)."""
    return sum(NPC_WEIGHT[size_class(sit.creature(npc))] for npc in bound_to(bindings, hunter))


def pair_limit_problem(sit: Situation, bindings: Pairs, hunter: str, npc: str) -> Illegal | None:
    """Why the pair {hunter, npc} may not exist in `bindings`, or None when both ends can hold it."""
    h, n = sit.creature(hunter), sit.creature(npc)
    if exempt(h, n):
        return None
    most, rule = HUNTERS_ON_NPC[size_class(n)]
    hunters = [u for u in bound_to(bindings, npc) if is_hunter(sit.creature(u))]
    if len(hunters) > most:
        return Illegal(
            rule,
            f"{npc} ({size_class(n)}) can be bound to at most {most} hunters; {hunter} would be number "
            f"{len(hunters)} (counted after any relief or cut-in, HX-LIMIT-SCOPE)",
            at=n.at,
            reason="hx.npc_full",
            params=values(npc=npc, size=size_class(n), most=most, unit=hunter, count=len(hunters)),
        )
    load = hunter_load(sit, bindings, hunter)
    if load > HUNTER_CAPACITY:
        classes = {size_class(sit.creature(u)) for u in bound_to(bindings, hunter)}
        rule = _SAME_SIZE_RULE[classes.pop()] if len(classes) == 1 else "HX-MAX-MIXED"
        return Illegal(
            rule,
            f"{hunter} cannot hold {npc} as well: the bound NPCs would weigh {load} of at most {HUNTER_CAPACITY} "
            "(tiny 2, man-sized 3, huge 6)",
            at=h.at,
            reason="hx.hunter_full",
            params=values(unit=hunter, npc=npc, count=load, most=HUNTER_CAPACITY),
        )
    return None


def attack_limit_problem(sit: Situation, bindings: Pairs, attacker: str, target: str) -> Illegal | None:
    """The attack-worded limits for an attack that binds nobody, such as a sneak attack (HX-LIMIT-SCOPE).

    The binding-worded limits (four on a man-sized NPC, four man-sized on a hunter, the
    mixed capacity) count pairs only and never refuse such an attack.
    """
    a, t = sit.creature(attacker), sit.creature(target)
    if exempt(a, t):
        return None
    if is_hunter(a):
        kind = size_class(t)
        if kind == "medium":
            return None
        most, rule = HUNTERS_ON_NPC[kind]
        mine = [u for u in bound_to(bindings, target) if u != attacker and is_hunter(sit.creature(u))]
        who = "hunters"
    else:
        kind = size_class(a)
        if kind == "medium":
            return None
        rule = _ATTACK_WORDED[kind]
        most = HUNTER_CAPACITY // NPC_WEIGHT[kind]
        mine = [u for u in bound_to(bindings, target) if u != attacker and size_class(sit.creature(u)) == kind]
        who = f"{kind} NPCs"
    if len(mine) + 1 > most:
        return Illegal(
            rule,
            f"{target} can be attacked in melee by at most {most} {who}; {len(mine)} are already bound to it "
            "(this limit counts attacks, not only bindings: HX-LIMIT-SCOPE)",
            at=t.at,
            reason="hx.attack_limit_hunters" if is_hunter(a) else "hx.attack_limit_npcs",
            params=values(target=target, most=most, size=kind, count=len(mine)),
        )
    return None
