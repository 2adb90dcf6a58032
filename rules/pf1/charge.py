"""The pf1 charge's geometry (PF1-CHARGE): the closest squares, the clear straight line, the path along it.

A charge ends on a footprint E nearest to the start footprint S among all footprints from which
the charger could attack the target; it goes at least 2 squares; and the segments between
corresponding squares of S and E pass no ally, no other standing creature, no difficult terrain,
no obstacle and no wall segment. `charge_ends` answers that for every closest footprint at once,
so the rule, the `reach --target` command, the AI and the battle screen ask the same function.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from rules.core import Illegal, Refusal, Situation, Square, footprint, values
from rules.geometry import chebyshev, pf1_distance, pf1_gap
from rules.pf1 import judged
from rules.pf1.movement import Band, reach_squares
from rules.pf1.space import DIAG_PLAIN, FULL, Mover
from rules.pf1.speed import movement_speed

CHARGE = "PF1-CHARGE"
MIN_SQUARES = 2
"""A charge moves at least 2 squares (PF1-CHARGE 2)."""

Point = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class ChargeEnd:
    """One closest footprint a charge at the target may end on, its line, and why it is refused (if it is)."""

    at: Square
    """Anchor of the end footprint E."""
    count: int
    """Squares from S to E by the level's diagonal count (PF1-DIAG, or uniform)."""
    segments: tuple[tuple[Point, Point], ...]
    """The line: one segment per square of S, from its centre to the centre of the same square of E."""
    path: tuple[Square, ...]
    """The anchors the charger steps through to E along the line (empty when refused)."""
    blocked: Square | None
    """The first square that stops the charge (on the line, or E itself), or None."""
    refusal: Illegal | None
    """Why a charge may not end here, or None when it may."""

    @property
    def clear(self) -> bool:
        """Whether a charge may end here."""
        return self.refusal is None


def _metric(sit: Situation):
    return chebyshev if sit.options.diagonal == "uniform" else pf1_distance


def closest_anchors(sit: Situation, unit: str, target: str) -> tuple[list[Square], int]:
    """The anchors of the footprints nearest to the charger's start from which it could attack (PF1-CHARGE 1).

    Free or not, on the map or not: whether one is a legal end is judged apart. Returns them in
    reading order with their count from the start. Kept per situation object (rules/pf1/judged.py),
    as the ends are: the AI ranks the ends by them, then asks `charge_end` for each end it tries,
    which looks them up again (each caller gets its own list).
    """
    anchors, count = judged.kept(sit, ("closest_anchors", unit, target), lambda: _closest(sit, unit, target))
    return list(anchors), count


def _closest(sit: Situation, unit: str, target: str) -> tuple[tuple[Square, ...], int]:
    """`closest_anchors` worked out."""
    c, t = sit.creature(unit), sit.creature(target)
    s = c.full_side
    dims = (s, s)
    reach = reach_squares(c.reach)
    metric = _metric(sit)
    held = t.footprint()
    found: list[tuple[int, int, int]] = []
    tx, ty = t.at
    tw, th = t.dims
    for y in range(ty - reach - s + 1, ty + th + reach):
        for x in range(tx - reach - s + 1, tx + tw + reach):
            if pf1_gap((x, y), dims, t.at, t.dims) > reach or footprint((x, y), dims) & held:
                continue
            found.append((metric(c.at, (x, y)), y, x))
    if not found:
        return (), 0
    best = min(f[0] for f in found)
    return tuple((x, y) for d, y, x in sorted(found) if d == best), best


def line_segments(start: Square, end: Square, side: int) -> tuple[tuple[Point, Point], ...]:
    """The segments between corresponding square centres of the footprints at `start` and `end`."""
    out = []
    for j in range(side):
        for i in range(side):
            # a square's centre in halves, made directly (cheaper than adding a half to each coordinate)
            a = (Fraction(2 * (start[0] + i) + 1, 2), Fraction(2 * (start[1] + j) + 1, 2))
            b = (Fraction(2 * (end[0] + i) + 1, 2), Fraction(2 * (end[1] + j) + 1, 2))
            out.append((a, b))
    return tuple(out)


def passed_squares(seg: tuple[Point, Point]) -> list[tuple[Fraction, Square, Square | None]]:
    """(t, square, previous square) of each square whose interior the segment passes, in order."""
    return list(passing(seg))


