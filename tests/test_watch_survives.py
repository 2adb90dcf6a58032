"""`play --watch` and the kiosk survive any change of a watched or logged path: a FIFO, a folder or a device is
reported once and the game goes on with the last good level, without blocking or redrawing more than before."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from game.levels.watch import LevelWatcher
from game.ui import app as app_module
from game.ui import saving
from game.ui.app import App
from game.ui.kiosk.config import ROOT, KioskConfig
from game.ui.kiosk.guard import LOGGER_NAME
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _device(path: Path) -> None:
    path.symlink_to(os.devnull)


REPLACEMENTS: dict[str, Callable[[Path], None]] = {"fifo": _fifo, "folder": _folder, "device": _device}


@pytest.mark.parametrize("kind", sorted(REPLACEMENTS))
def test_a_watched_level_replaced_by_a_fifo_folder_or_device_is_reported_once_and_the_game_goes_on(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lvl.toml"
    shutil.copy(ROOT / "levels" / "hexxen_beast.toml", path)
    clock = Clock()
    app = App(AppOptions(level=str(path), size=(1024, 640), watch=True))
    try:
        app.session.watcher = LevelWatcher(path, clock=clock)
        app.step()
        match = app.session.match
        assert match is not None
        path.unlink()
        REPLACEMENTS[kind](path)  # opening a FIFO to read it would wait for a writer for ever
        saving._banner.cache_clear()
        drawn: list[int] = []
        real = saving.draw_banner

        def counting(*args: object) -> object:
            drawn.append(1)
            return real(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(app_module, "draw_banner", counting)
        for _ in range(120):  # a minute of polls, every half second
            clock.now += 0.5
            app.step()
        monkeypatch.undo()
        out = capsys.readouterr().out
        assert out.count(str(path)) == 1  # reported once, not at every poll
        assert app.session.match is match and isinstance(app.scene, BattleScene)  # the last good level plays on
        assert app.session.watcher.error is not None and str(path) in app.session.watcher.error
        assert saving._banner.cache_info().misses == 1  # laid out once, not every frame
        assert len(drawn) < 10  # drawn when the board under it was redrawn, not on frames where nothing changed
        assert app.screen.get_at((4, 4))[:3] == (70, 18, 16)  # and still on screen
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        else:
            path.unlink()
        shutil.copy(ROOT / "levels" / "hexxen_beast.toml", path)
        clock.now += 0.5
        app.step()
        assert app.session.watcher.error is None  # back: the same content as before, the banner goes
    finally:
        app.close()


@pytest.mark.parametrize("kind", sorted(REPLACEMENTS))
def test_a_kiosk_level_replaced_while_running_is_left_out_once(tmp_path: Path, kind: str) -> None:
    level = tmp_path / "beast.toml"
    shutil.copy(ROOT / "levels" / "hexxen_beast.toml", level)
    other = ROOT / "levels" / "arena_4v4.toml"
    log = tmp_path / "kiosk.log"
    config = KioskConfig(fullscreen=False, levels=(level, other), log_file=log)
    app = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        level.unlink()
        REPLACEMENTS[kind](level)
        for _ in range(6):
            app.start_attract()
            assert app.match is not None and Path(app.match.level.source) == other
        assert log.read_text(encoding="utf-8").count(f"level left out of the rotation: {level}") == 1
    finally:
        app.close()


@pytest.mark.parametrize("kind", sorted(REPLACEMENTS))
def test_a_kiosk_log_replaced_while_running_does_not_stop_the_kiosk(tmp_path: Path, kind: str) -> None:
    log = tmp_path / "kiosk.log"
    config = KioskConfig(
        fullscreen=False, levels=(ROOT / "levels" / "hexxen_beast.toml",), log_file=log, log_max_bytes=10_000
    )
    app = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        log.unlink()
        REPLACEMENTS[kind](log)
        for i in range(200):  # past the size limit: a rotation would rename or reopen the path
            app.guard.info(f"line {i} " + "x" * 100)
        app.start_attract()
        assert app.match is not None and app.running
    finally:
        app.close()
    assert logging.getLogger(LOGGER_NAME).handlers == []  # closed cleanly, whatever stands at the path
