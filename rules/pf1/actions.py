"""PF1 actions: rule() sends each action kind to its handler; available() for the action bar; prone and doors."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import ACTION_KINDS, Action
from rules.board import DEFAULT_LEGEND
from rules.core import Effect, Event, Illegal, Ruling, Situation, values
from rules.geometry import chebyshev
from rules.pf1.attacks import (
    GB_CHARGE,
    escaping_now,
    in_reach,
    rule_attack,
    rule_charge,
)
from rules.pf1.economy import GB_ECONOMY, economy_refusal, full_round_free
from rules.pf1.movement import (
    GB_PF_AOO,
    GB_PRONE,
    UNIT_CM,
    no_band_reason,
    threatened_by,
)
from rules.pf1.movement_actions import (
    minimum_move_precheck,
    rule_minimum_move,
    rule_movement,
    rule_step,
    rule_through_move,
)
from rules.pf1.speed import movement_speed as effective_speed
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
        return Illegal(
            GB_NO_ACTION, f"pf1 has no action called {kind!r}", reason="pf1.no_such_action", params=values(action=kind)
        )
    if action.unit is None or action.unit not in sit.creatures:
        return Illegal(
            GB_ECONOMY,
            f"no unit {action.unit!r} on the board",
            reason="unknown_unit",
            params=values(unit=action.unit or ""),
        )
    c = sit.creature(action.unit)
    if c.helpless or c.defeated:
        return Illegal(
            GB_ECONOMY, f"{c.id} is helpless and cannot act", c.at, reason="pf1.helpless_act", params=values(unit=c.id)
        )
    handler = _HANDLERS[kind]
    return handler(sit, action, rng)


def _drop_prone(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    if c.prone:
        return Illegal(GB_PRONE, f"{unit} is already prone", c.at, reason="pf1.already_prone", params=values(unit=unit))
    return Ruling(
        unit_cm=UNIT_CM, rules=(GB_PRONE,), effects=(Effect("set", unit, "prone", True),), message="drops prone (free)"
    )


def _stand_up(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if not c.prone:
        return Illegal(GB_PRONE, f"{unit} is not prone", c.at, reason="pf1.not_prone", params=values(unit=unit))
    fail = economy_refusal(ts, "move", c.at)
    if fail:
        return fail
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
    fail = economy_refusal(ts, "move", c.at)
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


def available(sit: Situation, unit: str) -> dict[str, Illegal | None]:
    """Each action kind → None when the unit can take it now, else why not."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    out: dict[str, Illegal | None] = {}
    speed = effective_speed(c)
    helpless = (
        Illegal(GB_ECONOMY, f"{unit} is helpless", c.at, reason="pf1.helpless", params=values(unit=unit))
        if c.helpless or c.defeated
        else None
    )
    cannot_move = None
    if c.prone:
        cannot_move = Illegal(GB_PRONE, "stand up first (house rule)", c.at, reason="pf1.prone_stand_first")
    elif ts.stepped:
        cannot_move = Illegal("PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step", c.at, reason="pf1.after_step")
    elif speed <= 0:
        cannot_move = no_band_reason(sit, unit)
    enemies = [o for o in sit.others(unit) if c.hostile_to(o) and not o.defeated]
    for kind in ACTION_KINDS:
        why: Illegal | None
        if kind in NOT_PF1:
            why = Illegal(
                GB_NO_ACTION,
                f"pf1 has no action called {kind!r}",
                reason="pf1.no_such_action",
                params=values(action=kind),
            )
        elif kind == "end_turn":
            why = None
        elif kind in ("move", "overrun", "tumble"):
            why = cannot_move or economy_refusal(ts, "move", c.at)
            if why is None and kind == "tumble" and not c.acrobatics:
                why = Illegal("PF1-TUMBLE", "not trained in Acrobatics", c.at, reason="pf1.no_acrobatics")
        elif kind == "double_move":
            why = cannot_move or (
                None
                if full_round_free(ts)
                else Illegal("PF1-DOUBLE-MOVE", "needs both actions", c.at, reason="pf1.needs_both_actions")
            )
        elif kind == "minimum_move":
            why = minimum_move_precheck(sit, unit)
        elif kind in ("run", "charge"):
            why = cannot_move or (
                None
                if full_round_free(ts) and not ts.moved
                else Illegal(
                    "PF1-RUN" if kind == "run" else "PF1-MIN-MOVE",
                    "needs the whole round",
                    c.at,
                    reason="pf1.needs_whole_round",
                )
            )
            if why is None and kind == "charge" and not enemies:
                why = Illegal(GB_CHARGE, "no opponent to charge", c.at, reason="pf1.no_charge_target")
        elif kind == "step":
            why = (
                None
                if not (ts.moved or ts.stepped or c.prone)
                else Illegal("PF1-FIVE-FOOT-STEP", "already moved this round", c.at, reason="pf1.already_moved")
            )
        elif kind == "attack":
            why = economy_refusal(ts, "standard", c.at)
            if why is None and escaping_now(sit, unit):
                why = Illegal(
                    "PF1-ESCAPE-ARTIST",
                    "cannot attack while squeezing through a too-narrow space",
                    c.at,
                    reason="pf1.attack_wriggling",
                )
            if why is None and not any(in_reach(sit, unit, e.id) for e in enemies):
                why = Illegal("GB-ATTACK", "no opponent in reach", c.at, reason="pf1.no_target_in_reach")
        elif kind == "drop_prone":
            why = (
                None
                if not c.prone
                else Illegal(GB_PRONE, "already prone", c.at, reason="pf1.already_prone", params=values(unit=unit))
            )
        elif kind == "stand_up":
            why = (
                Illegal(GB_PRONE, "not prone", c.at, reason="pf1.not_prone", params=values(unit=unit))
                if not c.prone
                else economy_refusal(ts, "move", c.at)
            )
        elif kind == "interact":
            why = economy_refusal(ts, "move", c.at)
            if why is None and not _door_near(sit, unit):
                why = Illegal(GB_DOOR, "no door next to the unit", c.at, reason="pf1.no_door_near")
        else:
            why = Illegal(
                GB_NO_ACTION,
                f"pf1 has no action called {kind!r}",
                reason="pf1.no_such_action",
                params=values(action=kind),
            )
        out[kind] = helpless if helpless and kind != "end_turn" else why
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
    return False


__all__ = ["available", "rule"]
