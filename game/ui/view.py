"""The board camera: which part of the map shows where, at what square size (pan, zoom, hit-testing)."""

from __future__ import annotations

import pygame

from game.ui import theme
from rules.core import Square


class BoardView:
    """Maps squares to screen pixels inside `rect`; the map may be larger than the rect (pan/zoom)."""

    def __init__(self, rect: pygame.Rect, board_w: int, board_h: int) -> None:
        self.rect = pygame.Rect(rect)
        self.board_w = board_w
        self.board_h = board_h
        self.cell = theme.MIN_CELL
        self.origin = (0, 0)
        """Screen position of square (0, 0)'s top-left corner."""
        self.fit()

    @property
    def max_cell(self) -> int:
        """Largest square size: the cached layers of a big map must stay a sane size in memory."""
        return max(theme.MIN_CELL, min(theme.MAX_CELL, 8192 // max(1, self.board_w, self.board_h)))

    def fit(self) -> None:
        """Largest square size that shows the whole map (not below MIN_CELL), centred."""
        margin = 16
        avail_w = max(1, self.rect.width - 2 * margin)
        avail_h = max(1, self.rect.height - 2 * margin)
        cell = min(avail_w // max(1, self.board_w), avail_h // max(1, self.board_h))
        self.cell = max(theme.MIN_CELL, min(self.max_cell, cell))
        self._centre()

    def _centre(self) -> None:
        w, h = self.board_w * self.cell, self.board_h * self.cell
        self.origin = (self.rect.x + (self.rect.width - w) // 2, self.rect.y + (self.rect.height - h) // 2)
        self._clamp()

    def relayout(self, rect: pygame.Rect) -> None:
        """A new screen area (window resized): fit again."""
        self.rect = pygame.Rect(rect)
        self.fit()

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height of the whole map in pixels at the current zoom."""
        return (self.board_w * self.cell, self.board_h * self.cell)

    def _clamp(self) -> None:
        """Keep the map from being panned entirely out of view; small maps stay centred."""
        w, h = self.pixel_size
        ox, oy = self.origin
        if w <= self.rect.width:
            ox = self.rect.x + (self.rect.width - w) // 2
        else:
            ox = min(self.rect.x, max(self.rect.right - w, ox))
        if h <= self.rect.height:
            oy = self.rect.y + (self.rect.height - h) // 2
        else:
            oy = min(self.rect.y, max(self.rect.bottom - h, oy))
        self.origin = (ox, oy)

    def pan(self, dx: int, dy: int) -> None:
        """Move the map by (dx, dy) pixels."""
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self._clamp()

    def zoom(self, steps: int, around: tuple[int, int] | None = None) -> None:
        """Zoom in (steps > 0) or out, keeping the map point under `around` fixed."""
        old = self.cell
        new = old
        for _ in range(abs(steps)):
            new = round(new * 1.2) if steps > 0 else round(new / 1.2)
        new = max(theme.MIN_CELL, min(self.max_cell, new))
        if new == old:
            return
        ax, ay = around if around is not None else self.rect.center
        # the map point under the cursor stays put, so zooming feels anchored
        fx, fy = (ax - self.origin[0]) / old, (ay - self.origin[1]) / old
        self.cell = new
        self.origin = (round(ax - fx * new), round(ay - fy * new))
        self._clamp()

    def reveal(self, sq: Square, margin: int = 1) -> None:
        """Pan just enough that square `sq` (and `margin` squares around it) is in view."""
        rect = self.square_rect((sq[0] - margin, sq[1] - margin), (2 * margin + 1, 2 * margin + 1))
        dx = max(0, self.rect.left - rect.left) - max(0, rect.right - self.rect.right)
        dy = max(0, self.rect.top - rect.top) - max(0, rect.bottom - self.rect.bottom)
        if dx or dy:
            self.pan(dx, dy)

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The map square under screen point `pos`, or None off the map or outside the view."""
        if not self.rect.collidepoint(pos):
            return None
        x = (pos[0] - self.origin[0]) // self.cell
        y = (pos[1] - self.origin[1]) // self.cell
        if 0 <= x < self.board_w and 0 <= y < self.board_h:
            return (int(x), int(y))
        return None

    def square_rect(self, sq: Square, dims: tuple[int, int] = (1, 1)) -> pygame.Rect:
        """Screen rectangle of a w×h block of squares whose top-left is `sq`."""
        return pygame.Rect(
            self.origin[0] + sq[0] * self.cell,
            self.origin[1] + sq[1] * self.cell,
            dims[0] * self.cell,
            dims[1] * self.cell,
        )

    def square_center(self, sq: Square) -> tuple[int, int]:
        """Screen centre of square `sq`."""
        return (
            self.origin[0] + sq[0] * self.cell + self.cell // 2,
            self.origin[1] + sq[1] * self.cell + self.cell // 2,
        )
