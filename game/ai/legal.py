"""Legal actions of one unit, drawn at random: the `random` strength, the floor of every tournament.

Candidates are built per action kind (moves from the ruleset's own reach, attacks on every
enemy, hexxen's tactics with every comrade bound to the target, standing up…) and each is
checked by a dry ruling with a throwaway generator before it is offered: what the random
player takes is always legal. "Stop" (done for this turn) is one of the kinds.
"""

from __future__ import annotations

import random

from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Creature, Illegal, Situation, Square

MOVE_SAMPLES = 6
"""Reach rows drawn per movement kind: enough for a random walk, few enough to stay cheap."""
_BAND_ACTIONS = {"move": "move", "double_move": "double_move", "run": "run", "dash": "dash"}
_RING = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def _legal(snap: Snapshot, action: Action) -> bool:
    """Whether the rules accept `action` now (a dry ruling: only its verdict is read)."""
    return not isinstance(snap.ruleset.rule(snap.sit, action, random.Random(0)), Illegal)


def _foes(sit: Situation, me: Creature) -> list[Creature]:
    return [c for uid, c in sorted(sit.creatures.items()) if c.side != me.side and not c.defeated]


def _by_kind(snap: Snapshot, unit: str, rng: random.Random) -> dict[str, list[Action]]:
    """Candidate actions grouped by kind (not yet checked, except that the kind's precheck passed)."""
    sit, ruleset = snap.sit, snap.ruleset
    me = sit.creature(unit)
    open_kinds = {
        k
        for k in ("attack", "sneak_attack", "stand_up", "drop_prone", "step", "charge")
        if ruleset.precheck(sit, unit, k) is None
    }
    out: dict[str, list[Action]] = {}
    foes = _foes(sit, me)
    if "attack" in open_kinds:
        attacks = [Action("attack", unit, target=f.id) for f in foes]
        for f in foes:  # hexxen's tactics: take over a comrade's binding
            for pair in sit.bindings:
                if f.id in pair:
                    for ally in pair - {f.id}:
                        if ally != unit and sit.creatures[ally].side == me.side:
                            attacks += [
                                Action("attack", unit, target=f.id, tactic=t, release=ally)
                                for t in ("relieve", "cut_in")
                            ]
        out["attack"] = attacks
    if "sneak_attack" in open_kinds:
        out["sneak_attack"] = [Action("sneak_attack", unit, target=f.id) for f in foes]
    for kind in ("stand_up", "drop_prone"):
        if kind in open_kinds:
            out[kind] = [Action(kind, unit)]
    if "step" in open_kinds:
        x, y = me.at
        out["step"] = [Action("step", unit, ((x + dx, y + dy),)) for dx, dy in _RING]
    if "charge" in open_kinds:
        out["charge"] = [
            Action("charge", unit, _line(me.at, sq), target=f.id)
            for f in foes
            for sq in (_next_to(me.at, f.at),)
            if sq != me.at
        ]
    if ruleset.BANDS != ("engage",):
        reach = ruleset.reachable(sit, unit)
        rows = list(range(len(reach)))
        rng.shuffle(rows)
        for i in rows:
            r = reach[i]
            kind = _BAND_ACTIONS.get(r.band)
            if kind is not None and r.path and len(out.setdefault(kind, [])) < MOVE_SAMPLES:
                out[kind].append(Action(kind, unit, r.path))
    return {k: v for k, v in out.items() if v}


def _next_to(start: Square, target: Square) -> Square:
    """The square next to `target` on the side facing `start`."""
    sx = (start[0] > target[0]) - (start[0] < target[0])
    sy = (start[1] > target[1]) - (start[1] < target[1])
    return (target[0] + sx, target[1] + sy)


def _line(start: Square, end: Square) -> tuple[Square, ...]:
    """The squares of a straight 8-connected line from `start` (excluded) to `end`."""
    (x0, y0), (x1, y1) = start, end
    n = max(abs(x1 - x0), abs(y1 - y0), 1)
    return tuple((x0 + round((x1 - x0) * i / n), y0 + round((y1 - y0) * i / n)) for i in range(1, n + 1))


def random_action(snap: Snapshot, unit: str, rng: random.Random) -> Action | None:
    """A random legal action of `unit` now, or None (it stops for this turn): a kind first, then one of its actions."""
    groups = _by_kind(snap, unit, rng)
    kinds = [*sorted(groups), "stop"]
    while kinds:
        kind = kinds.pop(rng.randrange(len(kinds)))
        if kind == "stop":
            return None
        actions = groups[kind]
        rng.shuffle(actions)
        for action in actions:
            if _legal(snap, action):
                return action
    return None
