"""The kiosk's exception guard: a failure inside a scene is logged (with a replayable action script) and survived."""

from __future__ import annotations

import contextlib
import errno
import logging
import logging.handlers
import os
import re
import stat
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from game.battle.match import Match
from game.files import read_regular, reason
from game.saved.script import script_toml
from game.storage.atomic import write_atomic_bytes
from game.text.i18n import t
from game.ui.kiosk.config import ConfigError

LOGGER_NAME = "gridbound.kiosk"


RETRY_SECONDS = 30.0
"""After a failed write (a full disk), how long the log rests before it tries to open its file again."""
MARKER_BYTES = 1000
"""The most of a running marker read back (it holds one line)."""


class KioskLogHandler(logging.handlers.RotatingFileHandler):
    """The kiosk's rotating log file, which survives what happens to its disk and its path.

    A write that fails (a full disk) closes the file with one warning on stderr; records are then
    counted, not written, and every RETRY_SECONDS the file is opened again: once that works the log
    says how many records were lost and goes on (one line on stderr too). The file is opened
    without blocking and only if it is a regular file, so a FIFO or a device put in its place is
    refused instead of freezing the kiosk. logging's own handleError would print a traceback for
    every record; a kiosk must never die of (or flood the console with) its log.
    """

    def __init__(self, path: Path, max_bytes: int, backups: int, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8", delay=True)
        self.clock = clock
        self.retry_at: float | None = None
        """While the log is off after a failed write: when to try its file again (else None)."""
        self.lost = 0
        """Records not written since the log went off."""
        self.stream = self.open_regular()

    def open_regular(self) -> TextIO:
        """The log file opened for appending, without blocking; OSError if it is not a regular file."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        try:
            fd = os.open(self.baseFilename, flags, 0o666)  # never a wait, even for a FIFO
        except OSError as exc:
            if exc.errno == errno.ENXIO:  # a FIFO with no reader: say what it is, not "no such device"
                raise OSError(errno.EINVAL, t("kiosk_log.not_regular"), self.baseFilename) from None
            raise
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, t("kiosk_log.not_regular"), self.baseFilename)
            os.set_blocking(fd, True)
            return open(fd, "a", encoding="utf-8")
        except BaseException:
            os.close(fd)
            raise

    def emit(self, record: logging.LogRecord) -> None:
        """Write `record`; while off, count it and, when the rest is over, try the file again."""
        if self.retry_at is not None:
            if self.clock() < self.retry_at:
                self.lost += 1
                return
            try:
                self.stream = self.open_regular()
            except OSError:
                self.retry_at = self.clock() + RETRY_SECONDS
                self.lost += 1
                return
            lost, self.retry_at, self.lost = self.lost, None, 0
            say(t("kiosk_log.resumed", path=self.baseFilename, lost=lost))
            message = f"kiosk log resumed after a failed write: {lost} records were not written"
            super().emit(logging.LogRecord(record.name, logging.WARNING, __file__, 0, message, None, None))
            if self.retry_at is not None:  # failed again at once
                self.lost += 1
                return
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        """Close the file and rest (the record is lost); say so once on stderr."""
        exc = sys.exc_info()[1]
        why = reason(exc) if isinstance(exc, OSError) else type(exc).__name__
        _close_quietly(self)
        self.retry_at = self.clock() + RETRY_SECONDS
        self.lost += 1
        say(t("kiosk_log.resting", path=self.baseFilename, reason=why, seconds=f"{RETRY_SECONDS:g}"))


def say(line: str) -> None:
    """One line on stderr (journalctl); with no console either, stay silent and keep running."""
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)


def _close_quietly(handler: logging.Handler) -> None:
    """Close a handler whose buffered lines may not be writable any more (a full disk)."""
    stream = getattr(handler, "stream", None)
    try:
        handler.close()
    except (OSError, ValueError):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()
    if isinstance(handler, logging.FileHandler):
        handler.stream = None  # type: ignore[assignment]


def open_log(path: Path, max_bytes: int, backups: int, clock: Callable[[], float] = time.monotonic) -> logging.Logger:
    """The kiosk logger writing to a size-rotating file at `path` (its folder is created).

    ConfigError (exit 2 at start) naming `log_file` when the folder or the file cannot be made, or when
    `path` is not a regular file (a FIFO would freeze the start, a device swallow the log).
    """
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # the kiosk's log must not end up on a console nobody reads
    close_log()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = KioskLogHandler(path, max_bytes, backups, clock)
    except OSError as exc:
        raise ConfigError(t("files.option", option="log_file", path=str(path), reason=reason(exc))) from None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    return logger


def close_log() -> None:
    """Close and detach the kiosk logger's handlers (files stay readable, nothing leaks between sessions)."""
    logger = logging.getLogger(LOGGER_NAME)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        _close_quietly(handler)


def marker_path(log_file: Path) -> Path:
    """The file that says a kiosk is running: written at start, removed by a clean stop."""
    return log_file.with_name(log_file.name + ".running")


def mark_running(log_file: Path, started: str) -> str | None:
    """Write the running marker beside the log; what the last one said if it was still there (an unclean stop:
    a kill, a crash or a power cut), else None."""
    marker = marker_path(log_file)
    last: str | None = None
    if os.path.lexists(marker):
        try:
            last = read_regular(marker, MARKER_BYTES).decode("utf-8", "replace").strip() or "?"
        except OSError:
            last = "?"
    with contextlib.suppress(OSError):  # no marker only means the next start cannot tell; the kiosk runs on
        # the rename replaces whatever stands there but a folder (then there is no marker this time)
        write_atomic_bytes(marker, f"pid {os.getpid()}, started {started}\n".encode(), durable=True)
    return last


def marker_fields(last: str) -> tuple[str, str] | None:
    """(pid, start time) of what a running marker said (`mark_running`), or None for any other text."""
    found = re.fullmatch(r"pid (\d+), started (\S+)", last)
    return None if found is None else (found[1], found[2])


def clear_running(log_file: Path) -> None:
    """A clean stop: remove the running marker."""
    with contextlib.suppress(OSError):
        marker_path(log_file).unlink(missing_ok=True)


def match_script(match: Match) -> str:
    """The match so far as a replay (docs/scripts.md): `python main.py run LEVEL SCRIPT` replays it.

    Refusals changed nothing and are left out, so the script plays to its end with `run`; it names
    its level and what it was made with as every replay does (docs/replays.md)."""
    from game.saved.replay import to_script  # only when a crash is logged

    return script_toml(to_script(match))


@dataclass(slots=True)
class Guard:
    """Counts and logs the failures the kiosk survived."""

    logger: logging.Logger
    failures: int = 0

    def report(self, exc: BaseException, where: str, match: Match | None) -> None:
        """Log `exc` with where it happened, the level, the seed and the action log."""
        self.failures += 1
        lines = [f"kiosk survived an error in {where}: {type(exc).__name__}: {exc}"]
        if match is not None:
            lines.append(f"level: {match.level.source}  seed: {match.seed}  round: {match.round}")
            try:
                lines.append("action script (save as .toml, then: python main.py run LEVEL SCRIPT):")
                lines.append(match_script(match))
            except Exception as script_exc:  # the report must not fail on a half-broken match
                lines.append(f"(no action script: {type(script_exc).__name__}: {script_exc})")
        lines.append("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        self.logger.error("\n".join(lines))

    def info(self, message: str) -> None:
        """One line in the kiosk log (start, stop, configuration)."""
        self.logger.info(message)

    def warning(self, message: str) -> None:
        """A warning line in the kiosk log (a level left out, an unclean stop before this start)."""
        self.logger.warning(message)
