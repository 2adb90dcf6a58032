"""The pf1 AI: attack what is in reach, else move (or charge) into reach, else close in; avoid provoking."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterator, Sequence

import rules.pf1 as pf1
from game.ai.context import Carry, Ctx, open_door_towards, with_turn
from game.ai.navigation import (
    UNREACHABLE,
    Field,
    box_of,
    lazy_field,
    least_scored,
    least_within,
    straight_walk,
    walk_gap,
    walk_gaps,
)
from game.ai.scoring import COST_WEIGHT, PROBES, attack_choice, best_row, hunt_choice, provokes
from game.battle import reach_cache
from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, Situation, Square, footprint, replaced
from rules.geometry import chebyshev, pf1_distance, pf1_gap
from rules.pf1 import judged
from rules.pf1.charge import charge_end, closest_anchors
from rules.pf1.economy import standard_free
from rules.pf1.movement import bands_for, reach_squares, run_ends_within
from rules.pf1.space import SHARE_AREA
from rules.pf1.speed import movement_speed
from rules.reaches import Reach, of_band

CHARGE_PROBES = 3
"""Charge destinations tried with a dry ruling before giving up on a charge."""
JUDGEMENTS: Carry = (judged.made_for, judged.adopt)
"""A forecast remembered by state carries the path judgements made for it (rules/pf1/judged.py): the move or
charge then performed in an equal state in another game reuses them, as in the game that forecast it."""


def choose(ctx: Ctx) -> Action | None:
    """The unit's next pf1 action this turn, or None when it has nothing useful left to do."""
    me = ctx.me
    foes = ctx.foes()
    if not foes or me.defeated or me.helpless:
        return None
    if me.prone:
        return Action("stand_up", ctx.unit) if _can(ctx, "stand_up") else None
    ts = _turn(ctx)
    near = [f for f in _near_box(me, foes, me.at, 0) if pf1.in_reach(ctx.sit, ctx.unit, f.id)]
    if near:
        # already in melee: hit if the standard action is left; moving away would provoke
        if standard_free(ts) and _can(ctx, "attack"):
            return Action("attack", ctx.unit, target=attack_choice(near).id)
        return None
    if ts.moves_left == 0 or not _can(ctx, "move"):
        return None
    speed = pf1.effective_speed(me)
    # the enemy to hunt is ranked only when a charge or a walk needs it: a step or a move into reach
    # is chosen without it, and ranking walks the board around the unit (hunt_choice)
    target: Creature | None = None
    if standard_free(ts):
        # the bar offers no attack out of reach, so ask the turn state whether the standard action is left
        # a 1.5 m step that brings an enemy into reach never provokes (PF1-FIVE-FOOT-STEP): before any walk
        step = _step_into_reach(ctx, foes)
        if step is not None:
            return step
        step_in = _move_into_reach(ctx, foes)
        if step_in is not None:
            return step_in
        reach_limit = 2 * speed + reach_squares(me.reach)
        if _can(ctx, "charge"):
            # only the enemies a charge can reach are offered to it: its cost then follows them, not the army;
            # with none of them, the hunted enemy is out of charge distance too
            chargeable = [f for f in foes if pf1_gap(me.at, me.dims, f.at, f.dims) <= reach_limit]
            if chargeable:
                target = hunt_choice(ctx.sit.board, me, foes)
                if pf1_gap(me.at, me.dims, target.at, target.dims) <= reach_limit:
                    charge = _charge(ctx, chargeable)
                    if charge is not None:
                        return charge
    if target is None:
        target = hunt_choice(ctx.sit.board, me, foes)
    if _can(ctx, "run") and pf1_gap(me.at, me.dims, target.at, target.dims) > 2 * speed + 1:
        run = _run(ctx, target)
        if run is not None:
            return run
    return _close_in(ctx, target)


def _can(ctx: Ctx, kind: str) -> bool:
    """Whether pf1's action bar would offer `kind` now, asking only that kind's precheck.

    The bar adds a condition to two of the kinds asked here: an attack needs an enemy in reach
    and a charge an enemy standing. `choose` asks for an attack only with an enemy in reach and
    for anything only with an enemy standing, so the precheck alone gives the bar's answer
    (tests/test_ai_equivalence.py compares both) without the bar's sixteen prechecks.
    """
    return ctx.prechecked(kind)


def _turn(ctx: Ctx) -> pf1.TurnState:
    """The unit's turn state (a fresh one when the situation holds none)."""
    ts = ctx.sit.turns.get(ctx.unit)
    return ts if isinstance(ts, pf1.TurnState) else pf1.new_turn(ctx.sit, ctx.unit)


