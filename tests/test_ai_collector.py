"""What a big army's game keeps for long holds few objects the garbage collector must walk, and answers the same.

- a pf1 mover and its step table make no reference cycle: both are freed when the last query lets go;
- a kept reach answer holds neither its movers nor their tables (paths are traced from flat columns), and
  its paths are the ones its searches found;
- step rows are tuples of ints (the collector stops walking them once it has looked at them);
- the walking graph's rows share one (square, weight) pair per square entered;
- the world is written for the units whose creature or turn state is another object, and for no other (a look at
  every unit in plain Python: the same look in C, map and compress, cost more instructions at 64 units).
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from itertools import pairwise

import esper
import pytest

import game.ai.navigation as navigation
from bench.ai_scaling import arena
from game import caches
from game.battle import systems
from game.battle.components import TurnBudget
from game.battle.match import Match
from game.levels.level import parse_level
from rules.board import board_from_rows
from rules.core import Creature, Situation, replaced
from rules.memo import Memo
from rules.pf1 import movement
from rules.pf1.space import Mover
from rules.pf1.tables import step_table


@pytest.fixture
def collector_off() -> Iterator[None]:
    """No collection while the test runs: what is freed is freed by its last reference going."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _crowd() -> Situation:
    board = board_from_rows(["........", "........", "...#....", "........", "........"])
    creatures = {
        "m": Creature("m", "red", (1, 1), speed=9),
        "a": Creature("a", "blue", (4, 2), speed=9),
        "b": Creature("b", "blue", (5, 3), speed=9),
    }
    return Situation("pf1", board, creatures, memo=Memo())


def test_a_mover_and_its_step_table_are_freed_without_the_collector(collector_off: None) -> None:
    # PF1-MOVE-ACTION: the table a walk reads is its mover's while a query holds it, and no cycle keeps either
    sit = _crowd()
    mover = Mover(sit, "m")
    table = step_table(mover)
    assert step_table(mover) is table
    walked = movement.walk(mover, [(2, 1), (3, 1)], movement.Band("move", 6), 0)
    assert isinstance(walked, movement.Walk) and walked.cost == 2
    gone_mover, gone_table = weakref.ref(mover), weakref.ref(table)
    del mover, table
    assert gone_mover() is None and gone_table() is None


def test_a_kept_reach_answer_holds_no_mover_and_traces_its_paths(collector_off: None) -> None:
    # PF1-MOVE-ACTION, PF1-DOUBLE-MOVE, PF1-RUN: every end's path is traced after the searches let their tables go
    sit = _crowd()
    reach = movement.reachable(sit, "m")
    assert not [obj for obj in gc.get_objects() if isinstance(obj, Mover)]
    assert len(reach) > 0
    for entry in reach:
        path = ((1, 1), *entry.path)
        assert path[-1] == entry.at
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in pairwise(path))


def test_step_rows_are_tuples_of_ints() -> None:
    sit = _crowd()
    mover = Mover(sit, "m")
    table = step_table(mover)
    for pk in range(table.npk):
        row = table.fill(pk)
        assert type(row) is tuple and all(type(side) is tuple for side in row)
        assert all(type(step) is tuple and all(type(v) is int for v in step) for side in row for step in side)


def test_walking_rows_share_one_pair_per_square_entered() -> None:
    board = board_from_rows(["......", "......", "..#...", "......"])
    caches.clear_all()
    field = navigation.lazy_field(board, frozenset({(0, 0)}))
    assert field.at((5, 3)) == navigation.field(board, frozenset({(0, 0)}))[(5, 3)]
    _, steps = caches.RULES.per_board(board, "ai.walk_graph", lambda: pytest.fail("no graph kept"))
    pairs: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}
    for row in steps.values():
        for pair in row:
            assert pairs.setdefault(pair[0], pair) is pair  # one object per square entered, in every row
    weights = navigation._weights(board)
    for sq, row in steps.items():
        assert row == navigation._steps_from(board, weights, sq)  # the rows made without sharing


def test_the_world_is_written_for_the_changed_units_only() -> None:
    level = parse_level(arena(4, 18), "<bench 4v4>")
    match = Match(level, 1)
    before = match.situation()
    moved = before.creatures["red_1"].evolve(at=(9, 9))
    turns = {**before.turns, "blue_2": before.turns["red_0"]}
    after = replaced(before, creatures={**before.creatures, "red_1": moved}, turns=turns)
    assert systems.changed(before, after) == [("red_1", moved)]
    assert systems.changed(None, after) == list(after.creatures.items())
    entities = match.world.entities
    # a mark on an unchanged unit's component: writing only the changed units leaves it there
    esper.component_for_entity(entities["red_0"], TurnBudget).state = "unwritten"
    match.world.show(before, after)
    budgets = {uid: esper.component_for_entity(ent, TurnBudget).state for uid, ent in entities.items()}
    assert budgets["blue_2"] is before.turns["red_0"]
    assert budgets["red_0"] == "unwritten"
    match.close()
