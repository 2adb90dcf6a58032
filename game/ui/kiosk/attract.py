"""Kiosk screens: the attract loop (a computer-against-computer demo under a pulsing "touch to play"),
the result of a visitor's game, and a plain fallback when nothing can be shown."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.text.i18n import current_language, t
from game.text.local_text import local
from game.ui import theme
from game.ui.kiosk.strings import tr
from game.ui.scenes.base import Scene
from game.ui.scenes.battle import BattleScene
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.scenes.base import SceneHost

PULSE_SECONDS = 1.6
"""One breath of the "touch to play" banner."""
START_KINDS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
"""Inputs that start a visitor game (touch arrives as a synthetic click)."""


def _fit_font(value: str, width: int, size: int, bold: bool = True) -> pygame.font.Font:
    """The largest font not above `size` that fits `value` into `width` pixels."""
    while size > 18 and theme.font(size, bold).size(value)[0] > width:
        size -= 4
    return theme.font(size, bold)


def banner(screen: pygame.Surface, title: str, subtitle: str, phase: float, color: theme.Color) -> pygame.Rect:
    """A big band across the lower middle of the screen whose glow breathes with `phase` (0–1)."""
    w, h = screen.get_size()
    glow = 0.5 + 0.5 * math.sin(phase * 2 * math.pi)
    band = pygame.Rect(0, int(h * 0.70), w, max(110, h * 2 // 9))
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((8, 10, 14, 205))
    screen.blit(shade, band)
    edge = theme.blend(color, (255, 255, 255), 0.4 * glow)
    pygame.draw.rect(screen, edge, (0, band.y, w, 6))
    pygame.draw.rect(screen, edge, (0, band.bottom - 6, w, 6))
    size = int(band.height * (0.42 + 0.06 * glow))
    big = _fit_font(title, w - 60, size).render(theme.visual(title), True, theme.blend(theme.TEXT, color, 0.25 * glow))
    screen.blit(big, big.get_rect(center=(w // 2, band.y + band.height * 0.42)))
    if subtitle:
        small_font = _fit_font(subtitle, w - 60, max(22, band.height // 7), bold=False)
        small = small_font.render(theme.visual(subtitle), True, theme.MUTED)
        screen.blit(small, small.get_rect(center=(w // 2, band.y + band.height * 0.8)))
    return band


class AttractScene(Scene):
    """A demo match played by the computer on both sides; any touch, click or key starts a visitor game."""

    def __init__(self, battle: BattleScene, on_start: Callable[[], None], hotseat: bool = False) -> None:
        self.battle = battle
        self.on_start = on_start
        self.hotseat = hotseat
        self.phase = 0.0
        self.result: str | None = None
        """Set when the demo match is over: its result shows until `result_left` runs out."""
        self.result_left = 0.0
        self.on_next: Callable[[], None] | None = None
        self.on_tutorial: Callable[[], None] | None = None
        """ "How to play": the tutorial of the demo's ruleset (a touch on its button; None: no button)."""
        self.tutorial_button: Button | None = None
        self.on_credits: Callable[[], None] | None = None
        """ "Credits": the credits screen (a touch on its button, under "How to play"; None: no button)."""
        self.credits_button: Button | None = None

    def enter(self, app: SceneHost) -> None:
        """Lay out the demo board for the window."""
        super().enter(app)
        self.battle.enter(app)

    def leave(self) -> None:
        """Stop the demo's computer players."""
        self.battle.leave()

    def relayout(self, size: tuple[int, int]) -> None:
        """Refit the demo board."""
        self.battle.relayout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A touch on "How to play" starts the tutorial, on "Credits" shows them; any other touch, click or key
        press a visitor game."""
        credits = self.credits_button
        if event.type == pygame.MOUSEBUTTONDOWN and credits is not None and self.on_credits and credits.hit(event.pos):
            self.on_credits()
            return
        button = self.tutorial_button
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and button is not None
            and self.on_tutorial is not None
            and button.hit(event.pos)
        ):
            self.on_tutorial()
        elif event.type in START_KINDS:
            self.on_start()

    def finish(self, text: str, seconds: float, on_next: Callable[[], None]) -> None:
        """The demo match ended: show `text` for `seconds`, then call `on_next` (the next demo)."""
        self.result = text
        self.result_left = seconds
        self.on_next = on_next

    def update(self, dt: float) -> None:
        """Advance the demo (the computer's moves) and the pulse; start the next demo when a result has shown."""
        self.phase = (self.phase + dt / PULSE_SECONDS) % 1.0
        if self.result is not None:
            self.result_left -= dt
            if self.result_left <= 0 and self.on_next is not None:
                on_next, self.on_next = self.on_next, None
                on_next()
            return
        self.battle.update(dt)

    def draw(self, screen: pygame.Surface) -> None:
        """The demo board, then the banner over it (the whole window each frame: the banner moves)."""
        self.battle.frame.invalidate()
        self.battle.draw(screen)
        m = self.battle.match
        ruleset = t(f"ruleset.{m.level.ruleset}")  # "Pathfinder 1e", never the id a visitor cannot read
        subtitle = self.result or tr("kiosk.demo", level=local(m.level.name, current_language()), ruleset=ruleset)
        key = "kiosk.touch_to_play_hotseat" if self.hotseat else "kiosk.touch_to_play"
        banner(screen, tr(key), subtitle, self.phase, theme.ACCENT)
        if self.on_tutorial is not None:
            w, h = screen.get_size()
            bw, bh = min(380, w // 3), max(72, h // 10)
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, max(24, h // 30))  # top middle: clear of the banner and the corner exit zones
            self.tutorial_button = Button(rect, tr("tutorial.kiosk_button"), "tutorial")
            _big_button(screen, self.tutorial_button, 0.25)
        if self.on_credits is not None:
            w, h = screen.get_size()
            bw, bh = min(300, w // 4), max(64, h // 14)
            rect = pygame.Rect(0, 0, bw, bh)
            above = self.tutorial_button.rect.bottom if self.tutorial_button is not None else 0
            rect.midtop = (w // 2, max(24, h // 30, above + 12))  # under "How to play", clear of the banner
            self.credits_button = Button(rect, tr("credits.open"), "credits")
            _big_button(screen, self.credits_button, 0.25)


class ResultScene(Scene):
    """The end of a visitor's game: who won, and two big buttons (play again, watch the demo)."""

    def __init__(
        self,
        title: str,
        color: theme.Color,
        detail: str,
        on_again: Callable[[], None],
        on_demo: Callable[[], None],
        seconds: float,
    ) -> None:
        self.title = title
        self.color = color
        self.detail = detail
        self.on_again = on_again
        self.on_demo = on_demo
        self.left = seconds
        self.buttons: list[Button] = []
        self.phase = 0.0

    def handle_event(self, event: pygame.event.Event) -> None:
        """A tap on a button; everything else is ignored (the screen times out by itself)."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    (self.on_again if b.intent == "again" else self.on_demo)()
                    return

    def update(self, dt: float) -> None:
        """Back to the demo when nobody chose."""
        self.phase = (self.phase + dt / PULSE_SECONDS) % 1.0
        self.left -= dt
        if self.left <= 0:
            self.left = math.inf  # once only, even if the switch below fails and the guard steps in
            self.on_demo()

    def draw(self, screen: pygame.Surface) -> None:
        """Winner in the side colour, the detail line and two large buttons."""
        screen.fill(theme.BACKGROUND)
        w, h = screen.get_size()
        big = _fit_font(self.title, w - 60, max(48, h // 9)).render(theme.visual(self.title), True, self.color)
        screen.blit(big, big.get_rect(center=(w // 2, h // 3)))
        if self.detail:
            small = theme.label(self.detail, max(22, h // 28), theme.MUTED)
            screen.blit(small, small.get_rect(center=(w // 2, h // 3 + big.get_height())))
        bw, bh, gap = min(360, (w - 100) // 2), max(72, h // 9), 40
        x0 = w // 2 - bw - gap // 2
        self.buttons = [
            Button(pygame.Rect(x0, int(h * 0.6), bw, bh), tr("kiosk.play_again"), "again"),
            Button(pygame.Rect(x0 + bw + gap, int(h * 0.6), bw, bh), tr("kiosk.watch_demo"), "demo"),
        ]
        for b in self.buttons:
            _big_button(screen, b, self.phase if b.intent == "again" else 0.25)


def _big_button(screen: pygame.Surface, b: Button, phase: float) -> None:
    """A touch-sized button with a large label (widgets.Button's label is sized for the mouse)."""
    glow = 0.5 + 0.5 * math.sin(phase * 2 * math.pi)
    fill = theme.blend((52, 58, 70), theme.ACCENT, 0.15 + 0.2 * glow) if b.intent == "again" else (52, 58, 70)
    pygame.draw.rect(screen, fill, b.rect, border_radius=12)
    pygame.draw.rect(screen, theme.ACCENT if b.intent == "again" else theme.PANEL_EDGE, b.rect, 3, border_radius=12)
    label = _fit_font(b.label, b.rect.width - 24, b.rect.height // 2).render(theme.visual(b.label), True, theme.TEXT)
    screen.blit(label, label.get_rect(center=b.rect.center))


class FallbackScene(Scene):
    """Shown only when no demo can start: a calm message; the kiosk retries after a while."""

    def __init__(self, retry: Callable[[], None], seconds: float = 30.0, detail: str = "") -> None:
        self.retry = retry
        self.seconds = seconds
        self.left = seconds
        self.detail = detail
        """A calm second line under the first (why there is no demo, in the visitor's words), or empty."""

    def update(self, dt: float) -> None:
        """Try the demo again after the wait."""
        self.left -= dt
        if self.left <= 0:
            self.left = self.seconds
            self.retry()

    def draw(self, screen: pygame.Surface) -> None:
        """A centred line, and the detail under it."""
        screen.fill(theme.BACKGROUND)
        w, h = screen.get_size()
        text = theme.render(tr("kiosk.back_soon"), 48, theme.MUTED, True)
        screen.blit(text, text.get_rect(center=(w // 2, h // 2)))
        if self.detail:
            small = theme.render(self.detail, 26, theme.MUTED)
            screen.blit(small, small.get_rect(center=(w // 2, h // 2 + text.get_height())))
