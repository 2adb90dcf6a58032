"""Ranking targets and destinations: wounded enemies first, near ones next, paths that provoke last."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter

from game.ai.navigation import nearest_goal, walk_gap
from rules.core import Board, Creature, Illegal, Ruling, Square, footprint
from rules.geometry import footprint_distance
from rules.ruleset import Reach

WOUND_WEIGHT = 3.0
"""How many squares of extra walking a fully healthy target is worth avoiding (focus fire)."""
COST_WEIGHT = 0.01
"""Per cost unit: among equally good squares the cheaper path wins (terrain matters)."""
PROVOKE_TOLERANCE = 1.0
"""A destination whose path provokes loses to one that does not if the latter scores within this much."""
WHOLE_FIELDS = 5_000
"""Board squares × enemies up to which hunting reads a kept whole-board field per enemy (cheap when they are
kept); above it one bounded walk from the unit is cheaper (bench/ai_scaling.py)."""
PROBES = 3
"""How many of the best destinations are measured for provokes events (measures are the costly part)."""

_ID = attrgetter("id")


def gap(metric: Callable[[Square, Square], int], mine: frozenset[Square], theirs: frozenset[Square]) -> int:
    """Distance in squares between two footprints, each square pair measured by `metric` (the ruleset's)."""
    return footprint_distance(mine, theirs, metric)


def attack_choice(foes: Sequence[Creature]) -> Creature:
    """The enemy to hit among those in reach: fewest hit points, then lowest defence, then id."""
    return min(foes, key=lambda c: (c.hp, c.defense, c.id))


def hunt_choice(board: Board, me: Creature, foes: Sequence[Creature]) -> Creature:
    """The enemy to walk towards: near on foot and wounded (a healthy one counts WOUND_WEIGHT squares further)."""
    if board.width * board.height * len(foes) <= WHOLE_FIELDS:
        # a field per enemy over the whole board: each is kept (navigation.field), and the enemies
        # stand still while the side moves, so every unit of the side reads the same fields
        mine = me.footprint()

        def score(c: Creature) -> tuple[float, str]:
            most = c.max_hp if c.max_hp > 1 else 1  # max(1, max_hp), without the call
            return (walk_gap(board, mine, c.footprint()) + WOUND_WEIGHT * c.hp / most, c.id)

        return min(foes, key=score)
    # a big map or a big army: one walk outwards from the unit, stopped once no enemy further away
    # can win; its cost follows the distance to the nearest enemies, not the map's size or the army's
    ordered = sorted(foes, key=_ID)
    goals = [(c.footprint(), WOUND_WEIGHT * c.hp / (c.max_hp if c.max_hp > 1 else 1)) for c in ordered]
    k = nearest_goal(board, me.footprint(), goals)
    return ordered[k] if k >= 0 else ordered[0]


def provokes(result: Ruling | Illegal) -> int:
    """How many attacks of opportunity a measured path would draw (its steps' "provokes" events)."""
    return sum(1 for step in result.steps for e in step.events if e.kind == "provokes")


def best_destination(
    scored: list[tuple[float, Reach]],
    measure: Callable[[Reach], Ruling | Illegal] | None,
) -> Reach | None:
    """The best-scored Reach (lower is better), preferring one without provokes when it is nearly as good.

    Only the PROBES best are measured; a path the measure refuses is skipped.
    """
    if not scored:
        return None
    scored.sort(key=lambda sr: (sr[0], sr[1].at[1], sr[1].at[0]))
    return _probe([sr[0] for sr in scored], lambda k: scored[k][1], measure)


def best_row(
    scored: list[tuple[float, int, int, int]],
    entry: Callable[[int], Reach],
    measure: Callable[[Reach], Ruling | Illegal] | None,
) -> Reach | None:
    """best_destination of rows scored as (score, y, x, row), a `Reach` made (`entry(row)`) only for those measured.

    The same choice as best_destination of (score, entry(row)) listed in row order: both order
    by score, then y, then x, and rows at one square (none in pf1) keep their order.
    """
    if not scored:
        return None
    scored.sort()
    return _probe([s[0] for s in scored], lambda k: entry(scored[k][3]), measure)


def _probe(
    scores: list[float], entry: Callable[[int], Reach], measure: Callable[[Reach], Ruling | Illegal] | None
) -> Reach | None:
    """best_destination's choice among entries already in order of preference (`scores` ascending)."""
    if measure is None:
        return entry(0)
    best_score = scores[0]
    fallback: Reach | None = None
    for k, score in enumerate(scores[:PROBES]):
        if score > best_score + PROVOKE_TOLERANCE and fallback is not None:
            break  # much worse than the best legal square: keep that one even if it provokes
        r = entry(k)
        result = measure(r)
        if isinstance(result, Illegal):
            continue
        if provokes(result) == 0 and score <= best_score + PROVOKE_TOLERANCE:
            return r
        fallback = fallback or r
    return fallback


def footprint_at(me: Creature, anchor: Square) -> frozenset[Square]:
    """The unit's footprint if it stood at `anchor` (full space)."""
    side = me.full_side
    return footprint(anchor, (side, side))


def strike_span(foe: Creature, charges: bool = False, fly: bool = False) -> float:
    """The squares between a foe and a unit it can still strike next turn: a move of its speed (a charge: twice
    its speed, PF1-CHARGE; with `fly`, the greater of its walking and flying speeds), then its reach."""
    move = max(foe.speed or 0.0, foe.fly or 0.0) if fly else (foe.speed or 0.0)
    return (move * (2 if charges else 1) + foe.reach) / 1.5
