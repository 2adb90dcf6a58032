"""Saving from the window (replay, "the situation now") and the live-reload error banner.

Keys: Ctrl+S or F5 saves the replay of the game so far; Ctrl+Shift+S or F6 saves the situation
(level file as it stands + the replay + the level played) for a rules question.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.battle.match import Match
from game.files import reason
from game.text.i18n import current_language, t
from game.ui import theme
from game.ui.widgets import paragraph, wrap


def save_intent(event: pygame.event.Event) -> str | None:
    """ "save_replay", "save_situation" or None for a KEYDOWN event."""
    if event.type != pygame.KEYDOWN:
        return None
    ctrl, shift = bool(event.mod & pygame.KMOD_CTRL), bool(event.mod & pygame.KMOD_SHIFT)
    if event.key == pygame.K_F5 or (event.key == pygame.K_s and ctrl and not shift):
        return "save_replay"
    if event.key == pygame.K_F6 or (event.key == pygame.K_s and ctrl and shift):
        return "save_situation"
    return None


def save(match: Match | None, intent: str) -> tuple[str, bool]:
    """Save what `intent` names for `match`; the line to show (where it went, or why not) and whether it was saved."""
    if match is None:
        return t("save.nothing"), False
    from game.saved.replay import save_replay, save_situation  # only when the player saves (start-up time)

    try:
        if intent == "save_replay":
            return t("save.replay_saved", path=save_replay(match)), True
        saved = save_situation(match)
    except OSError as exc:
        return t("save.cannot_save", reason=reason(exc)), False
    if saved.problem:
        return t("save.situation_partly", folder=saved.folder, problem=saved.problem), True
    return t("save.situation_saved", folder=saved.folder), True


def draw_banner(screen: pygame.Surface, path: str, error: str) -> pygame.Rect:
    """A red strip across the top of the window with the level's error; returns its rectangle."""
    picture = _banner(path, error, screen.get_size(), theme.fonts_generation(), current_language())
    return screen.blit(picture, (0, 0))


@lru_cache(maxsize=4)
def _banner(path: str, error: str, size: tuple[int, int], _fonts: int, _lang: str) -> pygame.Surface:
    """The banner's picture, laid out once: while a watched file stays broken (or a folder, a FIFO, a device)
    it shows every frame, and wrapping its text each time made frames ten times slower."""
    w, screen_h = size
    f = theme.font(18)
    # as tall as the error needs (up to four lines), never more than a third of the window
    lines = min(4, len(wrap(error, f, w - 24)))
    height = min(
        screen_h // 3,
        24 + theme.font(20, bold=True).get_linesize() + (lines + 1) * (f.get_linesize() + 2) + 12,
    )
    picture = pygame.Surface((w, height))
    rect = picture.get_rect()
    pygame.draw.rect(picture, (70, 18, 16), rect)
    pygame.draw.line(picture, theme.WARNING, rect.bottomleft, rect.bottomright, 2)
    inner = rect.inflate(-24, -16)
    y = paragraph(picture, t("save.banner_title", path=path), inner, 20, theme.TEXT, bold=True)
    y = paragraph(picture, error, pygame.Rect(inner.x, y + 2, inner.width, inner.bottom - y - 22), 18, theme.ACCENT)
    paragraph(picture, t("save.banner_hint"), pygame.Rect(inner.x, inner.bottom - 20, inner.width, 22), 16, theme.MUTED)
    return picture
