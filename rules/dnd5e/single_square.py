"""The step table of a one-square mover on a board without wall segments (the common case), for `rules.search`.

Not used under D5-GRID-DIAG-VARIANT, where the state also carries the diagonal counter's parity.

A one-square mover's squeeze state follows from the square itself (Small in a narrow square),
so its state is just the square's index, and a step's cost depends only on the square entered
(asked of `Mover` itself, the one step rule). So its step table lists each square's neighbours
and prices a step by the square it enters (`rules.search.Table.enter`): the same search as
every other mover's, whose first finding of a square is then its cheapest.

What does not change between queries is kept per board (`Memo.per_board`, rules/memo.py):
which neighbours each square may step to (walls and D5-GRID-CORNER, filled lazily) and, per
kind of mover, what entering each square costs. Other creatures' squares are a small per-query
patch of that cost list. The property tests check it against the plain search and `measure`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Container

from rules.core import Board, Situation, Square
from rules.memo import Memo
from rules.search import Searched, Table
from rules.search import search as run

from .movement import Mover, State

BLOCKED = 1 << 20
"""The cost of a square this mover cannot enter: larger than any budget."""
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
"""The eight steps in `rules.geometry.DIRECTIONS` order (the general search's tie order)."""


def applies(mover: Mover) -> bool:
    """Whether the fast search rules exactly as the general one for this mover."""
    return mover.full == 1 and (mover.red is None or mover.red == 1) and not mover.board.edges and not mover.alternating


class Tables:
    """Per-board tables of a one-square mover: neighbours (lazy) and square coordinates."""

    def __init__(self, board: Board) -> None:
        width, height = board.width, board.height
        self.width = width
        self.coords: list[Square] = [(i % width, i // width) for i in range(width * height)]
        """Square of each index, made once so results share the tuples."""
        self.solid = [t.wall for t in board.tiles]
        self.rows: list[list[int] | None] = [None] * (width * height)
        """Index → the squares one step away that are no wall and cut no wall's corner, in step order."""
        self.clean = bytearray(width * height)
        """No square's row is this query's own: other creatures change what entering a square costs, not the rows."""

    def row(self, i: int) -> list[int]:
        """The neighbours of square `i` (worked out on first use, D5-GRID-CORNER)."""
        width = self.width
        height = len(self.solid) // width
        solid = self.solid
        x, y = i % width, i // width
        out = []
        for dx, dy in _STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height):
                continue
            j = i + dx + dy * width
            if solid[j]:
                continue
            if dx and dy and (solid[i + dx] or solid[i + dy * width]):
                continue  # a diagonal may not cut a wall's corner
            out.append(j)
        self.rows[i] = out
        return out


def tables(memo: Memo, board: Board) -> Tables:
    """The board's one-square tables (kept in the memo, per board)."""
    return memo.per_board(board, "d5-one-square", lambda: Tables(board))


def _kind(mover: Mover) -> tuple[bool, float, float, int | None, int]:
    """What a square's entering cost depends on besides the board: mode, clearances, extra costs."""
    return (mover.flying, mover.need_full, mover.need_red, mover.red, mover.extra_base)


def _enter_costs(alone: Mover) -> tuple[list[int], list[bool]]:
    """Per square: the cost of entering it with no creature there (BLOCKED if closed), and whether it squeezes.

    Asked of the step rule itself (`Mover.fit` and `Mover.units`, as `Mover.targets` prices a
    one-square step): a mover alone on the board, so only the terrain decides. A one-square
    mover's step costs what its destination costs, whatever square it comes from.
    """
    board = alone.board
    costs: list[int] = []
    squeezes: list[bool] = []
    for y in range(board.height):
        for x in range(board.width):
            sq = (x, y)
            if alone.fit(sq, alone.full, alone.need_full) is None:
                costs.append(alone.units((sq, False, 0), False))
                squeezes.append(False)
            elif alone.red is not None and alone.fit(sq, alone.red, alone.need_red) is None:
                costs.append(alone.units((sq, True, 0), False))  # D5-SQUEEZE: into a narrow square
                squeezes.append(True)
            else:
                costs.append(BLOCKED)
                squeezes.append(False)
    return costs, squeezes


def enter_costs(mover: Mover) -> tuple[list[int], list[bool]]:
    """Entering cost and squeeze of every square for this mover, its creatures applied as a patch."""
    board = mover.board
    kind = _kind(mover)
    sit, creature = mover.sit, mover.creature

    def make() -> tuple[list[int], list[bool]]:
        """A stand-in: the same creature alone on the same board, under the same options."""
        alone = Situation(sit.ruleset, board, {creature.id: creature}, sit.turns, options=sit.options, memo=sit.memo)
        return _enter_costs(Mover(alone, creature.id, mover.mode))

    costs, squeezes = sit.memo.per_board(board, ("d5-one-enter", kind), make)
    holders = mover.spaces.holders
    if not holders:
        return costs, squeezes
    costs = costs.copy()
    width = board.width
    blocker = mover.spaces.blocker
    height = board.height
    for sq in holders:
        i = sq[1] * width + sq[0]
        if 0 <= sq[0] < width and 0 <= sq[1] < height and costs[i] != BLOCKED:  # a big creature may overhang the map
            # another creature's space: closed if it bars the mover, else difficult (D5-PASS-*, D5-CREATURE-DIFFICULT)
            costs[i] = BLOCKED if blocker((sq,)) is not None else mover.units((sq, squeezes[i], 0), False)
    return costs, squeezes


def search(mover: Mover, start: Square, limit: int) -> Found:
    """Cheapest cost in squares to every square reachable within `limit`, with predecessors: `rules.search.search`.

    A one-square mover's step costs what entering its destination costs, whatever square it
    comes from (`enter_costs`), so its step table is each square's neighbours (kept per board),
    every step priced by the square it enters.
    """
    board = mover.board
    table = tables(mover.sit.memo, board)
    enter, squeezes = enter_costs(mover)
    n = len(table.rows)
    # a search that can reach only a small part of the board borrows spare lists of an earlier one
    spare = mover.sit.memo if 4 * (2 * limit + 1) ** 2 < n else None
    first = start[1] * board.width + start[0]
    found = run(first, Table(n, table.rows, table.clean, table.row, enter), limit, spare)
    return Found(table, found, squeezes)


class Found:
    """The search result over square indices, turned into squares and paths only where asked."""

    def __init__(self, table: Tables, found: Searched, squeezes: list[bool]) -> None:
        self.coords = table.coords
        self.found = found
        self.squeezes = squeezes

    def state(self, i: int) -> State:
        """The (anchor, squeezed, parity) state of square index `i`."""
        return (self.coords[i], self.squeezes[i], 0)

    def ends(
        self, start: Square, taken: Container[Square]
    ) -> list[tuple[Square, int, Callable[[], tuple[Square, ...]]]]:
        """(anchor, cost in squares, path) of every square a segment may end on, start excluded.

        The path is a function that works it out when called: most squares are only shaded.
        """
        coords = self.coords
        out = []
        for cost, bucket in enumerate(self.found.buckets):  # each square sits in the bucket of its cost
            for i in bucket:
                anchor = coords[i]
                if anchor == start or anchor in taken:
                    continue
                out.append((anchor, cost, functools.partial(self.path, i)))
        return out

    def path(self, i: int) -> tuple[Square, ...]:
        """The squares entered on the way to square index `i`."""
        return tuple(map(self.coords.__getitem__, self.found.chain(i)))
