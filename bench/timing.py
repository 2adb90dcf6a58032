"""Small timing helpers: medians of repeated runs, in milliseconds."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], repeat: int = 15, warmup: int = 2) -> float:
    """Median wall time of `fn()` over `repeat` runs after `warmup` runs, in ms."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def process_ms(args: list[str], repeat: int = 5, env: dict[str, str] | None = None) -> float:
    """Median wall time of running a Python process with `args`, in ms."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, capture_output=True, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
