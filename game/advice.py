"""The computer's advice for the side to act: one decision (the battle screen's hint) or its whole turn (`advise`).

Every decision is `game.ai.decide` on a snapshot of the match, with the computer's generator seeded by the
match seed and the number of actions taken so far, exactly as the window's computer player seeds it
(game/ui/autoplay.py), so the hint, `advise` and the computer at that strength agree on the same dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from game.battle.match import Match
from rules.actions import Action
from rules.core import Illegal, Ruling

if TYPE_CHECKING:
    from game.ai import Decision, UnitChoice

MAX_ACTIONS = 60
"""A guard: a turn of more actions than this is ended (the AI's own per-unit guard is lower)."""


def decision_rng(match: Match) -> random.Random:
    """The computer's generator for the decision now (the window's computer seeds it the same way)."""
    return random.Random(f"gridbound-ai:{match.seed}:{len(match.history)}")


def decide_now(match: Match, strength: str, *, explain: bool = False) -> Decision:
    """What the computer at `strength` would do now for the side (or unit) to act; the match is not touched."""
    from game import ai

    return ai.decide(ai.snapshot(match), strength, decision_rng(match), explain=explain)


def choices_for_first(decision: Decision) -> tuple[UnitChoice, ...]:
    """The weighing that chose the decision's first action (none when the turn only ends)."""
    first = decision.first
    for choice in decision.units:
        chosen = choice.choice
        if first is not None and chosen is not None and chosen.actions[:1] == (first,):
            return (choice,)
    return ()


def held_choices(decision: Decision) -> tuple[UnitChoice, ...]:
    """When the turn only ends: each unit that chose to hold, with that choice alone (why each waits, one line)."""
    if decision.first is not None:
        return ()
    held = [(c, c.choice) for c in decision.units]
    return tuple(replace(c, options=(o,), chosen=0) for c, o in held if o is not None and not o.actions)


@dataclass(slots=True)
class Advice:
    """The turn the computer played for `side`: its actions and their results in order, and (explained) why."""

    side: str
    strength: str
    actions: list[Action] = field(default_factory=list)
    results: list[Ruling | Illegal] = field(default_factory=list)
    choices: list[UnitChoice] = field(default_factory=list)


def play_advised_turn(match: Match, strength: str, *, explain: bool = False) -> Advice:
    """Let the computer at `strength` play the turn of the side (or unit) to act on `match`, one decision per action.

    The match is changed (the caller passes one it throws away). The turn ends with end_turn, or when the
    game ends; an action the rules refuse (a bug of the AI) is kept with its refusal and ends the turn.
    """
    advice = Advice(match.active_side or "", strength)
    for _ in range(MAX_ACTIONS):
        if match.finished:
            return advice
        decision = decide_now(match, strength, explain=explain)
        if explain:
            advice.choices += choices_for_first(decision)
        action = decision.first or Action("end_turn")
        result = match.perform(action)
        advice.actions.append(action)
        advice.results.append(result)
        if action.kind == "end_turn":
            return advice
        if isinstance(result, Illegal):
            break
    end = Action("end_turn")
    advice.actions.append(end)
    advice.results.append(match.perform(end))
    return advice
