"""`python -m bench.cost_against [REV] [--rounds N] [--games G] [--json]`: normal's arena cost against an older player.

The `simulate` target ("normal keeps today's cost") was set as 15 ms CPU per arena_4v4 game on the machine of
the day, for the computer player of that day (main 003f2b2, the last commit before the strengths). Absolute
milliseconds move with the machine (that very code costs 27 to 37 ms a game on machines met since), so this
script measures the comparison the target stands for, in one run: it checks REV out into a temporary git
worktree, then plays `bench.simulate_bench`'s games (arena_4v4, 40 seeds from emptied caches, the parallel
games left out) with REV's code and with this tree's, in turn, each round in a fresh process, the order
alternating between rounds. The result is each tree's median CPU ms per game and the median of the per-round
ratios (this tree ÷ REV): at most 1.0 keeps the cost. Needs a git checkout (an installed wheel has no history).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "003f2b2"
"""The last commit before the strengths: its computer player is the one whose cost the target names."""
ROUNDS = 5
GAMES = 40
_PLAY = (
    "import json, sys; from bench.simulate_bench import bench_simulate; "
    "print(json.dumps(bench_simulate(games=int(sys.argv[1]), parallel=0, rounds=1)['cpu_ms_per_game']))"
)


def _one_round(tree: Path, games: int, cache: Path) -> float:
    """CPU ms per game of `tree`'s simulate bench, played in a fresh process that imports `tree`'s code."""
    env = dict(os.environ, PYTHONPATH=str(tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["GRIDBOUND_CACHE_DIR"] = str(cache)  # neither tree reads the other's (or the user's) kept pictures
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, str(games)], cwd=tree, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"{tree}: the simulate bench failed:\n{done.stderr[-2000:]}")
    return float(done.stdout.strip().splitlines()[-1])


def cost_against(rev: str = BASELINE, rounds: int = ROUNDS, games: int = GAMES) -> dict[str, Any]:
    """Median CPU ms per arena game of REV's player and this tree's, and the median per-round ratio (now ÷ REV)."""
    with tempfile.TemporaryDirectory(prefix="gridbound-cost-") as tmp:
        old = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(old), rev], check=True)
        try:
            then: list[float] = []
            now: list[float] = []
            for r in range(rounds):
                # alternate who goes first, so a slow minute of the shared machine falls on both alike
                for tree in (old, ROOT) if r % 2 == 0 else (ROOT, old):
                    ms = _one_round(tree, games, Path(tmp) / ("cache-old" if tree == old else "cache-now"))
                    (then if tree == old else now).append(ms)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)
    ratios = [n / t for n, t in zip(now, then, strict=True)]
    return {
        "baseline": rev,
        "games": games,
        "rounds": rounds,
        "baseline_cpu_ms_per_game": round(statistics.median(then), 2),
        "baseline_rounds": [round(ms, 2) for ms in then],
        "cpu_ms_per_game": round(statistics.median(now), 2),
        "rounds_ms": [round(ms, 2) for ms in now],
        "ratio": round(statistics.median(ratios), 3),
        "load_average": round(os.getloadavg()[0], 2),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the comparison; exit 0 when this tree costs at most what REV's player did."""
    parser = argparse.ArgumentParser(prog="python -m bench.cost_against", description=__doc__)
    parser.add_argument("rev", nargs="?", default=BASELINE, help=f"the older commit (default {BASELINE})")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    got = cost_against(args.rev, args.rounds, args.games)
    if args.json:
        print(json.dumps(got))
    else:
        print(
            f"arena_4v4 at normal, CPU per game (median of {args.rounds} rounds of {args.games} games):"
            f" {got['baseline']} {got['baseline_cpu_ms_per_game']} ms, now {got['cpu_ms_per_game']} ms;"
            f" now ÷ {got['baseline']} {got['ratio']} (target ≤ 1.0), load average {got['load_average']}"
        )
    return 0 if got["ratio"] <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
