"""pf1 reach's cost-map search on flat arrays: integer states, cached step tables, paths on demand.

A state is `pk · 2 + parity`: a packed position (`StepTable.pack`) and the parity of the
turn's diagonal counter (PF1-DIAG). Each position's legal steps are priced once for both
parities, as `(next state, cost)` lists; a one-square mover's lists come from a table kept
per board and mover kind, so only the squares next to other creatures are worked out again
per query. The search is Dial's bucket queue (as `rules.search.cost_map`) with the same
order of steps and the same first-found tie-breaking, so costs, bands and paths are the
ones `cost_map` gives; paths are rebuilt only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Board, Square
from rules.pf1.space import _DIRS3, DIAG_HAMPERED, DIAG_PLAIN, F_EDGE, FULL, ORTH, Mover
from rules.search import per_board

INF = 1 << 30
Row = tuple[list[tuple[int, int]], list[tuple[int, int]]]
"""(next state, cost) of every legal step from one position, for an even and for an odd diagonal count."""


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
    return even, odd


class StepTable:
    """The rows of one query: which positions exist, and each one's priced steps (filled lazily)."""

    def __init__(self, npk: int, rows: list[Row | None], fill: Callable[[int], Row]) -> None:
        self.npk = npk
        self.rows = rows
        self.fill = fill


class BigTable(StepTable):
    """Rows of a multi-square mover: pk = (y·width + x)·3 + orientation, from `Mover.packed_moves`."""

    def __init__(self, mover: Mover) -> None:
        board = mover.board
        self.width = board.width
        moves = mover.packed_moves
        rows: list[Row | None] = [None] * (board.width * board.height * 3)

        def fill(pk: int) -> Row:
            row = rows[pk] = _row(moves(pk))
            return row

        super().__init__(len(rows), rows, fill)
        self.mover = mover
        self._ends: dict[int, bool] = {}

    def end_ok(self, pk: int) -> bool:
        """Whether movement may end at this packed position (cached)."""
        ok = self._ends.get(pk)
        if ok is None:
            ok = self._ends[pk] = self.mover.end_fail(*self.decode(pk)) is None
        return ok

    def pack(self, x: int, y: int, o: int) -> int:
        """The packed position of (x, y, orientation)."""
        return (y * self.width + x) * 3 + o

    def decode(self, pk: int) -> tuple[int, int, int]:
        """(x, y, orientation) of a packed position."""
        xy, o = divmod(pk, 3)
        y, x = divmod(xy, self.width)
        return (x, y, o)


def _small_key(mover: Mover) -> tuple:
    """Everything besides other creatures that a one-square mover's steps depend on (Mover._terrain_cell)."""
    return ("pf1-small", mover.incorporeal, mover.air, mover.width_m, mover.c.sees_in_dark, mover.run, mover.uniform)


