"""Which squares and edges a tool touches: brushes, rectangles, flood fill, the edge under the pointer."""

from __future__ import annotations

from collections import deque

from game.editor.document import Document
from rules.core import Square

BRUSHES = (1, 3, 5)
"""Brush widths in squares."""


def brush(center: Square, size: int) -> list[Square]:
    """The squares of a square brush `size` wide centred on `center`."""
    r = size // 2
    return [(center[0] + dx, center[1] + dy) for dy in range(-r, size - r) for dx in range(-r, size - r)]


def rectangle(a: Square, b: Square) -> list[Square]:
    """Every square of the rectangle with corners `a` and `b` (either order)."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def flood(doc: Document, start: Square) -> list[Square]:
    """The squares joined to `start` through orthogonal neighbours with the same symbol (not across walls on
    edges: a walled-in room fills on its own)."""
    if not doc.in_bounds(start):
        return []
    symbol = doc.symbol(start)
    walled = {e.key() for e in doc.edges if e.kind in ("blocking", "door")}  # a door is part of its wall
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt in seen or not doc.in_bounds(nxt) or doc.symbol(nxt) != symbol:
                continue
            if frozenset(((x, y), nxt)) in walled:
                continue
            seen.add(nxt)
            queue.append(nxt)
    return sorted(seen, key=lambda s: (s[1], s[0]))


def nearest_edge(fx: float, fy: float) -> tuple[Square, Square]:
    """The square edge nearest a point given in squares (fractions inside a square): its two squares."""
    x, y = int(fx // 1), int(fy // 1)
    dx, dy = fx - x, fy - y
    sides = {(x - 1, y): dx, (x + 1, y): 1 - dx, (x, y - 1): dy, (x, y + 1): 1 - dy}
    other = min(sides, key=lambda s: sides[s])
    return ((x, y), other)


def edge_line(a: tuple[Square, Square], b: tuple[Square, Square]) -> list[tuple[Square, Square]]:
    """The edges of a straight wall from edge `a` to edge `b` along the line of `a` (a wall drawn by dragging)."""
    (ax, ay), (anx, any_) = a
    (bx, by), _ = b
    if ay == any_:  # a vertical edge between columns: the wall runs down
        step = 1 if by >= ay else -1
        return [((ax, y), (anx, y)) for y in range(ay, by + step, step)]
    step = 1 if bx >= ax else -1
    return [((x, ay), (x, any_)) for x in range(ax, bx + step, step)]
