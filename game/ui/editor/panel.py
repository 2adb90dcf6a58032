"""The editor's side panel: title, tools and brushes, the palette of the tool, the inspector, the live problems,
the status line and the keys. Drawing registers each clickable area with the scene (`scene.hits`)."""

from __future__ import annotations

from typing import Any

import pygame

from game.editor.document import EDGE_PAINTS
from game.editor.tools import BRUSHES
from game.files import shown
from game.text.i18n import square_text, t
from game.ui import theme
from game.ui.editor.draw import side_color
from game.ui.editor.fields import in_language
from game.ui.widgets import shares, text, wrap

EditorScene = Any
"""The editor scene drawing its panel (game/ui/editor/scene.py imports this module, so it is not imported here)."""
PAD = 12
PANEL_W = 380
ROW = 22
"""Height of an inspector row."""
TOOLS = (("paint", "B"), ("rect", "R"), ("fill", "F"), ("wall", "W"), ("unit", "U"))
"""The tools and their keys, in the order of their buttons."""


def draw_panel(scene: EditorScene, screen: pygame.Surface, rect: pygame.Rect) -> None:
    """Every section from top to bottom; the inspector takes the room the others leave."""
    pygame.draw.rect(screen, theme.PANEL, rect)
    pygame.draw.line(screen, theme.PANEL_EDGE, rect.topleft, rect.bottomleft)
    x, w = rect.x + PAD, rect.width - 2 * PAD
    doc = scene.doc
    y = rect.y + 10
    text(screen, _cut(scene.title(), 22, w), (x, y), 22, theme.TEXT, bold=True)
    y += 30
    detail = t("editor.detail", ruleset=t(f"ruleset.{doc.ruleset}"), w=doc.width, h=doc.height, units=len(doc.units))
    text(screen, _cut(f"{shown(scene.session.path.name)} · {detail}", 15, w), (x, y), 15, theme.MUTED)
    y += 24
    y = _tools(scene, x, y, w)
    y = _palette(scene, screen, x, y, w)
    bottom = rect.bottom - 10
    bottom = _footer(scene, screen, x, bottom, w)
    bottom = _problems(scene, screen, x, bottom, w)
    _inspector(scene, screen, pygame.Rect(x, y + 4, w, bottom - y - 12))


def _cut(line: str, size: int, width: int) -> str:
    """`line` shortened with … to fit `width` pixels."""
    font = theme.font(size)
    if font.size(line)[0] <= width:
        return line
    while line and font.size(line + "…")[0] > width:
        line = line[:-1]
    return line + "…"


def _tools(scene: EditorScene, x: int, y: int, w: int) -> int:
    """The tool buttons, then the brush sizes (painting) — one row each."""
    labels = [t(f"editor.tool_{tool}") for tool, _ in TOOLS]
    # each as wide as its label and key need ("Rechteck", "Rettangolo" were cut in equal fifths)
    needs = [
        theme.font(19, True).size(label)[0] + theme.font(16).size(key)[0] + 30
        for label, (_, key) in zip(labels, TOOLS, strict=True)
    ]
    left = x
    for (tool, key), label, bw in zip(TOOLS, labels, shares(needs, w - 4 * (len(TOOLS) - 1)), strict=True):
        armed = scene.tool == tool
        scene.button(pygame.Rect(left, y, bw, 32), label, lambda tool=tool: scene.set_tool(tool), armed, key)
        left += bw + 4
    y += 38
    labels = [(f"{n}×{n}", lambda n=n: setattr(scene, "brush", n), scene.brush == n, str(n)) for n in BRUSHES]
    labels.append((t("editor.compare"), lambda: setattr(scene, "compare", not scene.compare), scene.compare, "C"))
    bw = (w - 3 * 4) // 4
    for i, (label, run, armed, key) in enumerate(labels):
        scene.button(pygame.Rect(x + i * (bw + 4), y, bw, 28), label, run, armed, key)
    return y + 36


