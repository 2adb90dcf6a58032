"""The level menu: every level in levels/ in the play order (levels/order.txt), each with a thumbnail of
its map, the current one marked; the focused level's whole description beside the list.

Its entries are data: `MENU_ITEMS` are the buttons along the top (new level, settings, who plays,
the language), `LEVEL_ITEMS` the buttons under the focused level's description (Play, Edit, the computer's strength).
Each is one line in one of the two lists.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.levels.controllers import EVERY
from game.levels.level import PLAYERS, Level, LevelError, load_level
from game.levels.level_order import ordered_levels
from game.levels.tutorial import RULESETS as TUTORIAL_RULESETS
from game.paths import LEVELS_DIR
from game.text.i18n import LANGUAGE_NAMES, current_language, is_rtl, next_language, set_language, t
from game.text.local_text import local
from game.ui import theme
from game.ui.editor.opening import edit_level, new_level
from game.ui.keymap import MENU_KEYS, intent_for
from game.ui.scenes.base import Scene, SceneHost
from game.ui.thumbnail import thumbnail
from game.ui.widgets import Button, ellipsized, paragraph, shares, text

ROW_H = 58
THUMB = (72, 48)
"""The thumbnail box of a list row; the focused level's is as large as its pane allows."""
TUTORIAL_ROW = -1
"""`index` of the "How to play" row above the levels (its buttons open one tutorial per ruleset)."""
BAR_Y = 96
"""Top of the "How to play" row, the full width under the title; the levels and the pane start below it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One level file as the menu lists it."""

    path: Path
    title: str
    detail: str
    ok: bool
    description: str = ""
    """The level's whole description (free UTF-8) in the chosen language."""
    level: Level | None = field(default=None, compare=False)
    """The loaded level (None when it does not load): its map is the thumbnail."""


@dataclass(frozen=True, slots=True)
class MenuItem:
    """A button of the menu: its intent, its label (asked each frame: it may show a state) and what it does."""

    intent: str
    label: Callable[[MenuScene], str]
    run: Callable[[MenuScene], None]


@dataclass(frozen=True, slots=True)
class LevelItem:
    """A button under the focused level: its intent, the catalogue key of its label, what it does with the level."""

    intent: str
    key: str | Callable[[MenuScene], str]
    """The catalogue key of the label, or a function giving the label now (a button that shows a state)."""
    run: Callable[[MenuScene, Entry], None]


def scan(folder: Path = LEVELS_DIR) -> list[Entry]:
    """Every *.toml in `folder` in the play order, loaded to read its name (bad ones say why)."""
    entries = []
    for path in ordered_levels(folder):
        try:
            level = load_level(path)
        except LevelError as exc:
            entries.append(Entry(path, path.name, str(exc).splitlines()[0], False))
            continue
        w, h = level.board.width, level.board.height
        detail = t("menu.detail", ruleset=t(f"ruleset.{level.ruleset}"), w=w, h=h, units=len(level.units))
        lang = current_language()
        description = " ".join(str(local(level.description, lang)).split())
        entries.append(Entry(path, str(local(level.name, lang)), detail, True, description, level))
    return entries


def _players_label(menu: MenuScene) -> str:
    return t("menu.players", who=t(f"players.{menu.app.players}"))


MENU_STRENGTHS = (None, "easy", "normal", "hard")
"""The strengths the menu offers for every computer side, in cycling order (None: as the level says)."""


def _strength_label(menu: MenuScene) -> str:
    chosen = menu.app.ai.get(EVERY) if len(menu.app.ai) == 1 else None
    return t("ai_choice.menu", strength=t(f"ai_choice.{chosen or 'level'}"))


def _language_label(menu: MenuScene) -> str:
    return t("language.button", name=LANGUAGE_NAMES.get(current_language(), current_language()))


