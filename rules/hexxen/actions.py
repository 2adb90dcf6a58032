"""Ruling on hexxen actions: melee attacks with their tactics, and refusing everything that needs distances."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import ACTION_KINDS, Action
from rules.combat import resolve_attack
from rules.core import Effect, Event, Illegal, Ruling, Situation, merge_rules, values
from rules.hexxen.binding import bound_to, without_unit
from rules.hexxen.participants import in_fight, opposed
from rules.hexxen.placement import spot_apart, spot_next_to, touching
from rules.hexxen.tactics import FRONT, SNEAK, Plan, plan_attack
from rules.hexxen.traits import traits
from rules.hexxen.turn import ATTACK_AP, TurnState, current_turn
from rules.to_hit import Modifier

UNIT_CM = 150
"""Centimetres per cost unit; hexxen costs are always 0 (HX-ABSTRACT)."""
SNEAK_BONUS = 2
"""HX-SNEAK: the attack-roll bonus of a sneak attack."""

ATTACK_KINDS = ("attack", "engage", "sneak_attack")


def no_distances(kind: str) -> Illegal:
    """The refusal of any action that would need distances or free movement (HX-ABSTRACT)."""
    return Illegal(
        "HX-ABSTRACT",
        f"hexxen has no distances, paths or squares to move through ('{kind}' is not a hexxen action); "
        "a token moves only by engaging an enemy with a melee attack (HX-GRID-MAP)",
        unit_cm=UNIT_CM,
        reason="hx.no_distances",
        params=values(action=kind),
    )


def _tactic(action: Action) -> str:
    """The tactic an action asks for (a sneak_attack is its own kind)."""
    return SNEAK if action.kind == "sneak_attack" else action.tactic


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one hexxen action; a Ruling's effects are the whole change (tokens, bindings, damage, AP)."""
    if action.kind == "end_turn":
        return Ruling(unit_cm=UNIT_CM, rules=("HX-STAY-PUT",), message="turn ends; tokens stay where they are")
    if action.kind not in ATTACK_KINDS:
        return no_distances(action.kind)
    if action.unit is None:
        why = f"'{action.kind}' needs the acting unit"
        return Illegal("HX-STATES", why, unit_cm=UNIT_CM, reason="hx.needs_unit", params=values(action=action.kind))
    plan = plan_attack(
        sit, action.unit, action.target, _tactic(action), action.release, must_be_free=action.kind == "engage"
    )
    if isinstance(plan, Illegal):
        return replace(plan, unit_cm=UNIT_CM)
    return _carry_out(sit, plan, rng)


