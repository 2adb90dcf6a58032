"""The level menu: every level in levels/, with its name and ruleset, or why it does not load."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.level import LevelError, load_level
from game.ui import theme
from game.ui.keymap import MENU_KEYS, intent_for
from game.ui.scenes.base import Scene
from game.ui.widgets import text

LEVELS_DIR = Path(__file__).resolve().parents[3] / "levels"
ROW_H = 34


@dataclass(frozen=True, slots=True)
class Entry:
    """One level file as the menu lists it."""

    path: Path
    title: str
    detail: str
    ok: bool


def scan(folder: Path = LEVELS_DIR) -> list[Entry]:
    """Every *.toml in `folder`, loaded to read its name (bad ones say why)."""
    entries = []
    for path in sorted(folder.glob("*.toml")):
        try:
            level = load_level(path)
        except LevelError as exc:
            entries.append(Entry(path, path.name, str(exc).splitlines()[0], False))
            continue
        entries.append(Entry(path, level.name, f"{path.name} · {level.ruleset}", True))
    return entries


class MenuScene(Scene):
    """Pick a level with the mouse or arrows + Enter; Esc goes back."""

    def __init__(self, back_to: Scene | None, folder: Path = LEVELS_DIR) -> None:
        self.back_to = back_to
        self.entries = scan(folder)
        self.index = 0
        self.top = 90

    def _row_rect(self, i: int, width: int) -> pygame.Rect:
        return pygame.Rect(40, self.top + i * ROW_H, width - 80, ROW_H - 4)

    def _open(self, i: int) -> None:
        if 0 <= i < len(self.entries) and self.entries[i].ok:
            self.app.open_level(self.entries[i].path)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows move, Enter or a click opens, Esc returns to the battle (or quits)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            w = self.app.screen.get_width()
            for i in range(len(self.entries)):
                if self._row_rect(i, w).collidepoint(event.pos):
                    self._open(i)
                    return
        elif event.type == pygame.KEYDOWN:
            intent = intent_for(MENU_KEYS, event)
            moves = {"up": -1, "down": 1}
            if intent in moves and self.entries:
                self.index = (self.index + moves[intent]) % len(self.entries)
            elif intent == "open":
                self._open(self.index)
            elif intent == "back":
                if self.back_to is not None:
                    self.app.switch(self.back_to)
                else:
                    self.app.quit()

    def draw(self, screen: pygame.Surface) -> None:
        """Title and one row per level."""
        screen.fill(theme.BACKGROUND)
        w = screen.get_width()
        text(screen, "Choose a level", (40, 30), 40, theme.TEXT, bold=True)
        if not self.entries:
            text(screen, f"No levels in {LEVELS_DIR}", (40, self.top), 22, theme.MUTED)
        for i, entry in enumerate(self.entries):
            rect = self._row_rect(i, w)
            if i == self.index:
                pygame.draw.rect(screen, (50, 55, 66), rect, border_radius=4)
            text(screen, entry.title, (rect.x + 8, rect.y + 6), 24, theme.TEXT if entry.ok else theme.DISABLED, True)
            detail = theme.font(18).render(entry.detail, True, theme.MUTED if entry.ok else theme.WARNING)
            screen.blit(detail, detail.get_rect(midright=(rect.right - 8, rect.centery)))
