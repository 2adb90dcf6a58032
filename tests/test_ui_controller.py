"""The battle controller without a window: clicks become actions, the screen changes it asks for, no pygame."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.battle.match import Match
from game.levels.level import load_level, with_players
from game.ui.controller import BattleController, Request
from rules.actions import Action
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
    # PF1-CHARGE (2026-12-06): from (1,2) every line to the ogre crosses the difficult (3,2); from (1,1) one is clear
    pf1.select("hero")
    pf1.use_action("charge")
    assert pf1.targets() == frozenset(), "no enemy can be charged, so none is ringed"
    pf1.perform(Action("move", "hero", ((1, 1),)))
    pf1.perform(Action("end_turn", "hero"))
    pf1.perform(Action("end_turn", "ogre"))
    pf1.select("hero")
    pf1.use_action("charge")
    assert pf1.targets() == frozenset({"ogre"})
    ogre = pf1.match.situation().creatures["ogre"]
    pf1.click_square(ogre.at)
    assert pf1.armed_target == "ogre" and pf1.targets() == frozenset({"ogre"})
    assert pf1.look.armed_path((5, 1)) == ((2, 1), (3, 1), (4, 1), (5, 1))


def _controller(level: str) -> BattleController:
    match = Match(with_players(load_level(ROOT / "levels" / level), "hotseat"))
    return BattleController(match)


@pytest.mark.parametrize(
    ("level", "unit", "square", "rule"),
    [
        ("pf1_bridge.toml", "valeros", (8, 1), "PF1-OBSTACLE-BLOCK"),  # the ravine's pit beside the double move
        ("dnd5e_crypt.toml", "ysolde", (2, 0), "D5-GRID-OBSTACLES"),  # the crypt's outer wall
    ],
)
def test_a_square_just_outside_the_shading_says_which_rule_keeps_the_unit_out(
    level: str, unit: str, square: tuple[int, int], rule: str
) -> None:
    """Pointing at an empty square beside the shading explains it with what `measure` rules of the step in;
    a click there says the same and moves nothing."""
    ctl = _controller(level)
    try:
        ctl.select(unit)
        assert ctl.forecast is not None and square not in ctl.forecast.reach
        beside = [
            r for r in ctl.forecast.reach.values() if max(abs(r.at[0] - square[0]), abs(r.at[1] - square[1])) == 1
        ]
        assert beside  # the square is on the shading's edge
        why = ctl.look.why_not_here(square)
        assert why is not None and rule in why and f"[{square[0]}, {square[1]}]" in why
        ruled = ctl.match.ruleset.measure(ctl.situation(), unit, (*beside[0].path, square), ctl.forecast.mode)
        assert not hasattr(ruled, "band") and ruled.rule == rule  # the rule book's own answer, not the UI's
        before = ctl.situation().creatures[unit].at
        ctl.click_square(square)
        assert ctl.toast == why and ctl.situation().creatures[unit].at == before and ctl.match.history == []
    finally:
        ctl.match.close()


def test_no_reason_is_made_up_for_shaded_far_or_occupied_squares() -> None:
    """A shaded square, a unit's square and a square far from the shading get no tip: only a square beside the
    shading has a step whose refusal is about that very square."""
    ctl = _controller("pf1_bridge.toml")
    try:
        ctl.select("valeros")
        assert ctl.forecast is not None
        reach = ctl.forecast.reach
        shaded = next(iter(reach))
        occupied = ctl.situation().creatures["kyra"].at
        far = next(
            (x, y)
            for y in range(ctl.situation().board.height)
            for x in range(ctl.situation().board.width)
            if all(max(abs(x - a), abs(y - b)) > 1 for a, b in reach) and ctl.unit_at((x, y)) is None
        )
        assert [ctl.look.why_not_here(sq) for sq in (shaded, occupied, far)] == [None, None, None]
    finally:
        ctl.match.close()
