"""The steps of a multi-square pf1 mover: full shifts, squeezing in, squeezed shifts and turns.

PF1-SQUEEZE and PF1-SQUEEZE-LARGE (revised 2026-12-02): a reduced footprint only
where no legal full footprint exists for the step, back to full as soon as one contains the
shifted reduced footprint, and squeezed turns that pivot the centre by (±½, ±½) (a rotation
in place for Gargantuan). Every function here takes the `Mover` that caches the squares.
"""

from __future__ import annotations

from typing import Protocol

from rules.core import Board, Refusal, Square, footprint
from rules.geometry import DIRECTIONS

Move = tuple[int, int, int, int, int, int, tuple[str, ...]]
"""(x, y, orientation, kind, base cost, flags, rule ids) of one legal step."""
Fail = Refusal
"""The rule id, message, square and catalogue reason of a refused step."""

FULL, WIDE, TALL = 0, 1, 2
"""Footprint orientations: the full space, a reduced one lying along x, one lying along y."""
F_SQUEEZED, F_ESCAPE, F_EDGE = 1, 2, 8
"""Step flags: squeezed position, needs Escape Artist, crossed a low wall (F_SKILL = 4 is in space.py)."""


class Mover(Protocol):
    """What these step rules ask of rules.pf1.space.Mover (a protocol, so the two modules form no import loop)."""

    board: Board
    s: int
    w: int
    air: bool
    incorporeal: bool

    def dims(self, orient: int) -> tuple[int, int]: ...
    def check(self, anchor: Square, dims: tuple[int, int], reduced: bool) -> Fail | tuple[int, int]: ...
    def full_ok(self, anchor: Square) -> bool: ...
    def run_fail(self, anchor: Square, dims: tuple[int, int]) -> Fail | None: ...
    def skill_flags(self, anchor: Square, dims: tuple[int, int]) -> int: ...
    def ids(
        self, diag: bool, k: int, extra: int, squares: tuple[Square, ...], flags: int, reduced: bool
    ) -> tuple[str, ...]: ...
    def cost_move(
        self, to: Square, orient: int, diag: bool, k: int, extra: int, flags: int, ids: tuple[str, ...]
    ) -> Move: ...


def edge_cost(m: Mover, cur: frozenset[Square], dest: frozenset[Square], delta: Square) -> Fail | int:
    """Wall segments crossed by a shift: a blocking one refuses it; a hampering one costs +2 once.

    Each square q of the destination comes from q − delta. Only squares newly entered (the
    leading squares, dest − cur) pay for a hampering segment, so a big creature pays it once,
    on the step whose leading squares cross it (PF1-OBSTACLE-EDGE).
    """
    board = m.board
    if not board.edges:
        return 0
    extra = 0
    both = cur | dest
    for q in dest:
        p = (q[0] - delta[0], q[1] - delta[1])
        if p not in both:
            continue
        kind = board.edge(p, q)
        if kind == "blocking" and not m.incorporeal:
            return Refusal("PF1-OBSTACLE-BLOCK", "a blocking wall lies between the squares", q, "pf1.wall_between")
        if kind == "hampering" and not m.air and q not in cur:
            extra = 2
    return extra


def full_step_fits(m: Mover, at: Square, fp: frozenset[Square]) -> bool:
    """Whether a legal full footprint one step from the full one at `at` contains `fp` (PF1-SQUEEZE).

    "No legal full footprint exists for that step" is read as: none of the full footprints one
    step away holds the reduced one. So in W60 the step east may not squeeze into (1,1)+(2,1)
    (the full footprint at (1,1) is legal; reaching it is barred only by PF1-CORNER), while
    W7's squeeze into (1,2)+(2,2) stands (the legal full footprint at (1,2) is two steps away).
    """
    s = m.s
    for dx, dy in DIRECTIONS:
        anchor = (at[0] + dx, at[1] + dy)
        if m.full_ok(anchor) and fp <= footprint(anchor, (s, s)):
            return True
    return False


