"""The pf1 player's bounded walks against the reach searches they spare, on generated positions.

A run, a move into reach and closing in by one move action first try a walk to a square found
by a bounded search (game/ai/pf1.py `_nearest_walk`, `_walk_into_reach`) and search the rules'
reach only when none is accepted. Such a walk may end on another square than the reach's best,
but never a worse one:

- `navigation.least_within` is the least whole-board field value over the squares asked;
- `navigation.straight_walk` is a walk of the walking graph, around the squares to avoid, of the
  least cost in its halves, and found whenever one within the limit exists;
- a run along a bounded walk is a run the rules accept without provoking, and ends as near the
  target on foot as the nearest square of the whole reach (every band: PF1-RUN, PF1-DIAG,
  PF1-END-OCCUPIED, PF1-DIFFICULT-NORUN);
- a close-in walk is a move action the rules accept without provoking (PF1-MOVE-ACTION), ending
  as near as the nearest square of the move action's reach;
- a move into reach brings into reach an enemy as weak as the weakest any square of the move
  action's reach brings into reach.
"""

from __future__ import annotations

import heapq
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.ai.navigation as navigation
import game.ai.pf1 as pf1_ai
import rules.pf1 as pf1
from game.ai.context import Ctx
from game.ai.scoring import attack_choice, provokes
from rules.board import board_from_rows
from rules.core import Board, Creature, Options, Ruling, Situation, Size, Square
from rules.pf1.movement import bands_for
from rules.pf1.turn import TurnState
from rules.reaches import Reach
from tests.test_ai_equivalence import plain_field
from tests.test_ai_scaling import ROWS, _board_and_squares
from tests.test_pf1_fast_reach import situations

CHECKED = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ONE_SQUARE = (Size.TINY, Size.SMALL, Size.MEDIUM)
"""Movers of one square: the bounded walks are tried only for them."""


@st.composite
def open_positions(draw) -> tuple[Situation, None]:
    """A mostly open board bigger than a run (walls, rough and narrow squares here and there), a one-square mover,
    one to three enemies and up to three allies: where runs and walks towards far enemies happen."""
    w, h = draw(st.integers(8, 26)), draw(st.integers(3, 12))
    rows = ["".join(draw(st.sampled_from("..........#,%n")) for _ in range(w)) for _ in range(h)]
    squares = [(x, y) for y in range(h) for x in range(w)]
    placed = draw(st.lists(st.sampled_from(squares), min_size=2, max_size=7, unique=True))
    foes = draw(st.integers(1, len(placed) - 1))
    creatures = {"m": Creature("m", "pc", placed[0], speed=draw(st.sampled_from([3.0, 6.0, 9.0])))}
    for n, at in enumerate(placed[1:]):
        most = draw(st.integers(1, 12))
        side = "foe" if n < foes else "pc"
        creatures[f"c{n}"] = Creature(f"c{n}", side, at, hp=draw(st.integers(1, most)), max_hp=most)
    turn = draw(st.sampled_from([None, TurnState(diag=1)]))
    options = Options(diagonal=draw(st.sampled_from(["alternating", "alternating", "uniform"])))
    sit = Situation("pf1", board_from_rows(rows), creatures, turns={"m": turn} if turn else {}, options=options)
    return sit, None


POSITIONS = st.one_of(situations(sizes=ONE_SQUARE), open_positions())


@CHECKED
@given(rows=ROWS, data=st.data())
def test_least_within_is_the_least_whole_board_field_value_asked(rows, data):
    board, squares = _board_and_squares(rows, data)
    goal = frozenset(data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=3)))
    whole = plain_field(board, goal)
    x0, y0 = data.draw(st.sampled_from(squares))
    r = data.draw(st.integers(0, 6))
    box = (max(0, x0 - r), max(0, y0 - r), min(board.width - 1, x0 + r), min(board.height - 1, y0 + r))
    left_out = frozenset(data.draw(st.lists(st.sampled_from(squares), max_size=6)))
    inside_box = [(x, y) for y in range(box[1], box[3] + 1) for x in range(box[0], box[2] + 1)]
    expected = min((whole[sq] for sq in inside_box if sq not in left_out and sq in whole), default=None)
    found = navigation.least_within(board, goal, box, lambda sq: sq not in left_out)
    assert found == (navigation.UNREACHABLE if expected is None else expected)


