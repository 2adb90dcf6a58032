"""The pure-Python baseline: a plain Dial (bucket) search of the pf1 (square, parity) graph.

Same rules as bench/baseline.py's graph (PF1-DIAG, PF1-DIFFICULT, PF1-DIFFICULT-DIAG,
PF1-CORNER for a Medium walker); no numpy, so the tests can use it as an oracle too.
"""

from __future__ import annotations

from collections.abc import Callable

_DELTAS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def dial_search(rows: list[str], start: tuple[int, int], budget: int) -> Callable[[], dict[tuple[int, int], int]]:
    """A closure running a plain pure-Python Dial (bucket) search of the pf1 (square, parity) graph.

    The map is turned into flat wall and difficult lists once; the search reads them per step,
    as straightforward Python would. It returns square → cheapest cost within `budget`.
    """
    h, w = len(rows), len(rows[0])
    wall = [ch == "#" for row in rows for ch in row]
    hard = [ch == "," for row in rows for ch in row]
    s0 = (start[1] * w + start[0]) * 2

    def run() -> dict[tuple[int, int], int]:
        best = {s0: 0}
        buckets: list[list[int]] = [[] for _ in range(budget + 1)]
        buckets[0].append(s0)
        for cost in range(budget + 1):
            for state in buckets[cost]:
                if best[state] != cost:
                    continue
                sq, parity = state >> 1, state & 1
                y, x = divmod(sq, w)
                for dx, dy in _DELTAS:
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < w and 0 <= ny < h):
                        continue
                    to = ny * w + nx
                    if wall[to]:
                        continue
                    if dx and dy:
                        if wall[y * w + nx] or wall[ny * w + x]:
                            continue
                        if hard[to]:
                            step, nxt = 3, (to << 1) | parity
                        else:
                            step, nxt = (2 if parity else 1), (to << 1) | (parity ^ 1)
                    else:
                        step, nxt = (2 if hard[to] else 1), (to << 1) | parity
                    total = cost + step
                    if total <= budget and total < best.get(nxt, budget + 1):
                        best[nxt] = total
                        buckets[total].append(nxt)
        out: dict[tuple[int, int], int] = {}
        for state, cost in best.items():
            y, x = divmod(state >> 1, w)
            if cost < out.get((x, y), budget + 1):
                out[(x, y)] = cost
        return out

    return run
