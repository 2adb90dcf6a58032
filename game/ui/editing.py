"""The app's round trip through the level editor (docs/editor.md): open it, test-play its level, come back."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.text.i18n import t

if TYPE_CHECKING:
    from game.battle.match import Match
    from game.levels.level import Level
    from game.ui.options import AppOptions
    from game.ui.scenes.base import Scene


class Editing:
    """Mixed into the App: the editor and its test matches (the app owns the fields named here)."""

    options: AppOptions
    match: Match | None
    level: Level | None
    editor: Scene | None
    """While a level is test-played from the editor: the editor to come back to."""
    editing: Scene | None
    """The editor opened last (until another level is opened): asked before quitting with unsaved edits."""

    if TYPE_CHECKING:

        def switch(self, scene: Scene) -> None: ...

        def teardown(self) -> None: ...

        def start(self, level: Level) -> None: ...

        def side_name(self, side: str | None) -> str: ...

    def open_editor(self, path: str | Path | None, ruleset: str = "pf1", size: tuple[int, int] = (16, 12)) -> None:
        """The editor on a level file (one that does not exist yet is a new level saved there; None: a new level
        in the levels folder); a file that cannot be read shows why."""
        if self.options.locked:
            return  # a public screen never edits files
        from game.ui.editor.opening import editor_for

        self.teardown()
        self.editing = editor_for(self, path, ruleset, size)
        self.switch(self.editing)

    def test_play(self, level: Level, editor: Scene) -> None:
        """A match on the editor's level; the pause menu and the end of the match lead back to the editor."""
        self.start(level)
        self.editor = editor

    def back_to_editor(self) -> None:
        """Close the test match and show the editor as it was."""
        editor, self.editor = self.editor, None
        self.teardown()
        self.level = None
        if editor is not None:
            self.switch(editor)

    def test_play_over(self, battle: Scene) -> None:
        """The end of a test match: back to the editor, or play it again."""
        from game.ui.scenes.dialog import Choice, DialogScene

        winner = self.match.winner if self.match else None
        level = self.level
        title = t("victory.wins", side=self.side_name(winner)) if winner else t("editor.test_over")

        def again() -> None:
            editor = self.editor
            if level is not None and editor is not None:
                self.test_play(level, editor)

        choices = [
            Choice(t("editor.back"), self.back_to_editor, pygame.K_e, "E"),
            Choice(t("editor.play_again"), again),
        ]
        self.switch(DialogScene(title, [], choices, cancel=self.back_to_editor))
