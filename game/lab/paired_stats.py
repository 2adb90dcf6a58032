"""Statistics for paired games, pure and deterministic (no I/O): a designer's conclusions rest on these.

- McNemar's mid-p test and Tango's score interval for a paired difference of proportions, made to agree;
- Wald's sequential probability ratio test (SPRT) on discordant pairs, with Elo or win-rate hypotheses;
- Holm's and Benjamini–Hochberg's adjustments of p-values across a grid;
- the games needed to detect an effect (unpaired and paired), for the planner.

"First"/"second" are the baseline and the variant: b counts the pairs only the second won, c those only
the first won; the difference is (b − c)/n, positive when the variant wins more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from statistics import NormalDist

ALPHA = 0.05
INTERVAL_NAME = "Tango's score interval for a paired difference, 95 % (reaching 0 whenever mid-p McNemar p ≥ 0.05)"
TEST_NAME = "McNemar's mid-p test (two-sided)"
DRAW_WARNING = 0.05
"""A share of games cut off by the round limit above which the report warns."""

_NORMAL = NormalDist()


def z_quantile(p: float) -> float:
    """The standard normal quantile of p."""
    return _NORMAL.inv_cdf(p)


def _binomial_pmf_half(k: int, m: int) -> float:
    """P(X = k) for X ~ Binomial(m, ½)."""
    lg = math.lgamma
    return math.exp(lg(m + 1) - lg(k + 1) - lg(m - k + 1) + m * math.log(0.5))


def mcnemar_mid_p(b: int, c: int) -> float:
    """McNemar's mid-p test: twice (P(X < k) + ½·P(X = k)), X ~ Binomial(b + c, ½), k = min(b, c); at most 1."""
    m = b + c
    if m == 0:
        return 1.0
    k = min(b, c)
    tail = sum(_binomial_pmf_half(i, m) for i in range(k)) + 0.5 * _binomial_pmf_half(k, m)
    return min(1.0, 2 * tail)


def _tango_z(b: int, c: int, n: int, delta: float) -> float:
    """Tango's score statistic for H0: difference = delta (the restricted MLE of the c-cell in closed form)."""
    a2 = 2 * n
    b2 = -b - c + (2 * n - b + c) * delta
    c2 = -c * delta * (1 - delta)
    q = (math.sqrt(max(0.0, b2 * b2 - 4 * a2 * c2)) - b2) / (2 * a2)
    var = n * (2 * q + delta * (1 - delta))
    diff = b - c - n * delta
    if var <= 0:
        return 0.0 if diff == 0 else math.copysign(math.inf, diff)
    return diff / math.sqrt(var)


