"""What one AI decision reads: the situation, the ruleset, the acting unit and a seeded RNG."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from game import caches
from game.ai.navigation import closed_door_next_to, walk_gap
from game.battle import reach_cache
from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, Situation, Square, replaced
from rules.doors import doors_touching, ends
from rules.ruleset import Reach, Ruleset

_ID = attrgetter("id")


@dataclass(slots=True)
class Ctx:
    """One decision for one unit; caches the forecasts it asked for so each is asked once."""

    sit: Situation
    ruleset: Ruleset
    unit: str
    rng: random.Random
    _available: dict[str, Any] | None = None
    _cache: dict[Any, Any] = field(default_factory=dict)

    @property
    def me(self) -> Creature:
        """The acting unit."""
        return self.sit.creature(self.unit)

    def available(self) -> dict[str, Any]:
        """The action bar of the acting unit (asked once per decision)."""
        if self._available is None:
            self._available = self.ruleset.available(self.sit, self.unit)
        return self._available

    def can(self, kind: str) -> bool:
        """Whether the action bar offers `kind` now."""
        return self.available().get(kind, "missing") is None

    def prechecked(self, kind: str) -> bool:
        """Whether the ruleset's precheck lets the unit take `kind` now, whatever its path or target.

        The action bar (available) asks the precheck of every kind, then looks for a target; a
        chooser that needs one kind and already knows a target is there asks this instead.
        """
        key = ("precheck", kind)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self.ruleset.precheck(self.sit, self.unit, kind) is None
        return found

    def foes(self) -> list[Creature]:
        """Opponents still standing, in a stable order (a new list: the caller may change it)."""
        sit = self.sit
        side = sit.creatures[self.unit].side
        if len(sit.creatures) <= FOES_KEPT_FROM:
            return list(_standing_foes(sit, side))
        # a big army's: worked out once per situation object and side (kept in its memo, as the rules keep their
        # indexes): the units of a side decide in turn on the situation each one leaves, and a unit's last decision
        # (nothing left to do) and the next unit's first share one
        return list(sit.memo.index(sit, _FOES + side, lambda: _standing_foes(sit, side)))

    def reachable(self, sit: Situation | None = None) -> Sequence[Reach]:
        """ruleset.reachable for the acting unit in `sit` (default: the real situation).

        From the shared cache, which is keyed by the situation's state: the board overlay, the
        path preview and the AI search a state once, a hypothetical turn state included.
        """
        return reach_cache.reachable(self.ruleset, self.sit if sit is None else sit, self.unit)

    def measure(self, sit: Situation, path: tuple[Square, ...]) -> Ruling | Illegal:
        """ruleset.measure of `path` for the acting unit in `sit`, remembered by state (see `remember`)."""
        return remember(sit, ("measure", self.unit, path), lambda: self.ruleset.measure(sit, self.unit, path))

    def forecast(
        self, question: tuple[Any, ...], ask: Callable[[], Ruling | Illegal], carry: Carry | None = None
    ) -> Ruling | Illegal:
        """`ask()`, a ruleset's forecast in the real situation (`question` names it), remembered by state (`carry`:
        see `remember`)."""
        return remember(self.sit, question, ask if carry is None else Carrying(ask, carry))

    def dry_rule(self, action: Action, carry: Carry | None = None) -> Ruling | Illegal:
        """The ruling on `action` in the real situation with a throwaway RNG (Random(0)), remembered by state.

        Only its legality and its events are read (whether it provokes), never its dice.
        """

        def ask() -> Ruling | Illegal:
            return self.ruleset.rule(self.sit, action, random.Random(0))

        return remember(self.sit, ("rule", action), ask if carry is None else Carrying(ask, carry))


FOES_KEPT_FROM = 16
"""Creatures above which a situation's enemies standing are kept in its memo: a small army's are listed as cheaply
as they are looked up."""
_FOES = "ai.foes "
"""The name of a side's opponents still standing in a situation's memo (followed by the side)."""


def _standing_foes(sit: Situation, side: str) -> tuple[Creature, ...]:
    """The creatures of `sit` not on `side` and not defeated, by id."""
    out = [c for c in sit.creatures.values() if c.side != side and not c.defeated]
    out.sort(key=_ID)
    return tuple(out)


Carry = tuple[Callable[[Situation], Any], Callable[[Situation, Any], None]]
"""(what a ruleset kept for a situation object while ruling on it, give what was kept to an equal-state one)."""

FORECASTS_KEPT = 2048
"""Rulings remembered (measures and dry rulings), the most recently used first: the games of one `simulate`
run ask again in the positions they share (game/battle/reach_cache.py LIMIT). A ruling is small."""
_FORECASTS: dict[tuple[Any, ...], tuple[Situation, Ruling | Illegal, Any]] = {}
_LOCK = threading.Lock()  # the AI may decide in a worker thread while the screen asks too


def clear_forecasts() -> None:
    """Forget every remembered ruling (the bench times games that share nothing)."""
    with _LOCK:
        _FORECASTS.clear()


caches.register("ai rulings", f"{FORECASTS_KEPT} rulings", clear_forecasts, _FORECASTS.__len__, of_states=True)


class Carrying:
    """An `ask` for `remember` whose answer carries what the ruleset kept while giving it (`carry`, see there)."""

    __slots__ = ("ask", "carry")

    def __init__(self, ask: Callable[[], Ruling | Illegal], carry: Carry) -> None:
        self.ask = ask
        self.carry = carry

    def __call__(self) -> Ruling | Illegal:
        return self.ask()


def remember(sit: Situation, question: tuple[Any, ...], ask: Callable[[], Ruling | Illegal]) -> Ruling | Illegal:
    """`ask()`, a ruling on `sit`, answered once per situation state and question.

    The rules are pure: an equal state (reach_cache.state_key) asked the same question gets the
    same ruling, so the games of one `simulate` run share the rulings of their common opening.
    An entry keeps its situation alive, so no identity in its key can be reused meanwhile.

    An `ask` that is `Carrying` (made_for, adopt): what the ruleset kept for the situation object
    while answering (pf1's path judgements, rules/pf1/judged.py) is remembered with the answer and
    handed to an equal-state situation that asks again, so the action then performed there is not
    judged again.
    """
    carry = ask.carry if isinstance(ask, Carrying) else None
    key = (reach_cache.state_key(sit), *question)
    with _LOCK:
        entry = _FORECASTS.pop(key, None)
        if entry is not None:
            _FORECASTS[key] = entry
    if entry is not None:
        if carry is not None and entry[2] and entry[0] is not sit:
            carry[1](sit, entry[2])
        return entry[1]
    found = ask()
    kept = carry[0](sit) if carry is not None else None
    with _LOCK:
        while len(_FORECASTS) >= FORECASTS_KEPT:
            _FORECASTS.pop(next(iter(_FORECASTS)))
        _FORECASTS[key] = (sit, found, kept)
    return found


def with_turn(sit: Situation, unit: str, state: Any) -> Situation:
    """The situation with one unit's turn state replaced (a hypothetical, for forecasts only)."""
    return replaced(sit, turns={**sit.turns, unit: state})


def _edge_door_towards(ctx: Ctx, goal: frozenset[Square], now: int) -> Action | None:
    """Opening a closed door on an edge the unit touches, when the square beyond it is nearer `goal`."""
    board, footprint = ctx.sit.board, ctx.me.footprint()
    for key in doors_touching(board, sorted(footprint)):
        if board.doors[key]:
            continue
        near, far = sorted(ends(key), key=lambda sq: sq not in footprint)
        if walk_gap(board, goal, frozenset((far,))) < now:
            return Action("interact", ctx.unit, at=near, to=far)
    return None


def open_door_towards(ctx: Ctx, goal: frozenset[Square], now: int) -> Action | None:
    """Open a closed door next to the unit when the way to `goal` leads through it (and the bar allows)."""
    board, footprint = ctx.sit.board, ctx.me.footprint()
    door = closed_door_next_to(board, footprint)
    if door is not None and walk_gap(board, goal, frozenset((door,))) < now:
        action = Action("interact", ctx.unit, at=door)
    else:
        action = _edge_door_towards(ctx, goal, now)
        if action is None:
            return None
    # a dry ruling on this one action (throwaway RNG): cheaper than the whole action bar
    return None if isinstance(ctx.dry_rule(action), Illegal) else action
