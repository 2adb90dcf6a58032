"""Grid geometry: neighbours, distances, footprints, adjacency and the corner rule."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.core import Board, Square, footprint

DIRECTIONS: tuple[Square, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""The 8 step directions, orthogonal first."""


def is_diagonal(delta: Square) -> bool:
    """Whether a step (dx, dy) is diagonal."""
    return delta[0] != 0 and delta[1] != 0


def chebyshev(a: Square, b: Square) -> int:
    """Squares between `a` and `b` when every diagonal counts 1 (D5-GRID-DIAG)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx if dx >= dy else dy  # max(dx, dy): Python 3.11's max parses keywords on every call


def pf1_distance(a: Square, b: Square) -> int:
    """PF1-DIAG plain distance: max(|dx|,|dy|) + floor(min(|dx|,|dy|)/2)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dx + dy // 2 if dx >= dy else dy + dx // 2  # max + min // 2, without the calls (asked very often)


def footprint_distance(a: Iterable[Square], b: Iterable[Square], metric: Callable[[Square, Square], int]) -> int:
    """Smallest `metric` distance between any square of `a` and any of `b`."""
    bs = list(b)
    return min(metric(p, q) for p in a for q in bs)


def rect_gap(a: Square, a_dims: tuple[int, int], b: Square, b_dims: tuple[int, int]) -> Square:
    """(|dx|, |dy|) between the nearest squares of two footprints given as anchor and size ((0, 0) overlapping).

    A footprint is a rectangle, so the x and y gaps are each smallest at once: for a metric
    that grows with |dx| and |dy| alone (pf1_distance, chebyshev), `metric((0, 0), gap)`
    equals `footprint_distance` of the two footprints without visiting every pair of squares.
    """
    return (_gap(a[0], a_dims[0], b[0], b_dims[0]), _gap(a[1], a_dims[1], b[1], b_dims[1]))


def _gap(a: int, a_len: int, b: int, b_len: int) -> int:
    """Squares between the intervals [a, a + a_len) and [b, b + b_len) on one axis (0 when they overlap)."""
    after = b - a - a_len + 1  # b lies after a; at most one of the two can be positive
    if after > 0:
        return after
    before = a - b - b_len + 1
    return before if before > 0 else 0


def pf1_gap(a: Square, a_dims: tuple[int, int], b: Square, b_dims: tuple[int, int]) -> int:
    """PF1-DIAG distance between two footprints given as anchor and size (see rect_gap; asked very often)."""
    gx = b[0] - a[0] - a_dims[0] + 1  # _gap inlined for both axes
    if gx <= 0:
        gx = a[0] - b[0] - b_dims[0] + 1
        if gx < 0:
            gx = 0
    gy = b[1] - a[1] - a_dims[1] + 1
    if gy <= 0:
        gy = a[1] - b[1] - b_dims[1] + 1
        if gy < 0:
            gy = 0
    return gx + gy // 2 if gx >= gy else gy + gx // 2


def adjacent(a: Iterable[Square], b: Iterable[Square]) -> bool:
    """Whether two footprints touch (Chebyshev distance 1, not overlapping)."""
    return footprint_distance(a, b, chebyshev) == 1


def ring(anchor: Square, dims: tuple[int, int]) -> set[Square]:
    """The squares adjacent to a footprint (its outer ring)."""
    inner = footprint(anchor, dims)
    grown = footprint((anchor[0] - 1, anchor[1] - 1), (dims[0] + 2, dims[1] + 2))
    return set(grown - inner)


def vertex_edges(a: Square, delta: Square) -> tuple[tuple[Square, Square], ...]:
    """The four edges meeting at the vertex crossed by a diagonal step from `a` by `delta`."""
    x, y = a
    dx, dy = delta
    fx, fy = (x + dx, y), (x, y + dy)
    to = (x + dx, y + dy)
    return ((a, fx), (a, fy), (fx, to), (fy, to))


def corner_blocked(
    board: Board,
    anchor: Square,
    dims: tuple[int, int],
    delta: Square,
    *,
    solid: Callable[[Square], bool] | None = None,
    segment_counts: Callable[[str], bool] | None = None,
) -> Square | None:
    """PF1-CORNER / D5-GRID-CORNER: the square that makes a diagonal step cut a corner, or None.

    (a) the footprint shifted by only (dx, 0) or only (0, dy) overlaps solid terrain;
    (b) a wall segment lies on an edge meeting at a vertex crossed by a leading square.
    `solid` says which squares form corners (default: walls and closed doors);
    `segment_counts` says which edge kinds count (default: all).
    """
    if not is_diagonal(delta):
        return None
    is_solid = solid or (lambda sq: board.in_bounds(sq) and board.terrain(sq).wall)
    counts = segment_counts or (lambda kind: True)
    dx, dy = delta
    here = footprint(anchor, dims)
    for shift in ((dx, 0), (0, dy)):
        for sq in footprint((anchor[0] + shift[0], anchor[1] + shift[1]), dims):
            if sq not in here and is_solid(sq):
                return sq
    if board.edges:
        for sq in here:
            dest = (sq[0] + dx, sq[1] + dy)
            if dest in here:
                continue
            for p, q in vertex_edges(sq, delta):
                kind = board.edge(p, q)
                if kind is not None and counts(kind):
                    return dest
    return None


def crossed_edges(board: Board, anchor: Square, dims: tuple[int, int], delta: Square) -> list[str]:
    """Kinds of the wall segments an orthogonal step of a footprint crosses (one per square)."""
    if is_diagonal(delta) or not board.edges:
        return []
    kinds = []
    for sq in footprint(anchor, dims):
        dest = (sq[0] + delta[0], sq[1] + delta[1])
        kind = board.edge(sq, dest)
        if kind is not None:
            kinds.append(kind)
    return kinds


def wall_inside(board: Board, anchor: Square, dims: tuple[int, int]) -> Square | None:
    """A square of the footprint with a blocking wall segment or closed door between it and another square of the
    footprint (PF1-SQUEEZE, D5-SQUEEZE: such a footprint straddles a wall and is illegal as a position), or None."""
    if not board.edges or dims == (1, 1):
        return None
    x0, y0 = anchor
    w, h = dims
    edges = board.edges
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            if x + 1 < x0 + w and edges.get(frozenset(((x, y), (x + 1, y)))) == "blocking":
                return (x + 1, y)
            if y + 1 < y0 + h and edges.get(frozenset(((x, y), (x, y + 1)))) == "blocking":
                return (x, y + 1)
    return None


def shift_crossing(board: Board, here: Iterable[Square], dest: Iterable[Square], delta: Square) -> str | None:
    """The worst wall segment ("blocking" before "hampering") an orthogonal shift from `here` into `dest` crosses.

    Each square q of `dest` comes from q − delta; only where that square is held before or after
    the shift does the footprint pass the edge between them, so a big creature squeezing into a
    doorway crosses only the doorway's edges (D5-SQUEEZE).
    """
    if is_diagonal(delta) or not board.edges:
        return None
    target = list(dest)
    held = set(here) | set(target)
    worst = None
    for q in target:
        p = (q[0] - delta[0], q[1] - delta[1])
        if p in held:
            kind = board.edge(p, q)
            if kind == "blocking":
                return kind
            worst = worst or kind
    return worst
