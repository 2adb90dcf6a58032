"""One attack flow for every ruleset, without pygame: the attack now if the rules allow it, else the
cheapest move after which they do, then the attack. Every answer is asked of the ruleset's rule().

A hexxen attack engages by itself (HX-GRID-MAP), so its approach is the attack alone; pf1 and dnd5e
look through the unit's reach for the cheapest square from which `rule()` accepts the attack once the
move is made (the move asked with dice that miss, so a lucky attack of opportunity does not hide a
square; the real move rolls them).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from math import inf as INF

from game.ui.forecast import action_for_band, opportunities
from game.ui.odds import MissingDice
from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, Situation, Square
from rules.effects import apply
from rules.reaches import ReachBySquare
from rules.ruleset import Reach, Ruleset

SQUARE_M = 1.5


@dataclass(frozen=True, slots=True)
class Approach:
    """How the selected unit attacks a target now: the move first (None when already in reach), then the attack."""

    attack: Action
    move: Action | None = None
    after: Situation | None = None
    """The situation once the move is made (its attacks of opportunity missing); None without a move."""
    provokers: tuple[str, ...] = ()
    """Who gets an attack of opportunity on the way, in the order of the steps."""
    cost_m: float = 0.0
    """What the move costs, in metres."""

    @property
    def to(self) -> Square | None:
        """Where the move ends (None without a move)."""
        return self.move.path[-1] if self.move is not None and self.move.path else None


def _window(me: Creature, target: Creature) -> tuple[int, int, int, int]:
    """The anchors (x0, x1, y0, y1, inclusive) from which the unit's footprint lies no farther from the
    target than its reach plus a square, by Chebyshev distance between the two rectangles of squares."""
    squares = max(1, round(me.reach / SQUARE_M)) + 1
    w, h = me.dims
    (tx, ty), (tw, th) = target.at, target.dims
    return (tx - w + 1 - squares, tx + tw - 1 + squares, ty - h + 1 - squares, ty + th - 1 + squares)


def _could_reach(me: Creature, at: Square, target: Creature) -> bool:
    """A cheap necessary test before asking rule(): the target no farther than the unit's reach (plus a square).

    Worked out from the rectangles' edges (`_window`): the same answer as the smallest distance between
    any two of their squares, without listing the squares (it runs for every reachable square on a click).
    """
    x0, x1, y0, y1 = _window(me, target)
    return x0 <= at[0] <= x1 and y0 <= at[1] <= y1


def _in_window(reach: Mapping[Square, Reach], x0: int, x1: int, y0: int, y1: int) -> list[Square]:
    """The squares of `reach` within [x0, x1] × [y0, y1], in the reach's order.

    An answer that lists its squares by (x, y) (pf1, dnd5e) is cut to the window's columns by
    bisection first: a click asks this for every enemy, most of them far from every square.
    """
    if isinstance(reach, ReachBySquare) and reach.reaches.in_square_order():
        squares = reach.reaches.squares
        columns = squares[bisect_left(squares, (x0, -INF)) : bisect_right(squares, (x1, INF))]
        return [sq for sq in columns if y0 <= sq[1] <= y1]
    return [sq for sq in reach if x0 <= sq[0] <= x1 and y0 <= sq[1] <= y1]


def find_approach(
    ruleset: Ruleset,
    sit: Situation,
    unit: str,
    target: str,
    reach: Mapping[Square, Reach],
    tactic: str = "front",
    mode: str | None = None,
    release: str | None = None,
) -> Approach | Illegal:
    """The attack on `target` now, or the cheapest move in `reach` after which rule() accepts it; else why not.

    `release`: the comrade a hexxen relief or cut-in would release when several could be (the player names
    the one after confirming; any of them gives the same answer here)."""
    attack = Action("attack", unit, target=target, tactic=tactic, release=release)
    direct = ruleset.rule(sit, attack, MissingDice())
    if isinstance(direct, Ruling):
        return Approach(attack)
    me, foe = sit.creatures[unit], sit.creatures[target]
    # the cheap test first, then the survivors in order of cost (most squares are far from the target)
    x0, x1, y0, y1 = _window(me, foe)  # _could_reach, inlined: a click runs it for every reachable square
    # by square first: an entry of a search's answer is made only for the squares in the window
    near = [reach[sq] for sq in _in_window(reach, x0, x1, y0, y1)]
    near = [r for r in near if r.target is None]
    for entry in sorted(near, key=lambda r: (r.cost, r.at)):
        move = action_for_band(entry.band, unit, tuple(entry.path), mode)
        moved = ruleset.rule(sit, move, MissingDice())
        if isinstance(moved, Illegal):
            continue
        after = apply(sit, moved.effects)
        if after.creatures[unit].defeated or after.creatures[target].defeated:
            continue
        if isinstance(ruleset.rule(after, attack, MissingDice()), Ruling):
            return Approach(attack, move, after, opportunities(moved, sit)[1], moved.cost_m)
    return direct
