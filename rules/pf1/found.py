"""pf1 reach's cost-map search on flat arrays: integer states, shared step tables, paths on demand.

A state is `pk · 2 + parity`: a packed position (rules/pf1/tables.py) and the parity of the
turn's diagonal counter (PF1-DIAG). The search is Dial's bucket queue (as
`rules.search.cost_map`) with the same order of steps and the same first-found tie-breaking,
so costs, bands and paths are the ones `cost_map` gives; paths are rebuilt only when asked
for. Costs and predecessors live in `array`s: cheap to make for every query and invisible
to the garbage collector.
"""

from __future__ import annotations

from array import array

from rules.pf1.tables import BigTable, SmallTable, StepTable, step_table

__all__ = ["INF", "BigTable", "Found", "SmallTable", "StepTable", "step_table"]

INF = 1 << 30
End = tuple[int, int, int]
"""(cost, phase, state) of the cheapest legal end at one anchor; phase 2 states are keys `state · slots + spent`."""


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
        # an even diagonal count is never worse later on (1,2,1,2 beats 2,1,2,1 at every prefix),
        # and states come out cheapest first: an odd state whose even twin was expanded adds nothing.
        # With a split, each action's own spending matters, not just the total, so no pruning there.
        even = bytearray(table.npk) if not band.split else None
        for cost in range(limit + 1):
            for state in buckets[cost]:
                if best[state] != cost:
                    continue
                pk = state >> 1
                if even is not None:
                    if not state & 1:
                        even[pk] = 1
                    elif even[pk]:
                        continue
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
        self.best1, self.prev1, self.order1 = best, prev, order
        self.slots = limit + 1
        self.best2: dict[int, int] = {}
        self.prev2: dict[int, int] = {}
        if band.split:
            self._second(limit, n2)

    def _second(self, limit: int, n2: int) -> None:
        """The second move action of a double move: states carry what that action has spent (PF1-DOUBLE-MOVE).

        A key is `state · slots + spent`; a start (the split, a legal end of the first action)
        has spent 0 and no predecessor (-1).
        """
        table = self.table
        rows, dirty, fill, end_ok = table.rows, table.dirty, table.fill, table.end_ok
        best1 = self.best1
        slots = self.slots
        budget = 2 * limit
        best: dict[int, int] = {}
        prev: dict[int, int] = {}
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        for state in self.order1:
            if end_ok(state >> 1):
                key = state * slots
                cost = best1[state]
                best[key] = cost
                prev[key] = -1
                buckets[cost].append(key)
        # states come out cheapest first: one already expanded at this position and parity with no
        # more spent in this move action dominates this one, so expanding it cannot find anything new
        least = array("i", [slots]) * n2
        get = best.get
        for cost in range(budget + 1):
            for key in buckets[cost]:
                if best[key] != cost:
                    continue
                state, spent = divmod(key, slots)
                if least[state] <= spent:
                    continue
                least[state] = spent
                pk = state >> 1
                row = rows[pk]
                if row is None or dirty[pk]:
                    row = fill(pk)
                room = limit - spent
                for nxt, step in row[state & 1]:
                    if step > room:
                        continue
                    total = cost + step
                    nkey = nxt * slots + spent + step
                    old = get(nkey)
                    if old is None or total < old:
                        best[nkey] = total
                        prev[nkey] = key
                        buckets[total].append(nkey)
        self.best2, self.prev2 = best, prev

    def ends(self) -> dict[int, End]:
        """Anchor `y·width + x` → (cost, phase, state) of the cheapest legal end there.

        Ties keep the first state found (phase 1 before phase 2, each in the order its
        search found them).
        """
        table = self.table
        end_ok = table.end_ok
        div = 3 if isinstance(table, BigTable) else 1
        best1 = self.best1
        out: dict[int, End] = {}
        get = out.get
        if div == 1:
            # a one-square mover's positions are its anchors: legality is checked once per anchor
            for state in self.order1:
                cost = best1[state]
                old = get(state >> 1)
                if old is None or cost < old[0]:
                    out[state >> 1] = (cost, 1, state)
            for at in [at for at in out if not end_ok(at)]:
                del out[at]
        else:
            legal: dict[int, bool] = {}
            for state in self.order1:
                pk = state >> 1
                ok = legal.get(pk)
                if ok is None:
                    ok = legal[pk] = end_ok(pk)
                if ok:
                    cost = best1[state]
                    old = get(pk // 3)
                    if old is None or cost < old[0]:
                        out[pk // 3] = (cost, 1, state)
        slots = self.slots
        for key, cost in self.best2.items():
            if key % slots == 0:
                continue
            pk = (key // slots) >> 1
            old = get(pk // div)
            if (old is None or cost < old[0]) and end_ok(pk):
                out[pk // div] = (cost, 2, key)
        return out

    def path(self, phase: int, state: int) -> tuple[tuple[int, int], ...]:
        """The anchors entered on the way to a found state."""
        square = self.table.square
        out: list[tuple[int, int]] = []
        if phase == 2:
            slots = self.slots
            prev2 = self.prev2
            key = state
            while prev2[key] != -1:
                out.append(square((key // slots) >> 1))
                key = prev2[key]
            state = key // slots
        prev1 = self.prev1
        while prev1[state] != -1:
            out.append(square(state >> 1))
            state = prev1[state]
        out.reverse()
        return tuple(out)
