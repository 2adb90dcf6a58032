"""The shape every ruleset module has, and the lookup by name.

Each of `rules.pf1`, `rules.dnd5e`, `rules.hexxen` is a module (or package) exposing the
same names, so the game, the commands, the AI and the UI ask every ruleset the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, Situation, Square

RULESETS = ("pf1", "dnd5e", "hexxen")


@dataclass(frozen=True, slots=True)
class Reach:
    """One square a unit can reach this turn: the cheapest cost and the action band."""

    at: Square
    cost: int
    """In the ruleset's unit."""
    band: str
    path: tuple[Square, ...] = ()
    """The squares entered, for previews (empty for hexxen)."""
    target: str | None = None
    """hexxen: the enemy engaged by moving there."""


class Ruleset(Protocol):
    """What a ruleset module provides."""

    NAME: str
    UNIT_CM: int
    BANDS: tuple[str, ...]
    """The reach bands, cheapest first (pf1: move, double_move, run)."""

    def new_turn(self, sit: Situation, unit: str) -> Any:
        """The unit's fresh turn state at the start of its turn."""

    def current_turn(self, sit: Situation, unit: str) -> Any:
        """The unit's turn state now (a fresh one when the situation holds none)."""

    def movement_modes(self, creature: Creature) -> tuple[str, ...]:
        """The movement modes the creature may choose for its next movement (empty: it cannot move freely)."""

    def movement_summary(self, sit: Situation, unit: str) -> tuple[float, float] | None:
        """Metres moved this turn and metres left, or None when the ruleset measures no distances."""

    def measure(self, sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
        """Cost and legality of `path` as one movement starting now; `band` is the cheapest action."""

    def reachable(self, sit: Situation, unit: str, mode: str | None = None) -> list[Reach]:
        """Every square the unit can end on this turn (moving in `mode`, if named), with cost and band."""

    def rule(self, sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
        """Rule on one action; a Ruling's effects are the whole change it makes."""

    def available(self, sit: Situation, unit: str) -> dict[str, Illegal | None]:
        """Action kind → None when it can be taken now, or the Illegal saying why not."""


def get_ruleset(name: str) -> Ruleset:
    """The ruleset module called `name` (pf1, dnd5e, hexxen)."""
    if name not in RULESETS:
        raise KeyError(f"unknown ruleset {name!r}; expected one of {', '.join(RULESETS)}")
    return import_module(f"rules.{name}")  # type: ignore[return-value]
