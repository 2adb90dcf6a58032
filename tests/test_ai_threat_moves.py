"""The threat term by the units' real moves (dnd5e): flyers by their flight, walkers round walls (`search.threat`)."""

from __future__ import annotations

import random

import pytest

from game.ai import decide, search, snapshot
from game.ai.search import power_weights, threat
from game.battle.match import Match
from game.levels.level import parse_level
from tests.test_ai_tactics import level, unit


def _match(tiles: list[str], units: list[str]) -> Match:
    return Match(parse_level(level("dnd5e", tiles, units), "<threat>"), 1)


def test_a_flyer_threatens_as_far_as_it_flies() -> None:
    """A wisp that cannot walk (speed 0) but flies 15 m strikes a unit eight squares off next turn."""
    match = _match(["." * 12 for _ in range(3)], [unit("me", "a", (0, 1)), unit("wisp", "b", (9, 1), speed=0, fly=15)])
    sit = match.situation()
    weights = power_weights(sit)
    assert threat(sit, "a", weights, False) == 0.0  # by its walking speed it strikes only its neighbours
    assert threat(sit, "a", weights, False, fly=True) > 0.0
    assert threat(sit, "a", weights, True, fly=True) == threat(sit, "a", weights, True)  # me cannot fly


def test_a_wall_between_keeps_a_walker_from_striking() -> None:
    """Two squares apart in a straight line, a wall between: the walk round it is longer than a move of 3 m."""
    tiles = ["..#..", "..#..", "..#..", "..#..", "..#..", "....."]
    match = _match(tiles, [unit("me", "a", (1, 0), speed=3), unit("foe", "b", (3, 0), speed=3)])
    sit = match.situation()
    weights = power_weights(sit)
    assert threat(sit, "a", weights, False) > 0.0  # the straight line ignores the wall
    assert threat(sit, "a", weights, False, walk=True) == 0.0
    assert threat(sit, "a", weights, True, walk=True) == 0.0


@pytest.mark.parametrize("seed", range(2))
def test_hard_decides_the_same_way_with_the_terms_where_nothing_flies_or_is_walled(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """On an open board without flyers both terms count what the straight line counts: the same decision."""
    units = [unit("me", "a", (0, 2), speed=9), unit("pal", "a", (0, 4)), unit("foe", "b", (6, 3), hp=12)]
    match = _match(["." * 10 for _ in range(7)], units)
    plain = decide(snapshot(match), "hard", random.Random(seed)).actions
    monkeypatch.setattr(search, "FLY_THREAT", frozenset({"dnd5e"}))
    monkeypatch.setattr(search, "WALK_THREAT", frozenset({"dnd5e"}))
    assert decide(snapshot(match), "hard", random.Random(seed)).actions == plain
