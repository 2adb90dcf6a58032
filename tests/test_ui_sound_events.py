"""Sounds of the game window: victory is heard, the settings' volume and mute reach the sound board, and the
kiosk's own `volume` key (validated like the rest of its config)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from game.settings import Settings
from game.ui.app import App
from game.ui.kiosk.config import ConfigError, KioskConfig, parse_config
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from rules.actions import Action
from tests.ui_helpers import FIELD


def test_the_last_blow_is_heard_as_a_victory(tmp_path: Path) -> None:
    level = tmp_path / "duel.toml"
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]\nhp = 1")
    level.write_text(text, encoding="utf-8")
    app = App(AppOptions(level=str(level), settings=Settings(animation="instant")))
    try:
        app.step()
        scene = app.scene
        assert isinstance(scene, BattleScene) and app.session.match is not None
        for _ in range(40):  # the hero attacks every red turn until the ogre falls (the screens between do not matter)
            scene.perform(Action("attack", "hero", target="ogre"))
            if app.session.match.finished:
                break
            scene.perform(Action("end_turn"))
            scene.perform(Action("end_turn"))
        assert app.session.match.finished
        assert app.sound.played[-1] == "victory"
        assert "down" in app.sound.played
    finally:
        app.close()


def test_volume_and_mute_from_the_settings_reach_the_sound_board(tmp_path: Path) -> None:
    from tests.ui_helpers import write_level

    app = App(AppOptions(level=str(write_level(tmp_path)), settings=Settings(volume=40)))
    try:
        assert app.sound.volume == pytest.approx(0.4)
        app.change_settings(app.settings.changed(mute=True))
        assert app.sound.volume == 0.0
        app.sound.play("hit")
        assert app.sound.sounded == []  # muted: nothing reaches the mixer
        app.change_settings(app.settings.changed(mute=False, volume=90))
        assert app.sound.volume == pytest.approx(0.9)
    finally:
        app.close()


def test_the_kiosk_has_its_own_volume() -> None:
    assert KioskConfig().volume == 70
    assert parse_config({"volume": 0}).volume == 0
    assert parse_config({"volume": 100}).volume == 100
    for bad in (101, -1, 2.5, True, "loud"):
        with pytest.raises(ConfigError, match=r"<config>: volume: .*0 .*100"):
            parse_config({"volume": bad})
