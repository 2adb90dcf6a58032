"""Rule sweeps: every variant of a sweep file on every level, on the same seeds, and what changed.

Per cell (level × variant): win rates with Wilson 95 % intervals, draws, rounds and rule counts,
as `simulate` reports them. Per variant against the baseline of its level, over the seeds both
played: the paired difference in win rate (McNemar), in rounds, and in how often each rule fired.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.lab.cluster import Backend, Cell, run_cells
from game.lab.fight_map import DIFFERENCE_TEST, VIEWER_FILE, map_report, viewer_map
from game.lab.game_metrics import paired_metrics
from game.lab.game_record import SWAPPED
from game.lab.paired_stats import (
    ADJUSTMENT_NAMES,
    ADJUSTMENTS,
    INTERVAL_NAME,
    TEST_NAME,
    Sprt,
    identical,
    paired_outcomes,
)
from game.lab.pairs import other_side, paired_pairs, seat_fields, seat_summary, swap_assignments, swap_kind
from game.lab.provenance import GAME_VERSION, games_from_rows, row
from game.lab.sequential import run_staged, sprt_json
from game.lab.simulate import GameResult, play_game, summarize, variant
from game.lab.stats import paired_mean, wilson
from game.lab.sweep_file import Sweep
from game.levels.level import Level
from game.saved.script import Script, script_header
from game.tomlio import dumps, write_atomic

STATISTICS = {
    "interval": "Wilson score interval, 95 %",
    "paired_difference": f"variant − baseline over the seeds both played; {INTERVAL_NAME}",
    "test": f"{TEST_NAME} on the seeds where only one of the two won",
    "decisive": "win rate among the games with a winner (draws reported apart), Wilson 95 %",
    "sprt": "Wald's SPRT on the level's first side, over seat-swapped pairs (each seed's pair its unit) when "
    "the level has them, else on discordant seeds; looking after every whole batch",
    "rounds": "mean of per-seed differences, normal 95 % interval",
    "precision": "a cell stops after the first whole batch where every side's interval is narrower than W",
    "surprise": "−log2 of the frequency of a game's outcome in its cell",
    "map_difference": DIFFERENCE_TEST,
}


SURPRISE_SHARE = 0.25
"""The largest share of its cell an outcome may have to be listed as surprising (at most 1 in 4)."""


@dataclass(slots=True)
class Played:
    """A cell after the run: its level, variant index and results in index order."""

    level: int
    variant: int
    results: list[GameResult]
    stopped_early: bool
    seat: int = 0
    """1: the second games of the variant's seat-swapped pairs (game/lab/pairs.py)."""


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
    sprt: Sprt | None = None,
    pairs: bool = True,
) -> list[Played]:
    """Play every cell (games in `rows` are taken, not played again); the cells in level, variant order.

    With `pairs`, every cell of a level that allows it gets a twin playing the second games of its seat-swapped
    pairs (game/lab/pairs.py), after all the cells as written. With `sprt`, every variant (and its twin) stops as
    soon as its test against the level's baseline decides, batch by batch, over pairs when there are twins.
    """
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
            where.append((li, vi, 0, v.label, tuple(v.sets)))
    twins: dict[int, tuple[int, str]] = {}  # cell → its seat-swapped twin and the side holding the followed seat
    for li, plan in enumerate(sweep.levels) if pairs else ():
        kind = swap_kind([level for _, level in plan.variants])
        for vi, v in enumerate(sweep.variants) if kind is not None else ():
            first = plan.variants[0][1].sides[0].id
            twins[li * len(sweep.variants) + vi] = (len(cells), other_side(plan.variants[vi][1], kind)[first])
            sets = (*v.sets, *swap_assignments(plan.variants[vi][1], kind))
            text, level = variant(plan.path, list(sets))
            done = games_from_rows(rows, plan.fingerprint, sets, seeds, sweep.max_rounds)
            stop = precise_enough([s.id for s in level.sides], width) if width else None
            cells.append(Cell(text, level.source, seeds, sweep.batch, sweep.max_rounds, done, stop))
            where.append((li, vi, 1, f"{v.label}{SWAPPED}", sets))

    def arrived(c: int, results: list[GameResult]) -> None:
        li, vi, _, label, sets = where[c]
        plan = sweep.levels[li]
        extra = seat_fields(plan.variants[vi][1], label)
        for result in results:
            if on_row:
                on_row(row(plan.path, plan.fingerprint, label, sets, sweep.max_rounds, result) | extra)
        if on_games:
            on_games(len(results))

    if sprt is None:
        run_cells(cells, backend, keep_script=False, on_results=arrived)
    else:
        per_level = len(sweep.variants)
        groups = [
            (li * per_level, range(li * per_level + 1, (li + 1) * per_level), plan.variants[0][1].sides[0].id)
            for li, plan in enumerate(sweep.levels)
        ]
        run_staged(cells, groups, sprt, backend, on_results=arrived, twins=twins)
    return [
        Played(li, vi, cell.results, cell.stopped_early, seat)
        for (li, vi, seat, _, _), cell in zip(where, cells, strict=True)
    ]


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
        out["sides"][side] = paired_outcomes([(x.winner == side, y.winner == side) for x, y in both])
    out["draws"] = paired_outcomes([(x.winner is None, y.winner is None) for x, y in both])
    out["identical"] = identical([_game_key(x) for x in base], [_game_key(y) for y in other])
    out["rounds"] = paired_mean([y.rounds - x.rounds for x, y in both])
    out["metrics"] = paired_metrics([x.metrics for x, _ in both], [y.metrics for _, y in both])
    rules_a, rules_b = _rates(base[:n]), _rates(other[:n])
    changes = {}
    for rule in sorted(set(rules_a) | set(rules_b)):
        before, after = rules_a[rule] / max(1, n), rules_b[rule] / max(1, n)
        relative = (after - before) / before if before else None
        changes[rule] = {
            "baseline": before,
            "variant": after,
            "change": after - before,
            "relative": relative,
            "baseline_count": rules_a[rule],
            "variant_count": rules_b[rule],
        }
    out["rules"] = dict(
        sorted(changes.items(), key=lambda kv: (-abs(kv[1]["change"]) / max(kv[1]["baseline"], 1e-9), kv[0]))
    )
    return out


