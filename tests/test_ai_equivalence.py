"""The AI's shortcuts change no decision: the straightforward forecasts, asked instead, play the same games.

Each shortcut is swapped for the plain computation it replaces (the action bar instead of one
precheck, every enemy checked from every square, the single move searched even when every
enemy is out of its range, every reach entry made rather than read from columns, the walking
field searched whole and afresh without a step table or cache, every reach, measure and dry ruling asked
of the ruleset instead of the caches keyed by situation state) and whole games of every shipped
level are played both ways within this run; their results, scripts included, must be identical.
"""

from __future__ import annotations

import heapq
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.ai.context as context
import game.ai.navigation as navigation
import game.ai.pf1 as pf1_ai
import rules.pf1 as pf1
from game.ai.context import Ctx, with_turn
from game.battle import reach_cache
from game.lab.simulate import play_game
from game.levels.level import load_level
from rules.board import board_from_rows
from rules.core import Board, Creature, Situation, Size, Square
from rules.geometry import chebyshev
from rules.pf1.speed import movement_speed
from tests.test_pf1_fast_reach import situations as fast_reach_cases

LEVELS = Path(__file__).resolve().parent.parent / "levels"
SHIPPED = sorted(LEVELS.glob("*.toml")) + sorted((LEVELS / "tutorials").glob("*.toml"))
DELTAS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def plain_field(board: Board, goal: frozenset[Square]) -> dict[Square, int]:
    """The walking field searched from scratch: every square's 8 neighbours looked at on every visit."""
    weights: dict[Square, int] = {}
    for y in range(board.height):
        for x in range(board.width):
            t = board.terrain((x, y))
            if t.pit or "wall" in t.kinds:
                continue
            if t.clearance < 1.5:
                weights[(x, y)] = navigation.NARROW_WEIGHT
            else:
                weights[(x, y)] = navigation.DIFFICULT_WEIGHT if t.difficult or t.hampering else 1
    dist = {sq: 0 for sq in goal}
    queue = [(0, sq) for sq in goal]
    heapq.heapify(queue)
    while queue:
        d0, (x, y) = heapq.heappop(queue)
        if d0 > dist[(x, y)]:
            continue
        for dx, dy in DELTAS:
            nxt = (x + dx, y + dy)
            if nxt not in weights:
                continue
            if dx and dy and (x + dx, y) not in weights and (x, y + dy) not in weights:
                continue
            if (
                not (dx and dy)
                and board.edge((x, y), nxt) == "blocking"
                and frozenset(((x, y), nxt)) not in board.doors
            ):
                continue  # a closed door on the edge is no wall to the walk: it can be opened
            d = d0 + weights[nxt]
            if d < dist.get(nxt, navigation.UNREACHABLE):
                dist[nxt] = d
                heapq.heappush(queue, (d, nxt))
    return dist


class PlainField:
    """A walking field searched whole and at once, read as navigation.Field is (`at`, `gaps`)."""

    def __init__(self, board: Board, goal: frozenset[Square]) -> None:
        self.dist = plain_field(board, goal)

    def at(self, sq: Square) -> int:
        return self.dist.get(sq, navigation.UNREACHABLE)

    def gaps(self, squares) -> list[int]:
        return [self.at(sq) for sq in squares]


def plain_can(ctx: Ctx, kind: str) -> bool:
    """The whole action bar asked, as the chooser did before it asked one precheck."""
    return ctx.can(kind)


def plain_hittable_from(ctx: Ctx, foes: list[Creature], anchors: set[Square]) -> dict[Square, list[Creature]]:
    """Every enemy checked with pf1.in_reach from every anchor, no box around the enemies."""
    me = ctx.me
    out = {}
    for anchor in anchors:
        hit = [f for f in foes if pf1.in_reach(ctx.sit, ctx.unit, f.id, anchor, me.dims)]
        if hit:
            out[anchor] = hit
    return out


def plain_columns(reach):
    """Every entry of a reach answer read as a `Reach` (no columns), as the chooser did before."""
    entries = list(reach)
    return [r.at for r in entries], [r.cost for r in entries], [r.band for r in entries]


def plain_reachable(ruleset, sit: Situation, unit: str, mode: str | None = None):
    """A fresh search every time."""
    return ruleset.reachable(sit, unit, mode)


