"""The script hard's side plays in HeXXen: normal's tactics, but striking first the enemy that deals most per hit point.

Normal's HeXXen script (game/ai/hexxen.py) scores an enemy by its hit points as a share of its maximum, so at the
start of a fight, every enemy whole, it strikes them in the order of their ids. On hexxen_riders that sends all
four hunters' twelve blows at the witch rider (48 hit points, three blows a round) while six imps that each fall to
one blow and strike three times a round go untouched, and the imps' reply fells a rider. This script keeps normal's
tactics and their weights (sneak attack, relief, cut-in) and changes only the enemy's score: its weight in the
evaluation (`power_weights`) × its attacks a round (its AP, GB-HEXXEN-AP) per hit point left, Lanchester's
priority, so that what falls first is what removes the most blows from the enemy's reply.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from game.ai import hexxen
from game.ai.context import Ctx
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Creature, Situation
from rules.hexxen.participants import in_fight, opposed
from rules.hexxen.turn import round_budget

PICK_RULESETS = frozenset({"hexxen"})
"""The rulesets whose options this pick scores: HeXXen's melee options (game/ai/hexxen.py)."""
HEXXEN_PICK = True
"""Whether hard's own side plays HeXXen with the priority pick (`pick_options`) where sides take whole turns: its
search's default (the option that keeps its place by the margin) and its side's part in every playout. The enemy's
reply is still played by the normal script (the player hard meets as `normal`). By initiative (hexxen_mirror) hard
plays as before."""


def priority_base(sit: Situation, me: Creature, weights: Mapping[str, float]) -> Callable[[Creature], float]:
    """The enemy's score for `me` (lower is better, 0 for the best): WOUND_WEIGHT × (1 − its weight × its AP per hit
    point left, over the most any enemy in the fight has)."""
    worth = {
        c.id: weights.get(c.id, 1.0) * round_budget(sit, c.id) / max(1, c.hp)
        for uid, c in sit.creatures.items()
        if in_fight(sit, uid) and opposed(me, c)
    }
    top = max(worth.values(), default=0.0)

    def base(foe: Creature) -> float:
        return hexxen.WOUND_WEIGHT * (1.0 - worth.get(foe.id, 0.0) / top) if top > 0 else hexxen.wounds(foe)

    return base


def pick_options(
    snap: Snapshot, unit: str, rng: random.Random, weigh: Callable[[Situation], Mapping[str, float]]
) -> list[Action]:
    """The unit's allowed melee attacks now by normal's tactics and the priority pick, best first."""
    ctx = Ctx(snap.sit, snap.ruleset, unit, rng)
    return hexxen.choose(ctx, priority_base(snap.sit, ctx.me, weigh(snap.sit)))