def tango_interval(b: int, c: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Tango's (1998) score interval for (b − c)/n: every delta whose score statistic lies within ±z."""
    if n <= 0:
        return (-1.0, 1.0)

    def solve(target: float, low: float, high: float) -> float:
        # the statistic falls as delta grows: bisect for where it crosses target
        for _ in range(80):
            mid = (low + high) / 2
            if _tango_z(b, c, n, mid) > target:
                low = mid
            else:
                high = mid
        return (low + high) / 2

    d = (b - c) / n
    lower = -1.0 if _tango_z(b, c, n, -1.0 + 1e-12) <= z else solve(z, -1.0 + 1e-12, d)
    upper = 1.0 if _tango_z(b, c, n, 1.0 - 1e-12) >= -z else solve(-z, d, 1.0 - 1e-12)
    return (max(-1.0, lower), min(1.0, upper))


def paired_difference(b: int, c: int, n: int, alpha: float = ALPHA) -> dict[str, float | int | bool]:
    """The paired difference (b − c)/n with Tango's interval and McNemar's mid-p; they never contradict.

    Tango's interval excludes 0 exactly when the uncorrected McNemar z, (b − c)/√(b + c), passes the
    normal quantile; the mid-p test is slightly stricter on a few (b, c) (p between 0.05 and 0.07), and
    there the interval's near end is moved to 0, so "excludes 0" and "p < alpha" always say the same.
    """
    p = mcnemar_mid_p(b, c)
    low, high = tango_interval(b, c, n, z_quantile(1 - alpha / 2))
    significant = p < alpha
    if not significant and low > 0:
        low = 0.0
    if not significant and high < 0:
        high = 0.0
    return {
        "n": n,
        "b": b,
        "c": c,
        "difference": (b - c) / n if n else 0.0,
        "ci95": [low, high],
        "p": p,
        "significant": significant,
    }


def paired_outcomes(pairs: Sequence[tuple[bool, bool]], alpha: float = ALPHA) -> dict[str, float | int | bool]:
    """paired_difference over (first succeeded, second succeeded) pairs, with both rates on those same pairs."""
    n = len(pairs)
    b = sum(1 for first, second in pairs if second and not first)
    c = sum(1 for first, second in pairs if first and not second)
    out = paired_difference(b, c, n, alpha)
    out["baseline_rate"] = sum(1 for first, _ in pairs if first) / n if n else 0.0
    out["variant_rate"] = sum(1 for _, second in pairs if second) / n if n else 0.0
    out["discordance"] = (b + c) / n if n else 0.0
    return out


# --- decisive games and draws ------------------------------------------------------------------


def draws_warning(draws: int, games: int, limit: float = DRAW_WARNING) -> bool:
    """Whether the round limit cut off more than `limit` of the games (their outcome is no one's win)."""
    return games > 0 and draws / games > limit


# --- many comparisons ---------------------------------------------------------------------------


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error), in the input order."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (false discovery rate), in the input order."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i], reverse=True)
    adjusted = [0.0] * m
    running = 1.0
    for k, i in enumerate(order):
        rank = m - k
        running = min(running, p_values[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


ADJUSTMENTS: dict[str, Callable[[Sequence[float]], list[float]]] = {"holm": holm, "bh": benjamini_hochberg}
ADJUSTMENT_NAMES = {
    "holm": "Holm's step-down adjustment (family-wise error rate)",
    "bh": "Benjamini–Hochberg adjustment (false discovery rate)",
}


# --- the sequential probability ratio test ------------------------------------------------------


def elo_to_score(elo: float) -> float:
    """The expected score of an Elo difference: 1/(1 + 10^(−elo/400))."""
    return 1 / (1 + 10 ** (-elo / 400))


def score_to_elo(score: float) -> float:
    """The Elo difference of an expected score strictly between 0 and 1 (0.5 gives 0, never −0)."""
    elo = -400 * math.log10(1 / score - 1)
    return 0.0 if abs(elo) < 1e-9 else elo


@dataclass(frozen=True, slots=True)
class Sprt:
    """Wald's SPRT of H0: θ = θ0 against H1: θ = θ1, θ the share of discordant pairs the variant won.

    On discordant pairs only, as Fishtest's paired test counts game pairs: a pair both variants won
    or lost says nothing about which is better. Bounds log(β/(1 − α)) and log((1 − β)/α).
    """

    theta0: float
    theta1: float
    alpha: float
    beta: float

    @classmethod
    def from_elo(cls, elo0: float, elo1: float, alpha: float, beta: float) -> Sprt:
        """The test with Elo hypotheses (0 Elo = the variant wins half the discordant pairs)."""
        return cls(elo_to_score(elo0), elo_to_score(elo1), alpha, beta)

    def check(self) -> str | None:
        """Why the test is not well posed (None when it is)."""
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            return "alpha and beta must lie between 0 and 1, with alpha + beta below 1"
        if not (0 < self.theta0 < 1 and 0 < self.theta1 < 1) or self.theta0 == self.theta1:
            return "the two hypotheses must differ"
        return None

    @property
    def bounds(self) -> tuple[float, float]:
        """(lower, upper): accept H0 at or below, H1 at or above."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, b: int, c: int) -> float:
        """The log-likelihood ratio of H1 to H0 after b discordant pairs the variant won and c it lost."""
        return b * math.log(self.theta1 / self.theta0) + c * math.log((1 - self.theta1) / (1 - self.theta0))

    def decide(self, b: int, c: int) -> str:
        """'H1' (accept the alternative), 'H0' (accept the null) or 'continue'."""
        lower, upper = self.bounds
        value = self.llr(b, c)
        if value >= upper:
            return "H1"
        if value <= lower:
            return "H0"
        return "continue"

    def to_json(self, b: int, c: int, final: bool = False) -> dict[str, float | int | str]:
        """The test's state: hypotheses, error rates, bounds, LLR and decision ('inconclusive' when out of games)."""
        decision = self.decide(b, c)
        if decision == "continue" and final:
            decision = "inconclusive"
        lower, upper = self.bounds
        return {
            "test": "Wald's SPRT on discordant pairs",
            "elo0": score_to_elo(self.theta0),
            "elo1": score_to_elo(self.theta1),
            "theta0": self.theta0,
            "theta1": self.theta1,
            "alpha": self.alpha,
            "beta": self.beta,
            "lower": lower,
            "upper": upper,
            "llr": self.llr(b, c),
            "b": b,
            "c": c,
            "decision": decision,
        }


def run_sprt(sprt: Sprt, outcomes: Iterable[int], step: int = 1) -> tuple[str, int]:
    """Feed pair outcomes (+1 variant only, −1 baseline only, 0 concordant), looking after every `step` pairs.

    Returns (decision, pairs used); 'inconclusive' when the pairs run out first.
    """
    b = c = i = 0
    for i, outcome in enumerate(outcomes, 1):
        b += outcome > 0
        c += outcome < 0
        if i % step == 0:
            decision = sprt.decide(b, c)
            if decision != "continue":
                return decision, i
    decision = sprt.decide(b, c)
    return (decision if decision != "continue" else "inconclusive"), i


def synthetic_pairs(rng: random.Random, count: int, p_first: float, p_second: float) -> Iterator[int]:
    """Pair outcomes of independent Bernoulli games (for calibration): +1, −1 or 0 per pair, drawn lazily."""
    for _ in range(count):
        first, second = rng.random() < p_first, rng.random() < p_second
        yield int(second) - int(first)


# --- planning -----------------------------------------------------------------------------------


def games_unpaired(effect: float, power: float, alpha: float = ALPHA, rate: float = 0.5) -> int:
    """Games per variant for a two-sided two-proportion z-test to find rate → rate + effect (Fleiss' formula)."""
    p1, p2 = rate, rate + effect
    if not (0 < p1 < 1 and 0 < p2 < 1) or effect == 0:
        raise ValueError("the rate and rate + effect must lie strictly between 0 and 1")
    bar = (p1 + p2) / 2
    za, zb = z_quantile(1 - alpha / 2), z_quantile(power)
    root = za * math.sqrt(2 * bar * (1 - bar)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(root * root / (effect * effect))


def games_paired(effect: float, power: float, discordance: float, alpha: float = ALPHA) -> int:
    """Seeds (pairs) for McNemar's test to find a paired difference `effect` (Connor's 1987 formula).

    `discordance` is the share of seeds on which the two variants' outcomes differ (b + c)/n.
    """
    d = abs(effect)
    if not (0 < discordance <= 1) or d == 0 or d >= discordance:
        raise ValueError("the discordance must lie above the effect and at most 1")
    za, zb = z_quantile(1 - alpha / 2), z_quantile(power)
    root = za * math.sqrt(discordance) + zb * math.sqrt(discordance - d * d)
    return math.ceil(root * root / (d * d))


# --- the same games ---------------------------------------------------------------------------


def identical(first: Sequence[object], second: Sequence[object]) -> bool:
    """Whether two cells played the same game on every seed both played (at least one)."""
    n = min(len(first), len(second))
    return n > 0 and all(first[i] == second[i] for i in range(n))
