"""What an Effect means: `apply(situation, effects)` is the definition.

A running match changes its state with this function and nothing else (game/battle/match.py);
look-ahead (the AI, hexxen plans) and tests use it too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import Any

from rules.core import Creature, Effect, Illegal, Ruling, Situation, replaced
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
    # what is not changed stays the very object it was (the world's systems skip it, the reach cache's hash is kept)
    changes: dict[str, dict[str, Any]] = {}  # unit → its fields changed so far: each unit is copied once, at the end
    turns, bindings = situation.turns, situation.bindings
    new_turns: dict[str, Any] | None = None
    new_bindings: set[frozenset[str]] | None = None
    board = situation.board
    creatures = situation.creatures
    for effect in effects:
        check(effect)
        unit = effect.unit or ""
        kind = effect.kind
        if kind in ("place", "set", "damage"):
            changed = changes.get(unit)
            if changed is None:
                if unit not in creatures:
                    raise KeyError(unit)  # before anything changes, as every refusal here
                changed = changes[unit] = {}
            if kind == "place":
                anchor, dims = effect.value
                changed["at"] = (int(anchor[0]), int(anchor[1]))
                changed["space"] = None if dims is None else (int(dims[0]), int(dims[1]))
            elif kind == "set":
                changed[str(effect.key)] = effect.value
            else:
                hp = changed["hp"] if "hp" in changed else creatures[unit].hp
                changed["hp"] = max(0, hp - int(effect.value))
        elif kind == "turn":
            if new_turns is None:
                new_turns = dict(turns)
            new_turns[unit] = effect.value
        elif kind in ("bind", "unbind"):
            if new_bindings is None:
                new_bindings = set(bindings)
            pair = frozenset((unit, effect.other or ""))
            new_bindings.add(pair) if kind == "bind" else new_bindings.discard(pair)
        elif kind == "door":
            board = with_door(board, parse_effect_key(str(effect.key)), bool(effect.value))
        else:  # board
            x, y = (int(v) for v in str(effect.key).split(","))
            board = board.with_terrain((x, y), effect.value)
    if changes:
        creatures = dict(creatures)
        for unit, changed in changes.items():
            creatures[unit] = creatures[unit].evolve(**changed)
    return replaced(
        situation,
        board=board,
        creatures=creatures,
        turns=turns if new_turns is None else new_turns,
        bindings=bindings if new_bindings is None else frozenset(new_bindings),
    )


def after(situation: Situation, result: Ruling | Illegal) -> Situation:
    """The situation once a ruling's effects are applied (an Illegal changes nothing)."""
    return situation if isinstance(result, Illegal) else apply(situation, result.effects)
