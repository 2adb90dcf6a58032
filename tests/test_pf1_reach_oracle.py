"""Today's pf1 reach against the search as it was at c62997e (tests/pf1_reach_c62997e.py), entry by entry.

The faster search (lists instead of arrays, fewer checks, columns read without a `Reach` per
square) must not change one answer: the same squares in the same order, the same costs and
bands, and the same path for every square (ties broken the same way). Checked on the
hypothesis boards of tests/test_pf1_fast_reach.py (every size, edges, modes, turn states,
tables warmed by other layouts) and on seeded large boards like the bench's (100×100, with
difficult squares and walls, several creatures, every turn state).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

import rules.pf1 as pf1
from rules.board import board_from_rows
from rules.core import Creature, Options, Situation, Size
from tests import pf1_reach_c62997e as before
from tests.budget import budget
from tests.test_pf1_fast_reach import TURNS, situations

CHECKED = settings(max_examples=budget(60, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _entries(reach) -> list[tuple]:
    """Every entry's square, cost, band and path, in the answer's order."""
    return [(r.at, r.cost, r.band, r.path) for r in reach]


def _same(sit: Situation, unit: str = "m", mode: str | None = None) -> int:
    """Today's answer equals the old one, columns and paths; returns how many entries were compared."""
    new = pf1.reachable(sit, unit, mode)
    old = before.reachable(sit, unit, mode)
    assert (list(new.squares), list(new.costs), list(new.bands)) == (
        list(old.squares),
        list(old.costs),
        list(old.bands),
    )
    assert _entries(new) == _entries(old)
    return len(new)


@CHECKED
@given(situations())
def test_property_reach_equals_the_old_search_paths_included(case):
    # PF1-DIAG, PF1-DIFFICULT, PF1-CORNER, PF1-SQUEEZE, PF1-DOUBLE-MOVE, PF1-RUN: every size, warm and cold tables
    sit, layouts = case
    for creatures in layouts:
        _same(replace(sit, creatures=creatures))
    _same(sit)
    sit.memo.clear()
    _same(sit)
    _same(sit, mode="fly")


def _big_situation(rng: random.Random) -> Situation:
    """A bench-like board (up to 100×100, ~30 % difficult, ~10 % walls) with a mover and a few others."""
    w, h = rng.choice([(24, 18), (60, 40), (100, 100)])
    rough, wall = rng.choice([(0.3, 0.1), (0.15, 0.05), (0.4, 0.15)])
    rows = [
        "".join("#" if (r := rng.random()) < wall else "," if r < wall + rough else "." for _ in range(w))
        for _ in range(h)
    ]
    at = (rng.randrange(w), rng.randrange(h))
    rows[at[1]] = rows[at[1]][: at[0]] + "." + rows[at[1]][at[0] + 1 :]
    size = rng.choice([Size.MEDIUM, Size.MEDIUM, Size.MEDIUM, Size.SMALL, Size.TINY, Size.LARGE])
    creatures = {
        "m": Creature(
            "m", "pc", at, size=size, speed=rng.choice([6.0, 9.0, 9.0, 12.0]), mode=rng.choice(["walk", "fly"])
        )
    }
    taken = set(creatures["m"].footprint())
    for n in range(rng.randrange(6)):
        near = (at[0] + rng.randrange(-8, 9), at[1] + rng.randrange(-8, 9))
        if not (0 <= near[0] < w and 0 <= near[1] < h) or near in taken:
            continue
        other = Creature(f"c{n}", rng.choice(["pc", "foe"]), near, helpless=rng.randrange(4) == 0)
        taken.add(near)
        creatures[other.id] = other
    turn = rng.choice(TURNS)
    options = Options(diagonal=rng.choice(["alternating", "alternating", "alternating", "uniform"]))
    return Situation("pf1", board_from_rows(rows), creatures, turns={"m": turn} if turn else {}, options=options)


@pytest.mark.parametrize("seed", range(budget(6, 2)))
def test_seeded_large_boards_reach_equals_the_old_search_paths_included(seed):
    # 40 situations a seed, most on boards as large as the bench's: the answers the screen and the AI read
    rng = random.Random(1000 + seed)
    compared = sum(_same(_big_situation(rng)) for _ in range(40))
    assert compared > 1000  # the boards are open enough that the comparison is not empty
