"""The rules core: geometry, the corner rule, the cost-map search, dice, boards."""

from __future__ import annotations

import dataclasses
import heapq
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.board import board_from_rows
from rules.core import Creature, Effect, Ruling, Situation, Size, footprint, replaced, side_squares
from rules.dice import parse_dice
from rules.geometry import adjacent, chebyshev, corner_blocked, pf1_distance, ring
from rules.pf1.traits import Pf1Traits
from rules.pf1.turn import TurnState
from tests.plain_search import cost_map, path_to


def test_pf1_distance_counts_every_second_diagonal_double():
    # PF1-DIAG: plain distance max + floor(min/2)
    assert pf1_distance((0, 0), (4, 4)) == 6
    assert pf1_distance((0, 0), (3, 3)) == 4
    assert pf1_distance((0, 0), (4, 0)) == 4
    assert pf1_distance((2, 5), (0, 0)) == 6


def test_chebyshev_counts_diagonals_as_one():
    # D5-GRID-DIAG
    assert chebyshev((0, 0), (4, 4)) == 4
    assert chebyshev((1, 2), (4, 3)) == 3


def test_footprints_follow_the_size_table():
    # PF1-GRID-SIZES
    assert [side_squares(s) for s in (Size.TINY, Size.MEDIUM, Size.LARGE, Size.HUGE, Size.GARGANTUAN)] == [
        1,
        1,
        2,
        3,
        4,
    ]
    assert side_squares(Size.COLOSSAL) == 6
    ogre = Creature("ogre", "m", (2, 3), Size.LARGE)
    assert ogre.footprint() == {(2, 3), (3, 3), (2, 4), (3, 4)}


def test_gargantuan_footprint_has_twenty_adjacent_squares():
    # D5-SURROUND-GARGANTUAN geometry
    assert len(ring((5, 5), (4, 4))) == 20
    assert len(ring((5, 5), (1, 1))) == 8


def test_adjacent_footprints_touch_without_overlapping():
    assert adjacent(footprint((0, 0), (2, 2)), footprint((2, 2), (1, 1)))
    assert not adjacent(footprint((0, 0), (2, 2)), footprint((3, 0), (1, 1)))


def test_corner_rule_blocks_walls_but_not_pits():
    # PF1-CORNER, PF1-DIAG-PIT
    walls = board_from_rows([".#.", "...", "..."])
    assert corner_blocked(walls, (0, 0), (1, 1), (1, 1)) == (1, 0)
    pits = board_from_rows([".o.", "...", "..."])
    assert corner_blocked(pits, (0, 0), (1, 1), (1, 1)) is None


def test_corner_rule_blocks_a_diagonal_touching_a_wall_segment():
    # PF1-CORNER (b): a segment on any edge meeting at the crossed vertex
    board = board_from_rows(["...", "...", "..."], edges=[((1, 0), (2, 0), "hampering")])
    assert corner_blocked(board, (1, 1), (1, 1), (1, -1)) is not None
    assert corner_blocked(board, (2, 1), (1, 1), (-1, -1)) is not None  # same vertex, other direction
    assert corner_blocked(board, (0, 1), (1, 1), (1, -1)) is None  # crosses a vertex the segment does not touch


def test_corner_rule_checks_the_whole_footprint_of_a_big_creature():
    board = board_from_rows(["....", "....", "..#.", "...."])
    # a Large creature at (0,0) stepping diagonally to (1,1): shifting by (1,0) is free, by (0,1) is free
    assert corner_blocked(board, (0, 0), (2, 2), (1, 1)) is None
    # at (1,0) stepping to (2,1): the shift by (0,1) would cover (2,2), a wall
    assert corner_blocked(board, (1, 0), (2, 2), (1, 1)) == (2, 2)


def _reference_dijkstra(start, succ, budget):
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, state = heapq.heappop(heap)
        if cost > best[state]:
            continue
        for nxt, step in succ(state):
            total = cost + step
            if total <= budget and total < best.get(nxt, budget + 1):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 7), st.integers(0, 14))
