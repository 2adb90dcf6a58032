"""A level's play fingerprint: a sha256 of what changes play, and of nothing else.

A replay names the level it was made on by this fingerprint, so a level may be renamed,
described, translated, given art or grammatical data, or reformatted and its replays still
run; change the map, a unit's rule keys, the sides' order, `[rules]`, the turn order or the
victory rounds and they are refused (docs/replays.md). What counts: the ruleset, `turns`,
`[rules]` (diagonal and the ruleset's own options), every square's terrain, wall segments and
edge doors, the sides in order (ids), every unit's fields but its name and art (in level
order), and `[victory] rounds`. A field left at its default is left out, so a version that
adds a unit key with a default keeps the fingerprints of the levels made before it.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from game.levels.level import Level
from rules.core import Creature, Terrain
from rules.traits import Traits

NOT_PLAY = frozenset({"name", "art"})
"""Unit fields that never change play: what players read and what the window draws."""


def play_fingerprint(level: Level) -> str:
    """sha256 (hex) of the level's play data (see the module's docstring)."""
    board = level.board
    data = {
        "ruleset": level.ruleset,
        "turns": level.turns,
        "rules": {"diagonal": level.options.diagonal, "extra": _plain(level.options.extra)},
        "size": [board.width, board.height],
        "tiles": [_changed(t) for t in board.tiles],
        "edges": sorted([sorted(_plain(list(edge))), kind] for edge, kind in board.edges.items()),
        "doors": sorted([sorted(_plain(list(edge))), bool(state)] for edge, state in board.doors.items()),
        "sides": [side.id for side in level.sides],
        "units": [_changed(unit, NOT_PLAY) for unit in level.units],
        "victory_rounds": level.victory_rounds,
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _changed(record: Creature | Terrain | Traits, leave_out: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The record's fields that differ from their defaults, as plain JSON values."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(record):
        if f.name in leave_out:
            continue
        value = getattr(record, f.name)
        if isinstance(value, Traits):  # the ruleset's own keys count as the unit's fields (rules/traits.py)
            out.update(_changed(value, leave_out))
            continue
        if f.default is not dataclasses.MISSING and value == f.default:
            continue
        if f.default_factory is not dataclasses.MISSING and value == f.default_factory():
            continue
        out[f.name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    """A JSON value for a field's value: tuples as lists, sets sorted, enums by value, mappings by key."""
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, frozenset | set):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    # a repr could hold a memory address: a new kind of field value must be named here
    raise TypeError(f"play_fingerprint cannot write a {type(value).__name__}")
