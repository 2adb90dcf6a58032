"""The credits screen, driven by synthetic events: reached from the level menu by its button or C, it names
the game, the rules' owners, Heebo (SIL OFL) and OpenMoji (CC BY-SA 4.0, with its attribution line) in
every language; it scrolls; Esc, Enter or Back return to the menu."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.text.i18n import LANGUAGES, set_language, t
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.credits import SECTIONS, CreditsScene
from game.ui.scenes.menu import MenuScene
from game.ui.widgets import CLIPPED
from tests.ui_helpers import key

ROOT = Path(__file__).resolve().parents[1]
LEVEL = ROOT / "levels" / "pf1_bridge.toml"
OPENMOJI_ATTRIBUTION = "All emojis designed by OpenMoji – the open-source emoji and icon project. License: CC BY-SA 4.0"


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(level=str(LEVEL), size=(1280, 800)))
    app.step()
    app.screens.show_menu(None)
    app.step()
    yield app
    app.close()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def test_the_menu_button_opens_the_credits_and_back_returns(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, menu.button("credits").rect.center)
    credits = app.scene
    assert isinstance(credits, CreditsScene)
    click(app, credits.back_button.rect.center)
    assert app.scene is menu


@pytest.mark.parametrize("back", [pygame.K_ESCAPE, pygame.K_RETURN])
def test_c_opens_the_credits_and_a_key_returns(app: App, back: int) -> None:
    menu = app.scene
    key(app, pygame.K_c)
    assert isinstance(app.scene, CreditsScene)
    key(app, back)
    assert app.scene is menu


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_credit_in_every_language(lang: str) -> None:
    set_language(lang)
    texts = {name: t(f"credits.{name}") for name in SECTIONS}
    heads = {name: t(f"credits.{name}_head") for name in SECTIONS}
    assert not any(v.startswith("⟦") for v in (*texts.values(), *heads.values()))
    assert "Heebo" in heads["font"] and "SIL Open Font License 1.1" in texts["font"]
    assert "OpenMoji" in heads["art"] and OPENMOJI_ATTRIBUTION in texts["art"]
    for owner in ("Paizo", "Wizards of the Coast", "Ulisses Spiele"):
        assert owner in texts["rules"]
    assert "MIT" in texts["game"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_credits_fit_and_scroll(lang: str) -> None:
    set_language(lang)
    app = App(AppOptions(level=str(LEVEL), size=(1024, 640), lang=lang))
    try:
        app.step()
        app.screens.show_menu(None)
        app.step()
        key(app, pygame.K_c)
        credits = app.scene
        assert isinstance(credits, CreditsScene)
        CLIPPED.clear()
        app.step()
        assert not CLIPPED  # the Back button's label and the help line fit
        if credits._content_height > credits._room:  # a small window: the wheel and the arrows scroll
            before = app.screen.copy()
            key(app, pygame.K_DOWN)
            assert credits.scroll > 0
            assert app.screen.get_view("2").raw != before.get_view("2").raw
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False))
            app.step()
            assert credits.scroll == 0
    finally:
        app.close()
