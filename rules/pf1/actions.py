"""PF1 actions: rule() sends each action kind to its handler; available() for the action bar; prone and doors."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import ACTION_KINDS, Action
from rules.board import DEFAULT_LEGEND
from rules.core import Effect, Event, Illegal, Ruling, Situation, edge_key, values
from rules.doors import door_message, doors_touching, edge_door_refusal, effect_key
from rules.geometry import chebyshev
from rules.pf1.attacks import (
    attack_precheck,
    charge_precheck,
    in_reach,
    rule_attack,
    rule_charge,
)
from rules.pf1.economy import GB_ECONOMY, economy_refusal
from rules.pf1.movement import (
    GB_PF_AOO,
    GB_PRONE,
    UNIT_CM,
    threatened_by,
)
from rules.pf1.movement_actions import (
    minimum_move_precheck,
    movement_precheck,
    rule_minimum_move,
    rule_movement,
    rule_step,
    rule_through_move,
    step_precheck,
    through_precheck,
)
from rules.pf1.turn import current_turn

GB_NO_ACTION = "GB-PF-NO-SUCH-ACTION"
GB_DOOR = "GB-PF-DOOR"

NOT_PF1 = ("dash", "sneak_attack", "engage")


# --- the actions -------------------------------------------------------------------------------


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one action of the pf1 ruleset."""
    kind = action.kind
    if kind == "end_turn":
        return Ruling(unit_cm=UNIT_CM, rules=(GB_ECONOMY,), message="end of turn")
    if kind in NOT_PF1 or kind not in ACTION_KINDS:
        return _no_such_action(kind)
    if action.unit is None or action.unit not in sit.creatures:
        return Illegal(
            GB_ECONOMY,
            f"no unit {action.unit!r} on the board",
            reason="unknown_unit",
            params=values(unit=action.unit or ""),
        )
    refused = _helpless(sit, action.unit)
    if refused is not None:
        return refused
    handler = _HANDLERS[kind]
    return handler(sit, action, rng)


def _no_such_action(kind: str) -> Illegal:
    return Illegal(
        GB_NO_ACTION, f"pf1 has no action called {kind!r}", reason="pf1.no_such_action", params=values(action=kind)
    )


def _helpless(sit: Situation, unit: str) -> Illegal | None:
    c = sit.creature(unit)
    if c.helpless or c.defeated:
        return Illegal(
            GB_ECONOMY, f"{c.id} is helpless and cannot act", c.at, reason="pf1.helpless_act", params=values(unit=c.id)
        )
    return None


def drop_prone_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot drop prone now (rule() and available())."""
    c = sit.creature(unit)
    if c.prone:
        return Illegal(GB_PRONE, f"{unit} is already prone", c.at, reason="pf1.already_prone", params=values(unit=unit))
    return None


def stand_up_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot stand up now (rule() and available())."""
    c = sit.creature(unit)
    if not c.prone:
        return Illegal(GB_PRONE, f"{unit} is not prone", c.at, reason="pf1.not_prone", params=values(unit=unit))
    return economy_refusal(current_turn(sit, unit), "move", c.at)


