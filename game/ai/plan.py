"""The hard player's plan for its side's turn: the greedy assignment worked out at one decision, kept for the next.

When sides take whole turns, the greedy search over the side's assignment (game/ai/search.py) gives every comrade
still to act a part (a `Script`). Searched at every decision, that costs the whole greedy search once per action of
every unit. So the decision that works the assignment out remembers it here, with the situations its playouts met
at each decision of the side's units (the situations it foresaw: where the units stand, who is down or prone, the
hexxen bindings; not the hit points, which the dice spread over every sample). A later decision of the same
side-turn whose situation is one of those follows the plan instead of searching the side again; any other searches
anew and makes the new plan. The side's first decision of a turn (its first standing unit's, before any unit of it
has spent anything) always searches anew and makes the turn's plan, so what a decision does never depends on what
this process decided in another side-turn or game: the same seed gives the same game.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from game import caches
from game.ai.snapshot import Snapshot
from rules.actions import Action

PLANS_KEPT = 16
"""Side-turns whose plans are kept at once (games played side by side, in threads, each keep theirs)."""


class Script(NamedTuple):
    """A comrade's part in the side's assignment: "normal" (its script), "focus" (strike `arg`, an enemy, whenever
    it can), "first" (take `arg`, an action, first when it may, then its script) or "hold" (nothing this turn)."""

    kind: str
    arg: str | Action | None = None


NORMAL = Script("normal")


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """The side's plan for one turn: each comrade's part and the situations (unit, `signature`) it foresaw."""

    parts: Mapping[str, Script]
    foreseen: frozenset[tuple[str, Hashable]]


def signature(snap: Snapshot) -> Hashable:
    """What a plan's foresight is compared on: the round, the side to act, the bindings, and for every unit where
    it stands, its footprint and movement mode, and whether it is down or prone (not its hit points)."""
    sit = snap.sit
    units = tuple((c.id, c.at, c.space, c.mode, c.airborne, c.prone, c.defeated) for c in sit.creatures.values())
    return (sit.round, sit.active_side, sit.bindings, units)


def turn_key(snap: Snapshot) -> Hashable:
    """Which side-turn of which game a plan belongs to: the match's seed, its ruleset, round, side and units."""
    sit = snap.sit
    return (snap.seed, snap.ruleset_name, sit.round, sit.active_side, tuple(sit.creatures))


def fresh_turn(snap: Snapshot) -> bool:
    """Whether no standing unit of the side to act has spent anything this turn (its turn state is a fresh one)."""
    sit, ruleset = snap.sit, snap.ruleset
    side = sit.active_side
    return all(
        ruleset.current_turn(sit, uid) == ruleset.new_turn(sit, uid)
        for uid, c in sit.creatures.items()
        if c.side == side and not c.defeated
    )


class PlanMemory:
    """The plans of the last PLANS_KEPT side-turns, one a side-turn (the latest made replaces the one before)."""

    def __init__(self) -> None:
        self._plans: OrderedDict[Hashable, TurnPlan] = OrderedDict()
        self._lock = threading.Lock()

    def remember(self, snap: Snapshot, plan: TurnPlan) -> None:
        """Keep `plan` as the plan of the side-turn of `snap`."""
        key = turn_key(snap)
        with self._lock:
            self._plans[key] = plan
            self._plans.move_to_end(key)
            while len(self._plans) > PLANS_KEPT:
                self._plans.popitem(last=False)

    def recall(self, snap: Snapshot, unit: str) -> TurnPlan | None:
        """The plan of this side-turn if it foresaw `unit` deciding in this situation; None: search anew. Never at
        the side's first decision of a turn (its first standing unit's, before any unit of it has spent anything),
        which always searches and so makes the turn's plan: a plan recalled is always one made in this side-turn."""
        with self._lock:
            plan = self._plans.get(turn_key(snap))
        if plan is None or (unit, signature(snap)) not in plan.foreseen:
            return None
        if snap.acting()[:1] == [unit] and fresh_turn(snap):
            return None
        return plan

    def forget(self) -> None:
        """Drop every plan (a closed match's, or a test starting from none)."""
        with self._lock:
            self._plans.clear()

    def __len__(self) -> int:
        return len(self._plans)


PLANS = PlanMemory()
"""The hard player's plans (the search's own state: its answers depend on them only within one side-turn)."""
# with the other caches keyed by match states: emptied when the window closes a match, reported with them
caches.register("hard's plans", f"{PLANS_KEPT} side-turns", PLANS.forget, PLANS.__len__, of_states=True)
