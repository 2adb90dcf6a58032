"""The themes: one palette the whole window reads, a high-contrast one whose text stands 7:1 or more off
what it sits on (WCAG 2.1 contrast ratio, level AAA), switched live from the settings screen and saved."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import settings as game_settings
from game.settings import THEMES, read_settings
from game.ui import theme
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.settings import ROWS, SettingsScene
from game.ui.terrain import primary_kind
from tests.ui_helpers import key

ROOT = Path(__file__).resolve().parents[1]
LEVEL = ROOT / "levels" / "pf1_bridge.toml"

TEXT_PAIRS: tuple[tuple[str, str], ...] = (
    ("text", "background"),
    ("text", "panel"),
    ("muted", "panel"),
    ("muted", "background"),
    ("accent", "panel"),
    ("warning", "panel"),
    ("text", "handover_background"),
    ("text", "row_highlight"),
    ("text", "card_fill"),
    ("muted", "card_fill"),
    ("accent", "card_fill"),
    ("text", "log_fill"),
    ("muted", "log_fill"),
    ("refused_text", "log_fill"),
    ("accent", "log_fill"),
    ("text", "tip_fill"),
    ("text", "warning_fill"),
    ("text", "refusal_fill"),
    ("text", "button_fill"),
    ("text", "button_hover"),
    ("muted", "button_fill"),
    ("disabled", "button_disabled_fill"),
    ("on_accent", "accent"),
)
"""(text colour, what it is drawn on) for every text the window draws from the palette."""


def luminance(color: theme.Color) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: theme.Color, b: theme.Color) -> float:
    """WCAG 2.1 contrast ratio, 1–21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_formula_matches_wcag() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # WCAG's own example grey


@pytest.mark.parametrize(("fg", "bg"), TEXT_PAIRS)
def test_high_contrast_text_stands_7_to_1_off_its_background(fg: str, bg: str) -> None:
    p = theme.HIGH_CONTRAST
    ratio = contrast(getattr(p, fg), getattr(p, bg))
    assert ratio >= 7.0, f"{fg} on {bg}: {ratio:.2f}:1"


@pytest.mark.parametrize(("fg", "bg"), TEXT_PAIRS)
def test_standard_text_meets_the_4_5_to_1_minimum(fg: str, bg: str) -> None:
    if fg == "disabled":
        pytest.skip("WCAG exempts inactive controls; the standard theme greys them out on purpose")
    ratio = contrast(getattr(theme.STANDARD, fg), getattr(theme.STANDARD, bg))
    assert ratio >= 4.5, f"{fg} on {bg}: {ratio:.2f}:1"


def test_high_contrast_has_no_low_contrast_lines() -> None:
    """Grid and outlines are black on white, and thicker; the grid is GRID itself, not a tint of the floor."""
    hc, std = theme.HIGH_CONTRAST, theme.STANDARD
    grid = theme.blend(hc.terrain_fill["floor"], hc.grid, hc.grid_blend)
    assert contrast(grid, hc.terrain_fill["floor"]) >= 7.0
    assert hc.grid_width > std.grid_width
    assert hc.band_edge < std.band_edge  # cell // band_edge: a thicker band outline
    assert hc.outline_extra > std.outline_extra
    for kind in ("difficult", "hampering", "narrow"):
        assert contrast(hc.terrain_mark[kind], hc.terrain_fill["floor"]) >= 7.0, kind


def test_every_palette_has_every_band_and_terrain() -> None:
    for p in theme.PALETTES.values():
        assert set(p.terrain_fill) == set(theme.STANDARD.terrain_fill)
        assert set(p.band_colors) == set(theme.STANDARD.band_colors)
    assert set(theme.PALETTES) == set(THEMES)  # every theme the settings offer has a palette


def test_use_palette_changes_what_the_drawing_code_reads() -> None:
    theme.use_palette(theme.HIGH_CONTRAST)
    assert theme.palette() is theme.HIGH_CONTRAST
    assert (
        theme.HIGH_CONTRAST.text,
        theme.HIGH_CONTRAST.background,
        theme.HIGH_CONTRAST.grid_width,
    ) == (theme.TEXT, theme.BACKGROUND, theme.GRID_WIDTH)
    assert theme.band_color("move") == theme.HIGH_CONTRAST.band_colors["move"]
    before = theme.generation()
    theme.use_palette(theme.STANDARD)
    assert theme.generation() != before and theme.STANDARD.text == theme.TEXT


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(level=str(LEVEL), size=(1280, 800)))
    app.step()
    yield app
    app.close()


