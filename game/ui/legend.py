"""The map legend over the board (F2 or the panel's Legend button): each mark the board paints, what it
is, and what the level's ruleset makes of it with the rule ids (game/levels/terrain_legend.py)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.levels.terrain_legend import SQUARE_KINDS, LegendEntry, abstract, mark_key, terrain_legend
from game.text.i18n import current_language, refusal, rule_titles, t
from game.text.numerals import number
from game.ui import theme
from game.ui.terrain import paint_terrain
from game.ui.widgets import paragraph, wrap
from rules.board import board_from_text
from rules.core import Options

SWATCH = 36
"""The side of a mark's picture in pixels."""


@lru_cache(maxsize=32)
def swatch(mark: str, cell: int = SWATCH) -> pygame.Surface:
    """A mark as the board paints it: the middle square of a small painted map (a wall segment across it)."""
    if mark.startswith("edge_"):
        board = board_from_text("..", edges=(((0, 0), (1, 0), mark.removeprefix("edge_")),))
        painted = paint_terrain(board, cell)
        return painted.subsurface(pygame.Rect(cell // 2, 0, cell, cell)).copy()
    board = board_from_text(f"...\n.{SQUARE_KINDS[mark]}.\n...")
    return paint_terrain(board, cell).subsurface(pygame.Rect(cell, cell, cell, cell)).copy()


def effect_text(entry: LegendEntry, lang: str | None = None, touch: bool = False) -> str:
    """What the ruleset makes of a mark, in words, with the rule ids and their titles (`touch`: on a touch
    screen, the kiosk, naming taps and buttons but no key)."""
    if entry.refusal is not None and entry.refusal.reason == "door_edge.closed":
        # the probe's squares say nothing on a legend: say how a closed door is passed instead
        key = "touch_hints.legend_closed" if touch else "door_edge.legend_closed"
        return t(key, lang, rule=rule_titles((entry.refusal.rule,), lang))
    if entry.refusal is not None:
        return t("legend.refused", lang, reason=refusal(entry.refusal, lang))
    if entry.factor == 1 and not entry.rules:
        return t("legend.no_effect", lang)
    cost = t("legend.costs", lang, factor=number(entry.factor, lang or current_language()))
    return f"{cost} ({rule_titles(entry.rules, lang)})" if entry.rules else cost


def legend_lines(ruleset: str, options: Options, touch: bool = False) -> list[tuple[str | None, str]]:
    """(mark or None, text) per line of the legend in the current language: a ruleset that measures no
    paths says so once, and its marks only name what they show (`touch`: as a touch screen says it)."""
    entries = terrain_legend(ruleset, options)
    rule = abstract(entries)
    lines: list[tuple[str | None, str]] = []
    if rule is not None:
        lines.append((None, t("legend.abstract", rule=rule_titles((rule,)))))
    for entry in entries:
        what = t(mark_key(entry.mark))
        lines.append((entry.mark, what if rule is not None else f"{what}: {effect_text(entry, touch=touch)}"))
    return lines


def draw_legend(
    screen: pygame.Surface, area: pygame.Rect, ruleset: str, options: Options, closes: str | None = None
) -> pygame.Rect:
    """The legend box centred over the board; returns its rectangle. `closes`: how it closes (default: its keys;
    given, the legend speaks to a touch screen: no key in any line)."""
    lines = legend_lines(ruleset, options, touch=closes is not None)
    width = area.width - min(120, area.width // 6)
    inner_w = width - 36 - SWATCH - 12
    body = theme.font(17)
    line_h = body.get_linesize()
    heights = [max(SWATCH, len(wrap(text, body, inner_w)) * line_h) + 8 for _, text in lines]
    title_h = theme.font(24, bold=True).get_linesize()
    height = min(area.height - 20, 28 + title_h + 10 + sum(heights) + line_h + 10)
    box = pygame.Rect(0, 0, width, height)
    box.center = area.center
    pygame.draw.rect(screen, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(screen, theme.ACCENT, box, 2, border_radius=10)
    inner = box.inflate(-36, -28)
    y = paragraph(screen, t("legend.title", ruleset=t(f"ruleset.{ruleset}")), inner, 24, theme.TEXT, bold=True)
    y += 10
    for (mark, text), h in zip(lines, heights, strict=True):
        if y + h > inner.bottom - line_h:
            break
        if mark is not None:
            screen.blit(swatch(mark), (inner.x, y))
            pygame.draw.rect(screen, theme.PANEL_EDGE, pygame.Rect(inner.x, y, SWATCH, SWATCH), 1)
        text_rect = pygame.Rect(inner.x + SWATCH + 12, y, inner_w, h)
        paragraph(screen, text, text_rect, 17, theme.TEXT)
        y += h
    paragraph(
        screen,
        closes or t("legend.close"),
        pygame.Rect(inner.x, inner.bottom - line_h, inner.width, line_h),
        15,
        theme.MUTED,
    )
    return box
