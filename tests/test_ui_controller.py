"""The battle controller without a window: clicks become actions, the screen changes it asks for, no pygame."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.level import load_level, with_players
from game.match import Match
from game.ui.controller import BattleController, Request
from tests.ui_helpers import write_level

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def pf1(tmp_path: Path) -> Iterator[BattleController]:
    match = Match(with_players(load_level(write_level(tmp_path, "pf1")), "hotseat"))
    ctl = BattleController(match)
    ctl.auto_select()
    yield ctl
    match.close()


def test_importing_the_controller_loads_no_pygame():
    code = "import sys, game.ui.controller, game.ui.panel_model; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_click_on_a_shaded_square_moves_the_selected_unit(pf1: BattleController):
    pf1.select("hero")
    assert pf1.forecast is not None
    target = next(sq for sq, r in pf1.forecast.reach.items() if r.band == "move")
    pf1.click_square(target)
    assert pf1.match.situation().creatures["hero"].at == target
    assert [r.action.kind for r in pf1.match.history] == ["move"]


def test_ending_a_turn_with_an_unused_unit_asks_first_then_hands_over(pf1: BattleController):
    pf1.use_action("end_turn")
    assert pf1.requests == [Request("confirm_end_turn", names=("Hero",))]
    assert pf1.match.history == [], "nothing is performed before the player confirms"
    pf1.requests.clear()
    pf1.end_turn_now()
    assert pf1.requests == [Request("handover", "blue")]


def test_escape_steps_back_out_of_an_armed_action_then_the_selection_then_reports_nothing_left(pf1: BattleController):
    pf1.select("hero")
    pf1.use_action("charge")
    assert pf1.armed == "charge"
    assert pf1.back() and pf1.armed is None and pf1.selected == "hero"
    assert pf1.back() and pf1.selected is None
    assert not pf1.back()


def test_a_charge_is_armed_then_aimed_at_an_enemy_then_ended_on_a_square(pf1: BattleController):
    pf1.select("hero")
    pf1.use_action("charge")
    ogre = pf1.match.situation().creatures["ogre"]
    pf1.click_square(ogre.at)
    assert pf1.armed_target == "ogre" and pf1.targets() == frozenset({"ogre"})
    assert pf1.armed_path((5, 2)) == ((2, 2), (3, 2), (4, 2), (5, 2))
