"""Input files are read only when regular and small; output paths are checked before the work starts."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from game.commands import cli
from game.files import FileRefused, output_problem, read_regular
from game.levels.level import LevelError, load_level
from game.levels.watch import LevelWatcher
from game.saved.script import ScriptError, load_script
from game.ui.kiosk import guard
from game.ui.kiosk.config import ConfigError, load_config
from tests.output_faults import failing_outputs

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "levels" / "pf1_bridge.toml"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@needs_fifo
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "level.toml"
    os.mkfifo(fifo)  # nobody writes: a blocking open or read would hang the test
    with pytest.raises(LevelError, match="a FIFO, not a regular file"):
        load_level(fifo)
    with pytest.raises(ScriptError, match="a FIFO, not a regular file"):
        load_script(fifo)
    with pytest.raises(ConfigError, match="a FIFO, not a regular file"):
        load_config(fifo)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_and_a_directory_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "/dev/zero", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert "/dev/zero: cannot read the level file (a device, not a regular file)" in out
    assert "(a directory, not a regular file)" in out


def test_a_name_with_a_nul_character_is_refused_by_the_gate_and_by_a_sweep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a name read from a file (a sweep's or a script's level) may hold NUL, which os.open refuses with ValueError
    with pytest.raises(FileRefused) as caught:
        read_regular(tmp_path / "a\0b.toml")
    assert "NUL" in str(caught.value) and "\0" not in str(caught.value)
    (tmp_path / "in.toml").write_bytes(BRIDGE.read_bytes())
    sweep = tmp_path / "s.toml"
    sweep.write_text('name = "nul"\nlevels = ["\\u0000"]\ngames = 1\nmax_rounds = 1\n', encoding="utf-8")
    assert cli.main(["sweep", str(sweep)]) == 2
    err = capsys.readouterr().err
    assert "NUL" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_file_over_the_cap_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * 5000)
    with pytest.raises(FileRefused, match="5000 bytes, more than the 1000"):
        read_regular(big, limit=1000)
    assert read_regular(big, limit=5000) == b"#" * 5000


@needs_fifo
def test_the_watcher_keeps_the_last_good_level_when_the_file_becomes_a_fifo_or_a_device(tmp_path: Path) -> None:
    path = tmp_path / "lvl.toml"
    shutil.copy(BRIDGE, path)
    watcher = LevelWatcher(path)
    path.unlink()
    os.mkfifo(path)
    reload = watcher.check()
    assert reload is not None and reload.level is None
    assert reload.error is not None and "a FIFO, not a regular file" in reload.error and str(path) in reload.error
    assert watcher.check() is None  # said once; no re-reading every poll
    path.unlink()
    if Path("/dev/zero").exists():
        path.symlink_to("/dev/zero")
        again = watcher.check()
        assert again is not None and again.error is not None and "a device" in again.error
        path.unlink()
    shutil.copy(BRIDGE, path)
    fixed = watcher.check()
    assert fixed is not None and fixed.level is not None and watcher.error is None


def test_the_watcher_survives_any_load_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "lvl.toml"
    shutil.copy(BRIDGE, path)
    watcher = LevelWatcher(path)
    path.write_text("x = " + "[" * 100_000 + "]" * 100_000, encoding="utf-8")
    deep = watcher.check()
    assert deep is not None and deep.error is not None and "nested too deeply" in deep.error

    def broken(*_: object) -> None:
        raise MemoryError

    monkeypatch.setattr("game.levels.watch.parse_level", broken)
    path.write_text(BRIDGE.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    failed = watcher.check()
    assert failed is not None and failed.level is None and failed.error is not None and "MemoryError" in failed.error


def test_output_paths_are_checked(tmp_path: Path) -> None:
    assert output_problem(tmp_path / "ok.png") is None
    assert output_problem(tmp_path) == "it is a directory"
    assert "does not exist" in (output_problem(tmp_path / "missing" / "x.png") or "")
    (tmp_path / "file").write_text("x")
    assert "is not a folder" in (output_problem(tmp_path / "file" / "x.png") or "")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "missing.toml", "--frames", "5"], "missing.toml: cannot read the level file"),
        (["play", str(BRIDGE), "--frames", "2", "--size", "40000x40000"], "--size 40000x40000: expected WxH"),
        (["play", str(BRIDGE), "--frames", "2", "--size", "big"], "--size big: expected WxH"),
        (["play", str(BRIDGE), "--frames", "2", "--screenshot", "{tmp}/no/x.png"], "--screenshot {tmp}/no/x.png: "),
        (["play", str(BRIDGE), "--frames", "2", "--screenshot", "{tmp}"], "it is a directory"),
        (["simulate", str(BRIDGE), "--games", "1", "--out", "{tmp}"], "--out {tmp}: it is a directory"),
        (["simulate", str(BRIDGE), "--games", "1", "--out", "{tmp}/no/x.jsonl"], "the folder {tmp}/no does not exist"),
    ],
)
def test_commands_refuse_bad_paths_and_sizes_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert expected.replace("{tmp}", str(tmp_path)) in err and "Traceback" not in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_simulate_out_on_a_full_disk_is_exit_2_naming_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", str(BRIDGE), "--games", "1", "--out", "/dev/full"]) == 2
    assert "--out /dev/full: a device is there" in capsys.readouterr().err  # the gate: never written to
    out = tmp_path / "games.jsonl"
    with failing_outputs(errno.ENOSPC, at="write") as tried:  # a regular file on a disk that fills up
        assert cli.main(["simulate", str(BRIDGE), "--games", "1", "--out", str(out)]) == 2
    assert tried == [str(out)]
    assert f"--out {out}: No space left on device" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_screenshot_that_cannot_be_written_is_exit_2_naming_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", str(BRIDGE), "--frames", "1", "--screenshot", "/dev/full"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --screenshot /dev/full: ") and "Traceback" not in err


class FullDisk:
    """A file object whose every write fails like a full disk."""

    def tell(self) -> int:
        return 0

    def seek(self, *_: int) -> int:
        return 0

    def write(self, _: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def close(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_rests_the_kiosk_log_with_one_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logger = guard.open_log(tmp_path / "logs" / "kiosk.log", 10_000, 1)
    try:
        handler = logger.handlers[0]
        assert isinstance(handler, guard.KioskLogHandler)
        handler.stream.close()
        handler.stream = FullDisk()  # type: ignore[assignment]
        watch = guard.Guard(logger)
        for i in range(5):
            watch.info(f"line {i}")
        watch.report(RuntimeError("boom"), "a test", None)
        assert handler.stream is None and handler.retry_at is not None  # resting; tests/test_kiosk_start.py resumes it
        err = capsys.readouterr().err
        assert err.count("logging rests") == 1 and "No space left on device" in err
        assert "Logging error" not in err and "Traceback" not in err
    finally:
        guard.close_log()


def test_a_log_file_whose_folder_is_a_file_is_a_config_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(ConfigError, match="log_file"):
        guard.open_log(tmp_path / "file" / "kiosk.log", 10_000, 1)
