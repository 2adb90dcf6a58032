"""What the battle screen draws over the cached board and panel: hover, path preview, tips, tape and toast."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pygame

from game import caches
from game.text.i18n import current_language, is_rtl, t
from game.ui import theme
from game.ui.board import BoardRenderer, draw_tip
from game.ui.charge_overlay import draw_charge
from game.ui.controller import BattleController
from game.ui.panel import SidePanel
from game.ui.view import BoardView
from game.ui.widgets import paragraph, wrap
from rules.ruler import tape


def draw_overlays(
    screen: pygame.Surface,
    ctl: BattleController,
    view: BoardView,
    panel: SidePanel,
    renderer: BoardRenderer,
    mouse: tuple[int, int],
) -> list[pygame.Rect]:
    """Hover frame, path preview, tips and tooltip; returns the rectangles drawn on."""
    sit = ctl.situation()
    drawn = renderer.draw_hover(screen, view, ctl.hover_sq)
    crowd = None if ctl.armed else ctl.look.square_units(ctl.hover_sq)  # a Tiny group or a fallen unit: all it holds
    if ctl.preview is not None and ctl.selected is not None:
        details = ctl.step_costs or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        drawn += renderer.draw_preview(screen, view, sit, ctl.selected, ctl.preview, mouse, details)
        drawn.append(draw_card(screen, ctl.look.card_lines(), view.rect, mouse, card_keep(ctl, view)))
    elif ctl.selected is not None and ctl.hover_sq is not None and not ctl.armed:
        target = ctl.unit_at(ctl.hover_sq)
        if target is not None and ctl.is_enemy(target):
            # the attack forecast before any click, with the move into reach it would make; an enemy that cannot be
            # attacked this turn (out of reach, or not with the chosen hexxen tactic) says why not, before the click
            drawn += draw_path(screen, ctl, view, ctl.look.approach_path())
            tip = ctl.look.attack_tip(target.id, confirm=False)
            tip, crowd = (f"{crowd}\n{tip}" if crowd else tip), None
            clear = view.square_rect(target.at, target.dims)  # the target stays in sight under its forecast
            drawn.append(draw_tip(screen, tip, mouse, theme.TIP_FILL, view.rect, clear))
        elif target is None:
            why = ctl.look.why_not_here(ctl.hover_sq)  # beside the shading: the rule that keeps the unit out
            if why:
                clear = view.square_rect(ctl.hover_sq)
                drawn.append(draw_tip(screen, why, mouse, theme.TIP_FILL, view.rect, clear))
    if crowd and ctl.preview is None and ctl.hover_sq is not None:
        drawn.append(draw_tip(screen, crowd, mouse, theme.TIP_FILL, view.rect, view.square_rect(ctl.hover_sq)))
    if ctl.armed == "charge":
        drawn += draw_charge(screen, ctl, view)  # the closest squares, their lines, what blocks them
    if ctl.armed and ctl.hover_sq is not None:
        drawn += draw_armed(screen, ctl, view, mouse)
    if ctl.ruler is not None and ctl.ruler[0] != ctl.ruler[1]:
        drawn += draw_ruler(screen, ctl, view)
    if ctl.cursor is not None:
        drawn.append(draw_cursor(screen, view, ctl.cursor))
    if ctl.toast:
        at = (view.rect.x + 4, view.rect.bottom - 60)
        tone = theme.WARNING_FILL if ctl.toast_tone == "error" else theme.TIP_FILL
        drawn.append(draw_tip(screen, ctl.toast, at, tone, view.rect))
    tooltip = panel.draw_tooltip(screen, mouse)
    if tooltip is not None:
        drawn.append(tooltip)
    return drawn


CURSOR_COLOR = (255, 255, 255)


def draw_cursor(screen: pygame.Surface, view: BoardView, sq: tuple[int, int]) -> pygame.Rect:
    """The keyboard cursor: a thick white frame with a dark outline, readable on every terrain and band."""
    rect = view.square_rect(sq)
    width = max(3, view.cell // 12)
    pygame.draw.rect(screen, (0, 0, 0), rect.inflate(4, 4), width + 2, border_radius=4)
    pygame.draw.rect(screen, CURSOR_COLOR, rect, width, border_radius=3)
    return rect.inflate(8, 8)


def draw_ruler(screen: pygame.Surface, ctl: BattleController, view: BoardView) -> list[pygame.Rect]:
    """The measuring tape: a line between the two squares and the distance as the ruleset counts it."""
    assert ctl.ruler is not None
    start, end = ctl.ruler
    level = ctl.match.level
    measured = tape(level.ruleset, level.options, start, end)
    a, b = view.square_center(start), view.square_center(end)
    drawn = [pygame.draw.line(screen, theme.WARNING, a, b, 3)]
    drawn += [pygame.draw.circle(screen, theme.WARNING, p, 5) for p in (a, b)]
    if measured.squares is None:
        text = t("battle.ruler_none", rule=measured.rule)
    else:
        text = t("battle.ruler", metres=float(measured.metres), squares=measured.squares, rule=measured.rule)
    drawn.append(draw_tip(screen, text, (b[0] + 12, b[1] + 12), theme.TIP_FILL, view.rect, view.square_rect(end)))
    return drawn


def draw_armed(
    screen: pygame.Surface, ctl: BattleController, view: BoardView, mouse: tuple[int, int]
) -> list[pygame.Rect]:
    """What an armed bar action will do: whom to click, or the straight path of a charge or overrun."""
    assert ctl.hover_sq is not None
    # a charge's path is drawn by draw_charge, through the centres of the charger's whole footprint
    drawn = draw_path(screen, ctl, view, ctl.look.armed_path(ctl.hover_sq)) if ctl.armed != "charge" else []
    under = ctl.unit_at(ctl.hover_sq)
    clear = view.square_rect(under.at, under.dims) if under is not None else view.square_rect(ctl.hover_sq)
    drawn.append(draw_tip(screen, ctl.look.armed_tip(ctl.hover_sq), mouse, theme.TIP_FILL, view.rect, clear))
    return [r.inflate(4, 4) for r in drawn]


def draw_path(
    screen: pygame.Surface, ctl: BattleController, view: BoardView, path: tuple[tuple[int, int], ...]
) -> list[pygame.Rect]:
    """A line from the selected unit along `path` (a charge, or the move into reach before an attack)."""
    if not path or ctl.selected is None:
        return []
    me = ctl.situation().creatures[ctl.selected]
    points = [view.square_center(me.at)] + [view.square_center(sq) for sq in path]
    return [pygame.draw.line(screen, theme.ACCENT, a, b, 4).inflate(4, 4) for a, b in itertools.pairwise(points)]


HELP_KEYS = (
    "select",
    "move",
    "attack",
    "bar",
    "tape",
    "camera",
    "undo",
    "end",
    "hint.help",
    "danger.help",
    "back",
    "save",
)
"""The lines of the F1 help, in the order a new player needs them (a plain name is in the catalogue's help table)."""


def help_lines(ctl: BattleController) -> list[str]:
    """The controls as they apply now (the armed action's own line first)."""
    lines = [t(key if "." in key else f"help.{key}") for key in HELP_KEYS]
    lines.insert(2, t("tutorial.help_keyboard"))
    if ctl.armed is not None:
        lines.insert(0, ctl.look.armed_tip())
    if ctl.uses_tactics():
        lines.insert(3, t("help.tactics"))
    return [*lines, t("legend.help"), t("legend.credits")]  # the map legend, and the art's licence


HELP_SIZES = (18, 16, 15, 14)
"""The help's text sizes, tried largest first."""


def draw_help(screen: pygame.Surface, area: pygame.Rect, ctl: BattleController, scroll: int = 0) -> pygame.Rect:
    """The F1 help box over the board, as tall as its lines: what each click and key does in the battle; where the
    board is too small for all of it even in the smallest text (a small window), over the whole window, from line
    `scroll` on (the wheel scrolls it), with a mark where lines lie above or below."""
    lines = help_lines(ctl)
    title = theme.font(24, bold=True)

    def need(shown: list[str], body: pygame.font.Font, inner_w: int) -> int:
        rows = sum(len(wrap(line, body, inner_w)) for line in shown)
        return 28 + title.get_linesize() + rows * (body.get_linesize() + 2) + len(shown) * 6 + 10

    def layout(room: pygame.Rect) -> tuple[int, int, bool]:
        """The box's width in `room` and the largest text size at which every line fits, and whether one does."""
        width = room.width - min(120, room.width // 6)
        for size in HELP_SIZES:
            if need(lines, theme.font(size), width - 36) <= room.height - 20:
                return width, size, True
        return width, HELP_SIZES[-1], False

    room = area
    width, size, fits = layout(room)
    if not fits:  # a small window: over the whole window, then scrolled
        room = screen.get_rect()
        width, size, _ = layout(room)
    first = max(0, min(scroll, len(lines) - 1))
    shown = lines[first:]
    box = pygame.Rect(0, 0, width, min(room.height - 20, need(lines, theme.font(size), width - 36)))  # kept scrolled
    box.center = room.center
    pygame.draw.rect(screen, theme.PANEL, box, border_radius=10)
    pygame.draw.rect(screen, theme.ACCENT, box, 2, border_radius=10)
    inner = box.inflate(-36, -28)
    y = paragraph(screen, t("help.title"), inner, 24, theme.TEXT, bold=True)
    for line in shown:
        y = paragraph(screen, line, pygame.Rect(inner.x, y + 6, inner.width, inner.bottom - y - 6), size, theme.TEXT)
    more = need(shown, theme.font(size), width - 36) > box.height
    x = box.left + 18 if is_rtl() else box.right - 18  # triangles at the line ends' side: lines above, lines below
    top, bottom = box.top, box.bottom
    if first > 0:
        pygame.draw.polygon(screen, theme.ACCENT, [(x - 7, top + 18), (x + 7, top + 18), (x, top + 10)])
    if more:
        pygame.draw.polygon(screen, theme.ACCENT, [(x - 7, bottom - 18), (x + 7, bottom - 18), (x, bottom - 10)])
    return box


CARD_FONT = 15
CARD_CACHE = 4
"""How many hover cards keep their laid-out text (a pointer moving to and fro between squares). A card's rows are
pictures in the C heap, about 270 kB a card in a busy kiosk match (16 cards held 2.6-4.3 MB), and a pointer crossing
the board makes a new card at every square whatever the bound."""
_cards: dict[tuple[object, ...], tuple[int, int, list[pygame.Surface]]] = {}
# a card tells a match's units as they stand: a closed match's are never shown again (kept across matches, they
# filled a kiosk's memory over its visitors' first games), so they go with the match's other states
caches.register("hover cards", f"{CARD_CACHE} cards", _cards.clear, _cards.__len__, of_states=True)


def card_text(lines: list[str], area_width: int) -> tuple[int, int, list[pygame.Surface]]:
    """The hover card's width, height and rendered rows, laid out once per text and look.

    Wrapping and rendering some 25 lines cost ~7 ms a frame; the card's place follows the pointer,
    its text does not. The key holds everything the text's pixels depend on (font size, palette,
    language and direction), so a change of any of them lays the card out again.
    """
    look = (theme.text_px(CARD_FONT), theme.generation(), theme.fonts_generation(), current_language(), is_rtl())
    key = (tuple(lines), area_width, *look)
    found = _cards.get(key)
    if found is not None:
        return found
    f = theme.font(CARD_FONT)
    width = min(area_width - 16, max(f.size(line)[0] for line in lines) + 20) if lines else 0
    rows = [row for line in lines for row in wrap(line, f, max(40, width - 20))]
    height = len(rows) * (f.get_linesize() + 1) + 14
    found = (width, height, [theme.render(row, CARD_FONT, theme.TEXT) for row in rows])
    if len(_cards) >= CARD_CACHE:
        _cards.pop(next(iter(_cards)))  # the oldest first
    _cards[key] = found
    return found


POINTER_ROOM = (230, 45)
"""Half the width and height kept clear round the pointer: the path's tip is drawn beside it, on either side."""


def card_keep(ctl: BattleController, view: BoardView) -> list[pygame.Rect]:
    """What the hover card had better not cover: the selected unit (three times over) and its path's squares."""
    keep: list[pygame.Rect] = []
    if ctl.selected is not None:
        me = ctl.situation().creatures.get(ctl.selected)
        if me is not None:
            keep += [view.square_rect(me.at, me.dims)] * 3
    if ctl.preview is not None:
        keep += [view.square_rect(sq) for sq in ctl.preview.path]
    return keep


def card_rect(
    lines: list[str], area: pygame.Rect, mouse: tuple[int, int], keep: Sequence[pygame.Rect] = ()
) -> pygame.Rect:
    """Where the hover card of `lines` goes on the board `area` with the pointer at `mouse`: a corner clear of
    the pointer and the tip drawn beside it, covering as little of `keep` as it can, the reading corner first
    (top left; top right in Hebrew), then the other top corner, then the bottom ones."""
    width, height, _ = card_text(lines, area.width)
    xs = (area.right - 8 - width, area.x + 8) if is_rtl() else (area.x + 8, area.right - 8 - width)
    rows = (area.y + 8, area.bottom - 70 - height)  # the bottom row stays above the toast's line
    corners = [pygame.Rect(x, y, width, height) for y in rows for x in xs]
    pointer = pygame.Rect(
        mouse[0] - POINTER_ROOM[0], mouse[1] - POINTER_ROOM[1], 2 * POINTER_ROOM[0], 2 * POINTER_ROOM[1]
    )
    free = [c for c in corners if not c.colliderect(pointer)]
    if not free:  # a card too big for any corner clear of the pointer: the one farthest from it
        return max(corners, key=lambda c: (c.centerx - mouse[0]) ** 2 + (c.centery - mouse[1]) ** 2)
    covered = list(keep)
    return min(free, key=lambda c: (len(c.collidelistall(covered)), corners.index(c)))


def draw_card(
    screen: pygame.Surface,
    lines: list[str],
    area: pygame.Rect,
    mouse: tuple[int, int],
    keep: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """The hover card in a corner of the board away from the pointer and, where it can, off the unit and its path:
    the path's measure lines and what it leaves."""
    _, _, labels = card_text(lines, area.width)
    step = theme.font(CARD_FONT).get_linesize() + 1
    rtl = is_rtl()
    box = card_rect(lines, area, mouse, keep)
    pygame.draw.rect(screen, theme.TIP_FILL, box, border_radius=6)
    pygame.draw.rect(screen, theme.PANEL_EDGE, box, 1 + theme.OUTLINE_EXTRA, border_radius=6)
    y = box.y + 7
    for label in labels:
        screen.blit(label, label.get_rect(topright=(box.right - 10, y)) if rtl else (box.x + 10, y))
        y += step
    return box
