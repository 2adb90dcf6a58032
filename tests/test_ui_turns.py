"""Battle-screen defects, each driven by synthetic pygame events: Esc never quits, safe turns, undo in the turn,
previews that match rule(), the living above the fallen, one attack flow with a forecast."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.board import BoardKey, BoardRenderer
from game.ui.forecast import straight_path
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.victory import VictoryScene
from game.ui.view import BoardView
from rules.actions import Action
from rules.core import Illegal, Ruling
from tests.ui_helpers import (
    FIELD,
    battle,
    click,
    click_unit,
    end_turn,
    hover,
    key,
    open_app,
    start_turn,
    write_level,
)


@pytest.fixture
def hotseat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    app = open_app(write_level(tmp_path, "pf1"))
    yield app
    app.close()


def quit_event(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()


def move_hero(app: App) -> None:
    scene = battle(app)
    click_unit(app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.ctl.forecast.reach.items() if r.band == "move")
    click(app, scene.view.square_center(target))
    assert app.session.match.history and app.session.match.history[-1].result.ok


def answer(app: App, label: str) -> None:
    """Click the button of the question on screen whose label is `label`."""
    assert isinstance(app.scene, DialogScene)
    button = next(b for b in app.scene.buttons if b.label == label)
    click(app, button.rect.center)


# --- 1. Escape never quits; quitting asks first -----------------------------------------------------


def test_escape_twice_keeps_the_game_running_and_opens_the_pause_menu(hotseat: App) -> None:
    scene = battle(hotseat)
    click_unit(hotseat, "hero")
    key(hotseat, pygame.K_ESCAPE)  # deselects
    key(hotseat, pygame.K_ESCAPE)  # the pause menu
    assert hotseat.running and isinstance(hotseat.scene, DialogScene)
    labels = [b.label for b in hotseat.scene.buttons]
    assert labels == ["Resume", "Save replay", "Level menu", "Settings", "Quit"]
    key(hotseat, pygame.K_ESCAPE)  # Esc in the pause menu resumes
    assert hotseat.running and hotseat.scene is scene


def test_closing_the_window_with_an_unsaved_replay_asks_and_offers_to_save(hotseat: App, tmp_path: Path) -> None:
    move_hero(hotseat)
    quit_event(hotseat)
    assert hotseat.running and isinstance(hotseat.scene, DialogScene)
    answer(hotseat, "Save the replay, then go on")
    assert not hotseat.running
    saved = [p for p in tmp_path.rglob("*.toml") if p.parent.name == "replays"]
    assert saved, "the replay was saved before quitting"


def test_quit_from_the_pause_menu_asks_and_stay_returns_to_the_match(hotseat: App) -> None:
    scene = battle(hotseat)
    move_hero(hotseat)
    key(hotseat, pygame.K_ESCAPE)
    key(hotseat, pygame.K_ESCAPE)
    answer(hotseat, "Quit")
    assert hotseat.running and isinstance(hotseat.scene, DialogScene)
    answer(hotseat, "Stay in the match")  # back to the pause menu it was asked from
    assert hotseat.running and isinstance(hotseat.scene, DialogScene)
    key(hotseat, pygame.K_ESCAPE)
    assert hotseat.scene is scene
    quit_event(hotseat)
    answer(hotseat, "Quit without saving")
    assert not hotseat.running


def test_closing_the_window_with_nothing_to_lose_quits_at_once(hotseat: App) -> None:
    quit_event(hotseat)
    assert not hotseat.running


def test_escape_on_the_hand_over_and_the_victory_screen_pauses_instead_of_quitting(tmp_path: Path) -> None:
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]\nhp = 1\ndefense = 1")
    text = text.replace("at = [1, 2]\nspeed = 9", 'at = [1, 2]\nspeed = 9\nattack = 40\ndamage = "5"')
    level = tmp_path / "duel.toml"
    level.write_text(text, encoding="utf-8")
    app = open_app(level)
    try:
        end_turn(app)
        assert isinstance(app.scene, HandOverScene)
        key(app, pygame.K_ESCAPE)
        assert app.running and isinstance(app.scene, DialogScene)
        key(app, pygame.K_ESCAPE)
        start_turn(app)
        end_turn(app)
        start_turn(app)
        click_unit(app, "hero")
        click_unit(app, "ogre")
        click_unit(app, "ogre")
        assert isinstance(app.scene, VictoryScene)
        key(app, pygame.K_ESCAPE)
        assert app.running and isinstance(app.scene, DialogScene)
    finally:
        app.close()


# --- 2. Enter never ends a turn; ending one with unused units asks; the hand-over is deliberate ---


def test_ending_a_turn_with_unused_units_asks_and_keep_playing_changes_nothing(hotseat: App) -> None:
    scene = battle(hotseat)
    key(hotseat, pygame.K_e)
    assert isinstance(hotseat.scene, DialogScene) and hotseat.session.match.history == []
    assert any("Hero" in line for line in hotseat.scene.lines)
    answer(hotseat, "Keep playing")
    assert hotseat.scene is scene and hotseat.session.match.active_side == "red"
    move_hero(hotseat)
    key(hotseat, pygame.K_e)  # every unit has acted: no question
    assert isinstance(hotseat.scene, HandOverScene)


def test_e_again_never_answers_the_question_it_asked(hotseat: App) -> None:
    """E asks "End the turn?"; a second E (0.3 s later, as a player tapped it) and Enter alone answer nothing: the
    question is answered by its button (or by the arrows and Enter)."""
    battle(hotseat)
    key(hotseat, pygame.K_e)
    dialog = hotseat.scene
    assert isinstance(dialog, DialogScene)
    assert [c.shortcut for c in dialog.choices] == ["", ""] and all(c.key is None for c in dialog.choices)
    key(hotseat, pygame.K_e)
    assert hotseat.scene is dialog and hotseat.session.match.history == [], "E twice ended the turn with no unit acting"
    key(hotseat, pygame.K_RETURN)
    assert hotseat.scene is dialog, "nothing focused: Enter answers nothing"
    key(hotseat, pygame.K_DOWN)
    key(hotseat, pygame.K_RETURN)  # the first button focused and pressed: a deliberate answer
    assert hotseat.session.match.active_side != "red"


def test_during_the_computers_turn_the_panel_says_watch_not_select(tmp_path: Path) -> None:
    """Seen in a window: "Click one of your units to select it." under "The computer is moving its units…"."""
    from game.text.i18n import t

    app = open_app(Path(__file__).parent.parent / "levels" / "pf1_bridge.toml")
    try:
        key(app, pygame.K_e)
        answer(app, t("turns.end_anyway"))
        scene = battle(app)
        for _ in range(3):  # the model is gathered once, then kept while the computer thinks
            app.step(0.02)
            model = scene.panel_model()
            assert model.side_name != "The Hunters" and model.card is None
            assert model.hint == t("panel.computer_watch")
    finally:
        app.close()


def test_the_hand_over_needs_its_button_and_recaps_the_other_sides_turn(hotseat: App) -> None:
    move_hero(hotseat)
    end_turn(hotseat)
    handover = hotseat.scene
    assert isinstance(handover, HandOverScene)
    assert handover.recap and "Hero" in handover.recap[0] and "hero " not in handover.recap[0]
    for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
        key(hotseat, k)
    click(hotseat, (5, 5))
    assert hotseat.scene is handover, "only the button continues"
    start_turn(hotseat)
    assert isinstance(hotseat.scene, BattleScene) and hotseat.session.match.active_side == "blue"


# --- 3. Undo stays inside the current side's turn ------------------------------------------------


def test_u_at_the_start_of_the_other_sides_turn_changes_nothing_and_the_tooltip_says_why(hotseat: App) -> None:
    move_hero(hotseat)
    end_turn(hotseat)
    start_turn(hotseat)
    before = list(hotseat.session.match.history)
    key(hotseat, pygame.K_u)
    key(hotseat, pygame.K_z, pygame.KMOD_LCTRL)
    assert hotseat.session.match.history == before and hotseat.session.match.active_side == "blue"
    scene = battle(hotseat)
    assert scene.panel is not None
    undo = next(b for b in scene.panel.buttons if b.intent == "undo")
    assert not undo.enabled and "Nothing to undo in this turn" in undo.tooltip


def test_undo_after_a_die_roll_is_refused_with_that_reason(tmp_path: Path) -> None:
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]\nhp = 50")
    level = tmp_path / "melee.toml"
    level.write_text(text, encoding="utf-8")
    app = open_app(level)
    try:
        click_unit(app, "hero")
        click_unit(app, "ogre")
        click_unit(app, "ogre")
        assert app.session.match.history[-1].rolled
        scene = battle(app)
        assert scene.panel is not None
        undo = next(b for b in scene.panel.buttons if b.intent == "undo")
        assert not undo.enabled and "a die was rolled" in undo.tooltip
    finally:
        app.close()


# --- 4. Charge and step previews mark exactly what rule() accepts --------------------------------


@pytest.mark.parametrize("ruleset", ["pf1"])
def test_the_charge_overlay_marks_exactly_the_squares_rule_accepts(tmp_path: Path, ruleset: str) -> None:
    # PF1-CHARGE (2026-12-06): from the field's (1, 2) every line to the ogre crosses the difficult (3, 2), so the
    # hero starts on (1, 1): its line along row 1 is clear, the one to (5, 2) is not
    level = write_level(tmp_path, ruleset)
    level.write_text(level.read_text(encoding="utf-8").replace("at = [1, 2]", "at = [1, 1]", 1), encoding="utf-8")
    app = open_app(level)
    try:
        scene = battle(app)
        assert scene.view is not None
        click_unit(app, "hero")
        key(app, pygame.K_c)
        click_unit(app, "ogre")
        sit = app.session.match.situation()
        me = sit.creatures["hero"]
        accepted = set()
        for y in range(sit.board.height):
            for x in range(sit.board.width):
                if (x, y) == me.at:
                    continue
                action = Action("charge", "hero", straight_path(me.at, (x, y)), target="ogre")
                if isinstance(app.session.match.ruleset.rule(sit, action, random.Random(0)), Ruling):
                    accepted.add((x, y))
        shade = scene.ctl.look.shading()
        assert shade is not None and accepted and set(shade.reach) == accepted
        # what the screen shows: a marked square differs from the same square unmarked
        marked = next(iter(accepted))
        hover(app, scene.view.square_center(marked))
        assert "end here" in scene.ctl.look.armed_tip(marked)
        refused = next(sq for sq, r in scene.ctl.look.legal_ends().items() if isinstance(r, Illegal))
        hover(app, scene.view.square_center(refused))
        tip = scene.ctl.look.armed_tip(refused)
        assert "cannot end here" in tip and scene.ctl.look.end_ruling(refused).rule in tip  # type: ignore[union-attr]
    finally:
        app.close()


def test_the_step_overlay_marks_only_one_square_moves_rule_accepts(hotseat: App) -> None:
    scene = battle(hotseat)
    click_unit(hotseat, "hero")
    key(hotseat, pygame.K_s)
    sit = hotseat.session.match.situation()
    at = sit.creatures["hero"].at
    accepted = {
        (x, y)
        for y in range(sit.board.height)
        for x in range(sit.board.width)
        if (x, y) != at
        and isinstance(
            hotseat.session.match.ruleset.rule(sit, Action("step", "hero", ((x, y),)), random.Random(0)), Ruling
        )
    }
    shade = scene.ctl.look.shading()
    assert shade is not None and set(shade.reach) == accepted
    assert scene.ctl.forecast is not None and len(scene.ctl.forecast.reach) > len(accepted), "no full move bands"


# --- 5. The living above the fallen -----------------------------------------------------------------


def test_the_living_token_is_drawn_above_a_fallen_one_in_the_same_square(hotseat: App) -> None:
    sit = hotseat.session.match.situation()
    hero = sit.creatures["hero"]
    fallen = sit.creatures["ogre"].evolve(at=hero.at, helpless=True, defeated=True, hp=0)
    colors = {"red": (200, 40, 40), "blue": (40, 60, 200)}

    def picture(creatures: dict[str, object]) -> pygame.Surface:
        """The board with only `creatures` on it, drawn the way the battle screen draws it."""
        shown = dataclasses.replace(sit, creatures=creatures)
        screen = pygame.Surface((800, 600))
        view = BoardView(pygame.Rect(0, 0, 800, 600), sit.board.width, sit.board.height)
        renderer = BoardRenderer()
        renderer.draw(
            screen,
            view,
            renderer.compose(BoardKey(0, None, 0, frozenset(), view.cell), shown, colors, None, frozenset()),
        )
        return screen

    alone = picture({"hero": hero})
    both = picture({"hero": hero, "ogre": fallen})  # the fallen one comes last in the situation
    view = BoardView(pygame.Rect(0, 0, 800, 600), sit.board.width, sit.board.height)
    centre = view.square_center(hero.at)
    assert both.get_at(centre) == alone.get_at(centre), "the fallen token must not cover the living one"
    token_only = picture({"ogre": fallen})
    assert both.get_at(centre) != token_only.get_at(centre), "and it is the living one that shows"


# --- 6. Clicking an enemy starts the attack flow in every ruleset -----------------------------------


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_clicking_an_enemy_shows_the_forecast_and_a_second_click_attacks(tmp_path: Path, ruleset: str) -> None:
    text = FIELD.format(ruleset=ruleset).replace("at = [6, 2]", "at = [2, 2]\nhp = 50")
    level = tmp_path / f"melee_{ruleset}.toml"
    level.write_text(text, encoding="utf-8")
    app = open_app(level)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        click_unit(app, "ogre")
        assert app.session.match.history == [], "the first click only forecasts"
        assert (scene.ctl.armed, scene.ctl.armed_target) == ("attack", "ogre")
        tip = scene.ctl.look.armed_tip()
        assert "Ogre" in tip and "% to hit" in tip and "GB-ATTACK" in tip
        click_unit(app, "ogre")
        (record,) = app.session.match.history
        assert (record.action.kind, record.action.target) == ("attack", "ogre") and record.result.ok
    finally:
        app.close()
