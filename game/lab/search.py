"""Search over rule parameters: Optuna's TPE sampler proposes settings of the searched level keys, each
setting plays the sweep's seeds batch by batch, and the sequential test stops a setting that clearly
misses; then Morris screening (SALib) ranks which parameters move the objective at all.

The games are asked for through `play(settings, stage)` (the games of one batch of seeds on every
level), so the search itself needs no level and its tests run on synthetic games. Every setting
plays the same seeds (common random numbers: two settings differ by the setting, not the dice), the
sampler is seeded and trials run one after another, so a search is deterministic for its seed.
Optuna and SALib are the `lab` extra, imported only when a search runs.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from game.lab.paired_stats import Sprt
from game.lab.search_spec import SearchSpec
from game.text.i18n import t

INSTALL_HINT = 'pip install -e ".[lab]"'
MORRIS_LEVELS = 4
MEDIAN_STARTUP = 5
"""Trials the median pruner lets finish before it compares (objectives other than a win-rate target)."""


class SearchError(ValueError):
    """Optuna or SALib missing (bad input: exit 2 with the install hint)."""


class Outcome(Protocol):
    """What the search reads of a game (game.lab.simulate.GameResult has it)."""

    winner: str | None
    rounds: int
    rules: dict[str, int]


Settings = dict[str, int | float]
Play = Callable[[Settings, int], Sequence[Outcome]]


def libraries() -> tuple[Any, Any, Any]:
    """(optuna, SALib.sample.morris, SALib.analyze.morris), or SearchError saying how to install the extra."""
    try:
        import optuna
        from SALib.analyze import morris as analyze
        from SALib.sample import morris as sample
    except ImportError:
        raise SearchError(t("search.no_libraries", hint=INSTALL_HINT)) from None
    return optuna, sample, analyze


def objective_value(spec: SearchSpec, side: str, games: Sequence[Outcome]) -> float:
    """The objective over `games`: distance of `side`'s win rate to the target, mean rounds, or a rule's firings
    per game (lower is better, except for a rule searched with direction = "maximize")."""
    n = max(1, len(games))
    if spec.objective == "win_rate":
        return abs(sum(1 for g in games if g.winner == side) / n - spec.target)
    if spec.objective == "rounds":
        return sum(g.rounds for g in games) / n
    return sum(g.rules.get(spec.rule or "", 0) for g in games) / n


def off_target(spec: SearchSpec, side: str, games: Sequence[Outcome], alpha: float, beta: float) -> str | None:
    """The sequential test of a win-rate search: 'above' or 'below' once Wald's SPRT accepts that the win rate
    lies `tolerance` above (or below) the target rather than on it, else None."""
    wins = sum(1 for g in games if g.winner == side)
    rest = len(games) - wins
    for name, theta1 in (("above", spec.target + spec.tolerance), ("below", spec.target - spec.tolerance)):
        if Sprt(spec.target, theta1, alpha, beta).decide(wins, rest) == "H1":
            return name
    return None


def run_search(
    spec: SearchSpec, side: str, play: Play, stages: int, seed: int, *, alpha: float = 0.05, beta: float = 0.05
) -> dict[str, Any]:
    """Run the Optuna study (TPE seeded with `seed`, trials in turn); the trials, the best setting and, with
    `spec.morris`, the Morris ranking."""
    optuna, _, _ = libraries()
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    direction = "maximize" if spec.objective == "rule" and spec.direction == "maximize" else "minimize"
    pruner = (
        optuna.pruners.NopPruner()  # a win-rate target is pruned by the sequential test, below
        if spec.objective == "win_rate"
        else optuna.pruners.MedianPruner(n_startup_trials=MEDIAN_STARTUP, n_warmup_steps=0)
    )
    study = optuna.create_study(direction=direction, sampler=optuna.samplers.TPESampler(seed=seed), pruner=pruner)
    trials = []
    for number in range(spec.trials):
        trial = study.ask()
        settings: Settings = {
            p.key: trial.suggest_int(p.key, int(p.low), int(p.high))
            if p.integer
            else trial.suggest_float(p.key, p.low, p.high)
            for p in spec.parameters
        }
        games: list[Outcome] = []
        pruned = None
        for stage in range(stages):
            games += play(settings, stage)
            value = objective_value(spec, side, games)
            if stage == stages - 1:
                break
            if spec.objective == "win_rate":
                pruned = off_target(spec, side, games, alpha, beta)
            else:
                trial.report(value, stage)
                pruned = "median" if trial.should_prune() else None
            if pruned:
                break
        if pruned:
            study.tell(trial, state=optuna.trial.TrialState.PRUNED)
        else:
            study.tell(trial, value)
        trials.append(_trial_json(number, settings, games, value, pruned, spec, side))
    finished = [row for row in trials if row["state"] == "complete"]
    best = None
    if finished:
        pick = max if direction == "maximize" else min
        best = pick(
            finished, key=lambda row: (row["value"], -row["trial"]) if pick is max else (row["value"], row["trial"])
        )
    out: dict[str, Any] = {
        "objective": spec.objective,
        "direction": direction,
        "side": side if spec.objective == "win_rate" else None,
        "target": spec.target if spec.objective == "win_rate" else None,
        "tolerance": spec.tolerance if spec.objective == "win_rate" else None,
        "rule": spec.rule if spec.objective == "rule" else None,
        "sampler": f"Optuna TPE, seed {seed}",
        "pruning": "Wald's SPRT on the win rate (target against target ± tolerance)"
        if spec.objective == "win_rate"
        else "Optuna's median pruner",
        "parameters": [{"key": p.key, "low": p.low, "high": p.high, "integer": p.integer} for p in spec.parameters],
        "trials": trials,
        "best": best,
        "morris": None,
    }
    if spec.morris:
        out["morris"] = morris_ranking(spec, side, play, stages, seed)
    return out


def _trial_json(
    number: int, settings: Settings, games: Sequence[Outcome], value: float, pruned: str | None, spec: SearchSpec,
    side: str,
) -> dict[str, Any]:  # fmt: skip
    n = len(games)
    return {
        "trial": number,
        "settings": dict(settings),
        "state": "pruned" if pruned else "complete",
        "pruned_by": pruned,
        "games": n,
        "value": value,
        "win_rate": sum(1 for g in games if g.winner == side) / n if n else 0.0,
        "rounds": sum(g.rounds for g in games) / n if n else 0.0,
    }


def _finite(x: Any) -> float:
    """A SALib figure as a JSON number (0 for the NaN of a parameter whose effects never varied)."""
    value = float(x)
    return value if math.isfinite(value) else 0.0


def morris_ranking(spec: SearchSpec, side: str, play: Play, stages: int, seed: int) -> dict[str, Any]:
    """Morris elementary effects (SALib): `spec.morris` trajectories on a 4-level grid, every point with all
    its games; the parameters ranked by μ* (the mean absolute effect of moving one parameter)."""
    import numpy

    _, sample, analyze = libraries()
    problem = {
        "num_vars": len(spec.parameters),
        "names": [p.key for p in spec.parameters],
        "bounds": [[p.low, p.high] for p in spec.parameters],
    }
    points = sample.sample(problem, N=spec.morris, num_levels=MORRIS_LEVELS, seed=seed)
    values = []
    for point in points:
        settings = {p.key: p.value(x) for p, x in zip(spec.parameters, point, strict=True)}
        games = [g for stage in range(stages) for g in play(settings, stage)]
        values.append(objective_value(spec, side, games))
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):  # a parameter without effect has σ 0 / 0
        warnings.simplefilter("ignore", RuntimeWarning)
        result = analyze.analyze(
            problem, points, numpy.array(values), num_levels=MORRIS_LEVELS, seed=seed, print_to_console=False
        )
    ranking = [
        {
            "key": name,
            "mu_star": _finite(result["mu_star"][i]),
            "mu_star_conf": _finite(result["mu_star_conf"][i]),
            "mu": _finite(result["mu"][i]),
            "sigma": _finite(result["sigma"][i]),
        }
        for i, name in enumerate(problem["names"])
    ]
    ranking.sort(key=lambda row: (-row["mu_star"], row["key"]))
    return {"method": "Morris screening (SALib), 4 levels", "trajectories": spec.morris, "points": len(points),
            "ranking": ranking}  # fmt: skip
