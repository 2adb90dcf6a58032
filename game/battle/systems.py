"""esper processors that write a match's newest situation into the world's components; their order is fixed here.

The state of a match is its newest `Situation`; what an effect does to it is `rules/effects.py`
`apply`, and nothing here says it again. After every change the match runs the pipeline once with
the situation before, the one after and the units whose creature changed
(`esper.process(before, after, units)`, game/battle/world.py): each system writes the components
it owns for what differs between the two. A situation made from another shares every part that
did not change (the same creature, board and turn state objects: rules/effects.py), so a
difference is found by identity and an unchanged unit is not written. `before` None writes
everything (a new world, an undo, a replay step).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import esper

from game.battle.components import (
    Engaged,
    Health,
    MapState,
    Position,
    Posture,
    Profile,
    Side,
    Size,
    Speed,
    TurnBudget,
)
from rules.core import Creature, Situation

EntityIndex = Mapping[str, int]
"""unit id → its entity (built once by the World)."""
Units = Sequence[tuple[str, Creature]]
"""The units whose creature changed, with their new creature (`changed`)."""


class _WriteSystem(esper.Processor):
    """Base: a system that writes components from the situation after a change."""

    def __init__(self, entities: EntityIndex) -> None:
        self.entities = entities

    def process(self, before: Situation | None, after: Situation, units: Units) -> None:  # pragma: no cover
        """Write what changed from `before` to `after` (everything when `before` is None); `units` changed."""
        raise NotImplementedError


def changed(before: Situation | None, after: Situation) -> Units:
    """The units whose creature is not the very one of `before` (all when `before` is None)."""
    if before is None:
        return list(after.creatures.items())
    old = before.creatures
    return [(uid, c) for uid, c in after.creatures.items() if old.get(uid) is not c]


class TerrainSystem(_WriteSystem):
    """The board: doors opened or closed, terrain changed."""

    def process(self, before: Situation | None, after: Situation, units: Units) -> None:
        """Write the board when it is another one."""
        if before is not None and before.board is after.board:
            return
        for _, map_state in esper.get_component(MapState):
            map_state.board = after.board


class MovementSystem(_WriteSystem):
    """Where the units stand and how they move: Position, Size, Speed, Posture."""

    def process(self, before: Situation | None, after: Situation, units: Units) -> None:
        """Write the movement components of every changed unit."""
        get = esper.component_for_entity
        for uid, c in units:
            ent = self.entities[uid]
            position = get(ent, Position)
            position.at, position.space = c.at, c.space
            get(ent, Size).size = c.size
            speed = get(ent, Speed)
            speed.walk, speed.fly, speed.climb, speed.swim, speed.mode = c.speed, c.fly, c.climb, c.swim, c.mode
            posture = get(ent, Posture)
            posture.prone, posture.helpless, posture.squeezed, posture.airborne = (
                c.prone,
                c.helpless,
                c.squeezed,
                c.airborne,
            )


class ConditionSystem(_WriteSystem):
    """Who the units are and how they fare: Profile, Side, Health."""

    def process(self, before: Situation | None, after: Situation, units: Units) -> None:
        """Write the profile, side and health of every changed unit."""
        get = esper.component_for_entity
        for uid, c in units:
            ent = self.entities[uid]
            get(ent, Profile).creature = c
            get(ent, Side).side = c.side
            health = get(ent, Health)
            health.hp, health.max_hp, health.defeated = c.hp, c.max_hp, c.defeated


class BindingSystem(_WriteSystem):
    """The hexxen binding graph (HX-STATES), symmetric: each partner lists the other."""

    def process(self, before: Situation | None, after: Situation, units: Units) -> None:
        """Write every unit's partners when the bindings changed."""
        if before is not None and before.bindings == after.bindings:
            return
        partners: dict[str, set[str]] = {uid: set() for uid in self.entities}
        for pair in after.bindings:
            for uid in pair:
                partners[uid] |= pair - {uid}
        for uid, ent in self.entities.items():
            esper.component_for_entity(ent, Engaged).partners = frozenset(partners[uid])


class TurnSystem(_WriteSystem):
    """Each unit's per-turn budget (the ruleset's TurnState)."""

    def process(self, before: Situation | None, after: Situation, units: Units) -> None:
        """Write the turn state of every unit whose state is another one."""
        if before is not None and before.turns is after.turns:
            return
        new = after.turns
        if before is None:
            units: Iterable[str] = self.entities
        else:
            # the units whose turn state is another object or is gone, in one pass over the turn states (a big army's
            # turn states are many, and an action changes one or two)
            old = before.turns
            units = [uid for uid, state in new.items() if old.get(uid) is not state]
            units.extend(old.keys() - new.keys())
        entities = self.entities
        for uid in units:
            ent = entities.get(uid)
            if ent is not None:
                esper.component_for_entity(ent, TurnBudget).state = new.get(uid)


PIPELINE: tuple[type[_WriteSystem], ...] = (TerrainSystem, MovementSystem, ConditionSystem, BindingSystem, TurnSystem)
"""Processor order, first to last: the board before the tokens on it."""


def install(entities: EntityIndex) -> None:
    """Add the pipeline's processors to the current esper world, in PIPELINE order."""
    for rank, cls in enumerate(PIPELINE):
        esper.add_processor(cls(entities), priority=len(PIPELINE) - rank)
