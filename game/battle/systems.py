"""esper processors that apply a Ruling's effects to components; their order is fixed here.

rules/effects.py `apply` defines what each effect means; these systems make the same change to the
components that own each field (FIELD_OWNERS), and tests/test_effects.py holds them to it.
"""

from __future__ import annotations

import esper

from game.battle.components import (
    Engaged,
    Health,
    MapState,
    PendingEffects,
    Position,
    Posture,
    Profile,
    Side,
    Size,
    TurnBudget,
)
from rules.core import Effect
from rules.doors import parse_effect_key, with_door
from rules.effects import CREATURE_FIELDS, check

FIELD_OWNERS: dict[str, type] = {
    "at": Position,
    "space": Position,
    "size": Size,
    "side": Side,
    "hp": Health,
    "max_hp": Health,
    "defeated": Health,
    "prone": Posture,
    "helpless": Posture,
    "squeezed": Posture,
    "airborne": Posture,
    "mode": Posture,
}
"""Unit field → the component that holds it (its attribute has the field's name); every other field of a
Creature lives in the unit's Profile. world.creatures() reads the fields back from the same owners."""

EntityIndex = dict[str, int]
"""unit id → its entity (built once by world.populate, kept by the Match)."""


class _EffectSystem(esper.Processor):
    """Base: take the pending effects of the kinds this system owns; units are found through the index."""

    kinds: tuple[str, ...] = ()

    def __init__(self, entities: EntityIndex) -> None:
        self.entities = entities

    def entity_of(self, unit: str | None) -> int:
        """The entity of the unit with this id (KeyError if none)."""
        return self.entities[unit or ""]

    def process(self) -> None:
        """Apply every pending effect of this system's kinds, in order."""
        for _, pending in esper.get_component(PendingEffects):
            for effect in pending.effects:
                if effect.kind in self.kinds:
                    self.apply(effect)

    def apply(self, effect: Effect) -> None:  # pragma: no cover - abstract
        """Apply one effect."""
        raise NotImplementedError


class MovementSystem(_EffectSystem):
    """Moves tokens: `place` effects set anchor and footprint."""

    kinds = ("place",)

    def apply(self, effect: Effect) -> None:
        """Set the unit's Position."""
        anchor, dims = effect.value
        position = esper.component_for_entity(self.entity_of(effect.unit), Position)
        position.at = (int(anchor[0]), int(anchor[1]))
        position.space = None if dims is None else (int(dims[0]), int(dims[1]))


class TerrainSystem(_EffectSystem):
    """Changes the board: doors opening and closing."""

    kinds = ("board", "door")

    def apply(self, effect: Effect) -> None:
        """Replace the terrain of one square, or open or close a door on an edge."""
        for _, map_state in esper.get_component(MapState):
            if effect.kind == "door":
                key = parse_effect_key(str(effect.key))
                map_state.board = with_door(map_state.board, key, bool(effect.value))
                continue
            x, y = (int(v) for v in str(effect.key).split(","))
            map_state.board = map_state.board.with_terrain((x, y), effect.value)


class ConditionSystem(_EffectSystem):
    """Sets unit fields (`set`, through FIELD_OWNERS) and applies damage."""

    kinds = ("set", "damage")

    def apply(self, effect: Effect) -> None:
        """Route the change to the component that owns the field."""
        ent = self.entity_of(effect.unit)
        if effect.kind == "damage":
            health = esper.component_for_entity(ent, Health)
            hp = health.hp - int(effect.value)
            health.hp = hp if hp > 0 else 0  # max(0, hp), without the call
            return
        key = effect.key or ""
        owner = FIELD_OWNERS.get(key)
        if owner is not None:
            setattr(esper.component_for_entity(ent, owner), key, effect.value)
        elif key in CREATURE_FIELDS:
            profile = esper.component_for_entity(ent, Profile)
            profile.creature = profile.creature.evolve(**{key: effect.value})
        else:  # check() refused it already; kept so a new kind of key can never pass silently
            raise KeyError(f"no unit field {key!r}")


class BindingSystem(_EffectSystem):
    """Keeps the hexxen binding graph symmetric (HX-STATES)."""

    kinds = ("bind", "unbind")

    def apply(self, effect: Effect) -> None:
        """Add or remove the pair on both partners."""
        a, b = effect.unit or "", effect.other or ""
        ea, eb = self.entity_of(a), self.entity_of(b)
        pa = esper.component_for_entity(ea, Engaged).partners
        pb = esper.component_for_entity(eb, Engaged).partners
        if effect.kind == "bind":
            pa.add(b)
            pb.add(a)
        else:
            pa.discard(b)
            pb.discard(a)


class TurnSystem(_EffectSystem):
    """Stores the unit's new per-turn budget."""

    kinds = ("turn",)

    def apply(self, effect: Effect) -> None:
        """Replace the TurnBudget state."""
        esper.component_for_entity(self.entity_of(effect.unit), TurnBudget).state = effect.value


class ClearEffects(esper.Processor):
    """Last: the pending effects have all been applied."""

    def process(self) -> None:
        """Empty the queue."""
        for _, pending in esper.get_component(PendingEffects):
            pending.effects.clear()


PIPELINE: tuple[type[esper.Processor], ...] = (
    TerrainSystem,
    MovementSystem,
    ConditionSystem,
    BindingSystem,
    TurnSystem,
    ClearEffects,
)
"""Processor order, first to last: the board changes before tokens move onto it."""


def install(entities: EntityIndex) -> None:
    """Add the pipeline's processors to the current esper world, in PIPELINE order."""
    for rank, cls in enumerate(PIPELINE):
        processor = cls(entities) if issubclass(cls, _EffectSystem) else cls()
        esper.add_processor(processor, priority=len(PIPELINE) - rank)


def queue(effects: tuple[Effect, ...] | list[Effect]) -> None:
    """Hand effects to the pipeline (each checked first: an unknown kind or field raises before any applies)."""
    for effect in effects:
        check(effect)
    for _, pending in esper.get_component(PendingEffects):
        pending.effects.extend(effects)
