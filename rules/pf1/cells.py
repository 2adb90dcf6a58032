"""pf1 cells: what a square means to one mover, kept per board and mover kind and shared by every `Mover` of that kind.

A `Cell` (rules/pf1/space.py) depends on the square's terrain, the creatures on it and, of the
mover, only what `Mover._terrain_cell` reads: its size and side, darkvision, whether it is
incorporeal, flies, charges, whom it overruns, and the level's creature exceptions. Cells are
never changed once made, so every search and ruling on one board shares them.
"""

from __future__ import annotations

from rules.core import Board, Refusal
from rules.memo import Memo


class Cell:
    """The facts about one square for this mover."""

    __slots__ = ("block", "crowd", "endfail", "fit", "h", "ids", "passers", "rough", "skill", "solid")

    def __init__(self) -> None:
        self.block: Refusal | None = None
        self.h = 0
        self.ids: tuple[str, ...] = ()
        self.fit = 0
        """0 fits the full space, 1 only squeezing, 2 only with Escape Artist."""
        self.rough = False
        self.crowd: Refusal | None = None
        self.endfail: Refusal | None = None
        self.passers: tuple[tuple[str, str], ...] = ()
        """(occupant, rule) of creatures passed here that provoke (PF1-TINY-THROUGH, PF1-SIZE3-*)."""
        self.skill = False
        self.solid = False


CROWDED_CELLS_KEPT = 4096
"""Cells of squares with creatures kept per board and mover kind (they are forgotten all at once past this)."""


Crowded = dict[tuple[object, ...], tuple[tuple[object, ...], Cell]]
"""(square, id of each occupant) → (the occupants, kept alive so their ids stay theirs; the cell)."""


def kept_cells(memo: Memo, board: Board, kind: tuple[object, ...]) -> tuple[dict[int, Cell], Crowded]:
    """This board's cells for every mover of one kind (everything of the mover a cell reads): by
    terrain object (squares without creatures) and by (square, its occupants)."""
    return memo.per_board(board, ("pf1-cells", *kind), lambda: ({}, {}))