def _single_move(ctx: Ctx) -> tuple[Situation, Sequence[Reach]]:
    """reach for ONE move action, and the hypothetical situation (one move action left) to measure it in.

    When the whole reach of this situation was searched already (the board overlay, a run),
    its move band is the first move action of the double-move search: the same squares and
    costs as a search of one move action, so that search is not run again.

    Moving into reach and then closing in ask it twice in one decision: the hypothetical
    situation and its search are kept with the decision (Ctx._cache; its situation is fixed), and
    only whether the whole reach was searched meanwhile (a run) is asked again.
    """
    ts = _turn(ctx)
    if ts.moves_left > 1:
        full = reach_cache.cached(ctx.sit, ctx.unit)
        kept = ctx._cache.get(_SINGLE_MOVE)
        if kept is None:
            ts = replaced(ts, move_actions=ts.move_actions + 1)
            kept = ctx._cache[_SINGLE_MOVE] = (with_turn(ctx.sit, ctx.unit, ts), None)
        sit, searched = kept
        if full is not None:
            return sit, of_band(full, "move")
        if searched is None:
            # the same answer as asking again: the reach cache answers an equal state with it
            searched = ctx.reachable(sit)
            ctx._cache[_SINGLE_MOVE] = (sit, searched)
        return sit, searched
    return ctx.sit, ctx.reachable()


_SINGLE_MOVE = ("single_move",)
"""The key of `_single_move`'s hypothetical situation and its search in a decision's cache (Ctx._cache)."""


def _columns(reach: Sequence[Reach]) -> tuple[Sequence[Square], Sequence[int], Sequence[str]]:
    """(squares, costs, bands) of a reach answer's entries, in order, without making a `Reach` per entry.

    An answer kept as columns (its `squares`, `costs` and `bands`, rules/reaches.py) is read
    from them, so only the entries the AI scores are made; any other sequence is read entry by entry.
    """
    squares, costs, bands = (getattr(reach, name, None) for name in ("squares", "costs", "bands"))
    if squares is not None and costs is not None and bands is not None:
        return squares, costs, bands
    return [r.at for r in reach], [r.cost for r in reach], [r.band for r in reach]


def _limit(me: Creature) -> int:
    """How far (Chebyshev, from anchor to anchor) an enemy may stand and still be in the unit's reach, at most."""
    return reach_squares(me.reach) + me.full_side


def _may_reach(me: Creature, foe: Creature, anchor: Square) -> bool:
    """False when `foe` is surely out of reach from `anchor`: pf1 distance is never below Chebyshev distance."""
    limit = _limit(me)
    fx, fy = foe.at
    x, y = anchor
    last = foe.full_side + limit - 1
    return fx - limit <= x <= fx + last and fy - limit <= y <= fy + last


def _near_box(me: Creature, foes: list[Creature], anchor: Square, widen: int) -> list[Creature]:
    """The enemies (in `foes` order) that `_may_reach` keeps from some anchor within `widen` squares (Chebyshev) of
    `anchor`: one pass of plain arithmetic per enemy, as the army may be large and this is asked every decision."""
    limit = _limit(me) + widen
    x, y = anchor
    out = []
    for f in foes:
        fx, fy = f.at
        last = f.full_side + limit - 1
        if fx - limit <= x <= fx + last and fy - limit <= y <= fy + last:
            out.append(f)
    return out


def _hittable_from(ctx: Ctx, foes: list[Creature], anchors: set[Square]) -> dict[Square, list[Creature]]:
    """anchor → the enemies in reach if the unit stood there (in `foes` order), for the anchors with any.

    Only the anchors in a box around an enemy can reach it (_may_reach); pf1.in_reach decides
    for those. One pass per enemy instead of a look at every enemy from every anchor.
    """
    me = ctx.me
    limit = _limit(me)
    out: dict[Square, list[Creature]] = {}
    if not anchors:
        return out
    # only an enemy whose box of anchors meets the anchors' bounding box can be in reach from one of them
    left = min(x for x, _ in anchors)
    right = max(x for x, _ in anchors)
    top = min(y for _, y in anchors)
    bottom = max(y for _, y in anchors)
    # pf1.in_reach's own test (PF1-DIAG gap between the footprints within the reach), its two reads of the
    # situation (the unit's reach, the enemy's footprint) made once per enemy instead of once per anchor
    reach, dims = reach_squares(me.reach), me.dims
    for f in foes:
        fx, fy = f.at
        side = f.full_side
        if fx - limit > right or fx + side + limit <= left or fy - limit > bottom or fy + side + limit <= top:
            continue
        at, f_dims = f.at, f.dims
        for y in range(max(top, fy - limit), min(bottom + 1, fy + side + limit)):
            for x in range(max(left, fx - limit), min(right + 1, fx + side + limit)):
                anchor = (x, y)
                if anchor in anchors and pf1_gap(anchor, dims, at, f_dims) <= reach:
                    out.setdefault(anchor, []).append(f)
    return out


