"""The charge preview drawn over the board while Charge is armed (PF1-CHARGE; the look-ahead is charge_preview.py).

For the chosen enemy (or, before the click, the hovered one): each closest footprint the
charge may end on, outlined with the charger's whole footprint (a Large ogre's 2×2), the line
from the charger to it, and, where the charge is refused, the first square that stops it,
crossed out. Clear ends and their lines are drawn in the accent colour, refused ones in the
warning colour, so the two differ by line weight and the cross as well as by hue.
"""

from __future__ import annotations

import itertools

import pygame

from game.ui import theme
from game.ui.controller import BattleController
from game.ui.view import BoardView

CLEAR_WIDTH = 4
REFUSED_WIDTH = 2


def draw_charge(screen: pygame.Surface, ctl: BattleController, view: BoardView) -> list[pygame.Rect]:
    """The closest squares of the charge being aimed, their lines and blocking squares; the rectangles drawn on."""
    target, ends = ctl.look.charge_marks()
    if target is None or ctl.selected is None or not ends:
        return []
    sit = ctl.situation()
    me = sit.creatures[ctl.selected]
    side = me.full_side
    start = view.square_rect(me.at, me.dims).center
    drawn: list[pygame.Rect] = []
    clip = screen.get_clip()
    screen.set_clip(view.rect)
    try:
        for end in sorted(ends, key=lambda e: e.clear):  # the clear ones last, on top
            if not sit.board.in_bounds(end.at):
                continue
            colour = theme.ACCENT if end.clear else theme.WARNING
            width = max(1, round((CLEAR_WIDTH if end.clear else REFUSED_WIDTH) * view.cell / 48)) + 1
            box = view.square_rect(end.at, (side, side)).inflate(-4, -4)
            drawn.append(pygame.draw.rect(screen, colour, box, width, border_radius=6))
            drawn.append(pygame.draw.line(screen, colour, start, box.center, width))
            drawn.append(pygame.draw.circle(screen, colour, box.center, width + 3))
            if end.blocked is not None:
                drawn.append(_cross(screen, view.square_rect(end.blocked), width + 1))
        drawn += _hovered_path(screen, ctl, view, (side, side))
    finally:
        screen.set_clip(clip)
    return [r.inflate(6, 6) for r in drawn]


def _cross(screen: pygame.Surface, rect: pygame.Rect, width: int) -> pygame.Rect:
    """The first square that stops a charge: a frame and a cross, dark-outlined so it reads on any terrain."""
    inner = rect.inflate(-rect.width // 4, -rect.height // 4)
    for colour, extra in (((0, 0, 0), 2), (theme.WARNING, 0)):
        pygame.draw.rect(screen, colour, rect.inflate(-2, -2), width + extra, border_radius=4)
        pygame.draw.line(screen, colour, inner.topleft, inner.bottomright, width + extra)
        pygame.draw.line(screen, colour, inner.topright, inner.bottomleft, width + extra)
    return rect


def _hovered_path(
    screen: pygame.Surface, ctl: BattleController, view: BoardView, dims: tuple[int, int]
) -> list[pygame.Rect]:
    """The steps of the charge ending on the hovered square, through the centres of the charger's footprint."""
    if ctl.hover_sq is None or ctl.armed_target is None or ctl.selected is None:
        return []
    path = ctl.look.armed_path(ctl.hover_sq)
    if not path:
        return []
    me = ctl.situation().creatures[ctl.selected]
    points = [view.square_rect(me.at, me.dims).center] + [view.square_rect(sq, dims).center for sq in path]
    drawn = [pygame.draw.line(screen, theme.ACCENT, a, b, 3) for a, b in itertools.pairwise(points)]
    drawn += [pygame.draw.circle(screen, theme.ACCENT, p, 5) for p in points[1:]]
    return drawn
