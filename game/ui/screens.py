"""`ScreenFlow`: the app's screens around the battle: pause menu, hot-seat hand-over, victory, level menu, settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.text.i18n import current_language, t
from game.text.local_text import local
from game.ui import theme
from game.ui.recap import turn_recap

if TYPE_CHECKING:
    from game.ui.scenes.base import AppHost, Scene


class ScreenFlow:
    """Which screen follows which around a battle: pause, hand-over, victory, level menu, settings."""

    def __init__(self, app: AppHost) -> None:
        self.app = app

    def show_pause(self, below: Scene) -> None:
        """Esc with nothing to step back from: resume, save the replay, the level menu, quit."""
        app, session = self.app, self.app.session
        resume = lambda: app.switch(below)  # noqa: E731 - a one-line action of a button

        def save_replay() -> None:
            app.switch(below)
            app.guard.save("save_replay")

        from game.ui.scenes.dialog import Choice, DialogScene

        choices = [Choice(t("pause.resume"), resume)]
        editor = app.editing.test_from
        if editor is not None and below is not editor:
            choices.insert(0, Choice(t("editor.back"), app.editing.back_to_editor, pygame.K_e, "E"))
        if session.match is not None and not app.options.locked:
            choices.append(Choice(t("pause.save"), save_replay))
        if not app.options.locked:
            choices += [
                Choice(t("pause.levels"), lambda: self.show_menu(below)),
                Choice(t("settings.open"), lambda: self.show_settings(below)),
                Choice(t("pause.quit"), app.guard.request_quit),
            ]
        lines = [local(session.level.name, current_language())] if session.level is not None else []
        if session.match is not None:
            lines.append(t("pause.seed", seed=session.match.seed))
        app.switch(DialogScene(t("pause.title"), lines, choices, cancel=resume))

    def show_handover(self, battle: Scene, side: str) -> None:
        """Hide the board until the next player is ready (hot-seat: only between human sides)."""
        app, session = self.app, self.app.session
        if session.level is None:
            return
        humans = [s for s in session.level.sides if s.controller == "human"]
        spec = next((s for s in session.level.sides if s.id == side), None)
        if len(humans) < 2 or spec is None or spec.controller != "human":
            return
        from game.ui.scenes.handover import HandOverScene

        recap = turn_recap(session.match) if session.match is not None else []
        ctl = getattr(battle, "ctl", None)

        def undo_end() -> None:
            # the player who ended the turn is still at the screen: the turn is theirs again
            if ctl is not None:
                ctl.take_back_end()
            app.switch(battle)

        take_back = undo_end if ctl is not None and ctl.can_take_back_end() else None

        color = session.side_colors.get(side, theme.TEXT)
        app.switch(HandOverScene(battle, session.side_name(side), color, recap, take_back))

    def show_victory(self, battle: Scene) -> None:
        """The victory screen for the finished match."""
        app, session = self.app, self.app.session
        if app.editing.test_from is not None:
            app.editing.test_play_over()
            return
        if app.hooks.victory is not None:
            app.hooks.victory(battle)
            return
        match, level = session.match, session.level
        winner = match.winner if match else None
        name = session.side_name(winner) if winner else None
        detail = ""
        if match is not None:
            moves = sum(1 for r in match.history if r.action.kind != "end_turn" and r.result.ok)
            detail = t("victory.detail", level=level.name if level else "", round=match.round, actions=moves)
        from game.ui.outcome import outcome
        from game.ui.scenes.victory import VictoryScene

        headline = outcome(level, winner) if level is not None else None
        color = session.side_colors.get(winner or "", theme.ACCENT)
        app.switch(VictoryScene(battle, name, color, detail, headline))

    def show_menu(self, back_to: Scene | None) -> None:
        """The level menu (not on a locked screen)."""
        if not self.app.options.locked:
            from game.ui.scenes.menu import MenuScene

            self.app.switch(MenuScene(back_to))

    def show_settings(self, back_to: Scene | None) -> None:
        """The settings screen (not on a locked screen: a visitor's choice must not stick)."""
        if not self.app.options.locked:
            from game.ui.scenes.settings import SettingsScene

            self.app.switch(SettingsScene(back_to))
