"""PF1 movement actions: move, double move, run, the 1.5 m step, the minimum move, overrun and tumble."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from rules.actions import Action
from rules.core import Effect, Event, Illegal, Ruling, Situation, Square, footprint, values
from rules.pf1 import checks
from rules.pf1.economy import economy_refusal, full_round_free
from rules.pf1.finish_move import action_path, finish_move
from rules.pf1.movement import (
    GB_PF_AOO,
    UNIT_CM,
    Band,
    judge,
    mode_fail,
    prone_refusal,
)
from rules.pf1.space import Mover
from rules.pf1.speed import movement_speed as effective_speed
from rules.pf1.speed import run_multiplier
from rules.pf1.traits import traits
from rules.pf1.turn import current_turn


def movement_precheck(sit: Situation, unit: str, kind: str, mode: str | None = None) -> Illegal | None:
    """Why the unit cannot take a move, double move or run now, whatever the path (rule() and available())."""
    refused = mode_fail(sit, unit, mode)
    if refused is not None:
        return refused
    c = sit.creature(unit)
    if mode is not None and mode != c.mode:
        c = c.evolve(mode=mode)
    ts = current_turn(sit, unit)
    if c.prone:
        return prone_refusal(c)
    if ts.stepped:
        return Illegal(
            "PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step this round", c.at, reason="pf1.after_step"
        )
    if kind == "move":
        fail = economy_refusal(ts, "move", c.at)
    elif kind == "double_move":
        fail = (
            None
            if full_round_free(ts)
            else Illegal(
                "PF1-DOUBLE-MOVE",
                "a double move needs both actions of the round",
                c.at,
                reason="pf1.needs_both_actions",
            )
        )
    else:
        fail = (
            None
            if full_round_free(ts)
            else Illegal("PF1-RUN", "running takes the whole round", c.at, reason="pf1.run_whole_round")
        )
    if fail:
        return fail
    if effective_speed(c) <= 0:
        return Illegal("PF1-MOVE-ACTION", "speed is 0", c.at, reason="pf1.speed_zero")
    return None


def rule_movement(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on a move, double move or run (PF1-MOVE-ACTION, PF1-DOUBLE-MOVE, PF1-RUN)."""
    unit = action.unit
    assert unit is not None
    refused = movement_precheck(sit, unit, action.kind, action.mode)
    if refused is not None:
        return refused
    c = sit.creature(unit)
    switched = action.mode is not None and action.mode != c.mode
    if switched:
        c = c.evolve(mode=action.mode)
        sit = replace(sit, creatures={**sit.creatures, unit: c})
    speed = effective_speed(c)
    if action.kind == "move":
        band = Band("move", speed)
    elif action.kind == "double_move":
        band = Band("double_move", speed, split=True)
    else:
        band = Band("run", speed * run_multiplier(c), run=True)
    result = judge(sit, unit, action_path(action), [band])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    done = finish_move(sit, unit, ruling, walk, band.name, rng)
    if switched:
        done = replace(done, effects=(*done.effects, Effect("set", unit, "mode", action.mode)))
    return done


def judge_move(sit: Situation, unit: str, path: Sequence[Square]) -> Ruling | Illegal:
    """The path judged as one move action in the unit's own mode, before any die: what rule_movement judges
    of a move along it (the same judgement, kept for the situation: rules/pf1/judged.py)."""
    result = judge(sit, unit, [tuple(sq) for sq in path], [Band("move", effective_speed(sit.creature(unit)))])
    return result if isinstance(result, Illegal) else result[0]


def step_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot take the 1.5 m step now, whatever the square (rule() and available())."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if ts.stepped:
        return Illegal("PF1-FIVE-FOOT-STEP", "only one 1.5 m step per round", c.at, reason="pf1.one_step")
    if ts.moved:
        return Illegal(
            "PF1-FIVE-FOOT-STEP",
            "a creature that moved this round cannot take the 1.5 m step",
            c.at,
            reason="pf1.moved_no_step",
        )
    if c.prone:
        return prone_refusal(c)
    return None


