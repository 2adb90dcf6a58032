"""The hot-seat hand-over: hides the board until the next player clicks."""

from __future__ import annotations

import pygame

from game.i18n import t
from game.ui import theme
from game.ui.keymap import HANDOVER_KEYS, intent_for
from game.ui.scenes.base import Scene
from game.ui.widgets import paragraph


class HandOverScene(Scene):
    """ "<side>'s turn — click or tap to continue" on a plain background; nothing of the board shows."""

    def __init__(self, battle: Scene, side_name: str, color: theme.Color) -> None:
        self.battle = battle
        self.side_name = side_name
        self.color = color

    def handle_event(self, event: pygame.event.Event) -> None:
        """Any click, tap or Enter/Space continues; Esc quits."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.app.switch(self.battle)
        elif event.type == pygame.KEYDOWN:
            intent = intent_for(HANDOVER_KEYS, event)
            if intent == "continue":
                self.app.switch(self.battle)
            elif intent == "quit":
                self.app.quit()

    def draw(self, screen: pygame.Surface) -> None:
        """Fill the window and centre the message."""
        screen.fill(theme.HANDOVER_BACKGROUND)
        w, h = screen.get_size()
        band = pygame.Rect(0, h // 2 - 70, w, 140)
        pygame.draw.rect(screen, theme.blend(theme.HANDOVER_BACKGROUND, self.color, 0.35), band)
        pygame.draw.rect(screen, self.color, band.inflate(0, -band.height + 6).move(0, -band.height // 2 + 3))
        title = t("handover.title", side=self.side_name)
        size = 44 if theme.font(44, True).size(title)[0] < w - 40 else 30
        paragraph(screen, title, pygame.Rect(20, band.y + 30, w - 40, 100), size, theme.TEXT, bold=True, align="center")
        note = pygame.Rect(20, band.bottom + 16, w - 40, 60)
        paragraph(screen, t("handover.note"), note, 20, theme.MUTED, align="center")
