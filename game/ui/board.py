"""The board picture: cached terrain, reach shading and tokens painted in layers on a change; path preview per frame."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import pygame

from game.text.i18n import current_language, is_rtl
from game.text.numerals import number
from game.text.unit_names import distinct_names
from game.ui import aligned, theme
from game.ui.backdrop import Backdrop
from game.ui.forecast import Forecast, Preview
from game.ui.patterns import band_tile
from game.ui.terrain import TerrainCache
from game.ui.tokens import draw_units
from game.ui.view import BoardView
from game.ui.widgets import wrap
from rules.core import Creature, Illegal, Situation, Square
from rules.reaches import columns_of

Blit = tuple[pygame.Surface, tuple[int, int, int, int], tuple[int, int, int, int]]
"""One entry of `Surface.blits`: picture, place (x, y, 0, 0) and the part of the picture."""


@dataclass(frozen=True, slots=True)
class BoardKey:
    """What the composed board shows; any change of these repaints the composite."""

    version: int
    """Bumped by the battle screen on every performed action or undo."""
    selected: str | None
    forecast_id: int
    targets: frozenset[str]
    cell: int
    motion: int = 0
    """The motion playing (game/ui/stage.py): its moving units and new bindings are drawn over the board."""
    layer: int = 0
    """The layer painted over the shading (the danger view, game/ui/danger.py): its identity, 0 without one."""


class BoardLayer(Protocol):
    """Squares painted into the composed board between the reach shading and the tokens."""

    def paint(self, screen: pygame.Surface, cell: int, origin: tuple[int, int]) -> None:
        """Paint the layer at square size `cell` with the board's top-left corner at `origin`."""


@dataclass(frozen=True, slots=True)
class Composed:
    """What the board shows for one key: painted straight into the target when drawn (no board-sized copy)."""

    key: BoardKey
    sit: Situation
    colors: dict[str, theme.Color]
    forecast: Forecast | None
    actors: frozenset[str]
    everyone: Mapping[str, Creature]
    """Every unit of the match, the walking ones too: the name plates tell units apart across all of them,
    so a plate does not change while another unit with the same name is off the board, walking."""
    layer: BoardLayer | None = None


