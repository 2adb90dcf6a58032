"""No turn or match thrown away by one gesture: a double-click never aims and confirms, the end screen ignores the
tail of the click that ended the match, every way out of a match with an unsaved replay asks, the end of a
hot-seat turn can be taken back while no die was rolled, and every match of a launch rolls its own dice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.battle.match import Match
from game.paths import replays_dir
from game.text.i18n import t
from game.ui.app import App
from game.ui.deliberate import DELIBERATE_S, Deliberate
from game.ui.options import AppOptions, parse_size
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.victory import VictoryScene
from rules.core import Illegal
from tests.ui_helpers import FIELD, battle, click, click_unit, clock_of, end_turn, key, open_app, write_level

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def post_click(pos: tuple[int, int]) -> None:
    """A press and release at `pos` with no time passing (one finger's bounce, the second half of a double-click)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    opened = open_app(write_level(tmp_path, "pf1"))
    yield opened
    opened.close()


# --- the clock that tells two decisions from one gesture -----------------------------------------------


def test_a_second_press_counts_only_once_the_pause_has_passed() -> None:
    now = [10.0]
    gate = Deliberate(lambda: now[0])
    assert not gate.too_soon("aim"), "nothing pressed yet"
    gate.first("aim")
    now[0] += DELIBERATE_S - 0.01
    assert gate.too_soon("aim") and not gate.too_soon("target")
    now[0] += 0.02
    assert not gate.too_soon("aim")
    assert not Deliberate(None).too_soon("aim"), "without a clock (code driving the controller) every press counts"


# --- aim and confirm are two deliberate acts ------------------------------------------------------------


def test_a_double_click_on_an_enemy_aims_but_never_attacks(app: App) -> None:
    scene = battle(app)
    click_unit(app, "hero")
    assert scene.view is not None
    ogre = scene.view.square_center(scene.ctl.situation().creatures["ogre"].at)
    click(app, ogre)
    post_click(ogre)  # the second click of a double-click, no time later
    app.step()
    assert app.session.match.history == [], "a double-click moved and attacked with the forecast never seen"
    assert scene.ctl.armed == "attack" and scene.ctl.armed_target == "ogre", "the forecast stays up"
    clock_of(app).step(DELIBERATE_S + 0.01)
    post_click(ogre)  # a second, deliberate tap: "tap the enemy twice" still attacks
    app.step()
    assert [r.action.kind for r in app.session.match.history if r.result.ok][-1] == "attack"


def test_a_double_click_on_a_charges_target_does_not_also_pick_where_it_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # From (1, 1) the line to the ogre's closest squares misses the field's difficult squares (PF1-CHARGE).
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    level = write_level(tmp_path, "pf1")
    level.write_text(level.read_text(encoding="utf-8").replace("at = [1, 2]", "at = [1, 1]", 1), encoding="utf-8")
    app = open_app(level)
    try:
        _double_click_on_a_charges_target(app)
    finally:
        app.close()


def _double_click_on_a_charges_target(app: App) -> None:
    scene = battle(app)
    click_unit(app, "hero")
    key(app, pygame.K_c)
    assert scene.ctl.armed == "charge" and scene.view is not None
    ogre = scene.ctl.situation().creatures["ogre"]
    click(app, scene.view.square_center(ogre.at))
    assert scene.ctl.armed_target == "ogre"
    end = next(
        sq
        for sq in ((x, y) for x in range(10) for y in range(6))
        if not isinstance(scene.ctl.look.end_ruling(sq), Illegal)
    )
    post_click(scene.view.square_center(end))  # the pointer slid to a legal end square within the double-click
    app.step()
    assert app.session.match.history == [] and scene.ctl.armed == "charge", "one gesture named the enemy and charged"
    clock_of(app).step(DELIBERATE_S + 0.01)
    post_click(scene.view.square_center(end))
    app.step()
    assert [r.action.kind for r in app.session.match.history] == ["charge"]


def test_the_end_screen_ignores_the_tail_of_the_click_that_ended_the_match(app: App) -> None:
    app.screens.show_victory(app.scene)
    victory = app.scene
    assert isinstance(victory, VictoryScene)
    app.step()
    nxt = next(b for b in victory.buttons if b.intent == "next")
    post_click(nxt.rect.center)  # lands where the attack's second click was, as the screen opens
    app.step()
    assert app.scene is victory, "the end screen's button was pressed by the gesture that ended the match"
    clock_of(app).step(DELIBERATE_S + 0.01)
    post_click(nxt.rect.center)
    app.step()
    assert app.scene is not victory


# --- confirmations are answered by a button, never by the key that opened them --------------------------


def test_e_then_e_a_moment_later_leaves_the_turn_with_the_side_that_has_done_nothing(app: App) -> None:
    key(app, pygame.K_e)
    dialog = app.scene
    assert isinstance(dialog, DialogScene)
    clock_of(app).step(0.3)
    key(app, pygame.K_e)
    assert app.scene is dialog and app.session.match.history == []


# --- every way out of a match asks when its replay is unsaved -------------------------------------------


def _play_one_move(app: App) -> None:
    scene = battle(app)
    click_unit(app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.ctl.forecast.reach.items() if r.band == "move")
    click(app, scene.view.square_center(target))
    assert app.session.match is not None and app.session.match.history[-1].result.ok


@pytest.mark.parametrize("intent", ["next", "replay"])
def test_next_level_and_replay_level_ask_before_an_unsaved_replay_is_dropped(app: App, intent: str) -> None:
    _play_one_move(app)
    match = app.session.match
    app.screens.show_victory(app.scene)
    victory = app.scene
    assert isinstance(victory, VictoryScene)
    app.step()
    click(app, next(b for b in victory.buttons if b.intent == intent).rect.center)
    assert isinstance(app.scene, DialogScene) and app.session.match is match, "the finished match was dropped unasked"
    assert app.scene.lines == (t("pause.unsaved"),)
    stay = next(b for b in app.scene.buttons if b.label == t("pause.stay"))
    click(app, stay.rect.center)
    assert app.scene is victory and app.session.match is match
    click(app, next(b for b in victory.buttons if b.intent == intent).rect.center)
    save = next(b for b in app.scene.buttons if b.label == t("pause.save_and_go"))
    click(app, save.rect.center)
    assert isinstance(app.scene, BattleScene) and app.session.match is not match
    assert len(list(replays_dir().glob("*.toml"))) == 1, "the finished match's replay was saved before it went"


def test_the_level_menu_asks_before_an_unsaved_finished_match_is_dropped(app: App, tmp_path: Path) -> None:
    _play_one_move(app)
    match = app.session.match
    other = tmp_path / "other.toml"
    other.write_text(FIELD.format(ruleset="dnd5e"), encoding="utf-8")
    match.finished = True  # the match is over (as the last blow leaves it): its replay is still worth keeping
    app.screens.show_victory(app.scene)
    app.guard.open_level_asking(other)
    assert isinstance(app.scene, DialogScene) and app.session.match is match


def test_without_unsaved_actions_next_level_goes_on_at_once(app: App) -> None:
    app.screens.show_victory(app.scene)
    app.step()
    click(app, next(b for b in app.scene.buttons if b.intent == "replay").rect.center)
    assert isinstance(app.scene, BattleScene)


# --- the end of a hot-seat turn can be taken back while no die was rolled -------------------------------


def test_the_hand_over_takes_back_an_end_of_turn_that_rolled_nothing(app: App) -> None:
    _play_one_move(app)
    before = list(app.session.match.history)
    end_turn(app)
    handover = app.scene
    assert isinstance(handover, HandOverScene) and app.session.match.active_side == "blue"
    assert handover.take_back is not None and handover.back_button is not None
    click(app, handover.back_button.rect.center)
    assert isinstance(app.scene, BattleScene) and app.session.match.active_side == "red"
    assert app.session.match.history == before
    end_turn(app)  # the turn ends again as it did
    assert isinstance(app.scene, HandOverScene) and app.session.match.active_side == "blue"


def test_no_take_back_once_the_next_side_acted_or_when_the_end_rolled_a_die(app: App) -> None:
    end_turn(app)
    ctl = battle(app).ctl if isinstance(app.scene, BattleScene) else app.scene.battle.ctl  # type: ignore[attr-defined]
    assert ctl.can_take_back_end()
    ctl.match.history[-1].rolled = True  # as an end of turn that rolled (a save at the turn's end)
    assert not ctl.can_take_back_end() and not ctl.take_back_end()
    ctl.match.history[-1].rolled = False
    app.switch(app.scene.battle)  # type: ignore[attr-defined]
    _play_one_move_of(app, "ogre")
    assert not ctl.can_take_back_end(), "the next side has acted: its turn is under way"


def _play_one_move_of(app: App, unit: str) -> None:
    scene = battle(app)
    click_unit(app, unit)
    assert scene.ctl.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.ctl.forecast.reach.items() if r.band == "move")
    click(app, scene.view.square_center(target))


