"""pf1's step tables: every position's priced steps, kept per board and mover kind; reach and measure read them.

A position is packed into an int `pk`: the square `y·width + x` for a one-square mover,
`(y·width + x)·3 + orientation` for a multi-square one. A row holds the legal steps from
one position as `(next state, cost)` lists, one for an even and one for an odd diagonal
count (PF1-DIAG); a state is `pk · 2 + parity`.

Rows depend on the terrain near the position and on the mover's kind only, unless another
creature stands close enough to change them. So rows are kept per board and kind
(`Memo.per_board`, the memo of the query's situation) and shared by every query; the positions near other creatures
are marked `dirty` and priced again for each query (a small per-query patch). A one-square mover's row on a board
without wall segments depends on its eight neighbours only, so such rows are worked out once per shape of
neighbourhood and shifted to each square that has it (`_shaped`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from rules.core import Board, Situation
from rules.memo import Memo
from rules.pf1.space import _DIRS3, DIAG_PLAIN, FULL, TALL, WIDE, Mover, occupancy, wall_marks

Row = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
"""(next state, cost) of every legal step from one position, for an even and for an odd diagonal count.

Tuples of ints, not lists: a board's rows live as long as its tables, and the garbage collector stops walking a
tuple that holds only ints (and such tuples) once it has looked at it, where it walks a list at every collection."""


def _row(moves: list[tuple[int, int, int]]) -> Row:
    """Price (next pk, kind, base) steps for both parities of the diagonal counter."""
    even: list[tuple[int, int]] = []
    odd: list[tuple[int, int]] = []
    for npk, kind, base in moves:
        if kind == DIAG_PLAIN:
            even.append(((npk << 1) | 1, 1))
            odd.append((npk << 1, 2))
        else:
            even.append((npk << 1, base))
            odd.append(((npk << 1) | 1, base))
    return tuple(even), tuple(odd)


class StepTable:
    """The rows one query reads: `rows[pk]` (shared, None until priced) unless `dirty[pk]`; then `fill(pk)`."""

    def __init__(
        self, npk: int, width: int, height: int, rows: list[Row | None], dirty: bytearray, fill: Callable[[int], Row]
    ) -> None:
        self.npk = npk
        self.width = width
        self.height = height
        self.rows = rows
        self.dirty = dirty
        self.fill = fill

    def pack(self, x: int, y: int, o: int) -> int:
        """The packed position of (x, y, orientation)."""
        raise NotImplementedError

    def square(self, pk: int) -> tuple[int, int]:
        """The anchor square (x, y) of a packed position."""
        raise NotImplementedError

    def end_ok(self, pk: int) -> bool:
        """Whether movement may end at this packed position."""
        raise NotImplementedError


def runs_apart(mover: Mover) -> bool:
    """Whether a running mover's steps may differ from its walking twin's, so the two need tables of their own.

    A run differs from a walk only where it may not enter difficult terrain (PF1-DIFFICULT-NORUN: a
    square's entry, `Mover._entry`, and a big mover's steps, filtered by `run_fail`), and such a square
    slows only a mover on the ground (`Cell.rough`). On a board without difficult terrain, or for a
    flyer, every run step is the walk's, and a run's search reads the rows the walks priced.
    """
    return mover.run and not mover.air and difficult_anywhere(mover.sit.memo, mover.board)


def difficult_anywhere(memo: Memo, board: Board) -> bool:
    """Per board: whether any square's terrain is difficult (kept in the memo)."""
    return memo.per_board(board, "pf1-difficult", lambda: any(t.difficult for t in board.tiles))


def _big_key(mover: Mover) -> tuple:
    """Everything besides other creatures that a multi-square mover's steps depend on (Mover._terrain_cell)."""
    return ("pf1-big", mover.s, mover.incorporeal, mover.air, mover.sees_in_dark, runs_apart(mover), mover.uniform)


