"""The normal player's bounded searches give the answers of the plain computations they replace, and the
weaker strengths play the same game from the same seed on the mirror levels, with the shared caches warm or not.

- navigation.Field (a paused A* from the goal) answers what the whole-board walking field answers, in
  whatever order the squares are asked;
- navigation.nearest_goal (goals taken by a lower bound, one A* walk each, the Chebyshev gap across a box of plain
  ground) picks what one walk outwards from the unit picks;
- rules.pf1.charge.passed_squares, worked in integers, gives the squares and crossings of the Fraction
  computation;
- the pf1 charge, judging ends in the order closest_anchors gives and stopping at the first accepted,
  charges as judging every chargeable enemy's ends first did, and the rest of the player is unchanged:
  whole games on generated arenas (bench/ai_scaling.py) and shipped pf1 levels play the same actions;
- the occupancy index built once per situation gives each mover the squares it built for itself;
- the walking graph's steps, worked out square by square as searches leave them, are the whole table's;
- the pf1 player's looks at the army (the enemies near it, the enemies in reach of anchors, charge ends given
  lazily by a lower bound, no move-action reach searched when no square within the move on foot reaches an
  enemy) give what looking at every enemy, sorting every end and searching the reach gave;
- the looks at the enemies near a walk (the keep-out squares of the bounded walks, the squares taken, a path's
  attacks of opportunity) and a one-square mover's step table working out other creatures' squares when first
  met give what the looks at the whole army and the eager table gave;
- a row read from the kept shape of a square with the same neighbours is the row worked out for the square alone;
- the squares taken and their neighbours' counts, worked out from the last layout, are those worked out afresh;
- the run's ends scored nearest first by a bound of their walking gap (navigation.least_scored) hold the best of
  scoring every end;
- a 1.5 m step the player passes over without a dry ruling (a square no movement may end on) is one the rules refuse.
"""

from __future__ import annotations

import heapq
import itertools
import random
from fractions import Fraction
from math import floor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai.navigation as navigation
import game.ai.pf1 as pf1_ai
import rules.pf1 as pf1
from bench.ai_scaling import arena
from game import caches
from game.ai import ai_rng, take_turn
from game.battle.match import Match
from game.levels.level import load_level, parse_level
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Board, Creature, Options, Ruling, Situation, Size, Square
from rules.memo import Memo
from rules.pf1 import movement, tables
from rules.pf1.charge import closest_anchors, passed_squares
from rules.pf1.space import FULL, Mover
from rules.pf1.tables import SmallTable, _row, _small_moves, neighbours, step_table
from tests.test_ai_equivalence import plain_field

LEVELS = Path(__file__).resolve().parent.parent / "levels"
MIRRORS = [LEVELS / f"{name}_mirror.toml" for name in ("pf1", "dnd5e", "hexxen")]
PF1_LEVELS = [LEVELS / name for name in ("arena_4v4.toml", "pf1_bridge.toml", "pf1_corridors.toml", "pf1_swamp.toml")]
ROWS = st.integers(min_value=2, max_value=10).flatmap(
    lambda w: st.lists(st.text(alphabet="....#,%on+/", min_size=w, max_size=w), min_size=2, max_size=10)
)


def _board_and_squares(rows: list[str], data) -> tuple[Board, list[Square]]:
    h, w = len(rows), len(rows[0])
    squares = [(x, y) for y in range(h) for x in range(w)]
    pairs = [((x, y), (x + 1, y)) for x, y in squares if x + 1 < w]
    pairs += [((x, y), (x, y + 1)) for x, y in squares if y + 1 < h]
    edges = data.draw(st.lists(st.sampled_from(pairs), max_size=5, unique=True)) if pairs else []
    kinds = data.draw(st.lists(st.sampled_from(["blocking", "hampering"]), min_size=len(edges), max_size=len(edges)))
    return board_from_rows(rows, edges=[(a, b, k) for (a, b), k in zip(edges, kinds, strict=True)]), squares


@settings(max_examples=150, deadline=None)
@given(rows=ROWS, data=st.data())
def test_the_paused_field_answers_the_whole_board_field_in_any_order(rows, data):
    board, squares = _board_and_squares(rows, data)
    goal = frozenset(data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=4)))
    whole = plain_field(board, goal)
    field = navigation.Field(board, goal)
    off_map = [(-1, 0), (len(rows[0]), len(rows))]
    for asked in data.draw(st.lists(st.lists(st.sampled_from(squares + off_map), min_size=1, max_size=6), max_size=5)):
        assert field.gaps(asked) == [whole.get(sq, navigation.UNREACHABLE) for sq in asked]
    assert field.complete() == whole


