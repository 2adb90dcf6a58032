"""A faster reach for one-square movers on boards without wall segments (the common case).

Not used under D5-GRID-DIAG-VARIANT, where the state also carries the diagonal counter's parity.

It walks the same cost rule as `Mover` (movement.py) over flat square indices: a one-square
mover's squeeze state follows from the square itself (Small in a narrow square), so the
state is just the index. The property tests check it against `measure`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container

from rules.core import Square, Terrain

from .movement import Mover, State

_INF = 1 << 30
_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def applies(mover: Mover) -> bool:
    """Whether the fast search rules exactly as the general one for this mover."""
    return mover.full == 1 and (mover.red is None or mover.red == 1) and not mover.board.edges and not mover.alternating


def search(mover: Mover, start: Square, limit: int) -> Found:
    """Cheapest cost in squares to every reachable state within `limit`, with predecessors."""
    board = mover.board
    width, height = board.width, board.height
    tiles = board.tiles
    flying = mover.flying
    need_full, need_red = mover.need_full, mover.need_red
    can_squeeze = mover.red is not None
    base = 1 + mover.extra_base
    holders = mover.spaces.holders
    blocker = mover.spaces.blocker
    info: dict[int, tuple[bool, bool, bool, float]] = {}
    cells: list[int | None] = [None] * (width * height)
    squeezed_at: set[int] = set()

    def terrain_info(t: Terrain) -> tuple[bool, bool, bool, float]:
        """(solid, closed to this mode, difficult for this mode, clearance) of one terrain."""
        key = id(t)
        got = info.get(key)
        if got is None:
            got = (t.wall, t.pit and not flying, (t.hampering or t.difficult) and not flying, t.clearance)
            info[key] = got
        return got

    def units(i: int) -> int:
        """Cost in squares of entering square `i`, 0 when it cannot be entered."""
        got = cells[i]
        if got is not None:
            return got
        wall, pit, rough, clearance = terrain_info(tiles[i])
        cost = 0
        if not (wall or pit):
            squeezed = False
            if clearance < need_full:
                squeezed = can_squeeze and clearance >= need_red
            if clearance >= need_full or squeezed:
                sq = (i % width, i // width)
                if sq in holders:
                    cost = 0 if blocker((sq,)) is not None else base + 1 + squeezed
                else:
                    cost = base + rough + squeezed
                if squeezed:
                    squeezed_at.add(i)
        cells[i] = cost
        return cost

    walls: list[bool | None] = [None] * (width * height)

    def walled(i: int) -> bool:
        """Whether square `i` is solid (forms a corner)."""
        got = walls[i]
        if got is None:
            got = walls[i] = terrain_info(tiles[i])[0]
        return got

    first = start[1] * width + start[0]
    units(first)
    # Dial's bucket queue over flat lists (the order and first-found ties of rules.search.cost_map)
    best = [_INF] * (width * height)
    prev = [-1] * (width * height)
    order = [first]
    best[first] = 0
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(first)
    # the eight steps as (index offset, dx, dy, diagonal); a diagonal may not cut a wall's corner (D5-GRID-CORNER)
    steps = [(dx + dy * width, dx, dy, bool(dx and dy)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    steps += [(dx + dy * width, dx, dy, True) for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1))]
    last_x, last_y = width - 1, height - 1
    for cost in range(limit + 1):
        for i in buckets[cost]:
            if best[i] != cost:
                continue
            x, y = i % width, i // width
            for offset, dx, dy, diagonal in steps:
                nx, ny = x + dx, y + dy
                if nx < 0 or ny < 0 or nx > last_x or ny > last_y:
                    continue
                j = i + offset
                step = cells[j]
                if step is None:
                    step = units(j)
                if not step:
                    continue
                if diagonal and (walled(i + dx) or walled(i + dy * width)):
                    continue
                total = cost + step
                if total <= limit and total < best[j]:
                    if best[j] == _INF:
                        order.append(j)
                    best[j] = total
                    prev[j] = i
                    buckets[total].append(j)
    return Found(width, best, prev, order, squeezed_at)


class Found:
    """The search result over square indices, turned into states only where asked."""

    def __init__(self, width: int, best: list[int], prev: list[int], order: list[int], squeezed: set[int]) -> None:
        self.width = width
        self.best = best
        self.prev = prev
        self.order = order
        """Every square found, in the order the search found it."""
        self.squeezed = squeezed

    def state(self, i: int) -> State:
        """The (anchor, squeezed) state of square index `i`."""
        return ((i % self.width, i // self.width), i in self.squeezed, 0)

    def ends(
        self, start: Square, taken: Container[Square]
    ) -> list[tuple[Square, int, Callable[[], tuple[Square, ...]]]]:
        """(anchor, cost in squares, path) of every square a segment may end on, start excluded.

        The path is a function that works it out when called: most squares are only shaded.
        """
        width, best = self.width, self.best
        out = []
        for i in self.order:
            anchor = (i % width, i // width)
            if anchor == start or anchor in taken:
                continue
            out.append((anchor, best[i], functools.partial(self.path, i)))
        return out

    def path(self, i: int) -> tuple[Square, ...]:
        """The squares entered on the way to square index `i`."""
        width, prev = self.width, self.prev
        out = []
        while prev[i] != -1:
            out.append((i % width, i // width))
            i = prev[i]
        out.reverse()
        return tuple(out)
