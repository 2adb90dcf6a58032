"""Applying a Ruling's effects to a Situation: what the game's systems do, for look-ahead and tests."""

from __future__ import annotations

from dataclasses import replace

from rules.core import Illegal, Ruling, Situation
from rules.hexxen.binding import with_pair, without_pair


def after(sit: Situation, result: Ruling | Illegal) -> Situation:
    """The Situation once `result`'s effects are applied (an Illegal changes nothing)."""
    if isinstance(result, Illegal):
        return sit
    creatures = dict(sit.creatures)
    turns = dict(sit.turns)
    bindings = sit.bindings
    for effect in result.effects:
        unit = effect.unit or ""
        if effect.kind == "place":
            creatures[unit] = creatures[unit].evolve(at=effect.value[0])
        elif effect.kind == "set" and effect.key is not None:
            creatures[unit] = creatures[unit].evolve(**{effect.key: effect.value})
        elif effect.kind == "damage":
            creatures[unit] = creatures[unit].evolve(hp=max(0, creatures[unit].hp - effect.value))
        elif effect.kind == "turn":
            turns[unit] = effect.value
        elif effect.kind == "bind" and effect.other is not None:
            bindings = with_pair(bindings, unit, effect.other)
        elif effect.kind == "unbind" and effect.other is not None:
            bindings = without_pair(bindings, unit, effect.other)
    return replace(sit, creatures=creatures, turns=turns, bindings=bindings)
