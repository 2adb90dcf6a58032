"""CPU time per game of `simulate` on the reference level (levels/arena_4v4.toml, pf1, 4 v 4).

The figure is process CPU time (time.process_time) per game played in this process, so
other engineers' load on the shared cores does not count against it; the games per
second of a `--jobs 2` run are printed beside it. The games of one level share the reach,
measures and dry rulings of their common opening (game/battle/reach_cache.py), as a
`simulate --games 40` run does: each round plays the same 40 seeds from
emptied caches (the warm-up game shares nothing with them) and the figure is the median of the
rounds, so one slow minute on the shared machine does not decide it. The same games played
with those caches emptied before each game are printed beside it (`unshared`).
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any

from game import caches
from game.lab.simulate import play_game, run_games, variant

REFERENCE = Path(__file__).resolve().parent.parent / "levels" / "arena_4v4.toml"
GAMES = 40
ROUNDS = 5
PARALLEL_GAMES = 100
JOBS = 2


def _forget() -> None:
    """Empty every cache games of one level share (game/caches.py: the rules' tables, reach, forecasts, views)."""
    caches.clear_all()


def bench_simulate(
    games: int = GAMES, parallel: int = PARALLEL_GAMES, jobs: int = JOBS, seed: int = 0, rounds: int = ROUNDS
) -> dict[str, Any]:
    """CPU ms per game: the median over `rounds` rounds of `games` games, each from emptied caches; games per
    second over `parallel` games with `jobs` processes."""
    text, level = variant(REFERENCE, [])
    play_game(level, seed + games)  # warm the imports of this process (a seed none of the timed games uses)
    per_round = []
    for _ in range(rounds):
        _forget()
        cpu0 = time.process_time()
        played = [play_game(level, seed + i, index=i) for i in range(games)]
        per_round.append((time.process_time() - cpu0) / games * 1000)
    cpu_ms = statistics.median(per_round)
    # the same games again, each sharing no reach, measure or dry ruling with the games before it
    # (games of one level share their opening: game/battle/reach_cache.py); what a lone game costs
    cpu0 = time.process_time()
    for i in range(games):
        _forget()
        play_game(level, seed + i, index=i)
    unshared_ms = (time.process_time() - cpu0) / games * 1000
    start = time.perf_counter()
    results = run_games(text, level.source, [seed + i for i in range(parallel)], jobs=jobs) if parallel else []
    wall = time.perf_counter() - start
    return {
        "level": REFERENCE.name,
        "cpu_ms_per_game": round(cpu_ms, 2),
        "cpu_ms_per_game_rounds": [round(ms, 2) for ms in per_round],
        "games_per_core_second": round(1000 / cpu_ms, 1),
        "cpu_ms_per_game_unshared": round(unshared_ms, 2),
        "games": games,
        "parallel_games": parallel,
        "jobs": jobs,
        "games_per_second": round(parallel / wall, 1) if parallel else None,
        "ideal_games_per_second": round(min(jobs, os.cpu_count() or 1) * 1000 / cpu_ms, 1),
        "mean_rounds": round(sum(r.rounds for r in played) / len(played), 2),
        "illegal_actions": sum(r.illegal for r in played) + sum(r.illegal for r in results),
    }


if __name__ == "__main__":
    print(bench_simulate())
