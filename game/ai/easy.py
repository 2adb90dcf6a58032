"""The `easy` strength: a beginner's play, with a beginner's mistakes (measurably weaker than normal).

A beginner hits whichever enemy in reach comes to mind (a random one, not the weakest), walks
straight at the nearest enemy as the crow flies (walls and attacks of opportunity ignored:
only plain move actions, the first reach square that is nearest), never uses a tactic (no
1.5 m step, charge, run, Dash, sneak attack, relief or cut-in), and now and then (BLUNDER)
does something random but legal. Its dice of judgement come from the computer's own generator.
"""

from __future__ import annotations

import random

from game.ai.legal import random_action
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Creature, Illegal
from rules.geometry import chebyshev

BLUNDER = 0.15
"""The chance that a decision is a random legal action instead."""


def _legal(snap: Snapshot, action: Action) -> bool:
    return not isinstance(snap.ruleset.rule(snap.sit, action, random.Random(0)), Illegal)


def _gap(a: Creature, b: Creature) -> int:
    """Chebyshev gap between two footprints, walls ignored (how a beginner judges distance)."""
    return min(chebyshev(p, q) for p in a.footprint() for q in b.footprint())


def easy_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The easy player's next action for `unit` (at most one; empty: it is done for this turn)."""
    sit = snap.sit
    me = sit.creature(unit)
    foes = [c for uid, c in sorted(sit.creatures.items()) if c.side != me.side and not c.defeated]
    if not foes or me.defeated or me.helpless:
        return []
    if rng.random() < BLUNDER:
        action = random_action(snap, unit, rng)
        return [] if action is None else [action]
    if me.prone:
        stand = Action("stand_up", unit)
        return [stand] if _legal(snap, stand) else []
    hittable = [a for f in foes if _legal(snap, a := Action("attack", unit, target=f.id))]
    if hittable:
        return [rng.choice(hittable)]
    if snap.ruleset.BANDS == ("engage",):
        return []  # hexxen: only front attacks, and none is open
    target = min(foes, key=lambda f: (_gap(me, f), f.id))
    reach = snap.ruleset.reachable(sit, unit)
    now = _gap(me, target)
    best = None
    for r in reach:
        if r.band != "move" or not r.path:
            continue
        there = me.evolve(at=r.at)
        key = (_gap(there, target), r.cost)
        if key[0] < now and (best is None or key < best[0]):
            best = (key, r)
    if best is None:
        return []
    move = Action("move", unit, best[1].path)
    return [move] if _legal(snap, move) else []
