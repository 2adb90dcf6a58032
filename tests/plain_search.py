"""The plain cost-map search over hashable states: the reference the rulesets' reach tests compare with.

Dijkstra with a bucket queue (Dial's algorithm) over any hashable states and integer costs ≥ 0;
it knows nothing of squares or rules. Production reach runs `rules.search.search` over a
ruleset's step table; this search asks a successor function directly, the slow and obvious way.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

S = TypeVar("S", bound=Hashable)


def cost_map(
    starts: Iterable[tuple[S, int]],
    successors: Callable[[S], Iterable[tuple[S, int]]],
    budget: int,
) -> tuple[dict[S, int], dict[S, S | None]]:
    """Cheapest cost of every state reachable within `budget`, and each state's predecessor.

    `successors(state)` yields `(next_state, step_cost)`; costs must be ≥ 0 integers.
    Ties keep the first state found, so results are deterministic for a deterministic
    `successors`.
    """
    best: dict[S, int] = {}
    prev: dict[S, S | None] = {}
    buckets: list[list[S]] = [[] for _ in range(budget + 1)]
    for state, cost in starts:
        if cost <= budget and (state not in best or cost < best[state]):
            best[state] = cost
            prev[state] = None
            buckets[cost].append(state)
    done: set[S] = set()
    for cost in range(budget + 1):
        bucket = buckets[cost]
        i = 0
        while i < len(bucket):  # a zero-cost step may append to the bucket being read
            state = bucket[i]
            i += 1
            if state in done or best[state] != cost:
                continue
            done.add(state)
            for nxt, step in successors(state):
                total = cost + step
                if total > budget:
                    continue
                old = best.get(nxt)
                if old is None or total < old:
                    best[nxt] = total
                    prev[nxt] = state
                    buckets[total].append(nxt)
    return best, prev


def path_to(prev: dict[S, S | None], goal: S) -> list[S]:
    """The states from a start to `goal`, following `prev` (start first)."""
    path = [goal]
    while (before := prev[path[-1]]) is not None:
        path.append(before)
    path.reverse()
    return path
