"""A kiosk that starts whatever its levels and its log path do, and keeps its log going (docs/kiosk.md)."""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.commands.cli import main
from game.text.i18n import t
from game.ui.kiosk import guard
from game.ui.kiosk.attract import AttractScene, FallbackScene
from game.ui.kiosk.config import ROOT, ConfigError, KioskConfig
from game.ui.kiosk.guard import RETRY_SECONDS, KioskLogHandler, marker_path, open_log
from game.ui.kiosk.session import FALLBACK_SECONDS, KioskApp, SimClock

GOOD = ROOT / "levels" / "hexxen_beast.toml"


def kiosk_with(tmp_path: Path, levels: tuple[Path, ...], language: str | None = None) -> KioskApp:
    config = KioskConfig(fullscreen=False, levels=levels, log_file=tmp_path / "logs" / "kiosk.log", language=language)
    return KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)


@pytest.fixture
def broken(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A missing level, a level that does not parse and a FIFO where a level should be."""
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "chess"\n')
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    return tmp_path / "missing.toml", bad, fifo


def log_text(tmp_path: Path) -> str:
    return (tmp_path / "logs" / "kiosk.log").read_text(encoding="utf-8")


@pytest.mark.parametrize("entry", ["n" * 300 + ".toml", "~no-such-user-" + "c" * 20 + "/x.toml"])
def test_a_level_name_the_system_refuses_is_left_out_not_a_crash(
    tmp_path: Path, entry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the long fuzz budget: a name over the file system's 255 bytes (ENAMETOOLONG from the existence
    check) and a home folder of no such user (RuntimeError from expanding it) stopped the config's load."""
    from game.ui.kiosk.config import load_config

    config = tmp_path / "kiosk.toml"
    config.write_text(f'levels = ["{entry}", "{GOOD.as_posix()}"]\nfullscreen = false\n', encoding="utf-8")
    loaded = load_config(config)
    assert loaded.levels[1] == GOOD and entry.split("/")[-1] in str(loaded.levels[0])
    app = kiosk_with(tmp_path, loaded.levels)
    try:
        assert isinstance(app.scene, AttractScene) and Path(app.level.source) == GOOD
        assert [line.split(" ")[1] for line in capsys.readouterr().err.splitlines()] == ["levels[0]"]
    finally:
        app.close()


def test_the_kiosk_starts_with_the_levels_that_load_and_names_the_rest_once(
    tmp_path: Path, broken: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    app = kiosk_with(tmp_path, (*broken, GOOD))
    try:
        assert isinstance(app.scene, AttractScene) and app.level is not None
        assert Path(app.level.source) == GOOD
        err = capsys.readouterr().err.splitlines()
        assert [line.split(" ")[1] for line in err] == ["levels[0]", "levels[1]", "levels[2]"]
        assert "FIFO" in err[2]
        for _ in range(4):  # the rotation passes the broken ones again and again
            app.start_attract()
            assert Path(app.level.source) == GOOD
        text = log_text(tmp_path)
        for path in broken:
            assert text.count(f"level left out of the rotation: {path}") == 1  # once per reason, not per turn
        assert app.guard.failures == 0  # a level that does not load is not an error survived
    finally:
        app.close()


def test_with_no_level_that_loads_the_kiosk_rests_on_a_calm_screen_and_comes_back(
    tmp_path: Path, broken: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    missing = broken[0]
    app = kiosk_with(tmp_path, broken)
    try:
        assert app.mode == "fallback" and isinstance(app.scene, FallbackScene)
        assert app.scene.detail == t("kiosk_start.resting")
        assert t("kiosk_start.none_loads", seconds=f"{FALLBACK_SECONDS:g}") in capsys.readouterr().err
        app.app.draw_frame()  # the calm screen draws
        shutil.copy(GOOD, missing)  # the level is copied in while the kiosk waits
        for _ in range(int(FALLBACK_SECONDS * 60) + 2):
            app.step(1 / 60)
        assert app.mode == "attract" and Path(app.level.source) == missing
        assert f"level back in the rotation: {missing}" in log_text(tmp_path)
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "de", "it", "he"])
def test_the_calm_screen_speaks_every_language(tmp_path: Path, broken: tuple[Path, Path, Path], lang: str) -> None:
    config = KioskConfig(fullscreen=False, levels=broken, language=lang, log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        assert isinstance(app.scene, FallbackScene)
        assert app.scene.detail and "kiosk_start" not in app.scene.detail
        app.app.draw_frame()
        with_detail = pygame.image.tobytes(app.screen, "RGB")
        app.scene.detail = ""
        app.app.draw_frame()
        assert pygame.image.tobytes(app.screen, "RGB") != with_detail  # the second line is drawn
    finally:
        app.close()


def test_the_kiosk_command_starts_with_a_broken_level_in_its_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text(f'levels = ["nowhere.toml", "{GOOD}"]\nfullscreen = false\n')
    assert main(["kiosk", "--config", str(config), "--frames", "5"]) == 0
    assert "levels[0]" in capsys.readouterr().err


# --- the log -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "dir", "device"])
def test_a_log_file_that_is_not_a_regular_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "kiosk.log"
    if kind == "fifo":
        os.mkfifo(path)  # opening it for writing the usual way would wait for a reader for ever
    elif kind == "dir":
        path.mkdir()
    else:
        path.symlink_to(os.devnull)
    with pytest.raises(ConfigError, match="log_file"):
        open_log(path, 100_000, 2)


def test_the_kiosk_command_exits_2_when_the_log_file_is_a_fifo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(tmp_path / "kiosk.log")
    config = tmp_path / "kiosk.toml"
    config.write_text(f'levels = ["{GOOD}"]\nfullscreen = false\nlog_file = "kiosk.log"\n')
    assert main(["kiosk", "--config", str(config), "--frames", "5"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "log_file" in err[0] and t("kiosk_log.not_regular") in err[0]


class FullDisk:
    """A log stream on a full disk: every write fails with ENOSPC."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def close(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def seek(self, *args: object) -> int:
        return 0

    def tell(self) -> int:
        return 0


@pytest.fixture
def clock() -> Iterator[list[float]]:
    now = [0.0]
    yield now
    guard.close_log()


def test_logging_rests_after_a_full_disk_and_resumes_when_space_returns(
    tmp_path: Path, clock: list[float], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kiosk.log"
    logger = open_log(path, 1_000_000, 2, clock=lambda: clock[0])
    (handler,) = logger.handlers
    assert isinstance(handler, KioskLogHandler)
    logger.info("before the disk filled")
    handler.stream.close()
    handler.stream = FullDisk()  # type: ignore[assignment]
    logger.info("lost 1")
    err = capsys.readouterr().err
    assert err.count(str(path)) == 1 and os.strerror(errno.ENOSPC) in err  # one warning, no traceback
    assert "Traceback" not in err
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def still_full() -> None:
        raise full

    monkeypatch.setattr(handler, "open_regular", still_full)
    for i in range(2, 6):
        logger.info("lost %d", i)
    clock[0] += RETRY_SECONDS + 1  # the disk is still full at the first retry
    logger.info("lost 6")
    assert capsys.readouterr().err == ""  # no second warning while it rests
    monkeypatch.undo()
    clock[0] += RETRY_SECONDS + 1  # space is back
    logger.info("after the space came back")
    assert handler.retry_at is None
    text = path.read_text(encoding="utf-8")
    assert "before the disk filled" in text and "after the space came back" in text
    assert not any(f"lost {i}" in text for i in range(1, 7))
    assert "6 records were not written" in text
    assert t("kiosk_log.resumed", path=str(path), lost=6) in capsys.readouterr().err


def test_a_log_replaced_by_a_fifo_while_resting_is_not_opened(tmp_path: Path, clock: list[float]) -> None:
    path = tmp_path / "kiosk.log"
    logger = open_log(path, 1_000_000, 2, clock=lambda: clock[0])
    (handler,) = logger.handlers
    assert isinstance(handler, KioskLogHandler)
    handler.stream.close()
    handler.stream = FullDisk()  # type: ignore[assignment]
    logger.info("lost")
    path.unlink()
    os.mkfifo(path)
    clock[0] += RETRY_SECONDS + 1
    logger.info("still lost")  # opening the FIFO would wait for a reader for ever: it is refused at once
    assert handler.retry_at is not None and handler.lost == 2
    path.unlink()
    clock[0] += RETRY_SECONDS + 1
    logger.info("back")
    assert "back" in path.read_text(encoding="utf-8")


# --- unclean stops -------------------------------------------------------------------------------------------


def test_a_clean_close_leaves_no_marker_and_the_next_start_notes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    app = kiosk_with(tmp_path, (GOOD,))
    assert marker_path(app.config.log_file).exists()
    app.close()
    assert not marker_path(app.config.log_file).exists()
    pygame.init()
    app = kiosk_with(tmp_path, (GOOD,))
    app.close()
    assert "unclean stop" not in log_text(tmp_path)
    assert "kiosk_start" not in capsys.readouterr().err


def test_the_unclean_stop_is_said_in_the_kiosks_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the marker's English words ("pid 7, started …") stood inside the Hebrew, German or Italian sentence
    from game.text import i18n

    app = kiosk_with(tmp_path, (GOOD,))
    marker = marker_path(app.config.log_file)
    app.close()
    pygame.init()
    marker.write_text("pid 7, started 2026-12-07T10:00:00+00:00\n", encoding="utf-8")
    try:
        app = kiosk_with(tmp_path, (GOOD,), language="de")
        app.close()
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err
    assert "(PID 7, gestartet 2026-12-07T10:00:00+00:00)" in err and "started" not in err
    assert "unclean stop: the last kiosk run (pid 7, started 2026-12-07T10:00:00+00:00)" in log_text(tmp_path)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_kill_and_sigterm_are_noted_as_an_unclean_stop_at_the_next_start(
    tmp_path: Path, sig: int, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "kiosk.toml"
    config.write_text(f'levels = ["{GOOD}"]\nfullscreen = false\n')
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    args = [sys.executable, str(ROOT / "main.py"), "kiosk", "--config", str(config), "--frames", "100000000"]
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    marker = marker_path(tmp_path / "logs" / "kiosk.log")
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert marker.exists(), "the kiosk did not start"
        proc.send_signal(sig)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert marker.exists()
    pygame.init()
    app = kiosk_with(tmp_path, (GOOD,))
    app.close()
    assert f"unclean stop: the last kiosk run (pid {proc.pid}, started" in log_text(tmp_path)
    assert f"pid {proc.pid}" in capsys.readouterr().err