def _measure_in(ctx: Ctx, sit: Situation) -> Callable[[Reach], Ruling | Illegal]:
    """A measure function for best_destination over one situation."""
    return lambda r: ctx.measure(sit, r.path)


def _forecast_move(ctx: Ctx) -> Callable[[Reach], Ruling | Illegal]:
    """A row's path as a move action is judged in the real situation before any die (pf1.forecast_move).

    The same judgement as a measure in the hypothetical situation with one move action left
    (the move band alone pays, and a path is judged from the turn state's diagonals, not its
    actions), made in the situation `Match.perform` then rules in: the move taken reuses it.
    """
    sit, unit = ctx.sit, ctx.unit
    return lambda r: ctx.forecast(("move", unit, r.path), lambda: pf1.forecast_move(sit, unit, r.path), JUDGEMENTS)


def _beyond_one_move(me: Creature, foes: list[Creature]) -> bool:
    """True when no square one move action away can have an enemy in reach, so no search is needed.

    A one-square mover pays at least 1 per step and each step moves it at most one square
    (Chebyshev), so one move action ends within `movement_speed` squares of where it stands;
    `_may_reach` bounds the anchors that can hit an enemy. A bigger mover's squeezed turns may
    shift its anchor further: it is always searched.
    """
    if me.full_side != 1:
        return False
    speed = movement_speed(me)
    limit = _limit(me)
    x, y = me.at
    for foe in foes:
        fx, fy = foe.at
        last = foe.full_side + limit - 1
        # the box of anchors that may reach this foe, widened by one move action
        if fx - limit - speed <= x <= fx + last + speed and fy - limit - speed <= y <= fy + last + speed:
            return False
    return True


def _move_into_reach(ctx: Ctx, foes: list[Creature]) -> Action | None:
    """One move action to a square with an enemy in reach (the standard action then attacks)."""
    if _beyond_one_move(ctx.me, foes):
        return None  # as the search would find: no square it reaches has an enemy in reach
    ranked = _ranked_ends(ctx, foes)
    if ranked is not None and not ranked and movement_speed(ctx.me) <= pf1.effective_speed(ctx.me):
        # no square within a move action on foot has an enemy in reach, and the move action goes no further
        # (a flyer's may: its reach then decides): no end of its reach has one either
        return None
    walked = _walk_into_reach(ctx, foes, ranked)
    if walked is not None:
        return walked
    _, moves = _single_move(ctx)
    squares, costs, bands = _columns(moves)
    rows = [i for i, band in enumerate(bands) if band == "move"]
    hit_from = _hittable_from(ctx, foes, {squares[i] for i in rows})
    scored = []
    for i in rows:
        square = squares[i]
        hittable = hit_from.get(square)
        if hittable:
            victim = attack_choice(hittable)
            most = victim.max_hp if victim.max_hp > 1 else 1  # max(1, max_hp), without the call
            scored.append((victim.hp / most * 3 + costs[i] * COST_WEIGHT, square[1], square[0], i))
    best = best_row(scored, moves.__getitem__, _forecast_move(ctx))
    return Action("move", ctx.unit, best.path) if best else None


