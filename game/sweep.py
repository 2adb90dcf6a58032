"""Rule sweeps: every variant of a sweep file on every level, on the same seeds, and what changed.

Per cell (level × variant): win rates with Wilson 95 % intervals, draws, rounds and rule counts,
as `simulate` reports them. Per variant against the baseline of its level, over the seeds both
played: the paired difference in win rate (McNemar), in rounds, and in how often each rule fired.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.cluster import Backend, Cell, run_cells
from game.level import Level
from game.provenance import GAME_VERSION, games_from_rows, row
from game.script import Script, script_header
from game.simulate import GameResult, play_game, summarize
from game.stats import paired_mean, paired_proportions, wilson
from game.sweep_file import Sweep
from game.tomlio import dumps, write_atomic

STATISTICS = {
    "interval": "Wilson score interval, 95 %",
    "paired_difference": "variant − baseline over the seeds both played; Wald interval for paired proportions",
    "test": "McNemar's exact test (two-sided binomial on the seeds where only one of the two won)",
    "rounds": "mean of per-seed differences, normal 95 % interval",
    "precision": "a cell stops after the first whole batch where every side's interval is narrower than W",
    "surprise": "−log2 of the frequency of a game's outcome in its cell",
}


@dataclass(slots=True)
class Played:
    """A cell after the run: its level, variant index and results in index order."""

    level: int
    variant: int
    results: list[GameResult]
    stopped_early: bool


def precise_enough(sides: Sequence[str], width: float) -> Callable[[list[GameResult]], bool]:
    """The early-stopping rule: every side's Wilson interval narrower than `width`."""

    def rule(results: list[GameResult]) -> bool:
        wins = Counter(r.winner for r in results)
        intervals = [wilson(wins[side], len(results)) for side in sides]
        return all(high - low < width for low, high in intervals)

    return rule


def run_sweep(
    sweep: Sweep,
    backend: Backend,
    *,
    precision: float | None = None,
    rows: Sequence[dict[str, Any]] = (),
    on_row: Callable[[dict[str, Any]], None] | None = None,
    on_games: Callable[[int], None] | None = None,
) -> list[Played]:
    """Play every cell (games in `rows` are taken, not played again); the cells in level, variant order."""
    width = sweep.precision if precision is None else precision
    seeds = sweep.seeds()
    cells, where = [], []
    for li, plan in enumerate(sweep.levels):
        for vi, v in enumerate(sweep.variants):
            text, level = plan.variants[vi]
            sides = [s.id for s in level.sides]
            done = games_from_rows(rows, plan.fingerprint, v.sets, seeds, sweep.max_rounds)
            stop = precise_enough(sides, width) if width else None
            cells.append(Cell(text, level.source, seeds, sweep.batch, sweep.max_rounds, done, stop))
            where.append((li, vi))

    def arrived(c: int, results: list[GameResult]) -> None:
        li, vi = where[c]
        plan, v = sweep.levels[li], sweep.variants[vi]
        for result in results:
            if on_row:
                on_row(row(plan.path, plan.fingerprint, v.label, v.sets, sweep.max_rounds, result))
        if on_games:
            on_games(len(results))

    run_cells(cells, backend, keep_script=False, on_results=arrived)
    return [Played(li, vi, cell.results, cell.stopped_early) for (li, vi), cell in zip(where, cells, strict=True)]


# --- the report ----------------------------------------------------------------------------


def _rates(results: Sequence[GameResult]) -> Counter[str]:
    total: Counter[str] = Counter()
    for r in results:
        total.update(r.rules)
    return total


def paired(base: Sequence[GameResult], other: Sequence[GameResult], sides: Sequence[str]) -> dict[str, Any]:
    """Variant against baseline over the seeds both played (a prefix of indices: both ran whole batches)."""
    n = min(len(base), len(other))
    both = list(zip(base[:n], other[:n], strict=True))
    out: dict[str, Any] = {"games": n, "sides": {}}
    for side in sides:
        out["sides"][side] = paired_proportions([(x.winner == side, y.winner == side) for x, y in both])
    out["draws"] = paired_proportions([(x.winner is None, y.winner is None) for x, y in both])
    out["rounds"] = paired_mean([y.rounds - x.rounds for x, y in both])
    rules_a, rules_b = _rates(base[:n]), _rates(other[:n])
    changes = {}
    for rule in sorted(set(rules_a) | set(rules_b)):
        before, after = rules_a[rule] / max(1, n), rules_b[rule] / max(1, n)
        relative = (after - before) / before if before else None
        changes[rule] = {"baseline": before, "variant": after, "change": after - before, "relative": relative}
    out["rules"] = dict(
        sorted(changes.items(), key=lambda kv: (-abs(kv[1]["change"]) / max(kv[1]["baseline"], 1e-9), kv[0]))
    )
    return out


