"""Statistics for simulation reports: Wilson intervals, mean and spread, the two-proportion z-test."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95 % by default); (0, 1) when there are no trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)  # exact at the ends, not 0.9999…
    return (low, high)


def mean_std(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (n − 1); the deviation is 0 for fewer than two values."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, 0.0)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, math.sqrt(var))


def two_proportion_z(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Pooled two-proportion z-test: (z, two-sided p). p = 1 when the test is undefined (no spread)."""
    if n1 <= 0 or n2 <= 0:
        return (0.0, 1.0)
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return (0.0, 1.0)
    z = (k1 / n1 - k2 / n2) / se
    return (z, math.erfc(abs(z) / math.sqrt(2)))


def paired_mean(differences: Sequence[float], z: float = Z95) -> dict[str, float | int]:
    """Mean of per-trial differences with a normal 95 % interval (mean ± z·sd/√n, sd with n − 1)."""
    n = len(differences)
    mean, sd = mean_std(differences)
    half = z * sd / math.sqrt(n) if n else 0.0
    return {"n": n, "difference": mean, "ci95": [mean - half, mean + half]}
