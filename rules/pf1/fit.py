"""How a pf1 creature fits the squares it covers: free width, footprint orientations, standing squeezed.

`rules.pf1.space.Mover` reads these for every square of a search; an attack asks only
`stance` (PF1-SQUEEZE-PENALTY, PF1-ESCAPE-ARTIST), which needs no mover.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import Creature, Situation, Size, Square, Terrain, footprint
from rules.pf1.squeeze import FULL, TALL, WIDE

REAL_WIDTH_M: Mapping[Size, float] = {Size.FINE: 0.15, Size.DIMINUTIVE: 0.3, Size.TINY: 0.75}
"""Real space of creatures smaller than a square (standard PF1 spaces); others fill 1.5 m per square."""


def squeeze_width(side: int) -> int:
    """Squares a squeezing creature of this side needs (PF1-SQUEEZE: half, rounded up)."""
    return (side + 1) // 2


def square_fit(t: Terrain, big: bool, width_m: float) -> int:
    """How a mover fits a square: 0 its full space, 1 only squeezing, 2 only with Escape Artist.

    It depends on the square's free width and the mover's size alone (never on creatures),
    and is 0 where there is no free width at all (the square blocks instead).
    """
    clearance = t.clearance
    if clearance <= 0:
        return 0
    if big:
        return 0 if clearance >= 1.5 else 2
    return 0 if clearance >= width_m else (1 if clearance >= width_m / 2 else 2)


def orientation_of(side: int, dims: tuple[int, int]) -> int:
    """The orientation code of a footprint size for a mover of full side `side`."""
    if side <= 1 or dims == (side, side):
        return FULL
    return WIDE if dims[0] >= dims[1] else TALL


def dims_of(side: int, orient: int) -> tuple[int, int]:
    """Footprint size of an orientation for a mover of full side `side`."""
    if orient == FULL:
        return (side, side)
    narrow = squeeze_width(side)
    return (side, narrow) if orient == WIDE else (narrow, side)


def stance(sit: Situation, unit: str) -> tuple[bool, bool]:
    """(squeezed, escaping) of the unit where it stands: `Mover.squeezed` and `Mover.escaping` at its start."""
    c = sit.creature(unit)
    return fits_at(sit, c, c.at, orientation_of(c.full_side, c.dims))


def fits_at(sit: Situation, c: Creature, at: Square, orient: int) -> tuple[bool, bool]:
    """(squeezed, escaping) of creature `c` at a position: `Mover.squeezed` and `Mover.escaping` there.

    Only the free width of the squares it covers decides both (`square_fit`), so no mover
    (every square's facts, every creature's footprint) is built for an attack's modifiers
    or a finished move's effects.
    """
    side = c.full_side
    board = sit.board
    width_m = REAL_WIDTH_M.get(c.size, 1.5)
    if side <= 1:
        fit = square_fit(board.terrain(at), False, width_m) if board.in_bounds(at) else 0
        return fit > 0, fit == 2
    if orient == FULL:
        return False, False
    escaping = any(
        board.in_bounds(q) and square_fit(board.terrain(q), True, width_m) for q in footprint(at, dims_of(side, orient))
    )
    return True, escaping