def plain_nearest_goal(board: Board, start: frozenset[Square], goals) -> int:
    """One walk outwards from `start`, stopped once no goal not met can beat the best met (the former search)."""
    weights, steps = navigation._graph(board)
    owner: dict[Square, list[int]] = {}
    best, best_score = -1, float("inf")
    for k, (goal, bias) in enumerate(goals):
        if any(sq not in weights for sq in goal):
            score = min(plain_field(board, goal).get(sq, navigation.UNREACHABLE) for sq in start) + bias
            if score < best_score:
                best, best_score = k, score
            continue
        for sq in goal:
            owner.setdefault(sq, []).append(k)
    dist = {sq: 0 for sq in start}
    queue = [(0, sq) for sq in sorted(start)]
    met: set[int] = set()
    while queue:
        d0, sq = heapq.heappop(queue)
        if d0 > best_score:
            break
        if d0 > dist[sq]:
            continue
        for k in owner.get(sq, ()):
            if k not in met:
                met.add(k)
                score = d0 + goals[k][1]
                if score < best_score or (score == best_score and k < best):
                    best, best_score = k, score
        for nxt, w in steps.get(sq) or navigation._steps_from(board, weights, sq):
            if d0 + w < dist.get(nxt, navigation.UNREACHABLE):
                dist[nxt] = d0 + w
                heapq.heappush(queue, (d0 + w, nxt))
    return best


@settings(max_examples=150, deadline=None)
@given(rows=ROWS, data=st.data())
def test_nearest_goal_by_bounds_and_a_star_picks_what_the_walk_outwards_picks(rows, data):
    board, squares = _board_and_squares(rows, data)
    start = frozenset([data.draw(st.sampled_from(squares))])
    goals = [
        (frozenset([data.draw(st.sampled_from(squares))]), data.draw(st.sampled_from([0.0, 0.75, 1.5, 3.0])))
        for _ in range(data.draw(st.integers(1, 6)))
    ]
    assert navigation.nearest_goal(board, start, goals) == plain_nearest_goal(board, start, goals)


@settings(max_examples=150, deadline=None)
@given(rows=ROWS, data=st.data())
def test_a_box_of_plain_ground_is_found_by_its_sums_and_its_walks_are_chebyshev(rows, data):
    board = board_from_rows(rows)  # no edges: the sums are kept
    weights, _ = navigation._graph(board)
    sums = navigation._plain_sums(board, weights)
    h, w = len(rows), len(rows[0])
    x0, x1 = sorted(data.draw(st.lists(st.integers(0, w - 1), min_size=2, max_size=2)))
    y0, y1 = sorted(data.draw(st.lists(st.integers(0, h - 1), min_size=2, max_size=2)))
    inside = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
    assert navigation._plain_box(sums, w, (x0, y0, x1, y1)) == all(weights.get(sq) == 1 for sq in inside)

    # footprints of up to 2 × 2 squares, as hunting measures them: on plain ground the walk is their Chebyshev gap
    def box_at(sq: Square, side: int) -> frozenset[Square]:
        return frozenset((sq[0] + dx, sq[1] + dy) for dx in range(side) for dy in range(side))

    squares = [(x, y) for y in range(h - 1) for x in range(w - 1)] or [(0, 0)]
    start = box_at(data.draw(st.sampled_from(squares)), data.draw(st.sampled_from([1, 1, 2])))
    start = frozenset(sq for sq in start if sq[0] < w and sq[1] < h)
    goals = [
        (
            frozenset(sq for sq in box_at(data.draw(st.sampled_from(squares)), data.draw(st.sampled_from([1, 2])))),
            data.draw(st.sampled_from([0.0, 0.75, 1.5, 3.0])),
        )
        for _ in range(data.draw(st.integers(1, 6)))
    ]
    assert navigation.nearest_goal(board, start, goals) == plain_nearest_goal(board, start, goals)
    assert navigation._plain_sums(board_from_rows(rows, edges=[((0, 0), (0, 1), "blocking")]), weights) is None


