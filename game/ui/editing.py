"""`EditorLauncher`: the app's round trip through the level editor (docs/editor.md): open it, test-play its level,
come back."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.text.i18n import t

if TYPE_CHECKING:
    from game.levels.level import Level
    from game.ui.scenes.base import AppHost, Scene


class EditorLauncher:
    """The editor the window opened last and the one a test match leads back to."""

    def __init__(self, app: AppHost) -> None:
        self.app = app
        self.test_from: Scene | None = None
        """While a level is test-played from the editor: the editor to come back to."""
        self.opened: Scene | None = None
        """The editor opened last (until another level is opened): asked before quitting with unsaved edits."""

    def forget(self) -> None:
        """Another level was opened from the menu: no editor to come back to or to ask before quitting."""
        self.test_from = self.opened = None

    def open_editor(self, path: str | Path | None, ruleset: str = "pf1", size: tuple[int, int] = (16, 12)) -> None:
        """The editor on a level file (one that does not exist yet is a new level saved there; None: a new level
        in the levels folder); a file that cannot be read shows why."""
        if self.app.options.locked:
            return  # a public screen never edits files
        from game.ui.editor.opening import editor_for

        self.app.session.close()
        self.opened = editor_for(self.app, path, ruleset, size)
        self.app.switch(self.opened)

    def test_play(self, level: Level, editor: Scene) -> None:
        """A match on the editor's level; the pause menu and the end of the match lead back to the editor."""
        self.app.session.start(level)
        self.test_from = editor

    def back_to_editor(self) -> None:
        """Close the test match and show the editor as it was."""
        editor, self.test_from = self.test_from, None
        self.app.session.close()
        self.app.session.level = None
        if editor is not None:
            self.app.switch(editor)

    def test_play_over(self) -> None:
        """The end of a test match: back to the editor, or play it again."""
        from game.ui.scenes.dialog import Choice, DialogScene

        session = self.app.session
        winner = session.match.winner if session.match else None
        level = session.level
        title = t("victory.wins", side=session.side_name(winner)) if winner else t("editor.test_over")

        def again() -> None:
            editor = self.test_from
            if level is not None and editor is not None:
                self.test_play(level, editor)

        choices = [
            Choice(t("editor.back"), self.back_to_editor, pygame.K_e, "E"),
            Choice(t("editor.play_again"), again),
        ]
        self.app.switch(DialogScene(title, [], choices, cancel=self.back_to_editor))