def _game_key(r: GameResult) -> tuple[Any, ...]:
    """What two games on one seed must share to count as the same game (the script is not kept by a sweep)."""
    return (r.winner, r.rounds, sorted(r.survivors.items()), sorted(r.rules.items()))


def adjust(levels: list[dict[str, Any]], method: str) -> int:
    """Adjust the paired p-values across the grid (fills `p_adjusted`, `survives`); returns the family's size.

    Every side of every variant is a member, except that in a two-sided cell without a draw on the shared
    seeds one side's win is the other's loss: the two are one test, counted once.
    """
    family: list[list[dict[str, Any]]] = []  # each member: the side statistics that share its test
    for level in levels:
        for cell in level["cells"]:
            pair = cell.get("paired_pairs") or cell["paired"]  # over the seat-swapped pairs when there are some
            if not pair:
                continue
            stats = list(pair["sides"].values())
            draws = pair["draws"]
            if len(stats) == 2 and draws["baseline_rate"] == draws["variant_rate"] == 0:
                family.append(stats)
            else:
                family += [[stat] for stat in stats]
    adjusted = ADJUSTMENTS[method]([member[0]["p"] for member in family])
    for member, value in zip(family, adjusted, strict=True):
        for stat in member:
            stat["p_adjusted"] = value
            stat["survives"] = value < 0.05
    return len(family)


def surprising(sweep: Sweep, played: Sequence[Played], count: int) -> list[dict[str, Any]]:
    """The `count` games whose outcome was rarest in their cell (ties: those the baseline's seed decided otherwise)."""
    baseline = {p.level: p.results for p in played if p.variant == 0}
    found = []
    for p in played:
        outcomes = Counter(r.winner for r in p.results)
        base = {r.index: r.winner for r in baseline[p.level]}
        for r in p.results:
            share = outcomes[r.winner] / len(p.results)
            if share > SURPRISE_SHARE:  # a common outcome is no surprise, however few the games
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


def report(
    sweep: Sweep,
    played: Sequence[Played],
    precision: float | None = None,
    *,
    adjustment: str = "holm",
    sprt: Sprt | None = None,
) -> dict[str, Any]:
    """The whole sweep as one JSON-ready dict (the text and HTML reports are drawn from it)."""
    levels = []
    for li, plan in enumerate(sweep.levels):
        mine = [p for p in played if p.level == li and p.seat == 0]
        twins = {p.variant: p.results for p in played if p.level == li and p.seat == 1}
        base = next(p for p in mine if p.variant == 0)
        sides = [s.id for s in plan.variants[0][1].sides]
        kind = swap_kind([level for _, level in plan.variants]) if twins else None
        cells = []
        for p in mine:
            label = sweep.variants[p.variant].label
            cell = {"variant": label, "games": len(p.results), "stopped_early": p.stopped_early}
            cell.update(summarize(p.results, sides))
            cell["paired"] = None if p.variant == 0 else paired(base.results, p.results, sides)
            if sprt is not None and p.variant != 0:
                held = other_side(plan.variants[0][1], kind)[sides[0]] if kind is not None else ""
                seats = [(0, sides[0]), *([(1, held)] if kind is not None else [])]
                runs = {0: (base.results, p.results), 1: (twins.get(0, []), twins.get(p.variant, []))}
                cell["sprt"] = sprt_json(
                    sprt, [(runs[s][0], side) for s, side in seats], [(runs[s][1], side) for s, side in seats]
                )
            cell["map"] = map_report(p.results, None if p.variant == 0 else base.results)
            cell["pairs"] = cell["paired_pairs"] = None
            if kind is not None:  # seat-swapped pairs: the cell's rates over both seats, its difference over pairs
                other = other_side(plan.variants[0][1], kind)
                cell["pairs"] = seat_summary(p.results, twins[p.variant], other, kind)
                if p.variant != 0:
                    cell["paired_pairs"] = paired_pairs((base.results, twins[0]), (p.results, twins[p.variant]), other)
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
        "adjustment": {
            "method": adjustment,
            "name": ADJUSTMENT_NAMES[adjustment],
            "family": adjust(levels, adjustment),
        },
        "sprt": None if sprt is None else _sprt_design(sprt, levels),
        "surprising": surprising(sweep, [p for p in played if p.seat == 0], sweep.flag),
    }


