"""The hexxen AI: choose one melee attack among engage/front, sneak, relief and cut-in, as the rules allow.

HeXXen has no distances, so there is no path to pick: every option is a (target, tactic,
release) triple checked with the ruleset's own `can_attack` before it is taken.
"""

from __future__ import annotations

from collections.abc import Callable

import rules.hexxen as hexxen
from game.ai.context import Ctx
from rules.actions import Action
from rules.core import Creature
from rules.hexxen.participants import in_fight, opposed

SNEAK_GAIN = 2.0
"""A sneak attack rolls with a bonus and binds nobody: worth this much over a front attack."""
RELIEF_GAIN = 1.0
"""Relieving a comrade that is down to half its hit points or less."""
LAST_HP_GAIN = 4.0
"""Added to a relief or cut-in in proportion to the hit points the freed comrade has lost: a comrade at its
last hit points is freed before any enemy is hit for its own sake (the wound weight is at most 3)."""
CUT_IN_GAIN = 0.5
"""Taking over a binding from a comrade that holds more than one enemy."""
WOUND_WEIGHT = 3.0


def wounds(foe: Creature) -> float:
    """Normal's base score of striking `foe`: its hit points as a share of its maximum, weighed (lower is better)."""
    return WOUND_WEIGHT * foe.hp / max(1, foe.max_hp)


def options(ctx: Ctx, base: Callable[[Creature], float] = wounds) -> list[tuple[float, Action]]:
    """Every melee attack the rules allow the unit now, scored (lower is better); `base` scores the enemy struck."""
    sit, unit = ctx.sit, ctx.unit
    me = ctx.me
    if not in_fight(sit, unit):
        return []
    found: list[tuple[float, Action]] = []
    foes = [c for uid, c in sorted(sit.creatures.items()) if in_fight(sit, uid) and opposed(me, c)]
    for foe in foes:
        score = base(foe)
        if hexxen.can_attack(sit, unit, foe.id, "sneak") is None:
            found.append((score - SNEAK_GAIN, Action("sneak_attack", unit, target=foe.id)))
        if hexxen.can_attack(sit, unit, foe.id) is None:
            found.append((score, Action("attack", unit, target=foe.id)))
        for ally in _comrades_on(ctx, foe):
            danger = LAST_HP_GAIN * (1 - ally.hp / max(1, ally.max_hp))
            if ally.hp * 2 <= ally.max_hp and hexxen.can_attack(sit, unit, foe.id, "relieve", ally.id) is None:
                action = Action("attack", unit, target=foe.id, tactic="relieve", release=ally.id)
                found.append((score - RELIEF_GAIN - danger, action))
            holds_several = len(hexxen.bound_to(sit, ally.id)) > 1
            if holds_several and hexxen.can_attack(sit, unit, foe.id, "cut_in", ally.id) is None:
                action = Action("attack", unit, target=foe.id, tactic="cut_in", release=ally.id)
                found.append((score - CUT_IN_GAIN - danger, action))
    return found


def _comrades_on(ctx: Ctx, foe: Creature) -> list[Creature]:
    """The unit's comrades bound to `foe`."""
    me = ctx.me
    out = []
    for uid in hexxen.bound_to(ctx.sit, foe.id):
        other = ctx.sit.creature(uid)
        if uid != ctx.unit and not opposed(me, other):
            out.append(other)
    return out


def choose(ctx: Ctx, base: Callable[[Creature], float] = wounds) -> list[Action]:
    """The unit's allowed melee attacks now, best first (the planner tries the next if one is refused)."""
    if not (ctx.can("attack") or ctx.can("sneak_attack")):
        return []
    ranked = options(ctx, base)
    ranked.sort(key=lambda sa: (sa[0], sa[1].target or "", sa[1].kind, sa[1].tactic, sa[1].release or ""))
    return [action for _, action in ranked]
