"""`python -m bench.crn_pairing LEVEL --set KEY=VALUE [--games N]`: how much pairing keeps, per dice stream.

A script, not a test: every seed is played by the level as written and by the variant, once with dice
stream 1 (one generator for the whole match) and once with dice stream 2 (one per acting unit and round,
the common random numbers of new matches). For each stream it prints, per side, the correlation φ of the
paired outcomes (won or not, base against variant) and the share of seeds whose two games ended alike:
the closer φ is to 1, the more of the outcome's variance the pairing removes (about the share φ).
"""

from __future__ import annotations

import argparse
import json

from game.lab.game_metrics import correlation
from game.lab.simulate import play_game, variant


def measure(path: str, sets: list[str], games: int, max_rounds: int, stream: int) -> dict[str, object]:
    """φ per side and the share of alike outcomes over `games` seeds, with dice stream `stream`."""
    _, base = variant(path, [])
    _, other = variant(path, sets)
    pairs = [
        (play_game(base, seed, max_rounds, dice_stream=stream), play_game(other, seed, max_rounds, dice_stream=stream))
        for seed in range(games)
    ]
    sides = [s.id for s in base.sides]
    return {
        "dice_stream": stream,
        "phi": {side: correlation([(x.winner == side, y.winner == side) for x, y in pairs]) for side in sides},
        "alike": sum(1 for x, y in pairs if x.winner == y.winner) / games,
    }


def main() -> None:
    """Print φ per dice stream as JSON."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("level")
    parser.add_argument("--set", dest="sets", action="append", default=[])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-rounds", type=int, default=30)
    args = parser.parse_args()
    out = [measure(args.level, args.sets, args.games, args.max_rounds, stream) for stream in (1, 2)]
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
