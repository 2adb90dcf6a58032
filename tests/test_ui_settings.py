"""The settings screen, driven by synthetic events: reached from the pause menu and the level menu, each change
applied at once and saved; --lang wins over the saved language; a broken settings file never stops the window."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.settings import DEFAULTS, Settings, read_settings, save_settings, settings_path
from game.text.i18n import current_language
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import ROWS, SettingsScene
from tests.ui_helpers import write_level

ROW = {row.name: i for i, row in enumerate(ROWS)}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    app = App(AppOptions(level=str(write_level(tmp_path))))
    app.step()
    yield app
    app.close()


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step()


def open_from_pause(app: App) -> SettingsScene:
    """Esc on a battle with nothing selected opens the pause menu; its Settings button opens the screen."""
    battle = app.scene
    assert isinstance(battle, BattleScene)
    battle.ctl.select(None)
    key(app, pygame.K_ESCAPE)
    dialog = app.scene
    assert isinstance(dialog, DialogScene)
    button = next(b for b in dialog.buttons if b.label == "Settings")
    click(app, button.rect.center)
    assert isinstance(app.scene, SettingsScene)
    return app.scene


def value_button(scene: SettingsScene, name: str) -> pygame.Rect:
    return scene.buttons[ROW[name]].rect


def test_the_pause_menu_opens_the_settings_and_esc_returns_to_the_battle(app: App) -> None:
    battle = app.scene
    open_from_pause(app)
    key(app, pygame.K_ESCAPE)
    assert app.scene is battle


def test_a_click_on_a_value_changes_it_and_saves_it_at_once(app: App) -> None:
    scene = open_from_pause(app)
    click(app, value_button(scene, "animation").center)
    assert app.settings.animation == "fast"
    assert read_settings().settings.animation == "fast"
    click(app, value_button(scene, "animation").center, button=3)  # a right click steps back
    assert app.settings.animation == "normal"
    click(app, value_button(scene, "mute").center)
    click(app, value_button(scene, "volume").center)
    click(app, value_button(scene, "theme").center)
    click(app, value_button(scene, "ui_scale").center)
    saved = read_settings().settings
    assert saved == app.settings
    assert (saved.mute, saved.volume, saved.theme, saved.ui_scale) == (True, 80, "high-contrast", 1.25)


def test_keys_pick_a_row_and_change_it(app: App) -> None:
    scene = open_from_pause(app)
    key(app, pygame.K_DOWN)  # volume
    assert scene.index == ROW["volume"]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.settings.volume == DEFAULTS.volume - 20
    key(app, pygame.K_RIGHT)
    assert read_settings().settings.volume == DEFAULTS.volume - 10


def test_volume_stays_within_0_and_100(app: App) -> None:
    scene = open_from_pause(app)
    for _ in range(15):
        scene.change(ROW["volume"], -1)
    assert app.settings.volume == 0
    for _ in range(15):
        scene.change(ROW["volume"], 1)
    assert app.settings.volume == 100


def test_the_language_applies_at_once_and_the_battle_is_laid_out_again(app: App) -> None:
    scene = open_from_pause(app)
    click(app, value_button(scene, "language").center)  # system → English
    click(app, value_button(scene, "language").center)  # → Deutsch
    assert app.settings.language == "de"
    assert current_language() == "de"
    assert read_settings().settings.language == "de"
    for _ in range(2):
        click(app, value_button(scene, "language").center)  # → Italiano → עברית
    assert current_language() == "he"
    key(app, pygame.K_ESCAPE)
    battle = app.scene
    assert isinstance(battle, BattleScene)
    app.step()
    assert battle.view is not None and battle.panel is not None
    assert battle.panel.rect.x == 0  # Hebrew: the panel moved to the left


def test_the_battle_language_button_is_kept_in_the_settings(app: App) -> None:
    battle = app.scene
    assert isinstance(battle, BattleScene)
    battle.cycle_language()
    assert current_language() == "de"
    assert read_settings().settings.language == "de"


def test_the_level_menu_opens_the_settings_and_esc_returns_to_it(app: App) -> None:
    app.screens.show_menu(None)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.step()
    click(app, menu.settings_button.rect.center)
    assert isinstance(app.scene, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu


def test_the_saved_language_is_used_unless_the_command_line_names_one(tmp_path: Path) -> None:
    assert save_settings(Settings(language="de")) is None
    level = str(write_level(tmp_path))
    plain = App(AppOptions(level=level, frames=1))
    try:
        assert current_language() == "de"
    finally:
        plain.close()
    told = App(AppOptions(level=level, frames=1, lang="it"))
    try:
        assert current_language() == "it"
        assert told.settings.language == "de"  # --lang is this launch's, not a saved choice
    finally:
        told.close()


def test_a_broken_settings_file_gives_the_defaults_and_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("animation = [\n", encoding="utf-8")
    app = App(AppOptions(level=str(write_level(tmp_path)), frames=1))
    try:
        assert app.settings == DEFAULTS
        app.step()
    finally:
        app.close()
    assert "settings.toml" in capsys.readouterr().err


def test_animation_is_instant_in_frames_runs_unless_asked(tmp_path: Path) -> None:
    level = str(write_level(tmp_path))
    for options, speed in (
        (AppOptions(level=level, frames=3), "instant"),
        (AppOptions(level=level, frames=3, animate=True), "normal"),
        (AppOptions(level=level, settings=Settings(animation="fast")), "fast"),
    ):
        app = App(options)
        try:
            assert app.animation_speed == speed
        finally:
            app.close()


def test_a_settings_folder_that_cannot_be_written_is_said_on_the_screen(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("GRIDBOUND_CONFIG_DIR", str(blocker / "cfg"))
    scene = open_from_pause(app)
    click(app, value_button(scene, "animation").center)
    assert app.settings.animation == "fast"  # applied even though it could not be kept
    assert "blocker" in scene.message
