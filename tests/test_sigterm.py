"""SIGTERM to the desktop window (logout, shutdown): the replay is saved without asking and the game exits with one
line on stderr saying where; a player's own window close still asks (docs/commands.md, game/ui/signals.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.editor.session import autosave_path
from game.saved.script import load_script
from game.ui.app import App
from game.ui.scenes.dialog import DialogScene
from game.ui.signals import NO_SDL_SIGNALS, TermSignal, without_sdl_signal_handlers
from rules.actions import Action
from tests.test_ui_editor import centre, editor, open_editor
from tests.ui_helpers import click, key, open_app, write_level

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120  # seconds: a generous limit for a loaded machine, never a timing assertion

DRIVER = """
import sys
from game.ui.app import App
from game.ui.options import AppOptions, parse_size
from game.ui.signals import TermSignal
from rules.actions import Action

with TermSignal() as term:  # as run_app does
    app = App(AppOptions(level=sys.argv[1], size=parse_size("640x480"), seed=5))
    assert app.session.match.perform(Action("move", "hero", path=((2, 2),))).ok
    print("ready", flush=True)
    sys.exit(app.run(term))
"""


def replays(data: Path) -> list[Path]:
    return sorted((data / "replays").glob("*.toml"))


def moved(app: App) -> None:
    """One move on the board: a replay that is not saved yet."""
    assert app.session.match is not None and app.session.match.perform(Action("move", "hero", path=((2, 2),))).ok
    assert app.session.unsaved()


def until_ready(proc: subprocess.Popen[str], word: str) -> list[str]:
    """Read the child's stdout up to the line containing `word` (the child is then inside its frame loop)."""
    assert proc.stdout is not None
    seen: list[str] = []
    for line in proc.stdout:
        seen.append(line)
        if word in line:
            return seen
    raise AssertionError(f"the game ended before {word!r}: {seen}")


