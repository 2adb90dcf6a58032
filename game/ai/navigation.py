"""A walking-distance field around walls, to rank destinations and to propose walks the ruleset then judges.

Straight-line distance leads a unit into dead ends on maps with walls; this field (8
neighbours; walls, pits and blocking edges respected; doors, on squares or edges, passable since they open;
creatures ignored) says which reachable square is really nearer. Narrow and difficult squares
weigh more, so a detour through open ground beats a crack most units cannot pass. Bounded searches
on the same graph (`least_within`, `straight_walk`) let a unit walk towards a far enemy without the
ruleset's whole reach. Legality and cost always come from the ruleset's reach and measure, never
from here.

A board is immutable, so its step table (worked out square by square as searches first leave
them) and the fields worked out on it are kept with the board's other tables (the rules' memo,
game/caches.py): every match on the same board (the games of one `simulate` run) shares them,
and they go when the board is no longer among the newest.
"""

from __future__ import annotations

import heapq
import threading
from collections.abc import Callable, Sequence

from game.caches import RULES
from rules.core import Board, Square, footprint

_DELTAS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
FIELDS_KEPT = 256
"""Fields kept per board at most (one per goal footprint asked for); the oldest goes first."""
FIELD_SQUARES_KEPT = 400_000
"""Squares of all the fields kept for one board at most: a big map keeps fewer fields."""

UNREACHABLE = 10_000
"""Field value of a square no walk reaches (behind walls)."""
NARROW_WEIGHT = 10
"""A narrow square: squeezing through is slow or impossible, so take it only without a detour."""
DIFFICULT_WEIGHT = 2

Steps = dict[Square, tuple[tuple[Square, int], ...]]
"""square → the (neighbour, entry weight) pairs a walker may step to from it."""


def _weights(board: Board) -> dict[Square, int]:
    """Entry weight of every square a walker could ever stand on (walls and pits left out)."""
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
    return out


def _steps_from(
    board: Board, weights: dict[Square, int], sq: Square, pairs: dict[Square, tuple[Square, int]] | None = None
) -> tuple[tuple[Square, int], ...]:
    """The steps a walker may take from `sq`: onto open squares, not squeezing diagonally between
    two closed ones, not across a blocking edge. `pairs` (when given: `_pairs`) holds the (square, weight) pair of
    every open square, which every row stepping onto it then shares."""
    x, y = sq
    has_edges = bool(board.edges)
    out = []
    for dx, dy in _DELTAS:
        nxt = (x + dx, y + dy)
        if pairs is None:
            w = weights.get(nxt)
            if w is None:
                continue
            pair = (nxt, w)
        else:
            pair = pairs.get(nxt)
            if pair is None:
                continue
        if dx and dy and (x + dx, y) not in weights and (x, y + dy) not in weights:
            continue  # squeezing diagonally between two walls
        # a blocking edge stops the walk, unless it is a closed door: that can be opened
        blocked = has_edges and not (dx and dy) and board.edge((x, y), nxt) == "blocking"
        if blocked and frozenset(((x, y), nxt)) not in board.doors:
            continue
        out.append(pair)
    return tuple(out)


def _graph(board: Board) -> tuple[dict[Square, int], Steps]:
    """The entry weights of every open square of `board` and its step table (worked out once per board), the table
    empty: a square's steps are worked out when a search first leaves it (`_steps_of`), as the searches of a big
    board touch a small part of it and working out every square's steps cost more than all of them."""
    return _weights(board), {}


def _steps_of(board: Board, weights: dict[Square, int], steps: Steps, sq: Square) -> tuple[tuple[Square, int], ...]:
    """The steps from `sq`, kept in the board's step table for an open square (a square no walker could stand on,
    a flyer over a pit, gets its own steps each time)."""
    # every row that steps onto a square holds the same (square, weight) pair, kept per board: a big board's table
    # lives long, and eight pairs and their squares made afresh for each row were most of the objects the
    # garbage collector walked in a big army's game
    out = _steps_from(board, weights, sq, RULES.per_board(board, "ai.walk_pairs", lambda: _pairs(weights)))
    if sq in weights:
        steps[sq] = out  # one assignment: another thread working out the same row writes the same value
    return out


