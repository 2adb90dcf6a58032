"""The script hard's side plays in dnd5e: normal's, but striking the enemy with the most weight per hit point left."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from game.ai import dnd5e_wait, hexxen_pick, pf1_pick
from game.ai.context import Ctx
from game.ai.normal import normal_options
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.combat import hit_chance
from rules.core import Creature, Situation
from rules.dice import parse_dice

PRIORITY_RULESETS: frozenset[str] = frozenset({"dnd5e", "pf1"})
"""Rulesets in which hard's own side plays its script with the priority pick (`side_options`): among the enemies in
reach it strikes (in dnd5e also walks up to) the one with the most weight (the search's `power_weights`) per hit
point left, not the one with the fewest hit points; in pf1 with its quiet approach and its wait
(game/ai/pf1_pick.py: +13.3 points of seat gain on the report seeds against +9.2, within the noise; the pick alone
moved nothing there). The whole fight long, felling first the enemy that deals the most damage
per blow it takes to fell (Lanchester's priority) saves more than a playout to the reply shows; the search's
default (the option that keeps its place by its margin) and its own side's part in every playout follow it.
Only where sides take whole turns (by initiative hard plays its side as before). On in dnd5e, with PRIORITY_QUIET and
`portfolio.SAFE_RETREATS`: the three together won 143 of 240 tuning games against 128 without them, and on the report
seeds +9.2 points of seat gain against +4.2, no level fewer (within the noise); alone, the pick gained hard two games
of 180 (docs/ai.md). In dnd5e its first round waits until the armies meet, then holds while fewer than half the
enemies can strike it (game/ai/dnd5e_wait.py)."""

PRIORITY_BLOW = False
"""Whether the pick weighs what one blow of the striker takes off each enemy (its weight × the chance to hit it ×
the share of its hit points left that the blow's mean damage removes, `blow_pick`) rather than the enemy's weight
per hit point left: a blow on a rat at 3 hp removes the whole rat and no more, one on a giant at 68 hp the same
blow's share of the giant. Built and off: no stronger than the priority pick, for the normal player or for hard
(docs/ai.md)."""

PRIORITY_QUIET = True
"""Whether a unit of hard's side that cannot strike this turn closes in only as far as a square outside every
enemy's reach in its side's script (with the pick), so that the enemy comes to it and it strikes first. On, with the
pick and safe retreats (PRIORITY_RULESETS). Hard then no longer Dashes up to an enemy that is busy elsewhere
(tests/test_ai_tactics.py: normal does)."""

WARY_RULESETS = frozenset({"dnd5e"})
"""The rulesets whose script `WARY` applies to: dnd5e's (`dnd5e.choose`)."""
WARY = 0.0
"""How much a square that hard's own side walks to in dnd5e in order to strike costs more per share of the unit's hit
points its opportunity attacks are expected to take (`dnd5e.leave_cost`: the expected blows of the enemies whose
reach it stands in and leaves), in its side's script (`side_options`, with or without the pick); 0: as normal's.
Watched on dnd5e_cliffs (seed 5011): Hilde at 11 hit points, in the wyvern's reach (3 m) and out of her own, walks
1.5 m to strike a gnoll and falls to the wyvern's opportunity attack; normal measures only its three best squares
for provokes, all by the gnoll. Built and off (docs/ai.md)."""


def blow_pick(me: Creature, foes: Sequence[Creature], weights: Mapping[str, float]) -> Creature:
    """The enemy of whose weight one blow of `me` takes off the most (then the fewest hit points, then id)."""
    mean = max(1.0, parse_dice(me.damage).mean)

    def worth(c: Creature) -> float:
        return weights[c.id] * hit_chance(me.attack, c.defense) * min(mean, c.hp) / max(1, c.hp)

    return min(foes, key=lambda c: (-worth(c), c.hp, c.id))


def priority_pick(foes: Sequence[Creature], weights: Mapping[str, float]) -> Creature:
    """The enemy with the most weight per hit point left (then the fewest hit points, then id): the fall that
    removes the most damage per blow still to land."""
    return min(foes, key=lambda c: (-weights[c.id] / max(1, c.hp), c.hp, c.id))


def side_options(
    snap: Snapshot, unit: str, rng: random.Random, own: str | None, weigh: Callable[[Situation], Mapping[str, float]]
) -> list[Action]:
    """The unit's next actions by its side's script: the normal script, but for a unit of side `own` (hard's) in
    PRIORITY_RULESETS, when sides take whole turns, with the priority pick (`blow_pick` with PRIORITY_BLOW), by the
    weights `weigh` gives (in pf1 with its quiet approach, game/ai/pf1_pick.py); in HeXXen, where sides take whole
    turns, HeXXen's own pick (game/ai/hexxen_pick.py); in dnd5e with WARY, a script that does not walk out of a reach
    to strike."""
    mine = own is not None and snap.sit.creatures[unit].side == own and snap.mode != "initiative"
    if mine and hexxen_pick.HEXXEN_PICK and snap.ruleset_name in hexxen_pick.PICK_RULESETS:
        return hexxen_pick.pick_options(snap, unit, rng, weigh)
    picks = snap.ruleset_name in PRIORITY_RULESETS
    if mine and picks and snap.ruleset_name in pf1_pick.PICK_RULESETS:
        return pf1_pick.pick_options(snap, unit, rng, weigh, priority_pick)
    if not mine or not (picks or (WARY and snap.ruleset_name in WARY_RULESETS)):
        return normal_options(snap, unit, rng)
    from game.ai import dnd5e

    if not picks:
        chosen = dnd5e.choose(Ctx(snap.sit, snap.ruleset, unit, rng), wary=WARY)
        return [] if chosen is None else [chosen]
    weights = weigh(snap.sit)
    me = snap.sit.creatures[unit]

    def pick(foes: Sequence[Creature]) -> Creature:
        return blow_pick(me, foes, weights) if PRIORITY_BLOW else priority_pick(foes, weights)

    wait = dnd5e_wait.waiting(snap, unit)
    hold = None if wait is not None else dnd5e_wait.holding(snap, unit)
    chosen = dnd5e.choose(Ctx(snap.sit, snap.ruleset, unit, rng), pick, PRIORITY_QUIET, WARY, wait, hold)
    return [] if chosen is None else [chosen]
