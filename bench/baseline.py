"""The reach baselines: scipy's C Dijkstra on a prebuilt state graph, and a plain pure-Python Dial search.

pf1 states are (square, diagonal parity); edges follow PF1-DIAG, PF1-DIFFICULT,
PF1-DIFFICULT-DIAG and PF1-CORNER for a Medium walker on a map of floor, difficult squares
and walls. dnd5e states are squares; every step costs 1, 2 into difficult terrain
(D5-GRID-DIAG, D5-DIFFICULT), and a diagonal may not cut a wall's corner (D5-GRID-CORNER).
The graphs are built once, outside the timing: the baseline is the search alone, which is
the honest floor for a reach that caches its tables per board.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

_DELTAS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


def grids(rows: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Boolean wall and difficult grids indexed [y, x]."""
    arr = np.array([list(r) for r in rows])
    return arr == "#", arr == ","


def _shifted(wall: np.ndarray, dx: int, dy: int):
    """Source and destination slices of every in-map step by (dx, dy), and which are legal for a walker."""
    h, w = wall.shape
    ys = slice(max(0, -dy), h - max(0, dy))
    xs = slice(max(0, -dx), w - max(0, dx))
    yd = slice(max(0, dy), h - max(0, -dy))
    xd = slice(max(0, dx), w - max(0, -dx))
    ok = ~wall[ys, xs] & ~wall[yd, xd]
    if dx and dy:
        ok &= ~wall[ys, xd] & ~wall[yd, xs]  # the corner rule: neither flank square may be a wall
    return ys, xs, yd, xd, ok


def state_graph(wall: np.ndarray, difficult: np.ndarray) -> csr_matrix:
    """The pf1 (square, parity) graph with step costs as a sparse matrix."""
    h, w = wall.shape
    n = h * w
    idx = np.arange(n).reshape(h, w)
    src_all, dst_all, cost_all = [], [], []
    for dx, dy in _DELTAS:
        ys, xs, yd, xd, ok = _shifted(wall, dx, dy)
        src = idx[ys, xs][ok]
        dst = idx[yd, xd][ok]
        hard = difficult[yd, xd][ok]
        for parity in (0, 1):
            if not (dx and dy):
                src_all.append(src + parity * n)
                dst_all.append(dst + parity * n)
                cost_all.append(np.where(hard, 2, 1))
            else:
                # hampered diagonal: 3 and parity kept; clear: 1 then 2 alternately
                src_all.append(src + parity * n)
                dst_all.append(dst + np.where(hard, parity, 1 - parity) * n)
                cost_all.append(np.where(hard, 3, 1 if parity == 0 else 2))
    src = np.concatenate(src_all)
    dst = np.concatenate(dst_all)
    cost = np.concatenate(cost_all).astype(np.float64)
    return csr_matrix((cost, (src, dst)), shape=(2 * n, 2 * n))


def dnd5e_graph(wall: np.ndarray, difficult: np.ndarray) -> csr_matrix:
    """The dnd5e square graph (uniform diagonals) with step costs as a sparse matrix."""
    h, w = wall.shape
    n = h * w
    idx = np.arange(n).reshape(h, w)
    src_all, dst_all, cost_all = [], [], []
    for dx, dy in _DELTAS:
        ys, xs, yd, xd, ok = _shifted(wall, dx, dy)
        src_all.append(idx[ys, xs][ok])
        dst_all.append(idx[yd, xd][ok])
        cost_all.append(np.where(difficult[yd, xd][ok], 2, 1))
    src = np.concatenate(src_all)
    dst = np.concatenate(dst_all)
    cost = np.concatenate(cost_all).astype(np.float64)
    return csr_matrix((cost, (src, dst)), shape=(n, n))


def scipy_search(rows: list[str], start: tuple[int, int], budget: int, ruleset: str = "pf1") -> Callable[[], dict]:
    """A closure running scipy's Dijkstra on the prebuilt graph; it returns square → cheapest cost."""
    wall, difficult = grids(rows)
    h, w = wall.shape
    graph = state_graph(wall, difficult) if ruleset == "pf1" else dnd5e_graph(wall, difficult)
    index = start[1] * w + start[0]

    def run() -> np.ndarray:
        return dijkstra(graph, indices=index, limit=budget + 0.5)

    def costs() -> dict[tuple[int, int], int]:
        dist = run()
        best = np.minimum(dist[: h * w], dist[h * w :]) if ruleset == "pf1" else dist
        best = best.reshape(h, w)
        ys, xs = np.nonzero(np.isfinite(best))
        return {(int(x), int(y)): int(best[y, x]) for y, x in zip(ys, xs, strict=True)}

    run.costs = costs  # type: ignore[attr-defined]
    return run