def _ranked_ends(ctx: Ctx, foes: list[Creature]) -> list[tuple[float, float, int, int]] | None:
    """(the weakest victim's hit point ratio, score, y, x) of every free square within one move action by plain pf1
    distance from which an enemy is in reach, best first; None for a unit of more than one square.

    Every square a move action ends on is free (PF1-END-OCCUPIED) and within its speed by plain
    pf1 distance (PF1-DIAG, PF1-MOVE-ACTION): on foot these squares hold all of its reach's ends,
    so when none of them has an enemy in reach, no end of the reach has.
    """
    me = ctx.me
    if me.full_side != 1:
        return None
    speed = pf1.effective_speed(me)
    near = _near_box(me, foes, me.at, speed)  # the enemies some square within the speed may reach
    if not near:
        return []
    closed = _no_end(ctx)
    plain = _plain(ctx)
    x0, y0 = me.at
    board = ctx.sit.board
    # the squares within the speed, looked at only inside the boxes of anchors around the enemies near; each
    # enemy's box holds every anchor it is in reach from (_hittable_from's look, with the squares judged once)
    limit = _limit(me)
    left, right = max(0, x0 - speed), min(board.width - 1, x0 + speed)
    top, bottom = max(0, y0 - speed), min(board.height - 1, y0 + speed)
    reach, dims, here = reach_squares(me.reach), me.dims, me.at
    free: dict[Square, bool] = {}
    hit_from: dict[Square, list[Creature]] = {}
    for f in near:
        fx, fy = f.at
        side = f.full_side
        at, f_dims = f.at, f.dims
        for y in range(max(top, fy - limit), min(bottom, fy + side + limit - 1) + 1):
            for x in range(max(left, fx - limit), min(right, fx + side + limit - 1) + 1):
                sq = (x, y)
                ok = free.get(sq)
                if ok is None:
                    ok = free[sq] = sq not in closed and sq != here and plain(here, sq) <= speed
                if ok and pf1_gap(sq, dims, at, f_dims) <= reach:  # pf1.in_reach from sq, as _hittable_from asks
                    found = hit_from.get(sq)
                    if found is None:
                        hit_from[sq] = [f]
                    else:
                        found.append(f)
    ranked = []
    for sq, hittable in hit_from.items():
        victim = attack_choice(hittable)
        ratio = victim.hp / (victim.max_hp if victim.max_hp > 1 else 1)
        ranked.append((ratio, ratio * 3 + plain(me.at, sq) * COST_WEIGHT, sq[1], sq[0]))
    ranked.sort()
    return ranked


def _walk_into_reach(
    ctx: Ctx, foes: list[Creature], ranked: list[tuple[float, float, int, int]] | None = None
) -> Action | None:
    """A move action into reach of an enemy as weak as any the move action's whole reach could bring into reach,
    found without that reach; None when none is found that way (the reach then decides). `ranked`: `_ranked_ends`
    when already asked.

    The weakest victim from the squares `_ranked_ends` ranks bounds the reach's best. The
    squares with that victim are tried nearest first (RUN_TRIES at most), each along the walk
    the rules count cheapest on open ground, and the first move the rules' forecast accepts
    without provoking is taken.
    """
    if ranked is None:
        ranked = _ranked_ends(ctx, foes)
    if not ranked:
        return None
    me, board = ctx.me, ctx.sit.board
    speed = pf1.effective_speed(me)
    weakest = ranked[0][0]
    avoid = _keep_out(ctx, _halves(ctx, speed))
    forecast = _forecast_move(ctx)
    tried = 0
    for ratio, _, y, x in ranked:
        if ratio > weakest or tried == RUN_TRIES:
            break
        walk = _affordable(ctx, straight_walk(board, me.at, (x, y), avoid, _halves(ctx, speed)), speed)
        if not walk or walk[-1] != (x, y):
            continue
        tried += 1
        path = tuple(walk)
        result = forecast(Reach((x, y), 0, "move", path))
        if isinstance(result, Ruling) and not provokes(result):
            return Action("move", ctx.unit, path)
    return None


def _step_into_reach(ctx: Ctx, foes: list[Creature]) -> Action | None:
    """A 1.5 m step to a square with an enemy in reach (the standard action then attacks), if the rules allow one."""
    me = ctx.me
    if me.full_side != 1 or not ctx.prechecked("step"):
        return None
    x, y = me.at
    board = ctx.sit.board
    squares = {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}
    # an enemy some neighbour may reach: its box of anchors (_may_reach), widened by one, holds the unit's square
    # (the box is at least 3 squares wide, reach and side being 1 at least, so a neighbour lies in it then)
    near = _near_box(me, foes, me.at, 1)
    if not near:
        return None
    hit_from = _hittable_from(ctx, near, {sq for sq in squares if board.in_bounds(sq)})
    ranked = []
    for sq, hittable in hit_from.items():
        victim = attack_choice(hittable)
        ranked.append((victim.hp / (victim.max_hp if victim.max_hp > 1 else 1), sq[1], sq[0], sq))
    closed = _no_end(ctx) if ranked else frozenset()
    for *_, sq in sorted(ranked):
        if sq in closed:
            continue  # another creature's square: the rules refuse a step that ends there (PF1-END-OCCUPIED …)
        action = Action("step", ctx.unit, (sq,))
        if not isinstance(ctx.dry_rule(action), Illegal):
            return action
    return None


