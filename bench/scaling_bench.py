"""Reach's cost per square reached as budgets grow: an open 128×128 map, budgets from 9 m to 72 m.

pf1: a Medium human running (4 × speed, PF1-RUN) at speeds 3, 4.5, 9 and 18 m, so the largest band is
12, 18, 36 and 72 m (a pf1 speed is whole squares: no speed runs 9 m). dnd5e: a Medium walker with
Dash (2 × speed, D5-DASH) at 4.5, 9, 18 and 36 m: 9, 18, 36 and 72 m. Each figure is the thread's CPU
time of a batch of whole `reachable`s (each batch reaching about 6,000 squares) divided by the
squares they found; a spread is the dearest per-square
figure over the cheapest of its series (target ≤ 2: the search's cost stays flat as budgets grow).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bench.timing import interleave, median_of
from rules import dnd5e, pf1
from rules.board import board_from_rows
from rules.core import Board, Creature, Situation
from rules.pf1.traits import Pf1Traits

SIDE = 128
START = (SIDE // 2, SIDE // 2)
PF1_SPEEDS = (3.0, 4.5, 9.0, 18.0)
"""Metres per move action: runs of 12, 18, 36 and 72 m."""
DND5E_SPEEDS = (4.5, 9.0, 18.0, 36.0)
"""Metres per move: with Dash 9, 18, 36 and 72 m."""
BATCH_SQUARES = 6000
"""Squares reached by one timed batch of queries (about one 72 m query's)."""


def _query(board: Board, ruleset: str, speed: float) -> Callable[[], object]:
    """One whole reach of a lone Medium walker at the centre of the open map."""
    unit = Creature("walker", "a", START, speed=speed, traits=Pf1Traits(race="human"))
    sit = Situation(ruleset, board, {"walker": unit})
    reach = pf1.reachable if ruleset == "pf1" else dnd5e.reachable
    return lambda: reach(sit, "walker")


def _batch(query: Callable[[], object], times: int) -> Callable[[], None]:
    """`query` run `times` times in a row."""

    def run() -> None:
        for _ in range(times):
            query()

    return run


def bench_scaling(rounds: int = 7) -> dict[str, Any]:
    """µs per square reached for every budget of both series, and each series' spread."""
    series = {"pf1": (PF1_SPEEDS, 4), "dnd5e": (DND5E_SPEEDS, 2)}
    fns: dict[str, Callable[[], object]] = {}
    found: dict[str, int] = {}
    board = board_from_rows(["." * SIDE] * SIDE)  # one board: its step tables are shared, as in a match
    batch: dict[str, int] = {}
    for ruleset, (speeds, times) in series.items():
        for speed in speeds:
            name = f"{ruleset}_{speed * times:g}m"
            query = _query(board, ruleset, speed)
            found[name] = len(query())  # type: ignore[arg-type]
            # a batch of queries reaching about as many squares as the largest budget's one query: a
            # small query timed alone would mostly time the caches the rounds' other queries left cold
            batch[name] = max(1, round(BATCH_SQUARES / found[name]))
            fns[name] = _batch(query, batch[name])
    timed = interleave(fns, rounds=rounds)
    out: dict[str, Any] = {}
    for ruleset in series:
        per_square = {
            name: median_of(timed, name) * 1000 / (found[name] * batch[name])
            for name in fns
            if name.startswith(ruleset + "_")
        }
        for name, us in per_square.items():
            out[f"{name}_us_per_square"] = round(us, 2)
            out[f"{name}_squares"] = found[name]
        out[f"{ruleset}_spread"] = round(max(per_square.values()) / min(per_square.values()), 2)
    out["rounds"] = rounds
    return out
