"""pf1: hard's own side plays normal's script quiet where it cannot strike (it waits out the enemy's charge in the
first rounds, and never ends a move in an enemy's reach without striking) and strikes by the priority pick
(game/ai/pf1_pick.py)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai import decide, pf1_pick, priority, snapshot
from game.ai import search as hard
from game.ai.normal import normal_options
from game.ai.snapshot import Snapshot
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from rules.geometry import pf1_gap
from tests.ai_checks import assert_hold_explained
from tests.test_ai_tactics import OPEN, level, unit


def _far_brute() -> Snapshot:
    """A unit 13 squares west of a brute with a 3 m reach (2 squares) on an open board 20 squares wide."""
    units = [
        unit("me", "a", (0, 4), speed=9),
        unit("brute", "b", (14, 4), speed=9, reach=3, attack=8, damage="2d8+6"),
    ]
    return snapshot(Match(parse_level(level("pf1", ["." * 20 for _ in range(10)], units), "<quiet>"), 1))


def _gap(snap: Snapshot, actions: list[Action]) -> int:
    """The pf1 distance (PF1-DIAG) between the end of the first action and the brute."""
    brute = snap.sit.creatures["brute"]
    return pf1_gap(actions[0].path[-1], (1, 1), brute.at, brute.dims)


def test_normal_runs_into_the_brutes_reach_and_hards_side_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """PF1-RUN, PF1-CHARGE: normal runs up to the brute and ends within its 3 m without striking, so the brute
    strikes first. Hard's side in the first PF1_WAIT_ROUNDS waits where it stands, beyond nothing the brute can
    charge (twice its speed, then its reach), so the brute must come to it."""
    snap = _far_brute()
    normal = normal_options(snap, "me", random.Random(0))
    assert normal[0].kind == "run" and _gap(snap, normal) <= 2
    assert hard.own_options(snap, "me", random.Random(0)) == []
    monkeypatch.setattr(priority, "PRIORITY_RULESETS", frozenset({"dnd5e"}))  # pf1's script off: normal's again
    assert hard.own_options(snap, "me", random.Random(0)) == normal


def test_after_the_first_rounds_hards_side_stops_outside_every_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    """PF1-RUN: from round PF1_WAIT_ROUNDS + 1 only the reach counts: the run stops one square beyond the
    brute's 3 m, as near as that allows. With PF1_QUIET off hard's side runs into it as normal does."""
    snap = _far_brute()
    later = replace(snap, sit=replace(snap.sit, round=pf1_pick.PF1_WAIT_ROUNDS + 1))
    quiet = hard.own_options(later, "me", random.Random(0))
    assert quiet[0].kind == "run" and _gap(later, quiet) == 3  # the brute's reach is 2 squares
    monkeypatch.setattr(pf1_pick, "PF1_QUIET", False)
    assert _gap(later, hard.own_options(later, "me", random.Random(0))) <= 2


def test_hard_in_pf1_strikes_the_enemy_that_deals_most_damage_per_hit_point() -> None:
    """GB-ATTACK: in reach of a pest at 8 hp and a brute at 30 hp that hits for 2d8+6, normal strikes the pest (the
    fewer hit points); hard's side strikes the brute, whose weight per hit point left is the higher, and so does
    hard's decision, whose default is its side's script."""
    units = [
        unit("me", "a", (4, 4), speed=9, attack=6, damage="1d8+3"),
        unit("pest", "b", (5, 4), speed=9, hp=8, attack=2, damage="1d4"),
        unit("brute", "b", (4, 5), speed=9, hp=30, attack=8, damage="2d8+6"),
    ]
    match = Match(parse_level(level("pf1", OPEN, units), "<lanchester>"), 1)
    snap = snapshot(match)
    assert [a.target for a in normal_options(snap, "me", random.Random(0))] == ["pest"]
    assert [a.target for a in hard.own_options(snap, "me", random.Random(0))] == ["brute"]
    for seed in range(3):
        strong = decide(snapshot(match), "hard", random.Random(seed)).first
        assert strong is not None and (strong.kind, strong.target) == ("attack", "brute")
    by_initiative = replace(snap, mode="initiative")  # the mirror level's turns: hard's side plays as before
    assert hard.own_options(by_initiative, "me", random.Random(0)) == normal_options(snap, "me", random.Random(0))


def test_hards_wait_is_explained_as_waiting_out_the_charge_in_every_language() -> None:
    """PF1-CHARGE: the hold of hard's side in the first rounds is explained as such (not as a plain end of turn),
    citing the charge, in all four languages; from round PF1_WAIT_ROUNDS + 1, and for normal, a hold is the plain
    end of turn."""
    from game.advice import held_choices
    from game.ai.reasons import reason_for

    snap = _far_brute()
    decision = decide(snap, "hard", random.Random(0), explain=True)
    assert_hold_explained(decision, "ai.waits_charge", "PF1-CHARGE")
    # the battle screen's hint for a turn that only ends: why each unit holds, one chosen line each
    held = held_choices(decision)
    assert [(c.unit, len(c.options), c.chosen) for c in held] == [("me", 1, 0)]
    assert held[0].options[0].reason.key == "ai.waits_charge"
    later = replace(snap, sit=replace(snap.sit, round=pf1_pick.PF1_WAIT_ROUNDS + 1))
    assert reason_for(later, None, "me").key == "ai.done"
    assert reason_for(replace(snap, mode="initiative"), None, "me").key == "ai.done"
