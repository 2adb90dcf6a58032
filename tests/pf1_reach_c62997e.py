"""pf1 reach as it was searched at c62997e (arrays, dict-merged ends): the oracle for the faster search.

A frozen copy of `rules/pf1/found.py`'s `Found` and `rules/pf1/movement.py`'s `reachable`
from that commit, kept only for tests/test_pf1_reach_oracle.py: every answer of today's
`reachable` (squares, costs, bands and every path) must be this one's, entry by entry.
It reads the same step tables (rules/pf1/tables.py, checked against the rule steps by
tests/test_pf1_fast_reach.py).
"""

from __future__ import annotations

from array import array
from operator import itemgetter

from rules.core import Situation, Square
from rules.pf1.movement import _start_rough, _with_mode, bands_for, mode_fail
from rules.pf1.space import Mover
from rules.pf1.tables import SmallTable, StepTable, board_squares, step_table
from rules.pf1.turn import current_turn
from rules.reaches import Reaches

INF = 1 << 30
Merged = tuple[int, int, "Found", int, int]


class Found:
    """The cost maps of one band's search; paths are rebuilt only for the squares asked for."""

    def __init__(self, start: tuple[int, int, int], table: StepTable, band, parity: int) -> None:
        self.table = table
        self.band = band
        limit = band.limit
        rows, dirty, fill = table.rows, table.dirty, table.fill
        n2 = table.npk * 2
        best = array("i", [INF]) * n2
        prev = array("i", [-1]) * n2
        first = (table.pack(*start) << 1) | parity
        best[first] = 0
        order = [first]
        buckets: list[list[int]] = [[] for _ in range(limit + 1)]
        buckets[0].append(first)
        if band.split:
            # each action's own spending matters for a split, not just the total: no pruning here
            for cost in range(limit):  # a state found at the limit has no step left (every step costs 1 or more)
                for state in buckets[cost]:
                    if best[state] != cost:
                        continue
                    pk = state >> 1
                    row = rows[pk]
                    if row is None or dirty[pk]:
                        row = fill(pk)
                    for nxt, step in row[state & 1]:
                        total = cost + step
                        if total <= limit:
                            old = best[nxt]
                            if total < old:
                                if old == INF:
                                    order.append(nxt)
                                best[nxt] = total
                                prev[nxt] = state
                                buckets[total].append(nxt)
        else:
            # an even diagonal count is never worse later on (1,2,1,2 beats 2,1,2,1 at every prefix),
            # and states come out cheapest first: an odd state whose even twin was expanded (at a
            # strictly lower cost than any step can reach it) adds nothing and never wins its square
            even = bytearray(table.npk)
            for cost in range(limit):  # a state found at the limit has no step left (every step costs 1 or more)
                for state in buckets[cost]:
                    if best[state] != cost:
                        continue
                    pk = state >> 1
                    if state & 1:
                        if even[pk]:
                            continue
                    else:
                        even[pk] = 1
                    row = rows[pk]
                    if row is None or dirty[pk]:
                        row = fill(pk)
                    for nxt, step in row[state & 1]:
                        total = cost + step
                        if total <= limit:
                            old = best[nxt]
                            if total < old and not (nxt & 1 and even[nxt >> 1]):
                                if old == INF:
                                    order.append(nxt)
                                best[nxt] = total
                                prev[nxt] = state
                                buckets[total].append(nxt)
        self.best1, self.prev1, self.order1 = best, prev, order
        self.shift = limit.bit_length()
        """Phase 2 keys are `state << shift | spent` (spent ≤ limit)."""
        self.best2: dict[int, int] = {}
        self.prev2: dict[int, int] = {}
        if band.split:
            self._second(limit, n2)

    def _second(self, limit: int, n2: int) -> None:
        """The second move action of a double move: states carry what that action has spent (PF1-DOUBLE-MOVE).

        A key is `state << shift | spent`; a start (the split, a legal end of the first action)
        has spent 0 and no predecessor (-1). No key is kept at a start's state after the start:
        the start costs the first action's cheapest and has spent nothing, so it dominates them
        (tests/test_pf1_second_action.py checks the answers against the search without this).
        """
        table = self.table
        rows, dirty, fill, end_ok = table.rows, table.dirty, table.fill, table.end_ok
        best1 = self.best1
        shift = self.shift
        mask = (1 << shift) - 1
        budget = 2 * limit
        best: dict[int, int] = {}
        prev: dict[int, int] = {}
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        # states come out cheapest first: one already expanded at this position and parity with no
        # more spent in this move action dominates this one, so expanding it cannot find anything new
        least = array("i", [limit + 1]) * n2
        for state in self.order1:
            if end_ok(state >> 1):
                key = state << shift
                cost = best1[state]
                best[key] = cost
                prev[key] = -1
                buckets[cost].append(key)
                # a start dominates every later key of its state: no path is cheaper than the first
                # action's own cheapest (best1) and none spends less, so those keys are never stored
                least[state] = 0
        get = best.get
        for cost in range(budget):  # a key at the whole budget has no step left
            for key in buckets[cost]:
                # a stale entry (its key found cheaper since) needs no check of its own: the cheaper
                # entry came out first and left least[state] <= spent, so the test below drops it;
                # a start (spent 0) comes out once
                state = key >> shift
                spent = key & mask
                if spent and least[state] <= spent:
                    continue
                least[state] = spent
                if spent == limit:
                    continue  # this move action is spent: no step fits (its state is marked expanded all the same)
                pk = state >> 1
                row = rows[pk]
                if row is None or dirty[pk]:
                    row = fill(pk)
                room = limit - spent
                for nxt, step in row[state & 1]:
                    # a key whose state was already expanded with no more spent would be pruned when
                    # popped, and a cheaper key found earlier wins its square: never store it
                    if step <= room and least[nxt] > spent + step:
                        total = cost + step
                        nkey = (nxt << shift) | (spent + step)
                        if total < get(nkey, INF):
                            best[nkey] = total
                            prev[nkey] = key
                            buckets[total].append(nkey)
        self.best2, self.prev2 = best, prev

    def merge_into(self, best: dict[int, Merged], ranks: tuple[int, int]) -> None:
        """Put this search's legal ends into `best` where they are cheaper, or as cheap and of an earlier band.

        `best` maps anchor `y·width + x` → (cost, band rank, search, phase, state); `ranks`
        are the band ranks of phase 1 and phase 2. Ties keep the first state found (phase 1
        before phase 2, each in the order its search found them).
        """
        table = self.table
        get = best.get
        best1 = self.best1
        rank = ranks[0]
        if isinstance(table, SmallTable):
            # a one-square mover's positions are its anchors
            no_end = table.no_end
            for state in self.order1:
                at = state >> 1
                cost = best1[state]
                old = get(at)
                if (old is None or cost < old[0] or (cost == old[0] and rank < old[1])) and at not in no_end:
                    best[at] = (cost, rank, self, 1, state)
            div = 1
        else:
            end_ok = table.end_ok
            for state in self.order1:
                pk = state >> 1
                cost = best1[state]
                old = get(pk // 3)
                if (old is None or cost < old[0] or (cost == old[0] and rank < old[1])) and end_ok(pk):
                    best[pk // 3] = (cost, rank, self, 1, state)
            div = 3
        if not self.best2:
            return
        rank = ranks[1]
        shift = self.shift
        mask = (1 << shift) - 1
        if div == 1:
            # the loop below for a one-square mover, its test of a legal end inlined: the common case, 13 % faster
            shift += 1
            for key, cost in self.best2.items():
                if not key & mask:
                    continue  # a start of the second action: its first action's state was met above
                at = key >> shift
                old = get(at)
                if (old is None or cost < old[0] or (cost == old[0] and rank < old[1])) and at not in no_end:
                    best[at] = (cost, rank, self, 2, key)
            return
        end_ok = table.end_ok
        for key, cost in self.best2.items():
            if not key & mask:
                continue  # a start of the second action: its first action's state was met above
            pk = key >> (shift + 1)
            old = get(pk // div)
            if (old is None or cost < old[0] or (cost == old[0] and rank < old[1])) and end_ok(pk):
                best[pk // div] = (cost, rank, self, 2, key)

    def path(self, phase: int, state: int) -> tuple[tuple[int, int], ...]:
        """The anchors entered on the way to a found state."""
        square = self.table.square
        out: list[tuple[int, int]] = []
        if phase == 2:
            shift = self.shift
            prev2 = self.prev2
            key = state
            while prev2[key] != -1:
                out.append(square(key >> (shift + 1)))
                key = prev2[key]
            state = key >> shift
        prev1 = self.prev1
        while prev1[state] != -1:
            out.append(square(state >> 1))
            state = prev1[state]
        out.reverse()
        return tuple(out)


def reachable(sit: Situation, unit: str, mode: str | None = None) -> Reaches:
    """Every anchor the unit can end on this turn, as c62997e searched it."""
    if mode_fail(sit, unit, mode) is not None:
        return Reaches.of(())
    if mode is not None and mode != sit.creature(unit).mode:
        sit = _with_mode(sit, unit, mode)
    bands = bands_for(sit, unit)
    c = sit.creature(unit)
    parity = current_turn(sit, unit).diag & 1
    width = sit.board.width
    here = c.at[1] * width + c.at[0]
    best: dict[int, Merged] = {}
    cells: dict = {}
    walker: Mover | None = None
    for rank, band in enumerate(bands):
        if band.name == "move" and any(b.split for b in bands):
            continue
        mover = Mover(sit, unit, run=band.run, charge=band.charge, cells=cells, walker=walker)
        if not band.run:
            walker = mover
        if band.run and _start_rough(mover) is not None:
            continue
        found = Found(mover.start, step_table(mover), band, parity)
        found.merge_into(best, (rank - 1, rank) if band.split else (rank, rank))
    best.pop(here, None)
    names = [b.name for b in bands]
    squares, rank_of = board_squares(sit.memo, sit.board)
    order = sorted(best, key=rank_of.__getitem__)
    chosen = list(map(best.__getitem__, order))

    def trace(row: int) -> tuple[Square, ...]:
        _, _, found, phase, state = chosen[row]
        return found.path(phase, state)

    return Reaches(
        list(map(squares.__getitem__, order)),
        list(map(itemgetter(0), chosen)),
        list(map(names.__getitem__, map(itemgetter(1), chosen))),
        trace,
    )