def _charge(ctx: Ctx, foes: list[Creature]) -> Action | None:
    """A charge the rule allows (PF1-CHARGE: a closest square, along a clear line), taken only if a dry ruling
    accepts it without provoking.

    `charge_end` judges one closest square of an enemy: whether its line is clear, and the path
    along it. The nearest ends (then the weakest enemy, then reading order) are tried with a dry
    ruling (the real situation, a throwaway RNG), which also checks the cost against double
    speed. Its dice are ignored; only whether it is legal and whether it provokes counts, and
    both are settled before any die is rolled. An end's line is judged only when its turn to be
    tried comes: the first accepted charge spares judging the rest. An end on a square another
    creature holds is taken (PF1-END-OCCUPIED: the rules refuse it as the closest square taken,
    PF1-CHARGE) and is passed over without judging its line.
    """
    probes = 0
    closed: frozenset[Square] | None = None
    side = ctx.me.full_side
    for foe, at in _charge_order(ctx, foes):
        if closed is None:
            closed = _no_end(ctx)
        if (at in closed) if side == 1 else not closed.isdisjoint(footprint(at, (side, side))):
            continue
        end = charge_end(ctx.sit, ctx.unit, foe.id, at)
        if end is None or not end.clear:
            continue
        action = Action("charge", ctx.unit, end.path, target=foe.id)
        result = ctx.dry_rule(action, JUDGEMENTS)
        if isinstance(result, Ruling) and not any(e.kind == "provokes" for e in result.events):
            return action
        probes += 1
        if probes == CHARGE_PROBES:
            break
    return None


def _charge_order(ctx: Ctx, foes: list[Creature]) -> Iterator[tuple[Creature, Square]]:
    """Every closest charge end at the enemies, as (enemy, anchor), nearest first, then the weakest enemy, then
    reading order (enemies in `foes` order, each one's ends in reading order, where all of that ties).

    The closest ends and how far they are come from rules.pf1.charge.closest_anchors, a look at
    the squares around each enemy; only whether an end's line is clear needs the costly judgement
    (charge_ends), and `_charge` asks it in this order until it holds the ends it will try. Its
    cost then follows the ends tried, not every enemy a charge could reach.

    The enemies are looked at in the order of a lower bound of their ends' (count, hit points):
    an end lies in the box of anchors within the charger's reach of the enemy, and no count is
    below the charge's measure (pf1 distance, or Chebyshev under uniform diagonals) from the
    charger to the nearest square of that box. An end is given only once every enemy whose bound
    could come before it has been looked at: the order of looking at all of them and sorting,
    looking at the few nearest (and weakest) when the first ends tried are taken.
    """
    me = ctx.me
    side, reach = me.full_side, reach_squares(me.reach)
    metric = _plain(ctx)  # the count closest_anchors gives: rules.pf1.charge's measure
    x0, y0 = me.at
    bounded = []
    for k, foe in enumerate(foes):
        tx, ty = foe.at
        tw, th = foe.dims
        # closest_anchors looks at the anchors x in [tx − reach − side + 1, tx + tw + reach − 1], y alike; the
        # measure grows with each coordinate's gap, so the box's square nearest the charger has the least
        nearest = (
            min(max(x0, tx - reach - side + 1), tx + tw + reach - 1),
            min(max(y0, ty - reach - side + 1), ty + th + reach - 1),
        )
        bounded.append((metric(me.at, nearest), foe.hp, k))
    bounded.sort()
    ends: list[tuple[int, int, int, int, int, int, Square]] = []
    looked = 0
    while True:
        # every enemy whose (bound, hit points) is not above the first end's (count, hit points) may come before it
        while looked < len(bounded) and (not ends or bounded[looked][:2] <= ends[0][:2]):
            k = bounded[looked][2]
            looked += 1
            foe = foes[k]
            anchors, count = closest_anchors(ctx.sit, ctx.unit, foe.id)
            for j, at in enumerate(anchors):
                heapq.heappush(ends, (count, foe.hp, at[1], at[0], k, j, at))
        if not ends:
            return
        *_, k, _, at = heapq.heappop(ends)
        yield foes[k], at


def _run(ctx: Ctx, target: Creature) -> Action | None:
    """Run towards a far target: along the walking field's path when that is provably as near as any run ends,
    else the best run end of the full reach (one search of every band)."""
    along = _run_along(ctx, target)
    if along is not None:
        return along
    return _run_by_reach(ctx, target)


