"""`sweep` on a file with a `[search]` table: the search played with real games, and its text report."""

from __future__ import annotations

from typing import Any

from game.lab.cluster import Backend, Cell, run_cells, split
from game.lab.search import Settings, run_search
from game.lab.simulate import GameResult, variant
from game.lab.sweep_file import Sweep, toml_value
from game.levels.level import Level
from game.text.i18n import local_fixed, t

NOT_WITH_SEARCH = ("out", "resume", "merge", "html", "replays", "parquet", "sprt", "precision")
"""Options of `sweep` that belong to a grid run (a search plays each setting's games and keeps the figures)."""


def search_option_problem(args: Any) -> str | None:
    """The first grid-only option given to a search, as the message that refuses it; None when there is none."""
    for name in NOT_WITH_SEARCH:
        if getattr(args, name, None):
            return t("search.option", option="--" + name)
    return None


def game_player(sweep: Sweep, backend: Backend) -> Any:
    """`play(settings, stage)` for game/lab/search.py: batch `stage` of the sweep's seeds on every level, with the
    searched keys set after the sweep's own `set` (each setting's level variants made once)."""
    seeds = sweep.seeds()
    stages = split(sorted(seeds), sweep.batch)
    made: dict[tuple[Any, ...], list[tuple[str, Level]]] = {}

    def play(settings: Settings, stage: int) -> list[GameResult]:
        key = tuple(sorted(settings.items()))
        if key not in made:
            sets = [*sweep.variants[0].sets, *(f"{k}={toml_value(v)}" for k, v in settings.items())]
            made[key] = [variant(plan.path, sets) for plan in sweep.levels]
        indices = stages[stage]
        cells = [
            Cell(text, level.source, {i: seeds[i] for i in indices}, len(indices), sweep.max_rounds)
            for text, level in made[key]
        ]
        run_cells(cells, backend, keep_script=False)
        return [r for cell in cells for r in cell.results]

    return play, len(stages)


def search_report(sweep: Sweep, backend: Backend) -> dict[str, Any]:
    """The search of a sweep file, played: the JSON report (the sweep's provenance and `search`)."""
    spec = sweep.search
    assert spec is not None  # only called for a file with [search]
    side = spec.side or sweep.levels[0].variants[0][1].sides[0].id
    play, stages = game_player(sweep, backend)
    return {
        "sweep": sweep.name,
        "file": sweep.source,
        "seed": sweep.seed,
        "games": sweep.games,
        "batch": sweep.batch,
        "max_rounds": sweep.max_rounds,
        "levels": [plan.path for plan in sweep.levels],
        "set": list(sweep.variants[0].sets),
        "search": run_search(spec, side, play, stages, sweep.seed),
    }


def _value(x: float) -> str:
    return str(x) if isinstance(x, int) else local_fixed(x, decimals=3)


def format_search(data: dict[str, Any]) -> list[str]:
    """The text report of a search: the goal, every trial, the best setting and the Morris ranking."""
    s = data["search"]
    if s["objective"] == "win_rate":
        goal = t("search.goal_win_rate", side=s["side"], percent=local_fixed(100 * s["target"]))
    elif s["objective"] == "rounds":
        goal = t("search.goal_rounds")
    else:
        goal = t(f"search.goal_rule_{s['direction']}", rule=s["rule"])
    lines = [t("search.title", name=data["sweep"], file=data["file"], games=data["games"], seed=data["seed"]), goal]
    lines.append(t("search.trials_head", count=len(s["trials"])))
    for row in s["trials"]:
        settings = ", ".join(f"{k}={_value(v)}" for k, v in row["settings"].items())
        state = t("search.pruned", games=row["games"]) if row["state"] == "pruned" else ""
        numbers = t(
            "search.trial_numbers",
            value=local_fixed(row["value"], decimals=3),
            rate=local_fixed(100 * row["win_rate"]),
            rounds=local_fixed(row["rounds"], decimals=2),
        )
        lines.append(f"  {row['trial']:>3}  {settings}  {numbers}  {state}".rstrip())
    best = s["best"]
    if best is None:
        lines.append(t("search.no_best"))
    else:
        settings = ", ".join(f"{k}={_value(v)}" for k, v in best["settings"].items())
        lines.append(
            t("search.best", trial=best["trial"], settings=settings, value=local_fixed(best["value"], decimals=3))
        )
    morris = s.get("morris")
    if morris:
        lines.append(t("search.morris_head", trajectories=morris["trajectories"], points=morris["points"]))
        for rank, row in enumerate(morris["ranking"], 1):
            mu = local_fixed(row["mu_star"], decimals=3)
            conf = local_fixed(row["mu_star_conf"], decimals=3)
            sigma = local_fixed(row["sigma"], decimals=3)
            lines.append("  " + t("search.morris_line", rank=rank, key=row["key"], mu=mu, conf=conf, sigma=sigma))
    return lines
