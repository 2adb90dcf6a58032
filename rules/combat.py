"""The game's own minimal combat model (docs/combat.md) — not from the rule texts.

An attack is d20 + attack bonus against the target's defence; a natural 20 always hits,
a natural 1 always misses. Damage comes from dice text. House-rule ids start with GB-.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.core import Creature, Effect, Event, Ruling
from rules.dice import d20, parse_dice
from rules.to_hit import Modifier, ToHit

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


def to_hit(
    attacker: Creature,
    target: Creature,
    mods: tuple[Modifier, ...] = (),
    advantage: int = 0,
    advantage_rules: tuple[str, ...] = (),
) -> ToHit:
    """The parts of `attacker`'s roll against `target`: its attack, the target's defence and the modifiers."""
    return ToHit(attacker.attack, target.defense, mods, advantage, advantage_rules)


def hit_chance(attack: int, defense: float) -> float:
    """The chance that one d20 + `attack` hits `defense` without advantage, by `roll_attack`'s rule: a natural 20
    always hits and a natural 1 always misses, so it lies between 1 and 19 in 20."""
    return min(0.95, max(0.05, (21 + attack - defense) / 20))


def roll_attack(parts: ToHit, rng: random.Random) -> AttackRoll:
    """Roll d20 + the parts' bonus against their defence; advantage > 0 / < 0 rolls twice."""
    advantage = parts.advantage
    rolls = (d20(rng),) if advantage == 0 else (d20(rng), d20(rng))
    natural = rolls[0] if advantage == 0 else max(rolls) if advantage > 0 else min(rolls)
    total = natural + parts.bonus
    defense = parts.target
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
    mods: tuple[Modifier, ...] = (),
    advantage: int = 0,
    advantage_rules: tuple[str, ...] = (),
) -> Ruling:
    """Roll one attack and its damage; the Ruling's effects lower hp and put a 0-hp target down.

    `rules` are the rule ids that shaped the attack (squeezing, sneak attack …);
    they are cited before the house-rule ids. `mods` are the roll's modifiers, each with its rule id;
    the hit or miss event carries the roll's parts (`Event.to_hit`) for the forecast to show.
    """
    parts = to_hit(attacker, target, mods, advantage, advantage_rules)
    roll = roll_attack(parts, rng)
    detail = f"d20 {roll.natural}" + (f" of {list(roll.rolls)}" if len(roll.rolls) > 1 else "")
    detail += f" + {parts.bonus} = {roll.total} vs {roll.defense}"
    if not roll.hit:
        event = Event("miss", rule, unit=attacker.id, by=target.id, detail=detail, to_hit=parts)
        return Ruling(rules=(*rules, rule), events=(event,))
    rolled = parse_dice(attacker.damage).roll(rng)
    damage = rolled if rolled > 1 else 1  # max(1, rolled) and max(0, …) below, without the calls
    hp = target.hp - damage
    hp = hp if hp > 0 else 0
    events = [
        Event("hit", rule, unit=attacker.id, by=target.id, detail=f"{detail}; {damage} damage, hp {hp}", to_hit=parts)
    ]
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
