"""PF1 actions: the action economy of a round and the ruling on each action kind."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import ACTION_KINDS, Action
from rules.board import DEFAULT_LEGEND
from rules.combat import resolve_attack
from rules.core import Effect, Event, Illegal, Ruling, Situation, Square, footprint
from rules.geometry import chebyshev, footprint_distance, pf1_distance
from rules.pf1 import checks
from rules.pf1.movement import (
    GB_PF_AOO,
    GB_PRONE,
    UNIT_CM,
    Band,
    Walk,
    involuntary_stop,
    judge,
    mode_fail,
    no_band_reason,
    reach_squares,
    threatened_by,
)
from rules.pf1.space import F_ESCAPE, F_SKILL, FULL, Mover
from rules.pf1.speed import movement_speed as effective_speed
from rules.pf1.speed import run_multiplier
from rules.pf1.turn import TurnState, current_turn

GB_NO_ACTION = "GB-PF-NO-SUCH-ACTION"
GB_CHARGE = "GB-PF-CHARGE"
GB_DOOR = "GB-PF-DOOR"
GB_ECONOMY = "GB-PF-ACTIONS"
"""House rule: standard/move/full-round action economy (standard PF1, not in the texts)."""
CHARGE_ATTACK_BONUS = 2
CHARGE_AC_PENALTY = -2
SQUEEZE_PENALTY = -4
ESCAPE_AC_PENALTY = -4
PRONE_PENALTY = -4

NOT_PF1 = ("dash", "sneak_attack", "engage")


# --- action economy ----------------------------------------------------------------------------


def move_action_free(ts: TurnState) -> bool:
    """Whether a move action (not necessarily movement) is left."""
    return not ts.full_round_used and ts.move_actions < (1 if ts.standard_used else 2)


def standard_free(ts: TurnState) -> bool:
    """Whether the standard action is left (a second move action uses it up)."""
    return not ts.standard_used and not ts.full_round_used and ts.move_actions <= 1


def full_round_free(ts: TurnState) -> bool:
    """Whether the whole round is still unused (a 1.5 m step does not count)."""
    return not ts.full_round_used and not ts.standard_used and ts.move_actions == 0


def _economy(ts: TurnState, need: str, at: Square) -> Illegal | None:
    if need == "move" and not move_action_free(ts):
        return Illegal("PF1-MOVE-ACTION", "no move action left this round", at)
    if need == "standard" and not standard_free(ts):
        return Illegal("PF1-MOVE-ACTION", "the standard action of this round is used up", at)
    if need == "full" and not full_round_free(ts):
        return Illegal("PF1-FULLROUND-STEP", "a full-round action needs the whole round", at)
    return None


# --- helpers -----------------------------------------------------------------------------------


def squeezed_now(sit: Situation, unit: str) -> bool:
    """Whether the unit stands squeezed (PF1-SQUEEZE-PENALTY)."""
    c = sit.creature(unit)
    mover = Mover(sit, unit)
    return c.squeezed or mover.squeezed(*mover.start)


def escaping_now(sit: Situation, unit: str) -> bool:
    """Whether the unit is in a space narrower than squeezing allows (PF1-ESCAPE-ARTIST)."""
    mover = Mover(sit, unit)
    return mover.escaping(*mover.start)


def no_cover_from_ally(sit: Situation, unit: str, ally: str) -> bool:
    """PF1-ALLY-COVER: True when the unit shares a square with the ally, which then gives it no cover."""
    me, other = sit.creature(unit), sit.creature(ally)
    return not me.hostile_to(other) and bool(me.footprint() & other.footprint())


def _place_effects(unit: str, mover: Mover, pos: tuple[int, int, int], ts: TurnState) -> list[Effect]:
    dims = mover.dims(pos[2]) if pos[2] != FULL else None
    return [
        Effect("place", unit, value=((pos[0], pos[1]), dims)),
        Effect("set", unit, "squeezed", mover.squeezed(*pos)),
        Effect("turn", unit, value=ts),
    ]


def _moved_state(ts: TurnState, band: str, diags: int, cost: int) -> TurnState:
    used = {"move": 1, "double_move": 2}.get(band, 0)
    return replace(
        ts,
        diag=ts.diag + diags,
        move_actions=ts.move_actions + used,
        full_round_used=ts.full_round_used or band in ("run", "charge", "minimum_move"),
        moved=True,
        spent=ts.spent + cost,
    )


def _cut(ruling: Ruling, walk: Walk, n: int) -> tuple[Ruling, Walk]:
    """The first n steps of a movement (stopped by a failed check)."""
    steps = ruling.steps[:n]
    cost = sum(s.cost for s in steps)
    events = tuple(e for s in steps for e in s.events)
    cut_walk = Walk(cost, walk.positions[:n], walk.moves[:n], sum(m[3] for m in walk.moves[:n]), walk.split)
    return replace(ruling, cost=cost, steps=steps, events=events), cut_walk


def _finish_move(
    sit: Situation,
    unit: str,
    ruling: Ruling,
    walk: Walk,
    band: str,
    rng: random.Random,
    *,
    stop_before: frozenset[Square] = frozenset(),
    extra_rules: tuple[str, ...] = (),
    extra_events: tuple[Event, ...] = (),
    ts: TurnState | None = None,
) -> Ruling:
    """Roll the checks a path needs, stop it where one fails, and build the effects."""
    c = sit.creature(unit)
    ts = ts or current_turn(sit, unit)
    mover = Mover(sit, unit)
    events = list(extra_events)
    rules = list(extra_rules)
    stop_at: int | None = None
    for n, (pos, (_, flags, _, _)) in enumerate(zip(walk.positions, walk.moves, strict=True)):
        if stop_before and footprint(pos[:2], mover.dims(pos[2])) & stop_before:
            stop_at = n
            break
        if flags & F_ESCAPE:
            result = checks.escape_artist(rng, c)
            events.append(
                Event("check", checks.GB_CHECK, unit=unit, at=pos[:2], detail="Escape Artist " + result.text())
            )
            rules += ["PF1-ESCAPE-ARTIST", checks.GB_CHECK]
            if not result.success:
                stop_at = n
                break
        if flags & F_SKILL:
            result = checks.obstacle(rng, c)
            events.append(Event("check", checks.GB_CHECK, unit=unit, at=pos[:2], detail="obstacle " + result.text()))
            rules += ["PF1-OBSTACLE-SKILL", checks.GB_CHECK]
            if not result.success:
                stop_at = n
                break
    if stop_at is not None:
        ruling, walk = _cut(ruling, walk, stop_at)
    last = walk.positions[-1] if walk.positions else mover.start
    if stop_at is not None:
        stop_pos = walk.positions[-1] if walk.positions else mover.start
        if mover.end_fail(*stop_pos) is not None:
            anchor, dims = involuntary_stop(
                sit, unit, (stop_pos[:2], mover.dims(stop_pos[2])), (stop_pos[:2], mover.dims(stop_pos[2])), rng
            )
            last = (anchor[0], anchor[1], mover.orientation(dims))
            rules.append("PF1-ILLEGAL-END")
            events.append(
                Event("stopped", "PF1-ILLEGAL-END", unit=unit, at=anchor, detail="placed at the nearest legal square")
            )
    new_ts = _moved_state(ts, band, walk.diags, ruling.cost)
    all_events = list(ruling.events) + events
    if mover.squeezed(*last) and not any(e.kind == "squeeze" for e in all_events):
        all_events.append(Event("squeeze", "PF1-SQUEEZE-PENALTY", unit=unit, at=last[:2], detail="-4 attack, -4 AC"))
    if mover.escaping(*last):
        all_events.append(
            Event("escape_artist", "PF1-ESCAPE-ARTIST", unit=unit, at=last[:2], detail="no attacks, -4 AC, no Dex")
        )
    if not walk.positions and stop_at is not None:
        last = (last[0], last[1], last[2])
    return Ruling(
        cost=ruling.cost,
        unit_cm=UNIT_CM,
        rules=tuple(dict.fromkeys([*ruling.rules, *rules])),
        events=tuple(all_events),
        effects=tuple(_place_effects(unit, mover, last, new_ts)),
        steps=ruling.steps,
        band=band,
        message=ruling.message,
    )


# --- the actions -------------------------------------------------------------------------------


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one action of the pf1 ruleset."""
    kind = action.kind
    if kind == "end_turn":
        return Ruling(unit_cm=UNIT_CM, rules=(GB_ECONOMY,), message="end of turn")
    if kind in NOT_PF1 or kind not in ACTION_KINDS:
        return Illegal(GB_NO_ACTION, f"pf1 has no action called {kind!r}")
    if action.unit is None or action.unit not in sit.creatures:
        return Illegal(GB_ECONOMY, f"no unit {action.unit!r} on the board")
    c = sit.creature(action.unit)
    if c.helpless or c.defeated:
        return Illegal(GB_ECONOMY, f"{c.id} is helpless and cannot act", c.at)
    handler = _HANDLERS[kind]
    return handler(sit, action, rng)