def surprising(sweep: Sweep, played: Sequence[Played], count: int) -> list[dict[str, Any]]:
    """The `count` games whose outcome was rarest in their cell (ties: those the baseline's seed decided otherwise)."""
    baseline = {p.level: p.results for p in played if p.variant == 0}
    found = []
    for p in played:
        outcomes = Counter(r.winner for r in p.results)
        base = {r.index: r.winner for r in baseline[p.level]}
        for r in p.results:
            share = outcomes[r.winner] / len(p.results)
            if share >= 1:
                continue
            flipped = r.index in base and base[r.index] != r.winner
            found.append((-math.log2(share), flipped, p, r, base.get(r.index, "?")))
    found.sort(key=lambda f: (-f[0], not f[1], f[2].level, f[2].variant, f[3].index))
    return [
        {
            "level": sweep.levels[p.level].path,
            "variant": sweep.variants[p.variant].label,
            "index": r.index,
            "seed": r.seed,
            "winner": r.winner,
            "rounds": r.rounds,
            "baseline_winner": base_winner,
            "share": 2**-bits,
            "surprise_bits": bits,
        }
        for bits, _, p, r, base_winner in found[:count]
    ]


def report(sweep: Sweep, played: Sequence[Played], precision: float | None = None) -> dict[str, Any]:
    """The whole sweep as one JSON-ready dict (the text and HTML reports are drawn from it)."""
    levels = []
    for li, plan in enumerate(sweep.levels):
        mine = [p for p in played if p.level == li]
        base = next(p for p in mine if p.variant == 0)
        sides = [s.id for s in plan.variants[0][1].sides]
        cells = []
        for p in mine:
            label = sweep.variants[p.variant].label
            cell = {"variant": label, "games": len(p.results), "stopped_early": p.stopped_early}
            cell.update(summarize(p.results, sides))
            cell["paired"] = None if p.variant == 0 else paired(base.results, p.results, sides)
            cells.append(cell)
        levels.append({"level": plan.path, "level_fingerprint": plan.fingerprint, "sides": sides, "cells": cells})
    return {
        "sweep": sweep.name,
        "file": sweep.source,
        "version": GAME_VERSION,
        "seed": sweep.seed,
        "games": sweep.games,
        "batch": sweep.batch,
        "max_rounds": sweep.max_rounds,
        "precision": sweep.precision if precision is None else precision,
        "statistics": STATISTICS,
        "variants": [
            {"variant": v.label, "set": list(v.sets), "changes": list(v.changes), "baseline": i == 0}
            for i, v in enumerate(sweep.variants)
        ],
        "levels": levels,
        "surprising": surprising(sweep, played, sweep.flag),
    }


def save_replays(sweep: Sweep, data: dict[str, Any], folder: str | Path) -> list[Path]:
    """Each flagged game as a replay (played again: a game is a pure function of its seed) and its level variant."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    labels = [v.label for v in sweep.variants]
    written = []
    for game in data["surprising"]:
        li = next(i for i, plan in enumerate(sweep.levels) if plan.path == game["level"])
        vi = labels.index(game["variant"])
        text, level = sweep.levels[li].variants[vi]
        stem = f"{Path(game['level']).stem}-{game['variant']}"
        level_file = target / f"{stem}.toml"
        write_atomic(level_file, text)
        result = play_game(level, game["seed"], sweep.max_rounds, game["index"])
        replay = target / f"{stem}-seed{game['seed']}.toml"
        write_atomic(replay, _replay_text(level_file.name, level, result))
        written.append(replay)
    return written


def _replay_text(level_name: str, level: Level, result: GameResult) -> str:
    """A replay (docs/scripts.md) of a simulated game on the level file written beside it (`./NAME`)."""
    from game.level_fingerprint import play_fingerprint  # only when replays are saved
    from game.script_versions import BESIDE, stamped

    header = script_header(stamped(Script(result.seed, (), BESIDE + level_name, play_fingerprint(level))))
    return dumps({**header, "do": result.script})
