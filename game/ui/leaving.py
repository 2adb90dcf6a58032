"""`LeaveGuard`: saving from the window and leaving what is unsaved: quitting or leaving a match with an unsaved
replay asks first (save and go on, go on, stay); unsaved editor edits ask before that. SIGTERM (logout, shutdown) asks
nothing: it keeps what would be lost and says where on stderr (docs/commands.md)."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.files import reason
from game.text.i18n import t
from game.ui.saving import save

if TYPE_CHECKING:
    from game.editor.session import Session
    from game.ui.host import AppHost


class LeaveGuard:
    """Ctrl+S saving, and the questions before unsaved work (a replay, the editor's edits) is dropped."""

    def __init__(self, app: AppHost) -> None:
        self.app = app

    def save(self, intent: str) -> None:
        """Ctrl+S / F5: save the replay; Ctrl+Shift+S / F6: save the situation; say where (never on a locked screen)."""
        app, session = self.app, self.app.session
        if app.options.locked:
            return
        if getattr(getattr(getattr(app.scene, "ctl", None), "autoplayer", None), "busy", False):
            message, ok = t("save.wait"), False
        else:
            from game.ui.scenes.replay import ReplayScene

            match = None if isinstance(app.scene, ReplayScene) else session.match
            message, ok = save(match, intent)
            if ok and match is not None and intent == "save_replay":
                session.mark_saved()
        print(message, flush=True)  # the log line: the path stays in the terminal after the toast fades
        say = getattr(app.scene, "say", None)
        if callable(say):
            say(message, "info" if ok else "error")

    def request_quit(self) -> None:
        """Quit; unsaved editor edits, then an unsaved replay, ask first and offer to save (window close, Quit)."""
        go = lambda: self.leave_match(self.app.quit, t("pause.quit_title"), t("pause.quit_anyway"))  # noqa: E731
        asks = getattr(self.app.editing.opened, "ask_before_quit", None)
        if not (callable(asks) and asks(go)):
            go()

    def leave_match(self, then: Callable[[], None], title: str | None = None, anyway: str | None = None) -> None:
        """Run `then` (quit, another level); with an unsaved replay ask first: save and go on, go on, stay."""
        app, session = self.app, self.app.session
        if app.options.locked:
            return
        if not session.unsaved():
            then()
            return
        back = app.scene

        def stay() -> None:
            if back is not None:
                app.switch(back)

        def save_then() -> None:
            assert session.match is not None
            message, ok = save(session.match, "save_replay")
            print(message, flush=True)
            if ok:
                session.mark_saved()
                then()
            elif back is not None:
                stay()
                say = getattr(back, "say", None)
                if callable(say):
                    say(message)

        from game.ui.scenes.dialog import Choice, DialogScene

        choices = [
            Choice(t("pause.save_and_go"), save_then),
            Choice(anyway or t("pause.leave_anyway"), then),
            Choice(t("pause.stay"), stay),
        ]
        app.switch(DialogScene(title or t("pause.leave_title"), [t("pause.unsaved")], choices, cancel=stay))

    def terminate(self, signum: int) -> int:
        """SIGTERM (logout, shutdown): keep what would be lost without asking (the replay saved, the editor's edits
        in their draft file), say so on stderr and stop; the exit code: 0, or 128 + signum when something was lost."""
        app, session = self.app, self.app.session
        app.quit()
        if app.options.locked:
            return 0  # a public screen keeps nothing (the kiosk never gets here: it keeps the default handling)
        scene = app.drop_scene()
        if scene is not None:
            scene.leave()  # a computer decision in progress finishes first, so the replay holds it
        name = signal.Signals(signum).name
        lines: list[str] = []
        lost = False
        edits: Session | None = getattr(app.editing.opened, "session", None)
        if edits is not None:
            try:
                draft = edits.keep_draft()
            except OSError as exc:
                lines.append(t("stop.draft_failed", signal=name, reason=reason(exc)))
                lost = True
            else:
                if draft is not None:
                    lines.append(t("stop.draft", signal=name, path=draft))
        if session.match is not None and session.unsaved():
            from game.saved.replay import save_replay

            try:
                path = save_replay(session.match)
            except OSError as exc:
                lines.append(t("stop.replay_failed", signal=name, reason=reason(exc)))
                lost = True
            else:
                session.mark_saved()
                lines.append(t("stop.replay", signal=name, path=path))
        for line in lines or [t("stop.nothing", signal=name)]:
            print(line, file=sys.stderr, flush=True)
        return 128 + signum if lost else 0

    def open_level_asking(self, path: str | Path | None) -> None:
        """Open `path` from the level menu; a match (running or over) with an unsaved replay is not dropped unasked."""
        self.leave_match(lambda: self.app.session.open_level(path))

    def open_tutorial_asking(self, ruleset: str) -> None:
        """Open a tutorial from the level menu; a match with an unsaved replay asks first."""
        self.leave_match(lambda: self.app.session.open_tutorial(ruleset))
