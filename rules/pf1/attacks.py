"""PF1 attacks and charges: reach, the modifiers that apply, and the ruling on each."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import Action
from rules.combat import resolve_attack
from rules.core import Effect, Illegal, Ruling, Situation, Square, replaced, values
from rules.geometry import pf1_gap
from rules.pf1.charge import CHARGE, charge_refusal
from rules.pf1.economy import economy_refusal, full_round_free
from rules.pf1.finish_move import action_path, finish_move, moved_state
from rules.pf1.fit import stance
from rules.pf1.movement import (
    GB_PRONE,
    UNIT_CM,
    Band,
    judge,
    prone_refusal,
    reach_squares,
)
from rules.pf1.space import FULL, Mover
from rules.pf1.speed import movement_speed as effective_speed
from rules.pf1.traits import traits
from rules.pf1.turn import TurnState, current_turn
from rules.to_hit import Modifier

GB_CHARGE = "GB-PF-CHARGE"
"""The charge's +2 to the attack and −2 to the charger's defence (not in the texts; the movement is PF1-CHARGE)."""
CHARGE_ATTACK_BONUS = 2
CHARGE_AC_PENALTY = -2
SQUEEZE_PENALTY = -4
ESCAPE_AC_PENALTY = -4
PRONE_PENALTY = -4


def squeezed_now(sit: Situation, unit: str) -> bool:
    """Whether the unit stands squeezed (PF1-SQUEEZE-PENALTY)."""
    return sit.creature(unit).squeezed or stance(sit, unit)[0]


def escaping_now(sit: Situation, unit: str) -> bool:
    """Whether the unit is in a space narrower than squeezing allows (PF1-ESCAPE-ARTIST)."""
    return stance(sit, unit)[1]


def no_cover_from_ally(sit: Situation, unit: str, ally: str) -> bool:
    """PF1-ALLY-COVER: True when the unit shares a square with the ally, which then gives it no cover."""
    me, other = sit.creature(unit), sit.creature(ally)
    return not me.hostile_to(other) and bool(me.footprint() & other.footprint())


def _attack_mods(sit: Situation, attacker: str, target: str) -> tuple[Modifier, ...]:
    """The modifiers of `attacker`'s roll against `target`, each with its rule id, in the order they are cited."""
    mods: list[Modifier] = []
    if squeezed_now(sit, attacker):
        mods.append(Modifier("PF1-SQUEEZE-PENALTY", SQUEEZE_PENALTY))
    if sit.creature(attacker).prone:
        mods.append(Modifier(GB_PRONE, PRONE_PENALTY))
    squeezed, escaping = stance(sit, target)  # squeezed_now and escaping_now of the target, read once
    if escaping:
        # −4 and the Dex part of the defence while Dex is denied (`dex_ac`, revised 2026-12-02)
        mods.append(
            Modifier("PF1-ESCAPE-ARTIST", ESCAPE_AC_PENALTY - traits(sit.creature(target)).dex_ac, on_defense=True)
        )
    elif sit.creature(target).squeezed or squeezed:
        mods.append(Modifier("PF1-SQUEEZE-PENALTY", SQUEEZE_PENALTY, on_defense=True))
    if sit.creature(target).prone:
        mods.append(Modifier(GB_PRONE, PRONE_PENALTY, on_defense=True))
    other = sit.turns.get(target)
    if isinstance(other, TurnState) and other.charged:
        mods.append(Modifier(GB_CHARGE, CHARGE_AC_PENALTY, on_defense=True))
    return tuple(mods)


def in_reach(
    sit: Situation, unit: str, target: str, anchor: Square | None = None, dims: tuple[int, int] | None = None
) -> bool:
    """Whether the target is within the unit's reach (PF1-DIAG distance between footprints)."""
    c = sit.creatures[unit]
    other = sit.creatures[target]
    gap = pf1_gap(anchor or c.at, dims or c.dims, other.at, other.dims)  # footprints are rectangles
    return gap <= reach_squares(c.reach)


def _target_fail(sit: Situation, unit: str, target: str | None, at: Square) -> Illegal | None:
    if target is None or target not in sit.creatures or target == unit:
        return Illegal(
            "GB-ATTACK", f"no target {target!r} to attack", at, reason="no_target", params=values(target=target or "")
        )
    if sit.creature(target).defeated:
        return Illegal(
            "GB-ATTACK", f"{target} is already down", at, reason="already_down", params=values(target=target)
        )
    return None


