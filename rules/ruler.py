"""The measuring tape: the distance between two squares as the ruleset counts it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import SQUARE_CM, Options, Square
from rules.geometry import chebyshev, pf1_distance


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
    """Distance from `a` to `b`: pf1 1-2-1-2 (PF1-DIAG), dnd5e every diagonal 1 (D5-GRID-DIAG) unless the
    level takes the alternating variant (D5-GRID-DIAG-VARIANT), hexxen none."""
    if ruleset == "hexxen":
        return Tape(None, "HX-ABSTRACT")
    if ruleset == "pf1" and options.diagonal != "uniform":
        return Tape(pf1_distance(a, b), "PF1-DIAG")
    if ruleset == "pf1":
        return Tape(chebyshev(a, b), "GB-DIAGONAL-UNIFORM")
    if options.diagonal == "alternating":
        return Tape(pf1_distance(a, b), "D5-GRID-DIAG-VARIANT")
    return Tape(chebyshev(a, b), "D5-GRID-DIAG")
