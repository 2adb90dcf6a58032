"""House-rule checks the texts leave open (GB-PF-CHECK): overrun, tumble, Escape Artist, obstacles.

A check is d20 + the unit's `skill` against a number: the target's `defense` for overrun and
tumble, a fixed DC for Escape Artist and skill obstacles. A natural 20 always succeeds and a
natural 1 always fails, like the attack roll of the minimal combat model.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.core import Creature
from rules.dice import d20

GB_CHECK = "GB-PF-CHECK"
ESCAPE_ARTIST_DC = 20
"""Escape Artist DC to get into a space narrower than squeezing allows (house rule)."""
OBSTACLE_DC = 15
"""DC of an obstacle tagged `skill_check` (house rule)."""


@dataclass(frozen=True, slots=True)
class Check:
    """The outcome of one house-rule check."""

    natural: int
    total: int
    dc: int
    success: bool

    def text(self) -> str:
        """A short log line."""
        return f"d20 {self.natural} -> {self.total} vs {self.dc}: {'success' if self.success else 'failure'}"


def roll_check(rng: random.Random, bonus: int, dc: int) -> Check:
    """Roll d20 + bonus against dc with the seeded generator."""
    natural = d20(rng)
    total = natural + bonus
    return Check(natural, total, dc, natural == 20 or (natural != 1 and total >= dc))


def maneuver(rng: random.Random, mover: Creature, target: Creature) -> Check:
    """Overrun or tumble: the mover's check against the target's defence."""
    return roll_check(rng, mover.skill, target.defense)


def escape_artist(rng: random.Random, mover: Creature) -> Check:
    """Squeezing into a space narrower than half one's width."""
    return roll_check(rng, mover.skill, ESCAPE_ARTIST_DC)


def obstacle(rng: random.Random, mover: Creature) -> Check:
    """Crossing an obstacle that needs a skill check (PF1-OBSTACLE-SKILL)."""
    return roll_check(rng, mover.skill, OBSTACLE_DC)
