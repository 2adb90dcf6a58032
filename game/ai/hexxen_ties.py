"""HeXXen tie-up plans: the unit's comrades engage the enemies still free-standing, so that they strike nobody else.

A free-standing participant may engage any enemy (HX-ENGAGE) or, if it may sneak, strike one held by someone else at
+2 (HX-SNEAK); a bound one may strike only its partners (HX-BOUND-NO-MOVE). Engaging a free enemy binds it
(HX-BIND-ON-ATTACK): its next round is spent on the one who tied it up. The normal script strikes the enemy with the
fewest hit points and never ties anyone up on purpose, so a playout of one unit's decoy, with its comrades by the
normal script, shows the enemy left free felling the held comrade all the same (the mire's poacher binds one hunter,
the moorknecht hits a hunter already held, the last free hunter kills the beast). A tie-up plan plays the option with
the comrades engaging the free enemies first, the most dangerous first (TIE_PLANS, search.py's `_plans`).
"""

from __future__ import annotations

import random

from game.ai.normal import normal_options
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.combat import hit_chance
from rules.core import Creature, Illegal, Situation
from rules.dice import parse_dice
from rules.hexxen.binding import is_bound
from rules.hexxen.participants import opposed
from rules.hexxen.traits import traits
from rules.hexxen.turn import round_budget

TIE_PLANS = 0
"""Tie-up plans a decision weighs at most, where sides take whole turns in HeXXen (0: off): the unit's own tie-up (its
engagement of the most dangerous free enemy), then the normal script's strike, each with the comrades tying up.
Built and off: at 2 hard won 59 of the 120 tuning games on the three HeXXen levels against 61 without them, at a
quarter to two fifths more CPU per side-turn (docs/ai.md)."""

TIE = "*tie-up*"
"""The plan's mark where a focus plan names its enemy (no unit id has a star)."""


def _free(sit: Situation, c: Creature) -> bool:
    """Whether `c` stands free and can be bound (a rider never is, HX-MOUNTED)."""
    return not c.defeated and not is_bound(sit, c.id) and not traits(c).mounted


def _danger(sit: Situation, foe: Creature, mine: list[Creature]) -> float:
    """What `foe` can take off the side of `mine` in a round: its attacks a round × its expected blow."""
    defense = sum(c.defense for c in mine) / max(1, len(mine))
    return round_budget(sit, foe.id) * hit_chance(foe.attack, defense) * max(1.0, parse_dice(foe.damage).mean)


def loose(snap: Snapshot, unit: str) -> list[Creature]:
    """The enemies of `unit` that stand free and can be bound, the most dangerous first (then by id)."""
    sit = snap.sit
    me = sit.creatures[unit]
    mine = [c for c in sit.creatures.values() if not c.defeated and not opposed(me, c)]
    foes = [c for c in sit.creatures.values() if opposed(me, c) and _free(sit, c)]
    return sorted(foes, key=lambda c: (-_danger(sit, c, mine), c.id))


def applies(snap: Snapshot, unit: str, comrades: list[str]) -> bool:
    """Whether a tie-up plan can differ from the normal scripts: HeXXen by sides, a comrade still to act that stands
    free and can be bound, and an enemy free to tie up."""
    if not TIE_PLANS or snap.mode == "initiative" or snap.ruleset.BANDS != ("engage",):
        return False
    sit = snap.sit
    if not any(_free(sit, sit.creatures[c]) for c in comrades):
        return False
    return bool(loose(snap, unit))


def tie_options(snap: Snapshot, unit: str, rng: random.Random) -> list[Action]:
    """The unit's next actions in a tie-up plan: while it stands free, a front attack on the most dangerous free
    enemy the rules let it engage; then (or else) the normal script."""
    normal = normal_options(snap, unit, rng)
    sit = snap.sit
    me = sit.creatures.get(unit)
    if me is None or not _free(sit, me) or not normal or normal[0].kind not in ("attack", "sneak_attack"):
        return normal
    aim = sit.creatures.get(normal[0].target or "")
    if aim is not None and aim.hp <= parse_dice(me.damage).mean:
        return normal  # the script's blow is likely to fell its enemy: a fall frees more than a tie-up holds
    for foe in loose(snap, unit):
        engage = Action("attack", unit, target=foe.id)
        if not isinstance(snap.ruleset.rule(sit, engage, random.Random(0)), Illegal):
            return [engage, *(a for a in normal if a != engage)]
    return normal


def openings(snap: Snapshot, unit: str, portfolio: list[Action | None]) -> list[Action]:
    """The first actions a decision plays tie-up plans for (TIE_PLANS at most, each in the portfolio): the unit's own
    tie-up first, then the portfolio's first strike (the normal script's choice when it strikes)."""
    own = tie_options(snap, unit, random.Random(0))[:1]
    strikes = [a for a in portfolio if a is not None and a.kind in ("attack", "sneak_attack")][:1]
    return [a for a in dict.fromkeys([*own, *strikes]) if a in portfolio][:TIE_PLANS]
