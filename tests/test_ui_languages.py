"""The window in every language: text inside its panels, nothing cut; Hebrew right to left, the panel mirrored."""

from __future__ import annotations

import glob
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.text import i18n
from game.ui import theme, widgets
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene, layout
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.message import MessageScene
from game.ui.scenes.victory import VictoryScene

ROOT = Path(__file__).resolve().parent.parent
LEVEL = str(ROOT / "levels" / "pf1_bridge.toml")


@pytest.fixture
def app() -> Iterator[App]:
    """A headless window on the default level (closed afterwards)."""
    window = App(AppOptions(level=LEVEL, frames=2))
    widgets.CLIPPED.clear()
    yield window
    window.close()


def busy_battle(app: App) -> BattleScene:
    """The battle screen with a unit selected after a move (card, buttons and log lines all showing)."""
    battle = app.scene
    assert isinstance(battle, BattleScene)
    battle.ctl.select(sorted(battle.ctl.actors)[0])
    assert battle.ctl.forecast is not None
    far = max(battle.ctl.forecast.reach, key=lambda sq: battle.ctl.forecast.reach[sq].cost)
    battle.ctl.click_square(far)
    battle.ctl.select(sorted(battle.ctl.actors)[0])
    app.step()
    return battle


def text_columns(surface: pygame.Surface, rect: pygame.Rect, background: tuple[int, int, int]) -> list[int]:
    """The x of every column in `rect` with a pixel far from `background` (text or drawing)."""
    cols = []
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surface.get_at((x, y))
            if sum(abs(c[i] - background[i]) for i in range(3)) > 90:
                cols.append(x)
                break
    return cols


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_screen_fits_its_text_in_every_language(app: App, lang: str) -> None:
    i18n.set_language(lang)
    battle = busy_battle(app)
    battle.relayout(app.screen.get_size())
    app.step()
    panel = battle.panel
    assert panel is not None and len(panel.buttons) >= 6
    # every button label fits its button at a size the button may use
    assert [b.label for b in panel.buttons if not b.fits()] == []
    assert [b.label for b in panel.buttons if not panel.rect.contains(b.rect)] == []
    sides = [s.id for s in app.session.level.sides]
    for scene in (
        MenuScene(battle),
        HandOverScene(battle, app.session.side_name(sides[1]), (46, 110, 176)),
        VictoryScene(
            battle,
            app.session.side_name(sides[0]),
            (176, 58, 46),
            i18n.t("victory.detail", level="x", round=3, actions=9),
        ),
        MessageScene(i18n.t("message.cannot_load"), "levels/bad.toml: [map] tiles: unknown symbol 'Q'"),
    ):
        app.switch(scene)
        app.step()
        if isinstance(scene, VictoryScene):
            assert [b.label for b in scene.buttons if not b.fits()] == []
            assert all(app.screen.get_rect().contains(b.rect) for b in scene.buttons)
    # the check hook: no label was cut or dropped anywhere
    assert widgets.CLIPPED == []


def test_language_button_cycles_and_hebrew_mirrors_the_battle_screen(app: App) -> None:
    battle = app.scene
    assert isinstance(battle, BattleScene) and battle.panel is not None
    assert battle.panel.rect.right == 1280  # English: the panel on the right
    seen = []
    for _ in range(3):
        battle._run_intent("language")
        seen.append(i18n.current_language())
    assert seen == ["de", "it", "he"]
    assert battle.panel.rect.left == 0 and battle.view is not None and battle.view.rect.right == 1280
    board, panel = layout((1280, 800))
    assert panel.x == 0 and board.x == panel.right
    battle._run_intent("language")
    assert i18n.current_language() == "en" and battle.panel.rect.right == 1280


def test_language_button_is_in_the_panel_and_the_menu(app: App) -> None:
    battle = busy_battle(app)
    assert battle.panel is not None
    assert any(b.intent == "language" and "English" in b.label for b in battle.panel.buttons)
    menu = MenuScene(battle)
    app.switch(menu)
    app.step()
    rect = menu._language_rect(app.screen.get_width())
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    assert i18n.current_language() == "de"
    app.step()
    assert menu.language_button.label == "Sprache: Deutsch"


def test_hebrew_panel_text_is_right_aligned(app: App) -> None:
    i18n.set_language("he")
    battle = busy_battle(app)
    battle.relayout(app.screen.get_size())
    app.step()
    panel = battle.panel
    assert panel is not None and panel.rect.x == 0
    # the "Log" heading row: its text ends at the panel's right padding and starts far from the left edge
    log_top = panel.log_rect.y - 24
    cols = text_columns(app.screen, pygame.Rect(panel.rect.x + 4, log_top, panel.rect.width - 8, 20), theme.PANEL)
    assert cols, "no text drawn in the heading row"
    assert panel.rect.right - 20 <= max(cols) <= panel.rect.right - 8
    assert min(cols) > panel.rect.x + panel.rect.width // 2


