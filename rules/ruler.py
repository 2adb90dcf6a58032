"""The measuring tape: the distance between two squares as the ruleset counts it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import SQUARE_CM, Options, Square


@dataclass(frozen=True, slots=True)
class Tape:
    """A measured distance, or none where the ruleset has no distances."""

    squares: int | None
    rule: str

    @property
    def metres(self) -> float | None:
        """The distance in metres (None for hexxen)."""
        return None if self.squares is None else self.squares * SQUARE_CM / 100


def tape(ruleset: str, options: Options, a: Square, b: Square) -> Tape:
    """Distance from `a` to `b` as the ruleset named counts it (its `distance`)."""
    from rules.ruleset import get_ruleset  # the rulesets import Tape from here

    return get_ruleset(ruleset).distance(options, a, b)
