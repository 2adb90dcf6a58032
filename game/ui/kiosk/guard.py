"""The kiosk's exception guard: a failure inside a scene is logged (with a replayable action script) and survived."""

from __future__ import annotations

import logging
import logging.handlers
import traceback
from dataclasses import dataclass
from pathlib import Path

from game.match import Match
from game.script import Script, script_toml

LOGGER_NAME = "gridbound.kiosk"


def open_log(path: Path, max_bytes: int, backups: int) -> logging.Logger:
    """The kiosk logger writing to a size-rotating file at `path` (its folder is created)."""
    logger = logging.getLogger(LOGGER_NAME)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # the kiosk's log must not end up on a console nobody reads
    close_log()
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(handler)
    return logger


def close_log() -> None:
    """Close and detach the kiosk logger's handlers (files stay readable, nothing leaks between sessions)."""
    logger = logging.getLogger(LOGGER_NAME)
    for handler in list(logger.handlers):
        logger.removeHandler(handler)
        handler.close()


def match_script(match: Match) -> str:
    """The match so far as an action script (INTERFACE.md §2): `python main.py run LEVEL SCRIPT` replays it."""
    # refusals changed nothing; leaving them out keeps the script playable to the end with `run`
    actions = tuple(r.action for r in match.history if r.result.ok)
    return script_toml(Script(match.seed, actions, level=match.level.source))


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
