"""The `normal` strength: each ruleset's greedy script (game/ai/pf1.py, dnd5e.py, hexxen.py)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from game.ai.context import Ctx
from game.ai.snapshot import Snapshot
from rules.actions import Action

Chooser = Callable[[Ctx], "Action | list[Action] | None"]


class _Choosers(dict[str, Chooser]):
    """Ruleset → its chooser, imported on first use: a match needs only its own ruleset's AI (start-up)."""

    def __missing__(self, ruleset: str) -> Chooser:
        chooser: Chooser = importlib.import_module(f"game.ai.{ruleset}").choose
        self[ruleset] = chooser
        return chooser


CHOOSERS: dict[str, Chooser] = _Choosers()
"""The `normal` player of each ruleset: its greedy script."""


def normal_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The normal player's next actions for `unit`, best first (empty when it is done)."""
    chosen = CHOOSERS[snap.ruleset_name](Ctx(snap.sit, snap.ruleset, unit, rng))
    if chosen is None:
        return []
    return chosen if isinstance(chosen, list) else [chosen]
