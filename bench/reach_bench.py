"""Reach on the 100×100 benchmark map against scipy's C Dijkstra searching a prebuilt graph of the same map.

Figures (one interleaved run, ratios = median of per-round ratios):
pf1 Medium, Large and Huge with a run budget of 24 squares, and dnd5e Medium at 18 m with
Dash (24 squares), each against scipy's search alone on the prebuilt (square, parity) graph
(bench/baseline.py); pf1 Medium also against a plain pure-Python Dial search (bench/dial.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bench.baseline import scipy_search
from bench.dial import dial_search
from bench.maps import bench_board, bench_rows
from bench.timing import interleave, median_of, ratio
from rules import dnd5e, pf1
from rules.core import Creature, Options, Situation, Size
from rules.pf1.traits import Pf1Traits

START = (50, 50)
BUDGET = 24
"""A human's run (4 × 6 squares, PF1-RUN); an 18 m dnd5e speed with Dash (2 × 12, D5-DASH)."""


def _pf1(size: Size) -> Callable[[], object]:
    board = bench_board()
    # the map keeps the 3×3 around the centre clear: a Huge creature's space starts one square up-left
    at = (START[0] - 1, START[1] - 1) if size >= Size.HUGE else START
    unit = Creature("walker", "a", at, size=size, speed=9, traits=Pf1Traits(race="human"))
    sit = Situation("pf1", board, {"walker": unit})
    return lambda: pf1.reachable(sit, "walker")


def _dnd5e() -> Callable[[], object]:
    unit = Creature("walker", "a", START, speed=18)
    sit = Situation("dnd5e", bench_board(), {"walker": unit}, options=Options(diagonal="uniform"))
    return lambda: dnd5e.reachable(sit, "walker")


def agreement() -> dict[str, bool]:
    """Whether our reach and the baselines agree on the squares and costs they both rule on."""
    rows = bench_rows()
    ours = pf1.reachable(Situation("pf1", bench_board(), {"h": Creature("h", "a", START, speed=9)}), "h")
    scipy_pf1 = scipy_search(rows, START, BUDGET).costs()  # type: ignore[attr-defined]
    dial = dial_search(rows, START, BUDGET)()
    # the move band is one action: its costs are the plain cheapest costs
    move = {r.at: r.cost for r in ours if r.band == "move"}
    speed = pf1.effective_speed(Creature("h", "a", START, speed=9))
    expected = {sq: c for sq, c in scipy_pf1.items() if 0 < c <= speed}
    d5 = dnd5e.reachable(Situation("dnd5e", bench_board(), {"h": Creature("h", "a", START, speed=18)}), "h")
    scipy_d5 = scipy_search(rows, START, BUDGET, "dnd5e").costs()  # type: ignore[attr-defined]
    return {
        "pf1_move_band_agrees_with_scipy": move == expected,
        "dial_agrees_with_scipy": dial == scipy_pf1,
        "dnd5e_agrees_with_scipy": {r.at: r.cost // 150 for r in d5} == {sq: c for sq, c in scipy_d5.items() if c > 0},
    }


def bench_reach(rounds: int = 15) -> dict[str, Any]:
    """Every reach figure and its baselines, interleaved in one run."""
    rows = bench_rows()
    fns = {
        "pf1_medium": _pf1(Size.MEDIUM),
        "pf1_large": _pf1(Size.LARGE),
        "pf1_huge": _pf1(Size.HUGE),
        "dnd5e_medium": _dnd5e(),
        "scipy_pf1": scipy_search(rows, START, BUDGET),
        "scipy_dnd5e": scipy_search(rows, START, BUDGET, "dnd5e"),
        "dial_pf1": dial_search(rows, START, BUDGET),
    }
    times = interleave(fns, rounds=rounds)
    out: dict[str, Any] = {name + "_ms": round(median_of(times, name), 3) for name in fns}
    out.update(
        {
            "ratio": round(ratio(times, "pf1_medium", "scipy_pf1"), 2),
            "pf1_large_ratio": round(ratio(times, "pf1_large", "scipy_pf1"), 2),
            "pf1_huge_ratio": round(ratio(times, "pf1_huge", "scipy_pf1"), 2),
            "dnd5e_ratio": round(ratio(times, "dnd5e_medium", "scipy_dnd5e"), 2),
            "pf1_vs_dial": round(ratio(times, "pf1_medium", "dial_pf1"), 2),
            "rounds": rounds,
        }
    )
    out.update(agreement())
    return out
