"""pf1 facts kept per board and shared between queries, against the same facts worked out with nothing kept.

A `Mover`'s cells (what a square means to it: blocked, crowded, ends refused, rule ids …) are
kept per board and mover kind, the cells of squares with creatures under those creatures;
a one-square mover's step rows near creatures are kept under the entries of their
neighbours. Movers of every kind in several creature layouts on one board fill those tables
first; every cell and row must then equal what a mover makes with every table forgotten.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import Options, Situation
from rules.pf1.space import Cell, Mover
from rules.pf1.tables import SmallTable, runs_apart, step_table
from tests.budget import budget
from tests.test_pf1_fast_reach import situations

KINDS = [{}, {"run": True}, {"charge": True}, {"run": True, "charge": True}]


def _cell(cell: Cell) -> tuple:
    return tuple(getattr(cell, name) for name in Cell.__slots__)


def _facts(sit: Situation, unit: str, kind: dict) -> tuple:
    """Every cell of the board (and a ring off it), and for a one-square mover every row and legal end."""
    mover = Mover(sit, unit, through=kind.pop("through", ()), **kind)
    board = sit.board
    cells = [_cell(mover.cell((x, y))) for y in range(-1, board.height + 1) for x in range(-1, board.width + 1)]
    entries = [mover._entry((x, y)) for y in range(board.height) for x in range(board.width)] if not mover.big else []
    table = step_table(mover)
    rows = []
    if isinstance(table, SmallTable):
        rows = [(table.fill(pk), table.end_ok(pk)) for pk in range(table.npk)]
    return cells, entries, rows


@settings(max_examples=budget(120, 30), deadline=None)
@given(case=situations(), data=st.data())
def test_cells_and_rows_kept_for_a_board_are_those_worked_out_afresh(case, data):
    # PF1-ENEMY, PF1-END-OCCUPIED, PF1-ALLY, PF1-TINY-SHARE, PF1-HELPLESS-HUGE, PF1-EXCEPTIONS: every
    # rule a cell decides, for movers of every kind meeting creatures of every kind
    sit, layouts = case
    exceptions = Options(sit.options.diagonal, {"pf1_exceptions": {"c0": "passable", "c1": "impassable"}})
    cases = []
    for creatures in [sit.creatures, *layouts]:
        for options in (sit.options, exceptions):
            here = replace(sit, creatures=creatures, options=options)
            for unit in here.creatures:
                kind = dict(data.draw(st.sampled_from(KINDS)))
                if data.draw(st.booleans()):
                    kind["through"] = tuple(u for u in here.creatures if u != unit)[:1]
                cases.append((here, unit, kind))
    sit.memo.clear()  # every case shares sit's memo (replace keeps it): the tables one case fills serve the next
    shared = [_facts(here, unit, dict(kind)) for here, unit, kind in cases]  # each after the ones before
    for (here, unit, kind), kept in zip(cases, shared, strict=True):
        sit.memo.clear()
        assert _facts(here, unit, dict(kind)) == kept, (unit, kind)


@settings(max_examples=budget(150, 30), deadline=None)
@given(case=situations())
def test_a_run_reads_the_walks_table_only_where_its_steps_are_the_walks(case):
    # PF1-DIFFICULT-NORUN: where runs_apart says a run refuses no square a walk may enter, the run's cells, entries
    # and rows worked out afresh are the walk's, so the two may share one table
    sit, _ = case
    sit.memo.clear()
    walk = _facts(sit, "m", {})
    sit.memo.clear()
    run = _facts(sit, "m", {"run": True})
    sit.memo.clear()
    apart = runs_apart(Mover(sit, "m", run=True))
    assert apart == (not Mover(sit, "m").air and any(t.difficult for t in sit.board.tiles))
    if not apart:
        assert run == walk
    assert not runs_apart(Mover(sit, "m"))  # a walk is never apart from itself