class BoardRenderer:
    """Draws the board view in layers: the cached terrain, the reach overlay (one cached tint per band and
    square size) and the tokens. Selecting a unit repaints only the board region of the frame cache; the
    terrain itself is painted once per board and zoom."""

    def __init__(self, backdrop: Backdrop | None = None) -> None:
        self.terrain = TerrainCache(backdrop)
        self._composed: Composed | None = None
        self._painted: tuple[Composed, tuple[int, int], tuple[int, ...]] | None = None
        """What the last draw put on its target, with the view's origin and rectangle then."""
        self._board_id = 0
        self.composes = 0
        """How often what the board shows changed (selection, state, zoom)."""
        self._tints: dict[tuple[str, int, theme.Color, bool], pygame.Surface] = {}
        self._strips: dict[tuple[str, int, theme.Color, bool, int], pygame.Surface] = {}
        self._tiles_look: tuple[int, int] = (0, 0)
        """The square size and theme generation the tints and strips are kept for: one look only (`_keep_size`)."""
        self._shaded: tuple[object, tuple[object, ...], list[Blit]] | None = None
        """The last shading's answer, its key (size, place, palette) and blits (game/ui/board.py `_shading`)."""

    def _keep_size(self, cell: int) -> None:
        """Forget the tints and strips of every square size but `cell` (and of an earlier theme).

        A strip is a column of the whole board's height, so at a large zoom one is most of a megabyte; kept for
        every size a visitor zoomed through in one long match they came to tens of megabytes. Making a size's
        tiles again when the view comes back to it costs a few blits per band.
        """
        look = (cell, theme.generation())
        if look != self._tiles_look:
            self._tints.clear()
            self._strips.clear()
            self._tiles_look = look

    def _tint(self, band: str, cell: int, numbered: bool) -> pygame.Surface:
        """A translucent square of a reach band, with or without its number (made once per band and size)."""
        self._keep_size(cell)
        color = theme.band_color(band)
        key = (band, cell, color, numbered)  # the colour too: a theme change must not reuse the old tiles
        if key not in self._tints:
            # the band's pattern and number, not its hue alone (game/ui/patterns.py)
            self._tints[key] = band_tile(band, cell, color, numbered)
        return self._tints[key]

    def _strip(self, band: str, cell: int, even: bool, rows: int) -> pygame.Surface:
        """A band's tiles stacked one above the other, `rows` of them plus one (made once per size and height).

        For an even column the numbered tile and the plain one alternate, the numbered first; an odd
        column's squares are all plain. Each tile is copied exactly (a maximum with transparent black).
        """
        self._keep_size(cell)
        color = theme.band_color(band)
        key = (band, cell, color, even, rows)
        strip = self._strips.get(key)
        if strip is None:
            tiles = (
                (self._tint(band, cell, True), self._tint(band, cell, False))
                if even
                else (self._tint(band, cell, False),) * 2
            )
            strip = pygame.Surface((cell, (rows + 1) * cell), pygame.SRCALPHA)
            strip.fill((0, 0, 0, 0))
            for row in range(rows + 1):
                strip.blit(tiles[row & 1], (0, row * cell), special_flags=pygame.BLEND_RGBA_MAX)
            self._strips[key] = strip
        return strip

    def compose(
        self,
        key: BoardKey,
        sit: Situation,
        colors: dict[str, theme.Color],
        forecast: Forecast | None,
        actors: frozenset[str],
        everyone: Mapping[str, Creature] | None = None,
        layer: BoardLayer | None = None,
    ) -> Composed:
        """What the board shows now; `composes` counts the changes (the terrain layer is kept per board and zoom).

        `everyone` is the whole match's units when `sit` leaves some out (the walkers of a motion); None = `sit`'s.
        `layer` is painted over the shading, under the tokens (its identity is in `key.layer`).
        """
        old = self._composed
        if old is not None and old.key == key and self._board_id == id(sit.board):
            return old
        whole = sit.creatures if everyone is None else everyone
        self._composed = Composed(key, sit, colors, forecast, actors, whole, layer)
        self._board_id = id(sit.board)
        self.composes += 1
        return self._composed

    def changed_area(self, view: BoardView) -> pygame.Rect | None:
        """The part of the view that differs from the last draw when only the selection changed; None = all of it.

        Selecting a unit changes the reach shading and a few tokens, not the terrain: only the box
        around the old and the new shading and those tokens is repainted.
        """
        new = self._composed
        if self._painted is None or new is None:
            return None
        old, origin, rect = self._painted
        if origin != view.origin or rect != tuple(view.rect):
            return None
        a, b = old.key, new.key
        if (a.version, a.cell, a.targets, a.layer) != (b.version, b.cell, b.targets, b.layer) or old.sit is not new.sit:
            return None
        boxes: list[tuple[int, int, int, int]] = []  # (x0, y0, x1, y1) in squares, x1 and y1 exclusive
        for composed in (old, new):
            if composed.forecast is not None:
                shaded = composed.forecast.bounds()
                if shaded is not None:
                    boxes.append(shaded)
                creatures = composed.sit.creatures
                boxes.extend(_box(creatures[u]) for u in composed.forecast.engage if u in creatures)
        for uid in {a.selected, b.selected} | (old.actors ^ new.actors):
            if uid is not None and uid in new.sit.creatures:
                boxes.append(_box(new.sit.creatures[uid]))
        if not boxes:
            return pygame.Rect(0, 0, 0, 0)
        x0 = min(q[0] for q in boxes)
        y0 = min(q[1] for q in boxes)
        x1 = max(q[2] for q in boxes)
        y1 = max(q[3] for q in boxes)
        cell = b.cell
        area = pygame.Rect(view.origin[0] + x0 * cell, view.origin[1] + y0 * cell, (x1 - x0) * cell, (y1 - y0) * cell)
        return area.inflate(2, 2).clip(view.rect)

    def draw(self, screen: pygame.Surface, view: BoardView, composed: Composed) -> None:
        """Terrain, reach shading and tokens into the view rectangle at the camera's offset, background around it.

        Honours a clip already set on `screen` (a partial repaint, see `changed_area`).
        """
        self._painted = (composed, view.origin, tuple(view.rect))
        key, sit, forecast = composed.key, composed.sit, composed.forecast
        cell = key.cell
        ox, oy = view.origin
        # a big zoomed map is painted around the part on screen only (game/ui/terrain.py)
        self.terrain.paint(sit.board, cell, view.rect.move(-ox, -oy))
        dx, dy = self.terrain.offset
        at = (ox + dx, oy + dy)
        # the layer's first column placed in memory as it lands on `screen`: SDL's fast copy (game/ui/aligned.py)
        terrain = self.terrain.placed(aligned.column_phase(screen, at[0]))
        covered = terrain.get_rect(topleft=at).clip(view.rect)
        old_clip = screen.get_clip()
        area = old_clip.clip(view.rect)
        screen.set_clip(area)
        # the background only where the map does not cover the view (a full fill costs as much as the map)
        for band in _margins(view.rect, covered):
            aligned.fill(screen, theme.BOARD_BACKGROUND, band)
        aligned.copy(screen, terrain, at)
        if forecast is not None:
            # a strip need not be taller than the view: a big zoomed map's strips stay the view's size
            rows = min(sit.board.height, view.rect.height // cell + 2)
            screen.blits(self._shading(forecast, cell, (ox, oy), rows), doreturn=False)
        if composed.layer is not None:
            composed.layer.paint(screen, cell, (ox, oy))
        rings = set(key.targets) | (set(forecast.engage) if forecast else set())
        draw_units(screen, sit.creatures, cell, (ox, oy), composed.colors, everyone=composed.everyone,
                   selected=key.selected, actors=composed.actors, rings=rings, area=area)  # fmt: skip
        for pair in sit.bindings:
            a, b = (sit.creatures.get(u) for u in sorted(pair))
            if a is None or b is None:
                continue
            ca = (ox + (a.at[0] + a.dims[0] / 2) * cell, oy + (a.at[1] + a.dims[1] / 2) * cell)
            cb = (ox + (b.at[0] + b.dims[0] / 2) * cell, oy + (b.at[1] + b.dims[1] / 2) * cell)
            pygame.draw.line(screen, theme.WARNING, ca, cb, max(2, cell // 12))
        screen.set_clip(old_clip)

    def _shading(self, forecast: Forecast, cell: int, origin: tuple[int, int], rows: int) -> list[Blit]:
        """One blit per run of reachable squares in a column with one band: the part of its band's strip.

        A strip is the band's tiles stacked (numbered on every other row of an even column, the
        number on every other row and column), so the run's pixels are the squares' own tiles:
        the same picture as one blit per square, in a fraction of the blits. The answer lists its
        squares by x, then y, so runs come in order; any order gives the same picture, as no two
        squares overlap. Each place is a rectangle (x, y, 0, 0), not a point: pygame reads a pair as a
        rectangle's corner and size first, and turning that down costs two raised and cleared errors
        a blit (measured: 0.20 → 0.12 ms for the bench's 284 runs). The list is kept for the next
        draw of the same answer at the same place, square size and palette (a whole-window repaint).
        """
        key = (cell, origin, rows, theme.generation())
        kept = self._shaded
        if kept is not None and kept[0] is forecast.reach and kept[1] == key:
            return kept[2]
        out = self._runs(forecast, cell, origin, rows)
        self._shaded = (forecast.reach, key, out)
        return out

    def _runs(self, forecast: Forecast, cell: int, origin: tuple[int, int], rows: int) -> list[Blit]:
        """The blits of `_shading`, made anew."""
        ox, oy = origin
        squares, _, bands = columns_of(forecast.reach)
        if not squares:
            return []
        strips = _BandStrips(self, cell, rows)
        out: list[Blit] = []
        append = out.append

        def run(x: int, y0: int, y1: int, band: str) -> None:
            # in pieces of at most `rows` squares: a strip is as tall as the view, not as the board
            for top_row in range(y0, y1 + 1, rows):
                length = min(rows, y1 - top_row + 1)
                # an even column's strip starts numbered: a piece from an odd row reads it one square down
                top = 0 if x & 1 else (top_row & 1) * cell
                at = (ox + x * cell, oy + top_row * cell, 0, 0)
                append((strips[band][x & 1], at, (0, top, cell, length * cell)))

        (x0, y0), band0 = squares[0], bands[0]
        y1 = y0
        for (x, y), band in zip(squares, bands, strict=True):
            if x == x0 and y == y1 + 1 and band == band0:
                y1 = y
                continue
            if y != y0 or x != x0:  # not the first square: close the run before it
                run(x0, y0, y1, band0)
            x0, y0, y1, band0 = x, y, y, band
        run(x0, y0, y1, band0)
        return out

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
                tag = theme.label(number(metres, current_language()), max(12, cell // 4), (255, 255, 255), True)
                box = tag.get_rect(center=centre(sq)).move(0, cell // 4)
                drawn.append(pygame.draw.rect(screen, theme.TIP_FILL, box.inflate(6, 2), border_radius=3))
                drawn.append(screen.blit(tag, box))
        screen.set_clip(old_clip)
        names = distinct_names(sit.creatures.values())
        tip = preview.label(names)
        fill = theme.WARNING_FILL if illegal else theme.TIP_FILL
        drawn.append(draw_tip(screen, tip, mouse, fill, view.rect, view.square_rect(preview.to, c.dims)))
        return [r.inflate(2, 2) for r in drawn]


class _BandStrips(dict[str, tuple[pygame.Surface, pygame.Surface]]):
    """band → (its strip for even columns, its strip for odd ones) at one square size, from the renderer."""

    def __init__(self, renderer: BoardRenderer, cell: int, rows: int) -> None:
        super().__init__()
        self.renderer = renderer
        self.cell = cell
        self.rows = rows

    def __missing__(self, band: str) -> tuple[pygame.Surface, pygame.Surface]:
        renderer, cell, rows = self.renderer, self.cell, self.rows
        pair = (renderer._strip(band, cell, True, rows), renderer._strip(band, cell, False, rows))
        self[band] = pair
        return pair


def _box(c: Creature) -> tuple[int, int, int, int]:
    """A creature's footprint as (x0, y0, x1, y1) in squares, x1 and y1 exclusive."""
    (x, y), (w, h) = c.at, c.dims
    return (x, y, x + w, y + h)


def _margins(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `outer` outside `inner` (a rectangle inside it, or empty), as up to four bands."""
    if inner.width <= 0 or inner.height <= 0:
        return [outer]
    return [
        r
        for r in (
            pygame.Rect(outer.left, outer.top, outer.width, inner.top - outer.top),
            pygame.Rect(outer.left, inner.bottom, outer.width, outer.bottom - inner.bottom),
            pygame.Rect(outer.left, inner.top, inner.left - outer.left, inner.height),
            pygame.Rect(inner.right, inner.top, outer.right - inner.right, inner.height),
        )
        if r.width > 0 and r.height > 0
    ]


TIP_WIDTH = 460
"""The widest a tip by the pointer runs (layout pixels at UI scale 1) before it wraps: an attack forecast
with its rule ids is some 900 px on one line, wider than the board beside its target."""


def tip_box(size: tuple[int, int], at: tuple[int, int], area: pygame.Rect, clear: pygame.Rect | None) -> pygame.Rect:
    """Where a tip of `size` goes by the pointer `at`: inside `area`, and over none of `clear` when it fits anywhere.

    Tried in turn: below the pointer (below `clear` when given), above `clear`, beside it right and left; each
    is kept inside `area` and opens to the pointer's left when it would run past the area's right edge.
    """
    box = pygame.Rect((0, 0), size)

    def beside_pointer(candidate: pygame.Rect) -> pygame.Rect:
        candidate.left = at[0] + 16
        if candidate.right > area.right:
            candidate.right = at[0] - 12  # flip to the pointer's left rather than hide under the panel
        return candidate

    below = beside_pointer(box.copy())
    below.top = at[1] + 14
    if clear is None:
        return below.clamp(area)
    below.top = max(below.top, clear.bottom + 4)
    above = beside_pointer(box.copy())
    above.bottom = clear.top - 4
    right = box.copy()
    right.left, right.top = clear.right + 4, at[1] + 14
    left = box.copy()
    left.right, left.top = clear.left - 4, at[1] + 14
    candidates = [c.clamp(area) for c in (below, above, right, left)]
    for candidate in candidates:
        if not candidate.colliderect(clear):
            return candidate
    # nowhere clear (a tip as tall as the board): the least of the square covered
    return min(candidates, key=lambda c: c.clip(clear).width * c.clip(clear).height)


def draw_tip(
    screen: pygame.Surface,
    text: str,
    at: tuple[int, int],
    background: theme.Color,
    bounds: pygame.Rect | None = None,
    clear: pygame.Rect | None = None,
) -> pygame.Rect:
    """A small label box next to the pointer, inside `bounds` (default: the window) and off `clear` (the square
    pointed at, when given); "\n" starts a line, a long line wraps at TIP_WIDTH."""
    area = bounds if bounds is not None else screen.get_rect()
    f = theme.font(20, bold=True)
    width = max(40, min(area.width - 16, theme.px(TIP_WIDTH)))
    lines = []
    for line in text.split("\n"):
        # a refusal or a forecast can be long: wrapped to a readable width rather than across the board
        for row in wrap(line, f, width) if f.size(line)[0] > width else [line]:
            lines.append(theme.label(row, 20, theme.TEXT, True))
    label = lines[0]
    if len(lines) > 1:
        label = pygame.Surface((max(s.get_width() for s in lines), sum(s.get_height() for s in lines)), pygame.SRCALPHA)
        y = 0
        for line_surface in lines:
            # each line starts where the language reads from
            x = label.get_width() - line_surface.get_width() if is_rtl() else 0
            label.blit(line_surface, (x, y))
            y += line_surface.get_height()
    box = tip_box(label.get_rect().inflate(12, 8).size, at, area, clear)
    pygame.draw.rect(screen, background, box, border_radius=4)
    pygame.draw.rect(screen, theme.PANEL_EDGE, box, 1 + theme.OUTLINE_EXTRA, border_radius=4)
    screen.blit(label, label.get_rect(center=box.center))
    return box
