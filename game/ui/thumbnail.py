"""A level's map in miniature for the level menu: the terrain painted as the battle paints it, each unit a
dot in its side's colour. Rendered from the level once per file version and size, then kept."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.levels.level import Level
from game.ui import theme
from game.ui.terrain import paint_terrain

_CACHE: dict[tuple[str, int, tuple[int, int]], pygame.Surface] = {}
"""(file, its mtime, box size) → the thumbnail: a changed file is drawn again, an unchanged one never."""
THUMBNAILS_KEPT = 64
"""Thumbnails kept, the oldest dropped first: every save under `--watch` and every window size makes new ones."""


def cell_for(level: Level, box: tuple[int, int]) -> int:
    """The largest square size (at least 2 px) at which the whole board fits `box`."""
    board = level.board
    return max(2, min(box[0] // board.width, box[1] // board.height))


def render_thumbnail(level: Level, box: tuple[int, int]) -> pygame.Surface:
    """The board at the cell size that fits `box`, with a dot per unit in its side colour."""
    cell = cell_for(level, box)
    surface = paint_terrain(level.board, cell).copy()
    colors = {
        s.id: theme.parse_color(s.color, theme.DEFAULT_SIDE_COLORS[i % len(theme.DEFAULT_SIDE_COLORS)])
        for i, s in enumerate(level.sides)
    }
    for unit in level.units:
        squares = list(unit.footprint())
        xs = [x for x, _ in squares]
        ys = [y for _, y in squares]
        rect = pygame.Rect(
            min(xs) * cell, min(ys) * cell, (max(xs) - min(xs) + 1) * cell, (max(ys) - min(ys) + 1) * cell
        )
        radius = max(1, min(rect.w, rect.h) * 2 // 5)
        pygame.draw.circle(surface, colors.get(unit.side, theme.TEXT), rect.center, radius)
        if radius >= 3:
            pygame.draw.circle(surface, (20, 20, 20), rect.center, radius, 1)
    return surface


def thumbnail(level: Level, box: tuple[int, int]) -> pygame.Surface:
    """The level's thumbnail fitting `box`, drawn once per level file version and box size."""
    path = Path(level.source)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1  # a level that is not a file (built in a test) is drawn each time it is asked for
    key = (str(path.resolve()) if stamp >= 0 else level.source, stamp, box)
    found = _CACHE.get(key) if stamp >= 0 else None
    if found is None:
        while len(_CACHE) >= THUMBNAILS_KEPT:
            _CACHE.pop(next(iter(_CACHE)))
        found = _CACHE[key] = render_thumbnail(level, box)
    return found


def cached() -> int:
    """How many thumbnails are kept (for tests)."""
    return len(_CACHE)
