"""Reach results shared by the board overlay, the path preview and the AI: one search per situation, unit and mode.

The match hands out the same immutable Situation until its state changes (an action, an
undo, a new turn or round), so a situation's identity stands for the match version and
every unit's turn state. A result is kept with a reference to its situation, so the
identity cannot be reused while the entry lives; only the newest few entries are kept.
"""

from __future__ import annotations

import threading

from rules.core import Situation
from rules.ruleset import Reach, Ruleset

LIMIT = 32
"""Entries kept: the overlay, the AI's hypothetical turn states and a few undo steps."""

_ENTRIES: dict[tuple[int, str, str | None], tuple[Situation, list[Reach]]] = {}
_LOCK = threading.Lock()  # the AI may search in a worker thread while the screen asks too


def reachable(ruleset: Ruleset, sit: Situation, unit: str, mode: str | None = None) -> list[Reach]:
    """`ruleset.reachable(sit, unit, mode)`, searched once per situation, unit and mode.

    The list is shared: callers must not change it.
    """
    key = (id(sit), unit, mode)
    entry = _ENTRIES.get(key)
    if entry is not None and entry[0] is sit:
        return entry[1]
    found = ruleset.reachable(sit, unit, mode)
    with _LOCK:
        _ENTRIES.pop(key, None)
        while len(_ENTRIES) >= LIMIT:
            _ENTRIES.pop(next(iter(_ENTRIES)))
        _ENTRIES[key] = (sit, found)
    return found


def cached(sit: Situation, unit: str, mode: str | None = None) -> list[Reach] | None:
    """The result already searched for this situation, unit and mode, or None (never searches)."""
    entry = _ENTRIES.get((id(sit), unit, mode))
    return entry[1] if entry is not None and entry[0] is sit else None


def clear() -> None:
    """Forget every result (a closed match; the bench, so a click always times the search)."""
    with _LOCK:
        _ENTRIES.clear()