@settings(max_examples=150, deadline=None)
@given(rows=ROWS, data=st.data())
def test_the_least_scored_rows_measured_nearest_first_are_those_of_scoring_every_row(rows, data):
    board, squares = _board_and_squares(rows, data)
    goal = frozenset(data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=3)))
    side = data.draw(st.sampled_from([1, 1, 2]))
    scored_rows = [
        (sq, data.draw(st.sampled_from([0.0, 0.01, 0.02, 0.05, 0.3])))
        for sq in data.draw(st.lists(st.sampled_from(squares), max_size=40, unique=True))
    ]
    wanted = data.draw(st.integers(1, 4))
    gaps = navigation.walk_gaps(board, goal, side, [sq for sq, _ in scored_rows])
    every = sorted(
        (gap + extra, sq[1], sq[0], k) for k, ((sq, extra), gap) in enumerate(zip(scored_rows, gaps, strict=True))
    )
    least = navigation.least_scored(board, goal, side, scored_rows, wanted)
    assert least[:wanted] == every[:wanted]
    assert least == sorted(least) and set(least) <= set(every)


def plain_passed_squares(seg):
    """The squares a segment passes, in Fractions throughout (the former computation, grid lines found by floor)."""
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    ts = {Fraction(0), Fraction(1)}
    for lo, d, origin in ((min(ax, bx), dx, ax), (min(ay, by), dy, ay)):
        if d == 0:
            continue
        k = floor(lo) + 1
        while k < lo + abs(d):
            ts.add((k - origin) / d)
            k += 1
    out, prev = [], None
    for t0, t1 in itertools.pairwise(sorted(ts)):
        mid = (t0 + t1) / 2
        sq = (floor(ax + dx * mid), floor(ay + dy * mid))
        if sq != prev:
            out.append((t0, sq, prev))
            prev = sq
    return out


COORD = st.builds(Fraction, st.integers(-12, 40), st.sampled_from([1, 2, 3, 4]))


@settings(max_examples=300, deadline=None)
@given(st.tuples(st.tuples(COORD, COORD), st.tuples(COORD, COORD)))
def test_pf1_charge_passed_squares_in_integers_are_the_fraction_computation(seg):
    """PF1-CHARGE 3: the same squares, in the same order, at the same crossings, for any rational segment."""
    assert passed_squares(seg) == plain_passed_squares(seg)


def plain_charge(ctx, foes):
    """The former pf1 charge: every chargeable enemy's ends judged, sorted, and the first three clear ones tried."""
    ends = []
    for foe in foes:
        for end in pf1.charge_ends(ctx.sit, ctx.unit, foe.id):
            if end.clear:
                ends.append((end.count, foe.hp, end.at[1], end.at[0], end.path, foe))
    ends.sort(key=lambda e: e[:4])
    for *_, path, foe in ends[: pf1_ai.CHARGE_PROBES]:
        action = Action("charge", ctx.unit, path, target=foe.id)
        result = ctx.dry_rule(action, pf1_ai.JUDGEMENTS)
        if isinstance(result, Ruling) and not any(e.kind == "provokes" for e in result.events):
            return action
    return None


def _fresh_caches() -> None:
    caches.clear_all()


def _script(level, seed: int, strength: str = "normal", turns: int = 40) -> list[dict]:
    _fresh_caches()
    match = Match(level, seed)
    rng = ai_rng(seed)
    for _ in range(turns):
        if match.finished:
            break
        take_turn(match, rng, strength=strength, strict=True)
    script = [r.action.to_dict() for r in match.history]
    match.close()
    return script


LEVELS_PLAYED = [("arena 4v4", arena(4, 18)), ("arena 8v8", arena(8, 24)), ("arena 16v16", arena(16, 34)), *PF1_LEVELS]


def plain_charge_order(ctx, foes):
    """The former order of charge ends: every enemy's closest ends looked at, then all of them sorted."""
    found = []
    for foe in foes:
        anchors, count = closest_anchors(ctx.sit, ctx.unit, foe.id)
        found.extend((count, foe.hp, at[1], at[0], foe, at) for at in anchors)
    found.sort(key=lambda e: e[:4])
    return [(foe, at) for *_, foe, at in found]


def plain_near_box(me, foes, anchor, widen):
    """The former look at every enemy from the anchor (widen 0), or from every other square within `widen` of it
    (widen 1: its eight neighbours, the 1.5 m step's squares)."""
    x, y = anchor
    span = range(-widen, widen + 1)
    around = [anchor] if widen == 0 else [(x + dx, y + dy) for dx in span for dy in span if dx or dy]
    return [f for f in foes if any(pf1_ai._may_reach(me, f, sq) for sq in around)]


