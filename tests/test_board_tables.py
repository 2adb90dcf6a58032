"""The per-board tables made once per board (neighbour lists, squares and their ranks, walk weights, whether any
terrain is difficult) against the plain computation, square by square, on boards of every shape and terrain."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import navigation
from rules.board import board_from_rows
from rules.core import Board
from rules.memo import Memo
from rules.pf1.space import _DIRS3
from rules.pf1.tables import board_squares, difficult_anywhere, neighbours
from tests.budget import budget

SYMBOLS = "....,,%#o:n"


@st.composite
def boards(draw) -> Board:
    """A board of 1 to 14 squares a side, of any terrain."""
    w, h = draw(st.integers(1, 14)), draw(st.integers(1, 14))
    return board_from_rows(["".join(draw(st.sampled_from(SYMBOLS)) for _ in range(w)) for _ in range(h)])


def _plain_weights(board: Board) -> dict[tuple[int, int], int]:
    out = {}
    for y in range(board.height):
        for x in range(board.width):
            t = board.terrain((x, y))
            if t.pit or "wall" in t.kinds:
                continue
            if t.clearance < 1.5:
                out[(x, y)] = navigation.NARROW_WEIGHT
            else:
                out[(x, y)] = navigation.DIFFICULT_WEIGHT if t.difficult or t.hampering else 1
    return out


@settings(max_examples=budget(200, 40), deadline=None)
@given(board=boards())
def test_the_per_board_tables_are_the_plain_computations(board):
    w, h = board.width, board.height
    memo = Memo()
    assert neighbours(memo, board) == [
        tuple((y + dy) * w + x + dx for dx, dy, _ in _DIRS3 if 0 <= x + dx < w and 0 <= y + dy < h)
        for y in range(h)
        for x in range(w)
    ]
    assert board_squares(memo, board) == (
        [(i % w, i // w) for i in range(w * h)],
        [(i % w) * h + i // w for i in range(w * h)],
    )
    assert difficult_anywhere(memo, board) == any(t.difficult for t in board.tiles)
    weights = navigation._weights(board)
    plain = _plain_weights(board)
    assert weights == plain and list(weights) == list(plain)  # in the same order too
