"""Which door a click or the keyboard cursor means while `interact` is armed: a door square, or a door on a
square edge (rules/doors.py), named to the rules as `at` (the unit's side) and `to` (the other side)."""

from __future__ import annotations

from rules.actions import Action
from rules.core import Situation, Square, edge_key
from rules.doors import ends, touches


def lean_of(fx: float, fy: float) -> Square:
    """The neighbour of the square under a point (given in squares) whose side the point is nearest."""
    x, y = int(fx // 1), int(fy // 1)
    dx, dy = fx - x, fy - y
    sides = {(x - 1, y): dx, (x + 1, y): 1 - dx, (x, y - 1): dy, (x, y + 1): 1 - dy}
    return min(sides, key=lambda s: sides[s])


def door_action(sit: Situation, unit: str, sq: Square, lean: Square | None = None) -> Action:
    """The `interact` a click on `sq` asks for: its door square, else a door on one of its sides (the side
    the pointer `lean`s to, else the one facing the unit); the rules judge it, refusals included."""
    board = sit.board
    if not board.in_bounds(sq) or board.terrain(sq).door or not board.doors:
        return Action("interact", unit, at=sq)
    space = sit.creature(unit).footprint()
    sides = sorted((k for k in board.doors if sq in k), key=lambda k: [(s[1], s[0]) for s in ends(k)])
    if not sides:
        return Action("interact", unit, at=sq)
    reachable = [k for k in sides if touches(space, k)] or sides

    def rank(key: frozenset[Square]) -> tuple[bool, bool]:
        other = next(s for s in key if s != sq)
        return (lean is None or key != edge_key(sq, lean), other not in space)

    key = min(reachable, key=rank)
    other = next(s for s in key if s != sq)
    at, to = (other, sq) if other in space else (sq, other)
    return Action("interact", unit, at=at, to=to)