def _run_along(ctx: Ctx, target: Creature) -> Action | None:
    """A run to a square as near the target on foot as any run could end (PF1-RUN), found without the full
    reach (`_nearest_walk`), or None when none is found that way (the full reach then decides).

    The rules' own measure must take the walk as a run that provokes nothing; a run never enters
    difficult terrain (PF1-DIFFICULT-NORUN), which `_nearest_walk` never does.
    """
    me = ctx.me
    if me.full_side != 1:
        return None
    run = next((b for b in bands_for(ctx.sit, ctx.unit) if b.run), None)
    if run is None:
        return None

    def accepted(path: tuple[Square, ...]) -> bool:
        result = ctx.measure(ctx.sit, path)
        return isinstance(result, Ruling) and result.band == "run" and not provokes(result)

    found = _nearest_walk(ctx, target, run.limit, UNREACHABLE, accepted)
    return None if found is None else Action("run", ctx.unit, found)


def _nearest_walk(
    ctx: Ctx, target: Creature, budget: int, below: int, accepted: Callable[[tuple[Square, ...]], bool]
) -> tuple[Square, ...] | None:
    """A walk of at most `budget` (plain pf1 counting) to a free square as near the target on foot as any square
    one movement of that budget may end on, nearer than `below`, that `accepted` (the rules' own judgement)
    takes; None when the bound is not below `below` or no walk tried is accepted.

    Every square a movement ends on is free (PF1-END-OCCUPIED) and within its budget by plain
    pf1 distance (each step costs at least that: PF1-DIAG), so the least walking gap to the target
    among such squares (`least_within`) bounds what any end achieves. The squares at that bound
    are tried nearest first (RUN_TRIES of them at most), each along the walk the rules count
    cheapest on open ground (`straight_walk`, around enemies), taken whole within the budget and
    before any difficult, hampering or narrow square; the first accepted is the answer. Its end is
    then as near as the best of the movement's whole reach, and its cost follows the walks, not
    that reach.
    """
    me = ctx.me
    board, goal = ctx.sit.board, target.footprint()
    x0, y0 = me.at
    box = (
        max(0, x0 - budget),
        max(0, y0 - budget),
        min(board.width - 1, x0 + budget),
        min(board.height - 1, y0 + budget),
    )
    closed = _no_end(ctx)
    plain = _plain(ctx)
    bound = least_within(board, goal, box, lambda sq: sq not in closed and plain(me.at, sq) <= budget)
    if bound >= below:
        return None
    avoid = _keep_out(ctx, _halves(ctx, budget))

    def walks() -> Iterator[tuple[Square, ...]]:
        """The rules' cheapest-looking walk to each free square at the bound, the nearest squares first."""
        for sq in _squares_at(lazy_field(board, goal), goal, bound, me.at, budget, plain):
            if sq not in closed:
                walk = _affordable(ctx, straight_walk(board, me.at, sq, avoid, _halves(ctx, budget)), budget)
                if walk and walk[-1] == sq:
                    yield tuple(walk)

    return next((walk for walk in itertools.islice(walks(), RUN_TRIES) if accepted(walk)), None)


RUN_TRIES = 3
"""Paths a run along the field tries with the rules' measure before searching the full reach."""


def _affordable(ctx: Ctx, path: list[Square], budget: int) -> list[Square]:
    """The longest start of `path` a run may take: before any difficult, hampering or narrow square (a run may
    not enter difficult terrain, PF1-DIFFICULT-NORUN) and within `budget` by plain pf1 counting (PF1-DIAG)."""
    board = ctx.sit.board
    parity = _turn(ctx).diag & 1
    uniform = ctx.sit.options.diagonal == "uniform"
    spent, taken = 0, 0
    px, py = ctx.me.at
    for k, (x, y) in enumerate(path):
        t = board.terrain((x, y))
        if t.difficult or t.hampering or t.clearance < 1.5:
            break
        if x != px and y != py:
            parity ^= 1
            spent += 1 if parity or uniform else 2
        else:
            spent += 1
        if spent > budget:
            break
        taken = k + 1
        px, py = x, y
    return path[:taken]


def _no_end(ctx: Ctx) -> frozenset[Square]:
    """The squares no movement of the unit may end on (a run, a move, a 1.5 m step): those of other creatures that are
    not helpless (PF1-END-OCCUPIED; an enemy's may not even be entered, PF1-ENEMY), none for a Fine, Diminutive or
    Tiny mover (PF1-TINY-SHARE decides there). Kept with the decision (its situation is fixed): a step, a charge, a
    move into reach and a walk ask it in turn."""
    found = ctx._cache.get(_NO_END)
    if found is None:
        me = ctx.me
        taken: set[Square] = set()
        if me.size not in SHARE_AREA:
            for c in ctx.sit.creatures.values():
                if c.id != ctx.unit and not c.defeated and not c.helpless:
                    dims = c.dims
                    if dims == (1, 1):
                        taken.add(c.at)  # a one-square footprint is its anchor, without making the set
                    else:
                        taken.update(footprint(c.at, dims))
        found = ctx._cache[_NO_END] = frozenset(taken)
    return found


