"""Playing a turn for a computer side at a strength: ask each acting unit for its next action until none is left.

The AI only reads forecasts (reach, measure, available, can_attack, the events of a dry
ruling) and only changes the game through `Match.perform`. A refused action is a bug in the
AI: with `strict=True` it raises AIError, otherwise the next alternative is tried and, failing
that, the unit is done for the turn.

`decide` is the same player on a snapshot: it plays the turn out on the snapshot with the
computer's own dice and never touches a match (`advise`, hints, the search).
"""

from __future__ import annotations

import random

from game.ai import hexxen_order
from game.ai.context import Ctx
from game.ai.decision import Decision, UnitChoice
from game.ai.normal import CHOOSERS
from game.ai.players import options, weighed
from game.ai.restrict import restricted
from game.ai.search import power_weights
from game.ai.snapshot import Snapshot, perform, snapshot
from game.ai.strengths import DEFAULT_STRENGTH, STRENGTHS
from game.battle.match import Match
from game.levels.controllers import side_without
from rules.actions import Action
from rules.core import Illegal, Situation

MAX_ACTIONS_PER_UNIT = 12
"""A guard against a decision loop: no unit takes more actions in one turn."""


class AIError(RuntimeError):
    """The AI chose an action the rules refused (only raised with strict=True)."""


def ai_rng(seed: int) -> random.Random:
    """The AI's own RNG for a match seed (string seeding is stable across processes and runs)."""
    return random.Random(f"gridbound-ai:{seed}")


def acting_units(match: Match, sit: Situation, strength: str | None = None) -> list[str]:
    """Who acts this turn: the initiative unit, or every standing unit of the active side in level order (for
    `hard` in HeXXen in its own order, game/ai/hexxen_order.py)."""
    if match.active_unit is not None:
        return [match.active_unit]
    side = sit.active_side
    units = [uid for uid, c in sit.creatures.items() if c.side == side and not c.defeated]
    if strength != "hard":
        return units
    return hexxen_order.side_order(sit, match.level.ruleset, match.order.mode, units, power_weights)


def candidates(
    match: Match,
    sit: Situation,
    unit: str,
    rng: random.Random,
    strength: str = DEFAULT_STRENGTH,
    without: frozenset[str] = frozenset(),
) -> list[Action]:
    """The unit's next actions, best first (empty when it is done), none using a tactic in `without`."""
    found = _options(match, sit, unit, rng, strength)
    if not without:
        return found
    kept = restricted(found, without, lambda action: _cites(match, sit, action))
    if found and not kept:  # every option of the strength is forbidden: the best permitted one of plainer play
        easy = options(snapshot(match), unit, "easy", rng)
        kept = restricted(easy, without, lambda action: _cites(match, sit, action))
    return kept


def _options(match: Match, sit: Situation, unit: str, rng: random.Random, strength: str) -> list[Action]:
    if strength == "normal":  # the cheapest way: no snapshot needed
        chosen = CHOOSERS[match.level.ruleset](Ctx(sit, match.ruleset, unit, rng))
        if chosen is None:
            return []
        return chosen if isinstance(chosen, list) else [chosen]
    return options(snapshot(match), unit, strength, rng)


def _cites(match: Match, sit: Situation, action: Action) -> list[str]:
    """The rule ids a dry ruling of `action` cites (a throwaway generator: its dice are ignored)."""
    result = match.ruleset.rule(sit, action, random.Random(0))
    if isinstance(result, Illegal):
        return [result.rule]
    return [*result.rules, *(e.rule for e in result.events)]


def _next_live(match: Match, strength: str, played: set[str]) -> str | None:
    """The next unit of the match's turn to act that has not played yet (hard's HeXXen order for `hard`)."""
    return next((u for u in acting_units(match, match.situation(), strength) if u not in played), None)


def _next_unit(snap: Snapshot, strength: str, played: set[str]) -> str | None:
    """The next unit of the snapshot's turn to act that has not played yet (hard's HeXXen order for `hard`)."""
    return hexxen_order.next_in_turn(snap, snap.side if strength == "hard" else None, played, power_weights)


