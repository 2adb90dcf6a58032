"""A tutorial: the battle screen with a prompt box that moves on only when the player has done what it asks.

The prompt sits in a corner of the board that holds none of the squares it talks about; its
buttons (and the keys N, R, X) skip a prompt, restart the tutorial and hide the box.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.battle.match import Match
from game.levels.tutorial import Tutorial
from game.text.i18n import current_language, is_rtl, t
from game.text.local_text import LocalText, local
from game.ui import theme
from game.ui.coach import Coach
from game.ui.overlays import card_keep, card_rect
from game.ui.scenes.battle import BattleScene
from game.ui.turn_call import call_band
from game.ui.view import BoardView
from game.ui.widgets import Button, paragraph, wrap
from rules.core import Square

TUTORIAL_KEYS: dict[int, str] = {pygame.K_n: "skip", pygame.K_r: "restart", pygame.K_x: "hide"}
"""Keys of the tutorial's own controls (unused by the battle screen)."""
TEXT_SIZE = 18
MARK = (255, 236, 120)
"""The ring around the squares a prompt points at."""


SPOTS = ("topright", "bottomright", "midbottom", "midtop", "topleft", "bottomleft", "midleft", "midright")
"""Where the prompt may sit on the board, in the order tried (the hover card takes the top left first)."""
MIRRORED = {"topright": "topleft", "bottomright": "bottomleft", "topleft": "topright", "bottomleft": "bottomright"}
MIRRORED |= {"midleft": "midright", "midright": "midleft"}
"""The spots in Hebrew, where the hover card takes the top right first (the battle screen is mirrored)."""


def place_box(
    area: pygame.Rect,
    size: tuple[int, int],
    avoid: list[pygame.Rect],
    rather: list[pygame.Rect] = (),
    rtl: bool = False,
) -> pygame.Rect:
    """Where a box of `size` goes inside `area`: the first spot covering none of `avoid` nor, if it can, `rather`."""
    w, h = min(size[0], area.width - 16), min(size[1], area.height - 16)
    inner = area.inflate(-16, -16)
    candidates = []
    for spot in (MIRRORED.get(s, s) for s in SPOTS) if rtl else SPOTS:
        candidate = pygame.Rect(0, 0, w, h)
        setattr(candidate, spot, getattr(inner, spot))
        candidates.append(candidate)

    def covered(box: pygame.Rect, rects: list[pygame.Rect]) -> int:
        return sum(box.clip(r).width * box.clip(r).height for r in rects)

    for rects in ([*avoid, *rather], avoid):
        for candidate in candidates:
            if covered(candidate, rects) == 0:
                return candidate
    return min(candidates, key=lambda c: covered(c, avoid))


