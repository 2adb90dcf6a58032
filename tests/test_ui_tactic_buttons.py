"""hexxen's tactic buttons in the side panel: a tap or click arms a tactic as its key does; a closed one says why."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import settings as game_settings
from game.settings import Settings
from game.text.i18n import set_language
from game.ui import theme
from game.ui.keymap import BATTLE_KEYS, TACTIC_SHORTCUTS
from game.ui.kiosk.config import ROOT
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.scenes.battle import BattleScene
from game.ui.widgets import Button
from tests.test_kiosk import frames, make_config, tap_at
from tests.ui_helpers import battle, click, click_unit, hover, key, open_app

LEVEL = Path(__file__).resolve().parent.parent / "levels" / "hexxen_village.toml"
TACTICS = ("front", "relieve", "cut_in")


def tactic_button(scene: BattleScene, tactic: str) -> Button:
    """The panel's button for `tactic` as last painted."""
    assert scene.panel is not None
    return next(b for b in scene.panel.buttons if b.intent == f"tactic:{tactic}")


def test_every_tactic_button_carries_the_same_intent_as_its_key() -> None:
    for tactic, shortcut in TACTIC_SHORTCUTS.items():
        assert BATTLE_KEYS[(getattr(pygame, f"K_{shortcut}"), False)] == f"tactic:{tactic}"
    assert set(TACTIC_SHORTCUTS) == set(TACTICS)


def test_a_click_on_each_open_tactic_arms_it_and_a_closed_one_says_why_and_arms_nothing() -> None:
    app = open_app(LEVEL)
    try:
        scene = battle(app)
        click_unit(app, "anna")
        app.step()
        # nobody is bound yet: relief and cut-in have no comrade to free (HX-RELIEF, HX-CUTIN)
        assert tactic_button(scene, "front").enabled and tactic_button(scene, "front").armed
        for tactic, rule in (("relieve", "HX-RELIEF"), ("cut_in", "HX-CUTIN")):
            button = tactic_button(scene, tactic)
            assert not button.enabled and rule in button.tooltip and not button.armed
            click(app, button.rect.center)
            assert scene.ctl.tactic == "front" and not app.session.match.history
            assert scene.ctl.toast == button.tooltip  # the refusal, in the player's language
        # Jacob attacks a cultist: the two are bound, and Anna can now relieve Jacob or cut in
        click_unit(app, "jacob")
        click_unit(app, "kultist_1")
        click_unit(app, "kultist_1")
        assert frozenset({"jacob", "kultist_1"}) in scene.ctl.situation().bindings
        click_unit(app, "anna")
        app.step()
        for tactic in ("relieve", "cut_in", "front"):
            button = tactic_button(scene, tactic)
            assert button.enabled and button.tooltip == ""
            click(app, button.rect.center)
            app.step()
            assert scene.ctl.tactic == tactic
            assert [b.intent for b in scene.panel.buttons if b.armed] == [f"tactic:{tactic}"]  # the chosen one lit
        key(app, pygame.K_2)  # the key and the button are one path
        app.step()
        assert scene.ctl.tactic == "relieve" and tactic_button(scene, "relieve").armed
    finally:
        app.close()


