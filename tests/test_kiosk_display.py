"""Kiosk display and keys: only the keys the kiosk must block are blocked, every hint names what works on a
public screen, the attract screen speaks to visitors, a visitor's turn is announced large, and the window covers
the display on X11 with no window manager."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.ui.kiosk.attract as attract_module
from game.text.i18n import t
from game.ui import legend, theme
from game.ui.kiosk import display
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.kiosk.soak import tap
from game.ui.scenes.battle import BattleScene
from game.ui.turn_call import turn_call
from game.ui.widgets import wrap
from tests.ui_helpers import headless_kiosk

DT = 1 / 60


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[KioskApp]:
    with headless_kiosk(tmp_path, idle=600.0) as app:
        yield app


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def visitor(app: KioskApp) -> BattleScene:
    app.step(DT)
    tap(app)
    assert isinstance(app.scene, BattleScene) and app.mode == "visitor"
    return app.scene


# --- keys -----------------------------------------------------------------------------------------------

PLAY_KEYS = [
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_KP_ENTER, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_KP_4,
    pygame.K_INSERT, pygame.K_DELETE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_e, pygame.K_u,
]  # fmt: skip


@pytest.mark.parametrize("k", PLAY_KEYS, ids=[pygame.key.name(k) or str(k) for k in PLAY_KEYS])
def test_keys_for_playing_and_scrolling_pass_the_kiosks_filter(k: int) -> None:
    """Seen at a kiosk: the arrows, Home, End, Page Up/Down and the keypad did nothing (a range test on F1…F15
    covered them: in SDL2 their codes lie between F12 and F13)."""
    assert KioskApp._key_allowed(_key(k))


BLOCKED = [getattr(pygame, f"K_F{n}") for n in range(1, 16)] + [pygame.K_ESCAPE, pygame.K_l, pygame.K_q]


@pytest.mark.parametrize("k", BLOCKED, ids=[pygame.key.name(k) or str(k) for k in BLOCKED])
def test_the_keys_that_leave_or_name_what_a_visitor_lacks_stay_blocked(k: int) -> None:
    assert not KioskApp._key_allowed(_key(k))
    assert not KioskApp._key_allowed(_key(pygame.K_RIGHT, pygame.KMOD_ALT))


def test_the_arrow_keys_move_the_visitors_cursor(kiosk: KioskApp) -> None:
    scene = visitor(kiosk)
    kiosk.dispatch(_key(pygame.K_RIGHT))
    kiosk.dispatch(_key(pygame.K_RIGHT))
    assert scene.ctl.cursor is not None
    start = scene.ctl.cursor
    kiosk.dispatch(_key(pygame.K_DOWN))
    assert scene.ctl.cursor == (start[0], start[1] + 1) or start[1] == scene.ctl.situation().board.height - 1


# --- what the screen says -----------------------------------------------------------------------------


def test_the_attract_screen_names_the_ruleset_and_tells_what_the_demo_is(
    kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen at a kiosk: "Demo · The Ravine Bridge · pf1" and "Watch, pan or zoom; your turn comes next." beside a
    demo that is nobody's turn."""
    kiosk.step(DT)
    attract = kiosk.scene
    assert isinstance(attract, AttractScene)
    seen: list[str] = []
    real = attract_module.banner
    monkeypatch.setattr(
        attract_module, "banner", lambda screen, title, sub, *a: seen.append(sub) or real(screen, title, sub, *a)
    )
    attract.draw(kiosk.app.screen)
    ruleset = attract.battle.match.level.ruleset
    assert seen and t(f"ruleset.{ruleset}") in seen[-1] and f"· {ruleset}" not in seen[-1]
    assert attract.battle.panel_model().hint == t("kiosk_display.demo_hint")


