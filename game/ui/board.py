"""The board picture: cached terrain + reach shading + tokens composed once per change, path preview per frame."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.forecast import Forecast, Preview
from game.ui.terrain import TerrainCache
from game.ui.tokens import draw_token
from game.ui.view import BoardView
from rules.core import Illegal, Situation, Square


@dataclass(frozen=True, slots=True)
class BoardKey:
    """What the composed board shows; any change of these repaints the composite."""

    version: int
    """Bumped by the battle screen on every performed action or undo."""
    selected: str | None
    forecast_id: int
    targets: frozenset[str]
    cell: int


class BoardRenderer:
    """Draws the board view; the expensive parts are cached until the state or selection changes."""

    def __init__(self) -> None:
        self.terrain = TerrainCache()
        self._composite: pygame.Surface | None = None
        self._key: BoardKey | None = None
        self._board_id = 0
        self.composes = 0
        self._tints: dict[tuple[theme.Color, int], pygame.Surface] = {}

    def _tint(self, color: theme.Color, cell: int) -> pygame.Surface:
        """A translucent square of `color` (made once per colour and size)."""
        key = (color, cell)
        if key not in self._tints:
            tint = pygame.Surface((cell, cell), pygame.SRCALPHA)
            tint.fill((*color, round(255 * theme.OVERLAY_ALPHA)))
            pygame.draw.rect(tint, (*color, 230), tint.get_rect(), 1)
            self._tints[key] = tint
        return self._tints[key]

    def compose(
        self,
        key: BoardKey,
        sit: Situation,
        colors: dict[str, theme.Color],
        forecast: Forecast | None,
        actors: frozenset[str],
    ) -> pygame.Surface:
        """Terrain, reach shading and tokens on one opaque surface (repainted only when `key` changes)."""
        terrain = self.terrain.get(sit.board, key.cell)
        if self._composite is not None and self._key == key and self._board_id == id(sit.board):
            return self._composite
        cell = key.cell
        out = terrain.copy()
        if forecast is not None:
            for sq, entry in forecast.reach.items():
                out.blit(self._tint(theme.band_color(entry.band), cell), (sq[0] * cell, sq[1] * cell))
        for uid, c in sit.creatures.items():
            rect = pygame.Rect(c.at[0] * cell, c.at[1] * cell, c.dims[0] * cell, c.dims[1] * cell)
            draw_token(
                out, c, rect, colors.get(c.side, (200, 200, 200)), selected=uid == key.selected, can_act=uid in actors
            )
        rings = set(key.targets) | (set(forecast.engage) if forecast else set())
        for uid in rings:
            c = sit.creatures.get(uid)
            if c is None:
                continue
            rect = pygame.Rect(c.at[0] * cell, c.at[1] * cell, c.dims[0] * cell, c.dims[1] * cell)
            pygame.draw.rect(
                out, theme.BAND_COLORS["engage"], rect.inflate(-2, -2), max(3, cell // 10), border_radius=cell // 5
            )
        for pair in sit.bindings:
            a, b = (sit.creatures.get(u) for u in sorted(pair))
            if a is None or b is None:
                continue
            ca = ((a.at[0] + a.dims[0] / 2) * cell, (a.at[1] + a.dims[1] / 2) * cell)
            cb = ((b.at[0] + b.dims[0] / 2) * cell, (b.at[1] + b.dims[1] / 2) * cell)
            pygame.draw.line(out, theme.WARNING, ca, cb, max(2, cell // 12))
        self._composite = out
        self._key = key
        self._board_id = id(sit.board)
        self.composes += 1
        return out

    def draw(self, screen: pygame.Surface, view: BoardView, composite: pygame.Surface) -> None:
        """Put the composed board into the view rectangle at the camera's offset, background around it."""
        screen.fill(theme.BOARD_BACKGROUND, view.rect)
        old_clip = screen.get_clip()
        screen.set_clip(view.rect)
        screen.blit(composite, view.origin)
        screen.set_clip(old_clip)

    def draw_hover(self, screen: pygame.Surface, view: BoardView, sq: Square | None) -> list[pygame.Rect]:
        """A thin frame around the square under the pointer; returns the rectangles drawn on."""
        if sq is None:
            return []
        return [pygame.draw.rect(screen, theme.SELECTED, view.square_rect(sq), 1)]

    def draw_preview(
        self,
        screen: pygame.Surface,
        view: BoardView,
        sit: Situation,
        unit: str,
        preview: Preview,
        mouse: tuple[int, int],
        details: bool = False,
    ) -> list[pygame.Rect]:
        """The previewed path, a red "!" on every provoking step, its cost by the pointer; returns rects drawn on."""
        c = sit.creatures[unit]
        cell = view.cell
        w, h = c.dims

        def centre(sq: Square) -> tuple[int, int]:
            # big creatures move by their top-left square; draw the path through their footprint's centre
            return (view.origin[0] + round((sq[0] + w / 2) * cell), view.origin[1] + round((sq[1] + h / 2) * cell))

        illegal = isinstance(preview.result, Illegal)
        color = theme.WARNING if illegal else theme.SELECTED
        points = [centre(c.at), *(centre(sq) for sq in preview.path)]
        if len(points) > 1:
            # start at the token's rim so the line does not cover its label
            (x0, y0), (x1, y1) = points[0], points[1]
            dist = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
            rim = min(dist, 0.42 * cell * min(w, h))
            points[0] = (round(x0 + (x1 - x0) * rim / dist), round(y0 + (y1 - y0) * rim / dist))
        old_clip = screen.get_clip()
        screen.set_clip(view.rect)
        drawn: list[pygame.Rect] = []
        width = max(3, cell // 8)
        # segment by segment: many small dirty rectangles restore faster than one box around the whole path
        for a, b in itertools.pairwise(points):
            drawn.append(pygame.draw.line(screen, (0, 0, 0), a, b, width + 2))
        for a, b in itertools.pairwise(points):
            pygame.draw.line(screen, color, a, b, width)
        for p in points[1:]:
            drawn.append(pygame.draw.circle(screen, color, p, max(2, cell // 10)))
        drawn.append(pygame.draw.rect(screen, color, view.square_rect(preview.to, c.dims), 2))
        for sq in preview.provoking:
            p = centre(sq)
            r = max(7, cell // 5)
            drawn.append(pygame.draw.circle(screen, theme.WARNING, (p[0] + r, p[1] - r), r))
            bang = theme.label("!", max(14, cell // 2), (255, 255, 255), True)
            drawn.append(screen.blit(bang, bang.get_rect(center=(p[0] + r, p[1] - r))))
        if details:
            # the cost of each step, on demand (V or Shift): which squares made the path dear
            for sq, metres in preview.step_costs():
                tag = theme.label(f"{metres:g}", max(12, cell // 4), (255, 255, 255), True)
                box = tag.get_rect(center=centre(sq)).move(0, cell // 4)
                drawn.append(pygame.draw.rect(screen, (20, 22, 28), box.inflate(6, 2), border_radius=3))
                drawn.append(screen.blit(tag, box))
        screen.set_clip(old_clip)
        drawn.append(draw_tip(screen, preview.label(), mouse, theme.WARNING if illegal else (30, 32, 38), view.rect))
        return [r.inflate(2, 2) for r in drawn]


def draw_tip(
    screen: pygame.Surface, text: str, at: tuple[int, int], background: theme.Color, bounds: pygame.Rect | None = None
) -> pygame.Rect:
    """A small label box next to the pointer, kept inside `bounds` (default: the window)."""
    area = bounds if bounds is not None else screen.get_rect()
    f = theme.font(20, bold=True)
    if f.size(text)[0] > area.width - 16:
        # a refusal can be long: cut it to the board's width rather than run off screen
        while len(text) > 4 and f.size(text + "…")[0] > area.width - 16:
            text = text[:-1]
        text += "…"
    label = theme.label(text, 20, theme.TEXT, True)
    box = label.get_rect().inflate(12, 8)
    box.topleft = (at[0] + 16, at[1] + 14)
    if box.right > area.right:
        box.right = at[0] - 12  # flip to the pointer's left rather than hide under the panel
    box.clamp_ip(area)
    pygame.draw.rect(screen, background, box, border_radius=4)
    pygame.draw.rect(screen, theme.PANEL_EDGE, box, 1, border_radius=4)
    screen.blit(label, label.get_rect(center=box.center))
    return box
