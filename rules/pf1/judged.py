"""Judged paths kept for the situation object they were judged in: a forecast and the action share one judgement.

The AI judges the path of the move or charge it is about to take (its forecast), then
`Match.perform` rules on that action, which judges the same path in the same situation again; a
charge's closest ends (rules/pf1/charge.py `charge_end`) are kept the same way. A judgement depends
only on its arguments (the rules are pure) and a `Situation` is never changed once made (a match
makes a new one after every change), so the judgement is kept in the situation's memo (rules/memo.py
`Memo.judged`) under the situation's identity and the question's exact value: the second asker gets
the first one's answer. A different situation object is another key, even one with equal contents,
so a stale judgement can never be used. This module keeps nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from rules.core import Situation

T = TypeVar("T")


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
    return sit.memo.judged(sit, question, make)


def made_for(sit: Situation) -> tuple[tuple[Hashable, object], ...]:
    """The judgements kept for this situation object, as (question, judgement) pairs (see `adopt`)."""
    return sit.memo.judged_for(sit)


def adopt(sit: Situation, judgements: tuple[tuple[Hashable, object], ...]) -> None:
    """Keep `judgements` for `sit`: pairs `made_for` gave for a situation whose state equals this one's.

    The caller vouches for the equal state (the game keys states as game/battle/reach_cache.py does):
    a judgement depends only on the situation's state and the question, so it is the one `sit`
    would get, and its asker is spared judging it again. A question already kept keeps its own.
    """
    sit.memo.adopt(sit, judgements)