_NO_END = ("no_end",)
"""The key of `_no_end` in a decision's cache (Ctx._cache)."""


def _halves(ctx: Ctx, budget: int) -> int:
    """The longest `straight_walk` (in its halves) that may cost at most `budget`: a straight step is 2 halves and
    costs 1, a diagonal 3 halves and costs 1 or 2 by turns (PF1-DIAG: at most 2 × budget + 1 halves), or 1
    each under the level's uniform diagonals (GB-DIAGONAL-UNIFORM: at most 3 × budget)."""
    return 3 * budget if ctx.sit.options.diagonal == "uniform" else 2 * budget + 1


def _plain(ctx: Ctx) -> Callable[[Square, Square], int]:
    """The least cost of moving between two squares on open ground: pf1 distance (PF1-DIAG), or Chebyshev under the
    level's uniform diagonals (GB-DIAGONAL-UNIFORM). No movement costs less (terrain only adds)."""
    return chebyshev if ctx.sit.options.diagonal == "uniform" else pf1_distance


def _keep_out(ctx: Ctx, halves: int) -> frozenset[Square]:
    """The squares the unit's bounded walks keep out of: enemies' (no walk passes them, PF1-ENEMY) and those an
    enemy may threaten (leaving one provokes; a walk's end may be one, as entering provokes nothing). Kept with the
    decision, as `_no_end` is.

    Only the squares a `straight_walk` of at most `halves` may look at are given: it takes a square only
    at a distance of at most `halves` (2 halves a straight step, 3 a diagonal one), so every square it
    asks about lies within halves // 2 + 1 squares (Chebyshev) of the unit. The enemies whose threatened
    squares lie all further away are not looked at: a walk's cost then follows the enemies near it, not
    the army.
    """
    radius = halves // 2 + 1
    key = (_KEEP_OUT, radius)
    found = ctx._cache.get(key)
    if found is None:
        x0, y0 = ctx.me.at
        avoid: set[Square] = set()
        for c in ctx.foes():
            if not c.helpless:
                r = reach_squares(c.reach)
                fx, fy = c.at
                left, top, right, bottom = fx - r, fy - r, fx + c.full_side + r - 1, fy + c.full_side + r - 1
                if left > x0 + radius or right < x0 - radius or top > y0 + radius or bottom < y0 - radius:
                    continue  # every square this enemy threatens is beyond what the walks ask
                avoid.update((x, y) for x in range(left, right + 1) for y in range(top, bottom + 1))
        found = ctx._cache[key] = frozenset(avoid)
    return found


_KEEP_OUT = ("keep_out",)
"""The key of `_keep_out` in a decision's cache (Ctx._cache)."""


def _squares_at(
    field_: Field,
    goal: frozenset[Square],
    bound: int,
    start: Square,
    budget: int,
    plain: Callable[[Square, Square], int],
) -> list[Square]:
    """The squares within `budget` of `start` (by `plain` distance) whose field gap is `bound`, nearest first.

    A square at field gap `bound` is at most `bound` squares from the goal (each step weighs 1 at least).
    """
    left, top, right, bottom = (
        min(sq[0] for sq in goal) - bound,
        min(sq[1] for sq in goal) - bound,
        max(sq[0] for sq in goal) + bound,
        max(sq[1] for sq in goal) + bound,
    )
    around = [
        (x, y)
        for y in range(top, bottom + 1)
        for x in range(left, right + 1)
        if (x, y) not in goal and plain(start, (x, y)) <= budget
    ]
    found = [sq for sq, g in zip(around, field_.gaps(around), strict=True) if g == bound]
    return sorted(found, key=lambda sq: (plain(start, sq), sq[1], sq[0]))


