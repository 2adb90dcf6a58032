"""An editing session: the document, undo and redo, live problems, saving and the autosave side file."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from game.editor.commands import Command
from game.editor.document import Document, from_data, tomllib
from game.editor.validate import Problem, problems
from game.levels.level import LevelError, parse_level, save_level
from game.paths import LEVELS_DIR, user_data_dir
from game.tomlio import write_atomic

AUTOSAVE_SUFFIX = ".autosave"
"""The autosave side file is the level's path with this added (`bridge.toml.autosave`; the menu lists only
`*.toml`)."""


AUTOSAVE_NAME_MAX = 255
"""Longest side file name in bytes (most file systems' limit): a longer level name is cut and a hash of it kept."""


def autosave_path(path: Path) -> Path:
    """The autosave side file of a level file: beside it, `NAME.autosave`; for a name so long that the suffix would
    not fit the file system, the name cut and a hash of the whole added (`NAME…~1a2b3c4d.autosave`). A level in the
    game's own folder (levels/) keeps its drafts in the user's data folder instead, so the game's files stay as
    shipped."""
    name = path.name + AUTOSAVE_SUFFIX
    if len(os.fsencode(name)) > AUTOSAVE_NAME_MAX:
        digest = hashlib.sha256(os.fsencode(path.name)).hexdigest()[:8]
        keep = AUTOSAVE_NAME_MAX - len(AUTOSAVE_SUFFIX) - 9
        name = os.fsdecode(os.fsencode(path.name)[:keep]) + f"~{digest}{AUTOSAVE_SUFFIX}"
    if _in_game_folder(path):
        return user_data_dir() / "autosave" / name
    return path.with_name(name)


def _in_game_folder(path: Path) -> bool:
    """Whether a level file lies in the game's own levels folder (or under it)."""
    try:
        return Path(os.path.realpath(path.parent)).is_relative_to(os.path.realpath(LEVELS_DIR))
    except (OSError, ValueError):
        return False


@dataclass
class Session:
    """One level being edited: every change goes through `do`, so it can be undone and redone."""

    doc: Document
    path: Path
    """Where Save writes (a new level gets a free name in the levels folder)."""
    undo_stack: list[Command] = field(default_factory=list)
    redo_stack: list[Command] = field(default_factory=list)
    saved: Document | None = None
    """The document as last saved or opened (None: never saved)."""
    autosaved: Document | None = None
    _checked: tuple[Document, list[Problem]] | None = None

    def __post_init__(self) -> None:
        if self.saved is None and self.path.exists():
            self.saved = self.doc

    # --- edits ------------------------------------------------------------------------

    def do(self, command: Command | None) -> bool:
        """Make an edit (None: nothing to do); a new edit clears the redo list."""
        if command is None:
            return False
        self.doc = command.apply(self.doc)
        self.undo_stack.append(command)
        self.redo_stack.clear()
        return True

    def undo(self) -> Command | None:
        """Take back the last edit; the command taken back, or None when there is none."""
        if not self.undo_stack:
            return None
        command = self.undo_stack.pop()
        self.doc = command.revert(self.doc)
        self.redo_stack.append(command)
        return command

    def redo(self) -> Command | None:
        """Make the last undone edit again; the command, or None."""
        if not self.redo_stack:
            return None
        command = self.redo_stack.pop()
        self.doc = command.apply(self.doc)
        self.undo_stack.append(command)
        return command

    # --- state ------------------------------------------------------------------------

    @property
    def dirty(self) -> bool:
        """Whether the document differs from the file."""
        return self.doc != self.saved

    def problems(self) -> list[Problem]:
        """What `check` would say about the document now (computed once per document)."""
        if self._checked is None or self._checked[0] is not self.doc:
            self._checked = (self.doc, problems(self.doc, self.path.parent))
        return self._checked[1]

    # --- files ------------------------------------------------------------------------

    def save(self, force: bool = False) -> bool:
        """Write the level atomically; a level with problems only with `force` (the author confirmed).

        A valid level is written by game.levels.level.save_level (level_to_toml), so it passes `check` and loads
        back to the same document; the autosave side file is removed after a save.
        """
        if self.problems() and not force:
            return False
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = self.doc.to_text()
        try:
            level = parse_level(text, str(self.path), picture_dir=self.path.parent)
        except LevelError:
            write_atomic(self.path, text)  # confirmed: the draft as it is, for the author to finish
        else:
            save_level(level, self.path)
        self.saved = self.doc
        autosave_path(self.path).unlink(missing_ok=True)
        self.autosaved = None
        return True

    def autosave(self) -> bool:
        """Write the document to the side file when it was edited since the last save or autosave (an untouched new
        level writes nothing). The level's folder is never made here: a missing one is the writer's error."""
        if not self.edited or self.doc == self.autosaved:
            return False
        side = autosave_path(self.path)
        if _in_game_folder(self.path):
            side.parent.mkdir(parents=True, exist_ok=True)  # the user's own data folder, not the level's
        write_atomic(side, self.doc.to_text())
        self.autosaved = self.doc
        return True

    def close(self) -> None:
        """The editor closes with nothing to lose (saved, or back as the file holds): its side file goes too."""
        if not self.edited and self.autosaved is not None:
            autosave_path(self.path).unlink(missing_ok=True)
            self.autosaved = None

    @property
    def edited(self) -> bool:
        """Whether there are edits that closing would lose (an untouched new level is no work to lose)."""
        return self.dirty and (self.saved is not None or bool(self.undo_stack))

    def keep_draft(self) -> Path | None:
        """The unsaved edits in the autosave side file now (SIGTERM: no time to ask); its path, or None when there
        is nothing to keep. OSError when it cannot be written."""
        if not self.edited:
            return None
        self.autosave()
        return autosave_path(self.path)


def recovery(path: Path) -> Document | None:
    """The autosaved draft of `path` when one exists that is newer than the file (and readable), else None."""
    side = autosave_path(path)
    try:
        if path.exists() and os.stat(side).st_mtime < os.stat(path).st_mtime:
            return None
        text = side.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return _draft(text)


def _draft(text: str) -> Document | None:
    """An autosaved draft exactly as the editor wrote it (it may not load yet); None when it is not one."""
    try:
        return from_data(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def new_level_path(folder: Path) -> Path:
    """A free file name for a new level in `folder`: new_level.toml, new_level_2.toml …"""
    n = 1
    while True:
        name = "new_level.toml" if n == 1 else f"new_level_{n}.toml"
        if not (folder / name).exists() and not autosave_path(folder / name).exists():
            return folder / name
        n += 1