def _carry_out(sit: Situation, plan: Plan, rng: random.Random) -> Ruling:
    """Move the tokens, hand over bindings, roll the attack and end the bindings of a defeated target."""
    attacker, target = plan.attacker, plan.target
    effects: list[Effect] = []
    events: list[Event] = list(plan.events)
    extra_rules: list[str] = []
    board_sit = sit
    if plan.released is not None:
        effects.append(Effect("unbind", plan.released, other=target))
        events.append(Event("unbind", _handover_rule(plan), unit=plan.released, by=target))
        if not bound_to(plan.bindings, plan.released):
            events.append(Event("free", _handover_rule(plan), unit=plan.released))
            released_at = sit.creature(plan.released).at
            if touching(released_at, sit.creature(target).at):
                # the newcomer pushes in between, so the freed token steps back from the enemy
                spot = spot_apart(sit, plan.released, target)
                if spot is not None and spot != released_at:
                    extra_rules.append("GB-HEXXEN-TOKENS")
                    effects.append(Effect("place", plan.released, value=(spot, None)))
                    board_sit = _moved(board_sit, plan.released, spot)
    me = sit.creature(attacker)
    if not traits(me).mounted and (plan.engages or plan.sneak):
        spot = spot_apart(board_sit, attacker, target) if plan.sneak else spot_next_to(board_sit, attacker, target)
        if spot is None:
            if plan.engages:
                events.append(Event("crowded", "HX-GRID-MAP", unit=attacker, by=target, detail="shown by a link line"))
                extra_rules.append("HX-GRID-MAP")
        elif spot != me.at:
            extra_rules.append("GB-HEXXEN-TOKENS")
            effects.append(Effect("place", attacker, value=(spot, None)))
            kind, why = ("engage", "HX-ENGAGE") if plan.engages else ("sneak", "HX-SNEAK")
            events.append(Event(kind, why, unit=attacker, by=target, at=spot))
    if plan.binds:
        effects.append(Effect("bind", attacker, other=target))
        events.append(Event("bind", "HX-BIND-ON-ATTACK", unit=attacker, by=target))
    mods = (Modifier("HX-SNEAK", SNEAK_BONUS),) if plan.sneak else ()
    combat = resolve_attack("hexxen", me, sit.creature(target), rng, rules=plan.rules, mods=mods)
    effects.extend(combat.effects)
    events.extend(combat.events)
    turn = current_turn(sit, attacker)
    ap_left = turn.ap_left - ATTACK_AP
    defeated = any(e.kind == "set" and e.key == "defeated" and e.value and e.unit == target for e in combat.effects)
    if defeated:
        extra_rules.append("HX-BIND-END")
        partners = bound_to(plan.bindings, target)
        for partner in partners:
            effects.append(Effect("unbind", partner, other=target))
            events.append(Event("unbind", "HX-BIND-END", unit=partner, by=target, detail=f"{target} is defeated"))
        for partner in partners:
            if bound_to(plan.bindings, partner) == [target]:
                events.append(Event("free", "HX-BIND-END", unit=partner))
        if not bound_to(without_unit(plan.bindings, target), attacker) and ap_left > 0:
            extra_rules.append("HX-NEXT-ENEMY")
            events.append(
                Event("next_enemy", "HX-NEXT-ENEMY", unit=attacker, detail="free with AP left: may engage anew at 0 AP")
            )
    new_turn = TurnState(
        ap_left=ap_left,
        first_melee_done=True,
        attacks_made=turn.attacks_made + 1,
        relief_fired=turn.relief_fired or (plan.released is not None and "HX-RELIEF" in plan.rules),
    )
    effects.append(Effect("turn", attacker, value=new_turn))
    verb = "sneak-attacks" if plan.sneak else "engages" if plan.engages else "attacks"
    return Ruling(
        cost=0,
        unit_cm=UNIT_CM,
        rules=merge_rules(combat.rules, extra_rules, ("GB-HEXXEN-ATTACK-COST", "GB-HEXXEN-AP")),
        events=tuple(events),
        effects=tuple(effects),
        band="engage" if plan.engages else None,
        message=f"{attacker} {verb} {target}",
    )


def _handover_rule(plan: Plan) -> str:
    """The rule that handed a binding over: relief or cut-in."""
    return "HX-RELIEF" if "HX-RELIEF" in plan.rules else "HX-CUTIN"


def _moved(sit: Situation, unit: str, at: tuple[int, int]) -> Situation:
    """The Situation with one token moved (to place the next token around it)."""
    creatures = dict(sit.creatures)
    creatures[unit] = creatures[unit].evolve(at=at)
    return replace(sit, creatures=creatures)


def precheck(sit: Situation, unit: str, kind: str) -> Illegal | None:
    """Why the unit cannot take an action of `kind` now, whatever its target: no distances, or out of the fight.

    The attack planner (tactics.plan_attack, asked by rule() and available()) starts with the same check.
    """
    if kind == "end_turn":
        return None
    if kind not in ATTACK_KINDS:
        return no_distances(kind)
    if not in_fight(sit, unit):
        why = f"{unit} is not a participant still in the fight"
        return Illegal("HX-STATES", why, unit_cm=UNIT_CM, reason="hx.out_of_fight", params=values(unit=unit))
    return None


def available(sit: Situation, unit: str) -> dict[str, Illegal | None]:
    """Each action kind → None when `unit` can take it now, else the Illegal saying why not."""
    out: dict[str, Illegal | None] = {}
    foes: list[str] = []
    if in_fight(sit, unit):
        foes = sorted(uid for uid, c in sit.creatures.items() if in_fight(sit, uid) and opposed(sit.creature(unit), c))
    for kind in ACTION_KINDS:
        refused = precheck(sit, unit, kind)
        if refused is not None or kind == "end_turn":
            out[kind] = refused
        else:
            tactic = SNEAK if kind == "sneak_attack" else FRONT
            first: Illegal | None = None
            for foe in foes:
                plan = plan_attack(sit, unit, foe, tactic, must_be_free=kind == "engage")
                if not isinstance(plan, Illegal):
                    first = None
                    break
                first = first or plan
            else:
                if not foes:
                    why = f"{unit} has no opponent left in the fight"
                    first = Illegal("HX-ENGAGE", why, reason="hx.no_opponent", params=values(unit=unit))
            out[kind] = first
    return out
