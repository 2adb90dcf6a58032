"""Colours, sizes and fonts of the game window, in one place so every widget agrees."""

from __future__ import annotations

from functools import lru_cache

import pygame

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

BAND_COLORS: dict[str, Color] = {
    "move": (70, 150, 230),
    "double_move": (235, 200, 60),
    "run": (235, 120, 50),
    "dash": (235, 200, 60),
    "engage": (225, 60, 60),
}
"""Reach shading per band; bands not listed fall back to FALLBACK_BAND."""
FALLBACK_BAND: Color = (170, 110, 220)
OVERLAY_ALPHA = 0.42
"""How strongly reach shading tints the terrain: readable terrain under a clear band colour."""

BAND_LABELS: dict[str, str] = {
    "move": "move",
    "double_move": "double move",
    "run": "run",
    "dash": "dash",
    "engage": "can engage",
}

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


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at `size` px (cached: creating fonts is slow)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, size)
    f.set_bold(bold)
    return f


@lru_cache(maxsize=256)
def label(value: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: per-frame labels (cursor tips, markers) repeat from frame to frame."""
    return font(size, bold).render(value, True, color)


def reset_fonts() -> None:
    """Forget cached fonts and labels (they die with pygame.quit; a new window needs new ones)."""
    font.cache_clear()
    label.cache_clear()


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
