"""The kiosk's attract screen offers "Credits" under "How to play": a tap shows the credits screen, its Back
returns to the same demo, and a visitor who walks away is brought back by the idle limit."""

from __future__ import annotations

from pathlib import Path

from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.config import ROOT
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.scenes.credits import CreditsScene
from tests.test_kiosk import frames, make_config, tap_at, wait


def test_credits_from_the_attract_screen_and_back_by_touch(tmp_path: Path) -> None:
    config = make_config(tmp_path, levels=(ROOT / "levels" / "hexxen_village.toml",), idle=20.0)
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        frames(kiosk, 2)
        attract = kiosk.scene
        assert isinstance(attract, AttractScene) and attract.credits_button is not None
        assert attract.tutorial_button is not None
        assert attract.credits_button.rect.height >= 64  # a touch target
        assert not attract.credits_button.rect.colliderect(attract.tutorial_button.rect)
        tap_at(kiosk, attract.credits_button.rect.center)
        credits = kiosk.scene
        assert isinstance(credits, CreditsScene) and kiosk.mode == "credits" and kiosk.visitor_games == 0
        frames(kiosk, 2)
        tap_at(kiosk, credits.back_button.rect.center)
        assert kiosk.scene is attract and kiosk.mode == "attract"
        frames(kiosk, 2)
        tap_at(kiosk, attract.credits_button.rect.center)
        assert isinstance(kiosk.scene, CreditsScene)
        wait(kiosk, 21)
        assert isinstance(kiosk.scene, AttractScene)  # nobody touched it: back to a demo
    finally:
        kiosk.close()
