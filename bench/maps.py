"""The benchmark map: seeded, 100×100, about 30 % difficult squares and 10 % walls."""

from __future__ import annotations

import random

from rules.board import board_from_rows
from rules.core import Board


def bench_rows(width: int = 100, height: int = 100, seed: int = 1733) -> list[str]:
    """Map rows with ~30 % difficult (`,`) and ~10 % walls (`#`); the centre is kept clear."""
    rng = random.Random(seed)
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            r = rng.random()
            symbol = "#" if r < 0.10 else "," if r < 0.40 else "."
            if abs(x - width // 2) <= 1 and abs(y - height // 2) <= 1:
                symbol = "."
            row.append(symbol)
        rows.append("".join(row))
    return rows


def bench_board(width: int = 100, height: int = 100, seed: int = 1733) -> Board:
    """The benchmark Board."""
    return board_from_rows(bench_rows(width, height, seed))
