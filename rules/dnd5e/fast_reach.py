"""dnd5e reach's step table of (anchor, squeezed, parity) states, searched by `rules.search.search`.

Used for every mover whose state is not just its square (single_square.py): Large and bigger
creatures (footprints, D5-SQUEEZE), the diagonal variant (D5-GRID-DIAG-VARIANT, the state
carries the diagonal counter's parity), boards with wall segments, and a start off the map.

A state `(anchor, squeezed, parity)` is the integer `(y·width + x)·4 + squeezed·2 + parity`.
The steps out of a state and their costs come from `Mover.successors`, in its order, and are
kept per board and kind of mover (size, flying, extra costs, diagonal rule) as computed by a
stand-in mover alone on the board: footprint legality and terrain costs are worked out once
per board, not per query. Other creatures change the steps only of states whose footprints
(or the footprints a step from them may squeeze or expand into) touch their squares; those
few states are asked of the query's real mover instead. The search keeps the first state
found on ties, as the plain search of the tests does (tests/plain_search.py), so costs and
paths are the ones it gives (the property tests check it); a path is traced only when read.
"""

from __future__ import annotations

from rules.core import Situation, Square
from rules.search import Row, Searched, Table
from rules.search import search as run

from .movement import Mover, State
from .space import size_order


class StepTable:
    """The steps of a stand-in mover with no other creature on the board, filled in lazily."""

    def __init__(self, mover: Mover) -> None:
        self.mover = mover
        board = mover.board
        self.width = board.width
        self.rows: list[Row | None] = [None] * (board.width * board.height * 4 + 1)
        """State → its steps; the last entry stands for a start off the map, whose steps are each query's own."""

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
    """The search's answer over integer states, with the anchor of the start; paths traced on demand."""

    def __init__(self, width: int, found: Searched) -> None:
        self.width = width
        self.found = found
        self.best = found.best
        self.order = found.order
        """Every state found, in the order the search first found it."""

    def path(self, s: int) -> tuple[Square, ...]:
        """The anchors entered on the way to state `s`."""
        width = self.width
        return tuple(((t >> 2) % width, (t >> 2) // width) for t in self.found.chain(s))


def search(mover: Mover, start: State, limit: int) -> Found:
    """Cheapest cost in squares of every state reachable within `limit`, with predecessors: `rules.search.search`.

    A start whose anchor lies off the map (a big creature overhanging it) is one more state past
    the board's, its steps this query's own: every step leads onto the map (a footprint stands
    only on it, D5-GRID-OBSTACLES).
    """
    table = step_table(mover)
    width = table.width
    rows, fill = table.rows, table.fill
    n = len(rows) - 1  # the states of the board's squares; state n is a start off the map
    dirty = bytearray(n + 1)
    for i in near_creatures(mover):
        dirty[4 * i : 4 * i + 4] = b"\x01\x01\x01\x01"
    dirty[n] = 1
    first = encode(start, width) if mover.board.in_bounds(start[0]) else n
    patched: dict[int, Row] = {}

    def priced(s: int) -> Row:
        """The steps out of state `s`: kept for the board, or this query's own next to another creature."""
        if not dirty[s]:
            return fill(s)
        row = patched.get(s)
        if row is None:
            state = start if s == n else decode(s, width)
            row = patched[s] = [(encode(t, width), units) for t, units in mover.successors(state)]
        return row

    spare = mover.sit.memo if 16 * (2 * limit + 1) ** 2 < n else None
    return Found(width, run(first, Table(n + 1, rows, dirty, priced), limit, spare))


def ends(mover: Mover, found: Found) -> list[tuple[int, int, int]]:
    """(cost in squares, anchor index, end state) per anchor a segment may end on, start excluded.

    Per anchor the cheapest state whose space holds no other creature (D5-NO-END-IN-SPACE),
    the full footprint on ties, then the state found first (as the plain search over `Mover.successors`).
    """
    best = found.best
    start_index = found.found.first >> 2  # past the board's squares when the start lies off the map
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
