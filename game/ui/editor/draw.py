"""Drawing the editor's map: the terrain layer (the battle's painter), units, problem marks, the tool preview and
the cost card of the hovered square."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pygame

from game.editor.document import Document
from game.text.art_names import ART_NAMES
from game.text.i18n import is_rtl
from game.text.local_text import LocalText
from game.ui import theme, tokens
from game.ui.backdrop import Backdrop
from game.ui.door_edges import edge_points
from game.ui.terrain import TerrainCache
from game.ui.view import BoardView
from game.ui.widgets import ellipsized, text, wrap
from rules.core import Board, Creature, Size, Square
from rules.ruleset import get_ruleset
from rules.traits import trait_fields


class MapLayer:
    """The terrain of a document at a square size over its battle-map picture (to trace over), painted again
    only when the map, the picture or the size changes, or when the view leaves the part of a big zoomed map that
    is painted (the battle's terrain cache, game/ui/terrain.py)."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self.board: Board | None = None
        self.backdrop: Backdrop | None = None
        self.terrain = TerrainCache()
        self.show_picture = True
        """I hides the picture (to see the terrain alone) and shows it again."""

    @property
    def surface(self) -> pygame.Surface | None:
        """The layer painted last (None before the first)."""
        return self.terrain.surface

    @property
    def offset(self) -> tuple[int, int]:
        """Where the layer's top-left pixel lies on the whole map, in map pixels."""
        return self.terrain.offset

    def get(self, doc: Document, cell: int, folder: Path, view: pygame.Rect | None = None) -> pygame.Surface:
        """The painted map of `doc` (tiles, legend, edges, picture) at `cell` pixels per square, covering `view`
        (map pixels; None = the whole map)."""
        image = doc.picture(folder) if self.show_picture else None
        if (self.backdrop.image if self.backdrop is not None else None) != image:
            self.backdrop = Backdrop(image) if image is not None else None
            self.terrain = TerrainCache(self.backdrop)
        key = (doc.tiles, repr(doc.legend), doc.edges, image)
        if self.board is None or self._key != key:
            self.board = doc.board()  # a new board object: the cache paints it
            self._key = key
        return self.terrain.paint(self.board, cell, view)


def side_color(doc: Document, side: object) -> theme.Color:
    """The colour of a side id (its `color`, else the default by position)."""
    for i, spec in enumerate(doc.sides):
        if spec.get("id") == side:
            default = theme.DEFAULT_SIDE_COLORS[i % len(theme.DEFAULT_SIDE_COLORS)]
            return theme.parse_color(spec.get("color"), default)
    return theme.DISABLED


def unit_creatures(doc: Document) -> tuple[dict[str, Creature], list[str | None]]:
    """The document's placed units as the board's Creatures (what the battle's token drawing reads), and the key
    of each unit by its index (None: not on the map). A unit still being written is drawn with what it says so
    far: its id (else its place in the list), side, square, size, name, art, prone and mounted; its hit points
    are left out, so no token shows a health bar before the battle."""
    rules = get_ruleset(doc.ruleset)
    creatures: dict[str, Creature] = {}
    keys: list[str | None] = []
    for i, unit in enumerate(doc.units):
        at = unit.get("at")
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
            keys.append(None)
            continue
        uid = unit.get("id")
        # two units sharing an id (or none yet) while the level is written: each keeps a token of its own
        key = uid if isinstance(uid, str) and uid and uid not in creatures else f"#{i + 1}"
        try:
            size = Size.parse(str(unit.get("size") or "medium"))
        except KeyError:
            size = Size.MEDIUM
        name = unit.get("name")
        if isinstance(name, Mapping):
            texts = {lang: v for lang, v in name.items() if isinstance(v, str) and v}
            name = LocalText(texts) if texts else key
        elif not isinstance(name, str) or not name:
            name = key
        art = unit.get("art")
        fields = {"id": key, "side": str(unit.get("side", "")), "at": (at[0], at[1]), "size": size, "name": name}
        fields["art"] = art if art in ART_NAMES else None
        fields["prone"] = unit.get("prone") is True
        # a rider's emblem, as in the battle: `mounted` where the ruleset's traits have it (hexxen)
        own = {one.name: unit.get(one.key) is True for one in trait_fields(rules.TRAITS) if one.name == "mounted"}
        creatures[key] = Creature(**rules.complete_unit(fields), traits=rules.TRAITS(**own))
        keys.append(key)
    return creatures, keys


def draw_units(screen: pygame.Surface, view: BoardView, doc: Document, selected: int | None) -> None:
    """Every unit as the battle board draws it (`tokens.draw_units`): emblem, name plate, side colour and badge."""
    creatures, keys = unit_creatures(doc)
    colors = {str(spec.get("id")): side_color(doc, spec.get("id")) for spec in doc.sides}
    chosen = keys[selected] if selected is not None and 0 <= selected < len(keys) else None
    tokens.draw_units(screen, creatures, view.cell, view.origin, colors, selected=chosen, area=view.rect)


def mark_squares(
    screen: pygame.Surface, view: BoardView, squares: Iterable[Square], color: theme.Color, width: int
) -> None:
    """An outline around each square."""
    for sq in squares:
        pygame.draw.rect(screen, color, view.square_rect(sq), width)


def shade_squares(screen: pygame.Surface, view: BoardView, squares: Iterable[Square], color: theme.Color) -> None:
    """A translucent fill over each square (the stroke being painted, the rectangle being drawn)."""
    cell = view.cell
    tile = pygame.Surface((cell, cell), pygame.SRCALPHA)
    tile.fill((*color, 150))
    for sq in squares:
        screen.blit(tile, view.square_rect(sq))


def draw_edges(
    screen: pygame.Surface, view: BoardView, pairs: Sequence[tuple[Square, Square]], color: theme.Color
) -> None:
    """Edges highlighted (the wall being drawn, the edge under the pointer)."""
    for a, b in pairs:
        (x0, y0), (x1, y1) = edge_points(*sorted((a, b)), view.cell)
        ox, oy = view.origin
        pygame.draw.line(screen, color, (ox + x0, oy + y0), (ox + x1, oy + y1), max(3, view.cell // 6))


CARD_SIZES = (16, 14, 12)
"""The cost card's text sizes, tried in turn until its wrapped lines fit between the map's edge and the pointer."""


def card_rows(
    lines: Sequence[tuple[str, theme.Color]], font: pygame.font.Font, width: int
) -> list[tuple[str, theme.Color, int]]:
    """The card's lines wrapped to `width` pixels: (row, colour, indent in pixels); a row keeps its line's indent."""
    rows = []
    for line, color in lines:
        body = line.lstrip(" ")
        indent = font.size(line[: len(line) - len(body)])[0]
        rows += [(row, color, indent) for row in wrap(body, font, max(40, width - indent))]
    return rows


def card_layout(
    rect: pygame.Rect,
    lines: Sequence[tuple[str, theme.Color]],
    clear: pygame.Rect | None = None,
    spare: pygame.Rect | None = None,
    top: bool = False,
) -> tuple[pygame.Rect, int, list[tuple[str, theme.Color, int]]]:
    """Where the cost card goes in `rect` and how it is written: (box, text size, rows).

    The card takes the bottom or the top of `rect`, never over `clear` (the hovered square): the side where its
    text fits at the largest size, then where it covers less of `spare` (the map), then the bottom (the top when
    `top`). Long lines wrap; rows taller than the room get smaller text, and at the smallest size the last row
    that fits ends with …
    """
    width = rect.width - 16
    layouts = []
    for at_top in (top, not top):
        room = pygame.Rect(rect.x + 8, rect.y + 8, width, rect.height - 16)
        if clear is not None and at_top:
            room.height = min(room.bottom, clear.top - 4) - room.y
        elif clear is not None:
            bottom = room.bottom
            room.top = max(room.top, clear.bottom + 4)
            room.height = bottom - room.top
        for size in CARD_SIZES:
            font = theme.font(size)
            step = font.get_linesize() + 1
            rows = card_rows(lines, font, width - 16)
            if 10 + step * len(rows) <= room.height:
                break
        fits = max(1, (room.height - 10) // step)
        cut, shrunk = len(rows) > fits, CARD_SIZES.index(size)
        if cut:
            # still too tall at the smallest size: the last row that fits says the text goes on
            row, color, indent = rows[fits - 1]
            rows = [*rows[: fits - 1], (ellipsized(row, font, width - 16 - indent), color, indent)]
        height = 10 + step * len(rows)
        box = pygame.Rect(room.x, room.y if at_top else room.bottom - height, width, height)
        hidden = box.clip(spare).width * box.clip(spare).height if spare is not None else 0
        layouts.append(((cut, shrunk, hidden), box, size, rows))
    _, box, size, rows = min(layouts, key=lambda layout: layout[0])  # min keeps the first of equals: `top`'s side
    return box, size, rows


def card(
    screen: pygame.Surface,
    rect: pygame.Rect,
    lines: Sequence[tuple[str, theme.Color]],
    top: bool = False,
    clear: pygame.Rect | None = None,
    spare: pygame.Rect | None = None,
) -> pygame.Rect:
    """A box of text lines at the bottom or top of `rect`, off `clear` and as little over `spare` as it can
    (`card_layout`); the rectangle drawn."""
    box, size, rows = card_layout(rect, lines, clear, spare, top)
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    veil.fill((20, 22, 27, 225))
    screen.blit(veil, box.topleft)
    pygame.draw.rect(screen, theme.PANEL_EDGE, box, 1, border_radius=4)
    step = theme.font(size).get_linesize() + 1
    y = box.y + 5
    rtl = is_rtl()
    for row, color, indent in rows:
        # Hebrew reads from the right: its rows (and their indents) start at the box's right edge
        if rtl:
            text(screen, row, (box.right - 8 - indent, y), size, color, align="right")
        else:
            text(screen, row, (box.x + 8 + indent, y), size, color)
        y += step
    return box
