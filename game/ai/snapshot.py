"""A cheap, immutable copy of what the computer needs to decide: the rules' Situation and the turn order.

The search plays futures on snapshots with the same rule functions the match uses
(`ruleset.rule`, then `rules.effects.apply`), never on the live match: a snapshot costs one
dataclass, and ending a turn on it starts the next side's turn as `Match.end_turn` does.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.battle.match import Match
from rules import effects
from rules.actions import Action
from rules.core import Illegal, Ruling, Situation, replaced
from rules.ruleset import Ruleset, get_ruleset


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The state of a match as the computer reads it (no world, no log, no dice of the match)."""

    sit: Situation
    ruleset_name: str
    mode: str
    """"sides" or "initiative" (GB-TURN)."""
    order: tuple[str, ...]
    """The sides in turn order ("sides"), or the units in initiative order ("initiative")."""
    index: int
    round: int
    started: frozenset[str]
    """The sides that started with units (only those can be eliminated)."""
    seed: int = 0
    victory_rounds: int | None = None
    last_side: str = ""
    """The level's last side (it wins a hold-out when the rounds are over)."""
    finished: bool = False
    winner: str | None = None
    done: frozenset[str] = frozenset()
    """Units that hold for the rest of this turn (a look-ahead's choice; the next turn forgets it)."""

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset module."""
        return get_ruleset(self.ruleset_name)

    @property
    def side(self) -> str:
        """The side whose turn it is."""
        return self.sit.active_side or ""

    def acting(self) -> list[str]:
        """Who acts this turn: the initiative unit, or every standing unit of the active side in level order."""
        if self.mode == "initiative":
            unit = self.order[self.index]
            return [] if self.sit.creatures[unit].defeated or unit in self.done else [unit]
        side, done = self.sit.active_side, self.done
        return [uid for uid, c in self.sit.creatures.items() if c.side == side and not c.defeated and uid not in done]


def snapshot(match: Match) -> Snapshot:
    """The match as a snapshot (its situation is shared, not copied: situations are immutable)."""
    level = match.level
    order = tuple(match.order.initiative) if match.order.mode == "initiative" else tuple(match.order.sides)
    return Snapshot(
        sit=match.situation(),
        ruleset_name=level.ruleset,
        mode=match.order.mode,
        order=order,
        index=match.order.index,
        round=match.round,
        started=frozenset(u.side for u in level.units),
        seed=match.seed,
        victory_rounds=level.victory_rounds,
        last_side=level.sides[-1].id if level.sides else "",
        finished=match.finished,
        winner=match.winner,
    )


def perform(snap: Snapshot, action: Action, dice: random.Random) -> tuple[Snapshot, Ruling | Illegal]:
    """The snapshot after `action` is ruled on with `dice` and its effects applied (end_turn passes the turn)."""
    if action.kind == "end_turn":
        return end_turn(snap), Ruling(rules=("GB-TURN",))
    result = snap.ruleset.rule(snap.sit, action, dice)
    if isinstance(result, Illegal):
        return snap, result
    after = replace(snap, sit=effects.apply(snap.sit, result.effects))
    return _checked(after), result


def _standing_sides(snap: Snapshot) -> set[str]:
    return {c.side for c in snap.sit.creatures.values() if not c.defeated} & snap.started


def _checked(snap: Snapshot) -> Snapshot:
    """The snapshot with the match's victory check made (Match._check_victory)."""
    standing = _standing_sides(snap)
    if len(snap.started) >= 2 and len(standing) <= 1:
        return replace(snap, finished=True, winner=next(iter(standing), None))
    if snap.victory_rounds is not None and snap.round > snap.victory_rounds:
        return replace(snap, finished=True, winner=snap.last_side if snap.last_side in standing else None)
    return snap


def end_turn(snap: Snapshot) -> Snapshot:
    """The turn passed on as Match.end_turn does: the next side (or standing unit), fresh turn states."""
    index, rnd = snap.index, snap.round
    alive = {uid for uid, c in snap.sit.creatures.items() if not c.defeated}
    checked = snap
    for _ in range(len(snap.order)):
        index += 1
        if index >= len(snap.order):
            index, rnd = 0, rnd + 1
            checked = _checked(replace(snap, round=rnd))
        if snap.mode == "sides" or snap.order[index] in alive:
            break
    if snap.mode == "initiative":
        unit = snap.order[index]
        side = snap.sit.creatures[unit].side
        starting = [unit]
    else:
        side = snap.order[index]
        starting = [uid for uid, c in snap.sit.creatures.items() if c.side == side]
    sit = replaced(snap.sit, round=rnd, active_side=side)
    ruleset = snap.ruleset
    turns = dict(sit.turns)
    for uid in starting:
        turns[uid] = ruleset.new_turn(sit, uid)
    sit = replaced(sit, turns=turns)
    return replace(checked, sit=sit, index=index, round=rnd, done=frozenset())
