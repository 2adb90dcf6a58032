"""A walking-distance field around walls, used only to RANK destinations the ruleset's reach offered.

Straight-line distance leads a unit into dead ends on maps with walls; this field (8
neighbours; walls, pits and blocking edges respected; doors passable since they open;
creatures ignored) says which reachable square is really nearer. Narrow and difficult squares
weigh more, so a detour through open ground beats a crack most units cannot pass. Legality and
cost always come from the ruleset's reach and measure, never from here.
"""

from __future__ import annotations

import heapq

from rules.core import Board, Square

_CACHE: dict[tuple[int, frozenset[Square]], tuple[Board, dict[Square, int]]] = {}
_CACHE_LIMIT = 256
_WEIGHTS: dict[int, tuple[Board, dict[Square, int]]] = {}
_DELTAS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)

UNREACHABLE = 10_000
"""Field value of a square no walk reaches (behind walls)."""
NARROW_WEIGHT = 10
"""A narrow square: squeezing through is slow or impossible, so take it only without a detour."""
DIFFICULT_WEIGHT = 2


def _weights(board: Board) -> dict[Square, int]:
    """Entry weight of every square a walker could ever stand on (walls and pits left out); cached per board."""
    hit = _WEIGHTS.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    out: dict[Square, int] = {}
    for y in range(board.height):
        for x in range(board.width):
            t = board.terrain((x, y))
            if t.pit or "wall" in t.kinds:
                continue  # doors stay in: they can be opened
            if t.clearance < 1.5:
                out[(x, y)] = NARROW_WEIGHT
            else:
                out[(x, y)] = DIFFICULT_WEIGHT if t.difficult or t.hampering else 1
    if len(_WEIGHTS) >= _CACHE_LIMIT:
        _WEIGHTS.clear()
    _WEIGHTS[id(board)] = (board, out)
    return out


def field(board: Board, goal: frozenset[Square]) -> dict[Square, int]:
    """Weighted steps from every open square to the nearest goal square (cached per board and goal)."""
    key = (id(board), goal)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is board:
        return hit[1]
    weights = _weights(board)
    has_edges = bool(board.edges)
    dist: dict[Square, int] = {sq: 0 for sq in goal}
    queue = [(0, sq) for sq in sorted(goal)]
    heapq.heapify(queue)
    while queue:
        d0, (x, y) = heapq.heappop(queue)
        if d0 > dist[(x, y)]:
            continue
        for dx, dy in _DELTAS:
            nxt = (x + dx, y + dy)
            w = weights.get(nxt)
            if w is None:
                continue
            if dx and dy and (x + dx, y) not in weights and (x, y + dy) not in weights:
                continue  # squeezing diagonally between two walls
            if has_edges and not (dx and dy) and board.edge((x, y), nxt) == "blocking":
                continue
            d = d0 + w
            if d < dist.get(nxt, UNREACHABLE):
                dist[nxt] = d
                heapq.heappush(queue, (d, nxt))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (board, dist)
    return dist


def walk_gap(board: Board, goal: frozenset[Square], footprint: frozenset[Square]) -> int:
    """Walking steps between a footprint and the goal squares (UNREACHABLE when walled off)."""
    dist = field(board, goal)
    return min((dist.get(sq, UNREACHABLE) for sq in footprint), default=UNREACHABLE)


def closed_door_next_to(board: Board, footprint: frozenset[Square]) -> Square | None:
    """A closed door square touching the footprint, if any (top-most, then left-most)."""
    doors = []
    for x, y in footprint:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                sq = (x + dx, y + dy)
                if sq not in footprint and board.in_bounds(sq) and "door_closed" in board.terrain(sq).kinds:
                    doors.append(sq)
    return min(doors, key=lambda s: (s[1], s[0])) if doors else None


def forget(board: Board) -> None:
    """Forget the caches made for `board` (its match is closing)."""
    _WEIGHTS.pop(id(board), None)
    for key in [k for k in _CACHE if k[0] == id(board)]:
        del _CACHE[key]