def _halves_between(board: Board, start: Square, avoid: frozenset[Square], end: Square) -> int | None:
    """The least cost in halves (2 a straight step, 3 a diagonal one, times the weight entered) from start to end."""
    weights, steps = navigation._graph(board)
    dist = {start: 0}
    queue = [(0, start)]
    while queue:
        d0, sq = heapq.heappop(queue)
        if d0 > dist[sq]:
            continue
        if sq == end:
            return d0
        for nxt, w in steps.get(sq, navigation._steps_from(board, weights, sq)):
            if nxt in avoid and nxt != end:
                continue
            d = d0 + w * (3 if nxt[0] != sq[0] and nxt[1] != sq[1] else 2)
            if d < dist.get(nxt, navigation.UNREACHABLE):
                dist[nxt] = d
                heapq.heappush(queue, (d, nxt))
    return None


@CHECKED
@given(rows=ROWS, data=st.data())
def test_straight_walk_is_a_least_cost_walk_around_the_squares_to_avoid(rows, data):
    board, squares = _board_and_squares(rows, data)
    weights, steps = navigation._graph(board)
    start = data.draw(st.sampled_from(squares))
    end = data.draw(st.sampled_from(squares))
    avoid = frozenset(data.draw(st.lists(st.sampled_from(squares), max_size=6)))
    limit = data.draw(st.integers(0, 40))
    walk = navigation.straight_walk(board, start, end, avoid, limit)
    least = _halves_between(board, start, avoid, end) if start != end else None
    if least is None or least > limit:
        assert walk == []
        return
    assert walk[-1] == end
    assert all(sq not in avoid for sq in walk[:-1])
    halves = 0
    for a, b in zip([start, *walk], walk, strict=False):
        assert b in dict(steps.get(a, navigation._steps_from(board, weights, a)))
        halves += weights[b] * (3 if a[0] != b[0] and a[1] != b[1] else 2)
    assert halves == least


def _ctx(sit: Situation) -> Ctx:
    return Ctx(sit, pf1, "m", random.Random(0))  # type: ignore[arg-type]


def _gap(sit: Situation, target: Creature, square: Square) -> int:
    return navigation.walk_gaps(sit.board, target.footprint(), 1, [square])[0]


@CHECKED
@given(case=POSITIONS)
def test_a_bounded_run_is_legal_and_as_near_as_the_whole_reach(case):
    sit, _ = case
    ctx = _ctx(sit)
    if not ctx.foes() or not any(b.run for b in bands_for(sit, "m")):
        return
    reach = pf1.reachable(sit, "m")
    for target in ctx.foes():
        run = pf1_ai._run_along(ctx, target)
        if run is None:
            continue
        judged = pf1.measure(sit, "m", run.path)
        assert isinstance(judged, Ruling) and judged.band == "run" and not provokes(judged)
        assert _gap(sit, target, run.path[-1]) <= min(_gap(sit, target, r.at) for r in reach)


def _accepted_move(ctx: Ctx):
    forecast = pf1_ai._forecast_move(ctx)

    def accepted(path: tuple[Square, ...]) -> bool:
        result = forecast(Reach(path[-1], 0, "move", path))
        return isinstance(result, Ruling) and not provokes(result)

    return accepted


