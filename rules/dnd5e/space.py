"""Spaces on the grid: 5e size order, footprints, squeezing, Tiny sharing, who may pass whom, reach."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import SQUARE_CM, Creature, Situation, Size, Square
from rules.geometry import chebyshev, footprint_distance, pf1_distance

TINY_CLEARANCE_M = 0.75
FULL_CLEARANCE_M = SQUARE_CM / 100
TINY_PER_SQUARE = 4
"""Four 75 cm spaces fill one square (D5-GRID-FOOTPRINT)."""

_SIDE_BY_ORDER = (1, 1, 1, 2, 3, 4)


def size_order(size: Size) -> int:
    """The 5e size order Tiny=0 … Gargantuan=5 (D5-PASS-HOSTILE); pf1-only sizes clamp to the ends."""
    return min(5, max(0, int(size) - int(Size.TINY)))


def side_of(order: int) -> int:
    """Footprint side in squares of a 5e size order (D5-GRID-FOOTPRINT)."""
    return _SIDE_BY_ORDER[order]


def clearance_needed(order: int) -> float:
    """Free width in metres a creature of this size order needs in each square of its space."""
    return TINY_CLEARANCE_M if order == 0 else FULL_CLEARANCE_M


def full_side(creature: Creature) -> int:
    """Side of the creature's unsqueezed footprint."""
    return side_of(size_order(creature.size))


def squeeze_side(creature: Creature) -> int | None:
    """Side of the footprint one size smaller, or None when squeezing gains nothing (D5-SQUEEZE)."""
    order = size_order(creature.size)
    if order == 0:
        return None
    smaller = order - 1
    if side_of(smaller) == side_of(order) and clearance_needed(smaller) == clearance_needed(order):
        return None  # Medium → Small: the same 1.5 m space, so no squeeze on the grid
    return side_of(smaller)


def squeeze_clearance(creature: Creature) -> float:
    """Clearance the squeezed (one size smaller) space needs per square."""
    return clearance_needed(max(0, size_order(creature.size) - 1))


def passable_by(mover: Creature, other: Creature) -> bool:
    """Whether `mover` may cross `other`'s space: non-hostile, or hostile ≥ 2 sizes apart (D5-PASS-*)."""
    if not mover.hostile_to(other) or other.defeated or other.helpless:
        return True
    return abs(size_order(mover.size) - size_order(other.size)) >= 2


class Spaces:
    """Which squares are other creatures' spaces for one mover (Tiny sharing per D5-GRID-FOOTPRINT)."""

    def __init__(self, sit: Situation, mover: Creature) -> None:
        self.mover = mover
        tiny_mover = size_order(mover.size) == 0
        by_square: dict[Square, list[Creature]] = {}
        for other in sit.others(mover.id):
            for sq in other.footprint():
                by_square.setdefault(sq, []).append(other)
        self.holders: dict[Square, tuple[Creature, ...]] = {}
        for sq, there in by_square.items():
            if tiny_mover and len(there) < TINY_PER_SQUARE and all(size_order(c.size) == 0 for c in there):
                continue  # a Tiny mover shares this square freely
            self.holders[sq] = tuple(there)

    def creatures_in(self, squares: Iterable[Square]) -> list[Creature]:
        """Creatures whose space overlaps `squares` (each once, in a stable order)."""
        seen: dict[str, Creature] = {}
        for sq in squares:
            for c in self.holders.get(sq, ()):
                seen.setdefault(c.id, c)
        return list(seen.values())

    def blocker(self, squares: Iterable[Square]) -> Creature | None:
        """The first creature in `squares` whose space the mover may not cross."""
        for c in self.creatures_in(squares):
            if not passable_by(self.mover, c):
                return c
        return None

    def occupied(self, squares: Iterable[Square]) -> bool:
        """Whether any of `squares` is another creature's space."""
        return any(sq in self.holders for sq in squares)


def reach_squares(creature: Creature) -> int:
    """Melee reach in whole squares, at least 1 (GB-5E-REACH)."""
    return max(1, round(creature.reach * 100) // SQUARE_CM)


def can_threaten(creature: Creature) -> bool:
    """Whether the creature can make opportunity attacks at all (GB-5E-DOWNED)."""
    return not (creature.helpless or creature.defeated)


def threatening(sit: Situation, unit: str, footprint: Iterable[Square]) -> list[str]:
    """Ids of hostile creatures that can reach `footprint` (D5-OA-LEAVE-REACH)."""
    mover = sit.creature(unit)
    squares = list(footprint)
    alternating = sit.options.diagonal == "alternating"
    return [
        other.id
        for other in sit.others(unit)
        if other.hostile_to(mover)
        and can_threaten(other)
        and distance_squares(squares, other.footprint(), alternating) <= reach_squares(other)
    ]


def distance_squares(a: Iterable[Square], b: Iterable[Square], alternating: bool = False) -> int:
    """Distance in squares between two footprints: Chebyshev (D5-GRID-DIAG), or
    max + floor(min/2) under the alternating variant (D5-GRID-DIAG-VARIANT)."""
    return footprint_distance(a, b, pf1_distance if alternating else chebyshev)


def sit_distance(sit: Situation, a: Iterable[Square], b: Iterable[Square]) -> int:
    """Distance in squares between two footprints under the level's diagonal rule (reach, ranges)."""
    return distance_squares(a, b, sit.options.diagonal == "alternating")