def _pairs(weights: dict[Square, int]) -> dict[Square, tuple[Square, int]]:
    """The (square, weight) pair of every open square (kept per board: the rows of the step table share them)."""
    return {sq: (sq, w) for sq, w in weights.items()}


Box = tuple[int, int, int, int]
"""(left, top, right, bottom), inclusive: the squares an A* search heads for."""


def box_of(squares: Sequence[Square] | frozenset[Square]) -> Box:
    """The bounding box of some squares."""
    xs = [sq[0] for sq in squares]
    ys = [sq[1] for sq in squares]
    return min(xs), min(ys), max(xs), max(ys)


class Field:
    """Weighted steps to the nearest goal square, searched from the goal only as far as the squares asked need.

    A search that pauses and heads where it is asked: `at` and `gaps` go on until the squares
    asked are settled, by A* towards their bounding box (the Chebyshev gap to it never
    overestimates, as every step costs at least 1 and moves one square at most, and changes by
    at most 1 a step: a settled square's distance is final). When other squares are asked, the
    open squares are ranked anew towards them and the search goes on from where it stopped. So
    a unit closing in on an enemy pays for the squares between them, not for the rest of a big
    board, and every answer is the whole-board search's, in whatever order the squares are asked;
    `complete` finishes the search.
    """

    __slots__ = ("_board", "_box", "_closed", "_dist", "_lock", "_queue", "_steps", "_weights")

    def __init__(self, board: Board, goal: frozenset[Square]) -> None:
        self._board = board
        self._weights, self._steps = RULES.per_board(board, "ai.walk_graph", lambda: _graph(board))
        self._dist = {sq: 0 for sq in goal}
        self._closed: set[Square] = set()
        """The settled squares: their distances are final."""
        self._queue: list[tuple[int, int, Square]] = []
        """(distance + estimate, −distance, square) of the open squares, ranked towards `_box`."""
        self._box: Box | None = None
        """Where the open squares are ranked towards (None: nothing ranked yet)."""
        self._lock = threading.Lock()  # the AI may decide in a worker thread while another asks too

    def at(self, sq: Square) -> int:
        """The square's weighted steps to the goal (UNREACHABLE when walled off)."""
        if sq in self._closed:
            return self._dist[sq]
        return self.gaps((sq,))[0]

    def gaps(self, squares: Sequence[Square]) -> list[int]:
        """`at` of each square, in order (one search for all of them)."""
        closed, dist, weights = self._closed, self._dist, self._weights
        wanted = [sq for sq in squares if sq not in closed and (sq in weights or sq in dist)]
        if wanted:
            with self._lock:
                self._search(box_of(wanted), set(wanted))
        return [dist[sq] if sq in closed else UNREACHABLE for sq in squares]

    def complete(self) -> dict[Square, int]:
        """Every square's distance (the search finished): the whole-board field."""
        with self._lock:
            self._search(None, None)
        return self._dist

    def _search(self, box: Box | None, wanted: set[Square] | None) -> None:
        """Settle squares towards `box` until every one of `wanted` is settled (None: until none is left open)."""
        board, weights, steps, dist, closed = self._board, self._weights, self._steps, self._dist, self._closed
        if wanted is not None:
            wanted -= closed
            if not wanted:
                return
        if box is None:
            left, top, right, bottom = -UNREACHABLE, -UNREACHABLE, UNREACHABLE, UNREACHABLE  # no estimate: Dijkstra
        else:
            left, top, right, bottom = box

        def estimate(sq: Square) -> int:
            x, y = sq
            return max(left - x, x - right, top - y, y - bottom, 0)

        if box != self._box or box is None:
            # rank the open squares towards the new box (the settled ones stay settled)
            self._queue = [(d + estimate(sq), -d, sq) for sq, d in dist.items() if sq not in closed]
            heapq.heapify(self._queue)
            self._box = box
        queue = self._queue
        pop, push, get = heapq.heappop, heapq.heappush, dist.get
        while queue:
            _, negative, sq = pop(queue)
            d0 = -negative
            if sq in closed or d0 > dist[sq]:
                continue
            closed.add(sq)
            out = steps.get(sq)
            if out is None:  # not worked out yet (or a goal square no walker could stand on: its own steps)
                out = _steps_of(board, weights, steps, sq)
            for nxt, w in out:
                d = d0 + w
                if d < get(nxt, UNREACHABLE) and nxt not in closed:
                    dist[nxt] = d
                    push(queue, (d + estimate(nxt), -d, nxt))
            if wanted is not None:
                wanted.discard(sq)
                if not wanted:
                    return


