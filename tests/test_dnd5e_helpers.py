"""Builders shared by the dnd5e tests, and tests of the effect applier they rely on."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from rules import dnd5e, effects
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Ruling, Situation, Size, Terrain
from rules.dice import d20

OPEN = ["." * 14] * 8
"""An empty 14 × 8 board."""


def seed_rolling(natural: int) -> int:
    """The first seed whose first d20 shows `natural` (searched, not hard-coded)."""
    return next(s for s in range(10_000) if d20(random.Random(s)) == natural)


def fighter(uid: str = "f", at: tuple[int, int] = (0, 0), side: str = "heroes", **changes: object) -> Creature:
    """A Medium creature walking 9 m unless told otherwise."""
    data: dict[str, object] = {"speed": 9.0}
    data.update(changes)
    return Creature(uid, side, at, **data)  # type: ignore[arg-type]


def foe(uid: str, at: tuple[int, int], size: Size = Size.MEDIUM, **changes: object) -> Creature:
    """A creature of the other side."""
    return Creature(uid, "monsters", at, size=size, **changes)  # type: ignore[arg-type]


def situation(
    rows: Iterable[str],
    *creatures: Creature,
    edges: Iterable[tuple[tuple[int, int], tuple[int, int], str]] = (),
    legend: Mapping[str, Terrain] | None = None,
) -> Situation:
    """A dnd5e Situation on a board built from map rows."""
    board = board_from_rows(list(rows), legend, edges)
    return Situation("dnd5e", board, {c.id: c for c in creatures})


def apply(sit: Situation, ruling: Ruling) -> Situation:
    """The situation after a legal ruling's effects (rules.effects, as the game's systems apply them)."""
    return effects.apply(sit, ruling.effects)


def act(sit: Situation, kind: str, unit: str = "f", seed: int = 0, **fields: object) -> tuple[Situation, Ruling]:
    """Rule on one action, require it legal, and return the situation after it."""
    result = dnd5e.rule(sit, Action(kind, unit, **fields), random.Random(seed))  # type: ignore[arg-type]
    assert isinstance(result, Ruling), result
    return apply(sit, result), result


def refuse(sit: Situation, kind: str, unit: str = "f", **fields: object) -> Illegal:
    """Rule on one action and require it refused."""
    result = dnd5e.rule(sit, Action(kind, unit, **fields), random.Random(0))  # type: ignore[arg-type]
    assert isinstance(result, Illegal), result
    return result


def east(n: int, start: tuple[int, int] = (0, 0)) -> tuple[tuple[int, int], ...]:
    """A path of n squares due east of `start`."""
    return tuple((start[0] + i, start[1]) for i in range(1, n + 1))


def test_applier_moves_the_creature_and_stores_the_new_turn_state():
    sit = situation(OPEN, fighter())
    after, ruling = act(sit, "move", path=east(2))
    assert after.creature("f").at == (2, 0)
    assert after.turns["f"].spent_cm == ruling.cost == 300


def test_applier_opens_a_door_on_the_board():
    sit = situation(["..+."], fighter(at=(1, 0)))
    after, _ = act(sit, "interact", at=(2, 0))
    assert "door_open" in after.board.terrain((2, 0)).kinds


def test_seed_search_finds_the_asked_natural_roll():
    assert d20(random.Random(seed_rolling(20))) == 20
    assert d20(random.Random(seed_rolling(1))) == 1
