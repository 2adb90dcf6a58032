"""The `hard` strength: a search over the rules' own futures on snapshots (docs/ai.md)."""

from __future__ import annotations

import random

from game.ai.decision import Option, UnitChoice
from game.ai.normal import normal_options
from game.ai.reasons import reason_for
from game.ai.snapshot import Snapshot
from rules.actions import Action


def hard_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The hard player's next actions for `unit`, best first."""
    return normal_options(snap, unit, rng)


def hard_weighed(snap: Snapshot, unit: str, rng: random.Random) -> tuple[list[Action], UnitChoice]:
    """hard_options with the options the search weighed, explained."""
    chosen = normal_options(snap, unit, rng)
    opts = tuple(Option((a,), float(-k), reason_for(snap, a)) for k, a in enumerate(chosen))
    return chosen, UnitChoice(unit, opts or (Option((), 0.0, reason_for(snap, None, unit)),), 0)