_SPRT_STATE = ("llr", "b", "c", "decision")


def _sprt_design(sprt: Sprt, levels: list[dict[str, Any]]) -> dict[str, Any]:
    """The sequential test as designed (hypotheses, error rates, bounds), named as its cells ran it."""
    out: dict[str, Any] = {k: v for k, v in sprt.to_json(0, 0).items() if k not in _SPRT_STATE}
    tests = [cell["sprt"]["test"] for level in levels for cell in level["cells"] if cell.get("sprt")]
    out["test"] = max(tests, key=tests.count) if tests else out["test"]  # over pairs where the levels allow them
    return out


def save_replays(sweep: Sweep, data: dict[str, Any], folder: str | Path) -> list[Path]:
    """Each flagged game as a replay (played again: a game is a pure function of its seed) and its level variant."""
    return [
        _save_game(sweep, g["level"], g["variant"], g["index"], g["seed"], Path(folder)) for g in data["surprising"]
    ]


def save_map_replays(sweep: Sweep, data: dict[str, Any], folder: str | Path) -> list[dict[str, Any]]:
    """Every game the maps' square lists name, saved as a replay (once each); (level, variant, index, path) rows."""
    saved: dict[tuple[str, str, int], str] = {}
    for level in data["levels"]:
        for cell in level["cells"]:
            for hot in cell.get("map", {}).get("hot", {}).values():
                for square in hot:
                    for g in square["games"]:
                        where = (level["level"], cell["variant"], g["index"])
                        if where not in saved:
                            path = _save_game(
                                sweep, level["level"], cell["variant"], g["index"], g["seed"], Path(folder)
                            )
                            saved[where] = str(path)
    return [{"level": k[0], "variant": k[1], "index": k[2], "path": v} for k, v in saved.items()]


def save_viewer_maps(sweep: Sweep, played: Sequence[Played], folder: str | Path) -> Path:
    """The replay viewer's maps (game/lab/fight_map.py VIEWER_FILE) of every cell, keyed by the level variant's file
    name in `folder` (each written there, so a game the viewer plays again has its level beside it)."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    cells = {}
    for p in played:
        if p.seat:
            continue  # the maps are the pairs' first games, on the level variant as written
        plan, label = sweep.levels[p.level], sweep.variants[p.variant].label
        name = f"{Path(plan.path).stem}-{label}.toml"
        write_atomic(target / name, plan.variants[p.variant][0])
        cells[name] = viewer_map(p.results, sweep.max_rounds)
    path = target / VIEWER_FILE
    write_atomic(path, json.dumps({"format": 1, "cells": cells}, ensure_ascii=False))
    return path


def _save_game(sweep: Sweep, level_path: str, label: str, index: int, seed: int, target: Path) -> Path:
    """One game of a cell played again and written as a replay beside its level variant (both atomically)."""
    target.mkdir(parents=True, exist_ok=True)
    li = next(i for i, plan in enumerate(sweep.levels) if plan.path == level_path)
    vi = [v.label for v in sweep.variants].index(label)
    text, level = sweep.levels[li].variants[vi]
    stem = f"{Path(level_path).stem}-{label}"
    level_file = target / f"{stem}.toml"
    write_atomic(level_file, text)
    result = play_game(level, seed, sweep.max_rounds, index)
    replay = target / f"{stem}-seed{seed}.toml"
    write_atomic(replay, _replay_text(level_file.name, level, result))
    return replay


def _replay_text(level_name: str, level: Level, result: GameResult) -> str:
    """A replay (docs/scripts.md) of a simulated game on the level file written beside it (`./NAME`)."""
    from game.levels.level_fingerprint import play_fingerprint  # only when replays are saved
    from game.saved.script_versions import BESIDE, stamped

    header = script_header(stamped(Script(result.seed, (), BESIDE + level_name, play_fingerprint(level))))
    return dumps({**header, "do": result.script})