def test_hebrew_is_drawn_right_to_left() -> None:
    """The first letter of a Hebrew word is drawn at the right end of the rendered word."""
    pygame.font.init()
    i18n.set_language("he")
    word = "שלום"  # shin first: a wide, distinctive letter
    white = (255, 255, 255)
    whole = theme.render(word, 40, white)
    first = theme.render(word[0], 40, white)
    assert whole.get_width() > 2 * first.get_width()

    def ink(surface: pygame.Surface, x0: int, width: int) -> list[int]:
        return [
            1 if surface.get_at((x, y))[3] > 128 else 0
            for x in range(x0, x0 + width)
            for y in range(surface.get_height())
        ]

    letter = ink(first, 0, first.get_width())
    scores = {}
    for x in range(whole.get_width() - first.get_width() + 1):
        scores[x] = sum(a == b for a, b in zip(letter, ink(whole, x, first.get_width()), strict=True))
    best = max(scores, key=lambda x: scores[x])
    # the best match of the shin is at the right end, not the left
    assert best >= whole.get_width() - first.get_width() - 4
    assert scores[best] > scores[0]
    # and Latin stays left to right in the same path
    assert theme.visual("abc 12") == "abc 12"
    assert theme.visual("שלום 12")[-4:] == "םולש"


def test_every_catalogue_character_has_a_glyph() -> None:
    """No text draws as empty boxes: every character the catalogues use exists in Heebo (after substitutions)."""
    pygame.font.init()
    f = theme.font(20)
    tofu = pygame.image.tobytes(f.render("\U0001f600", True, (255, 255, 255)), "RGBA")
    text = "".join(v for lang in i18n.LANGUAGES for v in i18n.load_messages(lang).values())
    for path in glob.glob(str(ROOT / "assets" / "catalog" / "rules.*.toml")):
        text += "".join(
            line for line in Path(path).read_text(encoding="utf-8").splitlines() if not line.startswith("#")
        )
    # the bidi marks (LRM, RLM) are invisible by design: they have no glyph to draw
    chars = {c for c in theme.visual(text, False) if not c.isspace() and c not in "\u200e\u200f"}
    missing = sorted(c for c in chars if pygame.image.tobytes(f.render(c, True, (255, 255, 255)), "RGBA") == tofu)
    assert missing == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_play_lang_screenshot_draws_the_panel_on_the_reading_side(tmp_path: Path, lang: str) -> None:
    shot = tmp_path / f"battle_{lang}.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, "main.py", "play", "levels/pf1_bridge.toml", "--lang", lang, "--frames", "3"]
    done = subprocess.run(
        [*cmd, "--screenshot", str(shot)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    w, h = image.get_size()
    i18n.set_language(lang)
    _, panel = layout((w, h))
    # the panel is filled with the panel colour at its far side and has text in its header
    header = pygame.Rect(panel.x + 8, 8, panel.width - 16, 40)
    cols = text_columns(image, header, theme.PANEL)
    assert len(cols) > 40, "no level name drawn in the panel header"
    if lang == "he":
        assert panel.x == 0 and max(cols) > panel.right - 30
    else:
        assert panel.right == w and min(cols) < panel.x + 30


def test_hebrew_level_name_goes_through_the_same_text_path(tmp_path: Path) -> None:
    """Level names are free UTF-8: a Hebrew name in an English menu and panel is shaped like any Hebrew label."""
    source = Path(LEVEL).read_text(encoding="utf-8")
    name = "גשר הנקיק 2"
    (tmp_path / "bridge_he.toml").write_text(
        re.sub(r"^name = .*$", f'name = "{name}"', source, count=1, flags=re.M), "utf-8"
    )
    entries = MenuScene(None, tmp_path).entries
    assert [e.title for e in entries] == [name] and entries[0].ok
    assert theme.visual(name) == "2 קיקנה רשג"  # reversed Hebrew run, the number kept after it on the left
    window = App(AppOptions(level=str(tmp_path / "bridge_he.toml"), frames=1))
    try:
        widgets.CLIPPED.clear()
        window.step()
        battle = window.scene
        assert isinstance(battle, BattleScene) and battle.panel is not None
        assert window.session.level is not None and window.session.level.name == name
        header = pygame.Rect(battle.panel.rect.x + 8, 8, battle.panel.rect.width - 16, 36)
        assert len(text_columns(window.screen, header, theme.PANEL)) > 40
        assert widgets.CLIPPED == []
    finally:
        window.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_long_action_label_takes_a_whole_row_rather_than_being_cut(lang: str) -> None:
    """German "Heimtückische Attacke" does not fit half the panel at 12 px: its button spans the row."""
    window = App(AppOptions(level=str(ROOT / "levels" / "hexxen_village.toml"), size=(1280, 800), lang=lang))
    try:
        window.step()
        battle = window.scene
        assert isinstance(battle, BattleScene)
        battle.ctl.select(sorted(battle.ctl.actors)[0])
        window.step()
        panel = battle.panel
        assert panel is not None
        sneak = next(b for b in panel.buttons if b.intent == "action:sneak_attack")
        assert [b.label for b in panel.buttons if not b.fits()] == []
        assert [b.label for b in panel.buttons if not panel.rect.contains(b.rect)] == []
        others = [b.rect for b in panel.buttons if b is not sneak]
        assert sneak.rect.collidelist(others) == -1  # no button drawn over another
        if lang == "de":
            assert sneak.rect.width > panel.buttons[0].rect.width  # the whole row
    finally:
        window.close()
