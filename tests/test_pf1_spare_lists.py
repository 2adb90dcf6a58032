"""pf1 reach's spare lists (rules/pf1/found.py, kept in rules/memo.py): a search in lists left by another answers
as one in new lists.

A one-square mover's search takes its cost, predecessor and second-action lists from the
spares an earlier search gave back, reset only where that search wrote. These tests check
the reset (every spare list holds its value everywhere again), that answers do not depend
on which search ran before (PF1-DIAG, PF1-DOUBLE-MOVE, PF1-RUN answers, paths included), and
that two threads searching at once never share a list.
"""

from __future__ import annotations

import random
import threading
from dataclasses import replace

import rules.pf1 as pf1
import rules.pf1.found as found
from rules.memo import SPARES_KEPT, Memo
from tests.budget import budget
from tests.test_pf1_reach_oracle import _big_situation, _entries


def _answer(sit, unit: str = "m") -> tuple:
    """Squares, costs, bands and every path of one reach."""
    reach = pf1.reachable(sit, unit)
    return (list(reach.squares), list(reach.costs), list(reach.bands), _entries(reach))


def test_every_spare_list_holds_its_value_everywhere_after_a_search():
    # the reset touches only what a search wrote: a missed index would leak a cost into the next search
    rng = random.Random(7)
    memo = Memo()  # every search shares one memo, as a match's do
    for _ in range(30):
        pf1.reachable(replace(_big_situation(rng), memo=memo), "m")
        for (length, value), lists in memo._spare.items():
            assert len(lists) <= SPARES_KEPT
            for spare in lists:
                assert len(spare) == length
                if value is not None:
                    assert set(spare) == {value}
    assert any(value == found.INF for _, value in memo._spare), "no search gave its lists back"


def test_answers_do_not_depend_on_the_searches_before_them():
    # PF1-DIAG, PF1-DOUBLE-MOVE, PF1-RUN: the same situations in fresh lists, then after others in spare ones
    rng = random.Random(11)
    memo = Memo()
    situations = [replace(_big_situation(rng), memo=memo) for _ in range(24)]
    fresh = []
    for sit in situations:
        memo.clear()
        fresh.append(_answer(sit))
    shuffled = list(range(len(situations)))
    random.Random(3).shuffle(shuffled)
    for i in shuffled:
        assert _answer(situations[i]) == fresh[i]
    assert sum(len(a[0]) for a in fresh) > 1000  # open boards: the comparison is not empty


def test_two_threads_searching_at_once_answer_as_one_alone():
    # the screen and the AI's worker thread may search together: `pop` hands a spare list to one of them only
    rng = random.Random(5)
    memo = Memo()
    situations = [replace(_big_situation(rng), memo=memo) for _ in range(budget(12, 4))]
    alone = [_answer(sit) for sit in situations]
    results: dict[tuple[int, int], tuple] = {}

    def work(worker: int) -> None:
        for _ in range(3):
            for i, sit in enumerate(situations):
                results[worker, i] = _answer(sit)
                assert results[worker, i] == alone[i]

    threads = [threading.Thread(target=work, args=(w,)) for w in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[w, i] for w in range(2) for i in range(len(situations))] == alone * 2
