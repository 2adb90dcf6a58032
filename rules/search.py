"""The bucket-queue search a ruleset's reach runs over its step table: Dial's algorithm on integer states.

A state is an int below the table's size. The ruleset states its step once and packs it into a
step table: `rows[s]` holds the priced steps out of state `s` as `(next state, cost)` pairs (kept
between queries, None until priced), `fill(s)` prices them, and `dirty[s]` marks a state whose
steps this query prices itself (another creature stands close enough to change them). The search
knows nothing of squares or rules. Every step costs a whole number ≥ 1, so a bucket per cost
orders the frontier without a heap; ties keep the state found first, so answers are deterministic.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from rules.memo import Memo

INF = 1 << 30
"""The cost of a state not found."""
Row = Sequence[tuple[int, int]]
"""(next state, cost) of every legal step out of one state, in the step rule's order."""


class Table:
    """A step table as one query reads it: shared rows, the states this query prices itself, and the pricing.

    With `enter`, a step's price is the price of entering its destination, whatever state it
    leaves (a one-square dnd5e mover): a row then lists the next states alone, and `enter[t]`
    prices them all.
    """

    __slots__ = ("dirty", "enter", "fill", "rows", "size")

    def __init__(
        self,
        size: int,
        rows: list[Row | None] | list[list[int] | None],
        dirty: bytearray,
        fill: Callable[[int], Row] | Callable[[int], list[int]],
        enter: list[int] | None = None,
    ) -> None:
        self.size = size
        self.rows = rows
        """State → its priced steps, kept between queries (None until priced; never read where `dirty`)."""
        self.dirty = dirty
        self.fill = fill
        """Price the steps out of a state (and keep them in `rows` unless the state is dirty)."""
        self.enter = enter
        """State → the price of entering it, when that is every step's price (None: each row prices its steps)."""


class Searched:
    """The cheapest cost of every state found within the limit, its predecessor, and the order found."""

    __slots__ = ("best", "buckets", "first", "order", "prev")

    def __init__(
        self,
        first: int,
        best: list[int] | dict[int, int] | None,
        prev: list[int] | dict[int, int],
        order: list[int] | None,
        buckets: list[list[int]],
    ) -> None:
        self.first = first
        self.best = best
        """State → cheapest cost (read only at the states in `order`); None for a table priced by
        entering (`Table.enter`): there each state found sits in one bucket, that of its cost."""
        self.prev = prev
        """State → the state it was reached from (the start: itself; read only at the states found)."""
        self.order = order
        """Every state found, the start first, in the order the search first found it (None where `best` is)."""
        self.buckets = buckets
        """buckets[c]: the states queued at cost c, in the order queued (a state found cheaper later is stale here)."""

    def chain(self, s: int) -> list[int]:
        """The states entered on the way to state `s`, the start excluded (first step first)."""
        prev, first = self.prev, self.first
        out = []
        while s != first:
            out.append(s)
            s = prev[s]
        out.reverse()
        return out


def search(first: int, table: Table, limit: int, spare: Memo | None = None) -> Searched:
    """Cheapest cost of every state within `limit` of `first`, with predecessors.

    `spare`: a memo whose spare lists the search may borrow (worth it when the limit reaches
    only a small part of the table: a new list of a big board's length costs more than the
    search); they are given back and the answer keeps dicts of the states found.
    """
    size = table.size
    rows, dirty, fill, enter = table.rows, table.dirty, table.fill, table.enter
    prev = spare.take(size, -1) if spare is not None else [-1] * size
    prev[first] = first  # found: a state not found has the predecessor -1
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    buckets[0].append(first)
    if enter is not None:
        # a step's price is its destination's: states settle cheapest first, so the first time a state
        # is found (from the cheapest state that steps to it) is its cheapest, and it is queued once
        beyond: list[int] = []  # states first found past the limit (no cheaper way comes later): -2, in no bucket
        for cost, bucket in enumerate(buckets[:limit]):  # from a state at the limit no step fits
            for s in bucket:  # every step costs at least 1: this bucket no longer grows
                row = rows[s]
                if row is None or dirty[s]:
                    row = fill(s)
                for t in row:
                    if prev[t] == -1:
                        total = cost + enter[t]
                        if total <= limit:
                            prev[t] = s
                            buckets[total].append(t)
                        else:
                            prev[t] = -2
                            beyond.append(t)
        if spare is None:
            return Searched(first, None, prev, None, buckets)
        found = {s: prev[s] for bucket in buckets for s in bucket}
        spare.give_back(prev, -1, itertools.chain(found, beyond))
        return Searched(first, None, found, None, buckets)
    best = spare.take(size, INF) if spare is not None else [INF] * size
    best[first] = 0
    order = [first]
    for cost, bucket in enumerate(buckets[:limit]):
        for s in bucket:
            if best[s] != cost:
                continue  # found again more cheaply since it was queued
            row = rows[s]
            if row is None or dirty[s]:
                row = fill(s)
            for t, units in row:
                total = cost + units
                if total < best[t] and total <= limit:  # most steps find a state found before: test that first
                    if best[t] == INF:
                        order.append(t)
                    best[t] = total
                    prev[t] = s
                    buckets[total].append(t)
    if spare is None:
        return Searched(first, best, prev, order, buckets)
    kept_best = {s: best[s] for s in order}
    kept_prev = {s: prev[s] for s in order}
    spare.give_back(best, INF, order)
    spare.give_back(prev, -1, order)
    return Searched(first, kept_best, kept_prev, order, buckets)