def full_contains(m: Mover, fp: frozenset[Square]) -> bool:
    """Whether any legal full footprint contains the reduced footprint `fp` (PF1-SQUEEZE-LARGE)."""
    s = m.s
    xs = [q[0] for q in fp]
    ys = [q[1] for q in fp]
    for ay in range(max(ys) - s + 1, min(ys) + 1):
        for ax in range(max(xs) - s + 1, min(xs) + 1):
            if m.full_ok((ax, ay)):
                return True
    return False


def from_full(m: Mover, at: Square, delta: Square, diag: bool, detail: bool) -> list[Move] | Fail:
    """A step of the full footprint; squeezed only when the shifted full footprint is illegal."""
    s = m.s
    full = (s, s)
    to = (at[0] + delta[0], at[1] + delta[1])
    cur = footprint(at, full)
    checked = m.check(to, full, False)
    if not isinstance(checked, Refusal):
        dest = footprint(to, full)
        extra = edge_cost(m, cur, dest, delta)
        if not isinstance(extra, int):
            return extra
        rough = m.run_fail(to, full)
        if rough is not None:
            return rough
        flags = m.skill_flags(to, full) | (F_EDGE if extra else 0)
        k = checked[0]
        ids = m.ids(diag, k, extra, tuple(dest), flags, False) if detail else ()
        return [m.cost_move(to, FULL, diag, k, extra, flags, ids)]
    moves: list[Move] = []
    why: Fail = checked
    for orient in (WIDE, TALL):
        rd = m.dims(orient)
        for i in range(s - m.w + 1):
            anchor = (to[0], to[1] + i) if orient == WIDE else (to[0] + i, to[1])
            fp = footprint(anchor, rd)
            if fp <= cur or full_step_fits(m, at, fp):
                continue  # not a move (grid conventions), or the full space fits (PF1-SQUEEZE)
            move = reduced_move(m, cur, anchor, orient, delta, diag, detail)
            if isinstance(move, Refusal):
                if move.rule == "PF1-DIFFICULT-NORUN":
                    why = move
                continue
            moves.append(move)
    return moves or why


def reduced_move(
    m: Mover, cur: frozenset[Square], anchor: Square, orient: int, delta: Square, diag: bool, detail: bool
) -> Move | Fail:
    """Moving into one reduced footprint by a shift, or why it cannot be occupied."""
    rd = m.dims(orient)
    checked = m.check(anchor, rd, True)
    if isinstance(checked, Refusal):
        return checked
    extra = edge_cost(m, cur, footprint(anchor, rd), delta)
    if not isinstance(extra, int):
        return extra
    rough = m.run_fail(anchor, rd)
    if rough is not None:
        return rough
    worst, narrow = checked
    flags = F_SQUEEZED | (F_ESCAPE if narrow else 0) | m.skill_flags(anchor, rd) | (F_EDGE if extra else 0)
    k = worst + 1
    ids = m.ids(diag, k, extra, tuple(footprint(anchor, rd)), flags, True) if detail else ()
    return m.cost_move(anchor, orient, diag, k, extra, flags, ids)


def from_reduced(m: Mover, at: Square, orient: int, delta: Square, diag: bool, detail: bool) -> list[Move] | Fail:
    """A shift of a reduced footprint: full again wherever a legal full footprint contains it."""
    s = m.s
    full = (s, s)
    rd = m.dims(orient)
    cur = footprint(at, rd)
    to = (at[0] + delta[0], at[1] + delta[1])
    grown: list[tuple[int, int, int]] = []
    for ay in range(to[1] + rd[1] - s, to[1] + 1):
        for ax in range(to[0] + rd[0] - s, to[0] + 1):
            if m.full_ok((ax, ay)):
                # the tie-break compares with the reduced footprint held just before the step (W59)
                grown.append((-len(cur & footprint((ax, ay), full)), ay, ax))
    if grown:
        _, ay, ax = min(grown)
        anchor = (ax, ay)
        dest = footprint(anchor, full)
        extra = edge_cost(m, cur, dest, delta)
        if not isinstance(extra, int):
            return extra
        rough = m.run_fail(anchor, full)
        if rough is not None:
            return rough
        k = m.check(anchor, full, False)[0]  # type: ignore[index]
        flags = m.skill_flags(anchor, full) | (F_EDGE if extra else 0)
        ids = (*m.ids(diag, k, extra, tuple(dest), flags, False), "PF1-SQUEEZE-LARGE") if detail else ()
        return [m.cost_move(anchor, FULL, diag, k, extra, flags, ids)]  # type: ignore[arg-type]
    move = reduced_move(m, cur, to, orient, delta, diag, detail)
    return move if isinstance(move, Refusal) else [move]


