"""Small timing helpers: interleaved rounds, medians and per-round ratios, in milliseconds.

Every figure is taken against its baseline in the same run: each round times every
function once (in a rotating order), and a ratio is the median of the per-round ratios,
so a load spike from other processes hits both sides of a ratio alike. In-process figures
are the calling thread's CPU time: on a shared machine, wall time mostly measures how long
other processes held the core.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping


def interleave(
    fns: Mapping[str, Callable[[], object]],
    rounds: int = 15,
    warmup: int = 1,
    timer: Callable[[Callable[[], object]], float] | None = None,
) -> dict[str, list[float]]:
    """Per-round ms of every function: each round runs each once, the order rotating by round.

    `timer(fn)` returns one measurement in ms (default: the thread's CPU time spent calling `fn`).
    """
    measure = timer or cpu_ms
    names = list(fns)
    for _ in range(warmup):
        for name in names:
            measure(fns[name])
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        shift = r % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(measure(fns[name]))
    return times


def cpu_ms(fn: Callable[[], object]) -> float:
    """The calling thread's CPU time spent in `fn()`, in ms."""
    start = time.thread_time()
    fn()
    return (time.thread_time() - start) * 1000


def median_of(times: Mapping[str, list[float]], name: str) -> float:
    """The median ms of one function's rounds."""
    return statistics.median(times[name])


def ratio(times: Mapping[str, list[float]], ours: str, base: str) -> float:
    """The median over rounds of ours / base (both timed in the same round)."""
    return statistics.median(a / b for a, b in zip(times[ours], times[base], strict=True) if b > 0)


def load_average() -> float | None:
    """The 1-minute load average of the machine (None where unknown), reported beside the figures."""
    try:
        import os

        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None
