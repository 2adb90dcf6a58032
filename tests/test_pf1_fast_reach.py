"""The fast pf1 reach (flat arrays, shared step tables, lazy paths) against a plain reference search.

The reference is the generic `tests.plain_search.cost_map` over the rule successors (`Mover.step`
for every direction), one search per band with the double move's split as a zero-cost switch
of action: no tables, no pruning, no sharing between queries. Costs and bands must be the
same for every square; each lazily built path must be legal and cheapest (`measure` walks
it at the reported cost and band).
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from rules.board import board_from_rows
from rules.core import Creature, Options, Ruling, Situation, Size, Square
from rules.geometry import DIRECTIONS
from rules.pf1.movement import _start_rough, bands_for
from rules.pf1.space import DIAG_PLAIN, FULL, Mover
from rules.pf1.turn import TurnState, current_turn
from tests.budget import budget
from tests.plain_search import cost_map
from tests.units import pf1_unit

SYMBOLS = "....,,%#o:n"
OPEN = "..........,,%#o:n"
"""Mostly floor: a big mover on a small board needs room to move at all."""
SIDES = {Size.LARGE: 2, Size.HUGE: 3, Size.GARGANTUAN: 4, Size.COLOSSAL: 6}
TURNS = [
    None,
    TurnState(diag=1),
    TurnState(move_actions=1),
    TurnState(diag=1, moved=True),
    TurnState(standard_used=True),
]
CHECKED = settings(max_examples=budget(40, 12), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _priced(move: tuple, parity: int) -> tuple[int, int]:
    """(cost, parity after) of one rule step (PF1-DIAG: 1-2-1-2; a hampered diagonal counts two)."""
    kind, base = move[3], move[4]
    if kind == DIAG_PLAIN:
        return (2 if parity else 1), parity ^ 1
    return base, parity


def rule_moves(mover: Mover, pos: tuple[int, int, int]) -> list[tuple]:
    """Every legal step from a position, straight from `Mover.step` (a reduced footprint also turns: delta (0, 0))."""
    deltas = [*DIRECTIONS, (0, 0)] if mover.big and pos[2] != FULL else DIRECTIONS
    out: list[tuple] = []
    for delta in deltas:
        result = mover.step(*pos, delta, False)
        if isinstance(result, list):
            out.extend(result)
    return out


def reference(sit: Situation, unit: str) -> dict[Square, tuple[int, str]]:
    """Square → (cheapest cost, band) by plain searches of every band over the rule steps."""
    bands = bands_for(sit, unit)
    parity = current_turn(sit, unit).diag & 1
    here = sit.creature(unit).at
    best: dict[Square, tuple[int, int]] = {}
    for rank, band in enumerate(bands):
        mover = Mover(sit, unit, run=band.run, charge=band.charge)
        if band.run and _start_rough(mover) is not None:
            continue
        limit = band.limit

        def successors(state: tuple, mover: Mover = mover, limit: int = limit, split: bool = band.split) -> list:
            pos, par, phase, spent = state
            out: list = []
            if split and phase == 1 and mover.end_fail(*pos) is None:
                out.append(((pos, par, 2, 0), 0))  # the second move action starts here (PF1-DOUBLE-MOVE)
            for move in rule_moves(mover, pos):
                cost, npar = _priced(move, par)
                if spent + cost <= limit:
                    out.append(((move[:3], npar, phase, spent + cost), cost))
            return out

        found, _ = cost_map([((mover.start, parity, 1, 0), 0)], successors, 2 * limit if band.split else limit)
        for (pos, _par, phase, _spent), cost in found.items():
            if mover.end_fail(*pos) is not None or pos[:2] == here:
                continue
            name_rank = rank if phase == 2 or not band.split else rank - 1  # phase 1 of a split is a move
            old = best.get(pos[:2])
            if old is None or (cost, name_rank) < old:
                best[pos[:2]] = (cost, name_rank)
    names = [b.name for b in bands]
    return {at: (cost, names[n]) for at, (cost, n) in best.items()}


@st.composite
def situations(draw, sizes=tuple(Size)) -> tuple[Situation, list[dict[str, Creature]]]:
    """A random board, a mover of any size somewhere its space fits, other creatures, and other layouts."""
    size = draw(st.sampled_from(sizes))
    side = SIDES.get(size, 1)
    w = draw(st.integers(max(3, side + 1), 2 * side + 7))
    h = draw(st.integers(max(3, side + 1), 2 * side + 7))
    symbols = SYMBOLS if side == 1 else OPEN
    rows = ["".join(draw(st.sampled_from(symbols)) for _ in range(w)) for _ in range(h)]
    edges = []
    for _ in range(draw(st.integers(0, 3))):
        x, y = draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))
        b = (x + 1, y) if draw(st.booleans()) else (x, y + 1)
        edges.append(((x, y), b, draw(st.sampled_from(["hampering", "blocking"]))))
    at = (draw(st.integers(0, w - side)), draw(st.integers(0, h - side)))
    mover = pf1_unit(
        "m",
        "pc",
        at,
        size=size,
        speed=draw(st.sampled_from([1.5, 3.0, 4.5, 6.0, 9.0])),
        mode=draw(st.sampled_from(["walk", "walk", "fly"])),
        incorporeal=draw(st.integers(0, 9)) == 0,
        sees_in_dark=draw(st.booleans()),
    )

    def layout() -> dict[str, Creature]:
        creatures = {"m": mover}
        taken = set(mover.footprint())
        for n in range(draw(st.integers(0, 4))):
            other = Creature(
                f"c{n}",
                draw(st.sampled_from(["pc", "foe"])),
                (draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))),
                size=draw(st.sampled_from([Size.TINY, Size.MEDIUM, Size.LARGE, Size.HUGE])),
                helpless=draw(st.integers(0, 3)) == 0,
            )
            if not taken & set(other.footprint()):
                taken |= set(other.footprint())
                creatures[other.id] = other
        return creatures

    turn = draw(st.sampled_from(TURNS))
    options = Options(diagonal=draw(st.sampled_from(["alternating", "alternating", "uniform"])))
    board = board_from_rows(rows, edges=edges)
    sit = Situation("pf1", board, layout(), turns={"m": turn} if turn else {}, options=options)
    return sit, [layout() for _ in range(2)]


def _check(sit: Situation) -> None:
    fast = pf1.reachable(sit, "m")
    assert {r.at: (r.cost, r.band) for r in fast} == reference(sit, "m")
    assert [r.at for r in fast] == sorted(r.at for r in fast)
    for r in fast:
        assert r.path and r.path[-1] == r.at
        judged = pf1.measure(sit, "m", r.path)
        assert isinstance(judged, Ruling), (r, judged)
        assert (judged.cost, judged.band) == (r.cost, r.band)


def _check_warm_then_cold(sit: Situation, layouts: list) -> None:
    """`_check` after other creature layouts on the same board have filled its tables, then with none kept."""
    for creatures in layouts:
        pf1.reachable(replace(sit, creatures=creatures), "m")
    _check(sit)
    sit.memo.clear()
    _check(sit)


@CHECKED
@given(situations(sizes=(Size.FINE, Size.TINY, Size.SMALL, Size.MEDIUM)))
def test_fast_reach_of_a_one_square_mover_equals_the_plain_search(case):
    # PF1-DIAG, PF1-DIFFICULT, PF1-CORNER, PF1-SQUEEZE, PF1-ENEMY, PF1-ALLY, PF1-END-OCCUPIED,
    # PF1-DOUBLE-MOVE, PF1-RUN: costs, bands and paths, with tables warmed by other layouts first
    _check_warm_then_cold(*case)


@settings(max_examples=budget(30, 8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(sizes=(Size.LARGE, Size.HUGE, Size.GARGANTUAN, Size.COLOSSAL)))
def test_fast_reach_of_a_big_mover_equals_the_plain_search(case):
    # PF1-SQUEEZE-LARGE, PF1-SQUEEZE, PF1-CORNER, PF1-OBSTACLE-EDGE: rows shared between queries
    # must not carry another layout's creatures into this one
    _check_warm_then_cold(*case)


@settings(max_examples=budget(60, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_creature_outside_a_positions_read_box_never_changes_its_steps(data):
    # the per-query patch of rules/pf1/tables.py (BigTable) rests on this: the full footprint
    # at (x, y) reads only [x-1, x+s]², a reduced one only [x-s, x+2s-2]² (PF1-SQUEEZE-LARGE)
    size = data.draw(st.sampled_from([Size.LARGE, Size.HUGE, Size.GARGANTUAN]))
    s = SIDES[size]
    n = 3 * s + 6
    rows = ["".join(data.draw(st.sampled_from(OPEN)) for _ in range(n)) for _ in range(n)]
    board = board_from_rows(rows, edges=[((s + 1, s + 2), (s + 2, s + 2), "hampering")])
    me = Creature("m", "pc", (0, 0), size=size, mode=data.draw(st.sampled_from(["walk", "fly"])))
    x, y, o = s + 1, s + 1, data.draw(st.sampled_from([0, 1, 2]))
    lo, hi = (-1, s) if o == FULL else (-s, 2 * s - 2)
    outside = [(ox, oy) for ox in range(n) for oy in range(n) if not (lo <= ox - x <= hi and lo <= oy - y <= hi)]
    at = data.draw(st.sampled_from(outside))
    other = pf1_unit("x", data.draw(st.sampled_from(["pc", "foe"])), at, fills_space=data.draw(st.booleans()))
    alone = Mover(Situation("pf1", board, {"m": me}), "m").moves(x, y, o)
    beside = Mover(Situation("pf1", board, {"m": me, "x": other}), "m").moves(x, y, o)
    assert alone == beside


def test_the_reference_itself_prices_the_1_2_1_2_diagonal_and_the_split():
    # PF1-DIAG, PF1-DOUBLE-MOVE: three diagonals cost 1+2+1; a 6-square speed double-moves 12
    board = board_from_rows(["." * 14] * 4)
    sit = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0), speed=9.0)})
    ref = reference(sit, "m")
    assert ref[(3, 3)] == (4, "move")
    assert ref[(6, 0)] == (6, "move")
    assert ref[(12, 0)] == (12, "double_move")
    assert ref[(13, 0)] == (13, "run")