def test_the_kiosk_panel_names_no_key_a_visitor_lacks(kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at a kiosk: the footer said "F1: help, every control · Esc: pause menu" and Legend showed F2."""
    scene = visitor(kiosk)
    assert scene.kiosk and scene.panel is not None and scene.panel.kiosk
    rendered: list[str] = []
    label, render = theme.label, theme.render
    monkeypatch.setattr(theme, "label", lambda text, *a, **k: rendered.append(text) or label(text, *a, **k))
    monkeypatch.setattr(theme, "render", lambda text, *a, **k: rendered.append(text) or render(text, *a, **k))
    scene.relayout(kiosk.app.screen.get_size())
    scene.draw(kiosk.app.screen)
    legend_button = next(b for b in scene.panel.buttons if b.intent == "legend")
    assert legend_button.shortcut == "", "F2 is blocked in the kiosk"
    assert any(t("kiosk_display.footer").split()[0] in line for line in rendered), rendered
    assert scene.ctl.selected is None and any(line.startswith("Tap one") for line in rendered), rendered
    assert not any(line.startswith("Click") for line in rendered), "a kiosk is tapped, not clicked"
    assert not any("F1" in line or "Esc" in line for line in rendered), rendered


def test_the_legend_says_tap_to_close_in_the_kiosk_and_a_tap_never_reaches_the_square_under_it(
    kiosk: KioskApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = visitor(kiosk)
    scene.ctl.select(sorted(scene.ctl.actors)[0])
    said: list[str | None] = []
    real = legend.draw_legend
    monkeypatch.setattr(legend, "draw_legend", lambda *a: said.append(a[-1]) or real(*a))
    scene.toggle_legend()
    scene.draw(kiosk.app.screen)
    assert said == [t("kiosk_display.tap_closes")]
    assert scene.view is not None and scene.ctl.selected is not None
    unit = scene.ctl.situation().creatures[scene.ctl.selected]
    target = next(sq for sq in scene.ctl.forecast.reach if sq != unit.at)  # type: ignore[union-attr]
    before = list(scene.match.history)
    pos = scene.view.square_center(target)
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert not scene.legend and scene.match.history == before, "the tap went through the legend to a square"


def test_a_visitors_turn_is_called_large_and_the_next_step_follows(kiosk: KioskApp) -> None:
    scene = visitor(kiosk)
    ctl = scene.ctl
    ctl.select(None)
    assert turn_call(ctl) == t("kiosk_display.call_yours")
    unit = next(iter(sorted(ctl.actors)))
    ctl.select(unit)
    assert turn_call(ctl) == t("kiosk_display.call_selected", unit=ctl.name_of(unit))
    drawn = scene.draw(kiosk.app.screen)
    assert drawn is None or drawn  # drawn at all (the band is part of the frame)


def test_in_hexxen_the_turn_call_and_the_footer_name_engaging_not_shaded_squares(tmp_path: Path) -> None:
    """HeXXen measures no distance (HX-ABSTRACT): nothing is shaded to move to, so the visitor is told to engage."""
    from game.paths import DATA_ROOT

    level = DATA_ROOT / "levels" / "hexxen_village.toml"
    config = KioskConfig(fullscreen=False, log_file=tmp_path / "kiosk.log", levels=(level,), idle=600.0)
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    try:
        scene = visitor(app)
        ctl = scene.ctl
        unit = next(iter(sorted(ctl.actors)))
        ctl.select(unit)
        assert turn_call(ctl) == t("kiosk_display.call_engage", unit=ctl.name_of(unit))
        assert scene.panel is not None
        scene.draw(app.app.screen)
        assert scene.panel._footer(400) == wrap(t("kiosk_display.footer_engage"), theme.font(15), 400)
    finally:
        app.close()


def test_the_turn_call_is_silent_on_the_computers_turn_and_in_the_attract_demo(kiosk: KioskApp) -> None:
    kiosk.step(DT)
    attract = kiosk.scene
    assert isinstance(attract, AttractScene)
    assert turn_call(attract.battle.ctl) is None


# --- the window --------------------------------------------------------------------------------------------


def test_on_x11_the_kiosk_covers_the_desktop_without_asking_a_window_manager() -> None:
    """Seen on a bare X server: a full-screen request nobody granted left a logical-size window in the middle,
    showing the top-left part of a picture scaled for the whole display."""
    assert display.plan("x11", fullscreen=True) == display.COVER
    assert display.plan("wayland", fullscreen=True) == display.FULL
    assert display.plan("kmsdrm", fullscreen=True) == display.FULL
    assert display.plan("x11", fullscreen=False) == display.WINDOW
    assert display.plan("dummy", fullscreen=False) == display.WINDOW


def test_the_kiosk_asks_sdl_for_its_software_renderer_unless_told_auto_or_the_environment_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Under Xvfb SDL's default OpenGL renderer loaded Mesa's llvmpipe and the main heap grew every hour."""
    for name in ("SDL_RENDER_DRIVER", "SDL_FRAMEBUFFER_ACCELERATION"):
        monkeypatch.delenv(name, raising=False)
    display.choose_renderer("auto", "x11")
    # under Wayland and KMS/DRM a window has no surface of its own: asking for software would open no window
    display.choose_renderer("software", "wayland")
    display.choose_renderer("software", "kmsdrm")
    assert "SDL_RENDER_DRIVER" not in os.environ and "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    display.choose_renderer("software", "x11")
    assert (os.environ["SDL_RENDER_DRIVER"], os.environ["SDL_FRAMEBUFFER_ACCELERATION"]) == ("software", "0")
    monkeypatch.setenv("SDL_RENDER_DRIVER", "opengl")
    display.choose_renderer("software", "x11")
    assert os.environ["SDL_RENDER_DRIVER"] == "opengl"  # the administrator's environment wins


def test_the_kiosk_log_names_the_renderer_it_got(kiosk: KioskApp) -> None:
    """A soak or an administrator must be able to tell which renderer drew (the memory differs by 85 MB)."""
    assert display.renderer_name() == "software"  # the dummy driver has no other
    started = [line for line in kiosk.config.log_file.read_text().splitlines() if "kiosk started" in line]
    assert started and started[-1].endswith("renderer software")


@pytest.mark.parametrize("size", ["960x540", "1024x640"])
def test_on_a_short_window_no_button_runs_under_the_footer_and_the_log_keeps_lines(size: str) -> None:
    """Seen at 960×540: the key line under the log was drawn over the last row of buttons; at 1024×640 (the
    kiosk's logical screen) the log shrank to a sliver once a unit was selected."""
    from tests.ui_helpers import battle, click_unit, open_app

    app = open_app(Path(__file__).resolve().parent.parent / "levels" / "pf1_bridge.toml", size)
    try:
        scene = battle(app)
        click_unit(app, sorted(scene.ctl.actors)[0])
        app.step()
        panel = scene.panel
        assert panel is not None and scene.ctl.selected is not None
        lowest = max(b.rect.bottom for b in panel.buttons)
        assert lowest <= panel.log_rect.top or panel.log_rect.height <= 20, "a button runs into the log"
        footer_top = panel.rect.top + panel._log_top
        assert lowest <= footer_top, "the footer is drawn over the buttons"
        if size == "1024x640":
            assert panel.log_rect.height >= 3 * theme.font(17).get_linesize(), panel.log_rect
    finally:
        app.close()
