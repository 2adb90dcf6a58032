"""Property tests of the pf1 search: reach agrees with measure, with brute force, and with worse terrain."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from rules.board import board_from_rows
from rules.core import Creature, Ruling, Situation, Size, Terrain
from rules.geometry import DIRECTIONS
from rules.pf1.turn import TurnState

SYMBOLS = "....,,%#o:n"
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boards(draw, width: int, height: int, size: Size = Size.MEDIUM, speed: float = 9.0, others: int = 2):
    """A random small board with the mover at (0,0), a few other creatures and wall segments."""
    rows = ["".join(draw(st.sampled_from(SYMBOLS)) for _ in range(width)) for _ in range(height)]
    side = 2 if size == Size.LARGE else 1
    rows = [("." * side + row[side:]) if y < side else row for y, row in enumerate(rows)]
    edges = []
    for _ in range(draw(st.integers(0, 2))):
        x, y = draw(st.integers(0, width - 2)), draw(st.integers(0, height - 1))
        edges.append(((x, y), (x + 1, y), draw(st.sampled_from(["hampering", "blocking"]))))
    mover = Creature("m", "pc", (0, 0), size=size, speed=speed, mode=draw(st.sampled_from(["walk", "walk", "fly"])))
    creatures = {"m": mover}
    taken = mover.footprint()
    for n in range(draw(st.integers(0, others))):
        at = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
        if at in taken:
            continue
        other = Creature(
            f"c{n}",
            draw(st.sampled_from(["pc", "foe"])),
            at,
            size=draw(st.sampled_from([Size.TINY, Size.MEDIUM, Size.MEDIUM])),
            helpless=draw(st.booleans()),
        )
        taken = taken | other.footprint()
        creatures[other.id] = other
    return Situation("pf1", board_from_rows(rows, edges=edges), creatures)


@FAST
@given(boards(6, 6))
def test_every_reach_cost_equals_measure_of_its_path_for_a_medium_mover(sit: Situation):
    """PF1-DIAG, PF1-DOUBLE-MOVE, PF1-RUN: reach and measure agree on cost and band."""
    for place in pf1.reachable(sit, "m"):
        judged = pf1.measure(sit, "m", place.path)
        assert isinstance(judged, Ruling), (place, judged)
        assert (judged.cost, judged.band) == (place.cost, place.band)
        assert place.path[-1] == place.at


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(6, 6, Size.LARGE, speed=4.5, others=1))
def test_every_reach_cost_equals_measure_of_its_path_for_a_squeezing_large_mover(sit: Situation):
    """PF1-SQUEEZE-LARGE: reduced footprints are search states that measure finds again."""
    for place in pf1.reachable(sit, "m"):
        judged = pf1.measure(sit, "m", place.path)
        assert isinstance(judged, Ruling), (place, judged)
        assert (judged.cost, judged.band) == (place.cost, place.band)


@FAST
@given(boards(6, 6, others=3))
def test_no_reached_square_ends_on_a_creature_that_is_not_helpless(sit: Situation):
    """PF1-END-OCCUPIED: a Medium mover never ends on a standing creature."""
    standing = {sq for c in sit.others("m") if not c.helpless for sq in c.footprint()}
    assert not {p.at for p in pf1.reachable(sit, "m")} & standing


@FAST
@given(boards(6, 6, others=3))
def test_a_tiny_mover_may_end_on_any_creature_it_can_reach(sit: Situation):
    """PF1-TINY-THROUGH: ending on occupied squares is allowed for Tiny movers."""
    tiny = sit.creature("m").evolve(size=Size.TINY)
    sit = Situation("pf1", sit.board, {**sit.creatures, "m": tiny})
    for place in pf1.reachable(sit, "m"):
        assert isinstance(pf1.measure(sit, "m", [place.at] if place.cost <= 1 else place.path), Ruling)


@FAST
@given(boards(6, 6), st.integers(0, 35))
def test_costs_never_drop_when_a_floor_square_turns_difficult(sit: Situation, index: int):
    """PF1-DIFFICULT: worse terrain never makes any square cheaper or newly reachable."""
    board = sit.board
    sq = (index % board.width, index // board.width)
    if board.terrain(sq).kinds:
        return
    before = {p.at: p.cost for p in pf1.reachable(sit, "m")}
    rough = board.with_terrain(sq, Terrain(frozenset({"difficult"}), symbol=","))
    after = {p.at: p.cost for p in pf1.reachable(Situation("pf1", rough, sit.creatures), "m")}
    assert set(after) <= set(before)
    assert all(after[at] >= before[at] for at in after)


def brute_force(sit: Situation, limit: int) -> dict[tuple[int, int], tuple[int, str]]:
    """Cheapest legal measure over every simple path of at most `limit` steps (no search involved)."""
    best: dict[tuple[int, int], tuple[int, str]] = {}
    start = sit.creature("m").at
    board = sit.board

    def extend(path: list[tuple[int, int]]) -> None:
        result = pf1.measure(sit, "m", path)
        if isinstance(result, Ruling):
            old = best.get(path[-1])
            rank = (result.cost, pf1.BANDS.index(result.band))
            if old is None or rank < (old[0], pf1.BANDS.index(old[1])):
                best[path[-1]] = (result.cost, result.band)
        elif result.rule not in ("PF1-END-OCCUPIED", "PF1-FLY-OBSTACLE", "PF1-DOUBLE-MOVE"):
            return  # an illegal step or an overspent budget stays illegal when the path grows
        if len(path) == limit:
            return
        here = path[-1]
        for dx, dy in DIRECTIONS:
            nxt = (here[0] + dx, here[1] + dy)
            if board.in_bounds(nxt) and nxt not in path and nxt != start:
                extend([*path, nxt])

    for dx, dy in DIRECTIONS:
        first = (start[0] + dx, start[1] + dy)
        if board.in_bounds(first):
            extend([first])
    return best


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(4, 4, speed=1.5))
def test_search_agrees_with_brute_force_enumeration_on_small_boards(sit: Situation):
    """PF1-DOUBLE-COST, PF1-CORNER, PF1-OBSTACLE-EDGE: the cost map equals exhaustive path search (budget 4)."""
    found = {p.at: (p.cost, p.band) for p in pf1.reachable(sit, "m")}
    assert found == brute_force(sit, 4)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(4, 4, speed=3.0))
def test_double_move_search_agrees_with_brute_force_when_only_move_actions_remain(sit: Situation):
    """PF1-DOUBLE-MOVE, PF1-OBSTACLE-SHORT: split rules of two 2-square move actions, exhaustively (budget 4)."""
    sit = Situation("pf1", sit.board, sit.creatures, turns={"m": TurnState(moved=True)})
    found = {p.at: (p.cost, p.band) for p in pf1.reachable(sit, "m")}
    assert {band for _, band in found.values()} <= {"move", "double_move"}
    assert found == brute_force(sit, 4)
