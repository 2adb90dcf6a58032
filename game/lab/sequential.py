"""Sequential paired runs: cells played batch by batch in lock-step, each variant stopped by an SPRT.

With seat-swapped pairs, each cell has a twin that plays the second game of every seed's pair (the seats
swapped); a twin plays in lock-step with its cell, and the test counts each seed's pair as its unit
(game/lab/pair_sprt.py).

A variant's test needs its baseline's games on the same seeds, so every stage plays the same batch
(fixed game indices) of every cell still running, and decides only when the stage is whole. The
decision therefore never depends on which worker finished first: one process, a pool or a Dask
cluster stop every cell after the same batch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.lab.cluster import Backend, Cell, run_cells, split
from game.lab.pair_sprt import pair_decision, pair_json
from game.lab.paired_stats import Sprt
from game.lab.simulate import GameResult

Seat = tuple[Sequence[GameResult], str]
"""The games of one seat of a variant, and the side whose wins the test counts in them."""


def seat_pair_counts(base: Sequence[Seat], other: Sequence[Seat]) -> tuple[Counter[tuple[int, int]], int]:
    """Per seed both played in every seat: the (b, c) of its pair, counted; and the games per variant of a pair.

    `base` and `other` list the same seats (seat 0, and seat 1 for seat-swapped pairs): in each seat, game i of
    the variant meets game i of the baseline, b counting the games only the variant's side won, c the others.
    """
    n = min(len(games) for games, _ in (*base, *other))
    counts: Counter[tuple[int, int]] = Counter()
    for i in range(n):
        b = sum(1 for (x, side), (y, _) in zip(base, other, strict=True) if y[i].winner == side != x[i].winner)
        c = sum(1 for (x, side), (y, _) in zip(base, other, strict=True) if x[i].winner == side != y[i].winner)
        counts[(b, c)] += 1
    return counts, len(base)


def _seats(cells: Sequence[Cell], c: int, side: str, twins: Mapping[int, tuple[int, str]]) -> list[Seat]:
    """Cell c's seats: its own games for `side`, and its twin's for the side the twin's test follows."""
    seats: list[Seat] = [(cells[c].results, side)]
    if c in twins:
        twin, held = twins[c]
        seats.append((cells[twin].results, held))
    return seats


def run_staged(
    cells: Sequence[Cell],
    groups: Sequence[tuple[int, Sequence[int], str]],
    sprt: Sprt,
    backend: Backend,
    *,
    keep_script: bool = False,
    on_results: Callable[[int, list[GameResult]], None] | None = None,
    twins: Mapping[int, tuple[int, str]] | None = None,
) -> dict[int, str]:
    """Play `cells` batch by batch; groups are (baseline cell, its variant cells, the side the test follows).

    `twins`: cell → (the cell playing its seat-swapped games, the side that holds the followed side's seat
    there); a twin plays and stops with its cell, and the test runs over pairs. After each stage a variant
    whose test accepts or rejects stops (`stopped_early` unless it was its last batch); a baseline stops with
    its last running variant. Returns each variant cell's decision ('H0', 'H1', or 'inconclusive' when its
    games ran out).
    """
    twins = twins or {}
    plans = [split(sorted(cell.seeds), cell.size) for cell in cells]
    decisions: dict[int, str] = {}
    running = {v for _, variants, _ in groups for v in variants}
    active = set(range(len(cells)))
    stage = 0
    while active and any(stage < len(plans[c]) for c in active):
        playing = sorted(c for c in active if stage < len(plans[c]))
        parts = []
        for c in playing:
            cell = cells[c]
            seeds = {i: cell.seeds[i] for i in plans[c][stage]}
            done = {i: r for i, r in cell.done.items() if i in seeds}
            parts.append(Cell(cell.text, cell.source, seeds, len(seeds), cell.max_rounds, done))

        def arrived(k: int, results: list[GameResult], playing: list[int] = playing) -> None:
            if on_results:
                on_results(playing[k], results)

        run_cells(parts, backend, keep_script=keep_script, on_results=arrived)
        for c, part in zip(playing, parts, strict=True):
            cells[c].results += part.results
        stage += 1
        for base, variants, side in groups:
            for v in variants:
                if v not in running:
                    continue
                pairs = seat_pair_counts(_seats(cells, base, side, twins), _seats(cells, v, side, twins))
                decision = pair_decision(sprt, *pairs)
                last = stage >= len(plans[v])
                if decision != "continue" or last:
                    decisions[v] = "inconclusive" if decision == "continue" else decision
                    running.discard(v)
                    for c in (v, twins[v][0]) if v in twins else (v,):
                        active.discard(c)
                        cells[c].stopped_early = not last
            if variants and not any(v in running for v in variants) and base in active:
                for c in (base, twins[base][0]) if base in twins else (base,):
                    active.discard(c)
                    cells[c].stopped_early = stage < len(plans[c])
    return decisions


def sprt_json(sprt: Sprt, base: Sequence[Seat], other: Sequence[Seat]) -> dict[str, Any]:
    """The test's state for a report: hypotheses, error rates, bounds, LLR and decision, and the side it followed
    (`base`, `other`: the seats of the two variants, as `seat_pair_counts` takes them)."""
    counts, games = seat_pair_counts(base, other)
    out: dict[str, Any] = pair_json(sprt, counts, games)
    out["side"] = base[0][1]
    out["pairs"] = sum(counts.values())
    return out


def grown_run(rows: Sequence[dict[str, Any]], cells: Sequence[tuple[str, Sequence[str]]], games: int) -> bool:
    """Whether resumed rows are a finished smaller run being grown (every cell holds the same first m < games).

    An interrupted run leaves its cells unevenly played and is not flagged: resuming it gives the report
    the whole run would have printed. A finished smaller run was already reported, so looking again
    after more games is a second look.
    """
    counts = set()
    for fingerprint, sets in cells:
        found = {r["index"] for r in rows if r["level_fingerprint"] == fingerprint and list(r["set"]) == list(sets)}
        if found != set(range(len(found))):
            return False
        counts.add(len(found))
    return len(counts) == 1 and 0 < min(counts) < games
