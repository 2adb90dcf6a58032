"""Judged paths kept for the situation object they were judged in: a forecast and the action share one judgement.

The AI judges the path of the move or charge it is about to take (its forecast), then
`Match.perform` rules on that action, which judges the same path in the same situation
again; a charge's closest ends (rules/pf1/charge.py `charge_end`) are kept the same way.
A judgement depends only on its arguments (the rules are pure) and a `Situation` is never
changed once made (a match makes a new one after every change), so the judgement is
kept under the situation's identity and the question's exact value: the second asker gets
the first one's answer. A different situation object is another key, even one with equal
contents, so a stale judgement can never be used. An entry keeps its situation alive, so its
identity cannot pass to another object while the entry lives. Only the newest few are kept.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from rules.core import Situation

T = TypeVar("T")

JUDGED_KEPT = 64
"""Judgements kept: the AI probes at most three paths (or charges) before it acts on one, and a charge judges
the closest ends of the few nearest enemies (their lines' paths among them) before its probes ask again."""

_JUDGED: dict[tuple[int, Hashable], tuple[Situation, object]] = {}


def exact(path: object) -> bool:
    """Whether a path is a tuple of tuples of plain ints: a key whose equality is the same path, no less.

    (1, 2) equals (1.0, 2.0) and (True, 2) as a key, but a ruling made from either could differ
    in what it reports; such a path is judged every time.
    """
    if type(path) is not tuple:
        return False
    for square in path:
        if type(square) is not tuple:
            return False
        for v in square:
            if type(v) is not int:
                return False
    return True


def kept(sit: Situation, question: Hashable, make: Callable[[], T]) -> T:
    """`make()`, the judgement of `question` in `sit`, made once per situation object and question."""
    key = (id(sit), question)
    hit = _JUDGED.get(key)
    if hit is not None and hit[0] is sit:
        return hit[1]  # type: ignore[return-value]
    found = make()
    while len(_JUDGED) >= JUDGED_KEPT:
        _JUDGED.pop(next(iter(_JUDGED), key), None)
    _JUDGED[key] = (sit, found)
    return found


def made_for(sit: Situation) -> tuple[tuple[Hashable, object], ...]:
    """The judgements kept for this situation object, as (question, judgement) pairs (see `adopt`)."""
    # a copy first (one C call): another thread (the screen, the AI's worker) may keep a judgement meanwhile
    return tuple((key[1], entry[1]) for key, entry in list(_JUDGED.items()) if entry[0] is sit)


def adopt(sit: Situation, judgements: tuple[tuple[Hashable, object], ...]) -> None:
    """Keep `judgements` for `sit`: pairs `made_for` gave for a situation whose state equals this one's.

    The caller vouches for the equal state (the game keys states as game/reach_cache.py does):
    a judgement depends only on the situation's state and the question, so it is the one `sit`
    would get, and its asker is spared judging it again. A question already kept keeps its own.
    """
    for question, judgement in judgements:
        key = (id(sit), question)
        hit = _JUDGED.get(key)
        if hit is not None and hit[0] is sit:
            continue
        while len(_JUDGED) >= JUDGED_KEPT:
            _JUDGED.pop(next(iter(_JUDGED), key), None)
        _JUDGED[key] = (sit, judgement)


def forget() -> None:
    """Forget every kept judgement (tests compare kept answers with fresh ones)."""
    _JUDGED.clear()
