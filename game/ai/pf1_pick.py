"""The script hard's side plays in pf1: normal's, but quiet where it cannot strike, and striking by the priority pick.

Normal's pf1 script (game/ai/pf1.py) closes in as far as it can: on pf1_bridge the hunters run and double-move across
the bridge in their first turn and end next to the ogre's band without striking, so every blow of the first round is
the monsters'. This script keeps normal's steps, charges and moves into reach, but a unit that cannot strike this turn
does not end its move within an enemy's reach (PF1_QUIET), and in the first rounds not within its charge either
(PF1_WAIT_ROUNDS); and a unit in reach of several enemies strikes the one with the most weight (the search's
`power_weights`) per hit point left, Lanchester's priority (game/ai/priority.py), not the one with the fewest hit
points.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace

import rules.pf1 as pf1
from game.ai import pf1 as script
from game.ai import portfolio, scoring
from game.ai.context import Ctx, open_door_towards
from game.ai.navigation import walk_gap
from game.ai.scoring import COST_WEIGHT, PROBES, footprint_at, hunt_choice, provokes
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Creature, Ruling, Situation, Square
from rules.pf1.economy import standard_free
from rules.pf1.movement import Threat, threats, threats_at

PICK_RULESETS = frozenset({"pf1"})
"""The rulesets whose script this module plays for hard's side: pf1's (game/ai/pf1.py), whose strikes are plain
attacks and charges (priority.PRIORITY_RULESETS holds the rulesets where hard's side plays its pick)."""

PF1_QUIET = True
"""Whether a unit of hard's side whose move or run would end within an enemy's reach without striking this turn (a
run, a second move action, a move into the reach of an enemy out of its own) stops instead on the square of the same
band nearest its enemy outside every enemy's reach, or holds when there is none: the enemy must then come to it, and
its blows no longer land first on a unit that cannot answer (normal's hunters on pf1_bridge run across the bridge
into the ogre's band)."""

PF1_WAIT_ROUNDS = 2
"""With PF1_QUIET, in the first this many rounds "within an enemy's reach" means within what it can strike next
turn (`scoring.strike_span`: a charge of twice its speed, PF1-CHARGE, then its reach, as the crow flies): hard's
side waits where it stands unless it can strike this turn, and the enemy who comes to it ends its move there, or
charges, one unit after another. After these rounds only the reach counts, so that two sides never wait out the
round limit (pf1_corridors' hunters did, waiting without the bound)."""


def _exposed(ctx: Ctx, found: list[Threat], foes: list[Creature], at: Square, dims: tuple[int, int]) -> bool:
    """Whether a footprint at `at` lies within an enemy's reach (in the first PF1_WAIT_ROUNDS: its charge and reach)."""
    if ctx.sit.round > PF1_WAIT_ROUNDS:
        return bool(threats_at(found, at, dims))
    return any(portfolio.gap_at(ctx.me, at, f) <= scoring.strike_span(f, charges=True) for f in foes)


def _strikes_nobody(ctx: Ctx, action: Action) -> bool:
    """Whether the unit ends `action` (a move or a run) in some enemy's reach and cannot strike anyone from there."""
    me = ctx.me
    end = action.path[-1]
    at = (end[0], end[1])
    dims = me.dims if len(end) < 4 else (end[2], end[3])
    if not _exposed(ctx, threats(ctx.sit, ctx.unit), ctx.foes(), at, dims):
        return False
    ts = ctx.sit.turns.get(ctx.unit)
    if not isinstance(ts, pf1.TurnState):
        ts = pf1.new_turn(ctx.sit, ctx.unit)
    if action.kind == "run" or ts.move_actions > 0 or not standard_free(ts):
        return True  # a run, or a second move action (which spends the standard action): no blow this turn
    return not any(pf1.in_reach(ctx.sit, ctx.unit, f.id, at, dims) for f in ctx.foes())


def _quiet(ctx: Ctx, action: Action) -> Action | None:
    """The move of `action`'s band to the square nearest the hunted enemy on foot outside every enemy's reach (then
    the cheapest), if it is nearer than the unit stands; else a door on the way, or None (the unit holds)."""
    me = ctx.me
    band = "run" if action.kind == "run" else "move"
    target = hunt_choice(ctx.sit.board, me, ctx.foes())
    board, goal = ctx.sit.board, target.footprint()
    now = walk_gap(board, goal, me.footprint())
    found, foes = threats(ctx.sit, ctx.unit), ctx.foes()
    scored = []
    for r in ctx.reachable():
        if r.band != band or _exposed(ctx, found, foes, r.at, me.dims):
            continue
        d = walk_gap(board, goal, footprint_at(me, r.at))
        if d < now:
            scored.append((d + r.cost * COST_WEIGHT, r))
    scored.sort(key=lambda sr: (sr[0], sr[1].at[1], sr[1].at[0]))
    for _, r in scored[:PROBES]:
        result = ctx.measure(ctx.sit, r.path)
        if isinstance(result, Ruling) and not provokes(result):  # no walk past an enemy's blows to stand quiet
            return Action(action.kind, ctx.unit, r.path)
    return open_door_towards(ctx, goal, now)


def _scripted(ctx: Ctx) -> tuple[Action | None, bool]:
    """Normal's choice for the unit made quiet (PF1_QUIET), and whether it holds only because every move normal's
    script would make ends in an enemy's reach without a blow and no quieter square is nearer its enemy."""
    chosen = script.choose(ctx)
    if PF1_QUIET and chosen is not None and chosen.kind in ("move", "run") and _strikes_nobody(ctx, chosen):
        quiet = _quiet(ctx, chosen)
        return quiet, quiet is None
    return chosen, False


def pick_options(
    snap: Snapshot,
    unit: str,
    rng: random.Random,
    weigh: Callable[[Situation], Mapping[str, float]],
    pick: Callable[[list[Creature], Mapping[str, float]], Creature],
) -> list[Action]:
    """The unit's next action by normal's pf1 script, quiet (PF1_QUIET) and with an attack re-targeted at `pick`'s
    enemy among those in reach."""
    ctx = Ctx(snap.sit, snap.ruleset, unit, rng)
    chosen, _ = _scripted(ctx)
    if chosen is None:
        return []
    if chosen.kind == "attack":
        near = [f for f in ctx.foes() if pf1.in_reach(snap.sit, unit, f.id)]
        if len(near) > 1:
            chosen = replace(chosen, target=pick(near, weigh(snap.sit)).id)
    return [chosen]


def waits_out_charge(snap: Snapshot, unit: str) -> bool:
    """Whether hard's pf1 side script holds `unit` to wait out the enemies' charge: in the first PF1_WAIT_ROUNDS of a
    game by sides, normal's script would end its move where an enemy can charge it without striking, and no quieter
    square is nearer its enemy (the explanation's reason for such a hold; normal's own holds are never this)."""
    if not PF1_QUIET or snap.ruleset_name not in PICK_RULESETS or snap.mode == "initiative":
        return False
    if snap.sit.round > PF1_WAIT_ROUNDS:
        return False
    return _scripted(Ctx(snap.sit, snap.ruleset, unit, random.Random(0)))[1]
