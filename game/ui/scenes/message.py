"""A screen that shows one message (a level that failed to load) instead of a traceback."""

from __future__ import annotations

import pygame

from game.text.i18n import t
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.widgets import paragraph


class MessageScene(Scene):
    """The error text, wrapped; L opens the level menu, Esc or a click quits."""

    def __init__(self, title: str, message: str) -> None:
        self.title = title
        self.message = message

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc / Q / click quits; L opens the level menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.app.screens.show_menu(None)
        elif (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_q)) or (
            event.type == pygame.MOUSEBUTTONDOWN
        ):
            self.app.quit()

    def draw(self, screen: pygame.Surface) -> None:
        """Title in red, the message below it."""
        screen.fill(theme.BACKGROUND)
        w, h = screen.get_size()
        box = pygame.Rect(40, 40, w - 80, h - 80)
        y = paragraph(screen, self.title, box, 36, theme.WARNING, bold=True)
        y = paragraph(screen, self.message, pygame.Rect(box.x, y + 12, box.width, box.bottom - y - 60), 24, theme.TEXT)
        paragraph(screen, t("message.help"), pygame.Rect(box.x, y + 20, box.width, 40), 20, theme.MUTED)
