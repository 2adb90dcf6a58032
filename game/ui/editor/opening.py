"""Opening the editor: a level file, a new level (with its ruleset and size), and the offer to restore an
autosaved draft newer than the file."""

from __future__ import annotations

from pathlib import Path

from game.editor.commands import Replace
from game.editor.document import Document, blank, from_level
from game.editor.session import Session, autosave_path, new_level_path, recovery
from game.files import shown
from game.levels.level import LevelError, load_level
from game.paths import LEVELS_DIR, user_data_dir
from game.text.i18n import t
from game.ui.scenes.base import Scene, SceneHost


def new_level_folder() -> Path:
    """Where a new level is saved: the levels folder when it can be written to, else the user's data folder."""
    import os

    if LEVELS_DIR.is_dir() and os.access(LEVELS_DIR, os.W_OK):
        return LEVELS_DIR
    return user_data_dir() / "levels"


def open_document(path: str | Path | None, ruleset: str, size: tuple[int, int]) -> tuple[Document, Path]:
    """The document to edit and where it is saved; LevelError when an existing file does not load."""
    if path is None:
        target = new_level_path(new_level_folder())
        return blank(ruleset, *size, name=t("editor.new_name")), target
    target = Path(path)
    if not target.exists():
        name = shown(target.stem).replace("\ufffd", "").replace("_", " ").title().strip() or t("editor.new_name")
        return blank(ruleset, *size, name=name), target  # a name of any bytes gives a printable level name
    return from_level(load_level(target)), target


def editor_for(app: SceneHost, path: str | Path | None, ruleset: str, size: tuple[int, int]) -> Scene:
    """The editor scene (asking first when an autosaved draft is newer), or the reason the file cannot be edited."""
    from game.ui.editor.scene import EditorScene

    try:
        doc, target = open_document(path, ruleset, size)
    except LevelError as exc:
        from game.ui.scenes.message import MessageScene

        return MessageScene(t("message.cannot_load"), str(exc))
    session = Session(doc, target)
    editor = EditorScene(session)
    draft = recovery(target) if autosave_path(target).exists() else None
    if draft is None or draft == doc:
        return editor
    from game.ui.scenes.dialog import Choice, DialogScene

    def restore() -> None:
        # an edit like any other: the title's star, the question on closing, Ctrl+Z back to the file, the
        # camera fitted to the draft's map size
        editor.do(Replace(doc, draft, "editor.do_restore"))
        editor.say(t("editor.restored", path=autosave_path(target)))
        app.switch(editor)

    def discard() -> None:
        autosave_path(target).unlink(missing_ok=True)
        app.switch(editor)

    choices = [Choice(t("editor.restore"), restore), Choice(t("editor.discard"), discard)]
    return DialogScene(
        t("editor.draft_found"), [str(autosave_path(target))], choices, cancel=lambda: app.switch(editor)
    )


def new_level(app: SceneHost, back: Scene) -> None:
    """The level menu's "New level": the ruleset asked, then the editor on a blank 16×12 level."""
    from game.ui.scenes.dialog import Choice, DialogScene
    from rules.ruleset import RULESETS

    def start(ruleset: str) -> None:
        app.editing.open_editor(None, ruleset, (16, 12))

    choices = [Choice(t(f"ruleset.{r}"), lambda r=r: start(r)) for r in RULESETS]
    choices.append(Choice(t("editor.keep_menu"), lambda: app.switch(back)))
    app.switch(DialogScene(t("editor.new_title"), [t("editor.new_lines")], choices, cancel=lambda: app.switch(back)))


def edit_level(app: SceneHost, path: Path) -> None:
    """The level menu's "Edit": the editor on that level's file."""
    app.editing.open_editor(path)
