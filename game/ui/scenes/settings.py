"""The settings screen: animation speed, volume, sound on/off, UI scale, theme and language, each saved at once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import settings as gs
from game.settings import Settings
from game.text.i18n import LANGUAGE_NAMES, LANGUAGES, is_rtl, t
from game.ui import theme
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, fitted, paragraph

ROW_H, ROW_GAP, TOP, SIDE = 48, 10, 110, 60
VOLUME_STEP = 10
LANGUAGE_CHOICES: tuple[str | None, ...] = (None, *LANGUAGES)
"""None: follow the system's language."""


@dataclass(frozen=True, slots=True)
class Row:
    """One setting: its label key, how its value reads, and the settings one step further (±1)."""

    name: str
    value: Callable[[Settings], str]
    step: Callable[[Settings, int], Settings]


def _volume(s: Settings, d: int) -> Settings:
    return s.changed(volume=max(0, min(100, (s.volume // VOLUME_STEP + d) * VOLUME_STEP)))


def _scale_text(s: Settings) -> str:
    return f"{round(s.ui_scale * 100)} %"


ROWS: tuple[Row, ...] = (
    Row(
        "animation",
        lambda s: t(f"settings.animation_{s.animation}"),
        lambda s, d: s.changed(animation=gs.cycle(gs.ANIMATION_SPEEDS, s.animation, d)),
    ),
    Row("volume", lambda s: f"{s.volume}", _volume),
    Row(
        "mute",
        lambda s: t("settings.sound_off" if s.mute else "settings.sound_on"),
        lambda s, d: s.changed(mute=not s.mute),
    ),
    Row("ui_scale", _scale_text, lambda s, d: s.changed(ui_scale=gs.cycle(gs.UI_SCALES, s.ui_scale, d))),
    Row(
        "theme",
        lambda s: t(f"settings.theme_{s.theme.replace('-', '_')}"),
        lambda s, d: s.changed(theme=gs.cycle(gs.THEMES, s.theme, d)),
    ),
    Row(
        "language",
        lambda s: LANGUAGE_NAMES[s.language] if s.language else t("settings.language_system"),
        lambda s, d: s.changed(language=gs.cycle(LANGUAGE_CHOICES, s.language, d)),
    ),
)


class SettingsScene(Scene):
    """One row per setting: a click on its value (or ←/→ on the highlighted row) changes it; Esc or Back returns."""

    def __init__(self, back_to: Scene | None) -> None:
        self.back_to = back_to
        self.index = 0
        self.hover: tuple[int, int] | None = None
        self.buttons: list[Button] = []
        self.back_button = Button(pygame.Rect(0, 0, 0, 0), "", "back")
        self.message = ""

    # --- what the rows hold ---------------------------------------------------------------

    def change(self, row: int, direction: int = 1) -> None:
        """Step setting `row` one choice on (or back) and hand it to the window, which applies and saves it."""
        self.index = row
        new = ROWS[row].step(self.app.settings, direction)
        self.message = self.app.change_settings(new) or ""

    def back(self) -> None:
        """Return to the screen the settings were opened from (the pause menu's battle, the level menu)."""
        if self.back_to is not None:
            self.app.switch(self.back_to)
        else:
            self.app.screens.show_menu(None)

    # --- layout -------------------------------------------------------------------------------

    def _layout(self, width: int) -> None:
        rtl = is_rtl()
        value_w = min(320, max(200, width // 3))
        x = SIDE if rtl else width - SIDE - value_w
        self.buttons = [
            Button(
                pygame.Rect(x, TOP + i * (ROW_H + ROW_GAP), value_w, ROW_H), ROWS[i].value(self.app.settings), str(i)
            )
            for i in range(len(ROWS))
        ]
        bottom = TOP + len(ROWS) * (ROW_H + ROW_GAP) + 10
        self.back_button.rect = pygame.Rect(width - SIDE - 160 if rtl else SIDE, bottom, 160, ROW_H)
        self.back_button.label = t("settings.back")

    # --- scene protocol -------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Clicks on values and Back; ↑/↓ pick a row, ←/→/Enter change it, Esc goes back."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._layout(self.app.screen.get_width())
            if event.button == 1 and self.back_button.hit(event.pos):
                self.back()
                return
            for i, b in enumerate(self.buttons):
                if b.hit(event.pos):
                    self.change(i, 1 if event.button == 1 else -1)  # a right click steps back
                    return
        elif event.type == pygame.KEYDOWN:
            forward = -1 if is_rtl() else 1  # → reads "on" in the reading direction
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.index = (self.index + (1 if event.key == pygame.K_DOWN else -1)) % len(ROWS)
            elif event.key == pygame.K_RIGHT:
                self.change(self.index, forward)
            elif event.key == pygame.K_LEFT:
                self.change(self.index, -forward)
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.change(self.index, 1)

    def draw(self, screen: pygame.Surface) -> None:
        """The title, one row per setting (label at the reading start, value button at its end), Back, the hint."""
        w, h = screen.get_size()
        self._layout(w)
        rtl = is_rtl()
        align = "right" if rtl else "left"
        screen.fill(theme.BACKGROUND)
        title = t("settings.title")
        paragraph(
            screen,
            title,
            pygame.Rect(SIDE, 30, w - 2 * SIDE, 60),
            fitted(title, w - 2 * SIDE, (40, 32, 26), True),
            theme.TEXT,
            True,
            align=align,
        )
        for i, (row, button) in enumerate(zip(ROWS, self.buttons, strict=True)):
            line = pygame.Rect(SIDE - 12, button.rect.y - 4, w - 2 * SIDE + 24, ROW_H + 8)
            if i == self.index:
                pygame.draw.rect(screen, theme.ROW_HIGHLIGHT, line, border_radius=6)
            label_w = w - 2 * SIDE - button.rect.width - 20
            label_rect = pygame.Rect(w - SIDE - label_w if rtl else SIDE, button.rect.y + 10, label_w, ROW_H)
            label = t(f"settings.{row.name}")
            paragraph(screen, label, label_rect, fitted(label, label_w, (24, 20, 17)), theme.TEXT, True, align=align)
            button.draw(screen, hover=self.hover is not None and button.hit(self.hover))
        self.back_button.draw(screen, hover=self.hover is not None and self.back_button.hit(self.hover))
        y = self.back_button.rect.bottom + 20
        for line in (self.message, t("settings.hint")):
            if line:
                y = paragraph(screen, line, pygame.Rect(SIDE, y, w - 2 * SIDE, h - y), 17, theme.MUTED, align=align)
