"""The game's own minimal combat model (docs/combat.md) — not from the rule texts.

An attack is d20 + attack bonus against the target's defence; a natural 20 always hits,
a natural 1 always misses. Damage comes from dice text. House-rule ids start with GB-.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.core import Creature, Effect, Event, Ruling
from rules.dice import d20, parse_dice

GB_ATTACK = "GB-ATTACK"
"""House rule: the attack roll and damage of the minimal combat model."""
GB_DOWN = "GB-DOWN"
"""House rule: what 0 hp means under each ruleset."""


@dataclass(frozen=True, slots=True)
class AttackRoll:
    """The outcome of one attack roll."""

    natural: int
    total: int
    defense: int
    hit: bool
    rolls: tuple[int, ...]
    """Every d20 rolled (two with advantage or disadvantage)."""


def roll_attack(
    attacker: Creature,
    target: Creature,
    rng: random.Random,
    *,
    bonus: int = 0,
    defense_bonus: int = 0,
    advantage: int = 0,
) -> AttackRoll:
    """Roll d20 + attack + bonus against defense + defense_bonus; advantage > 0 / < 0 rolls twice."""
    rolls = (d20(rng),) if advantage == 0 else (d20(rng), d20(rng))
    natural = rolls[0] if advantage == 0 else max(rolls) if advantage > 0 else min(rolls)
    total = natural + attacker.attack + bonus
    defense = target.defense + defense_bonus
    hit = natural == 20 or (natural != 1 and total >= defense)
    return AttackRoll(natural, total, defense, hit, rolls)


def resolve_attack(
    ruleset: str,
    attacker: Creature,
    target: Creature,
    rng: random.Random,
    *,
    rule: str = GB_ATTACK,
    rules: tuple[str, ...] = (),
    bonus: int = 0,
    defense_bonus: int = 0,
    advantage: int = 0,
) -> Ruling:
    """Roll one attack and its damage; the Ruling's effects lower hp and put a 0-hp target down.

    `rules` are the rule ids that shaped the attack (squeezing, sneak attack …);
    they are cited before the house-rule ids.
    """
    roll = roll_attack(attacker, target, rng, bonus=bonus, defense_bonus=defense_bonus, advantage=advantage)
    detail = f"d20 {roll.natural}" + (f" of {list(roll.rolls)}" if len(roll.rolls) > 1 else "")
    detail += f" + {attacker.attack + bonus} = {roll.total} vs {roll.defense}"
    if not roll.hit:
        event = Event("miss", rule, unit=attacker.id, by=target.id, detail=detail)
        return Ruling(rules=(*rules, rule), events=(event,))
    rolled = parse_dice(attacker.damage).roll(rng)
    damage = rolled if rolled > 1 else 1  # max(1, rolled) and max(0, …) below, without the calls
    hp = target.hp - damage
    hp = hp if hp > 0 else 0
    events = [Event("hit", rule, unit=attacker.id, by=target.id, detail=f"{detail}; {damage} damage, hp {hp}")]
    effects = [Effect("damage", target.id, value=damage)]
    all_rules = [*rules, rule]
    if hp == 0:
        events.append(Event("down", GB_DOWN, unit=target.id))
        effects.extend(down_effects(ruleset, target))
        all_rules.append(GB_DOWN)
    return Ruling(rules=tuple(all_rules), events=tuple(events), effects=tuple(effects))


def down_effects(ruleset: str, target: Creature) -> list[Effect]:
    """What 0 hp does, as the ruleset named says (its `down_effects`)."""
    from rules.ruleset import get_ruleset  # the rulesets import this module

    return get_ruleset(ruleset).down_effects(target)
