"""The UI scale: nothing smaller than 12 px at 1280×800, in every scene and language; fonts, the panel and
its buttons grow with the setting and with the window.

The font factory is instrumented (pygame.font.Font is wrapped while a scene is drawn) so every size any
code asks for is recorded, not only those going through game/ui/theme.py.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game import settings as game_settings
from game.settings import DEFAULTS, Settings
from game.text.i18n import LANGUAGES
from game.ui import theme
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene, layout
from rules.core import Ruling

ROOT = Path(__file__).resolve().parents[1]
LEVEL = ROOT / "levels" / "pf1_bridge.toml"
SIZE = (1280, 800)


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every pixel size a font is created at while the test runs (the caches emptied first)."""
    seen: list[int] = []
    real = pygame.font.Font

    def recording(path: object, size: int = 12) -> pygame.font.Font:
        # pygame's default font (path None) draws smaller than Heebo: count it at its Heebo-equivalent size
        seen.append(round(size * theme.FONT_SCALE) if path is None else size)
        return real(path, size)

    monkeypatch.setattr(pygame.font, "Font", recording)
    theme.reset_fonts()
    yield seen
    theme.reset_fonts()


def _battle(app: App) -> BattleScene:
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.view is not None
    return scene


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()


def battle_busy(app: App) -> None:
    """A move done (a log line), the unit selected again, a path hovered (the hover card), a toast."""
    scene = _battle(app)
    sit = scene.ctl.situation()
    valeros = sit.creatures["valeros"]
    assert scene.view is not None
    _click(app, scene.view.square_center(valeros.at))
    forecast = scene.ctl.forecast
    assert forecast is not None and forecast.reach
    near = min(forecast.reach, key=lambda sq: abs(sq[0] - valeros.at[0]) + abs(sq[1] - valeros.at[1]))
    _click(app, scene.view.square_center(near))
    _click(app, scene.view.square_center(near))  # the second click confirms the previewed move
    assert scene.ctl.match.history, "the move was made"
    scene.ctl.select("valeros")
    app.step()
    forecast = scene.ctl.forecast
    assert forecast is not None
    far = max(forecast.reach, key=lambda sq: abs(sq[0] - near[0]) + abs(sq[1] - near[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.view.square_center(far), rel=(1, 1), buttons=()))
    app.step()
    assert scene.ctl.preview is not None and isinstance(scene.ctl.preview.result, Ruling)
    scene.say("A toast to be read")
    app.step()


def help_overlay(app: App) -> None:
    _battle(app).toggle_help()
    app.step()


def legend_overlay(app: App) -> None:
    _battle(app).toggle_legend()
    app.step()


def pause(app: App) -> None:
    assert app.scene is not None
    app.screens.show_pause(app.scene)
    app.step()


def level_menu(app: App) -> None:
    app.screens.show_menu(app.scene)
    app.step()


def handover(app: App) -> None:
    """Two players at one screen: the first side's move, then the hand-over with its recap."""
    from game.levels.level import load_level
    from game.ui.kiosk.session import with_controllers
    from game.ui.scenes.handover import HandOverScene

    app.session.start(with_controllers(load_level(LEVEL), 2))
    app.step()
    theme.reset_fonts()
    assert app.session.level is not None and app.scene is not None
    app.screens.show_handover(app.scene, app.session.level.sides[1].id)
    assert isinstance(app.scene, HandOverScene)
    app.step()


def victory(app: App) -> None:
    assert app.scene is not None
    app.screens.show_victory(app.scene)
    app.step()


def settings_screen(app: App) -> None:
    app.screens.show_settings(None)
    app.step()


def credits_screen(app: App) -> None:
    app.screens.show_menu(None)
    app.step()
    from game.ui.scenes.credits import CreditsScene

    app.switch(CreditsScene(app.scene))
    app.step()


def tutorial(app: App) -> None:
    app.session.open_tutorial("pf1")
    app.step()
    app.step()


def editor(app: App, tmp_path: Path) -> None:
    app.editing.open_editor(tmp_path / "new.toml")
    app.step()


SCENES: dict[str, Callable[..., None]] = {
    "battle": battle_busy,
    "help": help_overlay,
    "legend": legend_overlay,
    "pause": pause,
    "level_menu": level_menu,
    "handover": handover,
    "victory": victory,
    "settings": settings_screen,
    "credits": credits_screen,
    "tutorial": tutorial,
    "editor": editor,
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("scene", list(SCENES))
def test_nothing_under_12px_at_1280x800(scene: str, lang: str, sizes: list[int], tmp_path: Path) -> None:
    app = App(AppOptions(level=str(LEVEL), size=SIZE, lang=lang, settings=DEFAULTS))
    try:
        app.step()
        theme.reset_fonts()  # the scene's own text, not the first battle frame's: every size is made anew
        sizes.clear()
        setup = SCENES[scene]
        setup(app, tmp_path) if scene == "editor" else setup(app)
        app.step()
        assert app.screen.get_size() == SIZE
        assert sizes, "the scene drew text"
        assert min(sizes) >= theme.MIN_FONT_PX, f"{scene} in {lang}: fonts of {sorted(set(sizes))[:5]} px"
    finally:
        app.close()


def test_token_labels_left_out_rather_than_drawn_small(sizes: list[int]) -> None:
    """Zoomed far out, tokens keep their emblem and badge; no label under 12 px is drawn."""
    app = App(AppOptions(level=str(LEVEL), size=SIZE, settings=DEFAULTS))
    try:
        app.step()
        scene = _battle(app)
        assert scene.view is not None
        while scene.view.cell > theme.MIN_CELL:
            before = scene.view.cell
            scene.view.zoom(-1, scene.view.rect.center)
            if scene.view.cell == before:
                break
        scene.frame.invalidate()
        theme.reset_fonts()
        sizes.clear()
        app.step()
        assert scene.view.cell < 24  # small enough that the old labels were 9 px
        assert not sizes or min(sizes) >= theme.MIN_FONT_PX
    finally:
        app.close()


TALL = (1280, 1600)
"""A window as wide as the reference one and tall enough for the panel at 150 %."""


def test_text_and_panel_follow_the_setting() -> None:
    """At 150 % the panel and a line of text are about 1.5 times what they are at 100 %."""
    app = App(AppOptions(level=str(LEVEL), size=TALL, settings=DEFAULTS))
    try:
        app.step()
        base_font = theme.font(20).get_height()
        base_panel = layout(TALL)[1].width
        base_button = _battle(app).panel.buttons[0].rect.height
        app.change_settings(DEFAULTS.changed(ui_scale=1.5))
        app.step()
        assert game_settings.current().ui_scale == 1.5
        assert theme.scale() == pytest.approx(1.5)
        assert theme.font(20).get_height() >= 1.4 * base_font
        assert layout(TALL)[1].width >= 1.3 * base_panel
        assert _battle(app).panel.buttons[0].rect.height >= 1.4 * base_button
    finally:
        app.close()


@pytest.mark.parametrize("ui_scale", [1.0, 1.25, 1.5, 2.0])
def test_the_panel_keeps_its_log_at_every_scale_at_1280x800(ui_scale: float) -> None:
    """A scale the window's height cannot hold is held back: the buttons never cover the log or the key line."""
    app = App(AppOptions(level=str(LEVEL), size=SIZE, settings=DEFAULTS.changed(ui_scale=ui_scale)))
    try:
        app.step()
        battle = _battle(app)
        battle.ctl.select("valeros")
        app.step()
        panel = battle.panel
        assert panel is not None
        assert theme.scale() >= 1.0
        lowest = max(b.rect.bottom for b in panel.buttons)
        assert panel.log_rect.top > lowest and panel.log_rect.height >= 60
        assert [b.label for b in panel.buttons if not b.fits()] == []
    finally:
        app.close()


def test_text_follows_the_window_size() -> None:
    """The same setting draws larger text in a larger window, and never less than the 1280×800 size."""
    assert theme.window_factor((1280, 800)) == 1.0
    assert theme.window_factor((1024, 640)) == 1.0
    assert theme.window_factor((2560, 1600)) == 2.0
    assert theme.scale((1920, 1200)) == pytest.approx(1.5)
    game_settings.use(Settings(ui_scale=2.0))
    assert theme.scale((1920, 2400)) == pytest.approx(3.0)
    assert theme.scale((1920, 1200)) == pytest.approx(1200 / theme.FIT_HEIGHT)  # held to what the height holds
    assert theme.panel_width((1920, 1200)) <= 1920 * 45 // 100
