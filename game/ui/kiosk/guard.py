"""The kiosk's exception guard: a failure inside a scene is logged (with a replayable action script) and survived."""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

from game.files import reason
from game.i18n import t
from game.match import Match
from game.script import script_toml
from game.ui.kiosk.config import ConfigError

LOGGER_NAME = "gridbound.kiosk"


class KioskLogHandler(logging.handlers.RotatingFileHandler):
    """The kiosk's rotating log file; the first write that fails (a full disk) turns logging off, with one warning.

    logging's own handleError prints a traceback for every record and leaves the handler in place;
    a kiosk must never die of (or flood the console with) its log.
    """

    def handleError(self, record: logging.LogRecord) -> None:
        """Detach and close this handler, say so once on stderr."""
        exc = sys.exc_info()[1]
        why = reason(exc) if isinstance(exc, OSError) else type(exc).__name__
        logger = logging.getLogger(LOGGER_NAME)
        logger.removeHandler(self)
        if not logger.handlers:
            logger.addHandler(logging.NullHandler())  # else logging's last resort prints every record to stderr
        _close_quietly(self)
        with contextlib.suppress(OSError, ValueError):  # no console either: stay silent, keep running
            print(t("files.log_off", path=self.baseFilename, reason=why), file=sys.stderr, flush=True)


def _close_quietly(handler: logging.Handler) -> None:
    """Close a handler whose buffered lines may not be writable any more (a full disk)."""
    try:
        handler.close()
    except (OSError, ValueError):
        stream = getattr(handler, "stream", None)
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()
            handler.stream = None  # type: ignore[attr-defined]


def open_log(path: Path, max_bytes: int, backups: int) -> logging.Logger:
    """The kiosk logger writing to a size-rotating file at `path` (its folder is created).

    ConfigError (exit 2 at start) naming `log_file` when the folder or the file cannot be made.
    """
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # the kiosk's log must not end up on a console nobody reads
    close_log()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = KioskLogHandler(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
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


def match_script(match: Match) -> str:
    """The match so far as a replay (docs/scripts.md): `python main.py run LEVEL SCRIPT` replays it.

    Refusals changed nothing and are left out, so the script plays to its end with `run`; it names
    its level and what it was made with as every replay does (docs/replays.md)."""
    from game.replay import to_script  # only when a crash is logged

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
