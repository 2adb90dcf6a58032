"""A faster reach for one-square movers on boards without wall segments (the common case).

Not used under D5-GRID-DIAG-VARIANT, where the state also carries the diagonal counter's parity.

It walks the same cost rule as `Mover` (movement.py) over flat square indices: a one-square
mover's squeeze state follows from the square itself (Small in a narrow square), so the
state is just the index. The property tests check it against `measure`.
"""

from __future__ import annotations

from collections.abc import Container

from rules.core import Square, Terrain
from rules.search import cost_map

from .movement import Mover, State

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

    def successors(i: int) -> list[tuple[int, int]]:
        """Neighbouring square indices with their step costs."""
        x, y = i % width, i // width
        west, east, north, south = x > 0, x < width - 1, y > 0, y < height - 1
        out = []
        if east and (c := units(i + 1)):
            out.append((i + 1, c))
        if west and (c := units(i - 1)):
            out.append((i - 1, c))
        if south and (c := units(i + width)):
            out.append((i + width, c))
        if north and (c := units(i - width)):
            out.append((i - width, c))
        # a diagonal may not cut a wall's corner (D5-GRID-CORNER)
        for ok, dx, dy in (
            (east and south, 1, width),
            (east and north, 1, -width),
            (west and south, -1, width),
            (west and north, -1, -width),
        ):
            if ok and (c := units(i + dx + dy)) and not walled(i + dx) and not walled(i + dy):
                out.append((i + dx + dy, c))
        return out

    first = start[1] * width + start[0]
    units(first)
    best, prev = cost_map([(first, 0)], successors, limit)
    return Found(width, best, prev, squeezed_at)


class Found:
    """The search result over square indices, turned into states only where asked."""

    def __init__(self, width: int, best: dict[int, int], prev: dict[int, int | None], squeezed: set[int]) -> None:
        self.width = width
        self.best = best
        self.prev = prev
        self.squeezed = squeezed

    def state(self, i: int) -> State:
        """The (anchor, squeezed) state of square index `i`."""
        return ((i % self.width, i // self.width), i in self.squeezed, 0)

    def ends(self, start: Square, taken: Container[Square]) -> list[tuple[Square, int, tuple[Square, ...]]]:
        """(anchor, cost in squares, path) of every square a segment may end on, start excluded."""
        width, prev = self.width, self.prev
        paths: dict[int, tuple[Square, ...]] = {}
        out = []
        for i, cost in self.best.items():
            anchor = (i % width, i // width)
            if anchor == start or anchor in taken:
                continue
            chain = []
            j: int | None = i
            while j is not None and j not in paths:
                chain.append(j)
                j = prev[j]
            known = paths[j] if j is not None else ()
            for link in reversed(chain):
                if prev[link] is not None:
                    known = (*known, (link % width, link // width))
                paths[link] = known
            out.append((anchor, cost, paths[i]))
        return out
