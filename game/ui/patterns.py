"""Marks that do not rely on hue: a pattern, outline and number per reach band, a shape per side.

Players who do not tell red from green (or blue from yellow) read the bands by their number and
stripes, and the sides by the shape of the badge on every token (tests/test_ui_colour_vision.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

import pygame

from game.ui import theme

SIDE_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
"""The badge shape of each side, by the side's place in the level (the fifth side on: repeats with a number)."""

BAND_MARKS: dict[str, tuple[int, str]] = {
    "move": (1, "plain"),
    "double_move": (2, "stripes"),
    "dash": (2, "stripes"),
    "run": (3, "grid"),
}
"""band → (its number, its pattern): the number is drawn in each shaded square's corner."""
FALLBACK_MARK = (4, "dots")
MIN_NUMBER_CELL = 24
"""Squares smaller than this show the pattern only (a number there would hide the terrain)."""


def band_mark(band: str) -> tuple[int, str]:
    """The number and pattern of a reach band."""
    return BAND_MARKS.get(band, FALLBACK_MARK)


def side_shapes(sides: Iterable[str]) -> dict[str, str]:
    """side id → its badge shape, in the order the level lists the sides."""
    return {side: SIDE_SHAPES[i % len(SIDE_SHAPES)] for i, side in enumerate(sides)}


def band_tile(band: str, cell: int, color: theme.Color, numbered: bool = True) -> pygame.Surface:
    """One shaded square of a reach band: the translucent tint, the band's pattern in a darker shade of
    it, a solid edge, and (`numbered`, large enough squares only) its number in the bottom-right corner."""
    n, pattern = band_mark(band)
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill((*color, round(255 * theme.OVERLAY_ALPHA)))
    ink = (*theme.blend(color, (0, 0, 0), 0.6), 170)
    width = max(1, cell // 20)
    step = max(5, cell // 4)
    if pattern == "stripes":  # vertical and broad: terrain's own hatching is thin and diagonal
        for x in range(step, cell - 1, step):
            pygame.draw.line(tile, ink, (x, 0), (x, cell - 1), max(2, cell // 10))
    elif pattern == "grid":
        for v in range(step, cell - 1, step):
            pygame.draw.line(tile, ink, (v, 0), (v, cell - 1), width)
            pygame.draw.line(tile, ink, (0, v), (cell - 1, v), width)
    elif pattern == "dots":
        for y in range(step, cell - 1, step):
            for x in range(step, cell - 1, step):
                pygame.draw.circle(tile, ink, (x, y), max(1, width))
    pygame.draw.rect(tile, (*color, 235), tile.get_rect(), max(1, cell // theme.BAND_EDGE))
    if numbered and cell >= MIN_NUMBER_CELL:
        # bottom right: a round token leaves the corners free, and the top left shows the plain tint
        text = theme.font_px(theme.MIN_FONT_PX, bold=True).render(str(n), True, (255, 255, 255))
        box = text.get_rect().inflate(4, -2)
        box.bottomright = (cell - 2, cell - 2)
        pygame.draw.rect(tile, (0, 0, 0, 150), box, border_radius=3)
        tile.blit(text, text.get_rect(center=box.center))
    return tile


def cached_band_tile(band: str, cell: int, color: theme.Color, numbered: bool = True) -> pygame.Surface:
    """`band_tile`, made once per band, size, colour and palette (the panel's legend is
    repainted with every selection). Shared: callers blit it and never draw on it."""
    return _cached_tile(band, cell, color, numbered, theme.generation())


@lru_cache(maxsize=64)
def _cached_tile(band: str, cell: int, color: theme.Color, numbered: bool, palette: int) -> pygame.Surface:
    return band_tile(band, cell, color, numbered)


def numbered_square(sq: tuple[int, int]) -> bool:
    """Whether a shaded square carries its band's number: one square in four, so a band is never without
    one and the map is not covered in digits."""
    return sq[0] % 2 == 0 and sq[1] % 2 == 0


def _polygon(shape: str, centre: tuple[float, float], r: float) -> list[tuple[float, float]]:
    """The corner points of a badge shape around `centre` with outer radius `r`."""
    cx, cy = centre
    if shape == "square":
        k = r * 0.82
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        return points
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (i * math.pi / 3 for i in range(6))]


def draw_side_marker(surface: pygame.Surface, shape: str, color: theme.Color, centre: tuple[int, int], r: int) -> None:
    """A side's badge: its shape filled with the side colour inside a black and a white outline, so it
    reads on light and dark ground alike."""
    if shape == "circle":
        pygame.draw.circle(surface, (0, 0, 0), centre, r + 2)
        pygame.draw.circle(surface, (255, 255, 255), centre, r + 1)
        pygame.draw.circle(surface, color, centre, r - 1)
        return
    pygame.draw.polygon(surface, (0, 0, 0), _polygon(shape, centre, r + 3))
    pygame.draw.polygon(surface, (255, 255, 255), _polygon(shape, centre, r + 1.5))
    pygame.draw.polygon(surface, color, _polygon(shape, centre, r - 0.5))
