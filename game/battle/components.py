"""esper components: the state of every unit in a running match, as the world shows it.

The match's state is its newest `Situation` (game/battle/match.py); the systems
(game/battle/systems.py) write these components from it after every change and never read
them back. The level data of a unit stays in `Profile`; what the rules change lives in its own
small component (Position, Size, Speed, Engaged, …), so a system writes only what it owns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core import Board, Creature, Square
from rules.core import Size as SizeCategory


@dataclass(slots=True)
class Profile:
    """The unit as the rules see it now (a rules Creature: its level data and its state)."""

    creature: Creature


@dataclass(slots=True)
class Position:
    """Anchor square and current footprint (None = the full space)."""

    at: Square
    space: tuple[int, int] | None = None


@dataclass(slots=True)
class Size:
    """The unit's size category."""

    size: SizeCategory


@dataclass(slots=True)
class Speed:
    """The unit's speeds in metres (None = it has no such speed) and the mode it moves in."""

    walk: float | None
    fly: float | None = None
    climb: float | None = None
    swim: float | None = None
    mode: str = "walk"


@dataclass(slots=True)
class Engaged:
    """hexxen binding partners (HX-STATES): bound iff not empty."""

    partners: frozenset[str] = frozenset()


@dataclass(slots=True)
class Side:
    """The side a unit fights for."""

    side: str


@dataclass(slots=True)
class Health:
    """Hit points and whether the unit is down (GB-DOWN)."""

    hp: int
    max_hp: int
    defeated: bool = False


@dataclass(slots=True)
class Posture:
    """Position-related conditions the movement rules read and write."""

    prone: bool = False
    helpless: bool = False
    squeezed: bool = False
    airborne: bool = False


@dataclass(slots=True)
class TurnBudget:
    """The ruleset's per-turn state for the unit (rules.<ruleset>.TurnState); None before its first turn."""

    state: Any = None


@dataclass(slots=True)
class MapState:
    """The board of the match (one entity holds it; doors change it)."""

    board: Board
