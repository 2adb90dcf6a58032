"""Reach for dnd5e: every square a unit can end its next movement segment on, with cost and band."""

from __future__ import annotations

from rules.core import SQUARE_CM, Illegal, Situation, Square
from rules.reaches import Reach, Reaches
from rules.search import cost_map

from . import fast_reach, single_square
from .movement import Mover, State
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
    if not mover.board.in_bounds(start[0]):
        return Reaches.of(_off_map(mover, start, limit, budget))
    if single_square.applies(mover):
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
    """Reach of a one-square search, cheapest first then by row and column; paths worked out when read."""
    width = mover.board.width
    taken = {y * width + x for x, y in mover.spaces.holders if 0 <= x < width}
    ends: list[int] = []
    costs: list[int] = []
    bands: list[str] = []
    for units, bucket in enumerate(found.buckets):
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


def _off_map(mover: Mover, start: State, limit: int, budget: Budget) -> list[Reach]:
    """Reach of a unit whose anchor lies off the map (the flat searches index squares on it): the general search.

    The same step rule (`Mover.successors`) under `rules.search.cost_map`.
    """
    out = []
    for anchor, units, path in _general(mover, start, limit):
        cost = units * SQUARE_CM
        band = band_of(cost, budget)
        if band is not None:
            out.append(Reach(anchor, cost, band, path))
    out.sort(key=lambda r: (r.cost, r.at[1], r.at[0]))
    return out


def _general(mover: Mover, start: State, limit: int) -> list[tuple[Square, int, tuple[Square, ...]]]:
    """Search over (anchor, squeezed, diagonal parity) states; per anchor the cheapest end state, full on ties."""
    best, prev = cost_map([(start, 0)], mover.successors, limit)
    chosen: dict[Square, State] = {}
    for state, units in best.items():
        anchor = state[0]
        if anchor == mover.creature.at or not mover.end_ok(state):
            continue
        old = chosen.get(anchor)
        if old is None or (units, state[1]) < (best[old], old[1]):
            chosen[anchor] = state
    paths: dict[State, tuple[Square, ...]] = {start: ()}

    def path_of(state: State) -> tuple[Square, ...]:
        """The anchors entered on the way to `state` (memoised along shared prefixes)."""
        chain = []
        while state not in paths:
            chain.append(state)
            before = prev[state]
            assert before is not None
            state = before
        known = paths[state]
        for link in reversed(chain):
            known = (*known, link[0])
            paths[link] = known
        return known

    return [(anchor, best[state], path_of(state)) for anchor, state in chosen.items()]
