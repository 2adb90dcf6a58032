"""The exact shortcuts of pf1 reach's searches (rules/pf1/found.py) against the same searches without them.

- No search expands a state found at its limit: every priced step costs at least one
  square, so nothing fits after it (checked on every row of random boards' step tables).
- The second move action of a double move (PF1-DOUBLE-MOVE) stores no key at a start
  state (a legal end of the first action) after that start: the start costs the first
  action's cheapest and has spent nothing, so it dominates every such key. Answers with
  the plain second-action search below (the one every query ran before) must be the same
  entry by entry, paths included.
"""

from __future__ import annotations

from array import array

from hypothesis import HealthCheck, given, settings

import rules.pf1 as pf1
from rules.pf1.found import INF, Found
from rules.pf1.space import Mover
from rules.pf1.tables import step_table
from tests.budget import budget
from tests.test_pf1_fast_reach import situations

CHECKED = settings(max_examples=budget(80, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _plain_second(self: Found, limit: int, n2: int) -> None:
    """The second action's search with only the dominance test of expanded states (no start shortcut)."""
    table = self.table
    rows, dirty, fill, end_ok = table.rows, table.dirty, table.fill, table.end_ok
    shift = self.shift
    mask = (1 << shift) - 1
    best: dict[int, int] = {}
    prev: dict[int, int] = {}
    buckets: list[list[int]] = [[] for _ in range(2 * limit + 1)]
    for state in self.order1:
        if end_ok(state >> 1):
            key = state << shift
            best[key] = self.best1[state]
            prev[key] = -1
            buckets[best[key]].append(key)
    least = array("i", [limit + 1]) * n2
    for cost in range(2 * limit + 1):
        for key in buckets[cost]:
            state, spent = key >> shift, key & mask
            if least[state] <= spent:
                continue
            least[state] = spent
            pk = state >> 1
            row = rows[pk]
            if row is None or dirty[pk]:
                row = fill(pk)
            for nxt, step in row[state & 1]:
                if spent + step <= limit and least[nxt] > spent + step:
                    nkey = (nxt << shift) | (spent + step)
                    if cost + step < best.get(nkey, INF):
                        best[nkey] = cost + step
                        prev[nkey] = key
                        buckets[cost + step].append(nkey)
    self.best2, self.prev2 = best, prev


def _entries(sit) -> list[tuple]:
    return [(r.at, r.cost, r.band, r.path) for r in pf1.reachable(sit, "m")]


@CHECKED
@given(situations())
def test_property_the_second_action_shortcut_changes_no_answer(case):
    # PF1-DOUBLE-MOVE, PF1-MOVE-ACTION, PF1-RUN, PF1-DIAG: squares, costs, bands and paths
    sit, _ = case
    sit.memo.clear()
    fast = _entries(sit)
    shortcut = Found._second
    Found._second = _plain_second  # type: ignore[method-assign]
    try:
        sit.memo.clear()
        plain = _entries(sit)
    finally:
        Found._second = shortcut  # type: ignore[method-assign]
    assert fast == plain


@CHECKED
@given(situations())
def test_property_every_priced_step_costs_at_least_one_square(case):
    # PF1-DIAG (1, then 2), PF1-DIFFICULT (2), PF1-DIFFICULT-DIAG (3), PF1-OBSTACLE-EDGE (+2):
    # the searches stop expanding at their limit because no step is free
    sit, _ = case
    sit.memo.clear()
    for run in (False, True):
        table = step_table(Mover(sit, "m", run=run))
        for pk in range(table.npk):
            for parity_steps in table.fill(pk):
                assert all(step >= 1 for _, step in parity_steps)
