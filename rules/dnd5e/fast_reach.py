"""dnd5e reach's general search on flat arrays: integer states, step tables kept per board, paths on demand.

Used for every mover the one-square search (single_square.py) does not cover: Large and
bigger creatures (footprints, D5-SQUEEZE), the diagonal variant (D5-GRID-DIAG-VARIANT, the
state carries the diagonal counter's parity) and boards with wall segments.

A state `(anchor, squeezed, parity)` is the integer `(y·width + x)·4 + squeezed·2 + parity`.
The steps out of a state and their costs come from `Mover.successors`, in its order, and are
kept per board and kind of mover (size, flying, extra costs, diagonal rule) as computed by a
stand-in mover alone on the board: footprint legality and terrain costs are worked out once
per board, not per query. Other creatures change the steps only of states whose footprints
(or the footprints a step from them may squeeze or expand into) touch their squares; those
few states are asked of the query's real mover instead. The search is Dial's bucket queue
with the same first-found tie-breaking as `rules.search.cost_map`, so costs and paths are
the ones the general search gives (the property tests check it); a path is traced only
when it is read.
"""

from __future__ import annotations

from rules.core import Situation, Square

from .movement import Mover, State
from .space import size_order

INF = 1 << 30
Row = list[tuple[int, int]]
"""(next state, cost in squares) of every step out of one state, in `Mover.successors` order."""


class StepTable:
    """The steps of a stand-in mover with no other creature on the board, filled in lazily."""

    def __init__(self, mover: Mover) -> None:
        self.mover = mover
        board = mover.board
        self.width = board.width
        self.rows: list[Row | None] = [None] * (board.width * board.height * 4)

    def fill(self, s: int) -> Row:
        """Work out (and keep) the steps out of state `s`."""
        row = self.rows[s] = encode_row(self.mover, self.width, s)
        return row


def encode(state: State, width: int) -> int:
    """The integer of a state."""
    (x, y), squeezed, parity = state
    return ((y * width + x) << 2) | (squeezed << 1) | parity


def decode(s: int, width: int) -> State:
    """The state of an integer."""
    i = s >> 2
    return ((i % width, i // width), bool(s & 2), s & 1)


def encode_row(mover: Mover, width: int, s: int) -> Row:
    """The steps out of state `s` as `mover` rules them, encoded."""
    return [(encode(state, width), units) for state, units in mover.successors(decode(s, width))]


def _kind(mover: Mover) -> tuple[int, bool, int, bool]:
    """What a stand-in's steps depend on besides the board: size, flying, extra step costs, diagonal rule."""
    return (size_order(mover.creature.size), mover.flying, mover.extra_base, mover.alternating)


def step_table(mover: Mover) -> StepTable:
    """The board's step table for this kind of mover (kept in the situation's memo, per board)."""
    sit = mover.sit
    creature = mover.creature

    def make() -> StepTable:
        """A stand-in: the same creature alone on the same board, under the same options."""
        alone = Situation(
            sit.ruleset, sit.board, {creature.id: creature}, sit.turns, options=sit.options, memo=sit.memo
        )
        return StepTable(Mover(alone, creature.id, mover.mode))

    return sit.memo.per_board(mover.board, ("d5-steps", _kind(mover)), make)


def _spare(mover: Mover) -> int:
    """How far a squeeze may shift the footprint inside the full one."""
    return 0 if mover.red is None else mover.full - mover.red


def near_creatures(mover: Mover) -> set[int]:
    """Square indices of anchors whose steps may look at another creature's square.

    From anchor `a` a step examines footprints within `a − 1 − spare … a + full + spare` on
    each axis (the full or squeezed space one step on, and the full spaces a squeeze may
    expand into), so a creature's square `h` matters to anchors `h − full − spare … h + 1 + spare`.
    """
    board = mover.board
    width, height = board.width, board.height
    spare = _spare(mover)
    low, high = mover.full + spare, 1 + spare
    out: set[int] = set()
    for hx, hy in mover.spaces.holders:
        for y in range(max(0, hy - low), min(height, hy + high + 1)):
            row = y * width
            out.update(range(row + max(0, hx - low), row + min(width, hx + high + 1)))
    return out


class Found:
    """The cheapest cost of every state found and its predecessor; paths traced on demand."""

    def __init__(self, width: int, best: list[int], prev: list[int], order: list[int]) -> None:
        self.width = width
        self.best = best
        self.prev = prev
        self.order = order
        """Every state found, in the order the search first found it."""

    def path(self, s: int) -> tuple[Square, ...]:
        """The anchors entered on the way to state `s`."""
        width, prev = self.width, self.prev
        out = []
        while prev[s] >= 0:
            i = s >> 2
            out.append((i % width, i // width))
            s = prev[s]
        out.reverse()
        return tuple(out)


def search(mover: Mover, start: State, limit: int) -> Found:
    """Cheapest cost in squares of every state reachable within `limit`, with predecessors."""
    table = step_table(mover)
    width = table.width
    rows, fill = table.rows, table.fill
    near = near_creatures(mover)
    patched: dict[int, Row] = {}

    def own(s: int) -> Row:
        """The steps out of a state next to another creature, as this query's mover rules them."""
        row = patched[s] = encode_row(mover, width, s)
        return row

    first = encode(start, width)
    best = [INF] * len(rows)
    prev = [-1] * len(rows)
    best[first] = 0
    order = [first]
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(first)
    for cost, bucket in enumerate(buckets[:limit]):  # from a square at the limit no step fits
        for s in bucket:  # every step costs at least one square: this bucket no longer grows
            if best[s] != cost:
                continue  # found again more cheaply since it was queued
            # the steps of a state near another creature are this query's own
            row = (patched.get(s) or own(s)) if near and (s >> 2) in near else (rows[s] or fill(s))
            for t, units in row:
                total = cost + units
                if total <= limit and total < best[t]:
                    if best[t] == INF:
                        order.append(t)
                    best[t] = total
                    prev[t] = s
                    buckets[total].append(t)
    return Found(width, best, prev, order)


def ends(mover: Mover, found: Found) -> list[tuple[int, int, int]]:
    """(cost in squares, anchor index, end state) per anchor a segment may end on, start excluded.

    Per anchor the cheapest state whose space holds no other creature (D5-NO-END-IN-SPACE),
    the full footprint on ties, then the state found first (as `rules.search.cost_map` over `Mover.successors`).
    """
    width, best = found.width, found.best
    start = mover.creature.at
    start_index = start[1] * width + start[0]
    occupied = _occupied_anchors(mover)
    full, red = mover.full, mover.red
    chosen: dict[int, tuple[int, int, int]] = {}
    for s in found.order:
        i = s >> 2
        if i == start_index:
            continue
        squeezed = s & 2
        side = red if (squeezed and red is not None) else full
        if occupied and (i, side) in occupied:
            continue
        key = (best[s], squeezed, s)
        old = chosen.get(i)
        if old is None or key[:2] < old[:2]:
            chosen[i] = key
    return [(units, i, s) for i, (units, _, s) in chosen.items()]


def _occupied_anchors(mover: Mover) -> set[tuple[int, int]]:
    """(anchor index, side) of every footprint that holds another creature's square."""
    board = mover.board
    width, height = board.width, board.height
    sides = {mover.full} | ({mover.red} if mover.red is not None else set())
    out: set[tuple[int, int]] = set()
    for hx, hy in mover.spaces.holders:
        for side in sides:
            for y in range(max(0, hy - side + 1), min(height, hy + 1)):
                for x in range(max(0, hx - side + 1), min(width, hx + 1)):
                    out.add((y * width + x, side))
    return out
