"""Every text the kiosk draws names only what works on a touch screen: no key (Tab, Esc, F1, a letter), no
click and no pointing — through the attract screen, a visitor's game (alone and hot-seat), the legend, ending a
turn, and every prompt of every tutorial."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ui import cached_font
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.config import ROOT
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.tutorial import TutorialScene
from tests.test_kiosk import frames, make_config, tap_at

KEY = re.compile(r"\b(Esc|Tab|Enter|Space|Shift|Ctrl|F\d{1,2})\b|\((?:[A-Z]|\d)\)|(?<![\w&-])[A-Z]:")
POINTER = re.compile(r"\b(click|press|point at|hover)\b", re.IGNORECASE)
"""A key, a click or a hovering pointer: "(or press Tab)", "Esc: menu", "Interact (I)", "F2 or Esc closes"."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the window renders (all text goes through the cached font)."""
    seen: list[str] = []
    real = cached_font.CachedFont.render

    def spy(self: cached_font.CachedFont, text: str, *args: object, **kw: object) -> object:
        seen.append(text)
        return real(self, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(cached_font.CachedFont, "render", spy)
    yield seen


def _keys(seen: list[str]) -> list[str]:
    plain = [re.sub(r"[A-Z0-9]+(-[A-Z0-9]+)+", "", text) for text in seen]  # rule ids are no keys
    return sorted({text for text in plain if KEY.search(text) or POINTER.search(text)})


@pytest.mark.parametrize(
    ("level", "players"),
    [("pf1_bridge.toml", "solo"), ("pf1_bridge.toml", "hotseat"), ("hexxen_village.toml", "solo")],
)
def test_a_visitors_game_names_no_key(tmp_path: Path, drawn: list[str], level: str, players: str) -> None:
    """Seen in a real window: the hexxen panel said "(1 front · 2 relieve · 3 cut in)" to a visitor."""
    config = make_config(tmp_path, levels=(ROOT / "levels" / level,), idle=600.0, players=players)
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=1)
    try:
        frames(kiosk, 3)
        assert isinstance(kiosk.scene, AttractScene)
        tap_at(kiosk, (kiosk.screen.get_width() // 2, kiosk.screen.get_height() // 2))
        frames(kiosk, 3)
        scene = kiosk.scene
        assert isinstance(scene, BattleScene) and scene.kiosk and scene.view is not None
        unit = sorted(scene.ctl.actors)[0]
        sit = scene.ctl.situation()
        tap_at(kiosk, scene.view.square_center(sit.creatures[unit].at))
        enemy = next(c for c in sit.creatures.values() if c.side != sit.creatures[unit].side)
        tap_at(kiosk, scene.view.square_center(enemy.at))
        frames(kiosk, 3)
        assert scene.ctl.forecast is not None
        square = next((sq for sq in scene.ctl.forecast.reach if sq != sit.creatures[unit].at), None)
        if square is not None:  # hexxen measures no paths: no square to preview
            tap_at(kiosk, scene.view.square_center(square))  # the path preview and its card
            frames(kiosk, 3)
        scene.toggle_legend()
        frames(kiosk, 3)
        tap_at(kiosk, scene.view.rect.center)  # closes the legend
        assert scene.panel is not None
        end = next(b for b in scene.panel.buttons if b.intent == "action:end_turn")
        tap_at(kiosk, end.rect.center)  # asks first: no unit has acted
        frames(kiosk, 3)
        assert all(b.shortcut == "" for b in scene.panel.buttons), "a visitor taps buttons: no key letters on them"
        assert len(drawn) > 50  # the window did draw text
        assert _keys(drawn) == []
    finally:
        kiosk.close()


@pytest.mark.parametrize("level", ["pf1_bridge.toml", "dnd5e_crypt.toml", "hexxen_village.toml"])
def test_every_tutorial_prompt_the_kiosk_draws_names_no_key(tmp_path: Path, drawn: list[str], level: str) -> None:
    config = make_config(tmp_path, levels=(ROOT / "levels" / level,), idle=600.0)
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=1)
    try:
        frames(kiosk, 2)
        attract = kiosk.scene
        assert isinstance(attract, AttractScene) and attract.tutorial_button is not None
        tap_at(kiosk, attract.tutorial_button.rect.center)
        scene = kiosk.scene
        assert isinstance(scene, TutorialScene)
        for index in range(len(scene.tutorial.steps)):
            scene.coach.index = index
            scene.frame.invalidate()
            frames(kiosk, 1)
            assert scene.box is not None
        assert _keys(drawn) == []
    finally:
        kiosk.close()