def plain_hittable_from(ctx, foes, anchors):
    """The former look: every enemy's box of anchors, whether or not it meets the anchors asked."""
    me = ctx.me
    limit = pf1_ai._limit(me)
    out = {}
    for f in foes:
        fx, fy = f.at
        for y in range(fy - limit, fy + f.full_side + limit):
            for x in range(fx - limit, fx + f.full_side + limit):
                if (x, y) in anchors and pf1.in_reach(ctx.sit, ctx.unit, f.id, (x, y), me.dims):
                    out.setdefault((x, y), []).append(f)
    return out


def plain_move_into_reach(ctx, foes):
    """The former move into reach: the bounded walk, then the move action's reach whenever the walk found none."""
    if pf1_ai._beyond_one_move(ctx.me, foes):
        return None
    walked = pf1_ai._walk_into_reach(ctx, foes)
    if walked is not None:
        return walked
    _, moves = pf1_ai._single_move(ctx)
    rows = [r for r in moves if r.band == "move"]
    hit_from = pf1_ai._hittable_from(ctx, foes, {r.at for r in rows})
    scored = []
    for k, r in enumerate(rows):
        hittable = hit_from.get(r.at)
        if hittable:
            victim = pf1_ai.attack_choice(hittable)
            scored.append((victim.hp / max(1, victim.max_hp) * 3 + r.cost * pf1_ai.COST_WEIGHT, r.at[1], r.at[0], k))
    best = pf1_ai.best_row(scored, rows.__getitem__, pf1_ai._forecast_move(ctx))
    return Action("move", ctx.unit, best.path) if best else None


def plain_keep_out(ctx, halves):
    """The former keep-out squares: every enemy's threatened squares, however far from the walks."""
    avoid = set()
    for c in ctx.foes():
        if not c.helpless:
            r = movement.reach_squares(c.reach)
            fx, fy = c.at
            avoid.update(
                (x, y) for x in range(fx - r, fx + c.full_side + r) for y in range(fy - r, fy + c.full_side + r)
            )
    return frozenset(avoid)


def plain_no_end(ctx):
    """The former squares taken: every other standing creature's footprint, as a set each."""
    if ctx.me.size in pf1_ai.SHARE_AREA:
        return frozenset()
    return frozenset(
        sq
        for c in ctx.sit.creatures.values()
        if c.id != ctx.unit and not c.defeated and not c.helpless
        for sq in c.footprint()
    )


def every_threat(sit, unit, *_):
    """The former threats of a path: every enemy able to threaten, asked at every step."""
    return movement.threats(sit, unit)


def eager_graph(board):
    """The former walking graph: every open square's steps worked out up front."""
    weights = navigation._weights(board)
    return weights, {sq: navigation._steps_from(board, weights, sq) for sq in weights}


@pytest.mark.parametrize("source", LEVELS_PLAYED, ids=lambda s: s[0] if isinstance(s, tuple) else s.stem)
def test_the_bounded_normal_player_plays_the_games_of_the_plain_one(source, monkeypatch):
    level = parse_level(source[1], source[0]) if isinstance(source, tuple) else load_level(source)
    seeds = range(2)
    fast = [_script(level, seed) for seed in seeds]
    with monkeypatch.context() as m:
        m.setattr(pf1_ai, "_charge", plain_charge)
        m.setattr(pf1_ai, "_charge_order", plain_charge_order)
        m.setattr(pf1_ai, "_near_box", plain_near_box)
        m.setattr(pf1_ai, "_hittable_from", plain_hittable_from)
        m.setattr(pf1_ai, "_move_into_reach", plain_move_into_reach)
        m.setattr(pf1_ai, "_keep_out", plain_keep_out)
        m.setattr(pf1_ai, "_no_end", plain_no_end)
        m.setattr(movement, "_threats_near", every_threat)
        m.setattr(navigation, "_graph", eager_graph)
        m.setattr(navigation, "nearest_goal", plain_nearest_goal)
        m.setattr(navigation, "lazy_field", lambda board, goal: _Whole(board, goal))
        plain = [_script(level, seed) for seed in seeds]
    assert fast == plain
    assert any(a["action"] in ("charge", "run") for script in fast for a in script)  # the searches changed were used