class SmallTable(StepTable):
    """Rows of a one-square mover: pk = y·width + x.

    Rows of squares away from other creatures depend only on the board and the mover's kind
    (`_small_key`), so they are kept per board and shared by every query; the rows of the
    squares next to an occupied square are priced for this query alone.
    """

    def __init__(self, mover: Mover) -> None:
        board = mover.board
        self.width = w = board.width
        n = w * board.height
        shared: list[Row | None] = per_board(board, _small_key(mover), lambda: [None] * n)
        entries: list = per_board(board, ("pf1-entries", *_small_key(mover)[1:]), lambda: [None] * n)
        self.mover = mover
        rows = list(shared)
        patch: dict[int, tuple[int, int] | bool] = {}
        for sq in mover.occupants:
            if board.in_bounds(sq):
                patch[sq[1] * w + sq[0]] = mover._entry(sq)
        if patch:
            local = list(entries)
            for i, entry in patch.items():
                local[i] = entry
            for i in patch:
                y, x = divmod(i, w)
                for dy in (-1, 0, 1):
                    for dx in (-1, 0, 1):
                        if 0 <= x + dx < w and 0 <= y + dy < board.height:
                            j = (y + dy) * w + x + dx
                            rows[j] = _row(_small_moves(mover, board, j, local))

        def fill(pk: int) -> Row:
            row = shared[pk] = rows[pk] = _row(_small_moves(mover, board, pk, entries))
            return row

        super().__init__(n, rows, fill)
        # where movement may not end: squares of other creatures (PF1-END-OCCUPIED …) and, for an
        # incorporeal mover, solid terrain (PF1-FLY-OBSTACLE); every other square is a legal end
        self.no_end = {i for i in patch if mover.end_fail(i % w, i // w, FULL) is not None}
        if mover.incorporeal:
            self.no_end |= {i for i, t in enumerate(board.tiles) if t.wall}

    def end_ok(self, pk: int) -> bool:
        """Whether movement may end on this square."""
        return pk not in self.no_end

    def pack(self, x: int, y: int, o: int) -> int:
        """The packed position of (x, y) (a one-square mover has no orientation)."""
        return y * self.width + x

    def decode(self, pk: int) -> tuple[int, int, int]:
        """(x, y, FULL) of a packed position."""
        y, x = divmod(pk, self.width)
        return (x, y, FULL)


def _small_moves(mover: Mover, board: Board, i: int, entries: list) -> list[tuple[int, int, int]]:
    """(next pk, kind, base) of a one-square mover's steps from square i (the rules of `Mover._small_moves`).

    `entries[j]` caches `Mover._entry` of square j; a None is filled here from the mover.
    """
    width, height, tiles, edges = board.width, board.height, board.tiles, board.edges
    y, x = divmod(i, width)
    out: list[tuple[int, int, int]] = []
    for dx, dy, diag in _DIRS3:
        nx, ny = x + dx, y + dy
        if nx < 0 or ny < 0 or nx >= width or ny >= height:
            continue
        j = ny * width + nx
        entry = entries[j]
        if entry is None:
            entry = entries[j] = mover._entry((nx, ny))
        if entry is False:
            continue
        k, flags = entry
        extra = 0
        if diag:
            # incorporeal movers ignore PF1-CORNER entirely (revised 2026-12-02)
            if not mover.incorporeal and (tiles[y * width + nx].wall or tiles[ny * width + x].wall):
                continue
            if edges and mover._corner((x, y), (1, 1), (dx, dy)):
                continue
        elif edges:
            kind = edges.get(frozenset(((x, y), (nx, ny))))
            if kind == "blocking" and not mover.incorporeal:
                continue
            if kind == "hampering" and not mover.air:
                extra = 2
                flags |= F_EDGE
        if not diag or mover.uniform:
            out.append((j, ORTH, (1 << k) + extra))
        elif k == 0:
            out.append((j, DIAG_PLAIN, 0))
        else:
            out.append((j, DIAG_HAMPERED, 3 << (k - 1)))
    return out


def step_table(mover: Mover) -> SmallTable | BigTable:
    """The step table for this mover's query."""
    return BigTable(mover) if mover.big else SmallTable(mover)


class Found:
    """The cost maps of one band's search; paths are rebuilt only for the squares asked for."""

    def __init__(self, mover: Mover, table: SmallTable | BigTable, band, parity: int) -> None:
        self.mover = mover
        self.table = table
        self.band = band
        limit = band.limit
        rows, fill = table.rows, table.fill
        n2 = table.npk * 2
        best = [INF] * n2
        prev = [-1] * n2
        start = (table.pack(*mover.start) << 1) | parity
        best[start] = 0
        order = [start]
        buckets: list[list[int]] = [[] for _ in range(limit + 1)]
        buckets[0].append(start)
        # an even diagonal count is never worse later on (1,2,1,2 beats 2,1,2,1 at every prefix),
        # and states come out cheapest first: an odd state whose even twin was expanded adds nothing.
        # With a split, each action's own spending matters, not just the total, so no pruning there.
        even = bytearray(table.npk) if not band.split else None
        for cost in range(limit + 1):
            for state in buckets[cost]:
                if best[state] != cost:
                    continue
                pk = state >> 1
                p = state & 1
                if even is not None:
                    if not p:
                        even[pk] = 1
                    elif even[pk]:
                        continue
                row = rows[pk]
                if row is None:
                    row = fill(pk)
                for nxt, step in row[p]:
                    total = cost + step
                    if total <= limit and total < best[nxt]:
                        if best[nxt] == INF:
                            order.append(nxt)
                        best[nxt] = total
                        prev[nxt] = state
                        buckets[total].append(nxt)
        self.best1, self.prev1, self.order1 = best, prev, order
        self.slots = slots = limit + 1
        self.best2: dict[int, int] = {}
        self.prev2: dict[int, int | None] = {}
        if band.split:
            self._second(rows, fill, limit, slots, n2)

    def _second(self, rows: list, fill: Callable[[int], Row], limit: int, slots: int, n2: int) -> None:
        """The second move action of a double move: states carry what that action has spent (PF1-DOUBLE-MOVE)."""
        best1 = self.best1
        budget = 2 * limit
        best: dict[int, int] = {}
        prev: dict[int, int | None] = {}
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        end_ok = self.table.end_ok
        for state in self.order1:
            if end_ok(state >> 1):
                key = state * slots
                cost = best1[state]
                best[key] = cost
                prev[key] = None
                buckets[cost].append(key)
        # states come out cheapest first: one already expanded at this position and parity with no
        # more spent in this move action dominates this one, so expanding it cannot find anything new
        least = [slots] * n2
        for cost in range(budget + 1):
            for key in buckets[cost]:
                if best[key] != cost:
                    continue
                state, spent = divmod(key, slots)
                if least[state] <= spent:
                    continue
                least[state] = spent
                row = rows[state >> 1]
                if row is None:
                    row = fill(state >> 1)
                for nxt, step in row[state & 1]:
                    nspent = spent + step
                    if nspent > limit:
                        continue
                    total = cost + step
                    nkey = nxt * slots + nspent
                    old = best.get(nkey)
                    if old is None or total < old:
                        best[nkey] = total
                        prev[nkey] = key
                        buckets[total].append(nkey)
        self.best2, self.prev2 = best, prev

    def ends(self) -> list[tuple[Square, int, str, tuple[int, int]]]:
        """(anchor, cost, band, state) of the cheapest legal end per anchor; state = (phase, key).

        Ties keep the first state found (phase 1 before phase 2, each in the order its
        search found them).
        """
        if isinstance(self.table, SmallTable):
            return self._small_ends()
        anchor_of: dict[int, Square | None] = {}
        best: dict[Square, tuple[int, int, str, tuple[int, int]]] = {}
        first = "move" if self.band.split else self.band.name
        slots = self.slots
        decode = self.table.decode
        end_ok = self.table.end_ok
        best1 = self.best1
        phase1 = ((state, best1[state]) for state in self.order1)
        for phase, found, name in ((1, phase1, first), (2, self.best2.items(), "double_move")):
            for state, cost in found:
                if phase == 2:
                    if state % slots == 0:
                        continue
                    pk = (state // slots) >> 1
                else:
                    pk = state >> 1
                if pk in anchor_of:
                    at = anchor_of[pk]
                else:
                    at = anchor_of[pk] = decode(pk)[:2] if end_ok(pk) else None
                if at is None:
                    continue
                old = best.get(at)
                if old is None or cost < old[0]:
                    best[at] = (cost, phase, name, (phase, state))
        return [(at, cost, name, st) for at, (cost, _, name, st) in best.items()]

    def _small_ends(self) -> list[tuple[Square, int, str, tuple[int, int]]]:
        """`ends` of a one-square mover, whose packed positions are its squares."""
        n = self.table.npk
        cheapest = [INF] * n
        state_of = [0] * n
        phase_of = bytearray(n)
        touched: list[int] = []
        best1 = self.best1
        for state in self.order1:
            pk = state >> 1
            cost = best1[state]
            if cost < cheapest[pk]:
                if cheapest[pk] == INF:
                    touched.append(pk)
                cheapest[pk] = cost
                state_of[pk] = state
                phase_of[pk] = 1
        slots = self.slots
        for key, cost in self.best2.items():
            if key % slots == 0:
                continue
            pk = (key // slots) >> 1
            if cost < cheapest[pk]:
                if cheapest[pk] == INF:
                    touched.append(pk)
                cheapest[pk] = cost
                state_of[pk] = key
                phase_of[pk] = 2
        no_end = self.table.no_end  # type: ignore[union-attr]
        width = self.table.width  # type: ignore[union-attr]
        first = "move" if self.band.split else self.band.name
        names = (None, first, "double_move")
        return [
            ((pk % width, pk // width), cheapest[pk], names[phase_of[pk]], (phase_of[pk], state_of[pk]))
            for pk in touched
            if pk not in no_end
        ]

    def path(self, found: tuple[int, int]) -> tuple[Square, ...]:
        """The anchors entered on the way to a found state."""
        phase, state = found
        decode = self.table.decode
        out: list[Square] = []
        if phase == 2:
            slots = self.slots
            key: int | None = state
            while self.prev2[key] is not None:  # type: ignore[index]
                out.append(decode((key // slots) >> 1)[:2])  # type: ignore[operator]
                key = self.prev2[key]  # type: ignore[index]
            state = key // slots  # type: ignore[operator]
        prev1 = self.prev1
        while prev1[state] != -1:
            out.append(decode(state >> 1)[:2])
            state = prev1[state]
        out.reverse()
        return tuple(out)
