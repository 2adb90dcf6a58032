"""Where tokens lie on the display board (HX-GRID-MAP, HX-TOKENS).

The board shows who fights whom; it never limits anything. Every token uses one cell (its
anchor), whatever its size, and touching means 8-adjacent. When no cell fits, the token
stays where it is and the display draws a link line instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rules.core import Illegal, Situation, Square, values
from rules.geometry import chebyshev
from rules.hexxen.participants import opposed


def token_cells(sit: Situation, *, without: str | None = None) -> dict[Square, str]:
    """Cell → unit for every token still in the fight (one cell per token, HX-TOKENS)."""
    return {c.at: uid for uid, c in sorted(sit.creatures.items()) if not c.defeated and uid != without}


def touching(a: Square, b: Square) -> bool:
    """Whether two tokens touch: 8-adjacent cells (HX-GRID-MAP)."""
    return chebyshev(a, b) == 1


def _cells_at(sit: Situation, centre: Square, radius: int) -> list[Square]:
    """On-board cells at exactly `radius` (Chebyshev) from `centre`."""
    x0, y0 = centre
    return [
        (x, y)
        for y in range(y0 - radius, y0 + radius + 1)
        for x in range(x0 - radius, x0 + radius + 1)
        if chebyshev((x, y), centre) == radius and sit.board.in_bounds((x, y))
    ]


def _best_cell(sit: Situation, unit: str, target: str, radius: int) -> Square | None:
    """The free cell at `radius` from the target that looks most like what happened, or None."""
    me = sit.creature(unit)
    target_at = sit.creature(target).at
    taken = token_cells(sit, without=unit)
    foes = [sit.creature(uid).at for uid in taken.values() if uid != target and opposed(me, sit.creature(uid))]

    def preference(cell: Square) -> tuple[bool, bool, int, int, int, int]:
        # a wall cell or a token touching a bystander foe would suggest a position that is not true
        return (
            sit.board.terrain(cell).wall,
            any(touching(cell, foe) for foe in foes),
            chebyshev(cell, me.at),
            abs(cell[0] - me.at[0]) + abs(cell[1] - me.at[1]),
            cell[1],
            cell[0],
        )

    free = [cell for cell in _cells_at(sit, target_at, radius) if cell not in taken]
    return min(free, key=preference) if free else None


def spot_next_to(sit: Situation, unit: str, target: str) -> Square | None:
    """Where an engaging token goes: its own cell when it already touches the target, else a free neighbour."""
    if touching(sit.creature(unit).at, sit.creature(target).at):
        return sit.creature(unit).at
    return _best_cell(sit, unit, target, 1)


def spot_apart(sit: Situation, unit: str, target: str) -> Square | None:
    """A free cell two cells from the target: near it but not touching it (HX-SNEAK, a released token)."""
    if chebyshev(sit.creature(unit).at, sit.creature(target).at) == 2:
        return sit.creature(unit).at
    return _best_cell(sit, unit, target, 2)


def too_close(cells: Sequence[Square]) -> list[tuple[int, int]]:
    """HX-START-APART, the one check: every pair (i, j), i < j, of token cells less than two cells apart
    (sharing a cell or touching). Asked by setup_problems and by the level's start_problems."""
    return [(i, j) for i, j in combinations(range(len(cells)), 2) if chebyshev(cells[i], cells[j]) < 2]


def setup_problems(sit: Situation) -> list[Illegal]:
    """Every way the starting layout breaks HX-START-APART: touching tokens, or bindings already made."""
    problems = []
    live = sorted((uid, c) for uid, c in sit.creatures.items() if not c.defeated)
    for i, j in too_close([c.at for _, c in live]):
        (a, ca), (b, cb) = live[i], live[j]
        how = "share a cell" if ca.at == cb.at else "touch"
        problems.append(
            Illegal(
                "HX-START-APART",
                f"{a} at {list(ca.at)} and {b} at {list(cb.at)} {how} at the start; "
                "every token must start at least two cells from every other",
                at=cb.at,
                reason="hx.start_shared" if ca.at == cb.at else "hx.start_touching",
                params=values(unit=a, square=ca.at, other=b, other_square=cb.at),
            )
        )
    for p in sorted(sorted(p) for p in sit.bindings):
        problems.append(
            Illegal(
                "HX-START-APART",
                f"{' and '.join(p)} are bound at the start; everyone starts free-standing",
                reason="hx.start_bound",
                params=values(units=tuple(p)),
            )
        )
    return problems
