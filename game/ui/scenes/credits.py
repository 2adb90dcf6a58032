"""The credits screen: the game, the owners of the rules it plays, the font and the creature art with their
licences, in the chosen language; reached from the level menu (its Credits button or C) and the kiosk."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.text.i18n import is_rtl, t
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, paragraph, wrap

SECTIONS = ("game", "rules", "font", "art", "libraries")
"""The credits in the order shown: each is a heading `credits.<name>_head` and a paragraph `credits.<name>`."""
SCROLL_STEP = 40
BACK_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE)


class CreditsScene(Scene):
    """Who made what the game shows and under which licence; Esc, Enter or Back returns, arrows or wheel scroll."""

    def __init__(self, back_to: Scene | None, on_back: Callable[[], None] | None = None) -> None:
        self.back_to = back_to
        self.on_back = on_back
        """What Back does instead of returning to `back_to` (the kiosk goes back to its attract screen)."""
        self.scroll = 0
        self.hover: tuple[int, int] | None = None
        self.back_button = Button(pygame.Rect(0, 0, 0, 0), "", "back")
        self._content_height = 0
        self._room = 0

    def back(self) -> None:
        """Return to where the credits were opened from."""
        if self.on_back is not None:
            self.on_back()
        elif self.back_to is not None:
            self.app.switch(self.back_to)
        else:
            self.app.screens.show_menu(None)

    def scroll_by(self, pixels: int) -> None:
        """Move the text up (positive) or down, within the text."""
        self.scroll = max(0, min(max(0, self._content_height - self._room), self.scroll + pixels))

    # --- layout -------------------------------------------------------------------------------

    def _place_back(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = theme.px(180), theme.px(44)
        margin = theme.px(40)
        x = w - margin - bw if is_rtl() else margin
        self.back_button.rect = pygame.Rect(x, h - margin - bh, bw, bh)
        self.back_button.label = t("credits.back")

    # --- scene protocol -----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Back by its button or a key; Up/Down, Page Up/Down, the wheel and a drag scroll."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if len(getattr(event, "buttons", ())) > 1 and event.buttons[1]:
                self.scroll_by(-event.rel[1])  # a middle drag, or a finger dragged on a touch screen (the kiosk)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._place_back(self.app.screen.get_size())
            if self.back_button.hit(event.pos):
                self.back()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
        elif event.type == pygame.KEYDOWN:
            if event.key in BACK_KEYS:
                self.back()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_by(SCROLL_STEP * (5 if event.key == pygame.K_PAGEDOWN else 1))
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_by(-SCROLL_STEP * (5 if event.key == pygame.K_PAGEUP else 1))

    def draw(self, screen: pygame.Surface) -> None:
        """The title, one heading and paragraph per credit (scrolled), Back and the key line."""
        w, h = screen.get_size()
        screen.fill(theme.BACKGROUND)
        self._place_back((w, h))
        margin = theme.px(40)
        width = min(w - 2 * margin, theme.px(900))
        left = (w - width) // 2
        top = paragraph(
            screen, t("credits.title"), pygame.Rect(left, margin, width, theme.px(60)), 40, theme.TEXT, True
        )
        text_area = pygame.Rect(left, top + theme.px(10), width, self.back_button.rect.y - top - theme.px(30))
        self._room = text_area.height
        body, head = theme.font(21), theme.font(24, True)
        gap = theme.px(16)
        height = 0
        for name in SECTIONS:
            height += head.get_linesize() + 4
            height += len(wrap(t(f"credits.{name}"), body, width)) * (body.get_linesize() + 2) + gap
        self._content_height = height
        self.scroll_by(0)  # keep the scroll inside the text after a resize or a language change
        old_clip = screen.get_clip()
        screen.set_clip(text_area)
        y = text_area.y - self.scroll
        for name in SECTIONS:
            y = paragraph(screen, t(f"credits.{name}_head"), pygame.Rect(left, y, width, h), 24, theme.ACCENT, True)
            y = paragraph(screen, t(f"credits.{name}"), pygame.Rect(left, y + 4, width, h), 21, theme.TEXT) + gap
        screen.set_clip(old_clip)
        if self._content_height > self._room:
            # a thin bar at the reading end shows how far the text is scrolled
            bar_x = left - theme.px(14) if is_rtl() else left + width + theme.px(8)
            share = self._room / self._content_height
            knob_h = max(theme.px(20), round(text_area.height * share))
            knob_y = text_area.y + round(
                (text_area.height - knob_h) * self.scroll / (self._content_height - self._room)
            )
            pygame.draw.rect(screen, theme.PANEL_EDGE, pygame.Rect(bar_x, text_area.y, theme.px(4), text_area.height))
            pygame.draw.rect(screen, theme.ACCENT, pygame.Rect(bar_x - 1, knob_y, theme.px(6), knob_h))
        self.back_button.draw(screen, hover=self.hover is not None and self.back_button.hit(self.hover))
        help_rect = pygame.Rect(left, self.back_button.rect.bottom + theme.px(8), width, theme.px(30))
        # a public screen has no Esc, Enter or arrow keys within reach: its hint names the button and a drag
        hint = t("kiosk_display.credits_help") if self.app.options.locked else t("credits.help")
        paragraph(screen, hint, help_rect, 17, theme.MUTED, align="center")
