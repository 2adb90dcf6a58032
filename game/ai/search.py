"""The `hard` strength: a portfolio search over the rules' own futures, on snapshots (docs/ai.md).

At each decision of a unit the search lists a small portfolio of first actions (game/ai/portfolio.py:
the normal script's choice, every attack it may make now, moving into reach of each of the nearest
enemies, a charge, 1.5 m steps, leaving reach, hexxen's tactics, holding still) and plays each out
on the snapshot: the action, then the rest of its side's turn and the opponent's whole reply by
the normal scripts, with the same `ruleset.rule` and `rules.effects.apply` the match uses. Every
option meets the same SAMPLES dice streams (common random numbers: drawn once per decision from
the computer's own generator), and the option with the best mean value is taken. Fixed budget,
no clock: the same seed gives the same game.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.decision import Option, UnitChoice
from game.ai.normal import normal_options
from game.ai.portfolio import first_actions
from game.ai.reasons import reason_for
from game.ai.snapshot import Snapshot, perform
from rules.actions import Action
from rules.core import Illegal

SAMPLES = 3
"""Dice streams each option is played out with (the same streams for every option of a decision)."""
MAX_OPTIONS = 8
"""Options played out per decision at most (the portfolio's first ones: the normal choice always among them)."""
HALF_TURNS = 2
"""Turns a playout plays after the option: the rest of the side's own turn, then the opponent's reply."""
ROLLOUT_ACTIONS = 60
"""A guard on the actions of one playout (both half-turns)."""
WIN = 50.0
"""The value of a won game over any material count."""
ALIVE = 2.0
"""A unit standing is worth this much besides its share of hit points."""
MARGIN = 0.75
"""An option must beat the normal script's choice by this much on average to be taken instead. With a few
samples the dice's noise is larger than most differences, and the best of eight noisy means is too good by
about half a unit's hit points (the winner's curse): at 0.25 the search deviated on noise and lost to normal
(10 of 30 games on three levels), at 0.75 it won 19 of the same 30."""
PRONE = 0.15
"""Lying prone is worth this much less (it must stand up, and it is easier to hit)."""


TEMPO = 0.03
"""Per square between each of the side's units and its nearest enemy (Chebyshev), taken off: of two futures
equal in blood the one nearer the fight is better, so a search whose horizon is one reply does not hold back
forever (both sides holding is a draw). Not counted where the ruleset has no distances (hexxen)."""


def evaluate(snap: Snapshot, side: str) -> float:
    """How good `snap` is for `side`: won or lost first, then standing units and their share of hit points,
    then how near its units stand to the enemy (TEMPO)."""
    if snap.finished:
        if snap.winner == side:
            return WIN
        if snap.winner is not None:
            return -WIN
    value = 0.0
    mine, theirs = [], []
    for c in snap.sit.creatures.values():
        if c.defeated:
            continue
        worth = ALIVE + c.hp / (c.max_hp if c.max_hp > 0 else 1) - (PRONE if c.prone else 0.0)
        if c.side == side:
            value += worth
            mine.append(c.at)
        else:
            value -= worth
            theirs.append(c.at)
    if theirs and snap.ruleset.BANDS != ("engage",):
        for x, y in mine:
            value -= TEMPO * min(max(abs(x - u), abs(y - v)) for u, v in theirs)
    return value


class Dice:
    """The dice of one playout: each unit's k-th action rolls from a stream of its own.

    So the opponent's reply meets the same rolls whatever the option weighed did first
    (common random numbers across the options of a decision: their difference is the option's, not the dice's).
    """

    def __init__(self, snap: Snapshot, seed: int) -> None:
        self.seed = seed
        self.index = {uid: k for k, uid in enumerate(sorted(snap.sit.creatures))}
        self.count: dict[str, int] = {}

    def next(self, unit: str | None) -> random.Random:
        """The generator for `unit`'s next action."""
        key = unit or ""
        k = self.count.get(key, 0)
        self.count[key] = k + 1
        return random.Random((self.seed * 4099 + self.index.get(key, 4095)) * 64 + k)


def _finish_turn(snap: Snapshot, rng: random.Random, dice: Dice, budget: list[int]) -> Snapshot:
    """The turn in progress played to its end by the normal scripts, then ended."""
    for unit in snap.acting():
        for _ in range(12):
            if snap.finished or snap.sit.creatures[unit].defeated or budget[0] <= 0:
                break
            acted = False
            for action in normal_options(snap, unit, rng):
                after, result = perform(snap, action, dice.next(unit))
                budget[0] -= 1
                if not isinstance(result, Illegal):
                    snap, acted = after, True
                    break
            if not acted:
                break
        if snap.finished:
            return snap
    return perform(snap, Action("end_turn"), rng)[0]


def playout(snap: Snapshot, unit: str, first: Action | None, seed: int) -> float:
    """The value for `unit`'s side of taking `first` (None: the unit holds for the rest of its turn), then the
    rest of the side's turn and the opponent's reply by the normal scripts, with the dice of `seed`."""
    side = snap.sit.creatures[unit].side
    dice = Dice(snap, seed)
    rng = random.Random(seed ^ 0x5EED)
    budget = [ROLLOUT_ACTIONS]
    if first is not None:
        snap, result = perform(snap, first, dice.next(unit))
        if isinstance(result, Illegal):
            return -2 * WIN
    else:
        # holding: the unit takes no further action this turn; the others still act
        snap = replace(snap, done=snap.done | {unit})
    for _ in range(HALF_TURNS):
        if snap.finished:
            break
        snap = _finish_turn(snap, rng, dice, budget)
    return evaluate(snap, side)


def search(snap: Snapshot, unit: str, rng: random.Random) -> list[tuple[float, Action | None]]:
    """Every option of the portfolio with its mean value over SAMPLES playouts, best first (None = hold)."""
    seeds = [rng.getrandbits(48) for _ in range(SAMPLES)]
    normal = normal_options(snap, unit, rng)
    portfolio = first_actions(snap, unit, normal[0] if normal else None)
    if len(portfolio) > MAX_OPTIONS:  # keep holding (the last) among them
        portfolio = [*portfolio[: MAX_OPTIONS - 1], None]
    if len(portfolio) == 1:
        return [(0.0, portfolio[0])]
    scored = []
    baseline = normal[0] if normal else None  # what the normal script does (None: it is done)
    for rank, action in enumerate(portfolio):
        value = sum(playout(snap, unit, action, s) for s in seeds) / SAMPLES
        if action == baseline:
            value += MARGIN  # the baseline keeps its place unless an option is clearly better
        scored.append((value, -rank, action))
    scored.sort(key=lambda e: (-e[0], -e[1]))
    return [(value, action) for value, _, action in scored]


def hard_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The hard player's next actions for `unit`, best first (empty: holding is best)."""
    out: list[Action] = []
    for _, action in search(snap, unit, rng):
        if action is None:
            return out
        out.append(action)
    return out


def hard_weighed(snap: Snapshot, unit: str, rng: random.Random) -> tuple[list[Action], UnitChoice]:
    """hard_options with the options the search weighed, their values and why, explained."""
    ranked = search(snap, unit, rng)
    opts = tuple(Option(() if a is None else (a,), value, reason_for(snap, a, unit)) for value, a in ranked)
    chosen: list[Action] = []
    for _, a in ranked:
        if a is None:
            break
        chosen.append(a)
    return chosen, UnitChoice(unit, opts, 0 if opts else None)
