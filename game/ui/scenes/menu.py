"""The level menu: every level in levels/, with its name and ruleset, or why it does not load."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.i18n import LANGUAGE_NAMES, current_language, is_rtl, next_language, set_language, t
from game.level import PLAYERS, LevelError, load_level
from game.local_text import local
from game.paths import LEVELS_DIR
from game.tutorial import RULESETS as TUTORIAL_RULESETS
from game.ui import theme
from game.ui.keymap import MENU_KEYS, intent_for
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, text

ROW_H = 56
TUTORIAL_ROW = -1
"""`index` of the "How to play" row above the levels (its buttons open one tutorial per ruleset)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One level file as the menu lists it."""

    path: Path
    title: str
    detail: str
    ok: bool
    description: str = ""
    """The level's description (free UTF-8), shown on the row's second line."""


def scan(folder: Path = LEVELS_DIR) -> list[Entry]:
    """Every *.toml in `folder`, loaded to read its name (bad ones say why)."""
    entries = []
    for path in sorted(folder.glob("*.toml")):
        try:
            level = load_level(path)
        except LevelError as exc:
            entries.append(Entry(path, path.name, str(exc).splitlines()[0], False))
            continue
        w, h = level.board.width, level.board.height
        detail = t("menu.detail", ruleset=t(f"ruleset.{level.ruleset}"), w=w, h=h, units=len(level.units))
        lang = current_language()
        description = " ".join(local(level.description, lang).split())
        entries.append(Entry(path, local(level.name, lang), f"{path.name} · {detail}", True, description))
    return entries


def _fit(line: str, size: int, width: int) -> str:
    """`line` cut at a word with an ellipsis so it fits `width` pixels."""
    font = theme.font(size)
    if font.size(line)[0] <= width:
        return line
    words = line.split()
    while words and font.size(" ".join(words) + " …")[0] > width:
        words.pop()
    return " ".join(words) + " …"


class MenuScene(Scene):
    """Pick a level with the mouse or arrows + Enter; Esc goes back."""

    def __init__(self, back_to: Scene | None, folder: Path = LEVELS_DIR) -> None:
        self.back_to = back_to
        self.folder = folder
        self.entries = scan(folder)
        self.index = 0
        self.tutorial = 0
        """Which ruleset's "How to play" button the arrows chose (Left/Right on that row)."""
        self.top = 90 + ROW_H
        self.hover: tuple[int, int] | None = None
        self.language_button = Button(pygame.Rect(0, 0, 0, 0), "", "language")
        self.players_button = Button(pygame.Rect(0, 0, 0, 0), "", "players")
        self.settings_button = Button(pygame.Rect(0, 0, 0, 0), "", "settings")

    def _row_rect(self, i: int, width: int) -> pygame.Rect:
        return pygame.Rect(40, self.top + i * ROW_H, width - 80, ROW_H - 4)

    def _tutorial_rects(self, width: int) -> list[pygame.Rect]:
        """The "How to play" row's buttons, one per ruleset, at the row's reading end."""
        row = self._row_rect(TUTORIAL_ROW, width)
        w, gap = min(200, (row.width - 260) // len(TUTORIAL_RULESETS)), 10
        x0 = row.x + 8 if is_rtl() else row.right - 8 - len(TUTORIAL_RULESETS) * (w + gap) + gap
        rects = [pygame.Rect(x0 + i * (w + gap), row.y + 8, w, row.h - 16) for i in range(len(TUTORIAL_RULESETS))]
        return rects[::-1] if is_rtl() else rects

    def _open_tutorial(self, i: int) -> None:
        """Open the tutorial of the i-th ruleset (a running match with an unsaved replay asks first)."""
        ruleset = TUTORIAL_RULESETS[i]
        self.app.open_tutorial_asking(ruleset)

    def _language_rect(self, width: int) -> pygame.Rect:
        """The language button: top right, top left in Hebrew (where the reading ends)."""
        label = t("language.button", name=LANGUAGE_NAMES.get(current_language(), current_language()))
        w = max(150, theme.font(19, True).size(label)[0] + 24)
        return pygame.Rect(40 if is_rtl() else width - 40 - w, 34, w, 36)

    def _players_rect(self, width: int) -> pygame.Rect:
        """The players button, beside the language button."""
        lang = self._language_rect(width)
        w = max(190, theme.font(19, True).size(self._players_label())[0] + 24)
        return pygame.Rect(lang.right + 12 if is_rtl() else lang.x - 12 - w, lang.y, w, lang.h)

    def _settings_rect(self, width: int) -> pygame.Rect:
        """The settings button, beside the players button."""
        players = self._players_rect(width)
        w = max(150, theme.font(19, True).size(t("settings.open"))[0] + 24)
        return pygame.Rect(players.right + 12 if is_rtl() else players.x - 12 - w, players.y, w, players.h)

    def _players_label(self) -> str:
        return t("menu.players", who=t(f"players.{self.app.players}"))

    def cycle_players(self) -> None:
        """As the level says → hot-seat (all people) → the first side against the computer."""
        self.app.players = PLAYERS[(PLAYERS.index(self.app.players) + 1) % len(PLAYERS)]

    def cycle_language(self) -> None:
        """The next language (en → de → it → he), kept in the settings; the menu re-reads its texts."""
        change = getattr(self.app, "change_settings", None)
        if callable(change):
            change(self.app.settings.changed(language=next_language()))
        else:
            set_language(next_language())
        self.entries = scan(self.folder)  # the ruleset names in the details are translated

    def _open(self, i: int) -> None:
        if 0 <= i < len(self.entries) and self.entries[i].ok:
            self.app.open_level_asking(self.entries[i].path)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows move, Enter or a click opens, Esc returns to the battle (or quits)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            w = self.app.screen.get_width()
            if self._language_rect(w).collidepoint(event.pos):
                self.cycle_language()
                return
            if self._players_rect(w).collidepoint(event.pos):
                self.cycle_players()
                return
            if self._settings_rect(w).collidepoint(event.pos):
                self.app.show_settings(self)
                return
            for i, rect in enumerate(self._tutorial_rects(w)):
                if rect.collidepoint(event.pos):
                    self._open_tutorial(i)
                    return
            for i in range(len(self.entries)):
                if self._row_rect(i, w).collidepoint(event.pos):
                    self._open(i)
                    return
        elif event.type == pygame.KEYDOWN:
            intent = intent_for(MENU_KEYS, event)
            moves = {"up": -1, "down": 1}
            sideways = {"left": -1, "right": 1}
            if intent in moves:
                # the "How to play" row (index -1) comes before the levels
                rows = len(self.entries) + 1
                self.index = (self.index + 1 + moves[intent]) % rows - 1
            elif intent in sideways and self.index == TUTORIAL_ROW:
                step = -sideways[intent] if is_rtl() else sideways[intent]
                self.tutorial = (self.tutorial + step) % len(TUTORIAL_RULESETS)
            elif intent == "open" and self.index == TUTORIAL_ROW:
                self._open_tutorial(self.tutorial)
            elif intent == "open":
                self._open(self.index)
            elif intent == "back":
                if self.back_to is not None:
                    self.app.switch(self.back_to)
                else:
                    self.app.show_pause(self)  # Esc never quits

    def draw(self, screen: pygame.Surface) -> None:
        """Title and one row per level."""
        screen.fill(theme.BACKGROUND)
        w = screen.get_width()
        rtl = is_rtl()
        start, align = (w - 40, "right") if rtl else (40, "left")
        text(screen, t("menu.title"), (start, 30), 40, theme.TEXT, bold=True, align=align)
        button = self.language_button
        button.rect = self._language_rect(w)
        button.label = t("language.button", name=LANGUAGE_NAMES.get(current_language(), current_language()))
        button.draw(screen, hover=self.hover is not None and button.hit(self.hover))
        players = self.players_button
        players.rect = self._players_rect(w)
        players.label = self._players_label()
        players.draw(screen, hover=self.hover is not None and players.hit(self.hover))
        opener = self.settings_button
        opener.rect, opener.label = self._settings_rect(w), t("settings.open")
        opener.draw(screen, hover=self.hover is not None and opener.hit(self.hover))
        self._draw_tutorial_row(screen, w)
        if not self.entries:
            text(screen, t("menu.empty", folder=LEVELS_DIR), (start, self.top), 22, theme.MUTED, align=align)
        for i, entry in enumerate(self.entries):
            rect = self._row_rect(i, w)
            if i == self.index:
                pygame.draw.rect(screen, (50, 55, 66), rect, border_radius=4)
            # the level's own name (free UTF-8) at the reading start, file and ruleset at the end
            color = theme.TEXT if entry.ok else theme.DISABLED
            at = (rect.right - 8, rect.y + 4) if rtl else (rect.x + 8, rect.y + 4)
            text(screen, entry.title, at, 24, color, True, align=align)
            detail = theme.render(entry.detail, 17, theme.MUTED if entry.ok else theme.WARNING)
            if rtl:
                screen.blit(detail, detail.get_rect(topleft=(rect.x + 8, rect.y + 8)))
            else:
                screen.blit(detail, detail.get_rect(topright=(rect.right - 8, rect.y + 8)))
            if entry.description:
                line = _fit(entry.description, 16, rect.w - 16)
                at2 = (rect.right - 8, rect.y + 32) if rtl else (rect.x + 8, rect.y + 32)
                text(screen, line, at2, 16, theme.MUTED, align=align)
        help_y = self.top + max(1, len(self.entries)) * ROW_H + 12
        text(screen, t("menu.help"), (start, help_y), 18, theme.MUTED, align=align)

    def _draw_tutorial_row(self, screen: pygame.Surface, width: int) -> None:
        """ "How to play" and one button per ruleset's tutorial."""
        rtl = is_rtl()
        rect = self._row_rect(TUTORIAL_ROW, width)
        pygame.draw.rect(screen, (50, 55, 66) if self.index == TUTORIAL_ROW else (36, 40, 48), rect, border_radius=4)
        pygame.draw.rect(screen, theme.ACCENT, rect, 1, border_radius=4)
        at = (rect.right - 8, rect.y + 4) if rtl else (rect.x + 8, rect.y + 4)
        text(screen, t("tutorial.menu_title"), at, 24, theme.ACCENT, True, align="right" if rtl else "left")
        at2 = (rect.right - 8, rect.y + 32) if rtl else (rect.x + 8, rect.y + 32)
        text(screen, t("tutorial.menu_detail"), at2, 16, theme.MUTED, align="right" if rtl else "left")
        for i, box in enumerate(self._tutorial_rects(width)):
            chosen = self.index == TUTORIAL_ROW and i == self.tutorial
            hover = self.hover is not None and box.collidepoint(self.hover)
            button = Button(box, t(f"ruleset.{TUTORIAL_RULESETS[i]}"), f"tutorial:{TUTORIAL_RULESETS[i]}", armed=chosen)
            button.draw(screen, hover=hover)
