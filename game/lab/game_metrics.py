"""What happened in one game beyond who won, read from the match's own records, and its statistics.

Every figure is counted from what the rules said while the game was played: the actions they
accepted, the effects of their rulings and the events those rulings reported (with the rule ids
that decided them). Nothing is re-derived by looking at the board again. The statistics give each
metric's mean with a 95 % interval over games, and a variant's paired difference over shared seeds.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from game.battle.match import Match
from game.lab.stats import Z95, mean_std
from rules.core import Ruling

METRICS = (
    "rounds",
    "squares_moved_per_unit",
    "aoo_provoked",
    "aoo_taken",
    "charges",
    "squeezes",
    "bindings",
    "reliefs",
    "cut_ins",
    "rule_firings",
    "first_contact_round",
    "survivors",
)
"""Every metric a game's record may carry, in report order (docs/simulate.md says what each counts)."""
CONTACT_KINDS = frozenset({"attack", "sneak_attack", "charge", "engage", "overrun"})
"""Action kinds that bring two enemies to blows (with an attack of opportunity: the first contact)."""
SQUEEZE_EVENTS = frozenset({"squeeze"})


def game_metrics(match: Match, rounds: int) -> dict[str, float]:
    """The metrics of a finished (or cut-off) `match` that lasted `rounds` rounds.

    `first_contact_round` is absent when no two enemies ever came to blows."""
    accepted = [(r.action, r.result) for r in match.history if isinstance(r.result, Ruling)]
    events = [e for _, ruling in accepted for e in ruling.events]
    effects = [e for _, ruling in accepted for e in ruling.effects]
    moved = sum(len(action.path) for action, _ in accepted if action.path)
    units = max(1, len(match.level.units))
    squeezes = sum(
        1
        for _, ruling in accepted
        if any(e.kind in SQUEEZE_EVENTS for e in ruling.events)
        or any(rule.endswith("-SQUEEZE") for rule in ruling.rules)
    )
    out: dict[str, float] = {
        "rounds": float(rounds),
        "squares_moved_per_unit": moved / units,
        "aoo_provoked": float(sum(1 for e in events if e.kind == "provokes")),
        "aoo_taken": float(sum(1 for e in events if e.kind == "opportunity_attack")),
        "charges": float(sum(1 for action, _ in accepted if action.kind == "charge")),
        "squeezes": float(squeezes),
        "bindings": float(sum(1 for e in effects if e.kind == "bind")),
        "reliefs": float(sum(1 for action, _ in accepted if action.tactic == "relieve")),
        "cut_ins": float(sum(1 for action, _ in accepted if action.tactic == "cut_in")),
        "rule_firings": float(sum(len(r.rules) + len(r.events) for _, r in accepted)),
        "survivors": float(sum(1 for c in match.situation().creatures.values() if not c.defeated)),
    }
    contact = [
        entry.round
        for entry in match.log
        if entry.ok and (entry.kind in CONTACT_KINDS or entry.kind == "opportunity_attack")
    ]
    if contact:
        out["first_contact_round"] = float(min(contact))
    return {name: out[name] for name in METRICS if name in out}


def mean_interval(values: Sequence[float], z: float = Z95) -> dict[str, Any]:
    """Mean, standard deviation and a normal 95 % interval of the mean over `values` (n games)."""
    n = len(values)
    mean, sd = mean_std(list(values))
    half = z * sd / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "ci95": [mean - half, mean + half]}


def metric_summary(per_game: Sequence[Mapping[str, float]]) -> dict[str, dict[str, Any]]:
    """Per metric: mean with its interval over the games that have it (first contact only where there was one)."""
    out: dict[str, dict[str, Any]] = {}
    for name in METRICS:
        values = [m[name] for m in per_game if name in m]
        if values:
            out[name] = mean_interval(values)
    return out


def paired_metrics(base: Sequence[Mapping[str, float]], other: Sequence[Mapping[str, float]]) -> dict[str, Any]:
    """Per metric: the variant's mean difference over the seeds both played (game i against game i), with its
    95 % interval over the pairs' differences (the paired t's normal form) and the correlation of the pairs."""
    out: dict[str, Any] = {}
    for name in METRICS:
        pairs = [(x[name], y[name]) for x, y in zip(base, other, strict=False) if name in x and name in y]
        if not pairs:
            continue
        summary = mean_interval([y - x for x, y in pairs])
        out[name] = {
            "pairs": summary["n"],
            "baseline": mean_std([x for x, _ in pairs])[0],
            "variant": mean_std([y for _, y in pairs])[0],
            "difference": summary["mean"],
            "ci95": summary["ci95"],
            "correlation": correlation(pairs),
        }
    return out


def correlation(pairs: Sequence[tuple[float, float]]) -> float | None:
    """Pearson's correlation of paired values (φ for 0/1 outcomes); None when either side never varies."""
    n = len(pairs)
    if n < 2:
        return None
    mx, sx = mean_std([x for x, _ in pairs])
    my, sy = mean_std([y for _, y in pairs])
    if sx == 0 or sy == 0:
        return None
    cov = sum((x - mx) * (y - my) for x, y in pairs) / (n - 1)
    return cov / (sx * sy)