def _path(action: Action) -> list[Square]:
    path = [tuple(sq) for sq in action.path]
    if not path and action.at is not None:
        path = [tuple(action.at)]
    return path  # type: ignore[return-value]


def _movement(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    refused = mode_fail(sit, unit, action.mode)
    if refused is not None:
        return refused
    switched = action.mode is not None and action.mode != c.mode
    if switched:
        c = c.evolve(mode=action.mode)
        sit = replace(sit, creatures={**sit.creatures, unit: c})
    speed = effective_speed(c)
    kind = action.kind
    if c.prone:
        return Illegal(GB_PRONE, "a prone creature must stand up before moving (house rule)", c.at)
    if ts.stepped:
        return Illegal("PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step this round", c.at)
    if kind == "move":
        fail = _economy(ts, "move", c.at)
        band = Band("move", speed)
    elif kind == "double_move":
        fail = (
            None
            if full_round_free(ts)
            else Illegal("PF1-DOUBLE-MOVE", "a double move needs both actions of the round", c.at)
        )
        band = Band("double_move", speed, split=True)
    else:
        fail = None if full_round_free(ts) else Illegal("PF1-RUN", "running takes the whole round", c.at)
        band = Band("run", speed * run_multiplier(c), run=True)
    if fail:
        return fail
    if speed <= 0:
        return Illegal("PF1-MOVE-ACTION", "speed is 0", c.at)
    result = judge(sit, unit, _path(action), [band])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    done = _finish_move(sit, unit, ruling, walk, band.name, rng)
    if switched:
        done = replace(done, effects=(*done.effects, Effect("set", unit, "mode", action.mode)))
    return done


def _step(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    path = _path(action)
    if ts.stepped:
        return Illegal("PF1-FIVE-FOOT-STEP", "only one 1.5 m step per round", c.at)
    if ts.moved:
        return Illegal("PF1-FIVE-FOOT-STEP", "a creature that moved this round cannot take the 1.5 m step", c.at)
    if len(path) != 1:
        return Illegal("PF1-FIVE-FOOT-STEP", "the 1.5 m step enters exactly one square", c.at)
    if c.prone:
        return Illegal(GB_PRONE, "a prone creature must stand up before moving (house rule)", c.at)
    result = judge(sit, unit, path, [Band("step", 1 << 20)])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    if ruling.cost > 1:
        return Illegal(
            "PF1-FULLROUND-STEP", f"the 1.5 m step cannot pay a cost of {ruling.cost}", path[0], cost=0, unit_cm=UNIT_CM
        )
    # the step never provokes
    steps = tuple(replace(s, events=tuple(e for e in s.events if e.rule != GB_PF_AOO)) for s in ruling.steps)
    ruling = replace(ruling, steps=steps, events=tuple(e for e in ruling.events if e.rule != GB_PF_AOO))
    new_ts = replace(ts, diag=ts.diag + walk.diags, moved=True, stepped=True, spent=ts.spent + 1)
    done = _finish_move(sit, unit, ruling, walk, "step", rng, extra_rules=("PF1-FIVE-FOOT-STEP",), ts=ts)
    effects = tuple(e if e.kind != "turn" else Effect("turn", unit, value=new_ts) for e in done.effects)
    return replace(done, effects=effects, rules=("PF1-FIVE-FOOT-STEP", *done.rules))


def minimum_move_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot take a minimum move now, whatever the path (asked by rule() and available())."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if effective_speed(c) <= 0:
        return Illegal("PF1-MIN-MOVE", "a creature that cannot move at all has no minimum move", c.at)
    if not full_round_free(ts) or ts.moved or ts.stepped:
        return Illegal("PF1-MIN-MOVE", "the minimum move takes the whole round and no other movement", c.at)
    if c.prone:
        return Illegal(GB_PRONE, "a prone creature must stand up before moving (house rule)", c.at)
    return None


def _minimum_move(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    path = _path(action)
    refused = minimum_move_precheck(sit, unit)
    if refused is not None:
        return refused
    if len(path) != 1:
        return Illegal("PF1-MIN-MOVE", "the minimum move enters exactly one square", c.at)
    result = judge(sit, unit, path, [Band("minimum_move", 1 << 20)])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    steps = tuple(replace(s, cost=1, rules=("PF1-MIN-MOVE", *s.rules)) for s in ruling.steps)
    ruling = replace(ruling, cost=1, steps=steps, rules=("PF1-MIN-MOVE", *ruling.rules))
    return _finish_move(sit, unit, ruling, walk, "minimum_move", rng)


def _through_move(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    rule_id = "PF1-OVERRUN" if action.kind == "overrun" else "PF1-TUMBLE"
    target_id = action.through or action.target
    if target_id is None or target_id not in sit.creatures:
        return Illegal(rule_id, f"{action.kind} needs `through`: the opponent to pass", c.at)
    target = sit.creature(target_id)
    if not c.hostile_to(target):
        return Illegal(rule_id, f"{target_id} is not an opponent (allies can be passed anyway)", c.at)
    if target.fills_space:
        return Illegal("PF1-FILLS-SPACE", f"{target_id} fills its space; nobody gets past it", target.at)
    if action.kind == "tumble" and not c.acrobatics:
        return Illegal("PF1-TUMBLE", "only a creature trained in Acrobatics can tumble", c.at)
    fail = _economy(ts, "move", c.at)
    if fail or ts.stepped:
        return fail or Illegal("PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step", c.at)
    if c.prone:
        return Illegal(GB_PRONE, "a prone creature must stand up before moving (house rule)", c.at)
    path = _path(action)
    mover = Mover(sit, unit)
    their = target.footprint()
    result = judge(sit, unit, path, [Band("move", effective_speed(c))], through=(target_id,), through_rule=rule_id)
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    if not any(footprint(p[:2], mover.dims(p[2])) & their for p in walk.positions):
        return Illegal(rule_id, f"the path does not pass through {target_id}", path[-1])
    check = checks.maneuver(rng, c, target)
    event = Event(action.kind, checks.GB_CHECK, unit=unit, by=target_id, detail=check.text())
    rules = (rule_id, checks.GB_CHECK)
    if check.success:
        return _finish_move(sit, unit, ruling, walk, "move", rng, extra_rules=rules, extra_events=(event,))
    return _finish_move(
        sit,
        unit,
        ruling,
        walk,
        "move",
        rng,
        stop_before=their,
        extra_rules=(*rules, "PF1-ILLEGAL-END"),
        extra_events=(event,),
    )


def _attack_mods(sit: Situation, attacker: str, target: str) -> tuple[int, int, tuple[str, ...]]:
    bonus, ac, ids = 0, 0, []
    if squeezed_now(sit, attacker):
        bonus += SQUEEZE_PENALTY
        ids.append("PF1-SQUEEZE-PENALTY")
    if sit.creature(attacker).prone:
        bonus += PRONE_PENALTY
        ids.append(GB_PRONE)
    if escaping_now(sit, target):
        # −4 and the Dex part of the defence while Dex is denied (`dex_ac`, revised 2026-12-02)
        ac += ESCAPE_AC_PENALTY - sit.creature(target).dex_ac
        ids.append("PF1-ESCAPE-ARTIST")
    elif squeezed_now(sit, target):
        ac += SQUEEZE_PENALTY
        ids.append("PF1-SQUEEZE-PENALTY")
    if sit.creature(target).prone:
        ac += PRONE_PENALTY
        ids.append(GB_PRONE)
    other = sit.turns.get(target)
    if isinstance(other, TurnState) and other.charged:
        ac += CHARGE_AC_PENALTY
        ids.append(GB_CHARGE)
    return bonus, ac, tuple(ids)


def in_reach(
    sit: Situation, unit: str, target: str, anchor: Square | None = None, dims: tuple[int, int] | None = None
) -> bool:
    """Whether the target is within the unit's reach (PF1-DIAG distance between footprints)."""
    c = sit.creature(unit)
    mine = footprint(anchor or c.at, dims or c.dims)
    return footprint_distance(mine, sit.creature(target).footprint(), pf1_distance) <= reach_squares(c.reach)


def _target_fail(sit: Situation, unit: str, target: str | None, at: Square) -> Illegal | None:
    if target is None or target not in sit.creatures or target == unit:
        return Illegal("GB-ATTACK", f"no target {target!r} to attack", at)
    if sit.creature(target).defeated:
        return Illegal("GB-ATTACK", f"{target} is already down", at)
    return None


def _attack(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    fail = _target_fail(sit, unit, action.target, c.at) or _economy(ts, "standard", c.at)
    if fail:
        return fail
    assert action.target is not None
    if escaping_now(sit, unit):
        return Illegal("PF1-ESCAPE-ARTIST", "a creature wriggling through a too-narrow space cannot attack", c.at)
    if not in_reach(sit, unit, action.target):
        return Illegal("GB-ATTACK", f"{action.target} is out of reach", sit.creature(action.target).at)
    bonus, ac, ids = _attack_mods(sit, unit, action.target)
    hit = resolve_attack("pf1", c, sit.creature(action.target), rng, rules=ids, bonus=bonus, defense_bonus=ac)
    new_ts = replace(ts, standard_used=True)
    return replace(hit, unit_cm=UNIT_CM, effects=(*hit.effects, Effect("turn", unit, value=new_ts)))


def _charge(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    fail = _target_fail(sit, unit, action.target, c.at)
    if fail:
        return fail
    assert action.target is not None
    if not full_round_free(ts) or ts.stepped or ts.moved:
        return Illegal(GB_CHARGE, "a charge takes the whole round and no other movement", c.at)
    if c.prone:
        return Illegal(GB_PRONE, "a prone creature must stand up before moving (house rule)", c.at)
    speed = effective_speed(c)
    if speed <= 0:
        return Illegal(GB_CHARGE, "speed is 0", c.at)
    path = _path(action)
    if not path:
        return Illegal(GB_CHARGE, "a charge needs a path", c.at)
    result = judge(sit, unit, path, [Band("charge", 2 * speed, run=True, charge=True)])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    mover = Mover(sit, unit)
    last = walk.positions[-1]
    if not in_reach(sit, unit, action.target, last[:2], mover.dims(last[2])):
        return Illegal(GB_CHARGE, f"the charge must end with {action.target} in reach", last[:2], cost=ruling.cost)
    new_ts = replace(_moved_state(ts, "charge", walk.diags, ruling.cost), charged=True)
    moved = _finish_move(sit, unit, ruling, walk, "charge", rng, extra_rules=("PF1-ALLY", GB_CHARGE), ts=ts)
    creatures = dict(sit.creatures)
    creatures[unit] = c.evolve(at=last[:2], space=mover.dims(last[2]) if last[2] != FULL else None)
    after = replace(sit, creatures=creatures)
    bonus, ac, ids = _attack_mods(after, unit, action.target)
    hit = resolve_attack(
        "pf1",
        creatures[unit],
        sit.creature(action.target),
        rng,
        rules=(GB_CHARGE, *ids),
        bonus=bonus + CHARGE_ATTACK_BONUS,
        defense_bonus=ac,
    )
    effects = [e if e.kind != "turn" else Effect("turn", unit, value=new_ts) for e in moved.effects]
    return replace(
        moved,
        rules=tuple(dict.fromkeys([*moved.rules, *hit.rules])),
        events=(*moved.events, *hit.events),
        effects=(*effects, *hit.effects),
        band="charge",
    )


def _drop_prone(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    if c.prone:
        return Illegal(GB_PRONE, f"{unit} is already prone", c.at)
    return Ruling(
        unit_cm=UNIT_CM, rules=(GB_PRONE,), effects=(Effect("set", unit, "prone", True),), message="drops prone (free)"
    )


def _stand_up(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if not c.prone:
        return Illegal(GB_PRONE, f"{unit} is not prone", c.at)
    fail = _economy(ts, "move", c.at)
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
        return Illegal(GB_DOOR, "interact needs `at`: a door square on the map", c.at)
    at = (at[0], at[1])
    terrain = sit.board.terrain(at)
    if not terrain.door:
        return Illegal(GB_DOOR, f"there is no door at {list(at)}", at)
    if min(chebyshev(sq, at) for sq in c.footprint()) != 1:
        return Illegal(GB_DOOR, "the door must be next to the unit", at)
    fail = _economy(ts, "move", c.at)
    if fail:
        return fail
    opening = "door_closed" in terrain.kinds
    if not opening and any(at in o.footprint() for o in sit.creatures.values()):
        return Illegal(GB_DOOR, "a door cannot be closed on a creature", at)
    new = DEFAULT_LEGEND["/"] if opening else DEFAULT_LEGEND["+"]
    new_ts = replace(ts, move_actions=ts.move_actions + 1)
    return Ruling(
        unit_cm=UNIT_CM,
        rules=(GB_DOOR, "PF1-MOVE-ACTION"),
        effects=(Effect("board", key=f"{at[0]},{at[1]}", value=new), Effect("turn", unit, value=new_ts)),
        message=("opens" if opening else "closes") + f" the door at {list(at)} (a move action)",
    )


_HANDLERS = {
    "move": _movement,
    "double_move": _movement,
    "run": _movement,
    "step": _step,
    "minimum_move": _minimum_move,
    "overrun": _through_move,
    "tumble": _through_move,
    "attack": _attack,
    "charge": _charge,
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
    helpless = Illegal(GB_ECONOMY, f"{unit} is helpless", c.at) if c.helpless or c.defeated else None
    cannot_move = None
    if c.prone:
        cannot_move = Illegal(GB_PRONE, "stand up first (house rule)", c.at)
    elif ts.stepped:
        cannot_move = Illegal("PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step", c.at)
    elif speed <= 0:
        cannot_move = no_band_reason(sit, unit)
    enemies = [o for o in sit.others(unit) if c.hostile_to(o) and not o.defeated]
    for kind in ACTION_KINDS:
        why: Illegal | None
        if kind in NOT_PF1:
            why = Illegal(GB_NO_ACTION, f"pf1 has no action called {kind!r}")
        elif kind == "end_turn":
            why = None
        elif kind in ("move", "overrun", "tumble"):
            why = cannot_move or _economy(ts, "move", c.at)
            if why is None and kind == "tumble" and not c.acrobatics:
                why = Illegal("PF1-TUMBLE", "not trained in Acrobatics", c.at)
        elif kind == "double_move":
            why = cannot_move or (
                None if full_round_free(ts) else Illegal("PF1-DOUBLE-MOVE", "needs both actions", c.at)
            )
        elif kind == "minimum_move":
            why = minimum_move_precheck(sit, unit)
        elif kind in ("run", "charge"):
            why = cannot_move or (
                None
                if full_round_free(ts) and not ts.moved
                else Illegal("PF1-RUN" if kind == "run" else "PF1-MIN-MOVE", "needs the whole round", c.at)
            )
            if why is None and kind == "charge" and not enemies:
                why = Illegal(GB_CHARGE, "no opponent to charge", c.at)
        elif kind == "step":
            why = (
                None
                if not (ts.moved or ts.stepped or c.prone)
                else Illegal("PF1-FIVE-FOOT-STEP", "already moved this round", c.at)
            )
        elif kind == "attack":
            why = _economy(ts, "standard", c.at)
            if why is None and escaping_now(sit, unit):
                why = Illegal("PF1-ESCAPE-ARTIST", "cannot attack while squeezing through a too-narrow space", c.at)
            if why is None and not any(in_reach(sit, unit, e.id) for e in enemies):
                why = Illegal("GB-ATTACK", "no opponent in reach", c.at)
        elif kind == "drop_prone":
            why = None if not c.prone else Illegal(GB_PRONE, "already prone", c.at)
        elif kind == "stand_up":
            why = Illegal(GB_PRONE, "not prone", c.at) if not c.prone else _economy(ts, "move", c.at)
        elif kind == "interact":
            why = _economy(ts, "move", c.at)
            if why is None and not _door_near(sit, unit):
                why = Illegal(GB_DOOR, "no door next to the unit", c.at)
        else:
            why = Illegal(GB_NO_ACTION, f"pf1 has no action called {kind!r}")
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


__all__ = ["available", "in_reach", "no_cover_from_ally", "rule"]
