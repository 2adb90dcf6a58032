"""The shape every ruleset module has, and the lookup by name.

Each of `rules.pf1`, `rules.dnd5e`, `rules.hexxen` is a package exposing the same names, so
the game, the level loader, the commands, the AI and the UI ask every ruleset the same way
and never compare a ruleset's name (tests/test_contract.py checks both).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from rules.actions import Action
from rules.core import SQUARE_CM, Creature, Effect, Illegal, Options, Ruling, Situation, Square
from rules.placement import StartProblem
from rules.reaches import Reach, Reaches
from rules.traits import Traits

__all__ = ["RULESETS", "Reach", "Reaches", "Ruleset", "Tape", "get_ruleset"]

RULESETS = ("pf1", "dnd5e", "hexxen")


@dataclass(frozen=True, slots=True)
class Tape:
    """A measured distance, or none where the ruleset has no distances."""

    squares: int | None
    rule: str

    @property
    def metres(self) -> float | None:
        """The distance in metres (None for hexxen)."""
        return None if self.squares is None else self.squares * SQUARE_CM / 100


class Ruleset(Protocol):
    """What a ruleset module provides."""

    NAME: str
    UNIT_CM: int
    BANDS: tuple[str, ...]
    """The reach bands, cheapest first (pf1: move, double_move, run)."""

    # --- what a level may say (rules/<name>/terms.py) ---
    SIZES: tuple[str, ...]
    """The size names a level may give a unit."""
    UNIT_KEYS: tuple[str, ...]
    """The `[[units]]` keys a level may use (rules/unit_keys.py plus the ruleset's own: its TRAITS' keys)."""
    TRAITS: type[Traits]
    """The record of the ruleset's own unit data (rules/<name>/traits.py): each field one level key."""
    KEY_CHOICES: Mapping[str, tuple[str, ...]]
    """Unit keys whose value is one of a fixed list (or, for a list key, each of its items)."""
    ALWAYS_SAVED: tuple[str, ...]
    """Unit keys a saved level spells out even at their default value."""
    DIAGONALS: tuple[str, ...]
    """The `[rules] diagonal` values the ruleset can play."""
    DEFAULT_DIAGONAL: str
    TACTICS: tuple[str, ...]
    """The tactics an attack may take (hexxen: front, relieve, cut_in); empty when attacks take none."""
    LEVEL_OPTIONS: Mapping[str, tuple[type, tuple[str, ...] | None]]
    """`[rules]` keys besides `diagonal` → (type, allowed values or None); they land in Options.extra."""

    def complete_unit(self, fields: dict[str, Any]) -> dict[str, Any]:
        """A unit's Creature fields with what the ruleset implies filled in (default speed, one cell…)."""

    def unit_problems(self, fields: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(key, catalogue key of the message) for each unit the ruleset refuses beyond the key checks."""

    def start_problems(self, units: Sequence[Creature]) -> list[StartProblem]:
        """Units that may not start where they stand (overlaps, tokens touching…); the map is checked already."""

    def distance(self, options: Options, a: Square, b: Square) -> Tape:
        """The distance from `a` to `b` as the ruleset counts it, with the rule id that decides."""

    def down_effects(self, target: Creature) -> list[Effect]:
        """What 0 hp does to `target`."""

    # --- the turn and its rulings ---

    def new_turn(self, sit: Situation, unit: str) -> Any:
        """The unit's fresh turn state at the start of its turn."""

    def current_turn(self, sit: Situation, unit: str) -> Any:
        """The unit's turn state now (a fresh one when the situation holds none)."""

    def movement_modes(self, creature: Creature) -> tuple[str, ...]:
        """The movement modes the creature may choose for its next movement (empty: it cannot move freely)."""

    def movement_summary(self, sit: Situation, unit: str) -> tuple[float, float] | None:
        """Metres moved this turn and metres left, or None when the ruleset measures no distances."""

    def movement_left_after(self, sit: Situation, unit: str, ruling: Ruling, mode: str | None = None) -> float | None:
        """Metres of movement the unit still has this turn once it makes the move `ruling` measured
        (in `mode`, if named), or None when the ruleset measures no distances."""

    def measure(self, sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
        """Cost and legality of `path` as one movement starting now; `band` is the cheapest action."""

    def reachable(self, sit: Situation, unit: str, mode: str | None = None) -> Reaches:
        """Every square the unit can end on this turn (moving in `mode`, if named), with cost and band.

        A read-only sequence of `Reach` whose columns (squares, costs, bands) are readable directly."""

    def rule(self, sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
        """Rule on one action; a Ruling is the whole ruling (attacks of opportunity included), its effects
        the whole change it makes."""

    def precheck(self, sit: Situation, unit: str, kind: str) -> Illegal | None:
        """Why the unit cannot take an action of `kind` now whatever its path, target or door, or None;
        the handler of `kind` in rule() and available() both ask it."""

    def available(self, sit: Situation, unit: str) -> dict[str, Illegal | None]:
        """Action kind → None when it can be taken now, or the Illegal saying why not (the precheck first)."""


def get_ruleset(name: str) -> Ruleset:
    """The ruleset module called `name` (pf1, dnd5e, hexxen)."""
    if name not in RULESETS:
        raise KeyError(f"unknown ruleset {name!r}; expected one of {', '.join(RULESETS)}")
    return import_module(f"rules.{name}")  # type: ignore[return-value]
