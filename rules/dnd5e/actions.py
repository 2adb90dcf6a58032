"""rule() and available() for dnd5e: moves, dash, prone, attacks, doors, falling."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import ACTION_KINDS, Action
from rules.board import DEFAULT_LEGEND
from rules.combat import down_effects, resolve_attack
from rules.core import (
    Creature,
    Effect,
    Event,
    Illegal,
    Params,
    Ruling,
    Situation,
    Square,
    edge_key,
    merge_rules,
    values,
)
from rules.dice import parse_dice
from rules.doors import door_message, doors_touching, edge_door_refusal, effect_key, ends
from rules.geometry import chebyshev

from . import house
from .movement import Plan, apply_plan, plan
from .reachable import reachable
from .space import distance_squares, reach_squares, sit_distance
from .turn import TurnState, allowance_cm, can_dash, current_turn, speeds_cm, stand_basis, stand_cost_cm

FALL_DAMAGE = "1d6"
"""Damage of a fall (house rule GB-5E-FALL; the texts give none)."""

FOREIGN_KINDS = ("double_move", "run", "step", "charge", "minimum_move", "sneak_attack", "engage", "overrun", "tumble")


def _illegal(rule: str, message: str, reason: str, params: Params = (), at: Square | None = None) -> Illegal:
    return Illegal(rule, message, at=at, unit_cm=1, reason=reason, params=params)


def must_fall(creature: Creature) -> bool:
    """Whether an airborne creature falls now: prone or without fly speed, no hover, no magic (D5-FLY-FALL)."""
    if not creature.airborne or creature.hover or creature.magic_flight:
        return False
    # a helpless creature has lost the ability to move, the third trigger of the text
    return creature.prone or creature.helpless or speeds_cm(creature).get("fly", 0) <= 0


def fall_outcome(creature: Creature, rng: random.Random, *, damage: bool = True) -> tuple[list[Event], list[Effect]]:
    """Landing prone in its own square, 1d6 damage (D5-FLY-FALL with house rule GB-5E-FALL)."""
    unit = creature.id
    effects = [Effect("set", unit, "airborne", False), Effect("set", unit, "prone", True)]
    effects.append(Effect("set", unit, "mode", "crawl"))
    detail = "lands prone"
    if damage:
        amount = max(1, parse_dice(FALL_DAMAGE).roll(rng))
        effects.append(Effect("damage", unit, value=amount))
        detail += f", {amount} damage"
        if creature.hp - amount <= 0:
            effects.extend(e for e in down_effects("dnd5e", creature) if e.key != "prone")
            detail += ", down"
    return [Event("fall", "D5-FLY-FALL", unit=unit, at=creature.at, detail=detail)], effects


def fall(sit: Situation, unit: str, rng: random.Random) -> Ruling | None:
    """The fall of an airborne creature that can no longer stay up (the game calls it when speeds change)."""
    creature = sit.creature(unit)
    if not must_fall(creature):
        return None
    events, effects = fall_outcome(creature, rng)
    return Ruling(unit_cm=1, rules=("D5-FLY-FALL", house.GB_5E_FALL), events=tuple(events), effects=tuple(effects))


def _turn_effect(unit: str, turn: TurnState) -> Effect:
    return Effect("turn", unit, value=turn)


# --- movement ------------------------------------------------------------------------


def move_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot move now, whatever the path (rule() and available())."""
    creature = sit.creature(unit)
    if creature.helpless or creature.defeated:
        return _illegal(house.GB_5E_UNABLE, f"{unit} is helpless and cannot act", "d5.helpless_act", values(unit=unit))
    return None