@CHECKED
@given(case=POSITIONS)
def test_a_bounded_close_in_is_a_legal_move_as_near_as_the_move_actions_reach(case):
    sit, _ = case
    ctx = _ctx(sit)
    me = sit.creature("m")
    if not ctx.foes() or not bands_for(sit, "m"):
        return
    speed = pf1.effective_speed(me)
    moves = [r for r in pf1_ai._single_move(ctx)[1] if r.band == "move"]
    for target in ctx.foes():
        walk = pf1_ai._nearest_walk(ctx, target, speed, navigation.UNREACHABLE, _accepted_move(ctx))
        if walk is None:
            continue
        judged = pf1.forecast_move(sit, "m", walk)
        assert isinstance(judged, Ruling) and not provokes(judged)
        assert _gap(sit, target, walk[-1]) <= min(_gap(sit, target, r.at) for r in moves)


def _weakest(ctx: Ctx, foes: list[Creature], square: Square) -> float | None:
    hittable = [f for f in foes if pf1.in_reach(ctx.sit, "m", f.id, square, ctx.me.dims)]
    if not hittable:
        return None
    victim = attack_choice(hittable)
    return victim.hp / max(1, victim.max_hp)


@CHECKED
@given(case=POSITIONS, data=st.data())
def test_a_bounded_move_into_reach_finds_a_victim_as_weak_as_the_move_actions_reach(case, data):
    sit, _ = case
    foes = [replace_hp(f, data) for f in _ctx(sit).foes()]
    sit = Situation(
        sit.ruleset, sit.board, {**sit.creatures, **{f.id: f for f in foes}}, sit.turns, options=sit.options
    )
    ctx = _ctx(sit)
    foes = ctx.foes()
    if not foes or not bands_for(sit, "m"):
        return
    action = pf1_ai._walk_into_reach(ctx, foes)
    if action is None:
        return
    judged = pf1.forecast_move(sit, "m", action.path)
    assert isinstance(judged, Ruling) and not provokes(judged)
    moves = [r.at for r in pf1_ai._single_move(ctx)[1] if r.band == "move"]
    ratios = [w for w in (_weakest(ctx, foes, sq) for sq in moves) if w is not None]
    assert ratios
    assert _weakest(ctx, foes, action.path[-1]) <= min(ratios)


def replace_hp(foe: Creature, data) -> Creature:
    """The enemy with drawn hit points (the weakest victim is chosen by what is left of them)."""
    most = data.draw(st.integers(1, 20))
    return foe.evolve(max_hp=most, hp=data.draw(st.integers(1, most)))


def _line(foe_at: Square, width: int = 30) -> Situation:
    """An open board 5 rows high, the mover at the left end of the middle row, an enemy at `foe_at`."""
    board = board_from_rows(["." * width] * 5)
    creatures = {
        "m": Creature("m", "pc", (0, 2), speed=9.0),
        "e": Creature("e", "foe", foe_at, speed=9.0, hp=4, max_hp=10),
    }
    return Situation("pf1", board, creatures)


def test_the_bounded_walks_are_taken_on_open_ground():
    far = _line((26, 2))
    run = pf1_ai._run_along(_ctx(far), far.creature("e"))
    # 4 × 6 squares: the squares 2 from the enemy at the run's end, the first in reading order, one diagonal first
    assert run is not None and run.path == ((1, 1), *((x, 1) for x in range(2, 25)))
    assert pf1_ai._run(_ctx(far), far.creature("e")) == run
    near = _line((10, 2))
    close = pf1_ai._nearest_walk(_ctx(near), near.creature("e"), 6, navigation.UNREACHABLE, _accepted_move(_ctx(near)))
    assert close == ((1, 1), *((x, 1) for x in range(2, 7)))  # as near as (6, 2), first in reading order
    reach = _line((6, 3))
    ctx = _ctx(reach)
    move = pf1_ai._walk_into_reach(ctx, ctx.foes())
    assert move is not None and move.path[-1] in {(5, 2), (5, 3)}  # next to the enemy, 5 squares straight on
