"""esper components: the state of every unit in a running match.

The static data a level gives a unit stays in `Profile`; everything the rules change
lives in its own small component so systems touch only what they own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core import Board, Creature, Effect, Square
from rules.core import Size as SizeCategory


@dataclass(slots=True)
class Profile:
    """The unit's level data (a rules Creature); replaced only by `set` effects on static fields."""

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
class Engaged:
    """hexxen binding partners (HX-STATES): bound iff not empty."""

    partners: set[str] = field(default_factory=set)


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
    mode: str = "walk"


@dataclass(slots=True)
class TurnBudget:
    """The ruleset's per-turn state for the unit (rules.<ruleset>.TurnState)."""

    state: Any = None


@dataclass(slots=True)
class MapState:
    """The board of the match (one entity holds it; doors change it)."""

    board: Board


@dataclass(slots=True)
class PendingEffects:
    """Effects of the ruling being applied; the systems consume them in order."""

    effects: list[Effect] = field(default_factory=list)
