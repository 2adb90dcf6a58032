"""Wall lines drawn anywhere → what the grid's rules can hold: walled square edges and solid squares.

Pure geometry (no pygame, no I/O), used by the Universal VTT importer (game/levels/uvtt.py, docs/import.md).
Points are (x, y) in squares from the map's top-left corner; square (i, j) spans [i, i+1] × [j, j+1].

- A wall piece lying on a grid line (both ends within SNAP of it) covers part of that line; an edge
  between two squares is walled when such pieces cover MOST of it, or cover its middle.
- Any other piece (diagonal, curved, off the grid) runs through squares; a square it runs through
  for at least CUT of a square's side in all is made solid.
- Then no step is left that crosses a wall: every step between neighbouring squares (orthogonal or
  diagonal, centre to centre) that crosses a wall piece and that the rules would still allow is
  closed, by walling its edge (a piece on that edge) or by making the square it crosses in solid.
  The rules refuse a diagonal step past a solid square or a walled edge at its corner
  (PF1-CORNER, D5-GRID-CORNER), so the closed set is watertight.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.core import Square
from rules.geometry import vertex_edges

Point = tuple[float, float]
Segment = tuple[Point, Point]
Edge = tuple[Square, Square]
"""Two orthogonal neighbours, the smaller first."""

SNAP = 0.25
"""A wall piece whose ends both lie this close to one grid line lies on that line."""
MOST = 0.5
"""An edge is walled when wall pieces on it cover more than this share of it."""
CUT = 0.5
"""A square is made solid when wall pieces run this far through it (in squares)."""
STEPS: tuple[Square, ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Every step between neighbours, each pair once."""


