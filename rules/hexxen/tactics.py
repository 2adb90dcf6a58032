"""Melee attacks and the tactics around a bound enemy: engage, front attack, sneak attack, relief, cut-in.

`plan_attack` decides everything that must be settled before a die is rolled: whether
the attack is allowed, which binding it creates, which binding a relief or cut-in
hands over, and which rules decided it. A refused attack changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Event, Illegal, Situation, merge_rules, values
from rules.hexxen.binding import Pairs, bound_to, is_bound, pair, with_pair, without_pair
from rules.hexxen.limits import attack_limit_problem, pair_limit_problem
from rules.hexxen.participants import in_fight, is_hunter, is_leader, may_sneak, opposed
from rules.hexxen.traits import traits
from rules.hexxen.turn import ATTACK_AP, current_turn

FRONT = "front"
RELIEVE = "relieve"
CUT_IN = "cut_in"
SNEAK = "sneak"
TACTICS = (FRONT, RELIEVE, CUT_IN, SNEAK)


@dataclass(frozen=True, slots=True)
class Plan:
    """An allowed melee attack, settled before the roll."""

    attacker: str
    target: str
    sneak: bool
    engages: bool
    """The attacker was free-standing and moves its token to the target (HX-ENGAGE)."""
    binds: bool
    """A new pair {attacker, target} comes into being (HX-BIND-ON-ATTACK)."""
    released: str | None
    """Whose binding to the target ends by relief or cut-in."""
    bindings: Pairs
    """The pairs once the attack is made, before its damage is known."""
    rules: tuple[str, ...]
    events: tuple[Event, ...] = ()


def _same_camp_partners(sit: Situation, bindings: Pairs, attacker: str, target: str) -> list[str]:
    """The target's partners on the attacker's side, the attacker excluded."""
    me = sit.creature(attacker)
    return [u for u in bound_to(bindings, target) if u != attacker and not opposed(me, sit.creature(u))]


def release_choices(sit: Situation, attacker: str, target: str, tactic: str) -> tuple[str, ...]:
    """Whom a relief or cut-in by `attacker` on `target` may release (HX-RELIEF, HX-CUTIN); () for other tactics."""
    if target not in sit.creatures or attacker not in sit.creatures:
        return ()
    partners = _same_camp_partners(sit, sit.bindings, attacker, target)
    if tactic == RELIEVE:
        # a relief only frees a comrade bound to the target alone
        return tuple(sorted(u for u in partners if bound_to(sit, u) == [target]))
    if tactic == CUT_IN:
        return tuple(sorted(partners))
    return ()


def _check_people(sit: Situation, attacker: str, target: str | None) -> Illegal | None:
    """The attacker and the one target must both be opponents still in the fight."""
    if not in_fight(sit, attacker):
        why = f"{attacker} is not a participant still in the fight"
        return Illegal("HX-STATES", why, reason="hx.out_of_fight", params=values(unit=attacker))
    if target is None:
        why = f"{attacker} must name the one enemy it attacks"
        return Illegal("HX-ENGAGE-ONE", why, reason="hx.name_enemy", params=values(unit=attacker))
    if not in_fight(sit, target):
        why = f"{target} is not a participant still in the fight"
        return Illegal("HX-STATES", why, reason="hx.out_of_fight", params=values(unit=target))
    if not opposed(sit.creature(attacker), sit.creature(target)):
        why = f"{target} is not an opponent of {attacker}: hunters fight NPCs"
        return Illegal("HX-ENGAGE", why, reason="hx.not_opponent", params=values(target=target, unit=attacker))
    return None


def _relief(sit: Situation, attacker: str, target: str, release: str | None) -> str | Illegal:
    """The participant a relief frees, or why the relief cannot happen (HX-RELIEF, HX-RELIEF-FIRST-ONLY)."""
    if current_turn(sit, attacker).first_melee_done:
        return Illegal(
            "HX-RELIEF-FIRST-ONLY",
            f"{attacker} already made a melee attack this round; only the first one can bring a relief",
            reason="hx.relief_first_only",
            params=values(unit=attacker),
        )
    candidates = [u for u in _same_camp_partners(sit, sit.bindings, attacker, target) if bound_to(sit, u) == [target]]
    if release is None:
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            why = f"no comrade of {attacker} is bound to {target} alone, so none can be relieved"
            return Illegal("HX-RELIEF", why, reason="hx.relief_none", params=values(unit=attacker, target=target))
        why = f"name which of {', '.join(candidates)} is relieved from {target}"
        params = values(units=tuple(candidates), target=target)
        return Illegal("HX-RELIEF", why, reason="hx.relief_which", params=params)
    if release == attacker or release not in sit.creatures:
        why = f"{release} cannot be relieved by {attacker}'s own attack"
        params = values(release=release, unit=attacker)
        return Illegal("HX-RELIEF", why, reason="hx.relief_self", params=params)
    if release not in bound_to(sit, target) or opposed(sit.creature(attacker), sit.creature(release)):
        why = f"{release} is not a comrade of {attacker} bound to {target}"
        params = values(release=release, unit=attacker, target=target)
        return Illegal("HX-RELIEF", why, reason="hx.relief_not_comrade", params=params)
    if release not in candidates:
        return Illegal(
            "HX-RELIEF",
            f"{release} is bound to {', '.join(bound_to(sit, release))}; relief only frees someone bound to "
            f"{target} alone (a cut-in can take over one of several bindings)",
            reason="hx.relief_bound_elsewhere",
            params=values(release=release, units=tuple(bound_to(sit, release)), target=target),
        )
    return release


def _cut_in(sit: Situation, attacker: str, target: str, release: str | None) -> str | Illegal:
    """Whose binding to the target the joiner takes over, or why it cannot (HX-CUTIN)."""
    if is_bound(sit, attacker):
        why = f"{attacker} is bound; only a free-standing joiner can cut in"
        return Illegal("HX-CUTIN", why, reason="hx.cutin_bound", params=values(unit=attacker))
    partners = _same_camp_partners(sit, sit.bindings, attacker, target)
    if release is None:
        if len(partners) == 1:
            return partners[0]
        if not partners:
            why = f"no comrade of {attacker} is bound to {target}; nothing to take over"
            return Illegal("HX-CUTIN", why, reason="hx.cutin_none", params=values(unit=attacker, target=target))
        why = f"name whose binding to {target} {attacker} takes over: {', '.join(partners)}"
        params = values(target=target, unit=attacker, units=tuple(partners))
        return Illegal("HX-CUTIN", why, reason="hx.cutin_which", params=params)
    if release not in partners:
        why = f"there is no binding between {release} and {target} on {attacker}'s side"
        params = values(release=release, target=target, unit=attacker)
        return Illegal("HX-CUTIN", why, reason="hx.cutin_no_binding", params=params)
    return release


def plan_attack(
    sit: Situation,
    attacker: str,
    target: str | None,
    tactic: str = FRONT,
    release: str | None = None,
    *,
    must_be_free: bool = False,
) -> Plan | Illegal:
    """Settle a melee attack before the roll: the Plan when it is allowed, else the rule that forbids it."""
    if tactic not in TACTICS:
        why = f"unknown tactic {tactic!r}; expected one of {', '.join(TACTICS)}"
        params = values(tactic=tactic, expected=", ".join(TACTICS))
        return Illegal("HX-BOUND-TARGET-CHOICE", why, reason="hx.unknown_tactic", params=params)
    problem = _check_people(sit, attacker, target)
    if problem is not None:
        return problem
    assert target is not None
    me, foe = sit.creature(attacker), sit.creature(target)
    if current_turn(sit, attacker).ap_left < ATTACK_AP:
        word = "action points" if is_hunter(me) else "activities"
        why = f"{attacker} has no {word} left this round for a melee attack"
        key = "hx.no_ap" if is_hunter(me) else "hx.no_activity"
        return Illegal("GB-HEXXEN-AP", why, reason=key, params=values(unit=attacker))
    bound = is_bound(sit, attacker)
    partners = bound_to(sit, attacker)
    others_on_target = [u for u in bound_to(sit, target) if u != attacker]
    if tactic == SNEAK:
        return _plan_sneak(sit, attacker, target, release, bound, others_on_target)
    if bound and (must_be_free or target not in partners):
        return Illegal(
            "HX-BOUND-NO-MOVE",
            f"{attacker} is bound to {', '.join(partners)} and cannot move to another enemy; "
            f"it may attack only {', '.join(partners)}",
            at=me.at,
            reason="hx.bound_no_move",
            params=values(unit=attacker, units=tuple(partners)),
        )
    relieving = tactic == RELIEVE or (tactic == FRONT and release is not None)
    cutting = tactic == CUT_IN
    rules: list[str] = []
    events: list[Event] = []
    bindings = sit.bindings
    released: str | None = None
    if relieving or cutting:
        if not is_hunter(me) and not is_leader(me):
            why = f"{attacker} is an NPC without leader tactics: no relief or cut-in"
            return Illegal("HX-NPC-TACTICS", why, reason="hx.npc_no_tactics", params=values(unit=attacker))
        if traits(me).mounted:
            why = f"{attacker} is mounted and never bound, so it cannot take over a binding"
            return Illegal("HX-MOUNTED", why, reason="hx.mounted", params=values(unit=attacker))
        who = _relief(sit, attacker, target, release) if relieving else _cut_in(sit, attacker, target, release)
        if isinstance(who, Illegal):
            return who
        released = who
        bindings = without_pair(bindings, released, target)
        if not is_hunter(me):
            rules += ["HX-NPC-TACTICS", "GB-HEXXEN-SIDES"]
        if relieving:
            rules += ["HX-RELIEF", "HX-RELIEF-FIRST-ONLY"]
            if target in partners:
                rules.append("HX-RELIEF-LATER")
            events.append(Event("release", "HX-RELIEF", unit=released, by=target, detail=f"relieved by {attacker}"))
        else:
            rules += ["HX-CUTIN", "HX-CUTIN-ATTACK"]
            events.append(Event("cut_in", "HX-CUTIN", unit=attacker, by=target, detail=f"takes over from {released}"))
    if not bound and others_on_target:
        rules += ["HX-BOUND-TARGET-CHOICE", "HX-FRONT-BINDS"]
    if bound:
        rules.append("HX-BOUND-NO-MOVE")
    elif current_turn(sit, attacker).attacks_made > 0:
        rules.append("HX-NEXT-ENEMY")
    mounted = traits(me).mounted or traits(foe).mounted
    engages = not bound and not mounted
    if engages:
        rules += ["HX-ENGAGE", "HX-ENGAGE-ONE", "HX-MOVE-NO-AP", "GB-HEXXEN-ENGAGE"]
    binds = not mounted and pair(attacker, target) not in bindings
    if mounted:
        rules.append("HX-MOUNTED")
        problem = attack_limit_problem(sit, bindings, attacker, target)
    else:
        rules.append("HX-BIND-ON-ATTACK")
        bindings = with_pair(bindings, attacker, target)
        hunter, npc = (attacker, target) if is_hunter(me) else (target, attacker)
        problem = pair_limit_problem(sit, bindings, hunter, npc) if binds else None
    if problem is not None:
        return problem
    return Plan(attacker, target, False, engages, binds, released, bindings, merge_rules(rules), tuple(events))


def _plan_sneak(
    sit: Situation, attacker: str, target: str, release: str | None, bound: bool, others_on_target: list[str]
) -> Plan | Illegal:
    """A sneak attack: only free-standing, only on an enemy someone else already holds (HX-SNEAK-REQ)."""
    me = sit.creature(attacker)
    if not may_sneak(me):
        why = f"{attacker} is an NPC without a sneak-attack power"
        return Illegal("HX-NPC-NO-SNEAK", why, reason="hx.npc_no_sneak", params=values(unit=attacker))
    if release is not None:
        why = "relief and cut-in need a front attack; a sneak attack hands over nothing"
        return Illegal("HX-CUTIN-ATTACK", why, reason="hx.sneak_hands_nothing")
    if bound:
        why = f"{attacker} is bound; only a free-standing participant can sneak-attack"
        return Illegal("HX-SNEAK-REQ", why, reason="hx.sneak_bound", params=values(unit=attacker))
    if not others_on_target:
        why = f"{target} is not bound to anyone yet, so it cannot be attacked from behind"
        return Illegal("HX-SNEAK-REQ", why, reason="hx.sneak_unbound", params=values(target=target))
    problem = attack_limit_problem(sit, sit.bindings, attacker, target)
    if problem is not None:
        return problem
    rules = ["HX-SNEAK", "HX-SNEAK-REQ", "HX-BOUND-TARGET-CHOICE", "HX-MOVE-NO-AP", "HX-LIMIT-SCOPE"]
    rules.append("HX-SNEAK-ANY-HUNTER" if is_hunter(me) else "HX-NPC-NO-SNEAK")
    if current_turn(sit, attacker).attacks_made > 0:
        rules.append("HX-NEXT-ENEMY")
    return Plan(attacker, target, True, False, False, None, sit.bindings, tuple(rules))


def can_attack(
    sit: Situation, attacker: str, target: str, tactic: str = FRONT, release: str | None = None
) -> Illegal | None:
    """None when `attacker` may make this melee attack on `target` now, else the Illegal saying why not."""
    plan = plan_attack(sit, attacker, target, tactic, release)
    return plan if isinstance(plan, Illegal) else None


CHOSEN_TACTICS = (FRONT, RELIEVE, CUT_IN)
"""The tactics a player chooses before attacking (a sneak attack is an action of its own)."""


def tactic_choices(sit: Situation, attacker: str) -> dict[str, Illegal | None]:
    """Each chosen tactic → None when `attacker` can attack some enemy with it now, else the Illegal saying why not.

    A relief or cut-in counts as possible when naming one of the comrades bound to an enemy makes the attack legal.
    When no enemy allows the tactic, the refusal shown is one about an enemy a comrade holds (that is what relief and
    cut-in are about); with no comrade holding any enemy, the refusal says so for the whole fight (HX-RELIEF,
    HX-CUTIN).
    """
    me = sit.creatures.get(attacker)
    foes = [] if me is None else sorted(u for u, c in sit.creatures.items() if in_fight(sit, u) and opposed(me, c))
    out: dict[str, Illegal | None] = {}
    for tactic in CHOSEN_TACTICS:
        held: Illegal | None = None
        other: Illegal | None = None
        for foe in foes:
            comrades = _same_camp_partners(sit, sit.bindings, attacker, foe) if tactic != FRONT else []
            # every comrade named in turn: a refusal then says why that one cannot be released, not "which one?"
            plans = [plan_attack(sit, attacker, foe, tactic, r) for r in (None, *sorted(comrades))]
            refusals = [p for p in plans if isinstance(p, Illegal)]
            if len(refusals) < len(plans):
                held = other = None
                break
            if comrades:
                held = held or refusals[-1]
            else:
                other = other or refusals[0]
        else:
            if not foes:
                why = f"{attacker} has no opponent left in the fight"
                other = Illegal("HX-ENGAGE", why, reason="hx.no_opponent", params=values(unit=attacker))
            elif held is None and tactic != FRONT and _unit_wide(other) is None:
                other = _nobody_held(attacker, tactic)
        out[tactic] = held or other
    return out


UNIT_WIDE = frozenset(
    {"hx.out_of_fight", "hx.no_ap", "hx.no_activity", "hx.npc_no_tactics", "hx.mounted"}
    | {"hx.relief_first_only", "hx.cutin_bound"}
)
"""Refusals that hold for every enemy alike: they say more than "no comrade holds an enemy"."""


def _unit_wide(problem: Illegal | None) -> Illegal | None:
    """`problem` when it is about the attacker whatever the enemy, else None."""
    return problem if problem is not None and problem.reason in UNIT_WIDE else None


def _nobody_held(attacker: str, tactic: str) -> Illegal:
    """A relief or cut-in with no comrade bound to any enemy: nothing to hand over anywhere (HX-RELIEF, HX-CUTIN)."""
    if tactic == RELIEVE:
        why = f"no comrade of {attacker} is bound to an enemy alone, so none can be relieved"
        return Illegal("HX-RELIEF", why, reason="hx_tactics.relief_nowhere", params=values(unit=attacker))
    why = f"no comrade of {attacker} is bound to an enemy; nothing to take over"
    return Illegal("HX-CUTIN", why, reason="hx_tactics.cutin_nowhere", params=values(unit=attacker))
