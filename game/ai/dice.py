"""The dice of the hard player's playouts: a stream per unit and action, and stratified draws.

Kept apart from the search (game/ai/search.py) because they are its one piece with no rule or tactic in it:
each playout of a decision meets the same rolls whatever the option weighed did first (common random numbers),
and the stratified samples put each roll once in each n-th of its range.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from game.ai.snapshot import Snapshot

T = TypeVar("T")


class SliceRandom(random.Random):
    """A generator whose every draw is its base draw shifted by `shift` (mod 1), and whose dice and choices are
    monotone in that draw, so shifting by k/n over n samples puts each roll once in each n-th of its range."""

    def __init__(self, seed: int, shift: float) -> None:
        super().__init__(seed)
        self.shift = shift

    def random(self) -> float:
        """The base draw, shifted."""
        return (super().random() + self.shift) % 1.0

    def randint(self, a: int, b: int) -> int:
        """An integer from a to b, higher for a higher draw."""
        return a + int(self.random() * (b - a + 1))

    def choice(self, seq: Sequence[T]) -> T:
        """One element of `seq`, by the draw."""
        return seq[int(self.random() * len(seq))]


class Dice:
    """The dice of one playout: each unit's k-th action rolls from a stream of its own.

    So the opponent's reply meets the same rolls whatever the option weighed did first
    (common random numbers across the options of a decision: their difference is the option's, not the dice's).
    """

    def __init__(self, snap: Snapshot, seed: int, shift: float | None = None) -> None:
        self.seed = seed
        self.shift = shift
        self.index = {uid: k for k, uid in enumerate(sorted(snap.sit.creatures))}
        self.count: dict[str, int] = {}

    def next(self, unit: str | None) -> random.Random:
        """The generator for `unit`'s next action."""
        key = unit or ""
        k = self.count.get(key, 0)
        self.count[key] = k + 1
        seed = (self.seed * 4099 + self.index.get(key, 4095)) * 64 + k
        return random.Random(seed) if self.shift is None else SliceRandom(seed, self.shift)
