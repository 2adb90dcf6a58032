"""The app's screens around the battle: pause menu, hot-seat hand-over, victory, level menu, settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.text.i18n import current_language, t
from game.text.local_text import local
from game.ui import theme
from game.ui.recap import turn_recap

if TYPE_CHECKING:
    from game.battle.match import Match
    from game.levels.level import Level
    from game.ui.hooks import AppHooks
    from game.ui.options import AppOptions
    from game.ui.scenes.base import Scene


class Screens:
    """Mixed into the App: the screens it shows between and around battles (the app owns the fields named here)."""

    options: AppOptions
    hooks: AppHooks
    match: Match | None
    level: Level | None
    side_colors: dict[str, theme.Color]
    editor: Scene | None

    if TYPE_CHECKING:

        def switch(self, scene: Scene) -> None: ...

        def save(self, intent: str) -> None: ...

        def request_quit(self) -> None: ...

        def side_name(self, side: str | None) -> str: ...

        def back_to_editor(self) -> None: ...

        def test_play_over(self, battle: Scene) -> None: ...

    def show_pause(self, below: Scene) -> None:
        """Esc with nothing to step back from: resume, save the replay, the level menu, quit."""
        resume = lambda: self.switch(below)  # noqa: E731 - a one-line action of a button

        def save_replay() -> None:
            self.switch(below)
            self.save("save_replay")

        from game.ui.scenes.dialog import Choice, DialogScene

        choices = [Choice(t("pause.resume"), resume)]
        if self.editor is not None and below is not self.editor:
            choices.insert(0, Choice(t("editor.back"), self.back_to_editor, pygame.K_e, "E"))
        if self.match is not None and not self.options.locked:
            choices.append(Choice(t("pause.save"), save_replay))
        if not self.options.locked:
            choices += [
                Choice(t("pause.levels"), lambda: self.show_menu(below)),
                Choice(t("settings.open"), lambda: self.show_settings(below)),
                Choice(t("pause.quit"), self.request_quit),
            ]
        lines = [local(self.level.name, current_language())] if self.level is not None else []
        if self.match is not None:
            lines.append(t("pause.seed", seed=self.match.seed))
        self.switch(DialogScene(t("pause.title"), lines, choices, cancel=resume))

    def show_handover(self, battle: Scene, side: str) -> None:
        """Hide the board until the next player is ready (hot-seat: only between human sides)."""
        if self.level is None:
            return
        humans = [s for s in self.level.sides if s.controller == "human"]
        spec = next((s for s in self.level.sides if s.id == side), None)
        if len(humans) < 2 or spec is None or spec.controller != "human":
            return
        from game.ui.scenes.handover import HandOverScene

        recap = turn_recap(self.match) if self.match is not None else []
        ctl = getattr(battle, "ctl", None)

        def undo_end() -> None:
            # the player who ended the turn is still at the screen: the turn is theirs again
            if ctl is not None:
                ctl.take_back_end()
            self.switch(battle)

        take_back = undo_end if ctl is not None and ctl.can_take_back_end() else None

        color = self.side_colors.get(side, theme.TEXT)
        self.switch(HandOverScene(battle, self.side_name(side), color, recap, take_back))

    def show_victory(self, battle: Scene) -> None:
        """The victory screen for the finished match."""
        if self.editor is not None:
            self.test_play_over(battle)
            return
        if self.hooks.victory is not None:
            self.hooks.victory(battle)
            return
        winner = self.match.winner if self.match else None
        name = self.side_name(winner) if winner else None
        detail = ""
        if self.match is not None:
            moves = sum(1 for r in self.match.history if r.action.kind != "end_turn" and r.result.ok)
            level_name = self.level.name if self.level else ""
            detail = t("victory.detail", level=level_name, round=self.match.round, actions=moves)
        from game.ui.outcome import outcome
        from game.ui.scenes.victory import VictoryScene

        headline = outcome(self.level, winner) if self.level is not None else None
        color = self.side_colors.get(winner or "", theme.ACCENT)
        self.switch(VictoryScene(battle, name, color, detail, headline))

    def show_menu(self, back_to: Scene | None) -> None:
        """The level menu (not on a locked screen)."""
        if not self.options.locked:
            from game.ui.scenes.menu import MenuScene

            self.switch(MenuScene(back_to))

    def show_settings(self, back_to: Scene | None) -> None:
        """The settings screen (not on a locked screen: a visitor's choice must not stick)."""
        if not self.options.locked:
            from game.ui.scenes.settings import SettingsScene

            self.switch(SettingsScene(back_to))
