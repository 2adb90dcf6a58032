"""`python -m bench.ai_scaling [--strength normal]`: CPU per unit-turn as armies grow (2v2 on 12×12 … 32v32 on 48×48).

A script, not a test. Each size is a generated open pf1 arena with the sides in facing rows GAP
rows apart in the middle; games are played AI against AI from emptied caches and the figure is process
CPU time (time.process_time) divided by the unit-turns played (each acting unit's turn counts one).
Every size plays at least `--games` games and goes on until it has played MIN_UNIT_TURNS unit-turns,
so a small army's figure rests on as many decisions as a big one's (three 2v2 games are only about
fifty unit-turns, and their figure moved by a third between runs).
The target of the issue: the largest figure at most 1.6× the smallest at `normal`.

Each size also reports the garbage collector's share (counted, never tuned: `gc.callbacks`): the collections of
each generation during the size's games and their CPU per unit-turn, as what the collector walks grows with what
a big army's game keeps.
"""

from __future__ import annotations

import argparse
import gc
import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from game import caches
from game.ai import ai_rng, take_turn
from game.battle.match import Match
from game.levels.level import parse_level

SIZES = ((2, 12), (4, 18), (8, 24), (16, 34), (32, 48))
"""(units per side, board side) of each step."""
GAP = 9
"""Rows between the two front lines at every size: what grows is the armies (and the room around them),
not the march before the first blow."""
MIN_UNIT_TURNS = 600
"""Unit-turns each size plays at least (more games for the small armies)."""


def arena(per_side: int, side: int) -> str:
    """The TOML of an open pf1 arena, `per_side` units a side in facing rows GAP rows apart."""
    rows = "\n".join("." * side for _ in range(side))
    head = f'format = 1\nname = "bench {per_side}v{per_side}"\nruleset = "pf1"\n'
    parts = [head, f"[map]\ntiles = '''\n{rows}\n'''\n"]
    for sid in ("red", "blue"):
        parts.append(f'[[sides]]\nid = "{sid}"\nname = "{sid}"\ncontroller = "ai"\n')
    per_row = side - 4
    mid = side // 2
    for sid, top in (("red", True), ("blue", False)):
        for k in range(per_side):
            x, r = 2 + k % per_row, k // per_row
            y = mid - GAP // 2 - r if top else mid + GAP - GAP // 2 + r
            parts.append(
                f'[[units]]\nid = "{sid}_{k}"\nside = "{sid}"\nat = [{x}, {y}]\nspeed = 9\nhp = 20\ndefense = 15\n'
                f'attack = 5\ndamage = "1d8+3"\n'
            )
    return "\n".join(parts)


@contextmanager
def collections_counted() -> Iterator[dict[str, Any]]:
    """While inside: the garbage collector's collections by generation and the CPU seconds they took (`gc.callbacks`;
    the collector itself is left as it is)."""
    counted: dict[str, Any] = {"collections": [0, 0, 0], "cpu": 0.0}
    started = [0.0]

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            counted["collections"][info["generation"]] += 1
            counted["cpu"] += time.process_time() - started[0]

    gc.callbacks.append(note)
    try:
        yield counted
    finally:
        gc.callbacks.remove(note)


def measure(
    per_side: int, side: int, games: int, strength: str, max_rounds: int = 20, min_unit_turns: int = 0
) -> dict[str, Any]:
    """CPU ms per unit-turn over at least `games` games of one size, and at least `min_unit_turns` unit-turns."""
    level = parse_level(arena(per_side, side), f"<bench {per_side}v{per_side}>")
    cpu = 0.0
    unit_turns = 0
    seed = 0
    with collections_counted() as collector:
        while seed < games or unit_turns < min_unit_turns:
            caches.clear_all()
            match = Match(level, seed)
            rng = ai_rng(seed)
            while not match.finished and match.round <= max_rounds:
                side_id = match.active_side
                acting = sum(1 for c in match.situation().creatures.values() if c.side == side_id and not c.defeated)
                t0 = time.process_time()
                take_turn(match, rng, strength=strength)
                cpu += time.process_time() - t0
                unit_turns += acting
            match.close()
            seed += 1
    return {
        "units": f"{per_side}v{per_side}",
        "board": f"{side}x{side}",
        "games": seed,
        "unit_turns": unit_turns,
        "cpu_ms_per_unit_turn": round(1000 * cpu / max(1, unit_turns), 3),
        "gc_collections": collector["collections"],
        "gc_ms_per_unit_turn": round(1000 * collector["cpu"] / max(1, unit_turns), 3),
    }


def main() -> None:
    """Print the figure for every size and the ratio of the largest to the smallest."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--strength", default="normal")
    parser.add_argument("--games", type=int, default=3, help="games per size at least")
    parser.add_argument("--min-turns", type=int, default=MIN_UNIT_TURNS, help="unit-turns per size at least")
    args = parser.parse_args()
    measure(*SIZES[0], 1, args.strength)  # warm the imports and the per-board tables of this process
    rows = [measure(n, s, args.games, args.strength, min_unit_turns=args.min_turns) for n, s in SIZES]
    figures = [r["cpu_ms_per_unit_turn"] for r in rows]
    spread = round(max(figures) / min(figures), 2)
    print(json.dumps({"strength": args.strength, "sizes": rows, "spread": spread}, indent=1))


if __name__ == "__main__":
    main()