def spawn(args: list[str], data: Path, stdin: int | None = None) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GRIDBOUND_DATA_DIR=str(data))
    env.update(LC_ALL="C.UTF-8", LC_MESSAGES="", LANG="")  # English lines whatever the machine's locale
    env.pop(NO_SDL_SIGNALS, None)  # the game must turn SDL's handlers off itself
    return subprocess.Popen(
        args, cwd=ROOT, env=env, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


# --- a real process, a real signal ---------------------------------------------------------------------------


def test_sigterm_with_a_move_on_the_board_saves_the_replay_and_exits(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = spawn([sys.executable, "-c", DRIVER, str(write_level(tmp_path))], data)
    try:
        until_ready(proc, "ready")
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=WAIT)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    saved = replays(data)
    assert len(saved) == 1
    assert err.strip().splitlines()[-1] == f"SIGTERM: Gridbound stops; the replay of the match was saved to {saved[0]}"
    assert "Traceback" not in err and "Quit" not in out + err
    script = load_script(saved[0])
    assert script.seed == 5 and script.actions == (Action("move", "hero", path=((2, 2),)),)


def test_sigterm_to_play_with_nothing_to_lose_exits_at_once_and_says_so(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = spawn([sys.executable, "main.py", "play", str(write_level(tmp_path)), "--seed", "2"], data)
    try:
        until_ready(proc, "play --seed 2")  # the seed line: the window is open, the match started
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=WAIT)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert err.strip().splitlines()[-1] == "SIGTERM: Gridbound stops; nothing was unsaved"
    assert replays(data) == []


SPLASH_DRIVER = """
import sys
from game import splash

shown = splash.show_splash


def paused(argv):
    opened = shown(argv)
    print("splash", flush=True)
    sys.stdin.readline()  # the test sends SIGTERM now, then a line: the start-up goes on
    return opened


splash.show_splash = paused
sys.exit(splash.launch())  # as main.py does, with the command line after -c
"""


def test_sigterm_during_the_splash_exits_cleanly_with_one_line(tmp_path: Path) -> None:
    """The splash turns SDL on before the game's modules are imported; a SIGTERM then (held at the splash's
    first frame, the start-up's longest gap) neither kills the process silently nor starts the match."""
    data = tmp_path / "data"
    level = str(write_level(tmp_path))
    proc = spawn([sys.executable, "-c", SPLASH_DRIVER, "play", level, "--seed", "2"], data, stdin=subprocess.PIPE)
    try:
        until_ready(proc, "splash")
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate("go\n", timeout=WAIT)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    assert err.strip().splitlines() == ["SIGTERM: Gridbound stops; nothing was unsaved"]
    assert "play --seed 2" not in out + err  # the match never started
    assert replays(data) == []


# --- the same steps in this process ----------------------------------------------------------------------------


def test_terminate_saves_an_unsaved_replay_without_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    app = open_app(write_level(tmp_path))
    try:
        moved(app)
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the player's close asks first ...
        app.step()
        assert isinstance(app.scene, DialogScene) and app.running
        assert app.guard.terminate(signal.SIGTERM) == 0  # ... SIGTERM while it asks does not wait for an answer
        assert not app.running and not app.session.unsaved()
    finally:
        app.close()
    (saved,) = replays(tmp_path / "data")
    err = capsys.readouterr().err
    assert f"the replay of the match was saved to {saved}" in err
    assert load_script(saved).actions == (Action("move", "hero", path=((2, 2),)),)


def test_terminate_with_an_unwritable_replay_folder_says_why_and_exits_143(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(blocker))  # replays/ cannot be made inside a file
    app = open_app(write_level(tmp_path))
    try:
        moved(app)
        assert app.guard.terminate(signal.SIGTERM) == 128 + signal.SIGTERM
        assert not app.running
    finally:
        app.close()
    err = capsys.readouterr().err
    assert "SIGTERM: Gridbound stops; the replay of the match could not be saved: " in err
    assert "Traceback" not in err


def test_terminate_in_the_editor_keeps_the_unsaved_edits_in_the_draft_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "draft.toml"
    app = open_editor(path)
    try:
        scene = editor(app)
        key(app, pygame.K_u)
        click(app, centre(app, (2, 2)))  # a new unit: an edit
        assert scene.session.edited
        assert app.guard.terminate(signal.SIGTERM) == 0
    finally:
        app.close()
    draft = autosave_path(path)
    assert draft.exists() and not path.exists()
    assert f"the editor's unsaved edits were kept in {draft}" in capsys.readouterr().err


def test_terminate_with_nothing_unsaved_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    app = open_app(write_level(tmp_path))
    try:
        assert app.guard.terminate(signal.SIGTERM) == 0
    finally:
        app.close()
    assert replays(tmp_path / "data") == []
    assert capsys.readouterr().err.strip() == "SIGTERM: Gridbound stops; nothing was unsaved"


def test_term_signal_notes_sigterm_instead_of_ending_and_puts_the_handler_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with TermSignal() as term:
        assert term.signum is None
        os.kill(os.getpid(), signal.SIGTERM)  # delivered to this (main) thread before kill returns
        assert term.signum == signal.SIGTERM
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_sigterm_noted_before_the_game_window_is_handed_to_its_handler() -> None:
    """The splash's handler (hold_sigterm) notes a SIGTERM; run_app's TermSignal, taking over, has it too."""
    before = signal.getsignal(signal.SIGTERM)
    with TermSignal() as early:
        os.kill(os.getpid(), signal.SIGTERM)
        assert early.signum == signal.SIGTERM
        with TermSignal() as term:
            assert term.signum == signal.SIGTERM
        with TermSignal() as later:
            assert later.signum == signal.SIGTERM
    with TermSignal() as fresh:
        assert fresh.signum is None
    assert signal.getsignal(signal.SIGTERM) == before


def test_sdl_is_asked_for_no_signal_handlers_only_while_pygame_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NO_SDL_SIGNALS, raising=False)
    with without_sdl_signal_handlers():
        assert os.environ[NO_SDL_SIGNALS] == "1"
    assert NO_SDL_SIGNALS not in os.environ
    monkeypatch.setenv(NO_SDL_SIGNALS, "1")  # the kiosk sets it for good: it stays
    with without_sdl_signal_handlers():
        pass
    assert os.environ[NO_SDL_SIGNALS] == "1"
