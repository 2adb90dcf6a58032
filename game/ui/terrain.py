"""The static terrain layer: every square and wall segment painted once onto a cached Surface."""

from __future__ import annotations

import pygame

from game.ui import aligned, theme
from game.ui.backdrop import Backdrop, paint_over_picture
from game.ui.door_edges import edge_points, paint_edge_door
from rules.core import Board, Square, Terrain

_PRIMARY_ORDER = ("wall", "door_closed", "pit", "door_open", "narrow", "hampering", "difficult", "dark")
"""Which kind decides a square's base colour when it holds several."""


def primary_kind(terrain: Terrain) -> str:
    """The kind that gives the square its base colour."""
    for kind in _PRIMARY_ORDER:
        if kind in terrain.kinds:
            return kind
    return "floor"


def _hatch(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, spacing: int) -> None:
    """Diagonal hatching clipped to `rect` (difficult terrain)."""
    old_clip = surface.get_clip()
    surface.set_clip(rect)
    width = max(1, rect.width // 16)
    for offset in range(-rect.height, rect.width, spacing):
        pygame.draw.line(surface, color, (rect.x + offset, rect.bottom), (rect.x + offset + rect.height, rect.y), width)
    surface.set_clip(old_clip)


def _cross(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color) -> None:
    """A bold X (a hampering obstacle in the square)."""
    inset = rect.inflate(-rect.width // 4, -rect.height // 4)
    width = max(2, rect.width // 10)
    pygame.draw.line(surface, color, inset.topleft, inset.bottomright, width)
    pygame.draw.line(surface, color, inset.topright, inset.bottomleft, width)


def _pit(surface: pygame.Surface, rect: pygame.Rect, board: Board, sq: Square) -> None:
    """A dark drop; a lighter rim only where it borders open ground, so a chasm of pits reads as one."""
    pygame.draw.rect(surface, theme.TERRAIN_FILL["pit"], rect)
    rim = max(2, rect.width // 10)
    x, y = sq
    sides = (
        ((x, y - 1), pygame.Rect(rect.x, rect.y, rect.width, rim)),
        ((x, y + 1), pygame.Rect(rect.x, rect.bottom - rim, rect.width, rim)),
        ((x - 1, y), pygame.Rect(rect.x, rect.y, rim, rect.height)),
        ((x + 1, y), pygame.Rect(rect.right - rim, rect.y, rim, rect.height)),
    )
    for neighbour, band in sides:
        if board.in_bounds(neighbour) and not board.terrain(neighbour).pit:
            pygame.draw.rect(surface, theme.PIT_RIM, band)
    # a few depth streaks so a pit never looks like a plain wall
    pygame.draw.line(
        surface,
        theme.PIT_STREAK,
        (rect.x + rect.width // 4, rect.y + rect.height // 3),
        (rect.x + rect.width // 2, rect.y + rect.height // 3),
        1,
    )
    pygame.draw.line(
        surface,
        theme.PIT_STREAK,
        (rect.x + rect.width // 2, rect.y + 2 * rect.height // 3),
        (rect.x + 3 * rect.width // 4, rect.y + 2 * rect.height // 3),
        1,
    )


def _narrow(surface: pygame.Surface, rect: pygame.Rect, board: Board, sq: Square) -> None:
    """A thin passable band between dark sides, running along the open neighbours."""
    x, y = sq
    blocked_lr = all(not board.in_bounds(n) or board.terrain(n).wall for n in ((x - 1, y), (x + 1, y)))
    pygame.draw.rect(surface, theme.TERRAIN_MARK["narrow"], rect)
    band = rect.inflate(-rect.width // 2, 0) if blocked_lr else rect.inflate(0, -rect.height // 2)
    pygame.draw.rect(surface, theme.TERRAIN_FILL["floor"], band)


def _dark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A shaded square with a dot pattern (poor visibility)."""
    step = max(4, rect.width // 5)
    for dy in range(step // 2, rect.height, step):
        for dx in range(step // 2, rect.width, step):
            surface.set_at((rect.x + dx, rect.y + dy), theme.DARK_DOTS)


def _door(surface: pygame.Surface, rect: pygame.Rect, closed: bool) -> None:
    """A closed door is a solid plank; an open one is a frame on open ground."""
    color = theme.TERRAIN_MARK["door"]
    if closed:
        inner = rect.inflate(-max(2, rect.width // 6), -max(2, rect.height // 6))
        pygame.draw.rect(surface, color, inner)
        pygame.draw.line(surface, theme.DOOR_LINE, inner.midtop, inner.midbottom, max(1, rect.width // 16))
        pygame.draw.circle(
            surface, theme.ACCENT, (inner.right - inner.width // 5, inner.centery), max(1, rect.width // 14)
        )
    else:
        pygame.draw.rect(surface, color, rect.inflate(-2, -2), max(2, rect.width // 10))


def paint_square(surface: pygame.Surface, rect: pygame.Rect, board: Board, sq: Square) -> None:
    """Paint one square's terrain into `rect`."""
    look = theme.palette()  # read once: a board paints thousands of squares (theme.X is a function call each)
    terrain = board.terrain(sq)
    kind = primary_kind(terrain)
    pygame.draw.rect(surface, look.terrain_fill[kind], rect)
    kinds = terrain.kinds
    if "pit" in kinds:
        _pit(surface, rect, board, sq)
    if "narrow" in kinds or (terrain.clearance_m is not None and "wall" not in kinds):
        _narrow(surface, rect, board, sq)
    if "difficult" in kinds:
        _hatch(surface, rect, look.terrain_mark["difficult"], max(4, rect.width // 4))
    if "hampering" in kinds:
        _cross(surface, rect, look.terrain_mark["hampering"])
    if "dark" in kinds:
        _dark(surface, rect)
    if "door_closed" in kinds or "door_open" in kinds:
        _door(surface, rect, "door_closed" in kinds)
    if "wall" in kinds:
        # a light bevel so walls read as raised blocks
        pygame.draw.line(surface, look.wall_bevel, rect.topleft, (rect.right - 1, rect.top))
        pygame.draw.line(surface, look.wall_bevel, rect.topleft, (rect.left, rect.bottom - 1))


def _dashed(
    surface: pygame.Surface, color: theme.Color, start: tuple[int, int], end: tuple[int, int], width: int
) -> None:
    """A dashed straight line (hampering wall segments)."""
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    dash = max(3, length // 5)
    for s in range(0, length, 2 * dash):
        e = min(length, s + dash)
        t0, t1 = s / length, e / length
        pygame.draw.line(
            surface,
            color,
            (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
            (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
            width,
        )


def paint_terrain(board: Board, cell: int, backdrop: Backdrop | None = None) -> pygame.Surface:
    """The whole map at `cell` pixels per square: terrain (over the level's picture, if any), grid, wall segments."""
    surface = pygame.Surface((board.width * cell, board.height * cell))
    placed = backdrop.placed(board.width, board.height, cell) if backdrop is not None else None
    if placed is not None:
        # open floor shows the picture; every other square is drawn translucent over it
        marks = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for y in range(board.height):
            for x in range(board.width):
                if board.terrain((x, y)).kinds:
                    paint_square(marks, pygame.Rect(x * cell, y * cell, cell, cell), board, (x, y))
        paint_over_picture(surface, placed[0], placed[1], marks, cell)
        # the rules' solid squares outlined in the rule-wall colour: a picture's own walls are dark too
        for y in range(board.height):
            for x in range(board.width):
                if board.terrain((x, y)).wall and "door_closed" not in board.terrain((x, y)).kinds:
                    rect = pygame.Rect(x * cell, y * cell, cell, cell).inflate(-max(2, cell // 8), -max(2, cell // 8))
                    pygame.draw.rect(surface, theme.RULE_WALL_OVER_PICTURE, rect, max(1, cell // 16))
    else:
        for y in range(board.height):
            for x in range(board.width):
                paint_square(surface, pygame.Rect(x * cell, y * cell, cell, cell), board, (x, y))
        grid = theme.blend(theme.TERRAIN_FILL["floor"], theme.GRID, theme.GRID_BLEND)
        for x in range(board.width + 1):
            pygame.draw.line(surface, grid, (x * cell, 0), (x * cell, board.height * cell), theme.GRID_WIDTH)
        for y in range(board.height + 1):
            pygame.draw.line(surface, grid, (0, y * cell), (board.width * cell, y * cell), theme.GRID_WIDTH)
    for key, kind in board.edges.items():
        if key in board.doors:
            continue  # a closed door is a blocking segment to the rules, but drawn as a door
        a, b = sorted(key)
        start, end = edge_points(a, b, cell)
        if kind == "blocking" and placed is not None:
            pygame.draw.line(surface, theme.RULE_WALL_OVER_PICTURE, start, end, max(2, cell // 10))
        elif kind == "blocking":
            pygame.draw.line(surface, theme.EDGE_BLOCKING, start, end, max(3, cell // 6))
        else:
            _dashed(surface, theme.EDGE_HAMPERING, start, end, max(3, cell // 8))
    for key, is_open in board.doors.items():
        a, b = sorted(key)
        paint_edge_door(surface, a, b, cell, is_open)
    return surface


class TerrainCache:
    """The terrain layer, repainted only when the board object or the square size changes."""

    def __init__(self, backdrop: Backdrop | None = None) -> None:
        self.backdrop = backdrop
        """The level's picture under the terrain (scaled once per zoom, painted into the layer)."""
        self._key: tuple[int, int, int] | None = None
        self._board: Board | None = None
        self.surface: pygame.Surface | None = None
        self._wanted: int | None = None
        """The phase the last draw asked for (game/ui/aligned.py); asked twice, the layer moves to it."""

    def get(self, board: Board, cell: int, phase: int | None = None) -> pygame.Surface:
        """The layer for `board` at `cell` px, painted on first use or after a change.

        `phase`: where the layer's first column lands in the target's 16-byte groups. When the last call
        asked for the same (the view is at rest, not panning), the layer's pixels are moved to start there,
        so copying it takes SDL's fast path; a pan moves the layer on the first frame that stays put.
        """
        # identity first: the world hands out the same Board until a door changes it
        # the palette's generation too: a theme change repaints the layer in the new colours
        key = (id(board), cell, theme.generation())
        if self.surface is None or self._board is not board or self._key != key:
            if self._board is not None and self._board is not board and self._board == board and self._key:
                self._board = board  # an equal copy (e.g. after undo): keep the painting
                if self._key[1:] == key[1:] and self.surface is not None:
                    self._key = key
                    return self._placed(phase)
            self.surface = self._paint(board, cell)
            self._board = board
            self._key = key
        return self._placed(phase)

    def _paint(self, board: Board, cell: int) -> pygame.Surface:
        """The layer painted afresh (in the window's pixel format once there is a window)."""
        surface = paint_terrain(board, cell, self.backdrop)
        return surface.convert() if pygame.display.get_surface() is not None else surface

    def _placed(self, phase: int | None) -> pygame.Surface:
        """The layer, moved to start at `phase` when asked for twice in a row (see `get`)."""
        surface = self.surface
        assert surface is not None
        if phase is None:
            return surface  # asked without a place (the board composed before it is drawn)
        settled, self._wanted = phase == self._wanted, phase
        if not settled or aligned.column_phase(surface, 0) == phase:
            return surface
        if surface.get_bytesize() != 4 or surface.get_flags() & pygame.SRCALPHA:
            return surface  # not a plain 32-bit layer: SDL copies it one way whatever its place
        self.surface = aligned.placed(surface, phase)
        return self.surface
