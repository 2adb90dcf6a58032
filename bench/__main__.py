"""`python -m bench [--json] [--only NAME …]`: every figure against its baseline from the same run.

Timing figures are ratios within one run (interleaved rounds, median of per-round ratios),
because the machine is shared; the load average is printed beside them. Targets:
pf1 Medium reach ≤ 4× scipy's search alone on a prebuilt graph, pf1 Large ≤ 10×, dnd5e
Medium 18 m ≤ 4×; click → reach frame on a 100×100 level ≤ 8 ms at 1920×1080 and ≤ 16 ms at
3840×2160; simulate ≤ 15 ms CPU per game; first battle frame ≤ 3× a bare window's first flip; a frame while a
unit walks ≤ 16.7 ms (one frame at 60 a second) at 1920×1080.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep --json output pure JSON

TARGETS: dict[str, list[tuple[str, float, str]]] = {
    "reach": [("ratio", 4.0, "≤"), ("pf1_large_ratio", 10.0, "≤"), ("dnd5e_ratio", 4.0, "≤")],
    "frame": [
        ("click_ms_1920x1080", 8.0, "≤"),
        ("click_ms_3840x2160", 16.0, "≤"),
        ("animated_frame_ms_1920x1080", 16.7, "≤"),
    ],
    "simulate": [("cpu_ms_per_game", 15.0, "≤")],
    "startup": [("ratio", 3.0, "≤")],
}
"""Benchmark → (figure, target, how) of every figure with a target."""


def _runners() -> dict[str, Callable[[], dict[str, Any]]]:
    """Name → benchmark function (imported lazily: scipy and pygame only when asked for)."""

    def reach() -> dict[str, Any]:
        from bench.reach_bench import bench_reach

        return bench_reach()

    def frame() -> dict[str, Any]:
        from bench.frame_bench import bench_frame

        return bench_frame()

    def simulate() -> dict[str, Any]:
        from bench.simulate_bench import bench_simulate

        return bench_simulate()

    def startup() -> dict[str, Any]:
        from bench.startup_bench import bench_startup

        return bench_startup()

    return {"reach": reach, "frame": frame, "simulate": simulate, "startup": startup}


def _meets(value: Any, target: float, how: str) -> bool | None:
    if not isinstance(value, int | float):
        return None
    return value <= target if how == "≤" else value >= target


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print a table (or JSON)."""
    from bench.timing import load_average

    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--only", nargs="*", choices=list(TARGETS), help="run only these")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"load_average_before": load_average()}
    for name, run in _runners().items():
        if args.only and name not in args.only:
            continue
        if not args.json:
            print(f"running {name} …", file=sys.stderr)
        # whatever a benchmark's code prints (the game's log lines) goes to stderr: stdout is the report
        with contextlib.redirect_stdout(sys.stderr):
            result = run()
        result["targets"] = {
            key: {"target": f"{how} {target}", "meets": _meets(result.get(key), target, how)}
            for key, target, how in TARGETS[name]
        }
        result["meets_target"] = all(t["meets"] for t in result["targets"].values())
        report[name] = result
    report["load_average_after"] = load_average()
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"load average (1 min): {report['load_average_before']} before, {report['load_average_after']} after")
    for name, result in report.items():
        if not isinstance(result, dict):
            continue
        print(f"\n{name}")
        for key, check in result["targets"].items():
            met = {True: "yes", False: "NO", None: "?"}[check["meets"]]
            print(f"  {key:<28} {result.get(key)!s:>10}   target {check['target']:<8} met: {met}")
        for key, value in result.items():
            if key not in result["targets"] and key not in {"targets", "meets_target"}:
                print(f"    {key:<26} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
