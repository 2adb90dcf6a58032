"""A pygame font whose text sizes, metrics and rendered lines come from the raster cache when it has them.

The game's fonts are made by game.ui.theme; each is a `CachedFont`. Its `size`, `render` and
metrics read game/ui/raster_cache.py first and make the real pygame font only for what is not
there (the first start, a new text), so a start that draws what the last one drew loads no glyph.
Anything else asked of it (a setter, another method) goes to the real font, and from then on the
cache is left alone for that font: its look may have changed.
"""

from __future__ import annotations

import os
import weakref
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from game.ui import raster_cache

SIZES_KEPT = 2048
"""Text sizes a font remembers in one run (see `CachedFont._sizes`)."""

_opened: weakref.WeakSet[CachedFont] = weakref.WeakSet()
"""The fonts that have made their pygame font: each holds ~100-200 kB of FreeType, HarfBuzz and glyph memory."""


_whole_text: tuple[str, ...] = ()
"""Lines every pygame font draws once when it is made (`draw_whole`); empty: none."""


def draw_whole(lines: tuple[str, ...]) -> None:
    """From now on every pygame font draws `lines` once when it is made, so that its native memory is whole at once."""
    # A pygame font's FreeType glyphs, HarfBuzz tables and shaping plans are loaded as it first meets each letter
    # and script: about 140 kB after its first line, 220-280 kB once it has drawn every language's letters. A kiosk
    # keeps 32 fonts and a visitor brings new letters to them for the first 30-45 minutes, which its memory showed
    # as a climb (docs/kiosk.md, "The fonts drawn whole"); drawn whole at once, the fonts' memory levels off with
    # the number of fonts, within the first minutes.
    global _whole_text
    _whole_text = tuple(lines)


_made = 0
"""Pygame fonts made in this process (`pygame_fonts_made`)."""


def pygame_fonts_made() -> int:
    """How many pygame fonts this process has made (the kiosk's log shows how often its font set changes)."""
    return _made


def pygame_fonts_alive() -> int:
    """How many pygame fonts are alive now (the kiosk's soak checks it stays within the font cache's bound)."""
    return len(_opened)


@cache
def _file_id(path: Path | None) -> tuple[Any, ...]:
    """The font file as a cache key: its path, size and date (an updated font is another font)."""
    if path is None:
        return ("default",)
    try:
        stat = os.stat(path)
    except OSError:
        return (str(path), None)
    return (str(path), stat.st_size, stat.st_mtime_ns)


class CachedFont:
    """pygame.font.Font of `path` (None: pygame's own, at `pixels` / `scale_default`) at `pixels`, maybe bold."""

    def __init__(self, path: Path | None, pixels: int, bold: bool, default_pixels: int) -> None:
        self._path, self._pixels, self._bold, self._default_pixels = path, pixels, bold, default_pixels
        self._real: pygame.font.Font | None = None
        self._plain = True
        """Only sizes, metrics and plain renders were asked: the cache's answers are the font's."""
        self._kept_metrics: tuple[int, int, int, int] | None = None
        """The metrics once known, while the font is plain (a card's line height is asked for every line)."""
        self._sizes: dict[str, tuple[int, int]] = {}
        """Text sizes measured in this run, while the font is plain: the raster cache keeps only the start's, and
        a unit card measures its lines (wrap, fit_line) every time it is painted."""

    @property
    def real(self) -> pygame.font.Font:
        """The pygame font itself, made at the first need."""
        if self._real is None:
            path = self._path
            self._real = pygame.font.Font(path, self._pixels) if path else pygame.font.Font(None, self._default_pixels)
            self._real.set_bold(self._bold)
            for line in _whole_text:
                self._real.render(line, True, (255, 255, 255))
            _opened.add(self)
            global _made
            _made += 1
        return self._real

    def make(self) -> pygame.font.Font:
        """The pygame font made now rather than at its first need (a kiosk makes its font set at its start)."""
        return self.real

    def _key(self, *rest: Any) -> tuple[Any, ...] | None:
        if not self._plain:
            return None
        return ("font", *_file_id(self._path), self._pixels, self._default_pixels, self._bold, *rest)

    def size(self, text: str) -> tuple[int, int]:
        """Width and height of `text` drawn in this font (Font.size)."""
        known = self._sizes.get(text) if self._plain and type(text) is str else None
        if known is not None:
            return known
        key = self._key("size", text) if type(text) is str else None
        if key is None:
            return self.real.size(text)
        value = raster_cache.lookup(key)
        if value is None:
            value = tuple(self.real.size(text))
            raster_cache.keep(key, value)
        if len(self._sizes) >= SIZES_KEPT:
            self._sizes.clear()  # a long session's log lines: start over rather than grow
        self._sizes[text] = value
        return value  # type: ignore[no-any-return]

    def render(self, text: str, antialias: bool, color: Any, bgcolor: Any = None, wraplength: int = 0) -> Any:
        """`text` drawn in `color` (Font.render); antialiased plain lines come from the cache when kept."""
        plain = type(text) is str and bgcolor is None and wraplength == 0 and antialias is True
        key = self._key("render", text, tuple(color)) if plain and type(color) is tuple else None
        if key is None:
            return self.real.render(text, antialias, color, bgcolor, wraplength)
        picture = raster_cache.picture(key)
        if picture is None:
            picture = self.real.render(text, antialias, color)
            raster_cache.keep_picture(key, picture)
        return picture

    def _metrics(self) -> tuple[int, int, int, int]:
        if self._plain and self._kept_metrics is not None:
            return self._kept_metrics
        key = self._key("metrics")
        value = raster_cache.lookup(key) if key is not None else None
        if value is None:
            real = self.real
            value = (real.get_ascent(), real.get_descent(), real.get_height(), real.get_linesize())
            if key is not None:
                raster_cache.keep(key, value)
        if self._plain:
            self._kept_metrics = value
        return value  # type: ignore[no-any-return]

    def get_ascent(self) -> int:
        """Font.get_ascent."""
        return self._metrics()[0]

    def get_descent(self) -> int:
        """Font.get_descent."""
        return self._metrics()[1]

    def get_height(self) -> int:
        """Font.get_height."""
        return self._metrics()[2]

    def get_linesize(self) -> int:
        """Font.get_linesize."""
        return self._metrics()[3]

    def __getattr__(self, name: str) -> Any:
        # anything else (a setter, metrics per glyph): the real font answers, and the cache is left alone after
        if name.startswith("_") or name == "real":
            raise AttributeError(name)
        self._plain = False
        return getattr(self.real, name)