def dash_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot take the dash action now, whatever the path (rule() and available())."""
    refused = move_precheck(sit, unit)
    if refused is not None:
        return refused
    turn = current_turn(sit, unit)
    if not can_dash(turn):
        why = "the dash needs the action, which is already used this turn"
        return _illegal(house.GB_5E_DASH, why, "d5.dash_action_used")
    return None


def rule_move(sit: Situation, action: Action, *, dash: bool) -> Ruling | Illegal:
    """A movement segment (`move`), or the dash action with an optional path (`dash`)."""
    unit = action.unit or ""
    turn = current_turn(sit, unit)
    refused = dash_precheck(sit, unit) if dash else move_precheck(sit, unit)
    if refused is not None:
        return refused
    if dash:
        turn = replace(turn, dashed=True, action_used=True, attacks_left=0)
        if not action.path:
            return Ruling(
                unit_cm=1,
                rules=("D5-DASH", house.GB_5E_DASH),
                effects=(_turn_effect(unit, turn),),
                message=f"{unit} dashes: one more speed's worth of movement this turn",
            )
        sit = replace(sit, turns={**sit.turns, unit: turn})
    elif not action.path:
        return _illegal("D5-SPEED", "a move needs a path", "needs_path")
    found = plan(sit, unit, action.path, action.mode)
    if isinstance(found, Illegal):
        return found
    assert isinstance(found, Plan)
    if found.ruling.band != "move":
        rule = "D5-SWITCH-SPEED" if found.budget.switch else "D5-SPEED"
        return Illegal(
            rule,
            f"the path costs {found.ruling.cost / 100:g} m, more than the {max(0, found.budget.move_cm) / 100:g} m "
            "left; take the dash action for more",
            at=found.ruling.steps[-1].to,
            cost=found.ruling.cost,
            unit_cm=1,
            steps=found.ruling.steps,
            reason="d5.take_dash",
            params=values(cost_m=found.ruling.cost / 100, left_m=max(0, found.budget.move_cm) / 100),
        )
    effects = apply_plan(sit, unit, found, turn)
    rules = found.ruling.rules + (("D5-DASH", house.GB_5E_DASH) if dash else ())
    return replace(found.ruling, rules=merge_rules(rules), effects=effects, band="dash" if dash else "move")


def drop_prone_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot drop prone now (rule() and available()): it is free, so only being prone already."""
    creature = sit.creature(unit)
    if creature.prone:
        return _illegal("D5-PRONE", f"{unit} is already prone", "d5.already_prone", values(unit=unit))
    return None


def rule_drop_prone(sit: Situation, unit: str, rng: random.Random) -> Ruling | Illegal:
    """Dropping prone: free, even with no movement left (D5-PRONE-DROP); a flyer may fall (D5-FLY-FALL)."""
    creature = sit.creature(unit)
    refused = drop_prone_precheck(sit, unit)
    if refused is not None:
        return refused
    rules = ["D5-PRONE-DROP", "D5-PRONE"]
    events: list[Event] = []
    effects = [Effect("set", unit, "prone", True), Effect("set", unit, "mode", "crawl")]
    if creature.airborne:
        rules.append("D5-FLY-FALL")
        if must_fall(creature.evolve(prone=True)):
            rules.append(house.GB_5E_FALL)
            fell_events, fell_effects = fall_outcome(creature, rng)
            events.extend(fell_events)
            effects = fell_effects
    return Ruling(unit_cm=1, rules=tuple(rules), events=tuple(events), effects=tuple(effects))


def stand_up_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot stand up now (rule() and available()): not prone, or too little movement left."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    if creature.helpless or creature.defeated:
        return _illegal(
            house.GB_5E_UNABLE, f"{unit} is helpless and cannot stand", "d5.helpless_stand", values(unit=unit)
        )
    if not creature.prone:
        return _illegal("D5-PRONE", f"{unit} is not prone", "d5.not_prone", values(unit=unit))
    mode, speed = stand_basis(creature)
    if speed <= 0:
        why = f"{unit} has speed 0 and cannot stand up"
        return _illegal("D5-PRONE-STAND-LIMIT", why, "d5.speed_zero_stand", values(unit=unit))
    cost = stand_cost_cm(creature)
    left = allowance_cm(creature, turn, mode)
    if left < cost:
        hint = "" if turn.dashed or not can_dash(turn) else " (a Dash would add movement)"
        return Illegal(
            "D5-PRONE-STAND-LIMIT",
            f"standing costs {cost / 100:g} m but only {max(0, left) / 100:g} m is left{hint}",
            cost=cost,
            unit_cm=1,
            reason="d5.stand_too_dear_dash" if hint else "d5.stand_too_dear",
            params=values(cost_m=cost / 100, left_m=max(0, left) / 100),
        )
    return None


def rule_stand_up(sit: Situation, unit: str) -> Ruling | Illegal:
    """Standing up: B/2 from the budget if B × (1 + dashes) − spent ≥ B/2 (D5-PRONE-STAND, -LIMIT, D5-DASH).

    B is the walking speed, or the highest speed when walking is 0; a Dash adds movement but
    leaves the cost of standing at half the speed itself.
    """
    refused = stand_up_precheck(sit, unit)
    if refused is not None:
        return refused
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    mode, _ = stand_basis(creature)
    cost = stand_cost_cm(creature)
    new = replace(turn, spent_cm=turn.spent_cm + cost, mode=mode)
    effects = (Effect("set", unit, "prone", False), Effect("set", unit, "mode", "walk"), _turn_effect(unit, new))
    rules = ("D5-PRONE-STAND", "D5-PRONE-STAND-LIMIT") + (("D5-DASH",) if turn.dashed else ())
    return Ruling(cost=cost, unit_cm=1, rules=rules, effects=effects)


