"""Every cache in one place (game/caches.py, rules/memo.py): bounded, emptied by one clear, never part of the state."""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace

import rules.pf1 as pf1
from game import caches
from game.ai import context
from game.battle import reach_cache
from rules.board import board_from_rows
from rules.core import Situation
from rules.effects import apply
from rules.memo import BOARDS_KEPT, INDEXES_KEPT, JUDGED_KEPT, Memo
from tests.units import pf1_unit


def _sit(memo: Memo | None = None) -> Situation:
    board = board_from_rows(["......", "..,,..", "......"])
    units = {"m": pf1_unit("m", "a", (0, 0), race="human", speed=9.0)}
    return Situation("pf1", board, units) if memo is None else Situation("pf1", board, units, memo=memo)


def test_every_cache_is_on_the_list_with_a_bound_and_one_clear_empties_them_all():
    sit = _sit(caches.RULES)
    reach_cache.reachable(pf1, sit, "m")  # fills the reach answers, and the rules' tables in RULES
    context.remember(sit, ("probe",), lambda: pf1.measure(sit, "m", [(1, 0)]))
    names = {cache.name for cache in caches.registered()}
    assert {"rules", "reach answers", "ai rulings"} <= names
    assert all(cache.bound for cache in caches.registered())
    assert sum(cache.size() for cache in caches.registered()) > 0
    caches.clear_all()
    assert [cache.size() for cache in caches.registered()] == [0] * len(caches.registered())


def test_forgetting_states_empties_the_caches_keyed_by_states_and_keeps_the_boards_tables():
    caches.clear_all()
    sit = _sit(caches.RULES)
    reach_cache.reachable(pf1, sit, "m")
    context.remember(sit, ("probe",), lambda: pf1.measure(sit, "m", [(1, 0)]))
    by_name = {cache.name: cache for cache in caches.registered()}
    assert by_name["reach answers"].of_states and by_name["ai rulings"].of_states
    assert not by_name["rules"].of_states
    tables = by_name["rules"].size()
    assert by_name["reach answers"].size() == 1 and by_name["ai rulings"].size() == 1 and tables > 0
    caches.forget_states()
    assert by_name["reach answers"].size() == 0 and by_name["ai rulings"].size() == 0
    assert by_name["rules"].size() == tables  # a board's tables serve the next match on that board


def test_the_memo_is_no_part_of_the_state_and_travels_with_the_situations_made_from_one():
    # PF1-MOVE-ACTION: the same answer whichever memo a situation carries
    memo = Memo()
    sit = _sit(memo)
    assert sit == _sit()  # equality ignores the memo
    assert replace(sit, round=2).memo is memo and apply(sit, ()).memo is memo
    assert pf1.reachable(sit, "m") == pf1.reachable(_sit(), "m")
    assert memo.sizes()["boards"] == 1
    # a copy or a situation sent to another process carries an empty memo, never the tables
    for other in (pickle.loads(pickle.dumps(sit)), copy.deepcopy(sit)):
        assert (
            other == sit
            and other.memo is not memo
            and other.memo.sizes()
            == {
                "boards": 0,
                "judgements": 0,
                "indexes": 0,
                "spare_lists": 0,
            }
        )


def test_the_memo_keeps_its_bounds():
    memo = Memo()
    boards = [board_from_rows(["." * (n + 2)]) for n in range(2 * BOARDS_KEPT)]
    for board in boards:
        memo.per_board(board, "k", list)
    sits = [_sit(memo) for _ in range(2 * JUDGED_KEPT)]
    for sit in sits:
        memo.judged(sit, "q", lambda: 1)
    assert memo.sizes()["boards"] == BOARDS_KEPT and memo.sizes()["judgements"] == JUDGED_KEPT
    assert memo.judged_for(sits[-1]) == (("q", 1),) and memo.judged_for(sits[0]) == ()
    for sit in sits:
        memo.index(sit, "i", dict)
    assert memo.sizes()["indexes"] == INDEXES_KEPT
    assert memo.index(sits[-1], "i", list) == {}, "the newest index is kept (not made again)"
    memo.clear()
    assert memo.sizes() == {"boards": 0, "judgements": 0, "indexes": 0, "spare_lists": 0}
