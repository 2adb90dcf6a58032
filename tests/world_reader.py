"""What a match's esper world shows, read back component by component (tests only: the game never reads it back)."""

from __future__ import annotations

from typing import Any

import esper

from game.battle.components import Engaged, Health, MapState, Position, Posture, Profile, Side, Size, Speed, TurnBudget
from game.battle.match import Match
from rules.core import Creature, Situation, replaced


def shown(match: Match) -> Situation:
    """The match's situation as its world's components give it: each field from the component that owns it."""
    world = match.world
    assert world.entities, "the match has no world"
    esper.switch_world(world.name)
    get = esper.component_for_entity
    creatures: dict[str, Creature] = {}
    turns: dict[str, Any] = {}
    pairs: set[frozenset[str]] = set()
    for uid, ent in world.entities.items():
        pos, size, speed, side = get(ent, Position), get(ent, Size), get(ent, Speed), get(ent, Side)
        health, posture = get(ent, Health), get(ent, Posture)
        creatures[uid] = get(ent, Profile).creature.evolve(
            at=pos.at,
            space=pos.space,
            size=size.size,
            speed=speed.walk,
            fly=speed.fly,
            climb=speed.climb,
            swim=speed.swim,
            mode=speed.mode,
            side=side.side,
            hp=health.hp,
            max_hp=health.max_hp,
            defeated=health.defeated,
            prone=posture.prone,
            helpless=posture.helpless,
            squeezed=posture.squeezed,
            airborne=posture.airborne,
        )
        state = get(ent, TurnBudget).state
        if state is not None:
            turns[uid] = state
        pairs.update(frozenset((uid, other)) for other in get(ent, Engaged).partners)
    boards = [m.board for _, m in esper.get_component(MapState)]
    assert len(boards) == 1
    sit = match.situation()
    return replaced(sit, board=boards[0], creatures=creatures, turns=turns, bindings=frozenset(pairs))