def passing(seg: tuple[Point, Point]) -> Iterator[tuple[Fraction, Square, Square | None]]:
    """`passed_squares` one square at a time, nearest the segment's start first."""
    for t, den, sq, prev in _crossings(seg):
        yield Fraction(t, den), sq, prev


def _crossings(seg: tuple[Point, Point]) -> Iterator[tuple[int, int, Square, Square | None]]:
    """(t's numerator, t's denominator, square, previous square) of each square the segment passes, in order.

    Lazy: a line is judged square by square until the first square that forbids the charge
    (`_line_fail`), and the squares beyond it are never worked out.

    Crossings of grid lines split the segment; the middle of each piece lies inside one square.
    A piece between two crossings at the same point does not exist, so a square whose corner is
    only touched is not passed.

    Worked in integers: the points scaled by the common denominator `q` of their coordinates,
    every crossing's t as a numerator over one denominator `den`, and a piece's middle floored
    by integer division (a charge asks this for every square of every line it judges, and
    Fraction arithmetic was most of a charge's cost).
    """
    ends = (*seg[0], *seg[1])
    # a Fraction and an int both carry numerator and denominator: scaling them needs no Fraction arithmetic
    q = lcm(*(v.denominator for v in ends))
    sax, say, sbx, sby = (v.numerator * (q // v.denominator) for v in ends)
    dx, dy = sbx - sax, sby - say
    den = (abs(dx) or 1) * (abs(dy) or 1)
    cuts = {0, den}
    for a, d in ((sax, dx), (say, dy)):
        if d == 0:
            continue
        per = den // d  # ± the other axis's span: t = (k·q − a) / d = (k·q − a)·per / den
        lo, hi = min(a, a + d), max(a, a + d)
        for k in range(lo // q + 1, -(-hi // q)):  # the grid lines strictly between the ends
            cuts.add((k * q - a) * per)
    ordered = sorted(cuts)
    prev: Square | None = None
    two_den_q = 2 * den * q
    for t0, t1 in itertools.pairwise(ordered):
        mid = t0 + t1  # the middle of the piece, over 2·den
        sq = ((2 * den * sax + dx * mid) // two_den_q, (2 * den * say + dy * mid) // two_den_q)
        if sq != prev:
            yield t0, den, sq, prev
            prev = sq


def _line_fail(sit: Situation, mover: Mover, unit: str, target: str, segs) -> tuple[Fraction, Refusal] | None:
    """The first thing on the line that forbids the charge (PF1-CHARGE 3), with where along the line it is."""
    board = sit.board
    c = sit.creature(unit)
    # the first refusal so far: t as numerator and denominator, its square, why; two t are compared
    # multiplied by both denominators (t/d < u/e exactly when t·e < u·d), so no Fraction is made per square
    first: tuple[int, int, Square, Refusal] | None = None
    start = c.footprint()
    for seg in segs:
        for t, den, sq, prev in _crossings(seg):  # up to the first square that forbids: the rest is never worked out
            if first is not None and t * first[1] > first[0] * den:
                break  # farther along the line than a square another segment found: it cannot come first
            if sq in start:
                continue  # the charger's own squares (difficult ground under it: PF1-DIFFICULT-NORUN, judged apart)
            why = None
            crossed = prev is not None and abs(sq[0] - prev[0]) + abs(sq[1] - prev[1]) == 1
            if crossed and board.edges and board.edge(prev, sq) is not None:  # type: ignore[arg-type]
                why = Refusal(CHARGE, "a wall lies across the line", sq, "charge.wall_on_line", values(square=sq))
            if why is None:
                why = _square_fail(sit, mover, c.id, target, sq)
            if why is not None:
                # nearer along the line first, then reading order (y, then x)
                if first is None or (t * first[1], sq[1], sq[0]) < (first[0] * den, first[2][1], first[2][0]):
                    first = (t, den, sq, why)
                break
    return None if first is None else (Fraction(first[0], first[1]), first[3])


def _square_fail(sit: Situation, mover: Mover, unit: str, target: str, sq: Square) -> Refusal | None:
    """Why one square passed by the line forbids the charge, or None."""
    board = sit.board
    if not board.in_bounds(sq):
        return Refusal(CHARGE, "the line leaves the map", sq, "charge.obstacle_on_line", values(square=sq))
    c = sit.creature(unit)
    for other in mover.occupants.get(sq, ()):
        if other.id == target or other.helpless or other.defeated:
            continue  # a helpless creature does not stop a charge (PF1-HELPLESS)
        if not c.hostile_to(other):
            why = f"an ally stands on the line at {list(sq)}"
            return Refusal("PF1-ALLY", why, sq, "charge.ally_on_line", values(square=sq, other=other.id))
        why = f"{other.id} stands on the line at {list(sq)}"
        return Refusal(CHARGE, why, sq, "charge.creature_on_line", values(square=sq, other=other.id))
    cell = mover.cell(sq)
    t = board.terrain(sq)
    if cell.block or cell.fit or (t.hampering and not mover.air):
        why = f"an obstacle lies on the line at {list(sq)}"
        return Refusal(CHARGE, why, sq, "charge.obstacle_on_line", values(square=sq))
    if cell.rough:
        why = f"difficult terrain lies on the line at {list(sq)}"
        return Refusal("PF1-DIFFICULT-NORUN", why, sq, "charge.difficult_on_line", values(square=sq))
    return None


def _line_path(
    mover: Mover, start: Square, end: Square, allowed: frozenset[Square], order: dict[Square, int]
) -> tuple[Square, ...] | None:
    """The cheapest walk of full footprints inside the line's squares from start to end (PF1-CHARGE 4).

    Among equally cheap walks, the one with the fewest steps, then the one that keeps to the line's
    order longest (its anchors' places along the anchor's own segment, compared in turn), so a
    diagonal is taken as late as the line allows.
    """
    side = mover.s
    dims = (side, side)
    far = len(order) + 1
    best: dict[tuple[Square, int], tuple[int, int, tuple[int, ...]]] = {(start, 0): (0, 0, ())}
    heap: list[tuple[int, int, tuple[int, ...], Square, int, tuple[Square, ...]]] = [(0, 0, (), start, 0, ())]
    while heap:
        cost, steps, seq, at, parity, path = heapq.heappop(heap)
        if at == end:
            return path
        if best.get((at, parity), (1 << 30, 0, ())) < (cost, steps, seq):
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                to = (at[0] + dx, at[1] + dy)
                if (dx, dy) == (0, 0) or not footprint(to, dims) <= allowed:
                    continue
                moves = mover.step(at[0], at[1], FULL, (dx, dy), False)
                if not isinstance(moves, list):
                    continue
                for m in moves:
                    if m[2] != FULL:
                        continue  # no squeezing during a charge
                    step, npar = m[4], parity
                    if m[3] == DIAG_PLAIN:
                        step, npar = (2 if parity else 1), parity ^ 1
                    nxt = (m[0], m[1])
                    label = (cost + step, steps + 1, (*seq, order.get(nxt, far)))
                    if label < best.get((nxt, npar), (1 << 30, 0, ())):
                        best[(nxt, npar)] = label
                        heapq.heappush(heap, (*label, nxt, npar, (*path, nxt)))
    return None


def charge_ends(sit: Situation, unit: str, target: str) -> tuple[ChargeEnd, ...]:
    """Every closest footprint of a charge at `target`, with its line, its path and why it is refused (PF1-CHARGE).

    When none of the closest footprints is a legal end position, each is refused as taken: the
    charge is then illegal even where a farther footprint is free. Each end is judged once per
    situation object (`charge_end`).
    """
    anchors, count = closest_anchors(sit, unit, target)
    return tuple(_kept_end(sit, unit, target, at, count) for at in anchors)


def charge_end(sit: Situation, unit: str, target: str, at: Square) -> ChargeEnd | None:
    """The closest footprint at anchor `at` of a charge at `target`, judged as `charge_ends` judges it (None when
    `at` is not one of the closest).

    Kept per situation object (rules/pf1/judged.py): the AI's look at a charge, its dry ruling
    and the ruling on the charge it then takes ask the same question, and the answer (frozen) is
    judged once; a caller that needs one end (the ruling on a charge's path, the AI trying the
    nearest ends in turn) does not judge the lines of the others.
    """
    anchors, count = closest_anchors(sit, unit, target)
    if at not in anchors:
        return None
    return _kept_end(sit, unit, target, anchors[anchors.index(at)], count)  # the anchor itself: plain ints


def _kept_end(sit: Situation, unit: str, target: str, at: Square, count: int) -> ChargeEnd:
    question = ("charge_end", unit, target, at)
    return judged.kept(sit, question, lambda: _judge_end(sit, unit, target, at, count))


def _judge_end(sit: Situation, unit: str, target: str, at: Square, count: int) -> ChargeEnd:
    """One closest end judged: taken, too short, the line, the path along it, its cost (PF1-CHARGE 1–4)."""
    c = sit.creature(unit)
    mover = Mover(sit, unit, run=True, charge=True)
    side = c.full_side
    dims = (side, side)
    segs = line_segments(c.at, at, side)
    why: Refusal | None = _taken(mover, at, dims)
    path: tuple[Square, ...] = ()
    if why is None and count < MIN_SQUARES:
        msg = f"a charge goes at least 2 squares; {list(at)} is {count} away"
        why = Refusal(CHARGE, msg, at, "charge.too_short", values(square=at))
    if why is None:
        found = _line_fail(sit, mover, unit, target, segs)
        if found is not None:
            why = found[1]
    if why is None:
        allowed = frozenset(sq for seg in segs for _, sq, _ in passed_squares(seg))
        order = {sq: i for i, (_, sq, _) in enumerate(passed_squares(segs[0]))}
        walk = _line_path(mover, c.at, at, allowed, order)
        if walk is None:
            msg = f"no legal step along the line reaches {list(at)}"
            why = Refusal(CHARGE, msg, at, "charge.no_path_on_line", values(square=at))
        else:
            path = walk
    if why is None:
        why = _too_long(sit, unit, path)
    illegal = None if why is None else why.illegal(unit_cm=150)
    return ChargeEnd(at, count, segs, path if why is None else (), None if why is None else why.at, illegal)


def _taken(mover: Mover, at: Square, dims: tuple[int, int]) -> Refusal | None:
    """PF1-CHARGE 1: the closest footprint is not a legal end position (occupied, blocked, off the map)."""
    bad = mover.check(at, dims, False)
    if not isinstance(bad, Refusal):
        bad = mover.end_fail(at[0], at[1], FULL)
    if bad is None:
        return None
    where = bad.at or at
    return Refusal(CHARGE, f"the closest square {list(at)} is taken", where, "charge.closest_taken", values(square=at))


def _too_long(sit: Situation, unit: str, path: tuple[Square, ...]) -> Refusal | None:
    """PF1-CHARGE 2: the path's cost is at most twice the speed (and the path legal as one charge)."""
    from rules.pf1.movement import judge  # the search module, loaded with the rulings that need it

    limit = 2 * movement_speed(sit.creature(unit))
    result = judge(sit, unit, path, [Band("charge", limit, run=True, charge=True)])
    if isinstance(result, Illegal):
        return Refusal(result.rule, result.message, result.at, result.reason, result.params)
    return None


def charge_refusal(sit: Situation, unit: str, target: str, path: tuple[Square, ...]) -> Illegal | None:
    """Why a charge at `target` along `path` breaks PF1-CHARGE, or None when the path is the line's path."""
    c = sit.creature(unit)
    anchors, _ = closest_anchors(sit, unit, target)
    if not anchors:
        return Illegal(CHARGE, f"no square to charge {target} from", c.at, reason="charge.no_end")
    last = path[-1] if path else None
    # only the end the path stops on is judged, unless it is none of them (then all are, to say why)
    end = charge_end(sit, unit, target, last) if last in anchors else None
    if end is None:
        ends = charge_ends(sit, unit, target)
        if not any(_free(e) for e in ends):
            on_map = [e for e in ends if sit.board.in_bounds(e.at)]
            return (on_map or list(ends))[0].refusal
        sq = last or c.at
        msg = f"{list(sq)} is not a closest square from which to charge {target}"
        return Illegal(CHARGE, msg, sq, reason="charge.not_closest", params=values(square=sq, target=target))
    if end.refusal is not None:
        return end.refusal
    mover = Mover(sit, unit, run=True, charge=True)
    allowed = frozenset(sq for seg in end.segments for _, sq, _ in passed_squares(seg))
    dims = (mover.s, mover.s)
    for at in path:
        if not footprint(at, dims) <= allowed:
            msg = f"the path leaves the line at {list(at)}"
            return Illegal(CHARGE, msg, at, reason="charge.off_line", params=values(square=at))
    return None


def _free(end: ChargeEnd) -> bool:
    """Whether the end is not refused as taken (a closest square someone or something holds)."""
    return end.refusal is None or end.refusal.reason != "charge.closest_taken"
