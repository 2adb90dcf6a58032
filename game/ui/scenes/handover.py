"""The hot-seat hand-over: hides the board, recaps what the other side did, and waits for a deliberate tap."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.text.i18n import t
from game.ui import theme
from game.ui.recap import RecapLine, fitting
from game.ui.scenes.base import Scene, SceneHost
from game.ui.widgets import Button, fitted, paragraph

RECAP_LINES = 10
"""At most this many recap lines, however tall the window."""
BUTTON_H, TAKE_BACK_H, NOTE_H, MARGIN = 52, 44, 50, 24


class HandOverScene(Scene):
    """ "<side>'s turn" on a plain background, the other side's turn in a few lines, and one button to start.

    Only a click or tap on the button continues: Enter, Space or a click elsewhere do nothing (one stray
    key must never pass a turn), and Esc opens the pause menu over the hand-over. The button stands in the
    same place whatever the recap's length; the recap keeps its most important lines (game/ui/recap.py).
    `take_back`, when given, is a second button under it that undoes the end of the turn (no die rolled).
    """

    def __init__(
        self,
        battle: Scene,
        side_name: str,
        color: theme.Color,
        recap: Sequence[RecapLine | str] = (),
        take_back: Callable[[], None] | None = None,
    ) -> None:
        self.battle = battle
        self.side_name = side_name
        self.color = color
        self.lines = tuple(line if isinstance(line, RecapLine) else RecapLine(line) for line in recap)
        self.recap = tuple(line.text for line in self.lines)
        """The other side's turn, every line in play order."""
        self.take_back = take_back
        self.button: Button | None = None
        self.back_button: Button | None = None
        self.band = pygame.Rect(0, 0, 0, 0)
        self.room = RECAP_LINES
        """How many recap lines fit between the title band and the button."""
        self.hover: tuple[int, int] | None = None

    def handle_event(self, event: pygame.event.Event) -> None:
        """The start button continues; the take-back button undoes the end of the turn; Esc pauses."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.button is not None and self.button.hit(event.pos):
                self.app.switch(self.battle)
            elif self.take_back is not None and self.back_button is not None and self.back_button.hit(event.pos):
                self.take_back()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.screens.show_pause(self)

    def enter(self, app: SceneHost) -> None:
        """Place the start button at once: a click may come before the first frame is drawn."""
        super().enter(app)
        self._place(self.app.screen.get_size())

    def relayout(self, size: tuple[int, int]) -> None:
        """The window changed size."""
        self._place(size)

    def _shown(self) -> list[str]:
        shown, left_out = fitting(self.lines, self.room)
        lines = [line.text for line in shown]
        if left_out:
            lines.append(t("recap.more", count=left_out))
        return lines

    def _place(self, size: tuple[int, int]) -> None:
        """The title band near the top, the buttons at fixed places near the bottom, the recap between them."""
        w, h = size
        line = theme.font(18).get_linesize() + 2
        heading = theme.font(20, True).get_linesize() + 2
        self.band = pygame.Rect(0, max(20, h // 10), w, 120)
        label = t("turns.handover_start")
        bw = min(w - 40, max(280, theme.font(19, True).size(label)[0] + 40))
        # from the bottom up, the same for every recap: take-back button, the note, the start button
        back_y = h - MARGIN - TAKE_BACK_H
        start_y = back_y - 12 - NOTE_H - 14 - BUTTON_H
        self.button = Button(pygame.Rect(w // 2 - bw // 2, start_y, bw, BUTTON_H), label, "start")
        back_label = t("recap.take_back")
        back_w = min(w - 40, max(240, theme.font(19, True).size(back_label)[0] + 40))
        self.back_button = Button(pygame.Rect(w // 2 - back_w // 2, back_y, back_w, TAKE_BACK_H), back_label, "back")
        top = self.band.bottom + 16 + heading
        self.room = max(1, min(RECAP_LINES, (start_y - 24 - top) // line))

    def draw(self, screen: pygame.Surface) -> None:
        """Fill the window, the title band, the recap and the start button."""
        screen.fill(theme.HANDOVER_BACKGROUND)
        w, _ = screen.get_size()
        self._place(screen.get_size())
        band = self.band
        pygame.draw.rect(screen, theme.blend(theme.HANDOVER_BACKGROUND, self.color, 0.35), band)
        pygame.draw.rect(screen, self.color, pygame.Rect(0, band.y, w, 6))
        title = t("turns.handover_title", side=self.side_name)
        size = fitted(title, w - 40, (44, 36, 30, 24), True)
        paragraph(screen, title, pygame.Rect(20, band.y + 30, w - 40, 80), size, theme.TEXT, bold=True, align="center")
        shown = self._shown()
        heading = t("turns.recap_title") if shown else t("turns.recap_none")
        y = paragraph(
            screen, heading, pygame.Rect(40, band.bottom + 16, w - 80, 30), 20, theme.MUTED, True, 2, "center"
        )
        for line in shown:
            y = paragraph(screen, line, pygame.Rect(40, y, w - 80, 24), 18, theme.TEXT, align="center")
        assert self.button is not None and self.back_button is not None
        self.button.draw(screen, hover=self.hover is not None and self.button.hit(self.hover))
        note = pygame.Rect(20, self.button.rect.bottom + 14, w - 40, NOTE_H)
        paragraph(screen, t("handover.note"), note, 18, theme.MUTED, align="center")
        if self.take_back is not None:
            self.back_button.draw(screen, hover=self.hover is not None and self.back_button.hit(self.hover))
