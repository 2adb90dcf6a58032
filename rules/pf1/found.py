"""pf1 reach's cost-map search on flat lists: integer states, shared step tables, paths on demand.

A state is `pk · 2 + parity`: a packed position (rules/pf1/tables.py) and the parity of the
turn's diagonal counter (PF1-DIAG). The search is Dial's bucket queue (as `rules.search.search`)
over the rows of the mover's step table, with the order of steps and the first-found tie-breaking
of the plain search the tests hold it to (tests/plain_search.py), so costs, bands and paths are
the ones that search gives; paths are rebuilt only when asked for. `measure` walks the same
states and rows, restricted to its path (rules/pf1/movement.py `walk`). Costs and predecessors
live in lists indexed by state while the search runs (an index into a list is the interpreter's
fastest read: an `array` boxes a new int on every read); once merged, only the predecessors of
the states found are kept, for the paths. A multi-square mover's search is the exception: it
finds a few dozen of its npk · 2 states (60,000 on a 100×100 board), so there the allocation is
what costs, and `array`s, made and freed ~20× faster than lists of that length, hold them
instead. A one-square mover's lists are spare ones of earlier searches where the memo has them
(`Memo.take`, `Memo.give_back`).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import repeat
from operator import rshift

from rules.memo import Memo
from rules.pf1.tables import BigTable, SmallTable, StepTable, step_table

__all__ = ["INF", "BigTable", "Found", "SmallTable", "StepTable", "step_table"]

INF = 1 << 30
Merged = tuple[int, int, "Found", int, int]
"""(cost, band rank, search, phase, state) of the cheapest legal end at one anchor; phase 2 states are keys
`state << shift | spent`."""


class Found:
    """The cost maps of one band's search; paths are rebuilt only for the squares asked for.

    `cap` (a band that is not split, a one-square mover): a state costing more than `cap[pk]` is found but not
    stepped from (`run_ends_within`, rules/pf1/movement.py, says what that search still gives exactly).
    """

    def __init__(
        self,
        start: tuple[int, int, int],
        table: StepTable,
        band,
        parity: int,
        memo: Memo,
        cap: Sequence[int] | None = None,
    ) -> None:
        self.table: StepTable | None = table
        """The step table searched; let go by `compact` (it holds the mover, its cells and its copy of the army's
        squares, which a kept answer would otherwise keep alive): paths need only the board's width."""
        self._width = table.width
        self._per = 1 if isinstance(table, SmallTable) else 3
        """Packed positions per anchor square (a bigger mover's three orientations)."""
        self.memo = memo
        """Where the search's lists come from and go back to (spare lists of earlier searches)."""
        self.band = band
        limit = band.limit
        rows, dirty, fill = table.rows, table.dirty, table.fill
        n2 = table.npk * 2
        small = isinstance(table, SmallTable)
        if small:
            best, prev = memo.take(n2, INF), memo.take(n2, None)
        else:
            best, prev = array("i", (INF,)) * n2, array("i", (-1,)) * n2
        first = (table.pack(*start) << 1) | parity
        best[first] = 0
        prev[first] = -1  # a spare list keeps an earlier search's predecessors: every other state found is written
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
            even = [0] * table.npk if small else bytearray(table.npk)
            capped = cap is not None
            for cost in range(limit):  # a state found at the limit has no step left (every step costs 1 or more)
                for state in buckets[cost]:
                    if best[state] != cost:
                        continue
                    pk = state >> 1
                    odd = state & 1
                    if odd:
                        if even[pk]:
                            continue
                    else:
                        even[pk] = 1
                    if capped and cost > cap[pk]:  # type: ignore[index]
                        continue  # found, not expanded: `cap` (run_ends_within, rules/pf1/movement.py)
                    row = rows[pk]
                    if row is None or dirty[pk]:
                        row = fill(pk)
                    for nxt, step in row[odd]:
                        total = cost + step
                        if total <= limit:
                            old = best[nxt]
                            if total < old and not (nxt & 1 and even[nxt >> 1]):
                                if old == INF:
                                    order.append(nxt)
                                best[nxt] = total
                                prev[nxt] = state
                                buckets[total].append(nxt)
        self.best1: list[int] | array[int] = best
        self.order1 = order
        self.prev1: list[int] | array[int] | dict[int, int] = prev
        """State → the state it was reached from (-1 at the start): a list while searching, a dict once compact."""
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
        small = isinstance(table, SmallTable)
        least = self.memo.take(n2, limit + 1) if small else array("i", (limit + 1,)) * n2
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
                for nxt, step in row[state & 1]:
                    # a key whose state was already expanded with no more spent would be pruned when
                    # popped, and a cheaper key found earlier wins its square: never store it; `least`
                    # never exceeds limit + 1, so the test also keeps this action within its limit
                    now = spent + step
                    if least[nxt] > now:
                        total = cost + step
                        nkey = (nxt << shift) | now
                        if total < get(nkey, INF):
                            best[nkey] = total
                            prev[nkey] = key
                            buckets[total].append(nkey)
        self.best2, self.prev2 = best, prev
        if small:
            # `least` was written only at the states of stored keys (the starts and every key expanded)
            self.memo.give_back(least, limit + 1, map(rshift, best, repeat(shift)))

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
        # an anchor's old entry is read once and its cost once (an index is a cheap read, but a
        # tuple read twice is two): most anchors are new to `best` and skip the comparison
        if isinstance(table, SmallTable):
            # a one-square mover's positions are its anchors
            # a legal end unless end_ok refuses it, asked only where it may (another creature's square, …)
            asked, end_ok = table.end_asked, table.end_ok
            for state in self.order1:
                at = state >> 1
                old = get(at)
                if old is None:
                    if at not in asked or end_ok(at):
                        best[at] = (best1[state], rank, self, 1, state)
                    continue
                cost = best1[state]
                was = old[0]
                if (cost < was or (cost == was and rank < old[1])) and (at not in asked or end_ok(at)):
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
                if old is None:
                    if at not in asked or end_ok(at):
                        best[at] = (cost, rank, self, 2, key)
                    continue
                was = old[0]
                if (cost < was or (cost == was and rank < old[1])) and (at not in asked or end_ok(at)):
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

    def compact(self) -> None:
        """Keep only what paths read once merged: the predecessor of each state found (not two lists per state)."""
        order, best, prev = self.order1, self.best1, self.prev1
        self.prev1 = {state: prev[state] for state in order}
        self.best1 = []  # read by merge_into only
        self.table = None  # read by the search and merge_into only
        if isinstance(best, list) and isinstance(prev, list):
            self.memo.give_back(best, INF, order)
            self.memo.give_back(prev, None, ())

    def path(self, phase: int, state: int) -> tuple[tuple[int, int], ...]:
        """The anchors entered on the way to a found state."""
        width, per = self._width, self._per
        out: list[tuple[int, int]] = []
        if phase == 2:
            shift = self.shift
            prev2 = self.prev2
            key = state
            while prev2[key] != -1:
                y, x = divmod((key >> (shift + 1)) // per, width)
                out.append((x, y))
                key = prev2[key]
            state = key >> shift
        prev1 = self.prev1
        while prev1[state] != -1:
            y, x = divmod((state >> 1) // per, width)
            out.append((x, y))
            state = prev1[state]
        out.reverse()
        return tuple(out)
