"""The pf1 search against an independent enumeration of a Large creature's steps, squeezed ones included.

`LargeSteps` is written from the pf1 step (docs/rules-pf1.md), PF1-CORNER, PF1-SQUEEZE, PF1-SQUEEZE-LARGE and
PF1-OBSTACLE-EDGE (revised 2026-12-02) and shares no code with rules/pf1: footprints are
plain sets of squares, and every position a step may reach is listed by brute force. A
plain Dijkstra over (footprint, diagonal parity) then gives the cheapest end per anchor for
one move action, which `pf1.reachable` must equal on random 5×5 boards.
"""

from __future__ import annotations

import heapq
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from rules.board import board_from_rows
from rules.core import Creature, Situation, Size, Terrain
from rules.pf1.turn import TurnState

Sq = tuple[int, int]
Fp = frozenset[Sq]
EIGHT = [(dx, dy) for dx, dy in product((-1, 0, 1), repeat=2) if (dx, dy) != (0, 0)]
SIZE = 5
SPEED = 8


def rect(x: int, y: int, w: int, h: int) -> Fp:
    return frozenset((x + i, y + j) for i in range(w) for j in range(h))


def full_at(x: int, y: int) -> Fp:
    return rect(x, y, 2, 2)


def anchor(fp: Fp) -> Sq:
    return (min(q[0] for q in fp), min(q[1] for q in fp))