def _run_by_reach(ctx: Ctx, target: Creature) -> Action | None:
    """Run towards a far target: the best run end of the full reach (one search of every band), or of the run's own
    search as far as the best ends need where it gives the same ones (`_run_near`)."""
    me = ctx.me
    near = _run_near(ctx, target)
    if near is not None:
        scored, entry = near
    else:
        reach = ctx.reachable()
        squares, costs, bands = _columns(reach)
        rows = [i for i, band in enumerate(bands) if band == "run"]
        # the run's ends scored by their walking gap to the target and cost, nearest first, as far as best_row reads
        # (its PROBES best): a run's ends on a big board are hundreds, and their gaps a search of much of the board
        least = least_scored(
            ctx.sit.board,
            target.footprint(),
            me.full_side,
            [(squares[i], costs[i] * COST_WEIGHT) for i in rows],
            PROBES,
        )
        scored = [(score, y, x, rows[k]) for score, y, x, k in least]
        entry = reach.__getitem__
    best = best_row(scored, entry, _measure_in(ctx, ctx.sit))
    if best is None or best.band != "run":
        return None
    return Action("run", ctx.unit, best.path)


RUN_SLACK = 2
"""Squares of walking gap beyond the nearest a run could end at (the unit's Chebyshev gap to the target less the run's
limit) that `_run_near` searches for: its best three ends are mostly within it."""


def _run_near(ctx: Ctx, target: Creature) -> tuple[list[tuple[float, int, int, int]], Callable[[int], Reach]] | None:
    """The run ends `_run_by_reach` scores best, as (score, y, x, k) with a `Reach` per k, found by a search of the
    run alone that steps only from the states from which an end within RUN_SLACK of the nearest could still be
    reached (rules.pf1.movement.run_ends_within); None when that search cannot tell them (the full reach then does).

    An end at walking gap g from the target is at least its Chebyshev gap from it, and each square of a
    run costs 1 at least, so a state at square q costing c leads to no end nearer than q's Chebyshev gap
    less (limit − c): the states within the cap `most + limit − gap(q)` hold every end at walking gap
    `most` or less and the whole path to it. Their PROBES best are the full reach's when the PROBES-th
    scores below `most + 1` (every end not found scores that at least) and none of them is `doubtful`.
    """
    me, sit = ctx.me, ctx.sit
    if me.full_side != 1:
        return None
    run = next((b for b in bands_for(sit, ctx.unit) if b.run), None)
    if run is None:
        return None
    goal = target.footprint()
    left, top, right, bottom = box_of(goal)
    x0, y0 = me.at
    most = max(0, max(left - x0, x0 - right, top - y0, y0 - bottom) - run.limit) + RUN_SLACK
    board = sit.board
    highest = most + run.limit
    across = [max(0, left - x, x - right) for x in range(board.width)]
    cap = [
        highest - (dx if dx > dy else dy)
        for dy in (max(0, top - y, y - bottom) for y in range(board.height))
        for dx in across
    ]
    ends = run_ends_within(sit, ctx.unit, cap)
    if ends is None:
        return None
    squares, costs = ends.squares, ends.costs
    least = least_scored(
        board, goal, 1, [(sq, cost * COST_WEIGHT) for sq, cost in zip(squares, costs, strict=True)], PROBES
    )
    if len(least) < PROBES or least[PROBES - 1][0] >= most + 1:
        return None
    if any(squares[k] in ends.doubtful for *_, k in least[:PROBES]):
        return None
    return least, lambda k: Reach(squares[k], costs[k], "run", ends.path(k))


def _close_in(ctx: Ctx, target: Creature) -> Action | None:
    """One move action that brings the unit nearest the target on foot; else open a door on the way.

    A walk to a square as near as the move action's best (`_nearest_walk`: a one-square unit,
    nothing provoked, the rules' forecast of the move accepting it) spares the move action's
    reach; without one, the reach's squares are scored.
    """
    me = ctx.me
    board, goal = ctx.sit.board, target.footprint()
    now = walk_gap(board, goal, me.footprint())
    if me.full_side == 1:
        forecast = _forecast_move(ctx)
        speed = pf1.effective_speed(me)

        def accepted(path: tuple[Square, ...]) -> bool:
            result = forecast(Reach(path[-1], 0, "move", path))
            return isinstance(result, Ruling) and not provokes(result)

        found = _nearest_walk(ctx, target, speed, now, accepted)
        if found is not None:
            return Action("move", ctx.unit, found)
    _, moves = _single_move(ctx)
    squares, costs, _ = _columns(moves)
    gaps = walk_gaps(board, goal, me.full_side, squares)
    scored = [
        (d + costs[i] * COST_WEIGHT, square[1], square[0], i)
        for i, (square, d) in enumerate(zip(squares, gaps, strict=True))
        if d < now
    ]
    best = best_row(scored, moves.__getitem__, _forecast_move(ctx))
    if best is not None:
        return Action("move", ctx.unit, best.path)
    return open_door_towards(ctx, goal, now)
