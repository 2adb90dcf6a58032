"""The computer player's costs, and (opt-in) a tournament of its strengths on the mirror levels.

- `scaling_spread`: CPU per unit-turn at `normal` from 2 against 2 on 12×12 to 32 against 32 on 48×48
  (bench/ai_scaling.py's armies), the largest figure over the smallest (target ≤ 1.6).
- `hard_ms_per_side_turn`: CPU per side-turn of `hard` on levels/arena_4v4.toml, the median over the
  side-turns it plays against `normal` in a few short games (target ≤ 1000 ms).
- `tournament(pairs)`: `duel` on every mirror level (normal vs random, hard vs normal, easy vs normal);
  minutes to hours, so only with `python -m bench --tournament [PAIRS]`.

CPU is process time (time.process_time): other engineers' load on the shared cores does not count.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from bench.ai_scaling import MIN_UNIT_TURNS, SIZES, measure

LEVELS = Path(__file__).resolve().parent.parent / "levels"
ARENA = LEVELS / "arena_4v4.toml"
HARD_GAMES = 2
"""Games of hard (red) against normal (blue) on the arena; each is cut after HARD_ROUNDS rounds."""
HARD_ROUNDS = 4
SCALING_GAMES = 2
MATCHUPS = (("normal", "random"), ("hard", "normal"), ("easy", "normal"))
"""The tournament's pairings (A, B), as docs/ai.md reports them."""


def hard_cost(games: int = HARD_GAMES, rounds: int = HARD_ROUNDS) -> list[float]:
    """CPU ms of each side-turn `hard` plays as red against `normal` on the arena."""
    from game.ai import ai_rng, take_turn
    from game.battle.match import Match
    from game.levels.level import load_level

    level = load_level(ARENA)
    costs = []
    for seed in range(games):
        match = Match(level, seed)
        rng = ai_rng(seed)
        try:
            while not match.finished and match.round <= rounds:
                hard = match.active_side == level.sides[0].id
                t0 = time.process_time()
                take_turn(match, rng, strength="hard" if hard else "normal")
                if hard:
                    costs.append(1000 * (time.process_time() - t0))
        finally:
            match.close()
    return costs


def bench_ai(scaling_games: int = SCALING_GAMES, hard_games: int = HARD_GAMES) -> dict[str, Any]:
    """The scaling of `normal` and the cost of `hard`, with their figures under the bench's targets."""
    measure(*SIZES[0], 1, "normal")  # warm the imports and per-board tables of this process
    rows = [measure(n, s, scaling_games, "normal", min_unit_turns=MIN_UNIT_TURNS) for n, s in SIZES]
    figures = [r["cpu_ms_per_unit_turn"] for r in rows]
    costs = hard_cost(hard_games)
    return {
        "scaling_spread": round(max(figures) / min(figures), 2),
        "normal_ms_per_unit_turn": {r["units"]: r["cpu_ms_per_unit_turn"] for r in rows},
        "hard_ms_per_side_turn": round(statistics.median(costs), 1) if costs else None,
        "hard_ms_per_side_turn_max": round(max(costs), 1) if costs else None,
        "hard_side_turns": len(costs),
    }


def tournament(pairs: int, seed: int = 0, jobs: int = 1) -> dict[str, Any]:
    """`duel` of each matchup on every mirror level: A's record per level and overall (docs/ai.md)."""
    from game.lab.pairs import by_level, run_duel
    from game.levels.level import load_level

    mirrors = [str(p) for p in sorted(LEVELS.glob("*.toml")) if load_level(p).mirror]
    out: dict[str, Any] = {"pairs": pairs, "seed": seed, "levels": mirrors}
    for a, b in MATCHUPS:
        started = time.perf_counter()
        games = run_duel(mirrors, a, b, pairs, seed, jobs=jobs)
        out[f"{a}_vs_{b}"] = by_level(games) | {"seconds": round(time.perf_counter() - started, 1)}
    return out
