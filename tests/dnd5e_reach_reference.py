"""The oracle of dnd5e reach's tests: the plain search over hashable states, kept in the tests only.

`reference_reachable` asks the one step rule (`rules.dnd5e.movement.Mover.successors`) through the
generic `tests.plain_search.cost_map` and builds the eager list of `Reach`es the fast searches
(rules/dnd5e/single_square.py, rules/dnd5e/fast_reach.py) must equal; `general` is the same search's
cheapest end state per anchor, with its path.
"""

from __future__ import annotations

from rules.core import SQUARE_CM, Situation, Square
from rules.dnd5e.movement import Mover, State
from rules.dnd5e.reachable import segment_search
from rules.dnd5e.turn import band_of
from rules.reaches import Reach
from tests.plain_search import cost_map


def reference_reachable(sit: Situation, unit: str, mode: str | None = None) -> list[Reach]:
    """`reachable` by the general search over hashable states alone, cheapest first, then by row and column."""
    setup = segment_search(sit, unit, mode)
    if setup is None:
        return []
    mover, limit, budget = setup
    out = []
    for anchor, units, path in general(mover, mover.start(), limit):
        cost = units * SQUARE_CM
        band = band_of(cost, budget)
        if band is not None:
            out.append(Reach(anchor, cost, band, path))
    out.sort(key=lambda r: (r.cost, r.at[1], r.at[0]))
    return out


def general(mover: Mover, start: State, limit: int) -> list[tuple[Square, int, tuple[Square, ...]]]:
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

    def path_of(state: State) -> tuple[Square, ...]:
        """The anchors entered on the way to `state`."""
        out = []
        while prev[state] is not None:
            out.append(state[0])
            state = prev[state]  # type: ignore[assignment]
        out.reverse()
        return tuple(out)

    return [(anchor, best[state], path_of(state)) for anchor, state in chosen.items()]
