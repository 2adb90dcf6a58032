"""Availability derived from the rules: on random situations of the shipped levels, the action bar
(available()) and rule() agree for every action kind of every ruleset.

Whenever available() refuses a kind, rule() refuses a representative action of that kind with the
same rule id; whenever it allows a kind whose concrete actions the rules themselves enumerate
(reachable squares, opponents, adjacent doors, actions without a target), at least one of them is legal.
"""

from __future__ import annotations

import random
from functools import cache

from conftest import LEVELS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.battle.match import Match
from game.levels.level import load_level
from rules import effects
from rules.actions import ACTION_KINDS, Action
from rules.core import Effect, Illegal, Ruling, Situation, Square
from rules.ruleset import Ruleset, get_ruleset

LEVEL_FILES = sorted(p.name for p in LEVELS.glob("*.toml"))
MOVES = ("move", "double_move", "run", "dash")
TARGETED = ("attack", "engage", "sneak_attack", "charge")
THROUGH = ("overrun", "tumble")
NOW = ("drop_prone", "stand_up", "end_turn")
ENUMERATED = (*MOVES, "attack", "engage", "sneak_attack", "interact", *NOW)
"""Kinds whose concrete actions the rules enumerate; the others (a step's square, a charge's line,
an overrun's path) are free-form, so only the refusal direction is checked for them."""


@cache
def start(level: str) -> Situation:
    """The situation a shipped level starts in."""
    match = Match(load_level(LEVELS / level), seed=0)
    try:
        return match.situation()
    finally:
        match.close()


def foes(sit: Situation, unit: str) -> list[str]:
    """The unit's opponents still standing, by id."""
    me = sit.creature(unit)
    return sorted(o.id for o in sit.creatures.values() if o.id != unit and me.hostile_to(o) and not o.defeated)


