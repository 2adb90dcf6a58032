"""What an Effect means: `apply(situation, effects)` is the definition.

The game's esper systems (game/battle/systems.py) make the same changes to components; a property
test (tests/test_effects.py) holds them to this function. Look-ahead (the AI, hexxen plans)
and tests use it directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, replace

from rules.core import Creature, Effect, Illegal, Ruling, Situation
from rules.doors import parse_effect_key, with_door

KINDS = ("place", "set", "damage", "turn", "bind", "unbind", "board", "door")
CREATURE_FIELDS = frozenset(f.name for f in fields(Creature)) - {"id"}
"""The unit fields a `set` effect may change (a unit's id never changes)."""


class UnknownEffect(KeyError):
    """An effect of no known kind, or a `set` of a field units do not have."""


def check(effect: Effect) -> None:
    """Raise UnknownEffect unless `effect` is one this module can apply."""
    if effect.kind not in KINDS:
        raise UnknownEffect(f"no effect kind {effect.kind!r}")
    if effect.kind == "set" and effect.key not in CREATURE_FIELDS:
        raise UnknownEffect(f"no unit field {effect.key!r}")


def apply(situation: Situation, effects: Iterable[Effect]) -> Situation:
    """The situation once `effects` are applied, in order (the definition of every effect kind)."""
    creatures = dict(situation.creatures)
    turns = dict(situation.turns)
    bindings = set(situation.bindings)
    board = situation.board
    for effect in effects:
        check(effect)
        unit = effect.unit or ""
        if effect.kind == "place":
            anchor, dims = effect.value
            at = (int(anchor[0]), int(anchor[1]))
            space = None if dims is None else (int(dims[0]), int(dims[1]))
            creatures[unit] = creatures[unit].evolve(at=at, space=space)
        elif effect.kind == "set":
            creatures[unit] = creatures[unit].evolve(**{str(effect.key): effect.value})
        elif effect.kind == "damage":
            creatures[unit] = creatures[unit].evolve(hp=max(0, creatures[unit].hp - int(effect.value)))
        elif effect.kind == "turn":
            turns[unit] = effect.value
        elif effect.kind in ("bind", "unbind"):
            pair = frozenset((unit, effect.other or ""))
            bindings.add(pair) if effect.kind == "bind" else bindings.discard(pair)
        elif effect.kind == "door":
            board = with_door(board, parse_effect_key(str(effect.key)), bool(effect.value))
        else:  # board
            x, y = (int(v) for v in str(effect.key).split(","))
            board = board.with_terrain((x, y), effect.value)
    return replace(situation, board=board, creatures=creatures, turns=turns, bindings=frozenset(bindings))


def after(situation: Situation, result: Ruling | Illegal) -> Situation:
    """The situation once a ruling's effects are applied (an Illegal changes nothing)."""
    return situation if isinstance(result, Illegal) else apply(situation, result.effects)
