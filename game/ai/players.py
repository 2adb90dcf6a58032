"""One decision of one unit at a strength: its next actions (best first) and, when asked, the options it weighed."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.decision import Option, UnitChoice
from game.ai.easy import easy_options
from game.ai.legal import random_action
from game.ai.normal import normal_options
from game.ai.reasons import reason_for
from game.ai.restrict import cites_in, restricted, without_of
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
    """The unit's next actions at `strength`, best first (empty: it is done for this turn), none using a tactic its
    side's player may not use in `snap` (a match's restrictions, game.ai.restrict)."""
    return _permitted(snap, unit, PLAYERS[strength](snap, unit, rng), rng)


def _permitted(snap: Snapshot, unit: str, found: list[Action], rng: random.Random) -> list[Action]:
    """`found` without the actions using a forbidden tactic; when all are forbidden, the permitted ones of plainer
    play (easy), as the live turn does (game.ai.planner.candidates)."""
    without = without_of(snap, unit)
    if not without:
        return found
    cites = cites_in(snap)
    kept = restricted(found, without, cites)
    if found and not kept:
        kept = restricted(PLAYERS["easy"](snap, unit, rng), without, cites)
    return kept


def weighed(snap: Snapshot, unit: str, strength: str, rng: random.Random) -> tuple[list[Action], UnitChoice]:
    """`options` and what the unit weighed, explained (the search's scored options; a script's alternatives)."""
    if strength == "hard":
        found, choice = hard_weighed(snap, unit, rng)
        kept = _permitted(snap, unit, found, rng)
        if kept == found:
            return found, choice
        return kept, _without_forbidden(snap, choice, kept)
    chosen = options(snap, unit, strength, rng)
    return chosen, script_choice(snap, unit, chosen)


def _without_forbidden(snap: Snapshot, choice: UnitChoice, kept: list[Action]) -> UnitChoice:
    """The search's weighing without the options a restriction forbids, the first permitted action chosen (a script's
    alternatives when the search weighed none of the permitted ones)."""
    allowed = set(kept)
    opts = tuple(o for o in choice.options if not o.actions or o.actions[0] in allowed)
    first = kept[0] if kept else None
    chosen = next((k for k, o in enumerate(opts) if (o.actions[0] if o.actions else None) == first), None)
    if chosen is None:
        return script_choice(snap, choice.unit, kept)
    return UnitChoice(choice.unit, opts, chosen)


def script_choice(snap: Snapshot, unit: str, chosen: list[Action]) -> UnitChoice:
    """A script's answer explained: its alternatives in its order of preference, the first chosen."""
    opts = tuple(Option((a,), float(-k), reason_for(snap, a)) for k, a in enumerate(chosen))
    if not opts:
        opts = (Option((), 0.0, reason_for(snap, None, unit)),)
    return UnitChoice(unit, opts, 0)
