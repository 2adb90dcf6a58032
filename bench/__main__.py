"""`python -m bench [--json] [--only NAME …]`: every figure against its baseline, as ratios.

Targets (issues 2, 6, 7): reach ≤ 2× the scipy baseline, frame ≤ 3× a bare frame,
start-up ≤ 1.5× a bare window, simulate ≥ 20 games/s with --jobs 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep --json output pure JSON

TARGETS = {
    "reach": ("ratio", 2.0, "≤"),
    "frame": ("ratio", 3.0, "≤"),
    "startup": ("ratio", 1.5, "≤"),
    "simulate": ("games_per_second", 20.0, "≥"),
}


def _runners() -> dict[str, Callable[[], dict[str, Any]]]:
    """Name → benchmark function (imported lazily: scipy and pygame only when asked for)."""

    def reach() -> dict[str, Any]:
        from bench.reach_bench import bench_reach

        return bench_reach()

    def frame() -> dict[str, Any]:
        from bench.frame_bench import bench_frame

        return bench_frame()

    def startup() -> dict[str, Any]:
        from bench.startup_bench import bench_startup

        return bench_startup()

    def simulate() -> dict[str, Any]:
        from bench.simulate_bench import bench_simulate

        return bench_simulate()

    return {"reach": reach, "frame": frame, "startup": startup, "simulate": simulate}


def _meets(name: str, result: dict[str, Any]) -> bool | None:
    key, target, how = TARGETS[name]
    value = result.get(key)
    if value is None:
        return None
    return value <= target if how == "≤" else value >= target


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print a table (or JSON)."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", nargs="*", choices=list(TARGETS), help="run only these")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    for name, run in _runners().items():
        if args.only and name not in args.only:
            continue
        if not args.json:
            print(f"running {name} …", file=sys.stderr)
        result = run()
        result["target"] = f"{TARGETS[name][0]} {TARGETS[name][2]} {TARGETS[name][1]}"
        result["meets_target"] = _meets(name, result)
        report[name] = result
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{'benchmark':<10} {'figure':>14} {'target':>22}  met   details")
    for name, result in report.items():
        key = TARGETS[name][0]
        details = ", ".join(f"{k}={v}" for k, v in result.items() if k not in {key, "target", "meets_target"})
        met = {True: "yes", False: "NO", None: "?"}[result["meets_target"]]
        print(f"{name:<10} {result.get(key)!s:>14} {result['target']:>22}  {met:<4}  {details}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