def edge_label(paint: str) -> str:
    """The edge tool's name for what it paints (the doors' names are in the `door_edge` table)."""
    return t(f"door_edge.edge_{paint}") if paint.startswith("door") else t(f"editor.edge_{paint}")


def _palette(scene: EditorScene, screen: pygame.Surface, x: int, y: int, w: int) -> int:
    """Terrain symbols (painting tools), edge kinds (walls) or sides (units)."""
    doc = scene.doc
    if scene.tool == "wall":
        labels = [edge_label(kind) for kind in EDGE_PAINTS]
        needs = [theme.font(19, True).size(label)[0] + 14 for label in labels]  # "Niedrige Mauer" in a quarter: cut
        left = x
        for kind, label, bw in zip(EDGE_PAINTS, labels, shares(needs, w - 4 * (len(EDGE_PAINTS) - 1)), strict=True):
            choose = lambda kind=kind: setattr(scene, "edge_kind", kind)  # noqa: E731 - bound per button
            scene.button(pygame.Rect(left, y, bw, 30), label, choose, scene.edge_kind == kind)
            left += bw + 4
        text(screen, t("editor.wall_help"), (x, y + 36), 15, theme.MUTED)
        return y + 60
    if scene.tool == "unit":
        for i, side in enumerate(doc.sides):
            r = pygame.Rect(x, y + i * 26, w, 24)
            if scene.side == i:
                pygame.draw.rect(screen, (58, 63, 75), r, border_radius=4)
            pygame.draw.rect(screen, side_color(doc, side.get("id")), (r.x + 4, r.y + 4, 16, 16), border_radius=3)
            name = in_language(side.get("name")) or side.get("id")
            text(screen, _cut(f"{name} ({side.get('controller', 'human')})", 16, w - 30), (r.x + 26, r.y + 3), 16)
            scene.row(r, lambda i=i: scene.choose_side(i))
        y += len(doc.sides) * 26
        scene.button(pygame.Rect(x, y + 2, w // 2, 26), t("editor.add_side"), scene.add_side)
        text(screen, t("editor.unit_help"), (x, y + 32), 15, theme.MUTED)
        return y + 54
    symbols = list(doc.palette().items())
    per_row = max(1, (w + 4) // 38)
    for i, (symbol, terrain) in enumerate(symbols):
        r = pygame.Rect(x + (i % per_row) * 38, y + (i // per_row) * 38, 34, 34)
        kind = sorted(terrain.kinds)[0] if terrain.kinds else "floor"
        pygame.draw.rect(screen, theme.TERRAIN_FILL.get(kind, theme.ACCENT), r, border_radius=4)
        edge = theme.SELECTED if symbol == scene.symbol else theme.PANEL_EDGE
        pygame.draw.rect(screen, edge, r, 3 if symbol == scene.symbol else 1, border_radius=4)
        label = theme.render(symbol, 18, theme.readable_on(theme.TERRAIN_FILL.get(kind, theme.ACCENT)), bold=True)
        screen.blit(label, label.get_rect(center=r.center))
        scene.row(r, lambda symbol=symbol: setattr(scene, "symbol", symbol))
    y += ((len(symbols) + per_row - 1) // per_row) * 38
    terrain = doc.palette().get(scene.symbol)
    kinds = ", ".join(t(f"editor.kind.{k}") for k in sorted(terrain.kinds)) if terrain and terrain.kinds else ""
    text(screen, f"{scene.symbol}  {kinds or t('editor.kind.floor')}", (x, y), 16, theme.ACCENT)
    return y + 24


def _inspector(scene: EditorScene, screen: pygame.Surface, rect: pygame.Rect) -> None:
    """The rows of the selected unit or side (else of the level), scrolled with the wheel."""
    scene.inspector_rect = rect
    title, rows = scene.fields()
    pygame.draw.line(screen, theme.PANEL_EDGE, (rect.x, rect.y - 2), (rect.right, rect.y - 2))
    text(screen, title, (rect.x, rect.y + 2), 18, theme.TEXT, bold=True)
    if scene.selected is not None:
        scene.button(
            pygame.Rect(rect.right - 110, rect.y, 110, 24), t("editor.delete"), scene.delete_selected, key="Del"
        )
    top = rect.y + 28
    room = max(1, (rect.bottom - top) // ROW)
    scene.scroll = max(0, min(scene.scroll, len(rows) - room))
    key_w = 140
    for n, field in enumerate(rows[scene.scroll : scene.scroll + room]):
        r = pygame.Rect(rect.x, top + n * ROW, rect.width, ROW - 2)
        typing = scene.entry is not None and scene.entry[0].key == field.key
        if typing or r.collidepoint(scene.pointer):
            pygame.draw.rect(screen, (50, 55, 66), r, border_radius=3)
        text(screen, _cut(field.key, 16, key_w - 6), (r.x + 4, r.y + 2), 16, theme.MUTED)
        if typing:
            value = f"[{scene.entry[1]}]" if scene.entry_fresh else scene.entry[1] + "_"
            color = theme.ACCENT
        else:
            value, color = field.shown(), theme.TEXT if field.value is not None else theme.DISABLED
        text(screen, _cut(str(value), 16, rect.width - key_w - 4), (r.x + key_w, r.y + 2), 16, color)
        scene.row(r, lambda field=field: scene.press_field(field))
        scene.field_rows.append((r, field))  # ←/→ over a row with choices steps it
    if len(rows) > room:
        more = t("editor.more_rows", shown=f"{scene.scroll + 1}–{scene.scroll + room}", total=len(rows))
        text(screen, more, (rect.right, rect.bottom - 16), 14, theme.MUTED, align="right")


def _problems(scene: EditorScene, screen: pygame.Surface, x: int, bottom: int, w: int) -> int:
    """The live problems above the footer (a click selects the unit concerned); returns the top used."""
    problems = scene.session.problems()
    font = theme.font(15)
    lines: list[tuple[str, int]] = []
    for i, p in enumerate(problems[:4]):
        where = f"{square_text(p.square)} " if p.square is not None else ""
        for part in wrap(where + p.text(), font, w)[:2]:
            lines.append((part, i))
    height = 24 + 18 * len(lines)
    top = bottom - height
    pygame.draw.line(screen, theme.PANEL_EDGE, (x, top - 4), (x + w, top - 4))
    if not problems:
        text(screen, t("editor.valid"), (x, top), 16, (120, 200, 120), bold=True)
        return top - 8
    text(screen, t("editor.problems", count=len(problems)), (x, top), 16, theme.WARNING, bold=True)
    for n, (line, i) in enumerate(lines):
        r = text(screen, line, (x, top + 22 + 18 * n), 15, theme.TEXT)
        square = problems[i].square
        if square is not None:
            scene.row(r.inflate(w - r.width, 0), lambda square=square: _select_at(scene, square))
    return top - 8


def _select_at(scene: EditorScene, square: tuple[int, int]) -> None:
    """Select the unit standing on a problem's square."""
    index = scene.doc.unit_at(square)
    if index is not None:
        scene.selected = ("unit", index)
        scene.set_tool("unit")


def _footer(scene: EditorScene, screen: pygame.Surface, x: int, bottom: int, w: int) -> int:
    """The status line and the keys; returns the top used."""
    keys = wrap(t("editor.keys"), theme.font(14), w)
    top = bottom - 18 * len(keys)
    for n, line in enumerate(keys):
        text(screen, line, (x, top + 18 * n), 14, theme.MUTED)
    if scene.message:
        status = wrap(scene.message, theme.font(15), w)[:2]
        top -= 19 * len(status) + 4
        for n, line in enumerate(status):
            text(screen, line, (x, top + 19 * n), 15, scene.message_color)
    return top - 6
