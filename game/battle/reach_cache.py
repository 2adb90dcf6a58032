"""Reach results shared by the board overlay, the path preview and the AI: one search per state, unit and mode.

A result is kept under the situation's state key: everything a ruling reads from it (the
board and options by identity, every creature, every turn state, the bindings, round and
active side, by value). The rules are pure, so an equal key gives an equal answer: the same
situation asked again (the overlay every frame), a new Situation object of an unchanged
match, the AI's hypothetical turn state, or the same opening position in the next game of a
`simulate` run. An entry keeps its situation alive, so an identity in a key cannot be reused
while the entry lives; the most recently used entries are kept.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Sequence

from game import caches
from rules.core import Creature, Situation
from rules.ruleset import Reach, Ruleset

LIMIT = 256
"""Entries kept: the overlay, the AI's hypothetical turn states, a few undo steps, and the positions the games
of one `simulate` run share (their openings and the positions they reach again: 32 entries searched
nine times in an arena_4v4 game on average over 100 games, 256 six times)."""
SQUARES_KEPT = 100_000
"""At most this many squares in all the answers kept (their summed lengths): a big board's answers are
large (thousands of squares, paths kept per square), so fewer of them are kept."""

_ENTRIES: dict[tuple[StateKey, str, str | None], tuple[Situation, Sequence[Reach]]] = {}
_SIZE = [0]
"""The summed lengths of the answers in _ENTRIES."""
_KEYS: dict[int, tuple[Situation, StateKey]] = {}
"""id(situation) → (the situation, its state key): asking again for the same object costs no hashing."""
_LOCK = threading.Lock()  # the AI may search in a worker thread while the screen asks too


class StateKey:
    """A situation's state as a dictionary key: hashed once (a creature hashes all its fields)."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Hashable, hashed: int | None = None) -> None:
        self.value = value
        self._hash = hash(value) if hashed is None else hashed
        """`hashed` (when given): any hash of `value` that equal values share."""

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StateKey) and self._hash == other._hash and self.value == other.value


def state_key(sit: Situation) -> StateKey:
    """Everything a ruling reads from `sit` as one key (by identity where a part cannot be hashed)."""
    hit = _KEYS.get(id(sit))
    if hit is not None and hit[0] is sit:
        return hit[1]
    try:
        # the ids and the objects in two tuples each, not a pair per creature and turn state: a key is kept
        # (_KEYS, and the caches keyed by it) and a big army's pairs were most of what the collector walked
        creatures = (tuple(sit.creatures), tuple(sit.creatures.values()))
        head = (sit.ruleset, id(sit.board), id(sit.options))
        turns = (tuple(sit.turns), tuple(sit.turns.values()))
        tail = (sit.bindings, sit.round, sit.active_side)
        # the creatures' and turn states' own hashes are remembered: a creature hashes its thirty-odd fields and its
        # traits record, and one that did not change is the same object in the next situation (rules.effects.apply)
        hashed = hash((head, creatures[0], _hashes(creatures[1], 0), turns[0], _hashes(turns[1], 1), tail))
        key = StateKey((*head, creatures, turns, *tail), hashed)
    except TypeError:  # a turn state or creature field that cannot be hashed: this object only
        key = StateKey(("situation", id(sit)))
    with _LOCK:
        if len(_KEYS) >= 4 * LIMIT:
            _KEYS.pop(next(iter(_KEYS)))
        _KEYS[id(sit)] = (sit, key)
    return key


_HASHES: dict[int, tuple[Creature | Hashable, int]] = {}
"""id(creature) → (the creature, its hash), for the creatures (and turn states) of the newest situations."""
HASHES_KEPT = 1024


_LAST: list[tuple[tuple[Creature | Hashable, ...], tuple[int, ...]] | None] = [None, None]
"""Per kind of object (0 creatures, 1 turn states): the objects of the newest `_hashes` call and their hashes. A
situation's creatures and turn states are mostly the very objects of the situation before it, at the same places;
the entry keeps its objects alive, so no identity in it is reused meanwhile."""


PAIRED_FROM = 16
"""Objects above which `_hashes` pairs them with the newest call's: a small army's remembered hashes are read as
cheaply one by one."""


def _hashes(objects: tuple[Creature | Hashable, ...], kind: int) -> tuple[int, ...]:
    """`_creature_hash` of each object, in order. For more than PAIRED_FROM objects, where an object is the one at
    the same place in the newest call of this `kind` (0 creatures, 1 turn states) with as many objects, its hash is
    that call's: one pass pairing the two (an army's creatures are mostly the previous situation's); the others are
    read from or added to the remembered hashes."""
    last = _LAST[kind] if len(objects) > PAIRED_FROM else None
    if last is not None and len(last[0]) == len(objects):
        objs, hashed = last
        if objs is objects:
            return hashed
        out = tuple([h if a is b else _creature_hash(b) for a, b, h in zip(objs, objects, hashed, strict=True)])
    else:
        get = _HASHES.get
        found = []
        for obj in objects:
            hit = get(id(obj))
            found.append(hit[1] if hit is not None and hit[0] is obj else _creature_hash(obj))
        out = tuple(found)
    _LAST[kind] = (objects, out)
    return out


def _creature_hash(creature: Creature | Hashable) -> int:
    """hash(creature) (or of a turn state), remembered while it is among the newest (the entry keeps it alive)."""
    hit = _HASHES.get(id(creature))
    if hit is not None and hit[0] is creature:
        return hit[1]
    hashed = hash(creature)
    if len(_HASHES) >= HASHES_KEPT:
        _HASHES.clear()
    _HASHES[id(creature)] = (creature, hashed)
    return hashed


def reachable(ruleset: Ruleset, sit: Situation, unit: str, mode: str | None = None) -> Sequence[Reach]:
    """`ruleset.reachable(sit, unit, mode)`, searched once per state, unit and mode.

    The answer is shared: callers must not change it (a ruleset's `Reaches` is read-only).
    """
    key = (state_key(sit), unit, mode)
    found = _take(key)
    if found is not None:
        return found
    found = ruleset.reachable(sit, unit, mode)
    size = len(found)
    with _LOCK:
        old = _ENTRIES.pop(key, None)
        if old is not None:
            _SIZE[0] -= len(old[1])
        while _ENTRIES and (len(_ENTRIES) >= LIMIT or _SIZE[0] + size > SQUARES_KEPT):
            _SIZE[0] -= len(_ENTRIES.pop(next(iter(_ENTRIES)))[1])
        _ENTRIES[key] = (sit, found)
        _SIZE[0] += size
    return found


def cached(sit: Situation, unit: str, mode: str | None = None) -> Sequence[Reach] | None:
    """The result already searched for this state, unit and mode, or None (never searches)."""
    return _take((state_key(sit), unit, mode))


def _take(key: tuple[StateKey, str, str | None]) -> Sequence[Reach] | None:
    """The entry under `key`, now the most recently used one, or None."""
    with _LOCK:
        entry = _ENTRIES.pop(key, None)
        if entry is None:
            return None
        _ENTRIES[key] = entry
    return entry[1]


def clear() -> None:
    """Forget every result (a closed match; the bench, so a click always times the search)."""
    with _LOCK:
        _ENTRIES.clear()
        _SIZE[0] = 0
        _KEYS.clear()
        _HASHES.clear()
        _LAST[:] = [None, None]


caches.register(
    "reach answers",
    f"{LIMIT} answers, {SQUARES_KEPT:,} squares in all; {4 * LIMIT} state keys, {HASHES_KEPT} creature hashes",
    clear,
    _ENTRIES.__len__,
    of_states=True,
)
