"""Colours, sizes and fonts of the game window, in one place so every widget agrees."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from pathlib import Path

import pygame

# python-bidi 0.6's top-level get_display (the Rust one) does not mirror brackets; the algorithm module does
from bidi.algorithm import get_display

from game.i18n import current_language, is_rtl
from game.local_text import local

Color = tuple[int, int, int]

BACKGROUND: Color = (24, 26, 31)
BOARD_BACKGROUND: Color = (16, 17, 21)
PANEL: Color = (34, 37, 44)
PANEL_EDGE: Color = (58, 62, 72)
TEXT: Color = (228, 230, 235)
MUTED: Color = (150, 155, 165)
DISABLED: Color = (95, 99, 108)
ACCENT: Color = (240, 200, 90)
WARNING: Color = (230, 60, 50)
GRID: Color = (0, 0, 0)
SELECTED: Color = (255, 255, 255)
HANDOVER_BACKGROUND: Color = (12, 14, 20)
EMBLEM_PLATE: Color = (236, 230, 214)
"""The light disc under a creature's emblem: dark pictures stay readable on dark side colours."""

TERRAIN_FILL: dict[str, Color] = {
    "floor": (196, 186, 160),
    "wall": (58, 54, 52),
    "difficult": (160, 170, 110),
    "hampering": (176, 150, 112),
    "pit": (20, 16, 14),
    "narrow": (150, 140, 120),
    "dark": (92, 92, 120),
    "door_closed": (122, 74, 38),
    "door_open": (196, 186, 160),
}
"""Base fill per terrain kind; the painter adds hatching, crosses and bands on top."""

TERRAIN_MARK: dict[str, Color] = {
    "difficult": (96, 112, 52),
    "hampering": (112, 70, 32),
    "narrow": (84, 76, 62),
    "door": (150, 96, 50),
}

EDGE_HAMPERING: Color = (130, 82, 36)
EDGE_BLOCKING: Color = (28, 26, 26)
RULE_WALL_OVER_PICTURE: Color = (255, 208, 80)
"""Blocking edges and the outline of solid squares over a battle-map picture, whose painted walls are dark."""

BAND_COLORS: dict[str, Color] = {
    # light blue, yellow, dark orange: the bands also differ in lightness, which every eye sees
    "move": (100, 175, 245),
    "double_move": (235, 200, 60),
    "run": (205, 85, 40),
    "dash": (235, 200, 60),
    "engage": (225, 60, 60),
}
"""Reach shading per band; bands not listed fall back to FALLBACK_BAND."""
FALLBACK_BAND: Color = (170, 110, 220)
OVERLAY_ALPHA = 0.42
"""How strongly reach shading tints the terrain: readable terrain under a clear band colour."""

PANEL_WIDTH = 340
"""Side panel width in pixels; the board gets the rest of the window."""
MIN_CELL = 12
MAX_CELL = 128


def band_color(band: str) -> Color:
    """The shading colour of a reach band."""
    return BAND_COLORS.get(band, FALLBACK_BAND)


def blend(a: Color, b: Color, t: float) -> Color:
    """Colour `a` moved a fraction `t` towards `b` (opaque tinting is cheaper than alpha blits)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def readable_on(color: Color) -> Color:
    """Black or white, whichever reads better on `color`."""
    luminance = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]
    return (20, 20, 20) if luminance > 150 else (245, 245, 245)


FONT_SCALE = 0.7
"""Heebo draws bigger than pygame's default font at the same pixel size; callers keep the sizes they know."""
RTL_TEXT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
"""Characters of right-to-left scripts (Hebrew, Arabic): a line with one of them needs the bidi pass."""


@cache
def font_path() -> Path | None:
    """The Heebo font file of the fontpkg-heebo package (Hebrew and Latin with accents), or None if missing."""
    try:
        import fontpkg_heebo
    except ImportError:  # pragma: no cover - a declared dependency; pygame's font still draws Latin
        return None
    files = sorted(Path(fontpkg_heebo.ROOT).glob("**/*.ttf"))
    return files[0] if files else None


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Heebo at `size` (in the default font's px scale), cached: creating fonts is slow."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path()
    f = pygame.font.Font(path, max(6, round(size * FONT_SCALE))) if path else pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


MISSING_GLYPHS = str.maketrans({"→": "->", "←": "<-", "↑": "^", "↓": "v", "≤": "<=", "≥": ">=", "✗": "×"})
"""Characters Heebo has no glyph for (they would draw as boxes), spelled with ones it has."""


def visual(value: str, rtl: bool | None = None) -> str:
    """`value` in display order: the Unicode bidi algorithm per line (Hebrew runs reversed, numbers kept)."""
    value = value.translate(MISSING_GLYPHS)
    if not RTL_TEXT.search(value):
        return value  # nothing to reorder: a pure left-to-right line stays as it is
    rtl = is_rtl() if rtl is None else rtl
    # in a Hebrew screen a line reads right to left even when it starts with a Latin name
    return "\n".join(get_display(line, base_dir="R" if rtl else None) for line in value.split("\n"))


def render(value: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """One line of text drawn with Heebo in display order (the one path every label goes through)."""
    return font(size, bold).render(visual(local(value, current_language())), True, color)


def label(value: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: per-frame labels (cursor tips, markers) repeat from frame to frame."""
    # a level's text in the chosen language before the cache: its key must be the words drawn
    return _label(str(local(value, current_language())), size, color, bold, is_rtl())


@lru_cache(maxsize=256)
def _label(value: str, size: int, color: Color, bold: bool, rtl: bool) -> pygame.Surface:
    return font(size, bold).render(visual(value, rtl), True, color)


MIN_FONT_PX = 12
"""The smallest text the window draws outside the board's zoom (tests/test_ui_scale.py)."""


@lru_cache(maxsize=64)
def font_px(px: int, bold: bool = False) -> pygame.font.Font:
    """Heebo at exactly `px` pixels (text that scales with the board's zoom, not the UI scale), cached."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path()
    f = pygame.font.Font(path, max(6, px)) if path else pygame.font.Font(None, round(max(6, px) / FONT_SCALE))
    f.set_bold(bold)
    return f


def reset_fonts() -> None:
    """Forget cached fonts and labels (they die with pygame.quit; a new window needs new ones)."""
    font.cache_clear()
    font_px.cache_clear()
    _label.cache_clear()


def parse_color(value: object, default: Color = (200, 200, 200)) -> Color:
    """A side colour given as (r, g, b) or "#rrggbb"; `default` if it is neither."""
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            return default
    if isinstance(value, (tuple, list)) and len(value) >= 3:
        return (int(value[0]), int(value[1]), int(value[2]))
    return default


DEFAULT_SIDE_COLORS: tuple[Color, ...] = ((176, 58, 46), (46, 110, 176), (60, 150, 80), (150, 80, 170))
