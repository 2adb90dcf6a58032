"""How much work the tests that sample (property tests, calibration runs, fuzzers) do in this run.

The whole suite (`python -m pytest -n auto`, what CI runs) draws the full budget. A run that leaves the slow
tests out (`-m "not slow"`, the fast suite) draws the smaller one: the same assertions on fewer examples.
tests/conftest.py sets GRIDBOUND_TEST_BUDGET from the run's `-m`; set it yourself (`full` or `fast`) to choose.
"""

from __future__ import annotations

import os

ENV = "GRIDBOUND_TEST_BUDGET"


def full_budget() -> bool:
    """Whether this run draws the full budget (anything but GRIDBOUND_TEST_BUDGET=fast)."""
    return os.environ.get(ENV, "full").strip().lower() != "fast"


def budget(full: int, fast: int) -> int:
    """`full` examples (or runs, seeds) on the whole suite, `fast` when the fast suite runs."""
    return full if full_budget() else fast
