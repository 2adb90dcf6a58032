"""`simulate --compare` made paired, its sequential form (--sprt) and the A/A calibration run (--aa)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.lab.cluster import Cell, backend_for
from game.lab.game_metrics import correlation, paired_metrics
from game.lab.pair_sprt import run_pair_sprt
from game.lab.paired_stats import ALPHA, INTERVAL_NAME, TEST_NAME, Sprt, paired_outcomes
from game.lab.sequential import run_staged, sprt_json
from game.lab.simulate import GameResult, run_games
from game.lab.stats import wilson

SPRT_LOOK = 20
"""simulate --sprt: seeds per look of the test (one batch of each variant per stage)."""


def paired_comparison(base: Sequence[GameResult], other: Sequence[GameResult], sides: Sequence[str]) -> dict[str, Any]:
    """Variant against base over the seeds both played, per side: Tango's interval and McNemar's mid-p."""
    n = min(len(base), len(other))
    both = list(zip(base[:n], other[:n], strict=True))
    out: dict[str, Any] = {"games": n, "test": TEST_NAME, "interval": INTERVAL_NAME, "sides": {}}
    for side in sides:
        out["sides"][side] = paired_outcomes([(x.winner == side, y.winner == side) for x, y in both])
    for side in sides:  # how alike the paired games stayed: 1 identical outcomes, 0 as if unpaired
        out["sides"][side]["correlation"] = correlation([(x.winner == side, y.winner == side) for x, y in both])
    out["metrics"] = paired_metrics([x.metrics for x, _ in both], [y.metrics for _, y in both])
    out["draws"] = paired_outcomes([(x.winner is None, y.winner is None) for x, y in both])
    out["identical"] = n > 0 and all(
        (x.winner, x.rounds, x.rules) == (y.winner, y.rounds, y.rules) and x.script == y.script for x, y in both
    )
    return out


def play_sequential(
    variants: Sequence[tuple[str, str]],
    seeds: Sequence[int],
    sprt: Sprt,
    side: str,
    *,
    jobs: int,
    cluster: str | None,
    max_rounds: int,
    done: Sequence[dict[int, GameResult]],
    on_result: Callable[[int, GameResult], None],
    held: str | None = None,
) -> tuple[list[list[GameResult]], dict[str, Any]]:
    """Base and compare (text, source) in lock-step looks of SPRT_LOOK seeds until the test decides.

    With `held` (the side holding `side`'s seat in a pair's second game), `variants` goes on with the two
    variants' seat-swapped games (base, compare, base's twin, compare's twin) and the test runs over pairs.
    """
    index = dict(enumerate(seeds))
    pairs = zip(variants, done, strict=True)
    cells = [Cell(text, source, index, SPRT_LOOK, max_rounds, dict(d)) for (text, source), d in pairs]
    backend = backend_for(cluster, jobs)
    try:

        def arrived(c: int, results: list[GameResult]) -> None:
            for result in results:
                on_result(c, result)

        twins = {0: (2, held), 1: (3, held)} if held is not None else {}
        run_staged(cells, [(0, [1], side)], sprt, backend, keep_script=True, on_results=arrived, twins=twins)
    finally:
        backend.close()
    results = [cell.results for cell in cells]
    seats = [(side, 0), *([(held, 2)] if held is not None else [])]
    return results, sprt_json(sprt, [(results[k], s) for s, k in seats], [(results[k + 1], s) for s, k in seats])


def aa_seeds(seed: int, games: int, comparisons: int) -> list[int]:
    """The seeds of an A/A run: comparison k pairs seeds S + 2kN + i with S + (2k + 1)N + i (all disjoint)."""
    return [seed + i for i in range(2 * games * comparisons)]


def aa_report(
    seats: Sequence[tuple[Sequence[GameResult], str]], games: int, comparisons: int, sprt: Sprt | None
) -> dict[str, Any]:
    """A variant against itself on disjoint seeds, `comparisons` times: how often the paired test cries wolf.

    `seats`: each seat's games in seed order and the side whose wins are counted there (the level's first
    side in seat 0; with seat-swapped pairs, the side holding its seat in seat 1). Comparison k sets seed
    S + 2kN + i's pair against seed S + (2k + 1)N + i's: McNemar's test over the games of both seats, and
    the sequential test over the pairs (game/lab/pair_sprt.py), looking every SPRT_LOOK pairs.
    """
    positives = 0
    decisions = {"H0": 0, "H1": 0, "inconclusive": 0}
    for k in range(comparisons):
        first = [(results[2 * k * games : (2 * k + 1) * games], side) for results, side in seats]
        second = [(results[(2 * k + 1) * games : (2 * k + 2) * games], side) for results, side in seats]
        outcomes = [
            (x.winner == side, y.winner == side)
            for (a, side), (b, _) in zip(first, second, strict=True)
            for x, y in zip(a, b, strict=True)
        ]
        positives += bool(paired_outcomes(outcomes)["significant"])
        if sprt is not None:
            per_seed = [
                (
                    sum(
                        1 for (a, side), (b, _) in zip(first, second, strict=True) if b[i].winner == side != a[i].winner
                    ),
                    sum(
                        1 for (a, side), (b, _) in zip(first, second, strict=True) if a[i].winner == side != b[i].winner
                    ),
                )
                for i in range(games)
            ]
            decisions[run_pair_sprt(sprt, per_seed, len(seats), SPRT_LOOK)[0]] += 1
    out: dict[str, Any] = {
        "side": seats[0][1],
        "comparisons": comparisons,
        "pairs": games,
        "games_per_pair": len(seats),
        "test": TEST_NAME,
        "nominal": ALPHA,
        "false_positives": positives,
        "rate": positives / comparisons,
        "ci95": list(wilson(positives, comparisons)),
        "sprt": None,
    }
    if sprt is not None:
        out["sprt"] = {
            **decisions,
            "alpha": sprt.alpha,
            "rate": decisions["H1"] / comparisons,
            "ci95": list(wilson(decisions["H1"], comparisons)),
        }
    return out


def play_aa(
    path: str, sets: Sequence[str], level: Any, seeds: Sequence[int], jobs: int, max_rounds: int, *, paired: bool
) -> list[tuple[list[GameResult], str]]:
    """Every game of an A/A run in seed order, per seat: the level's first side's games, and with `paired` (on a
    level whose seats can be swapped) the second games of the seeds' pairs with the side holding its seat."""
    from game.lab.pairs import other_side, swap_assignments, swap_kind
    from game.lab.simulate import variant

    side = level.sides[0].id
    kind = swap_kind([level]) if paired else None
    texts = [(variant(path, list(sets))[0], side)]
    if kind is not None:
        texts.append((variant(path, [*sets, *swap_assignments(level, kind)])[0], other_side(level, kind)[side]))
    return [(run_games(text, level.source, seeds, jobs=jobs, max_rounds=max_rounds), held) for text, held in texts]
