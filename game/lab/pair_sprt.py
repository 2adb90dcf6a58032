"""The sequential test over seat-swapped pairs: Wald's bounds on a generalized likelihood ratio, pure and seeded.

A seed played as a seat-swapped pair gives two games per variant; against the baseline's two games on the
same seed and seats, the pair holds b games only the variant won and c only the baseline won (b + c ≤ 2).
The two games of a pair share their seed, so they are not independent: the pair is the unit of evidence.
The hypotheses are those of `Sprt` (θ, the share of the discordant games the variant wins). Each
hypothesis is the constraint E[(1 − θ)·b − θ·c] = 0 on the distribution of a pair's (b, c); the likelihood
of the pairs seen is maximised under each constraint (the empirical likelihood, as Fishtest's pentanomial
test maximises it under a mean score), and the log ratio of the two maxima is held against Wald's bounds.
With one game per seed (b + c ≤ 1) it is exactly Wald's SPRT on discordant games (`Sprt.llr`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence

from game.lab.paired_stats import Sprt

REGULAR = 1e-3
"""Added to the count of every possible (b, c) of a pair (as Fishtest does): with a category unseen, a
hypothesis may otherwise explain the pairs only by a zero probability, and the ratio would be infinite."""

PairCounts = Mapping[tuple[int, int], float]
"""(b, c) of a pair → how many pairs had it."""


def categories(games: int) -> list[tuple[int, int]]:
    """Every (b, c) a pair of `games` games per variant can give."""
    return [(b, c) for b in range(games + 1) for c in range(games + 1 - b)]


def _lagrange(counts: Sequence[float], g: Sequence[float]) -> float:
    """λ with Σ f·g/(1 + λ·g) = 0, every 1 + λ·g > 0 (g takes both signs): the constrained maximum's multiplier."""
    low, high = -1 / max(g), -1 / min(g)  # the open interval where every weight stays positive
    total = sum(counts)
    lam = 0.0
    for _ in range(200):
        h = sum(n * x / (1 + lam * x) for n, x in zip(counts, g, strict=True)) / total
        if abs(h) < 1e-13:
            break
        slope = -sum(n * x * x / (1 + lam * x) ** 2 for n, x in zip(counts, g, strict=True)) / total
        if h > 0:  # h falls as λ grows: the root lies above
            low = lam
        else:
            high = lam
        step = lam - h / slope
        lam = step if low < step < high else (low + high) / 2  # Newton inside the bracket, else bisect
    return lam


def _max_log_likelihood(counts: Sequence[float], g: Sequence[float]) -> float:
    """Σ n·log p at the most likely p with Σ p·g = 0, less the unconstrained Σ n·log f (so at most 0)."""
    lam = _lagrange(counts, g)
    return -sum(n * math.log(1 + lam * x) for n, x in zip(counts, g, strict=True))


def pair_llr(sprt: Sprt, pairs: PairCounts, games: int) -> float:
    """The log-likelihood ratio of H1 to H0 after `pairs` ((b, c) → count) of `games` games per variant each."""
    if games <= 1:  # one game a seed: the likelihood is the binomial of the discordant games, Wald's own test
        return sprt.llr(int(pairs.get((1, 0), 0)), int(pairs.get((0, 1), 0)))
    cells = categories(games)
    counts = [pairs.get(cell, 0) + REGULAR for cell in cells]
    value = 0.0
    for theta, sign in ((sprt.theta1, 1.0), (sprt.theta0, -1.0)):
        g = [(1 - theta) * b - theta * c for b, c in cells]
        value += sign * _max_log_likelihood(counts, g)
    return value


def pair_decision(sprt: Sprt, pairs: PairCounts, games: int) -> str:
    """'H1', 'H0' or 'continue' for the pairs seen so far."""
    lower, upper = sprt.bounds
    value = pair_llr(sprt, pairs, games)
    if value >= upper:
        return "H1"
    if value <= lower:
        return "H0"
    return "continue"


def pair_json(sprt: Sprt, pairs: PairCounts, games: int) -> dict[str, float | int | str]:
    """The test's final state over pairs: as `Sprt.to_json`, with the LLR and decision of the pairs and their b, c."""
    b = int(sum(count * bc[0] for bc, count in pairs.items()))
    c = int(sum(count * bc[1] for bc, count in pairs.items()))
    out = sprt.to_json(b, c, final=True)
    decision = pair_decision(sprt, pairs, games)
    out["test"] = TEST_NAME if games > 1 else out["test"]
    out["llr"] = pair_llr(sprt, pairs, games)
    out["decision"] = "inconclusive" if decision == "continue" else decision
    out["games_per_pair"] = games
    out["pair_counts"] = {f"{bc[0]},{bc[1]}": int(count) for bc, count in sorted(pairs.items())}
    return out


TEST_NAME = "Wald's SPRT over seat-swapped pairs (generalized likelihood ratio, each seed's pair one unit)"


def run_pair_sprt(sprt: Sprt, pairs: Iterable[tuple[int, int]], games: int, step: int = 1) -> tuple[str, int]:
    """Feed pairs' (b, c) in order, looking after every `step` pairs; (decision, pairs used), 'inconclusive' at
    the end of the pairs."""
    seen: Counter[tuple[int, int]] = Counter()
    i = 0
    for i, pair in enumerate(pairs, 1):
        seen[pair] += 1
        if i % step == 0 and (step > 1 or pair != (0, 0)):  # a pair without a discordant game moves no ratio
            decision = pair_decision(sprt, seen, games)
            if decision != "continue":
                return decision, i
    decision = pair_decision(sprt, seen, games)
    return (decision if decision != "continue" else "inconclusive"), i


def synthetic_seat_pairs(
    rng: random.Random, count: int, base: float, variant: float, alike: float
) -> Iterator[tuple[int, int]]:
    """(b, c) of `count` synthetic pairs (for calibration): in each seat the baseline wins with probability
    `base` and the variant with `variant`; with probability `alike` a seed's second seat repeats its first
    (the two games of a pair are correlated, as a shared seed makes them)."""
    for _ in range(count):
        first = (rng.random() < base, rng.random() < variant)
        second = first if rng.random() < alike else (rng.random() < base, rng.random() < variant)
        b = sum(1 for x, y in (first, second) if y and not x)
        c = sum(1 for x, y in (first, second) if x and not y)
        yield b, c
