"""Playing a whole turn for a computer side: ask each acting unit for its next action until none is left.

The AI only reads forecasts (reach, measure, available, can_attack, the events of a dry
ruling) and only changes the game through `Match.perform`. A refused action is a bug in the
AI: with `strict=True` it raises AIError, otherwise the next alternative is tried and, failing
that, the unit is done for the turn.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from game.ai.context import Ctx
from game.match import Match
from rules.actions import Action
from rules.core import Illegal, Situation

MAX_ACTIONS_PER_UNIT = 12
"""A guard against a decision loop: no unit takes more actions in one turn."""

Chooser = Callable[[Ctx], "Action | list[Action] | None"]


class _Choosers(dict[str, Chooser]):
    """Ruleset → its chooser, imported on first use: a match needs only its own ruleset's AI (start-up)."""

    def __missing__(self, ruleset: str) -> Chooser:
        chooser: Chooser = importlib.import_module(f"game.ai.{ruleset}").choose
        self[ruleset] = chooser
        return chooser


CHOOSERS: dict[str, Chooser] = _Choosers()


class AIError(RuntimeError):
    """The AI chose an action the rules refused (only raised with strict=True)."""


def ai_rng(seed: int) -> random.Random:
    """The AI's own RNG for a match seed (string seeding is stable across processes and runs)."""
    return random.Random(f"gridbound-ai:{seed}")


def acting_units(match: Match, sit: Situation) -> list[str]:
    """Who acts this turn: the initiative unit, or every standing unit of the active side in level order."""
    if match.active_unit is not None:
        return [match.active_unit]
    side = sit.active_side
    return [uid for uid, c in sit.creatures.items() if c.side == side and not c.defeated]


def candidates(match: Match, sit: Situation, unit: str, rng: random.Random) -> list[Action]:
    """The unit's next actions, best first (empty when it is done)."""
    chosen = CHOOSERS[match.level.ruleset](Ctx(sit, match.ruleset, unit, rng))
    if chosen is None:
        return []
    return chosen if isinstance(chosen, list) else [chosen]


def play_unit(match: Match, unit: str, rng: random.Random, *, strict: bool = False) -> list[Action]:
    """Let one unit act until it has nothing useful left; the actions performed (all legal)."""
    done: list[Action] = []
    for _ in range(MAX_ACTIONS_PER_UNIT):
        if match.finished:
            break
        sit = match.situation()
        if sit.creatures[unit].defeated:
            break
        options = candidates(match, sit, unit, rng)
        acted = False
        for action in options:
            result = match.perform(action)
            if isinstance(result, Illegal):
                if strict:
                    raise AIError(f"{action.to_dict()} refused: {result.message} [{result.rule}]")
                continue
            done.append(action)
            acted = True
            break
        if not acted:
            break
    return done


def take_turn(match: Match, rng: random.Random, *, strict: bool = False) -> list[Action]:
    """Play the active side's whole turn (or the active unit's) and end it; the actions performed."""
    if match.finished:
        return []
    done: list[Action] = []
    for unit in acting_units(match, match.situation()):
        done.extend(play_unit(match, unit, rng, strict=strict))
        if match.finished:
            return done
    end = Action("end_turn")
    match.perform(end)
    done.append(end)
    return done


def next_action(match: Match) -> Action | None:
    """The next action of the side (or unit) to act, for callers that pace actions (the UI); None = end turn.

    Stateless: it re-asks every acting unit in order, so it never offers an action the rules
    refuse to a unit that is already done (each decision is made from the current situation).
    """
    if match.finished:
        return None
    rng = random.Random(f"gridbound-ai:{match.seed}:{len(match.history)}")
    sit = match.situation()
    for unit in acting_units(match, sit):
        options = candidates(match, sit, unit, rng)
        if options:
            return options[0]
    return None
