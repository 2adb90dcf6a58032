"""Seeded dice: dice text such as "1d8+2" rolled with a caller's random.Random."""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass

_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*(?:([+-])\s*(\d+))?\s*$|^\s*(\d+)\s*$")


@dataclass(frozen=True, slots=True)
class Dice:
    """A dice expression: `count` dice of `sides` sides plus `bonus`."""

    count: int
    sides: int
    bonus: int = 0

    @property
    def mean(self) -> float:
        """The expected total of a roll."""
        return self.count * (self.sides + 1) / 2 + self.bonus

    def roll(self, rng: random.Random) -> int:
        """Roll the dice with `rng`."""
        return sum(rng.randint(1, self.sides) for _ in range(self.count)) + self.bonus

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.bonus)
        sign = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{sign}"


@functools.lru_cache(maxsize=256)
def parse_dice(text: str) -> Dice:
    """Parse "NdM", "NdM+K", "dM" or a plain number; ValueError on anything else (remembered: Dice is immutable)."""
    match = _DICE.match(text)
    if not match:
        raise ValueError(f"not dice text: {text!r} (expected e.g. '1d8+2')")
    if match.group(5) is not None:
        return Dice(0, 1, int(match.group(5)))
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    if count < 1 or sides < 1 or count > 100:
        raise ValueError(f"not dice text: {text!r} (1-100 dice of at least 1 side)")
    bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    return Dice(count, sides, bonus)


def d20(rng: random.Random) -> int:
    """One twenty-sided die."""
    return rng.randint(1, 20)
