"""Reach on the 100×100 benchmark map against scipy's Dijkstra on the same state graph."""

from __future__ import annotations

from typing import Any

from bench.baseline import baseline_reach, dijkstra_only
from bench.maps import bench_board, bench_rows
from bench.timing import median_ms
from rules import pf1
from rules.core import Creature, Situation

START = (50, 50)
BUDGET = 24
"""A human's run: 4 × 6 squares (PF1-RUN)."""


def bench_reach(repeat: int = 15) -> dict[str, Any]:
    """Time pf1 reach and the scipy baseline; check that they agree on the move band."""
    rows = bench_rows()
    board = bench_board()
    human = Creature("human", "a", START, race="human", speed=9)
    sit = Situation("pf1", board, {"human": human})
    ours = pf1.reachable(sit, "human")
    base = baseline_reach(rows, START, BUDGET)
    speed = pf1.effective_speed(human)
    move_band = {r.at: r.cost for r in ours if r.band == "move"}
    expected = {sq: c for sq, c in base.items() if 0 < c <= speed}  # reach leaves out the start
    agree = move_band == expected
    ours_ms = median_ms(lambda: pf1.reachable(sit, "human"), repeat)
    base_ms = median_ms(lambda: baseline_reach(rows, START, BUDGET), repeat)
    search_ms = median_ms(dijkstra_only(rows, START, BUDGET), repeat)
    return {
        "reach_ms": round(ours_ms, 2),
        "scipy_build_and_search_ms": round(base_ms, 2),
        "scipy_search_only_ms": round(search_ms, 3),
        "ratio": round(ours_ms / base_ms, 2),
        "ratio_vs_search_only": round(ours_ms / search_ms, 1),
        "squares": len(ours),
        "move_band_agrees_with_scipy": agree,
    }
