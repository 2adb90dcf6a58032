"""`widgets.shares`: the widths of a row of buttons, each as its label needs, within the row's room."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui.widgets import shares


def test_needs_that_fit_each_get_an_equal_part_of_the_rest() -> None:
    assert shares([40, 60, 20], 150) == [50, 70, 30]


def test_needs_that_do_not_fit_share_the_room_in_proportion() -> None:
    assert shares([100, 300], 200) == [50, 150]


@given(st.lists(st.integers(1, 400), min_size=1, max_size=8), st.integers(1, 2000))
def test_a_row_never_leaves_its_room_and_a_larger_need_never_gets_less(needs: list[int], room: int) -> None:
    widths = shares(needs, room)
    assert len(widths) == len(needs) and sum(widths) <= room
    for i, j in ((i, j) for i in range(len(needs)) for j in range(len(needs)) if needs[i] <= needs[j]):
        assert widths[i] <= widths[j]
    if sum(needs) <= room:
        assert all(w >= n for n, w in zip(needs, widths, strict=True))
