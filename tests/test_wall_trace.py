"""Wall polylines → walled edges and solid squares (game/levels/wall_trace.py): exact cases and a watertightness
property."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.levels.wall_trace import (
    Traced,
    covered_squares,
    crossing,
    door_places,
    pieces,
    trace,
)
from rules.board import board_from_rows
from rules.core import Board
from rules.geometry import corner_blocked, crossed_edges


def vertical(x: int, y0: int, y1: int) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    return {((x - 1, y), (x, y)) for y in range(y0, y1)}


def horizontal(y: int, x0: int, x1: int) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    return {((x, y - 1), (x, y)) for x in range(x0, x1)}


def test_a_wall_on_a_grid_line_walls_the_edges_it_covers() -> None:
    traced = trace([[(3, 0), (3, 4)], [(0, 2), (3, 2)]], 6, 4)
    assert traced == Traced(frozenset(vertical(3, 0, 4) | horizontal(2, 0, 3)), frozenset())


def test_an_edge_is_walled_when_covered_mostly_or_at_its_middle_not_by_a_stub() -> None:
    assert trace([[(3, 0), (3, 0.6)]], 6, 4).edges == frozenset(vertical(3, 0, 1))  # 60 %
    assert trace([[(3, 0), (3, 0.4)]], 6, 4).edges == frozenset()  # a 40 % stub at the end: open
    assert trace([[(3, 0.3), (3, 0.7)]], 6, 4).edges == frozenset(vertical(3, 0, 1))  # across its middle
    two = trace([[(3, 0), (3, 0.3)], [(3, 0.7), (3, 1)]], 6, 4)
    assert two.edges == frozenset(vertical(3, 0, 1))  # 60 % in two pieces


def test_a_wall_slightly_off_the_line_snaps_to_it_and_the_border_adds_nothing() -> None:
    assert trace([[(2.9, 0), (3.2, 4)]], 6, 4).edges == frozenset(vertical(3, 0, 4))
    assert trace([[(0, 0), (0, 4)], [(0, 4), (6, 4)]], 6, 4) == Traced(frozenset(), frozenset())


def test_a_diagonal_wall_makes_a_staircase_of_solid_squares() -> None:
    assert trace([[(0, 0), (5, 5)]], 6, 6).solid == frozenset((i, i) for i in range(5))
    shifted = trace([[(0, 0.5), (5, 5.5)]], 6, 6).solid  # through the middle of two squares a column
    assert shifted == frozenset({(0, 0), *((i, i + 1) for i in range(5)), *((i, i) for i in range(1, 5))})


def test_a_wall_off_the_grid_makes_the_squares_it_runs_through_solid() -> None:
    assert trace([[(3.5, 0), (3.5, 3)]], 6, 3) == Traced(frozenset(), frozenset({(3, 0), (3, 1), (3, 2)}))


def test_door_places() -> None:
    assert door_places(((2, 3), (3, 3)), 6, 6) == ([((2, 2), (2, 3))], [])
    assert door_places(((2.5, 3), (3.5, 3)), 6, 6) == ([((2, 2), (2, 3)), ((3, 2), (3, 3))], [])
    assert door_places(((2.1, 3), (3.3, 3)), 6, 6) == ([((2, 2), (2, 3))], [])  # 0.9 and 0.3: the one it covers
    assert door_places(((1, 1), (2, 2)), 6, 6) == ([], [(1, 1)])
    assert door_places(((0, 1), (0, 2)), 6, 6) == ([], [])  # on the map's border: nothing to open


def test_covered_squares() -> None:
    table = [(1, 1), (3, 1), (3, 2), (1, 2)]
    assert covered_squares(table, 5, 5) == {(1, 1), (2, 1)}
    assert covered_squares([(1.25, 1.25), (1.75, 1.25), (1.75, 1.75), (1.25, 1.75)], 5, 5) == {(1, 1)}  # a quarter
    assert covered_squares([(1.4, 1.4), (1.6, 1.4), (1.6, 1.6), (1.4, 1.6)], 5, 5) == set()  # less
    assert covered_squares([(0, 0), (1, 1)], 5, 5) == set()  # not an outline


def test_crossing() -> None:
    assert crossing(((1, 0), (1, 2)), (0.5, 1), (1.5, 1)) == 0.5
    assert crossing(((0, 1), (2, 1)), (0.5, 1), (1.5, 1)) is None  # along the step
    assert crossing(((1, 0), (1, 0.9)), (0.5, 1), (1.5, 1)) is None


def test_pieces_skip_points_repeated() -> None:
    assert pieces([[(0, 0), (0, 0), (1, 0)], [(5, 5)]]) == [((0, 0), (1, 0))]


def _board(traced: Traced, width: int, height: int) -> Board:
    rows = ["".join("#" if (x, y) in traced.solid else "." for x in range(width)) for y in range(height)]
    return board_from_rows(rows, edges=[(a, b, "blocking") for a, b in traced.edges])


def _rules_allow(board: Board, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """What the rules' shared geometry says of a one-square step (PF1-CORNER / D5-GRID-CORNER, blocking edges)."""
    if board.terrain(a).wall or board.terrain(b).wall:
        return False
    delta = (b[0] - a[0], b[1] - a[1])
    if corner_blocked(board, a, (1, 1), delta) is not None:
        return False
    return "blocking" not in crossed_edges(board, a, (1, 1), delta)


coordinate = st.floats(min_value=-1, max_value=9, allow_nan=False).map(lambda v: round(v * 8) / 8)
point = st.tuples(coordinate, coordinate)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(point, min_size=2, max_size=6), min_size=1, max_size=5))
def test_no_step_the_rules_allow_crosses_a_wall(polylines: list[list[tuple[float, float]]]) -> None:
    """Watertight: every step between neighbouring squares that crosses a wall piece is refused by the rules."""
    width, height = 8, 7
    traced = trace(polylines, width, height)
    board = _board(traced, width, height)
    segments = pieces(polylines)
    for y in range(height):
        for x in range(width):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                a, b = (x, y), (x + dx, y + dy)
                if not board.in_bounds(b):
                    continue
                p, q = (x + 0.5, y + 0.5), (b[0] + 0.5, b[1] + 0.5)
                crossed = [s for s in segments if crossing(s, p, q) is not None]
                if crossed:
                    assert not _rules_allow(board, a, b), (a, b, crossed)


def test_a_cave_outline_is_closed_all_round() -> None:
    cave = [(5 + 3.3 * math.cos(k / 20 * math.tau), 5 + 3.1 * math.sin(k / 20 * math.tau)) for k in range(21)]
    traced = trace([cave], 10, 10)
    board = _board(traced, 10, 10)
    # flood from the centre: never reaches the map's corner
    seen, todo = {(5, 5)}, [(5, 5)]
    while todo:
        a = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                b = (a[0] + dx, a[1] + dy)
                if (dx or dy) and board.in_bounds(b) and b not in seen and _rules_allow(board, a, b):
                    seen.add(b)
                    todo.append(b)
    assert (0, 0) not in seen and (5, 4) in seen
    assert len(seen) > 12  # the inside stays open
