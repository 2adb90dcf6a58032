"""The reach baseline: scipy.sparse.csgraph's Dijkstra on the equivalent pf1 state graph.

States are (x, y, diagonal parity); edges follow PF1-DIAG, PF1-DIFFICULT, PF1-DIFFICULT-DIAG
and PF1-CORNER for a Medium walker on a map of floor, difficult squares and walls. The graph
is built with numpy per query, as a scipy-based reach would have to (occupants and doors
change between queries), and both the build and the search are timed.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra


def grids(rows: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Boolean wall and difficult grids indexed [y, x]."""
    arr = np.array([list(r) for r in rows])
    return arr == "#", arr == ","


def state_graph(wall: np.ndarray, difficult: np.ndarray) -> csr_matrix:
    """The (square, parity) graph with pf1 step costs as a sparse matrix."""
    h, w = wall.shape
    n = h * w
    idx = np.arange(n).reshape(h, w)
    src_all, dst_all, cost_all = [], [], []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        ys = slice(max(0, -dy), h - max(0, dy))
        xs = slice(max(0, -dx), w - max(0, dx))
        yd = slice(max(0, dy), h - max(0, -dy))
        xd = slice(max(0, dx), w - max(0, -dx))
        ok = ~wall[ys, xs] & ~wall[yd, xd]
        diag = dx != 0 and dy != 0
        if diag:
            # PF1-CORNER: neither flank square may be a wall
            flank_x = wall[ys, xd]
            flank_y = wall[yd, xs]
            ok &= ~flank_x & ~flank_y
        src = idx[ys, xs][ok]
        dst = idx[yd, xd][ok]
        hard = difficult[yd, xd][ok]
        for parity in (0, 1):
            if not diag:
                cost = np.where(hard, 2, 1)
                src_all.append(src + parity * n)
                dst_all.append(dst + parity * n)
                cost_all.append(cost)
            else:
                # hampered diagonal: 3 and parity kept; clear: 1 then 2 alternately
                clear_cost = 1 if parity == 0 else 2
                cost = np.where(hard, 3, clear_cost)
                dst_parity = np.where(hard, parity, 1 - parity)
                src_all.append(src + parity * n)
                dst_all.append(dst + dst_parity * n)
                cost_all.append(cost)
    src = np.concatenate(src_all)
    dst = np.concatenate(dst_all)
    cost = np.concatenate(cost_all).astype(np.float64)
    return csr_matrix((cost, (src, dst)), shape=(2 * n, 2 * n))


def baseline_reach(rows: list[str], start: tuple[int, int], budget: int) -> dict[tuple[int, int], int]:
    """Cheapest cost of every square within `budget` from `start` (parity 0)."""
    wall, difficult = grids(rows)
    h, w = wall.shape
    graph = state_graph(wall, difficult)
    dist = dijkstra(graph, indices=start[1] * w + start[0], limit=budget + 0.5)
    best = np.minimum(dist[: h * w], dist[h * w :]).reshape(h, w)
    ys, xs = np.nonzero(np.isfinite(best))
    return {(int(x), int(y)): int(best[y, x]) for y, x in zip(ys, xs, strict=True)}


def dijkstra_only(rows: list[str], start: tuple[int, int], budget: int):
    """A closure timing the search alone on a prebuilt graph (for transparency)."""
    wall, difficult = grids(rows)
    w = wall.shape[1]
    graph = state_graph(wall, difficult)

    def run() -> None:
        dijkstra(graph, indices=start[1] * w + start[0], limit=budget + 0.5)

    return run
