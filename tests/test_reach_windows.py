"""The attack flow's window over a reach answer (game/ui/approach.py `_in_window`) against a plain filter.

A click asks, for every enemy, which reachable squares lie near it. An answer that lists its
squares by (x, y) (`Reaches.in_square_order`: pf1's always) is cut to the window's columns by bisection;
the squares found, and their order, must be those of filtering every square.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.dnd5e as dnd5e
import rules.pf1 as pf1
from game.ui.approach import _in_window
from rules.reaches import Reach, Reaches
from tests.test_dnd5e_fast_reach import situations as dnd5e_situations
from tests.test_pf1_fast_reach import situations as pf1_situations

CHECKED = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WINDOWS = st.tuples(st.integers(-3, 14), st.integers(0, 8), st.integers(-3, 14), st.integers(0, 8))


def _plain(reach, x0: int, x1: int, y0: int, y1: int) -> list:
    return [sq for sq in reach if x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1]


def _check(answer: Reaches, window: tuple[int, int, int, int]) -> None:
    x0, dx, y0, dy = window
    reach = answer.by_square()
    assert _in_window(reach, x0, x0 + dx, y0, y0 + dy) == _plain(reach, x0, x0 + dx, y0, y0 + dy)


@CHECKED
@given(pf1_situations(), WINDOWS)
def test_property_pf1_window_by_bisection_is_the_plain_filter(case, window):
    answer = pf1.reachable(case[0], "m")
    assert answer.in_square_order()  # pf1 lists its squares by (x, y): the bisection is what is checked
    _check(answer, window)


@CHECKED
@given(dnd5e_situations(), WINDOWS)
def test_property_dnd5e_window_by_bisection_is_the_plain_filter(case, window):
    _check(dnd5e.reachable(case[0], "m"), window)  # in square order or not


def test_an_answer_out_of_square_order_is_filtered_square_by_square():
    rng = random.Random(5)
    entries = [Reach((x, y), rng.randrange(9), "move") for x in range(6) for y in range(5)]
    rng.shuffle(entries)
    shuffled = Reaches.of(entries)
    assert not shuffled.in_square_order()
    reach = shuffled.by_square()
    assert _in_window(reach, 1, 3, 0, 2) == _plain(reach, 1, 3, 0, 2)
    assert len(_in_window(reach, 1, 3, 0, 2)) == 9
    assert Reaches.of(sorted(entries, key=lambda r: r.at)).in_square_order()
