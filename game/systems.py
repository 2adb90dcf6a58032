"""esper processors that apply a Ruling's effects to components; their order is fixed here."""

from __future__ import annotations

from dataclasses import fields

import esper

from game.components import (
    Engaged,
    Health,
    MapState,
    PendingEffects,
    Position,
    Posture,
    Profile,
    TurnBudget,
)
from rules.core import Creature, Effect

_POSTURE_KEYS = {f.name for f in fields(Posture)}
_CREATURE_KEYS = {f.name for f in fields(Creature)}


def entity_of(unit: str) -> int:
    """The entity of the unit with this id (KeyError if none)."""
    for ent, profile in esper.get_component(Profile):
        if profile.creature.id == unit:
            return ent
    raise KeyError(unit)


class _EffectSystem(esper.Processor):
    """Base: take the pending effects of the kinds this system owns."""

    kinds: tuple[str, ...] = ()

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
        position = esper.component_for_entity(entity_of(effect.unit or ""), Position)
        position.at = (int(anchor[0]), int(anchor[1]))
        position.space = None if dims is None else (int(dims[0]), int(dims[1]))


class TerrainSystem(_EffectSystem):
    """Changes the board: doors opening and closing."""

    kinds = ("board",)

    def apply(self, effect: Effect) -> None:
        """Replace the terrain of one square."""
        x, y = (int(v) for v in str(effect.key).split(","))
        for _, map_state in esper.get_component(MapState):
            map_state.board = map_state.board.with_terrain((x, y), effect.value)


class ConditionSystem(_EffectSystem):
    """Sets conditions and other fields (`set`) and applies damage."""

    kinds = ("set", "damage")

    def apply(self, effect: Effect) -> None:
        """Route the change to the component that owns the field."""
        ent = entity_of(effect.unit or "")
        if effect.kind == "damage":
            health = esper.component_for_entity(ent, Health)
            health.hp = max(0, health.hp - int(effect.value))
            return
        key = effect.key or ""
        if key in _POSTURE_KEYS:
            setattr(esper.component_for_entity(ent, Posture), key, effect.value)
        elif key == "defeated":
            esper.component_for_entity(ent, Health).defeated = bool(effect.value)
        elif key == "hp":
            esper.component_for_entity(ent, Health).hp = int(effect.value)
        elif key in _CREATURE_KEYS:
            profile = esper.component_for_entity(ent, Profile)
            profile.creature = profile.creature.evolve(**{key: effect.value})
        else:
            raise KeyError(f"no unit field {key!r}")


class BindingSystem(_EffectSystem):
    """Keeps the hexxen binding graph symmetric (HX-STATES)."""

    kinds = ("bind", "unbind")

    def apply(self, effect: Effect) -> None:
        """Add or remove the pair on both partners."""
        a, b = effect.unit or "", effect.other or ""
        ea, eb = entity_of(a), entity_of(b)
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
        esper.component_for_entity(entity_of(effect.unit or ""), TurnBudget).state = effect.value


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


def install() -> None:
    """Add the pipeline's processors to the current esper world, in PIPELINE order."""
    for rank, cls in enumerate(PIPELINE):
        esper.add_processor(cls(), priority=len(PIPELINE) - rank)