class _Whole:
    """The whole-board field, read as navigation.Field is."""

    def __init__(self, board: Board, goal: frozenset[Square]) -> None:
        self.dist = plain_field(board, goal)

    def at(self, sq: Square) -> int:
        return self.dist.get(sq, navigation.UNREACHABLE)

    def gaps(self, squares) -> list[int]:
        return [self.at(sq) for sq in squares]


def test_every_mover_of_a_situation_reads_the_occupancy_it_would_build_itself():
    level = parse_level(arena(8, 24), "arena 8v8")
    match = Match(level, 3)
    rng = ai_rng(3)
    checked = 0
    for _ in range(6):
        sit = match.situation()
        for uid in sit.creatures:
            plain: dict[Square, list] = {}
            for other in sit.creatures.values():
                if other.id != uid:
                    for sq in other.footprint():
                        plain.setdefault(sq, []).append(other)
            assert Mover(sit, uid).occupants == plain
            checked += 1
        take_turn(match, rng)
    match.close()
    assert checked == 6 * 16


@pytest.mark.parametrize("strength", ["random", "easy", "normal"])
@pytest.mark.parametrize("path", MIRRORS, ids=lambda p: p.stem)
def test_same_seed_same_game_on_the_mirror_levels_whatever_the_caches_hold(path, strength):
    """GB-TURN: from one seed a strength plays the same actions, whether the shared caches start empty or hold the
    previous game's answers (they are keyed by state, so they can only save work)."""
    level = load_level(path)
    first = _script(level, 21, strength, turns=12)
    assert len(first) > 12  # units acted, not only ended turns
    match = Match(level, 21)  # the caches now hold this game's answers: play it again without emptying them
    rng = ai_rng(21)
    for _ in range(12):
        if match.finished:
            break
        take_turn(match, rng, strength=strength, strict=True)
    again = [r.action.to_dict() for r in match.history]
    match.close()
    assert again == first


def _at_every_decision(monkeypatch, level_text: str, seed: int, turns: int, check) -> None:
    """Play a normal game, calling `check(ctx, standing enemies)` before every decision of the pf1 player."""
    from game.ai.normal import CHOOSERS

    choose = CHOOSERS["pf1"]

    def checked(ctx):
        check(ctx, ctx.foes())
        return choose(ctx)

    monkeypatch.setitem(CHOOSERS, "pf1", checked)
    _script(parse_level(level_text, "arena"), seed, turns=turns)


def test_a_step_onto_a_square_no_movement_may_end_on_is_refused_as_the_step_skipped_there_would_be(monkeypatch):
    """PF1-FIVE-FOOT-STEP, PF1-END-OCCUPIED, PF1-ENEMY: the 1.5 m steps `_step_into_reach` passes over without a dry
    ruling (the squares of `_no_end`) are refused by the rules' own ruling, in a crowd and on the shipped pf1 levels."""
    refused = []

    def check(ctx, foes):
        if ctx.me.full_side != 1 or not ctx.prechecked("step"):
            return
        x, y = ctx.me.at
        for sq in sorted(pf1_ai._no_end(ctx)):
            if max(abs(sq[0] - x), abs(sq[1] - y)) == 1:
                result = ctx.ruleset.rule(ctx.sit, Action("step", ctx.unit, (sq,)), random.Random(0))
                assert not isinstance(result, Ruling), (ctx.unit, sq)
                refused.append(sq)

    _at_every_decision(monkeypatch, arena(16, 34), 2, 8, check)
    for path in PF1_LEVELS:
        _at_every_decision(monkeypatch, path.read_text(), 1, 8, check)
    assert len(refused) > 50


def test_charge_ends_given_lazily_come_in_the_order_of_sorting_them_all(monkeypatch):
    """PF1-CHARGE: the ends of the enemies in the order the former look at all of them and sort gave."""
    seen = []

    def check(ctx, foes):
        assert list(pf1_ai._charge_order(ctx, foes)) == plain_charge_order(ctx, foes)
        seen.append(len(foes))

    _at_every_decision(monkeypatch, arena(16, 34), 1, 8, check)
    assert len(seen) > 100