def lazy_field(board: Board, goal: frozenset[Square]) -> Field:
    """The walking field of `goal` on `board`, kept per board and goal (searched only as far as asked)."""
    fields: dict[frozenset[Square], Field] = RULES.per_board(board, "ai.walk_fields", dict)
    found = fields.get(goal)
    if found is not None:
        return found
    if len(fields) >= max(8, min(FIELDS_KEPT, FIELD_SQUARES_KEPT // (board.width * board.height))):
        del fields[next(iter(fields))]
    found = fields[goal] = Field(board, goal)
    return found


def field(board: Board, goal: frozenset[Square]) -> dict[Square, int]:
    """Weighted steps from every open square to the nearest goal square (kept per board and goal)."""
    return lazy_field(board, goal).complete()


def nearest_goal(board: Board, start: frozenset[Square], goals: Sequence[tuple[frozenset[Square], float]]) -> int:
    """Index of the goal footprint with the least walking gap from `start` plus its bias (ties: the first), or -1.

    The goals are taken nearest first by a lower bound of their score (the Chebyshev gap, as every
    step costs at least 1 and moves one square at most, plus the bias), and each is measured by an
    A* walk from `start` that gives up once it cannot beat the best score found: once no goal's
    bound can beat that score the rest are skipped. The cost follows the walks to the few nearest
    goals, not the board's size or the number of goals (hunting on a big map with many enemies).
    Biases must not be negative. The gap is measured from `start` towards the goal (the squares
    entered), `walk_gap` from the goal's side: the two differ only by the weights of the end
    squares. A goal on a square no walker may stand on (a flyer over a pit) is ranked by
    `walk_gap` instead (one field for it).
    """
    weights, steps = RULES.per_board(board, "ai.walk_graph", lambda: _graph(board))
    best, best_score = -1, float("inf")
    bounds: list[tuple[float, int]] = []
    gaps: dict[int, int] = {}
    left, top, right, bottom = box_of(start)  # the start's box, worked out once for every goal
    open_squares = weights.keys()
    for k, (goal, bias) in enumerate(goals):
        if not open_squares >= goal:  # a square no walker may stand on
            score = walk_gap(board, goal, start) + bias
            if score < best_score:
                best, best_score = k, score
            continue
        if len(goal) == 1:
            for gx, gy in goal:  # a one-square goal is its own box
                gap = max(0, gx - right, left - gx, gy - bottom, top - gy)
        else:
            gl, gt, gr, gb = box_of(goal)
            gap = max(0, gl - right, left - gr, gt - bottom, top - gb)
        bounds.append((gap + bias, k))
        gaps[k] = gap
    bounds.sort()
    plain = RULES.per_board(board, "ai.plain_sums", lambda: _plain_sums(board, weights))
    for bound, k in bounds:
        if bound > best_score:
            break  # this goal and every later one cannot beat the best score
        goal, bias = goals[k]
        if plain is not None and _plain_box(plain, board.width, box_of((*start, *goal))):
            # open ground between them: the walk is the Chebyshev gap, as _walk_to would find it
            gap = gaps[k] if gaps[k] <= best_score - bias else None
        else:
            gap = _walk_to(board, weights, steps, start, goal, best_score - bias)
        if gap is not None and (gap + bias < best_score or (gap + bias == best_score and k < best)):
            best, best_score = k, gap + bias
    return best


def _plain_sums(board: Board, weights: dict[Square, int]) -> list[int] | None:
    """The summed-area table of the squares that are not plain ground (not open, or weighing more than 1), by index
    y·(width + 1) + x of its (width + 1) × (height + 1) corners; None on a board with edges (a wall segment or an
    edge door may stand anywhere between two squares, and then no box is taken as open ground)."""
    if board.edges:
        return None
    w, h = board.width, board.height
    sums = [0] * ((w + 1) * (h + 1))
    for y in range(h):
        row = 0
        above, here = y * (w + 1), (y + 1) * (w + 1)
        for x in range(w):
            row += weights.get((x, y)) != 1
            sums[here + x + 1] = sums[above + x + 1] + row
    return sums


def _plain_box(sums: list[int], width: int, box: Box) -> bool:
    """Whether every square of `box` is plain ground (`_plain_sums`). Then the least walking gap between two squares
    in it is their Chebyshev gap: a walk of diagonal steps, then straight ones, stays inside their box, each square
    entered weighs 1, no diagonal squeezes past a wall, and no walk is shorter (each step moves one square at most)."""
    left, top, right, bottom = box
    stride = width + 1
    a, b = top * stride, (bottom + 1) * stride
    return sums[b + right + 1] - sums[b + left] - sums[a + right + 1] + sums[a + left] == 0


def _walk_to(
    board: Board,
    weights: dict[Square, int],
    steps: Steps,
    start: frozenset[Square],
    goal: frozenset[Square],
    cutoff: float,
) -> int | None:
    """The least walking gap from `start` to a goal square (squares entered weigh), or None when it exceeds `cutoff`.

    A* with the Chebyshev gap to the goal's bounding box as its estimate: consistent (a step costs
    at least 1 and changes the gap by 1 at most), so the first goal square taken is the nearest
    and the search never looks past `cutoff`.
    """
    x0, x1 = min(sq[0] for sq in goal), max(sq[0] for sq in goal)
    y0, y1 = min(sq[1] for sq in goal), max(sq[1] for sq in goal)

    def estimate(sq: Square) -> int:
        x, y = sq
        return max(x0 - x, x - x1, y0 - y, y - y1, 0)

    dist = {sq: 0 for sq in start}
    # ties of the estimate go to the longest walk first: on open ground the estimate is exact, and the
    # search then heads straight for the goal instead of widening over every equally short walk
    queue = [(estimate(sq), 0, sq) for sq in sorted(start)]
    heapq.heapify(queue)
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while queue:
        f, negative, sq = pop(queue)
        d0 = -negative
        if f > cutoff:
            return None  # every walk left is longer than the cutoff
        if d0 > dist[sq]:
            continue
        if sq in goal:
            return d0
        out = steps.get(sq)
        if out is None:  # not worked out yet (or a start square no walker could stand on: its own steps)
            out = _steps_of(board, weights, steps, sq)
        for nxt, w in out:
            d = d0 + w
            if d < get(nxt, UNREACHABLE):
                dist[nxt] = d
                push(queue, (d + estimate(nxt), -d, nxt))
    return None


def straight_walk(
    board: Board, start: Square, end: Square, avoid: frozenset[Square] | set[Square], limit: int
) -> list[Square]:
    """A walk from `start` to `end` that is cheapest when a diagonal step counts 1.5 and a straight one 1, each
    times its square's weight, entering none of `avoid` but `end`, as the squares entered (`end` last; empty when
    there is none or `end` is `start`).

    The rules' own counting alternates diagonals at 1 and 2 (1.5 on average), so this walk is the
    one the rules find cheapest on open ground, and its cost follows its length: A* with the
    octile estimate (2 per straight, 3 per diagonal step, in halves), which never overestimates
    as every weight is 1 at least. No walk longer than `limit` in those halves is looked for.
    """
    if start == end:
        return []  # nothing to walk
    weights, steps = RULES.per_board(board, "ai.walk_graph", lambda: _graph(board))
    ex, ey = end

    def estimate(sq: Square) -> int:
        dx, dy = abs(sq[0] - ex), abs(sq[1] - ey)
        return 2 * dx + dy if dx >= dy else 2 * dy + dx

    dist = {start: 0}
    came: dict[Square, Square] = {}
    queue = [(estimate(start), 0, start)]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while queue:
        f, negative, sq = pop(queue)
        if f > limit:
            return []  # every walk left is longer than the limit
        d0 = -negative
        if d0 > dist[sq]:
            continue
        if sq == end:
            out = [sq]
            while (sq := came[sq]) != start:
                out.append(sq)
            return out[::-1]
        out_steps = steps.get(sq)
        if out_steps is None:  # not worked out yet (or a start square no walker could stand on: its own steps)
            out_steps = _steps_of(board, weights, steps, sq)
        x, y = sq
        for nxt, w in out_steps:
            d = d0 + w * (3 if nxt[0] != x and nxt[1] != y else 2)
            if d < get(nxt, UNREACHABLE) and (nxt not in avoid or nxt == end):
                dist[nxt] = d
                came[nxt] = sq
                push(queue, (d + estimate(nxt), -d, nxt))
    return []


def least_within(board: Board, goal: frozenset[Square], box: Box, inside: Callable[[Square], bool]) -> int:
    """The least walking field value of the squares in `box` for which `inside` holds (UNREACHABLE when none).

    An A* search from the goal towards the box (the Chebyshev gap to it never overestimates and is
    0 inside it): squares come out in order of distance plus estimate, so the first one taken that
    lies in the box and passes `inside` is the nearest such square. Its cost follows the way from
    the goal to the box, not the board.
    """
    weights, steps = RULES.per_board(board, "ai.walk_graph", lambda: _graph(board))
    left, top, right, bottom = box

    def estimate(sq: Square) -> int:
        x, y = sq
        return max(left - x, x - right, top - y, y - bottom, 0)

    dist = {sq: 0 for sq in goal}
    queue = [(estimate(sq), 0, sq) for sq in sorted(goal)]
    heapq.heapify(queue)
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while queue:
        _, negative, sq = pop(queue)
        d0 = -negative
        if d0 > dist[sq]:
            continue
        x, y = sq
        if left <= x <= right and top <= y <= bottom and inside(sq):
            return d0
        out = steps.get(sq)
        if out is None:  # not worked out yet (or a goal square no walker could stand on: its own steps)
            out = _steps_of(board, weights, steps, sq)
        for nxt, w in out:
            d = d0 + w
            if d < get(nxt, UNREACHABLE):
                dist[nxt] = d
                push(queue, (d + estimate(nxt), -d, nxt))
    return UNREACHABLE


def walk_gap(board: Board, goal: frozenset[Square], footprint: frozenset[Square]) -> int:
    """Walking steps between a footprint and the goal squares (UNREACHABLE when walled off)."""
    if len(footprint) == 1:
        for sq in footprint:  # a one-square footprint: its gap is the field there
            return lazy_field(board, goal).at(sq)
    return min(lazy_field(board, goal).gaps(sorted(footprint)), default=UNREACHABLE)


def walk_gaps(board: Board, goal: frozenset[Square], side: int, anchors: Sequence[Square]) -> list[int]:
    """walk_gap of the footprint of side `side` at each anchor, in order (one search for all of them)."""
    field_ = lazy_field(board, goal)
    if side == 1:
        return field_.gaps(anchors)  # a one-square footprint is its anchor: its gap is the field there
    squares = sorted({sq for anchor in anchors for sq in footprint(anchor, (side, side))})
    gap_of = dict(zip(squares, field_.gaps(squares), strict=True))
    return [min(gap_of[sq] for sq in footprint(anchor, (side, side))) for anchor in anchors]


def least_scored(
    board: Board, goal: frozenset[Square], side: int, rows: Sequence[tuple[Square, float]], wanted: int
) -> list[tuple[float, int, int, int]]:
    """(walk_gaps + extra, y, x, k) of the rows k = (anchor, extra), in that order, holding the `wanted` least of what
    scoring every row would give, in order, first; the others listed are those whose gap was measured on the way.

    A footprint's walking gap to the goal is at least the Chebyshev gap between their boxes (every step weighs 1 at
    least and moves one square at most), so the rows are measured in the order of that bound, a batch at a time,
    until the `wanted`-th least score found is below the bound of every row not measured: each of those scores at
    least its bound, with the same y, x and k after it. The walking field is then searched only as far as the rows
    near the goal (a run's ends on a big board are hundreds, the best of them a few).
    """
    gl, gt, gr, gb = box_of(goal)
    last = side - 1
    bounds = []
    for k, ((x, y), extra) in enumerate(rows):
        gap = max(0, gl - x - last, x - gr, gt - y - last, y - gb)
        bounds.append((gap + extra, y, x, k))
    bounds.sort()
    scored: list[tuple[float, int, int, int]] = []
    done, batch = 0, 4 * wanted
    while done < len(bounds):
        if len(scored) >= wanted and scored[wanted - 1] < bounds[done]:
            break
        taken = bounds[done : done + batch]
        gaps = walk_gaps(board, goal, side, [(x, y) for _, y, x, _ in taken])
        scored.extend((gap + rows[k][1], y, x, k) for gap, (_, y, x, k) in zip(gaps, taken, strict=True))
        scored.sort()
        done += len(taken)
        batch *= 2
    return scored


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