def turns(m: Mover, at: Square, orient: int, detail: bool) -> list[Move] | Fail:
    """The squeezed turns from a reduced footprint (PF1-SQUEEZE-LARGE), or why there is none."""
    rd = m.dims(orient)
    od = m.dims(TALL if orient == WIDE else WIDE)
    moves: list[Move] = []
    why: Fail | None = None
    for ay in range(at[1] - od[1] + 1, at[1] + rd[1]):
        for ax in range(at[0] - od[0] + 1, at[0] + rd[0]):
            found = turn_to(m, at, orient, (ax, ay), detail)
            if found is None:
                continue
            if isinstance(found, Refusal):
                why = why or found
            else:
                moves.append(found)
    return moves or why or Refusal("PF1-SQUEEZE-LARGE", "no squeezed turn fits here", at, "pf1.no_turn")


def turn_to(m: Mover, at: Square, orient: int, anchor: Square, detail: bool) -> Move | Fail | None:
    """The turn to the other orientation at `anchor`, why it is illegal, or None if it is no turn.

    The centre moves by (±½, ±½) when s − w is odd (Large, Huge, Colossal: a pivot) and by
    v ∈ {−1, 0, 1}² when it is even (Gargantuan: a rotation in place). The new footprint
    overlaps the old one, no wall segment lies inside their union, and no legal full
    footprint contains it. PF1-CORNER's flank test does not apply.
    """
    rd = m.dims(orient)
    other = TALL if orient == WIDE else WIDE
    od = m.dims(other)
    cur = footprint(at, rd)
    ax, ay = anchor
    vx = 2 * ax + od[0] - 1 - (2 * at[0] + rd[0] - 1)  # twice the centre's move
    vy = 2 * ay + od[1] - 1 - (2 * at[1] + rd[1] - 1)
    if (m.s - m.w) % 2 == 1:
        if not (abs(vx) == 1 and abs(vy) == 1):
            return None
    elif not (abs(vx) in (0, 2) and abs(vy) in (0, 2)):
        return None
    fp = footprint(anchor, od)
    if not fp & cur:
        return None
    if full_contains(m, fp):
        why = "the full space fits there, so the creature is not squeezed"
        return Refusal("PF1-SQUEEZE", why, anchor, "pf1.full_fits")
    checked = m.check(anchor, od, True)
    if isinstance(checked, Refusal):
        return checked
    wall = _segment_inside(m, cur | fp)
    if wall is not None:
        return Refusal("PF1-SQUEEZE-LARGE", "a wall segment lies across the turn", wall, "pf1.turn_wall")
    rough = m.run_fail(anchor, od)
    if rough is not None:
        return rough
    worst, narrow = checked
    flags = F_SQUEEZED | (F_ESCAPE if narrow else 0) | m.skill_flags(anchor, od)
    diag = abs(vx) == 2 and abs(vy) == 2
    k = worst + 1
    ids = m.ids(diag, k, 0, tuple(fp), flags, True) if detail else ()
    return m.cost_move(anchor, other, diag, k, 0, flags, ids)


def _segment_inside(m: Mover, squares: frozenset[Square]) -> Square | None:
    """A square beside a wall segment that lies between two orthogonal neighbours of `squares`."""
    board = m.board
    if not board.edges:
        return None
    for q in squares:
        for n in ((q[0] + 1, q[1]), (q[0], q[1] + 1)):
            if n not in squares:
                continue
            kind = board.edge(q, n)
            if kind == "blocking" or (kind == "hampering" and not m.air):
                return n
    return None
