"""`python -m bench.ai_duel LEVEL… --a hard --b normal --pairs N [--seed S]`: strengths against each other.

A script, not a test: every seed is played twice with the strengths swapped between the sides
(a seat swap), and A's share of the games is printed per level and overall, draws apart.
It also reports the CPU each strength spends per side-turn (time.process_time). The project's
`duel` command is the tournament tool with intervals; this loop is the AI's own quick check.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from game.ai import ai_rng, take_turn
from game.battle.match import Match
from game.levels.level import load_level

MAX_ROUNDS = 30


def play(level_path: Path, seed: int, strengths: dict[str, str], cpu: dict[str, list[float]]) -> str | None:
    """One game with a strength per side; the winning side (None: a draw). Adds each side-turn's CPU to `cpu`."""
    level = load_level(level_path)
    match = Match(level, seed)
    rng = ai_rng(seed)
    try:
        while not match.finished and match.round <= MAX_ROUNDS:
            strength = strengths[match.active_side]
            t0 = time.process_time()
            take_turn(match, rng, strength=strength, strict=True)
            cpu.setdefault(strength, []).append(time.process_time() - t0)
        return match.winner if match.finished else None
    finally:
        match.close()


def duel(levels: list[Path], a: str, b: str, pairs: int, seed: int) -> dict[str, Any]:
    """A against B on each level, `pairs` seat-swapped pairs each; wins, losses, draws of A."""
    out: dict[str, Any] = {"a": a, "b": b, "pairs": pairs, "levels": {}}
    cpu: dict[str, list[float]] = {}
    total = [0, 0, 0]
    for path in levels:
        sides = [s.id for s in load_level(path).sides]
        tally = [0, 0, 0]
        seats = {side: 0 for side in sides}
        for i in range(pairs):
            for seat in (0, 1):
                strengths = {sides[seat]: a, sides[1 - seat]: b}
                winner = play(path, seed + i, strengths, cpu)
                tally[0 if winner == sides[seat] else 2 if winner is None else 1] += 1
                seats[sides[seat]] += winner == sides[seat]
        out["levels"][path.stem] = {
            "a_wins": tally[0],
            "b_wins": tally[1],
            "draws": tally[2],
            "a_wins_by_seat": seats,  # of `pairs` games in each seat: compare with B against B, seat by seat
        }
        total = [t + x for t, x in zip(total, tally, strict=True)]
    out["total"] = {"a_wins": total[0], "b_wins": total[1], "draws": total[2]}
    out["cpu_ms_per_side_turn"] = {k: round(1000 * sum(v) / len(v), 2) for k, v in cpu.items()}
    out["cpu_ms_per_side_turn_max"] = {k: round(1000 * max(v), 1) for k, v in cpu.items()}
    return out


def main() -> None:
    """Run the duel from the command line and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("levels", nargs="+", type=Path)
    parser.add_argument("--a", default="normal")
    parser.add_argument("--b", default="random")
    parser.add_argument("--pairs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(duel(args.levels, args.a, args.b, args.pairs, args.seed), indent=1))


if __name__ == "__main__":
    main()
