"""Reach for dnd5e: every square a unit can end its next movement segment on, with cost and band."""

from __future__ import annotations

from rules.core import SQUARE_CM, Illegal, Situation, Square
from rules.reaches import Reaches

from . import fast_reach, single_square
from .movement import Mover
from .turn import Budget, band_of, current_turn, resolve_mode, segment_budget


def segment_search(sit: Situation, unit: str, mode: str | None) -> tuple[Mover, int, Budget] | None:
    """The mover of the unit's next segment, its limit in squares and its budget; None when it cannot move now."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    chosen = resolve_mode(creature, turn, mode)
    if isinstance(chosen, Illegal):
        return None
    budget = segment_budget(creature, turn, chosen)
    if isinstance(budget, Illegal):
        return None
    return Mover(sit, unit, chosen), max(budget.move_cm, budget.dash_cm or 0) // SQUARE_CM, budget


def reachable(sit: Situation, unit: str, mode: str | None = None) -> Reaches:
    """Every square the unit can end a segment on now in its current mode, cheapest cost and band."""
    setup = segment_search(sit, unit, mode)
    if setup is None:
        return Reaches.of(())
    mover, limit, budget = setup
    start = mover.start()
    if single_square.applies(mover) and mover.board.in_bounds(start[0]):
        return _one_square(mover, single_square.search(mover, start[0], limit), budget)
    found = fast_reach.search(mover, start, limit)
    coords = single_square.tables(sit.memo, mover.board).coords
    squares: list[Square] = []
    costs: list[int] = []
    bands: list[str] = []
    states: list[int] = []
    last, band = -1, None
    for units, i, s in sorted(fast_reach.ends(mover, found)):  # cheapest first, then by row and column
        if units != last:
            last, band = units, band_of(units * SQUARE_CM, budget)
            if band is None:
                break  # dearer squares fit no band either
        squares.append(coords[i])
        costs.append(units * SQUARE_CM)
        bands.append(band)
        states.append(s)
    path = found.path
    return Reaches(squares, costs, bands, lambda row: path(states[row]))


def _one_square(mover: Mover, found: single_square.Found, budget: Budget) -> Reaches:
    """Reach of a one-square search, cheapest first then by row and column; paths worked out when read.

    A one-square mover's square is found once, at its cheapest (its cost is the square's own),
    so every square sits in one bucket only: that of its cost.
    """
    width = mover.board.width
    taken = {y * width + x for x, y in mover.spaces.holders if 0 <= x < width}
    ends: list[int] = []
    costs: list[int] = []
    bands: list[str] = []
    for units, bucket in enumerate(found.found.buckets):
        if not units or not bucket:
            continue  # the start square is the only one of cost 0
        band = band_of(units * SQUARE_CM, budget)
        if band is None:
            break  # dearer squares fit no band either
        more = sorted(bucket)  # index order is row, then column
        if taken:
            more = [i for i in more if i not in taken]
        ends += more
        costs += [units * SQUARE_CM] * len(more)
        bands += [band] * len(more)
    path = found.path
    return Reaches(list(map(found.coords.__getitem__, ends)), costs, bands, lambda row: path(ends[row]))