class TutorialScene(BattleScene):
    """A match on a tutorial level, coached step by step."""

    def __init__(self, match: Match, tutorial: Tutorial, restart: Callable[[], None] | None = None) -> None:
        super().__init__(match)
        self.tutorial = tutorial
        self.coach = Coach(tutorial, self.ctl)
        self.restart = restart
        self.hidden = False
        self.box: pygame.Rect | None = None
        """Where the prompt was drawn last (clicks there never reach the board)."""
        self.buttons: list[Button] = []

    # --- the coach ------------------------------------------------------------------------

    def _poll(self) -> None:
        """Move the prompt on when the player did what it asked; redraw the whole window then."""
        if self.coach.poll():
            self.frame.invalidate()

    def prompt_text(self) -> LocalText:
        """The current prompt: on a touch screen (the kiosk) its `touch` text, which names no key."""
        step = self.coach.step
        return step.touch if self.kiosk and step.touch is not None else step.text

    def run_tutorial_intent(self, intent: str) -> None:
        """skip: the next prompt; restart: the tutorial from its start; hide: hide or show the prompt; do: what a
        key-only step asks (the kiosk's button for it: step costs shown, the tactic chosen)."""
        step = self.coach.step
        if intent == "do" and step.check == "costs":
            self.ctl.step_costs = True
        elif intent == "do" and step.check == "tactic" and step.tactic is not None:
            self.ctl.choose_tactic(step.tactic)
        if intent == "skip":
            self.coach.skip()
        elif intent == "restart" and self.restart is not None:
            self.restart()
            return
        elif intent == "hide":
            self.hidden = not self.hidden
        self.frame.invalidate()

    # --- scene protocol --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """The prompt's buttons and keys first; everything else plays the battle as usual."""
        if event.type == pygame.KEYDOWN and event.key in TUTORIAL_KEYS and not event.mod & pygame.KMOD_CTRL:
            self.run_tutorial_intent(TUTORIAL_KEYS[event.key])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.box is not None:
            for button in self.buttons:
                if button.hit(event.pos):
                    self.run_tutorial_intent(button.intent)
                    return
            if self.box.collidepoint(event.pos):
                return  # a click on the prompt is not a click on the square under it
        super().handle_event(event)
        self._poll()

    def update(self, dt: float) -> None:
        """The battle's update, then the coach (an action performed by the computer may be what it waits for)."""
        super().update(dt)
        self._poll()

    def _draw_overlays(self, screen: pygame.Surface) -> list[pygame.Rect]:
        drawn = super()._draw_overlays(screen)
        assert self.view is not None
        if self.hidden:
            drawn.append(self._draw_tab(screen, self.view.rect))
            return drawn
        drawn += self._draw_marks(screen, self.view)
        drawn.append(self._draw_prompt(screen, self.view))
        return drawn

    # --- drawing ---------------------------------------------------------------------------

    def focus_rects(self, view: BoardView) -> list[pygame.Rect]:
        """The pixel rectangles of the squares the current prompt talks about (and the selected unit)."""
        squares: list[Square] = list(self.coach.focus())
        if self.ctl.selected is not None:
            squares += self.ctl.situation().creatures[self.ctl.selected].footprint()
        return [view.square_rect(sq).inflate(6, 6) for sq in squares]

    def _draw_marks(self, screen: pygame.Surface, view: BoardView) -> list[pygame.Rect]:
        """A ring around each square the prompt points at."""
        step = self.coach.step
        marks = step.show or step.squares
        drawn = []
        for sq in marks:
            rect = view.square_rect(sq).inflate(-4, -4)
            if rect.colliderect(view.rect):
                drawn.append(pygame.draw.rect(screen, MARK, rect.clip(view.rect), 3, border_radius=4))
        return drawn

    def _draw_prompt(self, screen: pygame.Surface, view: BoardView) -> pygame.Rect:
        """The prompt box: step count, the text, and the skip / restart / hide buttons."""
        area = view.rect
        band = call_band(area, self.ctl) if self.kiosk else None
        if band is not None:  # the kiosk's turn call over the top of the board stays readable above the prompt
            area = pygame.Rect(area.x, band.bottom, area.width, area.bottom - band.bottom)
        width = max(280, min(460, area.width * 45 // 100))
        body = theme.font(TEXT_SIZE)
        text = str(local(self.prompt_text(), current_language()))
        rows = len(wrap(text, body, width - 28))
        heading = t("tutorial.step", n=self.coach.index + 1, total=len(self.tutorial.steps))
        height = 14 + 24 + rows * (body.get_linesize() + 2) + 12 + 34 + 12
        others = [view.square_rect(sq) for c in self.ctl.situation().creatures.values() for sq in c.footprint()]
        avoid = self.focus_rects(view)
        lines = self.ctl.look.card_lines()
        if lines:
            # the prompt is drawn over the hover card: it keeps clear of it, or the card the prompt explains is hidden
            avoid.append(card_rect(lines, area, self.pointer(), card_keep(self.ctl, view)))
        box = place_box(area, (width, height), avoid, others, rtl=is_rtl())
        self.box = box
        pygame.draw.rect(screen, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(screen, theme.ACCENT, box, 2, border_radius=10)
        inner = box.inflate(-28, -14)
        title = f"{local(self.tutorial.title, current_language())} · {heading}"
        y = paragraph(screen, title, pygame.Rect(inner.x, inner.y + 2, inner.w, 24), 16, theme.MUTED, bold=True)
        paragraph(screen, text, pygame.Rect(inner.x, y + 2, inner.w, inner.bottom - y - 46), TEXT_SIZE, theme.TEXT)
        self.buttons = self._layout_buttons(box)
        for button in self.buttons:
            button.draw(screen, hover=button.hit(self.mouse))
        return box

    def _layout_buttons(self, box: pygame.Rect) -> list[Button]:
        """Skip, restart and hide along the bottom of the box (mirrored in Hebrew). On a touch screen (the kiosk)
        the buttons name no key, and a step only a key could answer (V, 2) gets its own button instead of Skip and
        Hide."""
        step = self.coach.step
        specs = [
            ("skip", t("tutorial.skip"), "N"),
            ("restart", t("tutorial.restart"), "R"),
            ("hide", t("tutorial.hide"), "X"),
        ]
        if self.coach.finished:
            specs = specs[1:]  # nothing left to skip
        elif self.kiosk and step.check == "costs":
            specs = [("do", t("tutorial_touch.costs"), ""), specs[1]]  # two wide buttons: the label reads whole
        elif self.kiosk and step.check == "tactic" and step.tactic is not None:
            specs = [("do", t("tutorial_touch.tactic", tactic=t(f"tactic.{step.tactic}")), ""), specs[1]]
        gap, h = 8, 30
        w = (box.width - 28 - gap * (len(specs) - 1)) // len(specs)
        y = box.bottom - 12 - h
        buttons = []
        for i, (intent, label, shortcut) in enumerate(specs):
            slot = len(specs) - 1 - i if is_rtl() else i
            rect = pygame.Rect(box.x + 14 + slot * (w + gap), y, w, h)
            buttons.append(Button(rect, label, intent, shortcut="" if self.kiosk else shortcut))
        return buttons

    def _draw_tab(self, screen: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        """While hidden: a small button that brings the prompt back."""
        label = t("tutorial.show")
        w = theme.font(17, bold=True).size(label)[0] + 50
        rect = pygame.Rect(0, 0, w, 32)
        rect.topright = (area.right - 8, area.y + 8)
        if is_rtl():
            rect.topleft = (area.x + 8, area.y + 8)
        button = Button(rect, label, "hide", shortcut="" if self.kiosk else "X")
        self.buttons, self.box = [button], rect
        button.draw(screen, hover=button.hit(self.mouse))
        return rect
