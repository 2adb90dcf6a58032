"""HeXXen's guard: hard's side ties the enemy that deals most in a round to a comrade that can take a round of it.

Scratch while tuning (docstring to be written once a setting is chosen).
"""

from __future__ import annotations

from rules.actions import Action
from rules.combat import hit_chance
from rules.core import Creature, Situation
from rules.dice import parse_dice
from rules.hexxen.binding import is_bound
from rules.hexxen.participants import in_fight, opposed
from rules.hexxen.traits import traits
from rules.hexxen.turn import current_turn, round_budget

GUARD_RULESETS = frozenset({"hexxen"})
GUARD = 0.0
GUARD_LAST_AP = False
GUARD_STURDIEST = False
GUARD_SURVIVE = 1.0


def round_damage(sit: Situation, foe: Creature, at: Creature) -> float:
    """What `foe` is expected to take off `at` in a round of its attacks."""
    return round_budget(sit, foe.id) * hit_chance(foe.attack, at.defense) * max(1.0, parse_dice(foe.damage).mean)


def _free(sit: Situation, c: Creature) -> bool:
    return in_fight(sit, c.id) and not is_bound(sit, c.id) and not traits(c).mounted


def guarded(sit: Situation, unit: str, found: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
    """`found` with the guard's bonus on a front attack that ties a free enemy to the unit."""
    me = sit.creatures[unit]
    if GUARD <= 0 or not _free(sit, me):
        return found
    if GUARD_LAST_AP and current_turn(sit, unit).ap_left != 1:
        return found
    foes = [c for c in sit.creatures.values() if _free(sit, c) and opposed(me, c)]
    if not foes:
        return found
    dmg = {c.id: round_damage(sit, c, me) for c in foes}
    top = max(dmg.values())
    if top <= 0:
        return found
    share = 1.0
    if GUARD_STURDIEST:
        mine = [c for c in sit.creatures.values() if in_fight(sit, c.id) and not opposed(me, c)]
        share = me.hp / max(c.hp for c in mine)
    out = []
    for score, action in found:
        foe = sit.creatures.get(action.target or "")
        front = action.kind == "attack" and action.tactic in (None, "front") and action.release is None
        if front and foe is not None and foe.id in dmg and me.hp > GUARD_SURVIVE * dmg[foe.id]:
            blow = parse_dice(me.damage).mean
            if foe.hp > blow:  # a blow likely to fell it binds nothing for long
                score -= GUARD * share * dmg[foe.id] / top
        out.append((score, action))
    return out


TIE = 0.0
TIE_KILL_SKIP = True


def tied(sit: Situation, unit: str, found: list[tuple[float, Action]]) -> list[tuple[float, Action]]:
    """`found` with a bonus on a front attack that ties up a free enemy, when the free enemies could fell a held
    comrade next round."""
    me = sit.creatures[unit]
    if TIE <= 0 or not _free(sit, me):
        return found
    foes = [c for c in sit.creatures.values() if _free(sit, c) and opposed(me, c)]
    if not foes:
        return found
    mine = [c for c in sit.creatures.values() if in_fight(sit, c.id) and not opposed(me, c) and c.id != unit]
    held = [c for c in mine if is_bound(sit, c.id)]
    danger = [c for c in held if sum(round_damage(sit, f, c) for f in foes) >= c.hp]
    if not danger:
        return found
    dmg = {c.id: round_damage(sit, c, me) for c in foes}
    top = max(dmg.values()) or 1.0
    blow = parse_dice(me.damage).mean
    best = min(found, key=lambda sa: sa[0], default=None)
    if TIE_KILL_SKIP and best is not None:
        aim = sit.creatures.get(best[1].target or "")
        if aim is not None and aim.hp <= blow:
            return found
    out = []
    for score, action in found:
        foe = sit.creatures.get(action.target or "")
        front = action.kind == "attack" and action.tactic in (None, "front") and action.release is None
        if front and foe is not None and foe.id in dmg:
            score -= TIE * (0.5 + 0.5 * dmg[foe.id] / top)
        out.append((score, action))
    return out


RESCUE = 0.0


def rescues(sit: Situation, unit: str, found: list[tuple[float, Action]], base) -> list[tuple[float, Action]]:
    """`found` with a relief of a comrade above half its hit points whom its one enemy could fell next round, when the
    unit can take a round of that enemy."""
    import rules.hexxen as hx

    from game.ai import hexxen

    me = sit.creatures[unit]
    if RESCUE <= 0:
        return found
    have = {a for _, a in found}
    out = list(found)
    for ally in sit.creatures.values():
        if ally.id == unit or not in_fight(sit, ally.id) or opposed(me, ally):
            continue
        partners = hx.bound_to(sit, ally.id)
        if len(partners) != 1:
            continue
        foe = sit.creatures[partners[0]]
        if round_damage(sit, foe, ally) < ally.hp or round_damage(sit, foe, me) >= me.hp:
            continue
        action = Action("attack", unit, target=foe.id, tactic="relieve", release=ally.id)
        if action in have or hx.can_attack(sit, unit, foe.id, "relieve", ally.id) is not None:
            continue
        out.append((base(foe) - hexxen.RELIEF_GAIN - RESCUE, action))
    return out


REACH = 0.0


def reach_factor(sit: Situation, foe: Creature) -> float:
    """1 + REACH × the largest share of a comrade's hit points `foe` can take off in its next round: a free enemy
    reaches every comrade, a bound one only its partners (HX-BOUND-NO-MOVE)."""
    import rules.hexxen as hx

    if REACH <= 0:
        return 1.0
    partners = hx.bound_to(sit, foe.id)
    if partners:
        reach = [sit.creatures[u] for u in partners]
    else:
        reach = [c for c in sit.creatures.values() if in_fight(sit, c.id) and opposed(foe, c)]
    risk = max((min(1.0, round_damage(sit, foe, c) / max(1, c.hp)) for c in reach), default=0.0)
    return 1.0 + REACH * risk
