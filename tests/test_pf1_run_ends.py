"""rules.pf1.movement.run_ends_within (the run's search stepping only from the states within a cap per square)
against the run rows of the whole reach: the same squares within their caps, at the same costs, along the same
paths (a square met as cheaply at both parities is named doubtful: its path may be the other parity's)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from rules.board import board_from_rows
from rules.core import Situation, Size
from rules.pf1.movement import _start_rough, bands_for, run_ends_within
from rules.pf1.space import Mover
from rules.pf1.tables import runs_apart
from tests.budget import budget
from tests.test_pf1_fast_reach import situations
from tests.units import pf1_unit


def _cap(sit: Situation, box: tuple[int, int, int, int], most: int) -> list[int]:
    """`most` less the Chebyshev gap of each square to the box: a cap that differs by 1 at most between neighbours."""
    left, top, right, bottom = box
    board = sit.board
    return [
        most - max(0, left - x, x - right, top - y, y - bottom) for y in range(board.height) for x in range(board.width)
    ]


def _check(sit: Situation, cap: list[int]) -> bool:
    """run_ends_within against the reach's run rows; False when it declines (then asserts why)."""
    ends = run_ends_within(sit, "m", cap)
    bands = bands_for(sit, "m")
    if ends is None:
        runner = Mover(sit, "m", run=True)
        assert (
            not bands
            or not bands[-1].run
            or sit.creature("m").full_side != 1
            or runs_apart(runner)
            or _start_rough(runner) is not None
        )
        return False
    width = sit.board.width
    rows = {r.at: r for r in pf1.reachable(sit, "m") if r.band == "run"}
    within = {at for at, r in rows.items() if r.cost <= cap[at[1] * width + at[0]]}
    assert set(ends.squares) == within
    assert ends.squares == sorted(ends.squares)
    assert ends.doubtful <= within
    for k, at in enumerate(ends.squares):
        assert ends.costs[k] == rows[at].cost, at
        if at not in ends.doubtful:
            assert ends.path(k) == rows[at].path, at
    return True


@settings(max_examples=budget(150, 30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=situations(sizes=(Size.FINE, Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE)), data=st.data())
def test_the_run_ends_within_a_cap_are_the_reachs_run_rows(case, data):
    # PF1-RUN, PF1-DOUBLE-MOVE, PF1-DIAG, PF1-END-OCCUPIED: the rows, costs and paths of the whole reach
    sit, _ = case
    if data.draw(st.booleans()):
        # most boards drawn hold difficult terrain (a run then has steps of its own: declined) or a turn begun
        floor = board_from_rows(["."]).tiles[0]
        tiles = tuple(floor if t.difficult else t for t in sit.board.tiles)
        sit = replace(sit, board=replace(sit.board, tiles=tiles), turns={})
    w, h = sit.board.width, sit.board.height
    x0, y0 = data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1))
    box = (x0, y0, data.draw(st.integers(x0, w - 1)), data.draw(st.integers(y0, h - 1)))
    _check(sit, _cap(sit, box, data.draw(st.integers(-2, 40))))


def test_a_run_on_open_ground_is_found_within_a_small_cap():
    # the cap leaves most of the board unsearched, and the ends it keeps are the reach's all the same
    rows = ["." * 30 for _ in range(30)]
    sit = Situation("pf1", board_from_rows(rows), {"m": pf1_unit("m", "pc", (2, 2), speed=9.0)})
    limit = bands_for(sit, "m")[-1].limit
    # the ends within a square of the nearest a run may end to (27, 2), 25 squares away
    cap = _cap(sit, (27, 2, 27, 2), 25 - limit + 1 + limit)
    assert _check(sit, cap)
    ends = run_ends_within(sit, "m", cap)
    assert ends is not None and ends.squares
    assert max(x for x, _ in ends.squares) == 2 + limit and len(ends.squares) < 100  # of the 360 run rows