# --- attacks -------------------------------------------------------------------------


def attack_modifiers(attacker: Creature, target: Creature) -> tuple[int, tuple[str, ...]]:
    """Advantage (+1), disadvantage (−1) or neither (0) and the ids behind it; any of each cancels."""
    adv: list[str] = []
    dis: list[str] = []
    if target.squeezed:
        adv.append("D5-SQUEEZE-ADV-AGAINST")
    if attacker.squeezed:
        dis.append("D5-SQUEEZE-DISADV")
    if target.prone:
        near = distance_squares(attacker.footprint(), target.footprint()) <= 1
        (adv if near else dis).append(house.GB_5E_PRONE_COMBAT)
    if attacker.prone:
        dis.append(house.GB_5E_PRONE_COMBAT)
    return int(bool(adv)) - int(bool(dis)), merge_rules(adv, dis)


def save_modifier(creature: Creature, ability: str) -> tuple[int, tuple[str, ...]]:
    """Disadvantage (−1) on a saving throw and the ids behind it; a squeezed creature saves Dex badly."""
    if ability == "dex" and creature.squeezed:
        return -1, ("D5-SQUEEZE-DISADV",)
    return 0, ()


def attack_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot attack now, whatever the target (rule() and available())."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    if creature.helpless or creature.defeated:
        return _illegal(
            house.GB_5E_UNABLE, f"{unit} is helpless and cannot attack", "d5.helpless_attack", values(unit=unit)
        )
    if turn.attacks_left <= 0 and turn.action_used:
        return _illegal(
            house.GB_5E_ACTION, f"{unit} has used its action this turn", "d5.action_used_by", values(unit=unit)
        )
    return None


def attack_refusal(sit: Situation, unit: str, target_id: str | None) -> Illegal | None:
    """Why `unit` cannot attack `target_id` now, or None."""
    refused = attack_precheck(sit, unit)
    if refused is not None:
        return refused
    creature = sit.creature(unit)
    if target_id is None or target_id not in sit.creatures or target_id == unit:
        return _illegal(
            house.GB_5E_ACTION, f"no such target: {target_id!r}", "no_target", values(target=target_id or "")
        )
    target = sit.creature(target_id)
    if target.defeated:
        return _illegal(house.GB_5E_ACTION, f"{target_id} is already down", "already_down", values(target=target_id))
    if not creature.hostile_to(target):
        why = f"{target_id} is not hostile to {unit}"
        return _illegal(house.GB_5E_ACTION, why, "d5.not_hostile", values(target=target_id, unit=unit))
    gap = sit_distance(sit, creature.footprint(), target.footprint())
    if gap > reach_squares(creature):
        # under the alternating variant, name it when it is what puts the target out of reach
        variant = distance_squares(creature.footprint(), target.footprint()) <= reach_squares(creature)
        rule = "D5-GRID-DIAG-VARIANT" if variant else house.GB_5E_REACH
        why = f"{target_id} is {gap} squares away, beyond reach"
        return _illegal(rule, why, "d5.beyond_reach", values(target=target_id, count=gap), at=target.at)
    return None


