"""A question over a dimmed picture of the screen below it: the pause menu, "quit?", "end the turn?"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.scenes.base import Scene, SceneHost
from game.ui.widgets import Button, fitted, paragraph, wrap

VEIL = (10, 11, 14, 170)
"""The veil over the picture below (RGBA)."""
TITLE, LINE, BUTTON_H, GAP, PAD = 28, 18, 46, 12, 24


@dataclass(frozen=True, slots=True)
class Choice:
    """One button of a dialog and what it does."""

    label: str
    run: Callable[[], None]
    key: int | None = None
    """A key that picks it too (never Enter or Space: those answer the button the arrows focused)."""
    shortcut: str = ""


FOCUS_KEYS = {pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_UP: -1}
"""Keys that move the keyboard focus down (+1) or up (-1) the column of buttons (Shift+Tab goes up)."""
ANSWER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class DialogScene(Scene):
    """A title, a few lines and a column of buttons; Esc runs `cancel` (back to where it came from).

    Keyboard: the arrows (or Tab) focus a button and Enter or Space presses it. Nothing is focused when
    the dialog opens, so an Enter meant for the screen below never answers a question unread.
    """

    def __init__(self, title: str, lines: Sequence[str], choices: Sequence[Choice], cancel: Callable[[], None]) -> None:
        self.title = title
        self.lines = tuple(lines)
        self.choices = tuple(choices)
        self.cancel = cancel
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.hover: tuple[int, int] | None = None
        self.focus: int | None = None
        """The button the keyboard focused (None until an arrow or Tab is pressed)."""
        self._drawn: tuple[object, ...] | None = None
        """What the last full drawing showed; while it still holds, a frame repaints nothing."""
        self.below: pygame.Surface | None = None
        """The window's picture when the dialog opened (what it is asked over)."""

    def enter(self, app: SceneHost) -> None:
        """Keep the picture of the screen below, to draw the dialog over it."""
        super().enter(app)
        if self.below is None:
            self.below = self.app.screen.copy()
        self._drawn = None
        self._layout(self.app.screen.get_size())

    def relayout(self, size: tuple[int, int]) -> None:
        """The window changed size: the old picture no longer fits, so the veil covers a plain background."""
        self.below = None
        self._layout(size)

    def _wrapped(self, width: int) -> list[str]:
        f = theme.font(LINE)
        return [part for line in self.lines for part in wrap(line, f, width)]

    def _layout(self, size: tuple[int, int]) -> None:
        """The box in the middle of the window, sized for the text, with one full-width button per choice."""
        w, h = size
        widest = max((theme.font(19, True).size(c.label)[0] + 70 for c in self.choices), default=200)
        box_w = min(w - 20, max(460, widest + 2 * PAD))
        inner_w = box_w - 2 * PAD
        text_h = theme.font(TITLE, True).get_linesize() + 12
        text_h += len(self._wrapped(inner_w)) * (theme.font(LINE).get_linesize() + 2)
        box_h = PAD + text_h + 16 + len(self.choices) * (BUTTON_H + GAP) - GAP + PAD
        self.box = pygame.Rect(w // 2 - box_w // 2, max(10, h // 2 - box_h // 2), box_w, box_h)
        top = self.box.y + PAD + text_h + 16
        self.buttons = [
            Button(
                pygame.Rect(self.box.x + PAD, top + i * (BUTTON_H + GAP), inner_w, BUTTON_H),
                c.label,
                str(i),
                shortcut=c.shortcut,
            )
            for i, c in enumerate(self.choices)
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click on a button, a choice's key, or Esc (cancel); nothing else answers."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.choices[int(b.intent)].run()
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return
            if event.key in FOCUS_KEYS and self.choices:
                step = -1 if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else FOCUS_KEYS[event.key]
                start = -1 if step > 0 else len(self.choices)
                self.focus = ((start if self.focus is None else self.focus) + step) % len(self.choices)
                return
            if event.key in ANSWER_KEYS and self.focus is not None:
                self.choices[self.focus].run()
                return
            for c in self.choices:
                if c.key is not None and event.key == c.key:
                    c.run()
                    return

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """The picture below under a veil, the question and its buttons; nothing while none of it changed.

        A question may wait for minutes (or, in a closed laptop, hours): redrawing the full-window veil 60 times
        a second kept a core busy, so the picture is drawn again only when the pointer, the focus or the size moves.
        """
        hovered = next((i for i, b in enumerate(self.buttons) if self.hover is not None and b.hit(self.hover)), None)
        drawn = (screen.get_size(), hovered, self.focus, id(self.below), theme.generation())
        if drawn == self._drawn:
            return []
        self._drawn = drawn
        if self.below is not None and self.below.get_size() == screen.get_size():
            screen.blit(self.below, (0, 0))
        else:
            screen.fill(theme.BACKGROUND)
        veil = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        veil.fill(VEIL)
        screen.blit(veil, (0, 0))
        pygame.draw.rect(screen, theme.PANEL, self.box, border_radius=10)
        pygame.draw.rect(screen, theme.ACCENT, self.box, 2, border_radius=10)
        inner = self.box.inflate(-2 * PAD, 0)
        size = fitted(self.title, inner.width, (TITLE, 24, 20), True)
        y = paragraph(
            screen,
            self.title,
            pygame.Rect(inner.x, self.box.y + PAD, inner.width, 44),
            size,
            theme.TEXT,
            bold=True,
            align="center",
        )
        for line in self._wrapped(inner.width):
            y = paragraph(
                screen, line, pygame.Rect(inner.x, y + 2, inner.width, LINE + 10), LINE, theme.MUTED, align="center"
            )
        for i, b in enumerate(self.buttons):
            b.draw(screen, hover=self.hover is not None and b.hit(self.hover))
            if i == self.focus:
                pygame.draw.rect(screen, theme.SELECTED, b.rect.inflate(6, 6), 3, border_radius=7)
        return None
