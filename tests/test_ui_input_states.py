"""The battle's input modes (game/ui/input_states.py): each says what a click and Esc mean and returns the mode that
follows; the controller holds one mode at a time, and what the drawing reads comes from it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.battle.match import Match
from game.levels.level import load_level, with_players
from game.text.i18n import t
from game.ui.controller import BattleController
from game.ui.input_states import IDLE, Aimed, Armed, ChoosingEnd, ChoosingRelease, Idle, InputState, Selected
from tests.ui_helpers import write_level

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def ctl(tmp_path: Path) -> Iterator[BattleController]:
    match = Match(with_players(load_level(write_level(tmp_path, "pf1")), "hotseat"))
    controller = BattleController(match)
    controller.select(None)
    yield controller
    match.close()


def _at(ctl: BattleController, unit: str) -> tuple[int, int]:
    return ctl.situation().creatures[unit].at


def test_importing_the_input_modes_loads_no_pygame() -> None:
    code = "import sys, game.ui.input_states; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_click_on_an_own_unit_selects_it_and_esc_steps_back_to_idle(ctl: BattleController) -> None:
    assert ctl.state is IDLE and ctl.selected is None
    ctl.click_square(_at(ctl, "hero"))
    assert isinstance(ctl.state, Selected) and ctl.state.unit == "hero" and ctl.selected == "hero"
    assert ctl.forecast is not None and ctl.forecast.unit == "hero"
    assert ctl.back() and ctl.state is IDLE and ctl.forecast is None
    assert not ctl.back(), "nothing to step back from: the scene opens the pause menu"


def test_a_click_on_an_enemy_aims_and_esc_drops_only_the_aim(ctl: BattleController) -> None:
    ctl.select("hero")
    assert "ogre" in ctl.look.attackable(), "the ogre is within a move and an attack"
    ctl.click_square(_at(ctl, "ogre"))
    assert isinstance(ctl.state, Aimed) and ctl.state.target == "ogre"
    assert (ctl.armed, ctl.armed_target) == ("attack", "ogre"), "the drawing reads the aim from the mode"
    assert ctl.back() and ctl.state.name == "selected" and ctl.selected == "hero"
    assert not ctl.match.history, "aiming and stepping back perform nothing"


def test_a_click_elsewhere_while_aimed_goes_on_as_if_nothing_was_aimed(ctl: BattleController) -> None:
    ctl.select("hero")
    ctl.click_square(_at(ctl, "ogre"))
    assert ctl.state.name == "aimed"
    assert ctl.forecast is not None
    square = next(sq for sq, r in ctl.forecast.reach.items() if r.band == "move")
    ctl.click_square(square)
    assert [r.action.kind for r in ctl.match.history] == ["move"] and _at(ctl, "hero") == square


def test_a_bar_action_arms_and_the_same_action_again_disarms(ctl: BattleController) -> None:
    ctl.select("hero")
    ctl.use_action("step")
    assert isinstance(ctl.state, Armed) and ctl.armed == "step" and ctl.preview is None
    ctl.use_action("step")
    assert isinstance(ctl.state, Selected) and ctl.armed is None
    ctl.use_action("step")
    assert ctl.back() and ctl.state.name == "selected", "Esc disarms; the unit stays selected"


def test_a_charge_names_its_enemy_then_waits_for_the_end_square(ctl: BattleController) -> None:
    # PF1-CHARGE: from (1,1) one line to the ogre is clear (the difficult (3,2) lies beside it)
    ctl.select("hero")
    ctl.click_square((1, 1))
    assert _at(ctl, "hero") == (1, 1)
    ctl.end_turn_now()  # red's turn ends, then blue's: the hero may charge from (1,1)
    ctl.end_turn_now()
    ctl.select("hero")
    ctl.use_action("charge")
    assert ctl.state.name == "armed"
    ctl.click_square(_at(ctl, "ogre"))
    assert isinstance(ctl.state, ChoosingEnd) and (ctl.state.armed, ctl.state.target) == ("charge", "ogre")
    assert ctl.armed_target == "ogre"
    assert ctl.back() and ctl.state.name == "selected" and ctl.armed_target is None


def test_a_release_question_is_answered_before_the_tape_is_put_away(ctl: BattleController) -> None:
    ctl.select("hero")
    ctl.enter(ChoosingRelease("hero", "ogre", ("ally1", "ally2")))
    assert (ctl.state.target, ctl.state.comrades) == ("ogre", ("ally1", "ally2")) and ctl.armed is None
    ctl.ruler = ((0, 0), (3, 0))
    ctl.click_square((8, 4))  # nobody there: it asks again
    assert ctl.state.name == "release" and ctl.toast == t("battle.choose_release", names="ally1, ally2")
    assert ctl.back() and ctl.state.name == "selected" and ctl.ruler == ((0, 0), (3, 0))
    assert ctl.back() and ctl.ruler is None and ctl.state.name == "selected", "then the tape, before the selection"


def test_every_mode_has_a_name_and_says_what_it_holds() -> None:
    modes: list[InputState] = [
        IDLE,
        Selected("a"),
        Armed("a", "step"),
        ChoosingEnd("a", "charge", "b"),
        Aimed("a", "b"),
        ChoosingRelease("a", "b", ("c", "d")),
    ]
    assert [m.name for m in modes] == ["idle", "selected", "armed", "end", "aimed", "release"]
    assert [m.modal for m in modes] == [False, False, False, False, False, True]
    assert repr(modes[3]) == "ChoosingEnd('a', 'charge', 'b')" and repr(IDLE) == "Idle()"
    assert all((m.unit is None) == isinstance(m, Idle) for m in modes)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("click"), st.integers(0, 9), st.integers(0, 5)),
            st.tuples(
                st.sampled_from(["back", "step", "charge", "attack", "end_turn", "undo"]), st.just(0), st.just(0)
            ),
        ),
        max_size=12,
    )
)
def test_any_input_leaves_one_consistent_mode(ctl: BattleController, inputs: list[tuple[str, int, int]]) -> None:
    ctl.select(None)
    while ctl.match.history and ctl.match.undo():
        pass  # each example starts from the level's start
    ctl.changed()
    ctl.select(None)
    for kind, x, y in inputs:
        if kind == "click":
            ctl.click_square((x, y))
        elif kind == "back":
            ctl.back()
        elif kind == "undo":
            ctl.undo()
        else:
            ctl.use_action(kind)
            if ctl.requests and ctl.requests[-1].kind == "confirm_end_turn":
                ctl.end_turn_now()
        ctl.requests.clear()
        state = ctl.state
        # the views the drawing reads are the mode's, and a mode holds what it needs and nothing more
        assert ctl.selected == state.unit
        assert (state.unit is None) == isinstance(state, Idle)
        assert state.unit is None or state.unit in ctl.actors, "only a unit that may act is ever selected"
        assert state.armed is None or state.unit is not None
        assert isinstance(state, (ChoosingEnd, Aimed, ChoosingRelease)) == (state.target is not None)
        assert (ctl.forecast is None) == (state.unit is None)