class BigTable(StepTable):
    """Rows of a multi-square mover, from `Mover.packed_moves`.

    The steps of the full footprint anchored at (x, y) read only the squares within
    [x − 1, x + s] × [y − 1, y + s] (the shifted footprint, the reduced ones it may squeeze
    into, the full footprints one step away); those of a reduced footprint read only the
    squares within [x − s, x + 2s − 2] (the full footprints that may hold it again, squeezed
    turns). A position is priced per query when another creature's square lies in its box
    (one square of slack added on each side); every other position is shared.
    """

    def __init__(self, mover: Mover) -> None:
        board = mover.board
        w, h = board.width, board.height
        n = w * h * 3
        shared: list[Row | None] = mover.sit.memo.per_board(board, _big_key(mover), lambda: [None] * n)
        dirty = bytearray(n)
        s = mover.s
        # (orientations, squares before and after an occupied square) of the positions whose steps read it
        for orients, before, after in (((FULL,), s + 1, 2), ((WIDE, TALL), 2 * s - 1, s + 1)):
            for ox, oy in mover.occupants:
                x0, x1 = max(0, ox - before), min(w - 1, ox + after)
                if x0 > x1:
                    continue
                ones = b"\x01" * (x1 - x0 + 1)
                for y in range(max(0, oy - before), min(h - 1, oy + after) + 1):
                    base = (y * w + x0) * 3
                    for o in orients:
                        dirty[base + o : base + 3 * len(ones) : 3] = ones
        moves = mover.packed_moves
        local: dict[int, Row] = {}

        def fill(pk: int) -> Row:
            if dirty[pk]:
                row = local.get(pk)
                if row is None:
                    row = local[pk] = _row(moves(pk))
            else:
                row = shared[pk] = _row(moves(pk))
            return row

        super().__init__(n, w, h, shared, dirty, fill)
        self.mover = mover
        self._ends: dict[int, bool] = {}

    def end_ok(self, pk: int) -> bool:
        """Whether movement may end at this packed position (cached for the query)."""
        ok = self._ends.get(pk)
        if ok is None:
            xy, o = divmod(pk, 3)
            y, x = divmod(xy, self.width)
            ok = self._ends[pk] = self.mover.end_fail(x, y, o) is None
        return ok

    def pack(self, x: int, y: int, o: int) -> int:
        """The packed position of (x, y, orientation)."""
        return (y * self.width + x) * 3 + o

    def square(self, pk: int) -> tuple[int, int]:
        """The anchor square (x, y) of a packed position."""
        y, x = divmod(pk // 3, self.width)
        return (x, y)


def _small_key(mover: Mover) -> tuple:
    """Everything besides other creatures that a one-square mover's steps depend on (Mover._terrain_cell)."""
    apart = runs_apart(mover)
    return ("pf1-small", mover.incorporeal, mover.air, mover.width_m, mover.sees_in_dark, apart, mover.uniform)


class SmallTable(StepTable):
    """Rows of a one-square mover: pk = y·width + x.

    A square's row reads its eight neighbours, so only the squares next to (or on) another
    creature's square are priced per query; every other row is shared.
    """

    def __init__(self, mover: Mover) -> None:
        board = mover.board
        w, h = board.width, board.height
        n = w * h
        memo = mover.sit.memo
        shared: list[Row | None] = memo.per_board(board, _small_key(mover), lambda: [None] * n)
        entries: list = memo.per_board(board, ("pf1-entries", *_small_key(mover)[1:]), lambda: [None] * n)
        # the squares other creatures stand on; their entries (`patch`) are worked out when a row next to one is
        # priced, as a walk or a bounded search meets few of a big army's squares
        near = neighbours(memo, board)
        # the squares taken and their neighbours, kept for every mover of any situation with the same squares
        # taken (`_crowd`); this mover's own squares are not taken for it, but their neighbours stay marked: a
        # marked row with no taken neighbour is priced from the shared entries alone, as the shared row is
        every, marked = _crowd(mover.sit, board, near)  # a square is marked where its count is not 0
        mine = {sq[1] * w + sq[0] for sq in mover.c.footprint() if sq not in mover.occupants and board.in_bounds(sq)}
        occupied = every - mine
        patch: dict[int, tuple[int, int] | bool] = {}
        dirty = bytearray(marked)
        local: dict[int, Row] = {}
        # a row reads nothing of the query but its neighbours' entries (a creature's square from the
        # patch, the rest shared): rows near creatures are shared by every query (of this board and
        # mover kind) whose entries there are the same
        crowded: dict[tuple, Row] = memo.per_board(board, ("pf1-crowded-rows", *_small_key(mover)), dict)
        # on a board without wall segments a square with all eight neighbours on the map has the row of any such
        # square with the same neighbours (their entries and walls), shifted by its index (`_shaped`)
        shapes: dict[tuple, Row] | None = (
            None if board.edges else memo.per_board(board, ("pf1-row-shapes", *_small_key(mover)), dict)
        )
        walls = wall_marks(memo, board)

        def fill(pk: int) -> Row:
            around = near[pk]
            if dirty[pk]:
                row = local.get(pk)
                if row is None:
                    for j in around:
                        if j in occupied:
                            if j not in patch:
                                patch[j] = mover._entry((j % w, j // w))
                        elif entries[j] is None:
                            entries[j] = mover._entry((j % w, j // w))
                    seen = [patch[j] if j in patch else entries[j] for j in around]
                    key = (pk, *seen)
                    row = crowded.get(key)
                    if row is None:
                        if len(crowded) >= CROWDED_ROWS_KEPT:
                            crowded.clear()
                        # every occupied neighbour of pk is in the patch now: the steps read it there
                        if shapes is not None and len(around) == 8:
                            shape = (*seen, *[walls[j] for j in around])
                            row = crowded[key] = _shaped(mover, pk, shape, shapes, entries, patch)
                        else:
                            row = crowded[key] = _row(_small_moves(mover, board, pk, entries, patch))
                    local[pk] = row
            elif shapes is not None and len(around) == 8:
                for j in around:
                    if entries[j] is None:
                        entries[j] = mover._entry((j % w, j // w))
                key = (*[entries[j] for j in around], *[walls[j] for j in around])
                row = shared[pk] = _shaped(mover, pk, key, shapes, entries, None)
            else:
                row = shared[pk] = _row(_small_moves(mover, board, pk, entries))
            return row

        super().__init__(n, w, h, shared, dirty, fill)
        self.mover = mover
        self._occupied = occupied
        self._ends: dict[int, bool] = {}
        self._end_asked: set[int] | None = None

    @property
    def end_asked(self) -> set[int]:
        """The squares where movement may be refused an end, for `end_ok` to decide: squares of other creatures
        (PF1-END-OCCUPIED …) and, for an incorporeal mover, solid terrain (PF1-FLY-OBSTACLE); every other square is a
        legal end. A search asks `end_ok` only of those it reaches (a big army's squares are mostly out of its reach,
        and each answer makes the square's cell). Worked out when first asked."""
        found = self._end_asked
        if found is None:
            found = self._occupied
            mover = self.mover
            if mover.incorporeal:
                found = found | {i for i, t in enumerate(mover.board.tiles) if t.wall}
            self._end_asked = found
        return found

    @property
    def no_end(self) -> set[int]:
        """Where movement may not end: the squares of `end_asked` that `end_ok` refuses."""
        end_ok = self.end_ok
        return {i for i in self.end_asked if not end_ok(i)}

    def end_ok(self, pk: int) -> bool:
        """Whether movement may end on this square (worked out when first asked, then kept for the query)."""
        ok = self._ends.get(pk)
        if ok is None:
            mover = self.mover
            # a small mover's end_fail is its cell's: ask the cell, without the refusal naming the square
            ok = not (pk in self._occupied and mover.cell((pk % self.width, pk // self.width)).endfail)
            if ok and mover.incorporeal:
                ok = not mover.board.tiles[pk].wall
            self._ends[pk] = ok
        return ok

    def pack(self, x: int, y: int, o: int) -> int:
        """The packed position of (x, y) (a one-square mover has no orientation)."""
        return y * self.width + x

    def square(self, pk: int) -> tuple[int, int]:
        """The square (x, y) of a packed position."""
        y, x = divmod(pk, self.width)
        return (x, y)


def _shaped(
    mover: Mover,
    pk: int,
    key: tuple,
    shapes: dict[tuple, Row],
    entries: list,
    patch: dict[int, tuple[int, int] | bool] | None,
) -> Row:
    """The row of square `pk`, all eight of whose neighbours are on a board without wall segments, from the shape
    kept under `key` (the neighbours' entries, then whether each is a wall), worked out and kept when first met.

    `Mover.small_steps` reads nothing else there: no segment to cross (PF1-OBSTACLE-EDGE), and the corner
    rule (PF1-CORNER) asks the two neighbours beside a diagonal step whether they are walls. A step to
    square `npk` is the state `npk · 2 + parity`, so the row of a square `d` further on is the same row
    with every state `2 · d` further on.
    """
    p2 = pk << 1
    shape = shapes.get(key)
    if shape is None:
        row = _row(_small_moves(mover, mover.board, pk, entries, patch))
        if len(shapes) >= CROWDED_ROWS_KEPT:
            shapes.clear()
        shapes[key] = (tuple([(s - p2, c) for s, c in row[0]]), tuple([(s - p2, c) for s, c in row[1]]))
        return row
    even, odd = shape
    return tuple([(p2 + s, c) for s, c in even]), tuple([(p2 + s, c) for s, c in odd])


def _crowd(sit: Situation, board: Board, near: list[tuple[int, ...]]) -> tuple[set[int], bytes]:
    """The indices y·width + x of the squares creatures stand on (on the map), and for every square how many of those
    lie in its 3×3 block (not 0: the square or a neighbour is taken, its row is priced per query).

    Kept per board by the squares taken, as most actions move no one (an attack); a new layout is worked out
    from the last one when few squares differ (one unit moved), else afresh. Looked up once per situation object
    (its memo's index, `board` being its board): every mover of its rulings, forecasts and searches shares the
    answer without making and hashing the set of an army's squares again.
    """
    return sit.memo.index(sit, _CROWD, lambda: _crowd_of(sit, board, near))


_CROWD = "pf1.crowd"
"""The name of `_crowd`'s answer in a situation's memo."""


def _crowd_of(sit: Situation, board: Board, near: list[tuple[int, ...]]) -> tuple[set[int], bytes]:
    """`_crowd` looked up or worked out."""
    squares = frozenset(occupancy(sit))
    kept: dict = sit.memo.per_board(board, "pf1-crowds", dict)
    found = kept.get(squares)
    if found is not None:
        return found
    w = board.width
    last = kept.get(_LAST)
    base = None if last is None else kept.get(last)
    if base is not None and len(changed := squares ^ last) <= CROWD_CHANGES:
        taken, counts = set(base[0]), bytearray(base[1])
        for sq in changed:
            if board.in_bounds(sq):
                i = sq[1] * w + sq[0]
                step = 1 if sq in squares else -1
                (taken.add if step > 0 else taken.discard)(i)
                counts[i] += step
                for j in near[i]:
                    counts[j] += step
    else:
        taken = {sq[1] * w + sq[0] for sq in squares if board.in_bounds(sq)}
        counts = bytearray(w * board.height)
        # a creature's square and its neighbours on the map (the 3×3 block around it, clipped to the
        # board), counted one by one from the kept neighbour lists (min/max and slicing cost far more)
        for i in taken:
            counts[i] += 1
            for j in near[i]:
                counts[j] += 1
    if len(kept) >= CROWDS_KEPT:
        kept.clear()
    found = kept[squares] = (taken, bytes(counts))
    kept[_LAST] = squares
    return found


CROWDS_KEPT = 64
"""Layouts of the squares taken whose counts are kept per board (forgotten all at once past this)."""
CROWD_CHANGES = 8
"""Squares taken or left, at most, for a layout to be worked out from the last one instead of afresh."""
_LAST = "last"
"""The key, among the layouts kept, of the last one worked out."""


def _small_moves(
    mover: Mover, board: Board, i: int, entries: list, patch: dict[int, tuple[int, int] | bool] | None = None
) -> list[tuple[int, int, int]]:
    """(next pk, kind, base) of a one-square mover's steps from square i: `Mover.small_steps`, packed.

    `entries[j]` caches `Mover._entry` of square j; `patch` holds the entries of squares other
    creatures stand on (this query's), read before `entries`.
    """
    width = board.width
    y, x = divmod(i, width)
    return [(m[1] * width + m[0], m[3], m[4]) for m in mover.small_steps(x, y, entries, patch)]


CROWDED_ROWS_KEPT = 8192
"""Rows near creatures kept per board and mover kind (forgotten all at once past this)."""


def neighbours(memo: Memo, board: Board) -> list[tuple[int, ...]]:
    """Per board: the indices y·width + x of each square's neighbours on the map, in the order of `_DIRS3` (kept)."""

    def make() -> list[tuple[int, ...]]:
        w, h = board.width, board.height
        return [
            tuple((y + dy) * w + x + dx for dx, dy, _ in _DIRS3 if 0 <= x + dx < w and 0 <= y + dy < h)
            for y in range(h)
            for x in range(w)
        ]

    return memo.per_board(board, "pf1-neighbours", make)


def board_squares(memo: Memo, board: Board) -> tuple[list[tuple[int, int]], list[int]]:
    """Per board: the square (x, y) of every index y·width + x, and each index's rank in (x, y) order (kept)."""

    def make() -> tuple[list[tuple[int, int]], list[int]]:
        w, h = board.width, board.height
        return [(i % w, i // w) for i in range(w * h)], [(i % w) * h + i // w for i in range(w * h)]

    return memo.per_board(board, "pf1-squares", make)


def step_table(mover: Mover) -> StepTable:
    """The step table of this mover's queries: its reach and its measured paths read the same one while a query holds
    it (made again, equal, for a mover whose table no query held any more)."""
    # the table holds its mover; the mover refers to its table weakly (a strong reference both ways made every mover
    # of a ruling a reference cycle, freed only by the garbage collector, which walked its cells and its copy of the
    # army's squares first): the table lives as long as a query reading it holds it
    ref = mover.table
    table = ref() if isinstance(ref, weakref.ref) else None
    if table is None:
        table = BigTable(mover) if mover.big else SmallTable(mover)
        mover.table = weakref.ref(table)
    return table