def test_the_looks_at_the_enemies_near_a_unit_keep_what_looking_at_every_enemy_keeps(monkeypatch):
    seen = []

    def check(ctx, foes):
        me = ctx.me
        for widen in (0, 1):
            assert pf1_ai._near_box(me, foes, me.at, widen) == plain_near_box(me, foes, me.at, widen)
        x, y = me.at
        anchors = {(x + dx, y + dy) for dx in range(-6, 7) for dy in range(-6, 7)}
        assert pf1_ai._hittable_from(ctx, foes, anchors) == plain_hittable_from(ctx, foes, anchors)
        seen.append(me.at)

    _at_every_decision(monkeypatch, arena(16, 34), 2, 8, check)
    assert len(seen) > 100


def test_no_square_of_the_move_actions_reach_has_an_enemy_in_reach_when_no_square_within_it_on_foot_has(monkeypatch):
    """PF1-END-OCCUPIED, PF1-DIAG, PF1-MOVE-ACTION: the squares within the speed by plain distance, free, hold every
    end of the move action's reach, so an empty ranking means the reach has nothing to offer either."""
    empty = []

    def check(ctx, foes):
        me = ctx.me
        if me.prone or not foes or pf1_ai._turn(ctx).moves_left == 0 or pf1_ai._beyond_one_move(me, foes):
            return
        if pf1_ai._ranked_ends(ctx, foes):
            return
        _, moves = pf1_ai._single_move(ctx)
        ends = {r.at for r in moves if r.band == "move"}
        assert not plain_hittable_from(ctx, foes, ends)
        empty.append(me.at)

    _at_every_decision(monkeypatch, arena(32, 48), 0, 40, check)
    assert len(empty) > 5


def test_the_walking_graph_worked_out_square_by_square_is_the_whole_table():
    level = parse_level(arena(8, 24), "arena")
    match = Match(level, 0)
    board = match.situation().board
    match.close()
    weights, whole = eager_graph(board)
    assert navigation._graph(board) == (weights, {})  # nothing worked out up front
    _fresh_caches()
    for sq in sorted(weights)[::7]:
        navigation.straight_walk(board, sq, (12, 12), frozenset(), 60)
    kept_weights, steps = caches.RULES.per_board(board, "ai.walk_graph", lambda: pytest.fail("no graph kept"))
    assert kept_weights == weights and 0 < len(steps) <= len(whole)
    assert all(steps[sq] == whole[sq] for sq in steps)


def test_a_paths_attacks_of_opportunity_come_from_the_enemies_near_it_as_from_every_enemy(monkeypatch):
    """GB-PF-AOO: the rulings of the walks towards the nearest enemies, judged afresh, name the same
    provokers and steps whether every enemy or only those whose reach meets the path's box are asked."""
    provoking = []

    def check(ctx, foes):
        me, sit = ctx.me, ctx.sit
        for foe in sorted(foes, key=lambda f: movement.pf1_gap(me.at, me.dims, f.at, f.dims))[:3]:
            walk = navigation.straight_walk(sit.board, me.at, foe.at, frozenset(), 40)
            path = tuple(walk[:-1])  # up to the enemy, not into its square
            if not path:
                continue
            sit.memo.clear()
            near = pf1.forecast_move(sit, ctx.unit, path)
            sit.memo.clear()
            with monkeypatch.context() as m:
                m.setattr(movement, "_threats_near", every_threat)
                every = pf1.forecast_move(sit, ctx.unit, path)
            sit.memo.clear()
            assert near == every
            if isinstance(near, Ruling) and any(e.kind == "provokes" for e in near.events):
                provoking.append(path)

    _at_every_decision(monkeypatch, arena(16, 34), 4, 6, check)
    assert len(provoking) > 10