def test_bucket_search_agrees_with_a_heap_dijkstra(seed, size, budget):
    rng = random.Random(seed)
    weights = {(x, y): rng.choice((0, 1, 1, 2, 3, 4)) for x in range(size) for y in range(size)}

    def succ(sq):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1)):
            nxt = (sq[0] + dx, sq[1] + dy)
            if nxt in weights:
                yield nxt, weights[nxt]

    best, prev = cost_map([((0, 0), 0)], succ, budget)
    assert best == _reference_dijkstra((0, 0), succ, budget)
    for state, cost in best.items():
        path = path_to(prev, state)
        assert path[0] == (0, 0) and path[-1] == state
        assert sum(weights[s] for s in path[1:]) == cost


def test_dice_text_is_parsed_and_rolled_with_the_given_generator():
    dice = parse_dice("2d6+3")
    rolls = [dice.roll(random.Random(7)) for _ in range(3)]
    assert rolls[0] == rolls[1] == rolls[2]
    assert all(5 <= dice.roll(random.Random(s)) <= 15 for s in range(50))
    assert str(parse_dice("d8")) == "1d8"
    assert parse_dice("1d4-1").bonus == -1
    with pytest.raises(ValueError):
        parse_dice("two dice")


def test_board_rows_must_have_equal_width_and_known_symbols():
    with pytest.raises(ValueError):
        board_from_rows(["...", ".."])
    with pytest.raises(KeyError):
        board_from_rows(["..X"])
    board = board_from_rows([".,%", "on:"])
    assert board.terrain((1, 0)).difficult and board.terrain((2, 0)).hampering
    assert board.terrain((0, 1)).pit and board.terrain((1, 1)).clearance == 0.75 and board.terrain((2, 1)).dark


CREATURE_CHANGES = st.fixed_dictionaries(
    {},
    optional={
        "at": st.tuples(st.integers(0, 9), st.integers(0, 9)),
        "space": st.none() | st.tuples(st.integers(1, 3), st.integers(1, 3)),
        "hp": st.integers(0, 30),
        "prone": st.booleans(),
        "defeated": st.booleans(),
        "mode": st.sampled_from(["walk", "fly"]),
        "size": st.sampled_from(list(Size)),
        "traits": st.lists(st.tuples(st.sampled_from(["", "enhancement"]), st.floats(0, 9)), max_size=2).map(
            lambda bonuses: Pf1Traits(bonuses=tuple(bonuses))
        ),
    },
)


@settings(max_examples=200, deadline=None)
@given(CREATURE_CHANGES, st.integers(0, 20))
def test_replaced_copies_exactly_as_dataclasses_replace(changes, diag):
    # the fast copy of creatures, turn states, rulings and situations (rules/core.py `replaced`)
    creature = Creature("m", "pc", (1, 2), name="Kyra", speed=9, hp=12, max_hp=12)
    assert replaced(creature, **changes) == dataclasses.replace(creature, **changes)
    assert creature.evolve(**changes) == dataclasses.replace(creature, **changes)
    assert type(creature.evolve(**changes)) is Creature
    ts = TurnState(diag=3, moved=True)
    assert replaced(ts, diag=diag, standard_used=True) == dataclasses.replace(ts, diag=diag, standard_used=True)
    ruling = Ruling(cost=4, rules=("PF1-MOVE-ACTION",), band="move")
    assert replaced(ruling, unit_cm=100, effects=(Effect("turn", "m", value=ts),)) == dataclasses.replace(
        ruling, unit_cm=100, effects=(Effect("turn", "m", value=ts),)
    )
    sit = Situation("pf1", board_from_rows(["..."]), {"m": creature})
    again = replaced(sit, turns={"m": ts})
    assert again == dataclasses.replace(sit, turns={"m": ts}) and again.board is sit.board


@dataclasses.dataclass(frozen=True)
class _KeywordOnly:
    a: int
    b: int = dataclasses.field(default=0, kw_only=True)


def test_replaced_refuses_an_unknown_field_and_falls_back_for_other_classes():
    with pytest.raises(TypeError):
        replaced(Creature("m", "pc", (0, 0)), colour="red")
    with pytest.raises(TypeError):
        replaced(TurnState(), nope=1)
    assert replaced(_KeywordOnly(1, b=2), a=5) == _KeywordOnly(5, b=2)  # by dataclasses.replace