def test_a_visitor_taps_each_tactic_and_a_closed_one_is_explained(tmp_path: Path) -> None:
    config = make_config(tmp_path, levels=(ROOT / "levels" / "hexxen_village.toml",), idle=600.0, players="solo")
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=1)
    try:
        frames(kiosk, 3)
        tap_at(kiosk, (kiosk.screen.get_width() // 2, kiosk.screen.get_height() // 2))
        frames(kiosk, 3)
        scene = kiosk.scene
        assert isinstance(scene, BattleScene) and scene.kiosk and scene.view is not None

        def tap_unit(unit: str) -> None:
            assert scene.view is not None
            tap_at(kiosk, scene.view.square_center(scene.ctl.situation().creatures[unit].at))
            frames(kiosk, 30)  # half a second: the next tap is a tap of its own, not a double tap's tail

        tap_unit("anna")
        buttons = [tactic_button(scene, tactic) for tactic in TACTICS]
        assert all(b.shortcut == "" for b in buttons), "a visitor has no keys: the buttons name none"
        relieve = tactic_button(scene, "relieve")
        assert not relieve.enabled
        tap_at(kiosk, relieve.rect.center)
        frames(kiosk, 2)
        assert scene.ctl.tactic == "front" and "HX-RELIEF" in scene.ctl.toast
        tap_unit("jacob")
        tap_unit("kultist_1")  # the forecast
        tap_unit("kultist_1")  # the attack
        assert frozenset({"jacob", "kultist_1"}) in scene.ctl.situation().bindings
        tap_unit("anna")
        for tactic in ("cut_in", "relieve", "front"):
            tap_at(kiosk, tactic_button(scene, tactic).rect.center)
            frames(kiosk, 2)
            assert scene.ctl.tactic == tactic and tactic_button(scene, tactic).armed
    finally:
        kiosk.close()


@pytest.mark.parametrize(
    ("size", "scale"),
    [("960x540", 1.0), ("1024x640", 1.0), ("1280x800", 1.5), ("1920x1080", 1.0), ("1920x1080", 2.0)],
)
def test_the_tactic_row_fits_touch_sized_in_every_language(size: str, scale: float) -> None:
    """Each tactic button is as tall as the panel's other buttons, inside the panel, over nothing, above the log."""
    game_settings.use(Settings(ui_scale=scale))
    theme.reset_fonts()
    app = open_app(LEVEL, size)
    try:
        scene = battle(app)
        click_unit(app, "anna")
        for lang in ("en", "de", "it", "he"):
            set_language(lang)
            scene.ctl.changed(state=False)
            app.step()
            panel = scene.panel
            assert panel is not None
            end = next(b for b in panel.buttons if b.intent == "action:end_turn")
            rows = [tactic_button(scene, tactic) for tactic in TACTICS]
            for button in rows:
                assert button.rect.height == end.rect.height, (lang, button.label)
                assert panel.rect.contains(button.rect), (lang, button.label)
                assert button.fits(), (lang, button.label)
                assert button.rect.bottom <= panel.rect.top + panel._log_top, "under the footer"
                others = [b.rect for b in panel.buttons if b is not button]
                assert button.rect.collidelist(others) == -1, (lang, button.label)
    finally:
        set_language("en")
        app.close()
        game_settings.use(Settings())
        theme.reset_fonts()


def test_the_hexxen_tutorials_tactic_step_is_answered_by_the_panels_relieve_button() -> None:
    """The lesson asks for the tactic Relieve: the panel's button moves it on as the key 2 does; Cut in does not."""
    from game.ui.app import App
    from game.ui.options import AppOptions
    from tests.test_ui_tutorial import at, on_prompt, open_tutorial

    app = App(AppOptions(size=(1280, 800)))
    app.step()
    try:
        scene = open_tutorial(app, "hexxen")
        click(app, at(scene, "anna"))
        hover(app, at(scene, "cultist"))
        click(app, at(scene, "cultist"))
        click(app, at(scene, "cultist"))
        key(app, pygame.K_TAB)
        on_prompt(scene, 4)
        cut_in = tactic_button(scene, "cut_in")
        assert cut_in.enabled  # Anna holds the cultist: Jacob may cut in, but that is not the lesson
        click(app, cut_in.rect.center)
        on_prompt(scene, 4)
        relieve = tactic_button(scene, "relieve")
        assert relieve.enabled
        click(app, relieve.rect.center)
        on_prompt(scene, 5)
        assert scene.ctl.tactic == "relieve"
    finally:
        app.close()


def test_in_the_kiosk_the_tactic_row_keeps_touch_sized_buttons_and_the_log_its_lines(tmp_path: Path) -> None:
    """At the kiosk's 1024×640 the row of tactics costs no button its full height in any language, the log keeps
    three lines, and selecting a hunter (bound or not) moves no button."""
    config = make_config(tmp_path, levels=(ROOT / "levels" / "hexxen_village.toml",), idle=600.0, players="solo")
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=1)
    try:
        frames(kiosk, 3)
        tap_at(kiosk, (kiosk.screen.get_width() // 2, kiosk.screen.get_height() // 2))
        frames(kiosk, 3)
        scene = kiosk.scene
        assert isinstance(scene, BattleScene) and scene.view is not None and scene.panel is not None
        assert kiosk.screen.get_size() == (1024, 640)
        end_at = next(b.rect for b in scene.panel.buttons if b.intent == "action:end_turn")
        for unit in ("jacob", "kultist_1", "kultist_1", "jacob"):  # Jacob attacks, then is chosen bound
            tap_at(kiosk, scene.view.square_center(scene.ctl.situation().creatures[unit].at))
            frames(kiosk, 30)
        assert scene.ctl.selected == "jacob" and frozenset({"jacob", "kultist_1"}) in scene.ctl.situation().bindings
        for lang in ("en", "de", "it", "he"):
            set_language(lang)
            scene.ctl.changed(state=False)
            frames(kiosk, 2)
            panel = scene.panel
            assert {b.rect.height for b in panel.buttons} == {theme.px(30)}, lang
            assert [b.rect.y for b in panel.buttons if b.intent == "action:end_turn"] == [end_at.y], lang
            assert panel.log_rect.height >= 3 * theme.font(17).get_linesize(), lang
            assert all(tactic_button(scene, tactic).shortcut == "" for tactic in TACTICS)
    finally:
        set_language("en")
        kiosk.close()
