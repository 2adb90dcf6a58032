"""The end of a match: who won, and buttons to replay the level, review the board, or quit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.text.i18n import is_rtl, t
from game.ui import theme
from game.ui.deliberate import Deliberate
from game.ui.keymap import VICTORY_KEYS, intent_for
from game.ui.outcome import Outcome
from game.ui.scenes.base import Scene, SceneHost
from game.ui.widgets import Button, fit_line


class VictoryScene(Scene):
    """Shows the winner; replay starts the same level afresh."""

    def __init__(
        self,
        battle: Scene,
        winner_name: str | None,
        color: theme.Color,
        detail: str = "",
        headline: Outcome | None = None,
    ) -> None:
        self.battle = battle
        self.detail = detail
        self.winner_name = winner_name
        self.color = color
        self.headline = headline or Outcome(
            t("outcome.winner", side=winner_name) if winner_name else t("outcome.draw"), "", "result"
        )
        """"Victory" / "Defeat" and who won, or the winner and the defeated (game/ui/outcome.py)."""
        self.buttons: list[Button] = []
        self.hover: tuple[int, int] | None = None
        self.intents: dict[str, Callable[[], None]] = {
            "replay": self._replay,
            "next": lambda: self.app.session.next_level(),
            "review": self._review,
            "save": lambda: self.app.guard.save("save_replay"),
            "quit": self._quit,
            "pause": lambda: self.app.screens.show_pause(self),
        }
        self.note = ""
        """Where the replay was saved (or why not)."""
        self.gate = Deliberate(None)
        """When the screen opened: the tail of the click that ended the match must not press the button under it."""

    def enter(self, app: SceneHost) -> None:
        """Open; a click in the next moment is the rest of the gesture that ended the match, and is ignored."""
        super().enter(app)
        self.gate = Deliberate(app.now)
        self.gate.first("open")

    def _replay(self) -> None:
        self.app.session.replay()

    def _review(self) -> None:
        self.app.switch(self.battle)

    def _quit(self) -> None:
        self.app.guard.request_quit()  # an unsaved hot-seat replay is offered for saving first

    def say(self, message: str, tone: str = "info") -> None:
        """Show a line under the buttons (where a replay was saved)."""
        self.note = message

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons by click (none in the first moment after the screen opens), or R / N / B / S / Q."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and self.gate.too_soon("open"):
            return  # the second half of the double-click or double tap that ended the match
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.intents[b.intent]()
                    return
        elif event.type == pygame.KEYDOWN:
            intent = intent_for(VICTORY_KEYS, event)
            if intent is not None:
                self.intents[intent]()

    def draw(self, screen: pygame.Surface) -> None:
        """The winner in their side colour and the buttons."""
        screen.fill(theme.BACKGROUND)
        w, h = screen.get_size()
        title, title_size = fit_line(self.headline.title, w - 40, (60, 48, 36, 28), True)
        big = theme.render(title, title_size, self.color, True)
        screen.blit(big, big.get_rect(center=(w // 2, h // 2 - 130)))
        if self.headline.subtitle:
            sub, sub_size = fit_line(self.headline.subtitle, w - 40, (28, 24, 20), True)
            line = theme.label(sub, sub_size, theme.TEXT, True)
            screen.blit(line, line.get_rect(center=(w // 2, h // 2 - 78)))
        if self.detail:
            detail, detail_size = fit_line(self.detail, w - 40, (24, 20, 17))
            small = theme.label(detail, detail_size, theme.MUTED)
            screen.blit(small, small.get_rect(center=(w // 2, h // 2 - 36)))
        labels = [
            (t("victory.replay"), "replay", "R"),
            (t("victory.next"), "next", "N"),
            (t("victory.review"), "review", "B"),
            (t("victory.save"), "save", "S"),
            (t("victory.quit"), "quit", "Q"),
        ]
        if is_rtl():
            labels.reverse()  # the first choice stands where a right-to-left reader starts
        gap, bh = 16, 44
        # as wide as the longest label needs (German), but all buttons inside the window
        longest = max(theme.font(19, True).size(label)[0] for label, _, _ in labels) + 44
        bw = min(max(190, longest), (w - 40 - (len(labels) - 1) * gap) // len(labels))
        x0 = w // 2 - (len(labels) * bw + (len(labels) - 1) * gap) // 2
        self.buttons = [
            Button(pygame.Rect(x0 + i * (bw + gap), h // 2, bw, bh), label, intent, shortcut=key)
            for i, (label, intent, key) in enumerate(labels)
        ]
        for b in self.buttons:
            b.draw(screen, hover=self.hover is not None and b.hit(self.hover))
        if self.note:
            note = theme.label(self.note, 18, theme.MUTED)
            screen.blit(note, note.get_rect(center=(w // 2, h // 2 + bh + 30)))
