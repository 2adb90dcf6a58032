"""Attacks of opportunity taken automatically from the `provokes` events of a ruling: its steps' or its own.

The texts only say *when* an attack of opportunity is provoked (PF1-SIZE3-AOO,
PF1-TINY-THROUGH, D5-OA-LEAVE-REACH and the standard-Pathfinder threatened squares);
who takes it, how often and what happens is the game's own house rule GB-AOO
(docs/combat.md): each provoked creature that is standing and has a reaction left this
round attacks once with the minimal combat model; a mover brought down stops where it
was when it provoked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.combat import resolve_attack
from rules.core import Creature, Effect, Event, Ruling, Situation, Square, footprint, merge_rules

GB_AOO = "GB-AOO"


def reactions_left(creature: Creature, round_no: int) -> int:
    """How many attacks of opportunity the creature may still take this round."""
    allowed = creature.traits.reactions_per_round()  # one, or what the ruleset's record says (pf1 Combat Reflexes)
    used = creature.reactions_used if creature.reaction_round == round_no else 0
    left = allowed - used
    return left if left > 0 else 0  # max(0, left), without the call


def resolve_opportunity_attacks(
    sit: Situation, mover: str, ruling: Ruling, rng: random.Random, stop_rule: str
) -> Ruling:
    """The movement ruling with its attacks of opportunity rolled and, if the mover falls, its stop (`stop_rule`)."""
    if not any(e.kind == "provokes" for step in ruling.steps for e in step.events) and not any(
        e.kind == "provokes" for e in ruling.events
    ):
        return ruling
    creatures = dict(sit.creatures)
    used: dict[str, int] = {}
    events: list[Event] = []
    effects: list[Effect] = []
    rules: list[str] = []
    hp = creatures[mover].hp
    for index, provoking in _provoking(ruling):
        for event in provoking:
            if event.kind != "provokes" or event.by is None or event.by not in creatures:
                continue
            enemy = creatures[event.by]
            if enemy.defeated or enemy.helpless or reactions_left(enemy, sit.round) - used.get(enemy.id, 0) <= 0:
                continue
            used[enemy.id] = used.get(enemy.id, 0) + 1
            target = creatures[mover].evolve(hp=hp)
            attack = resolve_attack(sit.ruleset, enemy, target, rng, rule=GB_AOO, rules=(event.rule,))
            events.append(Event("opportunity_attack", GB_AOO, unit=enemy.id, by=mover, at=event.at))
            events.extend(attack.events)
            rules.extend(attack.rules)
            for effect in attack.effects:
                if effect.kind == "damage":
                    hp = max(0, hp - int(effect.value))
            effects.extend(attack.effects)
            if hp == 0:
                if index is None:
                    # provoked by an action without steps (standing up): the unit falls where it is
                    return _merged(sit, ruling, events, effects, rules, used)
                return _stopped(sit, mover, ruling, index, events, effects, rules, used, stop_rule)
    return _merged(sit, ruling, events, effects, rules, used)


def _provoking(ruling: Ruling) -> list[tuple[int | None, Sequence[Event]]]:
    """The events each step provokes by, then those of the action itself (None: standing up, for one).

    A movement's ruling repeats its steps' events; those are resolved once, with their step, so
    whatever action emits a `provokes` event, its attack is rolled exactly once.
    """
    out: list[tuple[int | None, Sequence[Event]]] = list(enumerate(step.events for step in ruling.steps or ()))
    loose = list(ruling.events)
    for _, step_events in out:
        for event in step_events:
            if event in loose:
                loose.remove(event)
    out.append((None, loose))
    return out


def _merged(
    sit: Situation,
    ruling: Ruling,
    events: list[Event],
    effects: list[Effect],
    rules: list[str],
    used: dict[str, int],
    base_effects: Sequence[Effect] | None = None,
) -> Ruling:
    """The ruling plus the attacks' events and effects and the reactions spent."""
    spent = []
    for unit, count in used.items():
        c = sit.creatures[unit]
        before = c.reactions_used if c.reaction_round == sit.round else 0
        spent.append(Effect("set", unit, "reaction_round", sit.round))
        spent.append(Effect("set", unit, "reactions_used", before + count))
    return Ruling(
        cost=ruling.cost,
        unit_cm=ruling.unit_cm,
        rules=merge_rules(ruling.rules, rules),
        events=(*ruling.events, *events),
        effects=(*(ruling.effects if base_effects is None else base_effects), *effects, *spent),
        steps=ruling.steps,
        band=ruling.band,
        message=ruling.message,
    )


def _stopped(
    sit: Situation,
    mover: str,
    ruling: Ruling,
    index: int,
    events: list[Event],
    effects: list[Effect],
    rules: list[str],
    used: dict[str, int],
    stop_rule: str,
) -> Ruling:
    """The mover fell while leaving step `index`'s start: it stays on the last legal position before it."""
    c = sit.creatures[mover]
    positions: list[tuple[Square, tuple[int, int] | None]] = [(c.at, c.space)]
    positions += [(s.to, s.dims) for s in ruling.steps[:index]]
    anchor, dims = positions[-1]
    for anchor_try, dims_try in reversed(positions):
        if _free(sit, mover, anchor_try, dims_try or c.dims):
            anchor, dims = anchor_try, dims_try
            break
    kept = [e for e in ruling.effects if not (e.unit == mover and (e.kind == "place" or e.key == "squeezed"))]
    kept.append(Effect("place", mover, value=(anchor, dims)))
    kept.append(Effect("set", mover, "squeezed", dims is not None))
    events.append(Event("stopped", stop_rule, unit=mover, at=anchor, detail="brought down while moving"))
    rules.append(stop_rule)
    return _merged(sit, ruling, events, effects, rules, used, base_effects=kept)


def _free(sit: Situation, mover: str, anchor: Square, dims: tuple[int, int]) -> bool:
    """Whether the footprint overlaps no other standing creature (a downed one may be shared)."""
    squares = footprint(anchor, dims)
    for other in sit.others(mover):
        if other.defeated or other.helpless:
            continue
        if squares & other.footprint():
            return False
    return True