def _play(level, seeds: range) -> list[dict]:
    return [play_game(level, seed, max_rounds=12, index=seed).to_json() for seed in seeds]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_the_shortcuts_play_the_same_games_as_the_plain_forecasts(path, monkeypatch):
    level = load_level(path)
    seeds = range(3)
    fast = _play(level, seeds)
    with monkeypatch.context() as m:
        m.setattr(navigation, "field", plain_field)
        m.setattr(navigation, "lazy_field", PlainField)
        m.setattr(pf1_ai, "_can", plain_can)
        m.setattr(pf1_ai, "_hittable_from", plain_hittable_from)
        m.setattr(pf1_ai, "_may_reach", lambda me, foe, anchor: True)
        m.setattr(pf1_ai, "_beyond_one_move", lambda me, foes: False)
        m.setattr(pf1_ai, "_columns", plain_columns)
        m.setattr(reach_cache, "reachable", plain_reachable)
        m.setattr(reach_cache, "cached", lambda sit, unit, mode=None: None)
        m.setattr(context, "remember", lambda sit, question, ask: ask())
        plain = _play(level, seeds)
    assert fast == plain
    assert any(game["script"] for game in fast)


def test_the_precheck_gives_the_bars_answer_wherever_the_pf1_chooser_asks(monkeypatch):
    asked: list[tuple[str, bool]] = []

    def both(ctx: Ctx, kind: str) -> bool:
        quick = ctx.prechecked(kind)
        assert quick == ctx.can(kind), (ctx.unit, kind)
        asked.append((kind, quick))
        return quick

    monkeypatch.setattr(pf1_ai, "_can", both)
    for path in [p for p in SHIPPED if "pf1" in p.name or p.stem == "arena_4v4"]:
        _play(load_level(path), range(2))
    kinds = {kind for kind, _ in asked}
    assert {"move", "attack"} <= kinds
    assert {True, False} == {allowed for _, allowed in asked}


ROWS = st.integers(min_value=2, max_value=9).flatmap(
    lambda w: st.lists(st.text(alphabet=".#,%on+/", min_size=w, max_size=w), min_size=2, max_size=9)
)


@settings(max_examples=150, deadline=None)
@given(rows=ROWS, data=st.data())
def test_the_walking_field_is_the_plain_search(rows, data):
    h, w = len(rows), len(rows[0])
    squares = [(x, y) for y in range(h) for x in range(w)]
    pairs = [((x, y), (x + 1, y)) for x, y in squares if x + 1 < w]
    pairs += [((x, y), (x, y + 1)) for x, y in squares if y + 1 < h]
    edges = data.draw(st.lists(st.sampled_from(pairs), max_size=6, unique=True)) if pairs else []
    kinds = data.draw(st.lists(st.sampled_from(["blocking", "hampering"]), min_size=len(edges), max_size=len(edges)))
    board = board_from_rows(rows, edges=[(a, b, k) for (a, b), k in zip(edges, kinds, strict=True)])
    goal = frozenset(data.draw(st.lists(st.sampled_from(squares), min_size=1, max_size=4)))
    assert navigation.field(board, goal) == plain_field(board, goal)
    assert navigation.field(board, goal) is navigation.field(board, goal)  # kept with the board


def test_the_state_keyed_caches_answer_what_a_fresh_search_answers(monkeypatch):
    # every reach and ruling the AI takes from a cache during real games equals the ruleset's own answer now
    checked = {"reach": 0, "ruling": 0}
    cached_reach, remember = reach_cache.reachable, context.remember

    def reach_both(ruleset, sit, unit, mode=None):
        found = cached_reach(ruleset, sit, unit, mode)
        assert found == ruleset.reachable(sit, unit, mode)
        checked["reach"] += 1
        return found

    def ruling_both(sit, question, ask):
        found = remember(sit, question, ask)
        assert found == ask()
        checked["ruling"] += 1
        return found

    monkeypatch.setattr(reach_cache, "reachable", reach_both)
    monkeypatch.setattr(context, "remember", ruling_both)
    for path in SHIPPED:
        _play(load_level(path), range(2))  # the second game replays the first one's opening from the caches
    assert checked["reach"] > 50 and checked["ruling"] > 50