def centre2(fp: Fp) -> Sq:
    """Twice the centre of a footprint (whole numbers)."""
    n = len(fp)
    return (2 * sum(q[0] for q in fp) // n, 2 * sum(q[1] for q in fp) // n)


class LargeSteps:
    """A Large walker's legal steps on a small board, enumerated straight from the rules."""

    def __init__(self, rows: list[str], edges: dict[frozenset[Sq], str], foes: set[Sq], friends: set[Sq]):
        self.rows = rows
        self.edges = edges
        self.foes = foes
        self.friends = friends

    def kind(self, q: Sq) -> str:
        x, y = q
        return self.rows[y][x] if 0 <= x < SIZE and 0 <= y < SIZE else "off"

    def h(self, q: Sq) -> int:
        k = self.kind(q)
        return {",": 1, "%": 1, "X": 2}.get(k, 0)

    def position_ok(self, fp: Fp) -> bool:
        """On the map, no wall or pit, no opponent (the pf1 step; PF1-SQUEEZE), and no blocking segment
        between two of its squares (PF1-SQUEEZE, revised 2026-12-06: a creature cannot straddle a wall)."""
        straddles = any(
            self.edges.get(frozenset((q, n))) == "blocking"
            for q in fp
            for n in ((q[0] + 1, q[1]), (q[0], q[1] + 1))
            if n in fp
        )
        return not straddles and all(self.kind(q) not in ("off", "#", "o") and q not in self.foes for q in fp)

    def end_ok(self, fp: Fp) -> bool:
        return not fp & (self.foes | self.friends)

    def corner(self, fp: Fp, d: Sq) -> bool:
        """PF1-CORNER for a diagonal shift of `fp`."""
        dx, dy = d
        for sx, sy in ((dx, 0), (0, dy)):
            if any(self.kind((q[0] + sx, q[1] + sy)) == "#" for q in fp if (q[0] + sx, q[1] + sy) not in fp):
                return True
        for q in fp:
            to = (q[0] + dx, q[1] + dy)
            if to in fp:
                continue
            a, b = (q[0] + dx, q[1]), (q[0], q[1] + dy)
            if any(frozenset(pair) in self.edges for pair in ((q, a), (q, b), (a, to), (b, to))):
                return True
        return False

    def crossing(self, cur: Fp, dest: Fp, d: Sq) -> int | None:
        """None if a blocking segment is crossed; else 2 if a new square is entered over a low wall, else 0."""
        extra = 0
        for q in dest:
            p = (q[0] - d[0], q[1] - d[1])
            kind = self.edges.get(frozenset((p, q)))
            if kind is None or p not in cur | dest:
                continue
            if kind == "blocking":
                return None
            if q not in cur:
                extra = 2
        return extra

    def fulls_containing(self, fp: Fp) -> list[Fp]:
        x0, y0 = anchor(fp)
        out = []
        for ax in range(x0 - 1, x0 + 1):
            for ay in range(y0 - 1, y0 + 1):
                g = full_at(ax, ay)
                if fp <= g and self.position_ok(g):
                    out.append(g)
        return out

    def steps(self, fp: Fp) -> list[tuple[Fp, bool, int, int]]:
        """(next footprint, priced diagonally, k, extra) for every legal step."""
        out: list[tuple[Fp, bool, int, int]] = []
        full = len(fp) == 4
        for d in EIGHT:
            diag = d[0] != 0 and d[1] != 0
            if diag and self.corner(fp, d):
                continue
            moved = frozenset((q[0] + d[0], q[1] + d[1]) for q in fp)
            if full:
                if self.position_ok(moved):
                    extra = self.crossing(fp, moved, d)
                    if extra is not None:
                        out.append((moved, diag, max(map(self.h, moved)), extra))
                    continue
                ax, ay = anchor(moved)
                near = [full_at(anchor(fp)[0] + e[0], anchor(fp)[1] + e[1]) for e in EIGHT]
                for r in (rect(ax, ay, 2, 1), rect(ax, ay + 1, 2, 1), rect(ax, ay, 1, 2), rect(ax + 1, ay, 1, 2)):
                    if r <= fp or not self.position_ok(r):
                        continue
                    if any(r <= g and self.position_ok(g) for g in near):
                        continue
                    extra = self.crossing(fp, r, d)
                    if extra is not None:
                        out.append((r, diag, max(map(self.h, r)) + 1, extra))
                continue
            grown = self.fulls_containing(moved)
            if grown:
                g = min(grown, key=lambda g: (-len(g & fp), anchor(g)[1], anchor(g)[0]))
                extra = self.crossing(fp, g, d)
                if extra is not None:
                    out.append((g, diag, max(map(self.h, g)), extra))
            elif self.position_ok(moved):
                extra = self.crossing(fp, moved, d)
                if extra is not None:
                    out.append((moved, diag, max(map(self.h, moved)) + 1, extra))
        if not full:
            out += self.turns(fp)
        return out

    def turns(self, fp: Fp) -> list[tuple[Fp, bool, int, int]]:
        """PF1-SQUEEZE-LARGE turns: the other orientation, centre moved by (±½, ±½), overlapping."""
        out: list[tuple[Fp, bool, int, int]] = []
        wide = len({q[1] for q in fp}) == 1
        cx, cy = centre2(fp)
        x0, y0 = anchor(fp)
        for ax in range(x0 - 2, x0 + 3):
            for ay in range(y0 - 2, y0 + 3):
                r2 = rect(ax, ay, 1, 2) if wide else rect(ax, ay, 2, 1)
                vx, vy = centre2(r2)[0] - cx, centre2(r2)[1] - cy
                if abs(vx) != 1 or abs(vy) != 1 or not r2 & fp or not self.position_ok(r2):
                    continue
                if self.fulls_containing(r2):
                    continue
                if self._edge_inside(fp | r2):
                    continue
                out.append((r2, False, max(map(self.h, r2)) + 1, 0))
        return out

    def _edge_inside(self, both: Fp) -> bool:
        for q in both:
            for n in ((q[0] + 1, q[1]), (q[0], q[1] + 1)):
                if n in both and frozenset((q, n)) in self.edges:
                    return True
        return False

    def cheapest(self, start: Fp, limit: int) -> dict[Sq, int]:
        """Cheapest legal end per anchor within `limit`, for one move action from the turn's start."""
        best: dict[tuple[Fp, int], int] = {(start, 0): 0}
        heap: list[tuple[int, int, tuple[Fp, int]]] = [(0, 0, (start, 0))]
        tick = 1
        ends: dict[Sq, int] = {}
        while heap:
            cost, _, (fp, parity) = heapq.heappop(heap)
            if best.get((fp, parity), 1 << 30) < cost:
                continue
            if fp != start and self.end_ok(fp) and anchor(fp) != anchor(start):
                ends[anchor(fp)] = min(ends.get(anchor(fp), 1 << 30), cost)
            for nxt, diag, k, extra in self.steps(fp):
                if diag and k == 0:
                    step, npar = (2 if parity else 1), parity ^ 1
                elif diag:
                    step, npar = 3 << (k - 1), parity
                else:
                    step, npar = (1 << k) + extra, parity
                total = cost + step
                if total <= limit and total < best.get((nxt, npar), 1 << 30):
                    best[(nxt, npar)] = total
                    heapq.heappush(heap, (total, tick, (nxt, npar)))
                    tick += 1
        return ends


@st.composite
def squeeze_boards(draw, corridor: bool = False):
    """5×5 boards crowded with walls and pits, a Large walker at (0,0), an opponent, an ally, wall segments.

    With `corridor`, row 1 is a 1-wide corridor from the start to an opening 2 squares wide and
    3 high, where a squeezed creature leaving it has two full footprints to expand into (W59).
    """
    rows = ["".join(draw(st.sampled_from("...,%X##oo")) for _ in range(SIZE)) for _ in range(SIZE)]
    rows = [(".." + row[2:]) if y < 2 else row for y, row in enumerate(rows)]
    if corridor:
        end = draw(st.integers(1, 2))  # the corridor's walls end at x = end; open from end + 1
        grid = [list(row) for row in rows]
        for x in range(SIZE):
            if 2 <= x <= end:
                grid[0][x] = "#"
            if x <= end:
                grid[2][x] = "#"
            grid[1][x] = "." if x <= end + 2 else grid[1][x]
            if end < x <= end + 2:
                grid[0][x] = grid[2][x] = "."
        rows = ["".join(row) for row in grid]
    edges: dict[frozenset[Sq], str] = {}
    for _ in range(draw(st.integers(0, 3))):
        x, y = draw(st.integers(0, SIZE - 1)), draw(st.integers(0, SIZE - 1))
        other = draw(st.sampled_from([(x + 1, y), (x, y + 1)]))
        if other[0] < SIZE and other[1] < SIZE:
            edges[frozenset(((x, y), other))] = draw(st.sampled_from(["hampering", "blocking"]))
    foes: set[Sq] = set()
    friends: set[Sq] = set()
    creatures = {"m": Creature("m", "pc", (0, 0), size=Size.LARGE, speed=SPEED * 1.5)}
    for n, side in enumerate(draw(st.lists(st.sampled_from(["foe", "pc"]), max_size=2))):
        at = (draw(st.integers(0, SIZE - 1)), draw(st.integers(0, SIZE - 1)))
        if at in full_at(0, 0) or at in foes | friends or rows[at[1]][at[0]] in "#o":
            continue
        (foes if side == "foe" else friends).add(at)
        creatures[f"c{n}"] = Creature(f"c{n}", side, at)
    both = Terrain(frozenset({"difficult", "hampering"}), symbol="X")
    board = board_from_rows(rows, legend={"X": both}, edges=[(*sorted(pair), kind) for pair, kind in edges.items()])
    sit = Situation("pf1", board, creatures, turns={"m": TurnState(move_actions=1)})
    return sit, LargeSteps(rows, edges, foes, friends)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(squeeze_boards())
def test_search_agrees_with_an_independent_enumeration_of_squeezed_large_steps(case):
    """PF1-SQUEEZE, PF1-SQUEEZE-LARGE, PF1-CORNER, PF1-OBSTACLE-EDGE: the cost map equals the enumeration."""
    sit, model = case
    found = pf1.reachable(sit, "m")
    assert {p.band for p in found} <= {"move"}
    assert {p.at: p.cost for p in found} == model.cheapest(full_at(0, 0), SPEED)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(squeeze_boards(corridor=True))
def test_search_agrees_with_the_enumeration_where_a_corridor_opens_out(case):
    """PF1-SQUEEZE-LARGE (W59): expansion by overlap with the footprint held before the step, then lowest y."""
    sit, model = case
    assert {p.at: p.cost for p in pf1.reachable(sit, "m")} == model.cheapest(full_at(0, 0), SPEED)


def test_the_enumeration_itself_reproduces_w58_and_w60():
    """W58, W60 by the independent model: the corner turn costs 2, squeezing round the wall is no step."""
    rows = ["#####", "#....", "####.", "####.", "####."]
    model = LargeSteps(rows, {}, set(), set())
    turns = model.turns(rect(3, 1, 2, 1))
    assert [(anchor(r), k) for r, _, k, _ in turns] == [((4, 1), 1)]
    w60 = LargeSteps(["..#..", ".....", ".....", ".....", "....."], {}, set(), set())
    reached = {anchor(fp) for fp, *_ in w60.steps(full_at(0, 0))}
    assert (1, 1) not in reached and (0, 1) in reached