def rule_attack(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """One weapon attack; the first starts the attack action, later ones use its remaining attacks."""
    unit = action.unit or ""
    refused = attack_refusal(sit, unit, action.target)
    if refused is not None:
        return refused
    attacker = sit.creature(unit)
    target = sit.creature(action.target or "")
    turn = current_turn(sit, unit)
    ids: list[str] = []
    if turn.attacks_left > 0:
        turn = replace(turn, attacks_left=turn.attacks_left - 1)
        ids.append("D5-BETWEEN-ATTACKS")
    else:
        turn = replace(turn, action_used=True, attacks_left=max(1, attacker.attacks) - 1)
        ids.append(house.GB_5E_ACTION)
        if attacker.attacks > 1:
            ids.append("D5-BETWEEN-ATTACKS")
    advantage, why = attack_modifiers(attacker, target)
    ruling = resolve_attack(
        "dnd5e", attacker, target, rng, rules=merge_rules(why, ids), advantage=advantage, advantage_rules=why
    )
    events = list(ruling.events)
    effects = list(ruling.effects)
    rules = list(ruling.rules)
    down = any(e.kind == "down" for e in events)
    if down and must_fall(target.evolve(prone=True)):
        fell_events, fell_effects = fall_outcome(target, rng, damage=False)
        events.extend(fell_events)
        effects.extend(e for e in fell_effects if e.key == "airborne")
        rules.extend(("D5-FLY-FALL", house.GB_5E_FALL))
    effects.append(_turn_effect(unit, turn))
    return replace(ruling, unit_cm=1, rules=merge_rules(rules), events=tuple(events), effects=tuple(effects))


# --- objects -------------------------------------------------------------------------


def interact_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot open or close any door now, whatever the door (rule() and available())."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    if creature.helpless or creature.defeated:
        return _illegal(house.GB_5E_UNABLE, f"{unit} is helpless", "d5.helpless", values(unit=unit))
    if turn.interaction_used and (turn.action_used or turn.attacks_left > 0):
        why = "the free interaction and the action are both used this turn"
        return _illegal(house.GB_5E_INTERACT, why, "d5.interaction_used")
    return None


def interact_refusal(sit: Situation, unit: str, at: Square | None) -> Illegal | None:
    """Why `unit` cannot open or close a door at `at` now, or None (D5-OBJECTS, GB-5E-DOOR, GB-5E-INTERACT)."""
    refused = interact_precheck(sit, unit)
    if refused is not None:
        return refused
    creature = sit.creature(unit)
    if at is None or not sit.board.in_bounds(at):
        return _illegal(house.GB_5E_DOOR, "interact needs a square on the map", "d5.interact_square", at=at)
    if not sit.board.terrain(at).door:
        why = f"there is no door at {list(at)}"
        return _illegal(house.GB_5E_INTERACT, why, "d5.no_door_at", values(square=at), at=at)
    if distance_squares(creature.footprint(), [at]) != 1:
        why = f"the door at {list(at)} is not next to {unit}"
        return _illegal(house.GB_5E_DOOR, why, "d5.door_not_next", values(square=at, unit=unit), at=at)
    if "door_open" in sit.board.terrain(at).kinds and any(at in c.footprint() for c in sit.creatures.values()):
        why = f"someone stands in the doorway at {list(at)}"
        return _illegal(house.GB_5E_DOOR, why, "d5.doorway_taken", values(square=at), at=at)
    return None


def edge_refusal(sit: Situation, unit: str, at: Square | None, to: Square | None) -> Illegal | None:
    """Why `unit` cannot open or close the door on the edge between `at` and `to` now, or None (as interact_refusal)."""
    refused = interact_precheck(sit, unit)
    if refused is not None:
        return refused
    return edge_door_refusal(sit, unit, at, to, house.GB_5E_DOOR, house.GB_5E_INTERACT, 1)


def rule_interact(sit: Situation, action: Action) -> Ruling | Illegal:
    """Open or close an adjacent door (on a square or an edge): free once per turn, then it takes the action."""
    unit = action.unit or ""
    edge = action.to is not None
    refused = edge_refusal(sit, unit, action.at, action.to) if edge else interact_refusal(sit, unit, action.at)
    if refused is not None:
        return refused
    at = action.at
    assert at is not None
    turn = current_turn(sit, unit)
    if action.to is not None:
        key = edge_key(at, action.to)
        closed = not sit.board.doors[key]
        change = Effect("door", unit, key=effect_key(key), value=closed)
        what = door_message(closed, at, action.to)
    else:
        closed = "door_closed" in sit.board.terrain(at).kinds
        change = Effect(
            "board", unit, key=f"{at[0]},{at[1]}", value=DEFAULT_LEGEND["/"] if closed else DEFAULT_LEGEND["+"]
        )
        what = ("opens" if closed else "closes") + f" the door at {list(at)}"
    if turn.interaction_used:
        turn = replace(turn, action_used=True, attacks_left=0)
        how = "with the action"
    else:
        turn = replace(turn, interaction_used=True)
        how = "free"
    return Ruling(
        unit_cm=1,
        rules=("D5-OBJECTS", house.GB_5E_INTERACT, house.GB_5E_DOOR),
        effects=(change, _turn_effect(unit, turn)),
        message=f"{unit} {what} ({how})",
    )


# --- the entry points ----------------------------------------------------------------


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one dnd5e action; a Ruling's effects are the whole change."""
    kind = action.kind
    if kind == "end_turn":
        return Ruling(unit_cm=1, rules=("D5-SPEED",), message="turn ends; unspent movement is lost")
    if kind in FOREIGN_KINDS or kind not in ACTION_KINDS:
        why = f"{kind!r} is not a dnd5e action (dnd5e has move, dash, attack …)"
        return _illegal(house.GB_5E_NOT_5E, why, "d5.foreign_action", values(action=kind))
    if action.unit is None or action.unit not in sit.creatures:
        return _illegal(
            house.GB_5E_UNABLE, f"unknown unit {action.unit!r}", "unknown_unit", values(unit=action.unit or "")
        )
    if kind == "move":
        return rule_move(sit, action, dash=False)
    if kind == "dash":
        return rule_move(sit, action, dash=True)
    if kind == "drop_prone":
        return rule_drop_prone(sit, action.unit, rng)
    if kind == "stand_up":
        return rule_stand_up(sit, action.unit)
    if kind == "attack":
        return rule_attack(sit, action, rng)
    return rule_interact(sit, action)


def precheck(sit: Situation, unit: str, kind: str) -> Illegal | None:
    """Why the unit cannot take an action of `kind` now, whatever its path, target or door.

    The same functions the handlers call, so the action bar and rule() refuse for the same rule.
    """
    if kind == "end_turn":
        return None
    if kind in FOREIGN_KINDS or kind not in ACTION_KINDS:
        why = f"{kind!r} is not a dnd5e action"
        return _illegal(house.GB_5E_NOT_5E, why, "d5.not_an_action", values(action=kind))
    return _PRECHECKS[kind](sit, unit)


_PRECHECKS = {
    "move": move_precheck,
    "dash": dash_precheck,
    "drop_prone": drop_prone_precheck,
    "stand_up": stand_up_precheck,
    "attack": attack_precheck,
    "interact": interact_precheck,
}


def available(sit: Situation, unit: str) -> dict[str, Illegal | None]:
    """Each action kind → None when it can be taken now, else why not: its precheck, then a path, target or door."""
    creature = sit.creature(unit)
    out: dict[str, Illegal | None] = {}
    for kind in ACTION_KINDS:
        why = precheck(sit, unit, kind)
        if why is None and kind == "move":
            why = _no_move_reason(sit, unit)
        elif why is None and kind == "attack":
            refusals = [attack_refusal(sit, unit, other.id) for other in sit.others(unit)]
            if not any(r is None for r in refusals):
                why = next(
                    (r for r in refusals if r is not None and r.rule != house.GB_5E_ACTION),
                    _illegal(house.GB_5E_ACTION, "no target in reach", "d5.no_target_in_reach"),
                )
        elif why is None and kind == "interact":
            refusals = [interact_refusal(sit, unit, sq) for sq in _doors_near(sit, creature)]
            refusals += [
                edge_refusal(sit, unit, *ends(k)) for k in doors_touching(sit.board, sorted(creature.footprint()))
            ]
            if not any(r is None for r in refusals):
                why = (
                    refusals[0]
                    if refusals
                    else _illegal(house.GB_5E_INTERACT, "no door next to the unit", "d5.no_door_near")
                )
        out[kind] = why
    return out


def _no_move_reason(sit: Situation, unit: str) -> Illegal | None:
    """Why no square can be reached with a move now: what rule() says of the nearest (only with the dash),
    else of each neighbouring square when every one is refused."""
    found = reachable(sit, unit)
    if "move" in found.bands:
        return None
    lack = _illegal("D5-SPEED", "no movement left for even one step", "d5.no_step_left")
    farther = next((r for r in map(found.__getitem__, range(len(found))) if r.path), None)  # only those read are made
    if farther is not None:  # D5-SPEED, or D5-SWITCH-SPEED after switching speeds
        refused = rule_move(sit, Action("move", unit, path=farther.path), dash=False)
        return refused if isinstance(refused, Illegal) else lack
    refusals = [rule_move(sit, Action("move", unit, path=(sq,)), dash=False) for sq in _ring(sit, sit.creature(unit))]
    why = [r for r in refusals if isinstance(r, Illegal)]
    if not why or any(r.rule == "D5-SPEED" for r in why):
        return lack
    return why[0]


def _ring(sit: Situation, creature: Creature) -> list[Square]:
    fp = creature.footprint()
    ring = {(x + dx, y + dy) for x, y in fp for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - set(fp)
    return sorted(sq for sq in ring if sit.board.in_bounds(sq))


def _doors_near(sit: Situation, creature: Creature) -> list[Square]:
    return sorted(
        (sq for sq in _ring(sit, creature) if sit.board.terrain(sq).door),
        key=lambda sq: (sq[1], sq[0], chebyshev(sq, creature.at)),
    )