def rule_step(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on the 1.5 m step (PF1-FIVE-FOOT-STEP)."""
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    path = action_path(action)
    # the action's shape first: a malformed step is refused under PF1-FIVE-FOOT-STEP whatever the unit's state
    if len(path) != 1:
        return Illegal(
            "PF1-FIVE-FOOT-STEP", "the 1.5 m step enters exactly one square", c.at, reason="pf1.step_one_square"
        )
    refused = step_precheck(sit, unit)
    if refused is not None:
        return refused
    result = judge(sit, unit, path, [Band("step", 1 << 20)])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    if ruling.cost > 1:
        return Illegal(
            "PF1-FULLROUND-STEP",
            f"the 1.5 m step cannot pay a cost of {ruling.cost}",
            path[0],
            cost=0,
            unit_cm=UNIT_CM,
            reason="pf1.step_too_dear",
            params=values(cost_m=ruling.cost * UNIT_CM / 100),
        )
    # the step never provokes
    steps = tuple(replace(s, events=tuple(e for e in s.events if e.rule != GB_PF_AOO)) for s in ruling.steps)
    ruling = replace(ruling, steps=steps, events=tuple(e for e in ruling.events if e.rule != GB_PF_AOO))
    new_ts = replace(ts, diag=ts.diag + walk.diags, moved=True, stepped=True, spent=ts.spent + 1)
    done = finish_move(sit, unit, ruling, walk, "step", rng, extra_rules=("PF1-FIVE-FOOT-STEP",), ts=ts)
    effects = tuple(e if e.kind != "turn" else Effect("turn", unit, value=new_ts) for e in done.effects)
    return replace(done, effects=effects, rules=("PF1-FIVE-FOOT-STEP", *done.rules))


def minimum_move_precheck(sit: Situation, unit: str) -> Illegal | None:
    """Why the unit cannot take a minimum move now, whatever the path (asked by rule() and available())."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if effective_speed(c) <= 0:
        return Illegal(
            "PF1-MIN-MOVE",
            "a creature that cannot move at all has no minimum move",
            c.at,
            reason="pf1.min_move_immobile",
        )
    if not full_round_free(ts) or ts.moved or ts.stepped:
        return Illegal(
            "PF1-MIN-MOVE",
            "the minimum move takes the whole round and no other movement",
            c.at,
            reason="pf1.min_move_whole_round",
        )
    if c.prone:
        return prone_refusal(c)
    return None


def rule_minimum_move(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on the minimum move of one square (PF1-MIN-MOVE)."""
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    path = action_path(action)
    refused = minimum_move_precheck(sit, unit)
    if refused is not None:
        return refused
    if len(path) != 1:
        return Illegal(
            "PF1-MIN-MOVE", "the minimum move enters exactly one square", c.at, reason="pf1.min_move_one_square"
        )
    result = judge(sit, unit, path, [Band("minimum_move", 1 << 20)])
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    steps = tuple(replace(s, cost=1, rules=("PF1-MIN-MOVE", *s.rules)) for s in ruling.steps)
    ruling = replace(ruling, cost=1, steps=steps, rules=("PF1-MIN-MOVE", *ruling.rules))
    return finish_move(sit, unit, ruling, walk, "minimum_move", rng)


def through_precheck(sit: Situation, unit: str, kind: str) -> Illegal | None:
    """Why the unit cannot overrun or tumble now, whatever the opponent (rule() and available())."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if kind == "tumble" and not traits(c).acrobatics:
        return Illegal(
            "PF1-TUMBLE", "only a creature trained in Acrobatics can tumble", c.at, reason="pf1.no_acrobatics"
        )
    fail = economy_refusal(ts, "move", c.at)
    if fail or ts.stepped:
        return fail or Illegal("PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step", c.at, reason="pf1.after_step")
    if c.prone:
        return prone_refusal(c)
    return None


def rule_through_move(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on an overrun or tumble through an opponent (PF1-OVERRUN, PF1-TUMBLE)."""
    unit = action.unit
    assert unit is not None
    c = sit.creature(unit)
    rule_id = "PF1-OVERRUN" if action.kind == "overrun" else "PF1-TUMBLE"
    target_id = action.through or action.target
    if target_id is None or target_id not in sit.creatures:
        return Illegal(
            rule_id,
            f"{action.kind} needs `through`: the opponent to pass",
            c.at,
            reason="pf1.needs_through",
            params=values(action=action.kind),
        )
    target = sit.creature(target_id)
    if not c.hostile_to(target):
        return Illegal(
            rule_id,
            f"{target_id} is not an opponent (allies can be passed anyway)",
            c.at,
            reason="pf1.pass_not_opponent",
            params=values(target=target_id),
        )
    if traits(target).fills_space:
        return Illegal(
            "PF1-FILLS-SPACE",
            f"{target_id} fills its space; nobody gets past it",
            target.at,
            reason="pf1.fills_space_past",
            params=values(target=target_id),
        )
    refused = through_precheck(sit, unit, action.kind)
    if refused is not None:
        return refused
    path = action_path(action)
    mover = Mover(sit, unit)
    their = target.footprint()
    result = judge(sit, unit, path, [Band("move", effective_speed(c))], through=(target_id,), through_rule=rule_id)
    if isinstance(result, Illegal):
        return result
    ruling, walk, _ = result
    if not any(footprint(p[:2], mover.dims(p[2])) & their for p in walk.positions):
        return Illegal(
            rule_id,
            f"the path does not pass through {target_id}",
            path[-1],
            reason="pf1.not_through",
            params=values(target=target_id),
        )
    check = checks.maneuver(rng, c, target)
    event = Event(action.kind, checks.GB_CHECK, unit=unit, by=target_id, detail=check.text())
    rules = (rule_id, checks.GB_CHECK)
    if check.success:
        return finish_move(sit, unit, ruling, walk, "move", rng, extra_rules=rules, extra_events=(event,))
    return finish_move(
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