MENU_ITEMS: list[MenuItem] = [
    MenuItem("new_level", lambda menu: t("editor.menu_new"), lambda menu: new_level(menu.app, menu)),
    MenuItem("settings", lambda menu: t("settings.open"), lambda menu: menu.app.screens.show_settings(menu)),
    MenuItem("credits", lambda menu: t("credits.open"), lambda menu: menu.open_credits()),
    MenuItem("players", _players_label, lambda menu: menu.cycle_players()),
    MenuItem("language", _language_label, lambda menu: menu.cycle_language()),
]
"""The top bar, in reading order (the last stands at the reading end). One line adds an entry."""

LEVEL_ITEMS: list[LevelItem] = [
    LevelItem("play", "level_menu.play", lambda menu, entry: menu.open_entry(entry)),
    LevelItem("edit", "editor.menu_edit", lambda menu, entry: edit_level(menu.app, entry.path)),
    LevelItem("strength", _strength_label, lambda menu, entry: menu.cycle_strength()),
]
"""The buttons under the focused level's description, in reading order. One line adds an entry."""


class MenuScene(Scene):
    """Pick a level with the mouse (hover shows it, a click opens it) or arrows + Enter; Esc goes back."""

    def __init__(self, back_to: Scene | None, folder: Path = LEVELS_DIR) -> None:
        self.back_to = back_to
        self.folder = folder
        self.entries = scan(folder)
        self.index = 0
        self.scroll = 0
        """Rows scrolled out of view at the top (wheel, or the keyboard focus leaving the list)."""
        self.top = BAR_Y + ROW_H + 6
        self.tutorial = 0
        """Which ruleset's "How to play" button the arrows chose (Left/Right on that row)."""
        self.hover: tuple[int, int] | None = None
        self.bar: list[Button] = []
        self.title_shown = True
        """Whether the title fits beside the top bar (else the bar takes the whole width)."""
        self.level_buttons: list[Button] = []
        self._focused_current = False

    def enter(self, app: SceneHost) -> None:
        """Focus the level being played (so Enter and the pane start from it)."""
        super().enter(app)
        current = self.current_index()
        if current is not None and not self._focused_current:
            self.index = current
            self._focused_current = True
            self._keep_visible()
        self._layout_bar(self.app.screen.get_width())

    # --- what the menu shows ---------------------------------------------------------------

    def current_index(self) -> int | None:
        """The row of the level being played, if it is in this folder."""
        level = self.app.session.level
        if level is None:
            return None
        here = Path(level.source).resolve()
        return next((i for i, e in enumerate(self.entries) if e.path.resolve() == here), None)

    def button(self, intent: str) -> Button:
        """The bar or level button of `intent` (as last laid out)."""
        return next(b for b in self.bar + self.level_buttons if b.intent == intent)

    @property
    def language_button(self) -> Button:
        """The language button of the top bar."""
        return self.button("language")

    @property
    def settings_button(self) -> Button:
        """The settings button of the top bar."""
        return self.button("settings")

    @property
    def players_button(self) -> Button:
        """The who-plays button of the top bar."""
        return self.button("players")

    def open_credits(self) -> None:
        """The credits screen; its Back returns here."""
        from game.ui.scenes.credits import CreditsScene

        self.app.switch(CreditsScene(self))

    def _language_rect(self, width: int) -> pygame.Rect:
        """Where the language button stands (laid out for `width`)."""
        self._layout_bar(width)
        return self.language_button.rect

    # --- layout ------------------------------------------------------------------------------

    def _mirror(self, rect: pygame.Rect, width: int) -> pygame.Rect:
        """`rect` mirrored left ↔ right in Hebrew, unchanged otherwise."""
        return pygame.Rect(width - rect.right, rect.y, rect.w, rect.h) if is_rtl() else rect

    def _layout_bar(self, width: int) -> None:
        """The top bar's buttons from the reading end backwards, each as wide as its label needs, beside the title;
        where they do not fit there (German at 800×600 ran over the title and off the window), across the whole
        width without the title, narrower if they must be (`shares`)."""
        labels = [item.label(self) for item in MENU_ITEMS]
        needs = [max(150, theme.font(19, True).size(label)[0] + 24) for label in labels]
        gaps = 12 * (len(needs) - 1)
        beside = width - 80 - theme.font(40, True).size(t("menu.title"))[0] - 24
        self.title_shown = sum(needs) + gaps <= beside
        if self.title_shown:
            widths = needs
        else:
            tight = [theme.font(19, True).size(label)[0] + 24 for label in labels]
            widths = shares(tight, width - 80 - gaps)
        buttons, right = [], width - 40
        for item, label, w in reversed(list(zip(MENU_ITEMS, labels, widths, strict=True))):
            buttons.append(Button(self._mirror(pygame.Rect(right - w, 34, w, 36), width), label, item.intent))
            right -= w + 12
        self.bar = list(reversed(buttons))

    def _list_width(self, width: int) -> int:
        return max(360, min(560, (width - 120) // 2))

    def _visible_rows(self, height: int) -> int:
        return max(1, (height - self.top - 50) // ROW_H)

    def _row_rect(self, i: int, width: int) -> pygame.Rect:
        """Row `i` on screen (it may lie outside the list when scrolled away)."""
        rect = pygame.Rect(40, self.top + (i - self.scroll) * ROW_H, self._list_width(width), ROW_H - 6)
        return self._mirror(rect, width)

    def _row_shown(self, i: int, height: int) -> bool:
        return self.scroll <= i < self.scroll + self._visible_rows(height)

    def _pane_rect(self, width: int, height: int) -> pygame.Rect:
        """The focused level's pane: beside the list, down to the help line."""
        x = 40 + self._list_width(width) + 40
        return self._mirror(pygame.Rect(x, self.top, width - 40 - x, height - self.top - 50), width)

    def _keep_visible(self) -> None:
        rows = self._visible_rows(self.app.screen.get_height())
        row = max(0, self.index)  # the "How to play" row never scrolls
        if row < self.scroll:
            self.scroll = row
        elif row >= self.scroll + rows:
            self.scroll = row - rows + 1

    # --- acting --------------------------------------------------------------------------------

    def cycle_players(self) -> None:
        """As the level says → hot-seat (all people) → the first side against the computer."""
        self.app.players = PLAYERS[(PLAYERS.index(self.app.players) + 1) % len(PLAYERS)]

    def cycle_strength(self) -> None:
        """The computer's strength for the next game: as the level says → easy → normal → hard → …"""
        now = self.app.ai.get(EVERY) if len(self.app.ai) == 1 else None
        following = (
            MENU_STRENGTHS[(MENU_STRENGTHS.index(now) + 1) % len(MENU_STRENGTHS)] if now in MENU_STRENGTHS else None
        )
        self.app.ai = {EVERY: following} if following else {}

    def cycle_language(self) -> None:
        """The next language (en → de → it → he), kept in the settings; the menu re-reads its texts."""
        change = getattr(self.app, "change_settings", None)
        if callable(change):
            change(self.app.settings.changed(language=next_language()))
        else:
            set_language(next_language())
        self.entries = scan(self.folder)  # names, descriptions and ruleset names in the new language

    def open_entry(self, entry: Entry) -> None:
        """Open a level; leaving a running match with unsaved moves asks first (App.open_level_asking)."""
        if entry.ok:
            self.app.guard.open_level_asking(entry.path)

    def _tutorial_row(self, width: int) -> pygame.Rect:
        """The "How to play" row: the full width under the title."""
        return pygame.Rect(40, BAR_Y, width - 80, ROW_H - 6)

    def _tutorial_rects(self, width: int) -> list[pygame.Rect]:
        """The "How to play" row's buttons, one per ruleset, at the row's reading end."""
        row = self._tutorial_row(width)
        w, gap = min(200, (row.width - 260) // len(TUTORIAL_RULESETS)), 10
        x0 = row.x + 8 if is_rtl() else row.right - 8 - len(TUTORIAL_RULESETS) * (w + gap) + gap
        rects = [pygame.Rect(x0 + i * (w + gap), row.y + 8, w, row.h - 16) for i in range(len(TUTORIAL_RULESETS))]
        return rects[::-1] if is_rtl() else rects

    def _open_tutorial(self, i: int) -> None:
        """Open the tutorial of the i-th ruleset (a running match with an unsaved replay asks first)."""
        self.app.guard.open_tutorial_asking(TUTORIAL_RULESETS[i])

    def _open(self, i: int) -> None:
        if 0 <= i < len(self.entries):
            self.open_entry(self.entries[i])

    def _click(self, pos: tuple[int, int]) -> None:
        w, h = self.app.screen.get_size()
        for b in self.bar:
            if b.hit(pos):
                next(item for item in MENU_ITEMS if item.intent == b.intent).run(self)
                self._layout_bar(w)
                return
        for i, rect in enumerate(self._tutorial_rects(w)):
            if rect.collidepoint(pos):
                self._open_tutorial(i)
                return
        for b in self.level_buttons:
            if b.hit(pos) and self.entries:
                next(item for item in LEVEL_ITEMS if item.intent == b.intent).run(self, self.entries[self.index])
                return
        for i in range(len(self.entries)):
            if self._row_shown(i, h) and self._row_rect(i, w).collidepoint(pos):
                self.index = i
                self._open(i)
                return

    def handle_event(self, event: pygame.event.Event) -> None:
        """Hover focuses a row, a click opens it; arrows move, Enter opens, the wheel scrolls, Esc goes back."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            w, h = self.app.screen.get_size()
            for i in range(len(self.entries)):
                if self._row_shown(i, h) and self._row_rect(i, w).collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.entries:
            rows = self._visible_rows(self.app.screen.get_height())
            self.scroll = max(0, min(len(self.entries) - rows, self.scroll - event.y))
        elif event.type == pygame.KEYDOWN:
            intent = intent_for(MENU_KEYS, event)
            moves = {"up": -1, "down": 1}
            sideways = {"left": -1, "right": 1}
            if intent in moves:
                # the "How to play" row (index -1) comes before the levels
                rows = len(self.entries) + 1
                self.index = (self.index + 1 + moves[intent]) % rows - 1
                self._keep_visible()
            elif intent in sideways and self.index == TUTORIAL_ROW:
                step = -sideways[intent] if is_rtl() else sideways[intent]
                self.tutorial = (self.tutorial + step) % len(TUTORIAL_RULESETS)
            elif intent == "open" and self.index == TUTORIAL_ROW:
                self._open_tutorial(self.tutorial)
            elif intent == "open":
                self._open(self.index)
            elif intent == "credits":
                self.open_credits()
            elif intent == "back":
                if self.back_to is not None:
                    self.app.switch(self.back_to)
                else:
                    self.app.screens.show_pause(self)  # Esc never quits

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """Title and top bar, one row per level, the focused level's pane, the help line."""
        screen.fill(theme.BACKGROUND)
        w, h = screen.get_size()
        rtl = is_rtl()
        start, align = (w - 40, "right") if rtl else (40, "left")
        self._layout_bar(w)
        if self.title_shown:
            text(screen, t("menu.title"), (start, 30), 40, theme.TEXT, bold=True, align=align)
        for b in self.bar:
            b.draw(screen, hover=self.hover is not None and b.hit(self.hover))
        if not self.entries:
            text(screen, t("menu.empty", folder=self.folder), (start, self.top), 22, theme.MUTED, align=align)
            self.level_buttons = []
        current = self.current_index()
        for i, entry in enumerate(self.entries):
            if self._row_shown(i, h):
                self._draw_row(screen, i, entry, i == current)
        self._draw_scroll_marks(screen)
        self._draw_tutorial_row(screen, w)
        if self.entries:
            shown = min(max(self.index, 0), len(self.entries) - 1)
            self._draw_pane(screen, self.entries[shown], shown == current)
        text(screen, t("level_menu.help"), (start, h - 36), 18, theme.MUTED, align=align)

    def _draw_tutorial_row(self, screen: pygame.Surface, width: int) -> None:
        """ "How to play" and one button per ruleset's tutorial."""
        rtl = is_rtl()
        rect = self._tutorial_row(width)
        pygame.draw.rect(
            screen, theme.ROW_HIGHLIGHT if self.index == TUTORIAL_ROW else theme.CARD_FILL, rect, border_radius=4
        )
        pygame.draw.rect(screen, theme.ACCENT, rect, 1, border_radius=4)
        boxes = self._tutorial_rects(width)
        room = rect.width - 28 - (max(b.right for b in boxes) - min(b.x for b in boxes))  # the words end before them
        title, detail = t("tutorial.menu_title"), t("tutorial.menu_detail")
        title = title if theme.font(22, True).size(title)[0] <= room else ellipsized(title, theme.font(22, True), room)
        detail = detail if theme.font(16).size(detail)[0] <= room else ellipsized(detail, theme.font(16), room)
        at = (rect.right - 8, rect.y + 4) if rtl else (rect.x + 8, rect.y + 4)
        text(screen, title, at, 22, theme.ACCENT, True, align="right" if rtl else "left")
        at2 = (rect.right - 8, rect.y + 30) if rtl else (rect.x + 8, rect.y + 30)
        text(screen, detail, at2, 16, theme.MUTED, align="right" if rtl else "left")
        for i, box in enumerate(boxes):
            chosen = self.index == TUTORIAL_ROW and i == self.tutorial
            hover = self.hover is not None and box.collidepoint(self.hover)
            button = Button(box, t(f"ruleset.{TUTORIAL_RULESETS[i]}"), f"tutorial:{TUTORIAL_RULESETS[i]}", armed=chosen)
            button.draw(screen, hover=hover)

    def _draw_scroll_marks(self, screen: pygame.Surface) -> None:
        """Small triangles above and below the list where rows are scrolled out of view."""
        w, h = screen.get_size()
        rows = self._visible_rows(h)
        list_rect = self._row_rect(self.scroll, w)
        x = list_rect.centerx
        if self.scroll > 0:
            y = self.top - 10
            pygame.draw.polygon(screen, theme.MUTED, [(x - 10, y + 4), (x + 10, y + 4), (x, y - 6)])
        if self.scroll + rows < len(self.entries):
            y = self.top + rows * ROW_H
            pygame.draw.polygon(screen, theme.MUTED, [(x - 10, y - 2), (x + 10, y - 2), (x, y + 8)])

    def _draw_row(self, screen: pygame.Surface, i: int, entry: Entry, current: bool) -> None:
        """A row: the thumbnail at the reading start, the name (marked when it is being played), the detail."""
        w = screen.get_width()
        rtl = is_rtl()
        rect = self._row_rect(i, w)
        if i == self.index:
            pygame.draw.rect(screen, theme.ROW_HIGHLIGHT, rect, border_radius=4)
        if current:
            pygame.draw.rect(screen, theme.ACCENT, rect, 2, border_radius=4)
        thumb_box = pygame.Rect(0, 0, *THUMB)
        if rtl:
            thumb_box.midright = (rect.right - 6, rect.centery)
        else:
            thumb_box.midleft = (rect.x + 6, rect.centery)
        if entry.level is not None:
            image = thumbnail(entry.level, THUMB)
            screen.blit(image, image.get_rect(center=thumb_box.center))
        room = rect.w - THUMB[0] - 24
        at = (thumb_box.x - 10, rect.y + 6) if rtl else (thumb_box.right + 10, rect.y + 6)
        align = "right" if rtl else "left"
        color = theme.TEXT if entry.ok else theme.DISABLED
        size = 22 if theme.font(22, True).size(entry.title)[0] <= room else 18
        text(screen, entry.title, at, size, theme.ACCENT if current else color, True, align=align)
        # the level being played says so where the eye lands after its name
        detail = f"{t('level_menu.now_playing')} · {entry.detail}" if current else entry.detail
        small = 16 if theme.font(16).size(detail)[0] <= room else 14
        tone = theme.ACCENT if current else theme.MUTED if entry.ok else theme.WARNING
        text(screen, detail, (at[0], rect.y + 34), small, tone, align=align)

    def _draw_pane(self, screen: pygame.Surface, entry: Entry, current: bool) -> None:
        """The focused level: a large thumbnail, its name, its whole description and its buttons."""
        w, h = screen.get_size()
        pane = self._pane_rect(w, h)
        pygame.draw.rect(screen, theme.PANEL, pane, border_radius=6)
        inner = pane.inflate(-28, -28)
        y = inner.y
        if entry.level is not None:
            image = thumbnail(entry.level, (inner.w, max(80, inner.h * 2 // 5)))
            screen.blit(image, image.get_rect(midtop=(inner.centerx, y)))
            y += image.get_height() + 14
        y = paragraph(screen, entry.title, pygame.Rect(inner.x, y, inner.w, 64), 26, theme.TEXT, True)
        if current:
            y = paragraph(screen, t("level_menu.now_playing"), pygame.Rect(inner.x, y, inner.w, 26), 18, theme.ACCENT)
        y = paragraph(screen, entry.detail, pygame.Rect(inner.x, y, inner.w, 44), 17, theme.MUTED)
        labels = [item.key(self) if callable(item.key) else t(item.key) for item in LEVEL_ITEMS]
        rows = self._button_rows(labels, inner.w)
        buttons_y = inner.bottom - 40 - 48 * (len(rows) - 1)
        if entry.description:
            paragraph(screen, entry.description, pygame.Rect(inner.x, y + 8, inner.w, buttons_y - y - 16), 18)
        self.level_buttons = []
        for k, row in enumerate(rows):
            x = inner.right if is_rtl() else inner.x
            for i, bw in row:
                rect = pygame.Rect(x - bw if is_rtl() else x, buttons_y + 48 * k, bw, 40)
                x = rect.x - 12 if is_rtl() else rect.right + 12
                button = Button(rect, labels[i], LEVEL_ITEMS[i].intent, enabled=entry.ok)
                button.draw(screen, hover=self.hover is not None and button.hit(self.hover))
                self.level_buttons.append(button)

    @staticmethod
    def _button_rows(labels: list[str], room: int) -> list[list[tuple[int, int]]]:
        """The pane's buttons as rows of (index, width), top row first: one row, narrower where the labels are long
        ("Forza del computer: come dice il livello" left the pane), or, where even that cuts a label (German at
        800×600), the last button on a row of its own above the others."""

        def widths(indices: list[int]) -> list[int]:
            needs = [max(140, theme.font(19, True).size(labels[i])[0] + 24) for i in indices]
            free = room - 12 * (len(indices) - 1)
            return needs if sum(needs) <= free else shares(needs, free)  # narrower, each as its label needs

        def fits(indices: list[int], ws: list[int]) -> bool:
            return all(Button(pygame.Rect(0, 0, w, 40), labels[i], "").fits() for i, w in zip(indices, ws, strict=True))

        everything = list(range(len(labels)))
        one = widths(everything)
        if fits(everything, one) or len(labels) < 2:
            return [list(zip(everything, one, strict=True))]
        last, rest = everything[-1:], everything[:-1]
        return [list(zip(last, widths(last), strict=True)), list(zip(rest, widths(rest), strict=True))]
