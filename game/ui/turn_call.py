"""The kiosk's turn call: what a visitor does next, in large letters over the top of the board, readable from two
metres ("Your turn: tap a hero to move it"); nothing while the computer moves or an armed action has its own tip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from game.text.i18n import current_language, t
from game.text.local_text import local
from game.ui import theme
from game.ui.widgets import fit_line

if TYPE_CHECKING:
    from game.ui.controller import BattleController

ENGAGE_ONLY = frozenset({"hexxen"})
"""Rulesets that measure no distance (HX-ABSTRACT): nothing is shaded to move to; a unit engages a ringed enemy."""

SIZES = (34, 30, 26, 22)
"""Written text sizes tried, largest first (the UI scale makes them larger on a big screen)."""


def turn_call(ctl: BattleController) -> str | None:
    """The next step of the visitor whose turn it is, or None (the computer's turn, the match over, an armed
    action, whose own tip says what to click)."""
    m = ctl.match
    if m.finished or ctl.computer_moving() or not ctl.actors:
        return None
    mode = ctl.state
    if mode.name == "release":
        return t("kiosk_display.call_release")
    if mode.name == "aimed" and mode.target is not None:
        return t(
            "kiosk_display.call_confirm", target=ctl.name_of(mode.target)
        )  # the name: its grammar reaches the text
    if mode.armed is not None:
        return None
    humans = [s for s in m.level.sides if s.controller == "human"]
    if ctl.selected is None:
        if len(humans) > 1:
            side = next((s for s in humans if s.id == m.active_side), None)
            name = local(side.name, current_language()) if side is not None and side.name else m.active_side
            return t("kiosk_display.call_side", side=name)
        return t("kiosk_display.call_yours")
    key = "call_engage" if m.level.ruleset in ENGAGE_ONLY else "call_selected"
    return t(f"kiosk_display.{key}", unit=ctl.name_of(ctl.selected))


def _call_picture(board: pygame.Rect, ctl: BattleController) -> pygame.Surface | None:
    """The turn call's line as drawn over `board`, or None when there is none now."""
    text = turn_call(ctl)
    if text is None:
        return None
    line, size = fit_line(text, board.width - theme.px(40), SIZES, True)
    return theme.render(line, size, theme.TEXT, True)


def call_band(board: pygame.Rect, ctl: BattleController) -> pygame.Rect | None:
    """Where the turn call's band covers the board now (what a tutorial prompt keeps clear of), or None."""
    picture = _call_picture(board, ctl)
    return (
        None if picture is None else pygame.Rect(board.x, board.y, board.width, picture.get_height() + 2 * theme.px(10))
    )


def draw_turn_call(
    screen: pygame.Surface, board: pygame.Rect, ctl: BattleController, side_colors: Mapping[str, theme.Color]
) -> list[pygame.Rect]:
    """The turn call in a band over the top of the board (translucent: the squares under it stay visible)."""
    picture = _call_picture(board, ctl)
    if picture is None:
        return []
    pad = theme.px(10)
    band = pygame.Rect(board.x, board.y, board.width, picture.get_height() + 2 * pad)
    veil = pygame.Surface(band.size, pygame.SRCALPHA)
    veil.fill((*theme.PANEL[:3], 215))
    screen.blit(veil, band.topleft)
    stripe = side_colors.get(ctl.match.active_side or "", theme.ACCENT)
    pygame.draw.rect(screen, stripe, pygame.Rect(band.x, band.bottom - theme.px(4), band.width, theme.px(4)))
    screen.blit(picture, picture.get_rect(center=(band.centerx, band.y + pad + picture.get_height() // 2)))
    return [band]