def _check(strength: str) -> None:
    if strength not in STRENGTHS:
        raise ValueError(f"unknown computer strength {strength!r}; expected one of {', '.join(STRENGTHS)}")


def play_unit(
    match: Match,
    unit: str,
    rng: random.Random,
    *,
    strict: bool = False,
    strength: str = DEFAULT_STRENGTH,
    without: frozenset[str] = frozenset(),
) -> list[Action]:
    """Let one unit act until it has nothing useful left; the actions performed (all legal, none in `without`)."""
    _check(strength)
    done: list[Action] = []
    for _ in range(MAX_ACTIONS_PER_UNIT):
        if match.finished:
            break
        sit = match.situation()
        if sit.creatures[unit].defeated:
            break
        acted = False
        for action in candidates(match, sit, unit, rng, strength, without):
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


def take_turn(
    match: Match,
    rng: random.Random,
    *,
    strength: str = DEFAULT_STRENGTH,
    strict: bool = False,
    without: frozenset[str] | None = None,
) -> list[Action]:
    """Play the active side's whole turn (or the active unit's) and end it; the actions performed.

    `without`: tactics the side's player may not use (game.ai.restrict); None: what the level's side says."""
    _check(strength)
    if match.finished:
        return []
    if without is None:
        without = side_without(match.level, match.active_side)
    done: list[Action] = []
    played: set[str] = set()
    # the next unit is chosen after each one has played: in hard's HeXXen order, a unit freed meanwhile waits
    while (unit := _next_live(match, strength, played)) is not None:
        played.add(unit)
        done.extend(play_unit(match, unit, rng, strict=strict, strength=strength, without=without))
        if match.finished:
            return done
    end = Action("end_turn")
    match.perform(end)
    done.append(end)
    return done


def next_action(match: Match, strength: str = DEFAULT_STRENGTH) -> Action | None:
    """The next action of the side (or unit) to act, for callers that pace actions (the UI); None = end turn.

    Stateless: it re-asks every acting unit in order, so it never offers an action the rules
    refuse to a unit that is already done (each decision is made from the current situation).
    """
    _check(strength)
    if match.finished:
        return None
    rng = random.Random(f"gridbound-ai:{match.seed}:{len(match.history)}")
    sit = match.situation()
    without = side_without(match.level, match.active_side)  # a restricted side stays restricted in the window
    for unit in acting_units(match, sit, strength):
        found = candidates(match, sit, unit, rng, strength, without)
        if found:
            return found[0]
    return None


def decide(snap: Snapshot, strength: str, rng: random.Random, *, explain: bool = False) -> Decision:
    """The side's whole turn as the computer at `strength` would play it from `snap` (pure: no match is touched).

    Dice met on the way are rolled by a generator drawn from `rng`, so the same snapshot and
    seed give the same decision. With `explain`, every decision on the way records the options
    weighed, the choice and why (message keys, parameters and rule ids: game.ai.explain renders them).
    """
    _check(strength)
    dice = random.Random(rng.getrandbits(64))
    actions: list[Action] = []
    units: list[UnitChoice] = []
    if snap.finished:
        return Decision(strength, ())
    played: set[str] = set()
    while (unit := _next_unit(snap, strength, played)) is not None:
        played.add(unit)
        for _ in range(MAX_ACTIONS_PER_UNIT):
            if snap.finished or snap.sit.creatures[unit].defeated:
                break
            if explain:
                found, choice = weighed(snap, unit, strength, rng)
                units.append(choice)
            else:
                found = options(snap, unit, strength, rng)
            for action in found:
                after, result = perform(snap, action, dice)
                if not isinstance(result, Illegal):
                    actions.append(action)
                    snap = after
                    break
            else:
                break
        if snap.finished:
            return Decision(strength, tuple(actions), tuple(units))
    actions.append(Action("end_turn"))
    return Decision(strength, tuple(actions), tuple(units))
