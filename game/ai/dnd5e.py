"""The dnd5e AI: stand up (or crawl), attack what is in reach, move into reach, dash to close in."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import rules.dnd5e as dnd5e
from game.ai.context import Ctx, open_door_towards
from game.ai.navigation import walk_gap
from game.ai.scoring import COST_WEIGHT, attack_choice, best_destination, footprint_at, hunt_choice
from rules.actions import Action
from rules.combat import hit_chance
from rules.core import SQUARE_CM, Creature, Illegal, Ruling, Square
from rules.dice import parse_dice
from rules.dnd5e.space import can_threaten, sit_distance
from rules.dnd5e.turn import can_dash
from rules.ruleset import Reach

Exposed = Callable[[frozenset[Square]], bool]


def _in_reach(ctx: Ctx, me: Creature, mine: frozenset[Square], foe: Creature) -> bool:
    """Whether `foe` is within the unit's melee reach from footprint `mine` (the level's diagonal rule:
    D5-GRID-DIAG, or D5-GRID-DIAG-VARIANT)."""
    return sit_distance(ctx.sit, mine, foe.footprint()) <= dnd5e.reach_squares(me)


def _turn(ctx: Ctx) -> dnd5e.TurnState:
    """The unit's turn state (a fresh one when the situation holds none)."""
    turn = ctx.sit.turns.get(ctx.unit)
    return turn if isinstance(turn, dnd5e.TurnState) else dnd5e.new_turn(ctx.sit, ctx.unit)


def _attack_left(ctx: Ctx) -> bool:
    """Whether an attack is still open this turn (the bar offers none while nobody is in reach)."""
    turn = _turn(ctx)
    return not turn.action_used or turn.attacks_left > 0


def _allowed(ctx: Ctx, action: Action) -> bool:
    """Whether the rules accept `action` now: a dry ruling on the real situation with a throwaway RNG.

    dnd5e's action bar (available) runs a whole reach search for its move entry, so the AI asks
    the ruling on the one action it has in mind instead: the same verdict at a fraction of the cost.
    """
    return not isinstance(ctx.dry_rule(action), Illegal)


def leave_cost(ctx: Ctx, me: Creature, foes: Sequence[Creature], there: frozenset[Square]) -> float:
    """What walking to footprint `there` costs in opportunity attacks, as a share of the unit's hit points left (1 or
    more: it is expected to fall): the expected blow of every enemy whose reach the unit stands in now and `there`
    lies outside (D5-OA-LEAVE-REACH)."""
    mine, sit, dealt = me.footprint(), ctx.sit, 0.0
    for f in foes:
        reach = dnd5e.reach_squares(f)
        theirs = f.footprint()
        if can_threaten(f) and sit_distance(sit, mine, theirs) <= reach < sit_distance(sit, there, theirs):
            dealt += hit_chance(f.attack, me.defense) * parse_dice(f.damage).mean
    return dealt / max(1, me.hp)


def choose(
    ctx: Ctx,
    pick: Callable[[Sequence[Creature]], Creature] = attack_choice,
    quiet: bool = False,
    wary: float = 0.0,
    wait: Exposed | None = None,
    hold: Exposed | None = None,
) -> Action | None:
    """The unit's next dnd5e action this turn, or None when it has nothing useful left to do; `pick` chooses the
    enemy to strike among those in reach (the normal player's: the fewest hit points); with `quiet` a unit that
    cannot strike this turn closes in only as far as a square outside every enemy's reach; with `wary` a square it
    walks to in order to strike costs that many times its `leave_cost` more (a wounded unit does not walk out of a
    reach it stands in to strike another enemy, and strikes the one whose reach it is in); with `wait` it neither walks
    up to strike nor closes in to a footprint `wait` finds exposed (the side waits for the enemy to come to it); with
    `hold` it does not close in to a footprint `hold` finds exposed (walking up to strike stays open)."""
    me = ctx.me
    foes = ctx.foes()
    if not foes or me.defeated or me.helpless:
        return None
    if me.prone and _allowed(ctx, Action("stand_up", ctx.unit)):
        return Action("stand_up", ctx.unit)
    near = [f for f in foes if _in_reach(ctx, me, me.footprint(), f)]
    if near:
        # in melee: attack while attacks are left; walking off would draw opportunity attacks
        if not _attack_left(ctx):
            return None
        hit = Action("attack", ctx.unit, target=pick(near).id)
        return hit if _allowed(ctx, hit) else None
    reach = ctx.reachable()
    if not reach:
        return None

    def measure(r: Reach) -> Ruling | Illegal:
        return ctx.measure(ctx.sit, r.path)

    if _attack_left(ctx):
        scored = []
        for r in reach:
            if r.band != "move":
                continue
            there = footprint_at(me, r.at)
            if wait is not None and wait(there):
                continue
            hittable = [f for f in foes if _in_reach(ctx, me, there, f)]
            if hittable:
                victim = pick(hittable)
                score = victim.hp / max(1, victim.max_hp) * 3 + r.cost / SQUARE_CM * COST_WEIGHT
                if wary:
                    score += wary * min(2.0, leave_cost(ctx, me, foes, there))
                scored.append((score, r))
        best = best_destination(scored, measure)
        if best is not None:
            return Action("move", ctx.unit, best.path)
    # no attack this turn from where it can get: close in as far as the budget (and a dash) allows
    target = hunt_choice(ctx.sit.board, me, foes)
    board, goal = ctx.sit.board, target.footprint()
    now = walk_gap(board, goal, me.footprint())
    scored = []
    dash_left = can_dash(_turn(ctx)) if any(r.band == "dash" for r in reach) else False
    for r in reach:
        if r.band == "dash" and not dash_left:
            continue
        there = footprint_at(me, r.at)
        if (wait is not None and wait(there)) or (hold is not None and hold(there)):
            continue
        if quiet and any(sit_distance(ctx.sit, there, f.footprint()) <= dnd5e.reach_squares(f) for f in foes):
            continue  # the enemy must come to it, and it strikes first
        d = walk_gap(board, goal, there)
        if d < now:
            scored.append((d + r.cost / SQUARE_CM * COST_WEIGHT, r))
    best = best_destination(scored, measure)
    if best is None:
        return open_door_towards(ctx, goal, now)
    return Action("dash" if best.band == "dash" else "move", ctx.unit, best.path)