def edge(a: Square, b: Square) -> Edge:
    """The edge between orthogonal neighbours, in its one spelling."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class OnLine:
    """A wall piece on a grid line: vertical (x = at) or horizontal (y = at), from lo to hi along it."""

    vertical: bool
    at: int
    lo: float
    hi: float


@dataclass(frozen=True, slots=True)
class Traced:
    """Walled edges (both squares on the map) and solid squares."""

    edges: frozenset[Edge]
    solid: frozenset[Square]


def pieces(polylines: Iterable[Sequence[Point]]) -> list[Segment]:
    """The straight pieces of polylines (consecutive points), zero-length ones left out."""
    out: list[Segment] = []
    for line in polylines:
        for a, b in itertools.pairwise(line):
            if a != b:
                out.append((a, b))
    return out


def on_line(seg: Segment) -> OnLine | None:
    """The grid line `seg` lies on (both ends within SNAP of it), else None; the longer reading wins."""
    (x0, y0), (x1, y1) = seg
    found: list[tuple[float, OnLine]] = []
    gx = round(x0)
    if abs(x0 - gx) <= SNAP and abs(x1 - gx) <= SNAP:
        found.append((abs(y1 - y0), OnLine(True, gx, min(y0, y1), max(y0, y1))))
    gy = round(y0)
    if abs(y0 - gy) <= SNAP and abs(y1 - gy) <= SNAP:
        found.append((abs(x1 - x0), OnLine(False, gy, min(x0, x1), max(x0, x1))))
    if not found:
        return None
    return max(found, key=lambda f: f[0])[1]


def line_edges(piece: OnLine, width: int, height: int) -> dict[Edge, tuple[float, float]]:
    """Each edge (between two squares on the map) a piece on a grid line covers, with the covered span."""
    out: dict[Edge, tuple[float, float]] = {}
    limit = height if piece.vertical else width
    across = width if piece.vertical else height
    if not 0 < piece.at < across:
        return out  # the map's border: it blocks already
    for k in range(max(0, math.floor(piece.lo)), min(limit, math.ceil(piece.hi))):
        lo, hi = max(piece.lo, k), min(piece.hi, k + 1)
        if hi <= lo:
            continue
        if piece.vertical:
            out[edge((piece.at - 1, k), (piece.at, k))] = (lo - k, hi - k)
        else:
            out[edge((k, piece.at - 1), (k, piece.at))] = (lo - k, hi - k)
    return out


def _union(spans: list[tuple[float, float]]) -> float:
    """Total length of a union of intervals."""
    total, end = 0.0, -math.inf
    for lo, hi in sorted(spans):
        if hi <= end:
            continue
        total += hi - max(lo, end)
        end = hi
    return total


def covered_edges(lines: Iterable[OnLine], width: int, height: int, share: float = MOST) -> dict[Edge, float]:
    """Edges walled by pieces on grid lines → the share covered: more than `share`, or covered at the middle."""
    spans: dict[Edge, list[tuple[float, float]]] = {}
    for piece in lines:
        for e, span in line_edges(piece, width, height).items():
            spans.setdefault(e, []).append(span)
    out: dict[Edge, float] = {}
    for e, parts in spans.items():
        covered = _union(parts)
        if covered > share or any(lo <= 0.5 <= hi for lo, hi in parts):
            out[e] = covered
    return out


def clip(seg: Segment, width: float, height: float) -> Segment | None:
    """The part of `seg` inside the map rectangle (Liang-Barsky), or None."""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0), (dx, width - x0), (-dy, y0), (dy, height - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return ((x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy))


def run_lengths(seg: Segment, width: int, height: int) -> dict[Square, float]:
    """How far `seg` runs through each square of the map (its part inside the map)."""
    inside = clip(seg, width, height)
    out: dict[Square, float] = {}
    if inside is None:
        return out
    (x0, y0), (x1, y1) = inside
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    if length == 0:
        return out
    cuts = {0.0, 1.0}
    for start, delta in ((x0, dx), (y0, dy)):
        if delta:
            lo, hi = sorted((start, start + delta))
            cuts.update((k - start) / delta for k in range(math.ceil(lo), math.floor(hi) + 1))
    ts = sorted(t for t in cuts if 0.0 <= t <= 1.0)
    for a, b in itertools.pairwise(ts):
        if b - a <= 1e-12:
            continue
        m = (a + b) / 2
        sq = (min(width - 1, math.floor(x0 + m * dx)), min(height - 1, math.floor(y0 + m * dy)))
        out[sq] = out.get(sq, 0.0) + (b - a) * length
    return out


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def crossing(seg: Segment, p: Point, q: Point) -> float | None:
    """Where along p→q (0…1) the wall piece `seg` crosses it (touching counts, running along it does not), or None."""
    a, b = seg
    d1, d2 = _orient(p, q, a), _orient(p, q, b)
    d3, d4 = _orient(a, b, p), _orient(a, b, q)
    if d1 == 0 and d2 == 0:
        return None  # collinear: a wall along the step's line is not crossed by it
    if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0) or (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
        return None
    denom = d3 - d4
    return 0.5 if denom == 0 else d3 / denom


def _centre(sq: Square) -> Point:
    return (sq[0] + 0.5, sq[1] + 0.5)


class _Grid:
    """The walls being traced: walled edges, solid squares, and the pieces near each square."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.edges: set[Edge] = set()
        self.solid: set[Square] = set()
        self.near: dict[Square, list[tuple[Segment, OnLine | None]]] = {}

    def inside(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def file(self, seg: Segment, piece: OnLine | None) -> None:
        """Note `seg` at every square it runs through or touches (and their neighbours, for steps)."""
        for x, y in run_lengths(seg, self.width, self.height):
            for ox in (-1, 0, 1):
                for oy in (-1, 0, 1):
                    sq = (x + ox, y + oy)
                    if self.inside(sq):
                        self.near.setdefault(sq, []).append((seg, piece))

    def allowed(self, a: Square, b: Square) -> bool:
        """Whether the rules would let a one-square creature step from a to b (neighbours) as traced so far."""
        if a in self.solid or b in self.solid:
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx and dy:
            if (a[0] + dx, a[1]) in self.solid or (a[0], a[1] + dy) in self.solid:
                return False
            return not any(edge(p, q) in self.edges for p, q in vertex_edges(a, (dx, dy)))
        return edge(a, b) not in self.edges

    def close(self, a: Square, b: Square) -> None:
        """Close the step a → b if a wall piece crosses it: wall its edge or make the square crossed in solid."""
        p, q = _centre(a), _centre(b)
        orthogonal = a[0] == b[0] or a[1] == b[1]
        for seg, piece in self.near.get(a, ()):
            where = crossing(seg, p, q)
            if where is None:
                continue
            if orthogonal and piece is not None and _on_edge(piece, a, b):
                self.edges.add(edge(a, b))
            else:
                self.solid.add(a if where < 0.5 else b)
            return


def _on_edge(piece: OnLine, a: Square, b: Square) -> bool:
    """Whether a piece on a grid line lies on the line between orthogonal neighbours a and b."""
    if a[1] == b[1]:
        return piece.vertical and piece.at == max(a[0], b[0])
    return not piece.vertical and piece.at == max(a[1], b[1])


def trace(polylines: Iterable[Sequence[Point]], width: int, height: int) -> Traced:
    """Walled edges and solid squares for wall polylines on a width × height map (see the module text)."""
    grid = _Grid(width, height)
    lines: list[OnLine] = []
    runs: dict[Square, float] = {}
    for seg in pieces(polylines):
        piece = on_line(seg)
        grid.file(seg, piece)
        if piece is not None:
            lines.append(piece)
            continue
        for sq, length in run_lengths(seg, width, height).items():
            runs[sq] = runs.get(sq, 0.0) + length
    grid.edges.update(covered_edges(lines, width, height))
    grid.solid.update(sq for sq, length in runs.items() if length >= CUT - 1e-9)
    for y in range(height):
        for x in range(width):
            for dx, dy in STEPS:
                b = (x + dx, y + dy)
                if grid.inside(b) and grid.allowed((x, y), b):
                    grid.close((x, y), b)
    return Traced(frozenset(grid.edges), frozenset(grid.solid))


def door_places(seg: Segment, width: int, height: int) -> tuple[list[Edge], list[Square]]:
    """The edges a door piece covers (half or more, else the one it covers most); off the grid, the squares it cuts."""
    piece = on_line(seg)
    if piece is not None:
        spans = line_edges(piece, width, height)
        if not spans:
            return [], []  # on the map's border (or off it): no passage to open
        shares = {e: hi - lo for e, (lo, hi) in spans.items()}
        best = max(shares.values())
        return sorted(e for e, s in shares.items() if s >= 0.5 or s == best), []
    runs = run_lengths(seg, width, height)
    if not runs:
        return [], []
    best = max(runs.values())
    return [], sorted(sq for sq, length in runs.items() if length >= CUT or length == best)


def covered_squares(outline: Sequence[Point], width: int, height: int, share: float = 0.25) -> set[Square]:
    """Squares a closed outline covers at least `share` of (4 × 4 sample points a square, even-odd rule)."""
    n = 4
    ring = list(outline)
    if len(ring) < 3:
        return set()
    if ring[0] != ring[-1]:
        ring.append(ring[0])
    rows: dict[int, list[float]] = {}
    for (x0, y0), (x1, y1) in itertools.pairwise(ring):
        if y0 == y1:
            continue
        lo, hi = min(y0, y1), max(y0, y1)
        first = max(0, math.ceil(lo * n - 0.5))
        last = min(height * n - 1, math.ceil(hi * n - 0.5) - 1)
        for r in range(first, last + 1):
            y = (r + 0.5) / n
            if lo <= y < hi:
                rows.setdefault(r, []).append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    counts: dict[Square, int] = {}
    for r, xs in rows.items():
        xs.sort()
        for left, right in zip(xs[0::2], xs[1::2], strict=False):
            first = max(0, math.ceil(left * n - 0.5))
            last = min(width * n - 1, math.floor(right * n - 0.5))
            for c in range(first, last + 1):
                sq = (c // n, r // n)
                counts[sq] = counts.get(sq, 0) + 1
    need = share * n * n
    return {sq for sq, count in counts.items() if count >= need - 1e-9}