def test_a_step_table_working_out_other_creatures_squares_when_met_is_the_eager_table():
    """PF1-END-OCCUPIED, PF1-ENEMY, PF1-ALLY: the rows and legal ends a one-square mover's table works out as a
    search meets other creatures' squares are those of working out every such square first."""
    level = parse_level(arena(8, 24), "arena 8v8")
    match = Match(level, 5)
    rng = ai_rng(5)
    checked = 0
    for _ in range(6):
        sit = match.situation()
        board, w = sit.board, sit.board.width
        for uid, c in sit.creatures.items():
            if c.defeated:
                continue
            for run in (False, True):
                sit.memo.clear()
                mover = Mover(sit, uid, run=run)
                table = step_table(mover)
                assert isinstance(table, SmallTable)
                occupied = {sq[1] * w + sq[0] for sq in mover.occupants if board.in_bounds(sq)}
                eager_mover = Mover(sit, uid, run=run)
                patch = {i: eager_mover._entry((i % w, i // w)) for i in occupied}
                entries = [None] * (w * board.height)
                no_end = {i for i in occupied if eager_mover.end_fail(i % w, i // w, FULL) is not None}
                near = neighbours(sit.memo, board)
                for i in sorted(occupied):
                    for pk in (i, *near[i]):
                        assert table.fill(pk) == _row(_small_moves(eager_mover, board, pk, entries, patch))
                        assert table.end_ok(pk) == (pk not in no_end)
                assert table.no_end == no_end
                checked += 1
        take_turn(match, rng)
    match.close()
    assert checked > 100


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 1 << 30), w=st.integers(3, 9), h=st.integers(3, 9))
def test_a_row_read_from_the_shape_of_its_neighbours_is_the_row_worked_out_alone(seed, w, h):
    """PF1-DIAG, PF1-CORNER, PF1-DIFFICULT, PF1-DIFFICULT-NORUN, PF1-ENEMY, PF1-ALLY: on a board without wall
    segments every square's row, read from the shape kept for the first square met with the same neighbours, is
    the row its own steps give: walls, closed doors, rough, narrow and open ground, other creatures near (rows
    priced per query), other movers and kinds sharing the memo."""
    rng = random.Random(seed)
    board = board_from_rows(["".join(rng.choice("....#,%on+/") for _ in range(w)) for _ in range(h)])
    memo = Memo()
    for _ in range(3):
        creatures = {}
        for k in range(rng.randrange(4)):
            at = (rng.randrange(w), rng.randrange(h))
            creatures[f"c{k}"] = Creature(f"c{k}", rng.choice(["pc", "foe"]), at, helpless=rng.random() < 0.3)
        at = (rng.randrange(w), rng.randrange(h))
        creatures["m"] = Creature(
            "m", "pc", at, size=rng.choice([Size.TINY, Size.MEDIUM]), mode=rng.choice(["walk", "fly"])
        )
        options = Options(diagonal=rng.choice(["alternating", "uniform"]))
        sit = Situation("pf1", board, creatures, options=options, memo=memo)
        for run in (False, True):
            table = step_table(Mover(sit, "m", run=run))
            plain = Mover(sit, "m", run=run)
            patch = {sq[1] * w + sq[0]: plain._entry(sq) for sq in plain.occupants}
            entries: list = [None] * (w * h)
            for pk in range(w * h):
                assert table.fill(pk) == _row(_small_moves(plain, board, pk, entries, patch))


def test_the_squares_of_open_ground_share_one_row_shape():
    board = board_from_rows(["." * 10] * 10)
    memo = Memo()
    sit = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0))}, memo=memo)
    mover = Mover(sit, "m")
    table = step_table(mover)
    for pk in range(100):
        table.fill(pk)
    shapes = memo.per_board(board, ("pf1-row-shapes", *tables._small_key(mover)), dict)
    assert len(shapes) == 1  # the 64 squares with eight neighbours on the map, all alike


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 1 << 30), w=st.integers(2, 9), h=st.integers(2, 9))
def test_the_counts_of_a_layout_worked_out_from_the_last_one_are_those_worked_out_afresh(seed, w, h):
    """PF1-END-OCCUPIED, PF1-ENEMY, PF1-ALLY: the squares taken, and how many taken squares each square's 3×3 block
    holds (a row is priced per query where that is not 0), whether worked out from the layout before (units
    stepping, falling, arriving, several at once) or afresh, on and off the map."""
    rng = random.Random(seed)
    board = board_from_rows(["." * w] * h)
    memo = Memo()
    near = neighbours(memo, board)
    units = {f"u{k}": (rng.randrange(-1, w + 1), rng.randrange(-1, h + 1)) for k in range(rng.randrange(1, 7))}
    for _ in range(8):
        for uid in rng.sample(sorted(units), rng.randrange(len(units) + 1)):
            units[uid] = (rng.randrange(-1, w + 1), rng.randrange(-1, h + 1))
        creatures = {uid: Creature(uid, "pc", at) for uid, at in units.items()}
        sit = Situation("pf1", board, creatures, memo=memo)
        taken, counts = tables._crowd(sit, board, near)
        fresh = {y * w + x for x, y in units.values() if 0 <= x < w and 0 <= y < h}
        assert taken == fresh
        assert list(counts) == [sum(1 for j in (i, *near[i]) if j in fresh) for i in range(w * h)]
