"""A level's battle-map picture for the board: decoded once, shrunk to what is ever drawn, scaled once per zoom.

The picture is painted into the cached terrain layer (game/ui/terrain.py), so a frame costs the same
with or without it: one blit of that layer. A picture that cannot be decoded (the loader checked its
header, not every pixel) leaves the map drawn without it and says why in `problem`.
"""

from __future__ import annotations

import math

import pygame

from game.levels.map_image import MapImage
from game.text.i18n import t
from game.ui import theme

KEEP_SIDE = 4096
"""Longest side kept of the decoded picture: more than the board ever shows of it on a kiosk screen."""


class Backdrop:
    """The picture of one level, or nothing (image None, or undecodable)."""

    def __init__(self, image: MapImage | None) -> None:
        self.image = image
        self.problem: str | None = None
        """Why the picture is not shown, if it is not."""
        self._source: pygame.Surface | None = None
        self._loaded = False
        self._scaled: tuple[int, int, tuple[tuple[int, int], tuple[int, int]], pygame.Surface] | None = None
        """(board width, cell, (size, place), picture) of the last scaling: one zoom and part kept, like the
        terrain layer."""

    def _load(self) -> pygame.Surface | None:
        """The decoded picture, shrunk to KEEP_SIDE; None (and `problem`) when it cannot be."""
        if self._loaded:
            return self._source
        self._loaded = True
        if self.image is None:
            return None
        try:
            picture = pygame.image.load(self.image.file)
        except (pygame.error, OSError, ValueError, MemoryError) as exc:
            self.problem = t("map_image.not_shown", path=self.image.path, reason=str(exc) or type(exc).__name__)
            return None
        w, h = picture.get_size()
        if max(w, h) > KEEP_SIDE:
            k = KEEP_SIDE / max(w, h)
            picture = pygame.transform.smoothscale(picture, (max(1, round(w * k)), max(1, round(h * k))))
        self._source = picture
        return picture

    def check(self) -> str | None:
        """Decode the picture now (once); why it cannot be shown, or None."""
        self._load()
        return self.problem

    def placed(
        self, board_w: int, board_h: int, cell: int, window: pygame.Rect | None = None
    ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The picture scaled for `cell` px squares and its top-left pixel on the map layer; None without one.

        Only the part over the map is scaled, and of it only the part inside `window` (map pixels: a zoomed
        map is painted around the view only): a picture spanning far more than the map (`image_size`), or a
        map far larger than the window, costs no more memory than the layer painted."""
        picture = self._load()
        if picture is None or self.image is None:
            return None
        w_sq, h_sq = self.image.size or (board_w, board_h)
        ox, oy = self.image.offset
        size = (max(1, round(w_sq * cell)), max(1, round(h_sq * cell)))
        at = (round(ox * cell), round(oy * cell))
        layer = pygame.Rect(0, 0, board_w * cell, board_h * cell)
        clip = pygame.Rect(at, size).clip(layer if window is None else layer.clip(window))
        if clip.size == size:  # all of it lies over what is painted: scaled whole, as it always was
            key, part = (size, at), None
        elif clip.width == 0 or clip.height == 0:
            return None  # none of it lies over what is painted
        else:
            key, part = (clip.size, clip.topleft), clip
        scaled = self._scaled
        if scaled is None or scaled[:2] != (board_w, cell) or scaled[2] != key:
            self._scaled = scaled = (board_w, cell, key, self._scale(picture, size, at, part))
        return scaled[3], (at if part is None else part.topleft)

    @staticmethod
    def _scale(
        picture: pygame.Surface, size: tuple[int, int], at: tuple[int, int], part: pygame.Rect | None
    ) -> pygame.Surface:
        """`picture` scaled to `size` px, or only its `part` (layer pixels) when it reaches past the map."""
        if part is None:
            return pygame.transform.smoothscale(picture, size)
        sw, sh = picture.get_size()
        kx, ky = sw / size[0], sh / size[1]
        left, top = int((part.left - at[0]) * kx), int((part.top - at[1]) * ky)
        right = min(sw, max(left + 1, math.ceil((part.right - at[0]) * kx)))
        bottom = min(sh, max(top + 1, math.ceil((part.bottom - at[1]) * ky)))
        source = picture.subsurface(pygame.Rect(left, top, right - left, bottom - top))
        return pygame.transform.smoothscale(source, part.size)


GRID_ALPHA = 90
"""How strongly the grid lines show over a picture (of 255)."""
TERRAIN_ALPHA = 120
"""How strongly terrain other than open floor shows over a picture: the rules' squares, the picture's look."""


def paint_over_picture(
    surface: pygame.Surface, picture: pygame.Surface, at: tuple[int, int], terrain: pygame.Surface, cell: int
) -> None:
    """The picture on `surface`, then the terrain marks (`terrain`, floor transparent) and a translucent grid."""
    surface.fill(theme.TERRAIN_FILL["floor"])
    surface.blit(picture, at)
    terrain.set_alpha(TERRAIN_ALPHA)
    surface.blit(terrain, (0, 0))
    grid = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    w, h = surface.get_size()
    color = (*theme.GRID, GRID_ALPHA)
    for x in range(0, w + 1, cell):
        pygame.draw.line(grid, color, (x, 0), (x, h))
    for y in range(0, h + 1, cell):
        pygame.draw.line(grid, color, (0, y), (w, y))
    surface.blit(grid, (0, 0))
