"""Fight maps drawn with pygame as PNG bytes: a cell's counts as heat over the level's map, and the squares
where two variants differ significantly (game/lab/fight_map.py) in two colours.

The map under the heat is the level's picture (imported maps) or its terrain in muted tones, so the
heat stays the loudest thing on the page. Numbers 1, 2, … mark the hottest squares, in the order the
report lists them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # `sweep --json --html`: stdout stays pure JSON
import pygame

from game.lab.fight_map import square_of
from game.levels.level import Level

KIND_COLOURS: dict[str, tuple[int, int, int]] = {
    "fell": (200, 30, 30),
    "hit": (230, 120, 0),
    "stood": (40, 90, 200),
    "aoo": (140, 40, 170),
}
MORE, FEWER = (200, 30, 30), (30, 90, 210)
"""Difference maps: the variant has more here (red) or fewer (blue)."""
_FILL = {
    "wall": (70, 70, 74),
    "door_closed": (110, 80, 50),
    "pit": (30, 30, 34),
    "door_open": (200, 180, 150),
    "difficult": (205, 195, 160),
    "hampering": (205, 195, 160),
    "narrow": (190, 190, 180),
    "dark": (160, 160, 165),
    "floor": (232, 230, 222),
}
_ORDER = ("wall", "door_closed", "pit", "door_open", "narrow", "hampering", "difficult", "dark")
MAX_SIDE = 720
"""The longest side of a map in pixels: a square is at most 28 and at least 6 pixels."""


def cell_size(level: Level) -> int:
    """Pixels per square for this board."""
    return max(6, min(28, MAX_SIDE // max(level.board.width, level.board.height)))


def _picture(level: Level, cell: int) -> tuple[pygame.Surface, tuple[int, int]] | None:
    """The level's battle-map picture scaled to where it lies, or None (no picture, or one that cannot be read)."""
    image = level.image
    if image is None or not image.file:
        return None
    try:
        picture = pygame.image.load(image.file)
    except (pygame.error, OSError, FileNotFoundError):
        return None  # the map is still drawn, from the terrain
    w, h = image.size or (level.board.width, level.board.height)
    scaled = pygame.transform.smoothscale(picture, (max(1, round(w * cell)), max(1, round(h * cell))))
    return scaled, (round(image.offset[0] * cell), round(image.offset[1] * cell))


def board_surface(level: Level, cell: int) -> pygame.Surface:
    """The level's map: its picture when it has one (terrain marks faint over it), else its terrain; a grid."""
    board = level.board
    surface = pygame.Surface((board.width * cell, board.height * cell))
    surface.fill(_FILL["floor"])
    picture = _picture(level, cell)
    if picture is not None:
        surface.blit(*picture)
    marks = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for y in range(board.height):
        for x in range(board.width):
            kinds = board.terrain((x, y)).kinds
            kind = next((k for k in _ORDER if k in kinds), "floor")
            if picture is None or kind != "floor":
                marks.fill(
                    (*_FILL[kind], 110 if picture is not None else 255), pygame.Rect(x * cell, y * cell, cell, cell)
                )
    surface.blit(marks, (0, 0))
    for x in range(board.width + 1):
        pygame.draw.line(surface, (185, 185, 180), (x * cell, 0), (x * cell, board.height * cell))
    for y in range(board.height + 1):
        pygame.draw.line(surface, (185, 185, 180), (0, y * cell), (board.width * cell, y * cell))
    return surface


def _png(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "map.png")
    return buffer.getvalue()


def _label(surface: pygame.Surface, where: str, number: int, cell: int) -> None:
    """A small number on a square, so the report's list can name it."""
    if cell < 12:
        return
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(None, max(12, cell - 6))
    x, y = square_of(where)
    text = font.render(str(number), True, (255, 255, 255))
    box = text.get_rect(center=(x * cell + cell // 2, y * cell + cell // 2))
    pygame.draw.rect(surface, (0, 0, 0), box.inflate(4, 0))
    surface.blit(text, box)


def heat_overlay(
    level: Level, counts: Mapping[str, int], colour: tuple[int, int, int], cell: int, marked: Sequence[str] = ()
) -> pygame.Surface:
    """Translucent squares, the more opaque the higher the count (relative to the map's highest); `marked` numbered."""
    board = level.board
    layer = pygame.Surface((board.width * cell, board.height * cell), pygame.SRCALPHA)
    top = max(counts.values(), default=0)
    for where, count in counts.items():
        x, y = square_of(where)
        if count > 0 and top and board.in_bounds((x, y)):
            alpha = round(50 + 190 * count / top)
            layer.fill((*colour, alpha), pygame.Rect(x * cell, y * cell, cell, cell))
    for number, where in enumerate(marked, 1):
        _label(layer, where, number, cell)
    return layer


def counts_png(level: Level, counts: Mapping[str, int], kind: str, marked: Sequence[str] = ()) -> bytes:
    """One kind's counts of one cell over the level's map, as PNG bytes."""
    cell = cell_size(level)
    surface = board_surface(level, cell)
    surface.blit(heat_overlay(level, counts, KIND_COLOURS.get(kind, (200, 30, 30)), cell, marked), (0, 0))
    return _png(surface)


def difference_png(level: Level, squares: Mapping[str, Mapping[str, Any]]) -> bytes:
    """Only the squares whose difference is significant: red where the variant has more, blue where fewer."""
    cell = cell_size(level)
    surface = board_surface(level, cell)
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shown = {k: s for k, s in squares.items() if s.get("significant")}
    top = max((abs(s["difference"]) for s in shown.values()), default=0.0)
    for where, stat in shown.items():
        x, y = square_of(where)
        if not level.board.in_bounds((x, y)) or not top:
            continue
        colour = MORE if stat["difference"] > 0 else FEWER
        layer.fill(
            (*colour, round(80 + 160 * abs(stat["difference"]) / top)), pygame.Rect(x * cell, y * cell, cell, cell)
        )
    surface.blit(layer, (0, 0))
    return _png(surface)
