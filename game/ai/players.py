"""One decision of one unit at a strength: its next actions (best first) and, when asked, the options it weighed."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.decision import Option, UnitChoice
from game.ai.easy import easy_options
from game.ai.legal import random_action
from game.ai.normal import normal_options
from game.ai.reasons import reason_for
from game.ai.search import hard_options, hard_weighed
from game.ai.snapshot import Snapshot
from rules.actions import Action


def _random_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    action = random_action(snap, unit, rng)
    return [] if action is None else [action]


PLAYERS: dict[str, Callable[[Snapshot, str, random.Random], list[Action]]] = {
    "random": _random_options,
    "easy": easy_options,
    "normal": normal_options,
    "hard": hard_options,
}


def options(snap: Snapshot, unit: str, strength: str, rng: random.Random) -> list[Action]:
    """The unit's next actions at `strength`, best first (empty: it is done for this turn)."""
    return PLAYERS[strength](snap, unit, rng)


def weighed(snap: Snapshot, unit: str, strength: str, rng: random.Random) -> tuple[list[Action], UnitChoice]:
    """`options` and what the unit weighed, explained (the search's scored options; a script's alternatives)."""
    if strength == "hard":
        return hard_weighed(snap, unit, rng)
    chosen = options(snap, unit, strength, rng)
    return chosen, script_choice(snap, unit, chosen)


def script_choice(snap: Snapshot, unit: str, chosen: list[Action]) -> UnitChoice:
    """A script's answer explained: its alternatives in its order of preference, the first chosen."""
    opts = tuple(Option((a,), float(-k), reason_for(snap, a)) for k, a in enumerate(chosen))
    if not opts:
        opts = (Option((), 0.0, reason_for(snap, None, unit)),)
    return UnitChoice(unit, opts, 0)