def neighbours(sit: Situation, unit: str) -> list[Square]:
    """Squares next to the unit's space, on the board."""
    c = sit.creature(unit)
    fp = set(c.footprint())
    ring = {(x + dx, y + dy) for x, y in fp for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - fp
    return sorted(sq for sq in ring if sit.board.in_bounds(sq))


def doors(sit: Situation, unit: str) -> list[Square]:
    """Door squares next to the unit."""
    return [sq for sq in neighbours(sit, unit) if sit.board.terrain(sq).door]


def concrete(rs: Ruleset, sit: Situation, unit: str, kind: str) -> list[Action]:
    """The actions of `kind` the rules themselves enumerate for the unit now."""
    if kind in NOW:
        return [Action(kind, unit)]
    if kind in MOVES:
        paths = [Action(kind, unit, path=tuple(r.path)) for r in rs.reachable(sit, unit) if r.band == kind and r.path]
        if kind == "dash":
            paths.insert(0, Action("dash", unit))
            paths += [Action("dash", unit, path=tuple(r.path)) for r in rs.reachable(sit, unit) if r.path]
        return paths
    if kind in ("attack", "engage", "sneak_attack"):
        return [Action(kind, unit, target=foe) for foe in foes(sit, unit)]
    if kind == "interact":
        return [Action(kind, unit, at=sq) for sq in doors(sit, unit)]
    return []


def representatives(rs: Ruleset, sit: Situation, unit: str, kind: str) -> list[Action]:
    """The actions of `kind` a player would try when the bar refuses it: one, or each step out of a box."""
    if kind in MOVES and not concrete(rs, sit, unit, kind):
        found = [r for r in rs.reachable(sit, unit) if r.path]
        if found:
            return [Action(kind, unit, path=tuple(found[0].path))]
        if kind != "dash":  # walled in: a step to each neighbouring square
            return [Action(kind, unit, path=(sq,)) for sq in neighbours(sit, unit)] or [Action(kind, unit)]
    return [representative(rs, sit, unit, kind)]


def representative(rs: Ruleset, sit: Situation, unit: str, kind: str) -> Action:
    """One action of `kind` as a player would ask it: the first enumerated one, else a plain one."""
    found = concrete(rs, sit, unit, kind)
    if found:
        return found[0]
    first_foe = next(iter(foes(sit, unit)), None)
    if kind in MOVES or kind in ("step", "minimum_move"):
        return Action(kind, unit, path=tuple(neighbours(sit, unit)[:1]))
    if kind in TARGETED:
        return Action(kind, unit, target=first_foe)
    if kind in THROUGH:
        return Action(kind, unit, through=first_foe)
    if kind == "interact":  # no door next to the unit: the square next to it a player would try
        return Action(kind, unit, at=next(iter(neighbours(sit, unit)), None))
    return Action(kind, unit)


def played(rs: Ruleset, sit: Situation, rng: random.Random, steps: int) -> Situation:
    """The situation after `steps` random legal actions (or turn ends) of random units."""
    dice = random.Random(rng.random())
    for _ in range(steps):
        units = sorted(u for u, c in sit.creatures.items() if not c.defeated)
        if not units:
            break
        unit = rng.choice(units)
        allowed = [k for k, why in rs.available(sit, unit).items() if why is None and k in ENUMERATED]
        kind = rng.choice(allowed) if allowed else "end_turn"
        if kind == "end_turn":
            sit = effects.apply(sit, (Effect("turn", unit, value=rs.new_turn(sit, unit)),))
            continue
        options = concrete(rs, sit, unit, kind)
        rng.shuffle(options)
        for action in options[:4]:
            ruling = rs.rule(sit, action, dice)
            if isinstance(ruling, Ruling):
                sit = effects.apply(sit, ruling.effects)
                break
    return sit


TWEAKS = st.lists(
    st.sampled_from(
        (("speed", 0.0), ("prone", True), ("prone", False), ("helpless", True), ("squeezed", True), ("mode", "crawl"))
    ),
    max_size=2,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(LEVEL_FILES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 8), tweaks=TWEAKS)
def test_the_action_bar_and_rule_agree_on_every_action_kind(level: str, seed: int, steps: int, tweaks: list) -> None:
    sit = start(level)
    rs = get_ruleset(sit.ruleset)
    rng = random.Random(seed)
    sit = played(rs, sit, rng, steps)
    units = sorted(sit.creatures)
    unit = rng.choice(units)
    if tweaks:
        sit = effects.apply(sit, tuple(Effect("set", unit, key, value) for key, value in tweaks))
    if not foes(sit, unit):
        return  # the match is over: nobody asks the bar
    bar = rs.available(sit, unit)
    assert set(bar) == set(ACTION_KINDS)
    for kind, why in bar.items():
        if rs.precheck(sit, unit, kind) is not None:
            assert why is not None, f"{kind}: the precheck refuses, the bar must too"
        if why is not None:
            actions = representatives(rs, sit, unit, kind)
            ruled = [rs.rule(sit, action, random.Random(0)) for action in actions]
            assert all(isinstance(r, Illegal) for r in ruled), f"{kind}: the bar refuses ({why.rule}), rule() allows"
            ids = [r.rule for r in ruled if isinstance(r, Illegal)]
            assert why.rule in ids, f"{kind} {actions}: bar {why.rule} ({why.message}), rule() {ids}"
        elif kind in ENUMERATED:
            options = concrete(rs, sit, unit, kind)
            if not options:
                continue  # allowed by the precheck, nowhere to go: every refusal is about the path
            results = [rs.rule(sit, a, random.Random(0)) for a in options]
            assert any(isinstance(r, Ruling) for r in results), (
                f"{kind}: the bar allows it, yet rule() refuses every one: "
                + "; ".join(f"{r.rule} {r.message}" for r in results if isinstance(r, Illegal))
            )


def test_a_speed_0_pf1_unit_sees_the_same_refusal_on_the_bar_as_from_rule() -> None:
    """A drift once seen: the bar cited PF1-MOVE-ACTION while rule() refused with PF1-MIN-MOVE."""
    sit = start("pf1_bridge.toml")
    unit = sorted(sit.creatures)[0]
    sit = effects.apply(sit, (Effect("set", unit, "speed", 0.0),))
    rs = get_ruleset("pf1")
    bar = rs.available(sit, unit)
    for kind in ("move", "double_move", "run", "minimum_move", "charge"):
        ruled = rs.rule(sit, representative(rs, sit, unit, kind), random.Random(0))
        assert isinstance(bar[kind], Illegal) and isinstance(ruled, Illegal)
        assert bar[kind].rule == ruled.rule, kind
    assert bar["minimum_move"].rule == "PF1-MIN-MOVE"
