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


def paint_terrain(
    board: Board, cell: int, backdrop: Backdrop | None = None, area: pygame.Rect | None = None
) -> pygame.Surface:
    """The map at `cell` pixels per square: terrain (over the level's picture, if any), grid, wall segments.

    `area`: the squares to paint (a zoomed map painted around the view only); None = the whole board. A part
    painted alone has the same pixels as that part of the whole painting.
    """
    whole = pygame.Rect(0, 0, board.width, board.height)
    area = whole if area is None else area.clip(whole)
    shift = (area.x * cell, area.y * cell)
    surface = pygame.Surface((area.width * cell, area.height * cell))
    squares = [(x, y) for y in range(area.top, area.bottom) for x in range(area.left, area.right)]

    def rect(sq: Square) -> pygame.Rect:
        return pygame.Rect(sq[0] * cell - shift[0], sq[1] * cell - shift[1], cell, cell)

    window = pygame.Rect(shift, surface.get_size())
    placed = backdrop.placed(board.width, board.height, cell, window) if backdrop is not None else None
    if placed is not None:
        # open floor shows the picture; every other square is drawn translucent over it
        marks = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for sq in squares:
            if board.terrain(sq).kinds:
                paint_square(marks, rect(sq), board, sq)
        picture, at = placed
        paint_over_picture(surface, picture, (at[0] - shift[0], at[1] - shift[1]), marks, cell)
        # the rules' solid squares outlined in the rule-wall colour: a picture's own walls are dark too
        for sq in squares:
            if board.terrain(sq).wall and "door_closed" not in board.terrain(sq).kinds:
                outline = rect(sq).inflate(-max(2, cell // 8), -max(2, cell // 8))
                pygame.draw.rect(surface, theme.RULE_WALL_OVER_PICTURE, outline, max(1, cell // 16))
    else:
        for sq in squares:
            paint_square(surface, rect(sq), board, sq)
        grid = theme.blend(theme.TERRAIN_FILL["floor"], theme.GRID, theme.GRID_BLEND)
        w, h = surface.get_size()
        for x in range(area.width + 1):
            pygame.draw.line(surface, grid, (x * cell, 0), (x * cell, h), theme.GRID_WIDTH)
        for y in range(area.height + 1):
            pygame.draw.line(surface, grid, (0, y * cell), (w, y * cell), theme.GRID_WIDTH)
    # every segment drawn, shifted: one just outside the area still reaches into it by half its width
    for key, kind in board.edges.items():
        if key in board.doors:
            continue  # a closed door is a blocking segment to the rules, but drawn as a door
        a, b = sorted(key)
        start, end = edge_points(a, b, cell, shift)
        if kind == "blocking" and placed is not None:
            pygame.draw.line(surface, theme.RULE_WALL_OVER_PICTURE, start, end, max(2, cell // 10))
        elif kind == "blocking":
            pygame.draw.line(surface, theme.EDGE_BLOCKING, start, end, max(3, cell // 6))
        else:
            _dashed(surface, theme.EDGE_HAMPERING, start, end, max(3, cell // 8))
    for key, is_open in board.doors.items():
        a, b = sorted(key)
        paint_edge_door(surface, a, b, cell, is_open, shift)
    return surface


LAYER_VIEWS = 2.25
"""A map whose layer would be larger than this many views is painted only around the view: a quarter view's
margin on each side, so the layer holds at most about this many views' pixels at any zoom (a big map zoomed in
would otherwise be a picture of tens of megabytes) and a pan repaints it once per quarter view."""


class TerrainCache:
    """The terrain layer, repainted only when the board object or the square size changes, or when the view
    leaves the part of a big zoomed map that is painted."""

    def __init__(self, backdrop: Backdrop | None = None) -> None:
        self.backdrop = backdrop
        """The level's picture under the terrain (scaled once per zoom, painted into the layer)."""
        self._key: tuple[int, int, int] | None = None
        self._board: Board | None = None
        self.surface: pygame.Surface | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        """The squares the layer holds: the whole board, or the part around the view."""
        self._wanted: int | None = None
        """The phase the last draw asked for (game/ui/aligned.py); asked twice, the layer moves to it."""

    @property
    def offset(self) -> tuple[int, int]:
        """Where the layer's top-left pixel lies on the whole map, in map pixels."""
        cell = self._key[1] if self._key is not None else 0
        return (self.area.x * cell, self.area.y * cell)

    def get(self, board: Board, cell: int, phase: int | None = None, view: pygame.Rect | None = None) -> pygame.Surface:
        """The layer for `board` at `cell` px, painted on first use or after a change (see `paint`, `placed`)."""
        self.paint(board, cell, view)
        return self.placed(phase)

    def paint(self, board: Board, cell: int, view: pygame.Rect | None = None) -> pygame.Surface:
        """The layer for `board` at `cell` px covering `view` (map pixels; None = the whole map), painted if needed."""
        # identity first: the world hands out the same Board until a door changes it
        # the palette's generation too: a theme change repaints the layer in the new colours
        key = (id(board), cell, theme.generation())
        kept = self._key is not None and self._key[1:] == key[1:]
        if kept and self.surface is not None and self._board is not board and self._board == board:
            self._board, self._key = board, key  # an equal copy (e.g. after undo): keep the painting
        area = self._area(board, cell, view)
        if self.surface is None or self._board is not board or self._key != key or area != self.area:
            self._board, self._key, self.area = board, key, area
            self.surface = None  # the old layer let go before the new one is made
            self.surface = self._paint(board, cell, area)
        return self.surface

    def _area(self, board: Board, cell: int, view: pygame.Rect | None) -> pygame.Rect:
        """The squares to hold: the whole board when its layer is small, else the painted part while it covers
        the view, else the view's squares with a quarter view's margin on each side."""
        whole = pygame.Rect(0, 0, board.width, board.height)
        if view is None or board.width * board.height * cell * cell <= LAYER_VIEWS * max(1, view.w * view.h):
            return whole
        seen = pygame.Rect(
            view.x // cell,
            view.y // cell,
            -(-view.right // cell) - view.x // cell,
            -(-view.bottom // cell) - view.y // cell,
        ).clip(whole)
        if self.surface is not None and self._key is not None and self._key[1] == cell and self.area.contains(seen):
            return self.area
        margin = (-(-view.w // (4 * cell)), -(-view.h // (4 * cell)))
        return seen.inflate(2 * margin[0], 2 * margin[1]).clip(whole) if seen.w and seen.h else whole.clip(0, 0, 1, 1)

    def _paint(self, board: Board, cell: int, area: pygame.Rect) -> pygame.Surface:
        """The layer painted afresh (in the window's pixel format once there is a window)."""
        surface = paint_terrain(board, cell, self.backdrop, area)
        return surface.convert() if pygame.display.get_surface() is not None else surface

    def placed(self, phase: int | None) -> pygame.Surface:
        """The layer, its pixels moved to start at `phase` when asked for twice in a row.

        `phase`: where the layer's first column lands in the target's 16-byte groups. When the last call
        asked for the same (the view is at rest, not panning), the layer's pixels are moved to start there,
        so copying it takes SDL's fast path; a pan moves the layer on the first frame that stays put.
        """
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
