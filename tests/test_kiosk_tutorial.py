"""The kiosk's attract screen offers "How to play": a tap on it opens the tutorial of the demo's ruleset, played
by touch like a visitor game (idle still returns to the demo); any other tap still starts a visitor game."""

from __future__ import annotations

from pathlib import Path

from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.config import ROOT
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.scenes.tutorial import TutorialScene
from tests.test_kiosk import frames, make_config, tap_at


def test_how_to_play_on_the_attract_screen_opens_the_demos_tutorial_and_plays_by_touch(tmp_path: Path) -> None:
    config = make_config(tmp_path, levels=(ROOT / "levels" / "hexxen_village.toml",), idle=20.0)
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        frames(kiosk, 2)
        attract = kiosk.scene
        assert isinstance(attract, AttractScene) and attract.tutorial_button is not None
        assert attract.tutorial_button.rect.height >= 64  # a touch target
        tap_at(kiosk, attract.tutorial_button.rect.center)
        scene = kiosk.scene
        assert isinstance(scene, TutorialScene) and kiosk.mode == "visitor"
        assert scene.tutorial.ruleset == "hexxen" and kiosk.visitor_games == 1
        frames(kiosk, 2)
        assert scene.view is not None
        anna = scene.situation().creatures["anna"].at
        tap_at(kiosk, scene.view.square_center(anna))  # touch plays the tutorial like a click
        assert scene.selected == "anna" and scene.coach.index == 1
        restart = next(b for b in scene.buttons if b.intent == "restart")
        tap_at(kiosk, restart.rect.center)
        assert isinstance(kiosk.scene, TutorialScene) and kiosk.scene is not scene and kiosk.scene.coach.index == 0
        frames(kiosk, 21 * 60)
        assert isinstance(kiosk.scene, AttractScene)  # idle ends the tutorial like any visitor game
    finally:
        kiosk.close()


def test_a_tap_beside_the_button_still_starts_a_visitor_game(tmp_path: Path) -> None:
    kiosk = KioskApp(make_config(tmp_path), clock=SimClock(), threaded_ai=False)
    try:
        frames(kiosk, 2)
        tap_at(kiosk, (kiosk.screen.get_width() // 2, kiosk.screen.get_height() // 2))
        assert kiosk.mode == "visitor" and not isinstance(kiosk.scene, TutorialScene)
    finally:
        kiosk.close()
