"""Reach for dnd5e: every square a unit can end its next movement segment on, with cost and band."""

from __future__ import annotations

from rules.core import SQUARE_CM, Illegal, Situation, Square
from rules.ruleset import Reach
from rules.search import cost_map

from . import single_square
from .movement import Mover, State
from .turn import band_of, current_turn, resolve_mode, segment_budget


def reachable(sit: Situation, unit: str, mode: str | None = None) -> list[Reach]:
    """Every square the unit can end a segment on now in its current mode, cheapest cost and band."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    chosen = resolve_mode(creature, turn, mode)
    if isinstance(chosen, Illegal):
        return []
    budget = segment_budget(creature, turn, chosen)
    if isinstance(budget, Illegal):
        return []
    limit = max(budget.move_cm, budget.dash_cm or 0) // SQUARE_CM
    mover = Mover(sit, unit, chosen)
    start = mover.start()
    if single_square.applies(mover):
        found = single_square.search(mover, start[0], limit)
        ends = found.ends(creature.at, mover.spaces.holders)
    else:
        ends = _general(mover, start, limit)
    out = []
    for anchor, units, path in ends:
        cost = units * SQUARE_CM
        band = band_of(cost, budget)
        if band is not None:
            if callable(path):  # the one-square search works a path out only when it is read
                out.append(Reach(anchor, cost, band, trace=path))
            else:
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
