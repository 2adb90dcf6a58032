"""The measuring tape: the distance between two squares as the ruleset counts it."""

from __future__ import annotations

from rules.core import Options, Square
from rules.ruleset import Tape, get_ruleset

__all__ = ["Tape", "tape"]


def tape(ruleset: str, options: Options, a: Square, b: Square) -> Tape:
    """Distance from `a` to `b` as the ruleset named counts it (its `distance`)."""
    return get_ruleset(ruleset).distance(options, a, b)
