"""HX-START-APART is one check (rules/hexxen/placement.py too_close): the level's start_problems and the
situation's setup_problems name the same tokens."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules.board import board_from_rows
from rules.core import Creature, Situation
from rules.hexxen import setup_problems, start_problems

CELLS = st.tuples(st.integers(0, 4), st.integers(0, 4))


@given(st.lists(CELLS, min_size=1, max_size=7))
def test_start_problems_and_setup_problems_name_the_same_tokens(cells: list[tuple[int, int]]) -> None:
    units = [Creature(f"u{i}", "ab"[i % 2], at, single_cell=True) for i, at in enumerate(cells)]
    sit = Situation("hexxen", board_from_rows(["....."] * 5), {u.id: u for u in units})
    setup = setup_problems(sit)
    level = start_problems(units)
    assert bool(setup) == bool(level)
    later = {dict(p.params)["other"] for p in setup}
    shared = {dict(p.params)["other"] for p in setup if p.reason == "hx.start_shared"}
    named = {units[p.index].id for p in level}
    # a shared cell is reported first (level_error.taken), else every token too close to an earlier one
    assert named == (shared if shared else later)
    assert all(p.rule == "HX-START-APART" for p in setup)