# --- every match of a launch rolls its own dice -------------------------------------------------------


def test_every_match_of_a_launch_gets_the_next_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    app = App(AppOptions(level=str(write_level(tmp_path, "pf1")), size=parse_size("1280x800"), seed=41))
    try:
        seeds = [app.session.match.seed]
        app.session.replay()
        seeds.append(app.session.match.seed)
        app.session.next_level()
        seeds.append(app.session.match.seed)
        app.session.open_tutorial("hexxen")
        seeds.append(app.session.match.seed)
        app.session.open_tutorial("pf1")
        seeds.append(app.session.match.seed)
        assert seeds == [41, 42, 43, 44, 45]
        app.screens.show_pause(app.scene)
        assert isinstance(app.scene, DialogScene) and t("pause.seed", seed=45) in app.scene.lines
    finally:
        app.close()


def test_two_matches_with_their_own_seeds_roll_different_dice(tmp_path: Path) -> None:
    """The complaint: every tutorial opened with d20 15, 13, 9 — the seeds S and S+1 deal other dice."""
    from game.levels.level import load_level

    level = load_level(write_level(tmp_path, "pf1"))
    rolls = [[Match(level, seed=s).rng.randint(1, 20) for _ in range(6)] for s in (7, 8)]
    assert rolls[0] != rolls[1]


def test_reviewing_the_board_after_the_match_never_says_end_the_turn(app: App) -> None:
    """Seen in a window: "Review board" after a match said "No unit can act: end the turn." with End turn off."""
    app.session.match.finished = True  # as the last blow leaves it
    app.screens.show_victory(app.scene)
    app.step()
    click(app, next(b for b in app.scene.buttons if b.intent == "review").rect.center)
    scene = battle(app)
    scene.ctl.changed()
    model = scene.panel_model()
    assert model.hint == t("panel.match_over") and model.hint != t("panel.no_unit_can_act")