def floor_pixel(battle: BattleScene) -> tuple[int, int, int]:
    """The colour at the middle of a plain floor square with nothing on it and no reach shading."""
    sit = battle.ctl.situation()
    taken = {c.at for c in sit.creatures.values()}
    reach = set(battle.ctl.forecast.reach) if battle.ctl.forecast else set()
    assert battle.view is not None
    for y in range(sit.board.height):
        for x in range(sit.board.width):
            sq = (x, y)
            plain = primary_kind(sit.board.terrain(sq)) == "floor" and not sit.board.terrain(sq).kinds
            if sq not in taken and sq not in reach and plain:
                rect = battle.view.square_rect(sq)
                if battle.view.rect.contains(rect):
                    return tuple(battle.app.screen.get_at(rect.center))[:3]  # type: ignore[return-value]
    raise AssertionError("no free floor square on screen")


def test_the_theme_switches_live_from_the_settings_by_keys_and_is_saved(app: App) -> None:
    battle = app.scene
    assert isinstance(battle, BattleScene)
    battle.ctl.select(None)
    app.step()
    assert floor_pixel(battle) == theme.STANDARD.terrain_fill["floor"]
    app.screens.show_settings(battle)
    app.step()
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    for _ in range([r.name for r in ROWS].index("theme")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.settings.theme == "high-contrast" == game_settings.current().theme
    assert read_settings().settings.theme == "high-contrast"  # saved at once
    assert theme.palette() is theme.HIGH_CONTRAST
    assert tuple(app.screen.get_at((2, 2)))[:3] == theme.HIGH_CONTRAST.background  # the settings screen redrawn
    key(app, pygame.K_ESCAPE)
    assert app.scene is battle
    app.step()
    assert floor_pixel(battle) == theme.HIGH_CONTRAST.terrain_fill["floor"]  # the cached map repainted
    panel = battle.panel
    assert panel is not None
    assert tuple(app.screen.get_at((panel.rect.centerx, panel.rect.y + 4)))[:3] == theme.HIGH_CONTRAST.panel
    app.screens.show_settings(battle)
    app.step()
    for _ in range([r.name for r in ROWS].index("theme")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # and back
    assert theme.palette() is theme.STANDARD
    key(app, pygame.K_ESCAPE)
    app.step()
    assert floor_pixel(battle) == theme.STANDARD.terrain_fill["floor"]


def test_a_saved_theme_is_the_one_a_new_window_starts_with(app: App) -> None:
    app.change_settings(app.settings.changed(theme="high-contrast"))
    app.close()
    theme.use_palette(theme.STANDARD)
    again = App(AppOptions(level=str(LEVEL), size=(1280, 800)))
    try:
        again.step()
        assert again.settings.theme == "high-contrast"
        assert theme.palette() is theme.HIGH_CONTRAST
        assert tuple(again.screen.get_at((again.screen.get_width() - 3, 300)))[:3] == theme.HIGH_CONTRAST.panel
    finally:
        again.close()


@pytest.mark.parametrize("palette", list(theme.PALETTES.values()), ids=list(theme.PALETTES))
def test_an_armed_buttons_key_reads_on_its_accent_fill(palette: theme.Palette) -> None:
    """The editor's chosen tool and an armed action are accent-filled: their key letter takes the accent's
    text colour (it used to stay the muted grey, near-invisible on yellow)."""
    from game.ui.widgets import Button

    pygame.font.init()
    theme.use_palette(palette)
    surface = pygame.Surface((160, 36))
    Button(pygame.Rect(0, 0, 160, 36), "Brush", "brush", shortcut="B", armed=True).draw(surface)
    key_area = [tuple(surface.get_at((x, y)))[:3] for x in range(130, 156) for y in range(6, 30)]
    darkest = min(key_area, key=luminance)
    assert contrast(darkest, palette.accent) >= 4.5


def test_another_language_lays_the_text_out_anew_with_the_same_fonts(app: App) -> None:
    """A language change (a kiosk's visitors make many) keeps the fonts: they draw every language alike, and each
    reopened font cost ~160 kB of native memory and its glyphs again. The text is laid out anew (a new
    fonts_generation, no rendered label kept); a change of theme or scale still makes new fonts."""
    battle = app.scene
    assert isinstance(battle, BattleScene)
    body, bold = theme.font(14), theme.font(16, bold=True)
    generation = theme.fonts_generation()
    theme.label("End turn", 14, theme.TEXT)
    assert theme._label.cache_info().currsize > 0
    app.change_settings(app.settings.changed(language="de"))
    assert theme._label.cache_info().currsize == 0  # no label rendered in the other language is kept
    assert theme.fonts_generation() > generation
    app.step()
    assert theme.font(14) is body and theme.font(16, bold=True) is bold
    assert any("Zug" in b.label for b in battle.panel.buttons)  # the panel laid out in German ("Zug beenden")
    generation = theme.fonts_generation()
    app.change_settings(app.settings.changed(theme="high-contrast"))
    app.step()
    assert theme.font(14) is not body
    assert theme.fonts_generation() > generation