def attack_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot attack now, whatever the target (rule() and available())."""
    c = sit.creature(unit)
    fail = economy_refusal(current_turn(sit, unit), "standard", c.at)
    if fail:
        return fail
    if escaping_now(sit, unit):
        return Illegal(
            "PF1-ESCAPE-ARTIST",
            "a creature wriggling through a too-narrow space cannot attack",
            c.at,
            reason="pf1.attack_wriggling",
        )
    return None


def charge_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot charge now, whatever the target and path (rule() and available())."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if not full_round_free(ts) or ts.stepped or ts.moved:
        return Illegal(
            CHARGE, "a charge takes the whole round and no other movement", c.at, reason="pf1.charge_whole_round"
        )
    if c.prone:
        return prone_refusal(c)
    if effective_speed(c) <= 0:
        return Illegal(CHARGE, "speed is 0", c.at, reason="pf1.speed_zero")
    return None


def rule_attack(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on a melee attack, a standard action (GB-ATTACK)."""
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    fail = _target_fail(sit, unit, action.target, c.at) or attack_precheck(sit, unit)
    if fail:
        return fail
    assert action.target is not None
    if not in_reach(sit, unit, action.target):
        return Illegal(
            "GB-ATTACK",
            f"{action.target} is out of reach",
            sit.creature(action.target).at,
            reason="pf1.out_of_reach",
            params=values(target=action.target),
        )
    mods = _attack_mods(sit, unit, action.target)
    ids = tuple(m.rule for m in mods)
    hit = resolve_attack("pf1", c, sit.creature(action.target), rng, rules=ids, mods=mods)
    new_ts = replaced(ts, standard_used=True)
    return replaced(hit, unit_cm=UNIT_CM, effects=(*hit.effects, Effect("turn", unit, value=new_ts)))


def rule_charge(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on a charge: the straight movement to a closest square and the attack at its end (PF1-CHARGE)."""
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    fail = _target_fail(sit, unit, action.target, c.at)
    if fail:
        return fail
    assert action.target is not None
    refused = charge_precheck(sit, unit)
    if refused is not None:
        return refused
    speed = effective_speed(c)
    path = action_path(action)
    if not path:
        return Illegal(CHARGE, "a charge needs a path", c.at, reason="pf1.charge_needs_path")
    off_rule = charge_refusal(sit, unit, action.target, tuple(sq[:2] for sq in path))
    if off_rule is not None:
        return off_rule
    result = judge(sit, unit, path, [Band("charge", 2 * speed, run=True, charge=True)])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    mover = Mover(sit, unit)
    last = walk.positions[-1]
    if not in_reach(sit, unit, action.target, last[:2], mover.dims(last[2])):
        return Illegal(
            CHARGE,
            f"the charge must end with {action.target} in reach",
            last[:2],
            cost=ruling.cost,
            reason="pf1.charge_end_reach",
            params=values(target=action.target or ""),
        )
    new_ts = replace(moved_state(ts, "charge", walk.diags, ruling.cost), charged=True)
    moved = finish_move(sit, unit, ruling, walk, "charge", rng, extra_rules=(CHARGE,), ts=ts)
    creatures = dict(sit.creatures)
    creatures[unit] = c.evolve(at=last[:2], space=mover.dims(last[2]) if last[2] != FULL else None)
    after = replace(sit, creatures=creatures)
    mods = _attack_mods(after, unit, action.target)
    hit = resolve_attack(
        "pf1",
        creatures[unit],
        sit.creature(action.target),
        rng,
        rules=(CHARGE, GB_CHARGE, *(m.rule for m in mods)),
        mods=(Modifier(GB_CHARGE, CHARGE_ATTACK_BONUS), *mods),
    )
    effects = [e if e.kind != "turn" else Effect("turn", unit, value=new_ts) for e in moved.effects]
    return replace(
        moved,
        rules=tuple(dict.fromkeys([*moved.rules, *hit.rules])),
        events=(*moved.events, *hit.events),
        effects=(*effects, *hit.effects),
        band="charge",
    )