def interact_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot open or close a door now, whatever the door: it costs a move action."""
    return economy_refusal(current_turn(sit, unit), "move", sit.creature(unit).at)


def _drop_prone(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    refused = drop_prone_precheck(sit, unit)
    if refused is not None:
        return refused
    return Ruling(
        unit_cm=UNIT_CM, rules=(GB_PRONE,), effects=(Effect("set", unit, "prone", True),), message="drops prone (free)"
    )


def _stand_up(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    refused = stand_up_precheck(sit, unit)
    if refused is not None:
        return refused
    events = tuple(Event("provokes", GB_PF_AOO, unit=unit, by=e, at=c.at) for e in threatened_by(sit, unit))
    new_ts = replace(ts, move_actions=ts.move_actions + 1)
    return Ruling(
        unit_cm=UNIT_CM,
        rules=(GB_PRONE, "PF1-MOVE-ACTION"),
        events=events,
        effects=(Effect("set", unit, "prone", False), Effect("turn", unit, value=new_ts)),
        message="stands up (a move action)",
    )


def _interact(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if action.to is not None:
        return _interact_edge(sit, action)
    at = action.at
    if at is None or not sit.board.in_bounds(tuple(at)):  # type: ignore[arg-type]
        return Illegal(GB_DOOR, "interact needs `at`: a door square on the map", c.at, reason="pf1.interact_square")
    at = (at[0], at[1])
    terrain = sit.board.terrain(at)
    if not terrain.door:
        return Illegal(
            GB_DOOR, f"there is no door at {list(at)}", at, reason="pf1.no_door_at", params=values(square=at)
        )
    if min(chebyshev(sq, at) for sq in c.footprint()) != 1:
        return Illegal(GB_DOOR, "the door must be next to the unit", at, reason="pf1.door_not_next")
    fail = interact_precheck(sit, unit)
    if fail:
        return fail
    opening = "door_closed" in terrain.kinds
    if not opening and any(at in o.footprint() for o in sit.creatures.values()):
        return Illegal(GB_DOOR, "a door cannot be closed on a creature", at, reason="pf1.door_on_creature")
    new = DEFAULT_LEGEND["/"] if opening else DEFAULT_LEGEND["+"]
    new_ts = replace(ts, move_actions=ts.move_actions + 1)
    return Ruling(
        unit_cm=UNIT_CM,
        rules=(GB_DOOR, "PF1-MOVE-ACTION"),
        effects=(Effect("board", key=f"{at[0]},{at[1]}", value=new), Effect("turn", unit, value=new_ts)),
        message=("opens" if opening else "closes") + f" the door at {list(at)} (a move action)",
    )


def _interact_edge(sit: Situation, action: Action) -> Ruling | Illegal:
    """GB-PF-DOOR on a door between two squares: as a door square, a move action to open or close."""
    unit = action.unit
    assert unit is not None
    refused = edge_door_refusal(sit, unit, action.at, action.to, GB_DOOR, GB_DOOR, UNIT_CM)
    if refused is not None:
        return refused
    fail = interact_precheck(sit, unit)
    if fail:
        return fail
    at, to = action.at, action.to
    assert at is not None and to is not None
    key = edge_key(at, to)
    opening = not sit.board.doors[key]
    ts = current_turn(sit, unit)
    new_ts = replace(ts, move_actions=ts.move_actions + 1)
    return Ruling(
        unit_cm=UNIT_CM,
        rules=(GB_DOOR, "PF1-MOVE-ACTION"),
        effects=(Effect("door", unit, key=effect_key(key), value=opening), Effect("turn", unit, value=new_ts)),
        message=door_message(opening, at, to) + " (a move action)",
    )


_HANDLERS = {
    "move": rule_movement,
    "double_move": rule_movement,
    "run": rule_movement,
    "step": rule_step,
    "minimum_move": rule_minimum_move,
    "overrun": rule_through_move,
    "tumble": rule_through_move,
    "attack": rule_attack,
    "charge": rule_charge,
    "drop_prone": _drop_prone,
    "stand_up": _stand_up,
    "interact": _interact,
}


# --- the action bar ----------------------------------------------------------------------------


def precheck(sit: Situation, unit: str, kind: str) -> Illegal | None:
    """Why the unit cannot take an action of `kind` now, whatever its path, target or door.

    The same functions the handlers call, so the action bar and rule() refuse for the same rule.
    """
    if kind == "end_turn":
        return None
    if kind in NOT_PF1 or kind not in ACTION_KINDS:
        return _no_such_action(kind)
    refused = _helpless(sit, unit)
    if refused is not None:
        return refused
    if kind in ("move", "double_move", "run"):
        return movement_precheck(sit, unit, kind)
    if kind in ("overrun", "tumble"):
        return through_precheck(sit, unit, kind)
    return _PRECHECKS[kind](sit, unit)


_PRECHECKS = {
    "step": step_precheck,
    "minimum_move": minimum_move_precheck,
    "attack": attack_precheck,
    "charge": charge_precheck,
    "drop_prone": drop_prone_precheck,
    "stand_up": stand_up_precheck,
    "interact": interact_precheck,
}


def available(sit: Situation, unit: str) -> dict[str, Illegal | None]:
    """Each action kind → None when the unit can take it now, else why not: its precheck, then a target to take."""
    c = sit.creature(unit)
    enemies = [o for o in sit.others(unit) if c.hostile_to(o) and not o.defeated]
    out: dict[str, Illegal | None] = {}
    for kind in ACTION_KINDS:
        why = precheck(sit, unit, kind)
        if why is None and kind == "attack" and not any(in_reach(sit, unit, e.id) for e in enemies):
            why = Illegal("GB-ATTACK", "no opponent in reach", c.at, reason="pf1.no_target_in_reach")
        elif why is None and kind == "charge" and not enemies:
            # rule() refuses a charge without a target under GB-ATTACK, as it does an attack
            why = Illegal("GB-ATTACK", "no opponent to charge", c.at, reason="pf1.no_charge_target")
        elif why is None and kind in ("overrun", "tumble") and not enemies:
            why = Illegal(
                "PF1-OVERRUN" if kind == "overrun" else "PF1-TUMBLE",
                f"{kind} needs `through`: the opponent to pass",
                c.at,
                reason="pf1.needs_through",
                params=values(action=kind),
            )
        elif kind == "interact" and not (c.helpless or c.defeated) and not _door_near(sit, unit):
            # rule() asks for the door before the move action it costs
            why = Illegal(GB_DOOR, "no door next to the unit", c.at, reason="pf1.no_door_near")
        out[kind] = why
    return out


def _door_near(sit: Situation, unit: str) -> bool:
    c = sit.creature(unit)
    board = sit.board
    for sq in c.footprint():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (sq[0] + dx, sq[1] + dy)
                if board.in_bounds(q) and q not in c.footprint() and board.terrain(q).door:
                    return True
    return bool(doors_touching(board, sorted(c.footprint())))


__all__ = ["available", "precheck", "rule"]
