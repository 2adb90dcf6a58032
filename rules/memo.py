"""The rules' memo: every table, judgement and spare list the rules keep between questions, in one object.

The rules layer keeps no state of its own: a `Memo` travels with the `Situation` it serves
(`Situation.memo`) and a situation made from another (`rules.effects.apply`, a mode switched)
shares it. The game hands every situation of a match the one memo of the process
(game/caches.py, which also clears it); a situation made without one gets a memo of its own,
which lives and dies with it. The answers never depend on the memo: it only keeps what a
pure function already worked out, under keys that hold everything that function reads.

What it keeps, and its bound (each one written beside its holder below):

- per-board tables (pf1 cells and step rows, dnd5e step tables, the AI's walking fields):
  the tables of the newest `BOARDS_KEPT` boards; a board is immutable, so a table made from
  it stays valid while the board lives (an entry keeps its board alive, so an id is never reused);
- judgements of a path in one situation object (pf1 `judge`): the newest `JUDGED_KEPT`;
- indexes worked out from one situation object (pf1's occupancy of the squares and the marks of the squares taken,
  the AI's enemies standing): the newest `INDEXES_KEPT`;
- spare lists of the flat-array searches (pf1 reach): `SPARES_KEPT` lists per (length,
  value), at most `4 · SPARES_KEPT` lengths and values.

`pop` and `append` on lists and dicts are atomic, so the screen and the AI's worker thread
may share a memo; two threads never get the same spare list.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

T = TypeVar("T")

BOARDS_KEPT = 4
"""Boards whose tables are kept (a door opening makes a new board; old ones are rarely asked again)."""
JUDGED_KEPT = 64
"""Judgements kept: the AI probes at most three paths (or charges) before it acts on one, and a charge judges
the closest ends of the few nearest enemies (their lines' paths among them) before its probes ask again."""
INDEXES_KEPT = 16
"""Situation indexes kept: the movers of one ruling, and of the AI's few probes, share the situation's index; the
AI keeps the enemies standing of the situation it decides in beside it (game/ai/context.py)."""
SPARES_KEPT = 4
"""Spare lists kept per (length, value): the overlay's two searches, and the same again in another thread."""


class Memo:
    """What the rules have worked out and may be asked again: per-board tables, judgements, spare lists."""

    __slots__ = ("_boards", "_indexes", "_judged", "_spare")

    def __init__(self) -> None:
        self._boards: dict[int, tuple[object, dict[object, object]]] = {}
        """id(board) → (the board, its tables by key)."""
        self._judged: dict[tuple[int, Hashable], tuple[object, object]] = {}
        """(id(situation), question) → (the situation, its judgement)."""
        self._indexes: dict[tuple[int, str], tuple[object, object]] = {}
        """(id(situation), name) → (the situation, an index worked out from it)."""
        self._spare: dict[tuple[int, int | None], list[list[int]]] = {}
        """(length, value) → lists of that length holding that value everywhere (None: any content)."""

    def __reduce__(self) -> tuple[type[Memo], tuple[()]]:
        # what a memo keeps never travels: a situation sent to another process (or copied) gets an empty one
        return (Memo, ())

    def clear(self) -> None:
        """Forget everything kept."""
        self._boards.clear()
        self._judged.clear()
        self._indexes.clear()
        self._spare.clear()

    def sizes(self) -> dict[str, int]:
        """How much is kept now: boards with tables, judgements, spare lists."""
        return {
            "boards": len(self._boards),
            "judgements": len(self._judged),
            "indexes": len(self._indexes),
            "spare_lists": sum(map(len, list(self._spare.values()))),
        }

    def per_board(self, board: object, key: object, make: Callable[[], T]) -> T:
        """A table kept for `board` under `key`, made by `make()` on first use (newest `BOARDS_KEPT` boards)."""
        boards = self._boards
        entry = boards.get(id(board))
        if entry is None or entry[0] is not board:
            if len(boards) >= BOARDS_KEPT:
                boards.pop(next(iter(boards), id(board)), None)
            entry = boards[id(board)] = (board, {})
        tables = entry[1]
        table = tables.get(key)
        if table is None:
            table = tables[key] = make()
        return table  # type: ignore[return-value]

    def judged(self, sit: object, question: Hashable, make: Callable[[], T]) -> T:
        """`make()`, the judgement of `question` in the situation object `sit`, made once per object and question.

        A situation is never changed once made, so a judgement (a pure function of both) kept
        under the object's identity is the one it would get again; an entry keeps its
        situation alive, so its identity cannot pass to another object while the entry lives.
        """
        key = (id(sit), question)
        hit = self._judged.get(key)
        if hit is not None and hit[0] is sit:
            return hit[1]  # type: ignore[return-value]
        found = make()
        self._keep(key, sit, found)
        return found

    def index(self, sit: object, name: str, make: Callable[[], T]) -> T:
        """`make()`, an index of the situation object `sit` (a pure function of it), made once per object and name."""
        key = (id(sit), name)
        hit = self._indexes.get(key)
        if hit is not None and hit[0] is sit:
            return hit[1]  # type: ignore[return-value]
        found = make()
        indexes = self._indexes
        while len(indexes) >= INDEXES_KEPT:
            indexes.pop(next(iter(indexes), key), None)
        indexes[key] = (sit, found)
        return found

    def newest_index(self, name: str) -> tuple[object, object] | None:
        """(the situation object, its index) of the newest index kept under `name`, or None: a new situation's index
        may be worked out from it when the two differ in a few parts."""
        # a copy first (one C call): another thread may keep an index meanwhile
        for (_, kept_name), entry in reversed(list(self._indexes.items())):
            if kept_name == name:
                return entry
        return None

    def _keep(self, key: tuple[int, Hashable], sit: object, judgement: object) -> None:
        """Keep one judgement, letting the oldest go past `JUDGED_KEPT`."""
        judged = self._judged
        while len(judged) >= JUDGED_KEPT:
            judged.pop(next(iter(judged), key), None)
        judged[key] = (sit, judgement)

    def judged_for(self, sit: object) -> tuple[tuple[Hashable, object], ...]:
        """The judgements kept for this situation object, as (question, judgement) pairs (see `adopt`)."""
        # a copy first (one C call): another thread (the screen, the AI's worker) may keep a judgement meanwhile
        return tuple((key[1], entry[1]) for key, entry in list(self._judged.items()) if entry[0] is sit)

    def adopt(self, sit: object, judgements: tuple[tuple[Hashable, object], ...]) -> None:
        """Keep `judgements` for `sit`: pairs `judged_for` gave for a situation whose state equals this one's.

        The caller vouches for the equal state (the game keys states as game/battle/reach_cache.py
        does). A question already kept for `sit` keeps its own answer.
        """
        for question, judgement in judgements:
            key = (id(sit), question)
            hit = self._judged.get(key)
            if hit is not None and hit[0] is sit:
                continue
            self._keep(key, sit, judgement)

    def take(self, n: int, value: int | None) -> list[int]:
        """A list of n entries holding `value` everywhere (None: anything): a spare one if there is one.

        A list of n entries costs ~3 ns an entry to make and as much to free: more than a
        one-square mover's whole search touches on a big board, so searches reuse them.
        """
        try:
            return self._spare[n, value].pop()
        except (KeyError, IndexError):
            return [-1 if value is None else value] * n

    def give_back(self, spare: list[int], value: int | None, touched: Iterable[int]) -> None:
        """Keep a list for the next search, set back to `value` at the `touched` indices (the only ones written)."""
        if value is not None:
            for i in touched:
                spare[i] = value
        kept = self._spare.get((len(spare), value))
        if kept is None:
            if len(self._spare) >= 4 * SPARES_KEPT:
                self._spare.clear()  # boards of many sizes in one process (the tests): start again
            kept = self._spare.setdefault((len(spare), value), [])
        if len(kept) < SPARES_KEPT:
            kept.append(spare)