def test_an_equal_state_shares_the_entry_and_any_change_of_state_does_not():
    board = board_from_rows(["." * 16, "." * 16])
    creatures = {"m": Creature("m", "pc", (0, 0), speed=9), "o": Creature("o", "foe", (15, 1))}
    sit = Situation("pf1", board, creatures, turns={"m": pf1.new_turn(Situation("pf1", board, creatures), "m")})
    again = Situation("pf1", board, dict(creatures), turns=dict(sit.turns), options=sit.options)
    assert again is not sit and reach_cache.state_key(again) == reach_cache.state_key(sit)
    moved = Situation("pf1", board, {**creatures, "o": Creature("o", "foe", (14, 1))}, sit.turns, options=sit.options)
    later = with_turn(sit, "m", pf1.TurnState(move_actions=1))
    other_board = Situation("pf1", board_from_rows(["." * 16, "." * 16]), creatures, sit.turns, options=sit.options)
    for changed in (moved, later, other_board, Situation("pf1", board, creatures, sit.turns)):  # last: other options
        assert reach_cache.state_key(changed) != reach_cache.state_key(sit)
    reach_cache.clear()
    first = reach_cache.reachable(pf1, sit, "m")
    assert reach_cache.reachable(pf1, again, "m") is first
    assert reach_cache.cached(later, "m") is None
    assert reach_cache.reachable(pf1, later, "m") == pf1.reachable(later, "m") != first
    reach_cache.clear()


def test_a_state_that_cannot_be_hashed_is_kept_by_identity():
    board = board_from_rows(["..."])
    creatures = {"m": Creature("m", "pc", (0, 0))}
    sit = Situation("pf1", board, creatures, turns={"m": ["not", "hashable"]})
    twin = Situation("pf1", board, creatures, turns=sit.turns, options=sit.options)
    assert reach_cache.state_key(sit) == reach_cache.state_key(sit) != reach_cache.state_key(twin)


def test_the_first_move_of_a_double_move_is_the_single_move_search_path_for_path():
    # PF1-MOVE-ACTION, PF1-DOUBLE-MOVE: the AI may take its single move from the double-move
    # search when that was made (the overlay, a run); every path must then be the same too
    board = board_from_rows([".,....#...", "...,......", "..#...,...", ".........."])
    creatures = {"m": Creature("m", "pc", (0, 0), speed=9), "o": Creature("o", "foe", (9, 3))}
    sit = Situation("pf1", board, creatures)
    one = with_turn(sit, "m", pf1.TurnState(move_actions=1))
    first = sorted((r.at, r.cost, r.path) for r in pf1.reachable(sit, "m") if r.band == "move")
    assert first == sorted((r.at, r.cost, r.path) for r in pf1.reachable(one, "m"))


@settings(max_examples=150, deadline=None)
@given(case=fast_reach_cases(sizes=(Size.FINE, Size.TINY, Size.SMALL, Size.MEDIUM)), data=st.data())
def test_a_foe_beyond_one_move_is_in_reach_of_no_square_the_move_reaches(case, data):
    # PF1-MOVE-ACTION: the chooser skips the single-move search when _beyond_one_move says so;
    # then no square of that search may have the enemy in reach (pf1.in_reach, PF1-DIAG)
    sit, _ = case
    me = sit.creature("m")
    speed = movement_speed(me)
    near = speed + pf1_ai._limit(me)  # from here on, every foe is beyond one move
    dx = data.draw(st.integers(-near - 3, near + 3))
    dy = data.draw(st.integers(-near - 3, near + 3))
    size = data.draw(st.sampled_from([Size.MEDIUM, Size.LARGE, Size.HUGE]))
    far = Creature(
        "far", "foe", (me.at[0] + dx, me.at[1] + dy), size=size, reach=data.draw(st.sampled_from([1.5, 3.0]))
    )
    sit = Situation(sit.ruleset, sit.board, {**sit.creatures, "far": far}, sit.turns, options=sit.options)
    beyond = pf1_ai._beyond_one_move(me, [far])
    if min(dx, dy) < -near - far.full_side or max(dx, dy) > near:
        assert beyond
    if not beyond:
        return
    one = with_turn(sit, "m", pf1.TurnState(move_actions=1))
    for ends in (pf1.reachable(one, "m"), [r for r in pf1.reachable(sit, "m") if r.band == "move"]):
        for r in ends:
            assert chebyshev(r.at, me.at) <= r.cost <= speed
            assert not pf1.in_reach(sit, "m", "far", r.at, me.dims), r
