"""Watching a level file for `play --watch`: polling (mtime, size, then a content hash), no extra dependency.

The frame loop calls `poll()` every frame; the watcher only looks at the file every `interval`
seconds of its clock (injectable, so tests need no sleeping). A change of mtime or size is
confirmed by the sha256 of the bytes, so touching a file or an editor's save of the same text
reloads nothing.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.files import FileRefused, read_regular
from game.levels.level import Level, LevelError, parse_level
from game.text.i18n import t

POLL_SECONDS = 0.5


def _read(path: Path) -> tuple[tuple[int, int] | None, bytes | None, str | None]:
    """(mtime_ns, size), the bytes and why they were refused; (None, None, None) while missing or unreadable.

    A FIFO, device, directory or oversized file is refused without blocking or reading it all
    (game.files.read_regular), so a watched file replaced by one cannot freeze or flood the game.
    """
    try:
        stat = path.stat()
        data = read_regular(path)
    except FileRefused as exc:
        return (stat.st_mtime_ns, stat.st_size), None, exc.strerror
    except OSError:
        return None, None, None
    return (stat.st_mtime_ns, stat.st_size), data, None


class FileWatcher:
    """Reports when a file's content changed since the last look."""

    def __init__(
        self, path: str | os.PathLike[str], interval: float = POLL_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path = Path(path)
        self.interval = interval
        self.clock = clock
        self._next = clock() + interval
        self._signature, data, self.refused = _read(self.path)
        """`refused`: why the file as it is now is not read (a FIFO, a device, too big), else None."""
        self.digest = hashlib.sha256(data).hexdigest() if data is not None else None
        """sha256 of the content last seen (None: the file was missing)."""
        self.data = data
        """The bytes last seen."""

    def poll(self) -> bool:
        """True when the content changed; looks at the file at most once per interval."""
        now = self.clock()
        if now < self._next:
            return False
        self._next = now + self.interval
        return self.check()

    def check(self) -> bool:
        """Look now: True when the content differs from the last content seen."""
        signature, data, refused = _read(self.path)
        if signature == self._signature and signature is not None and refused == self.refused:
            return False  # same mtime and size: do not hash the file every half second
        self._signature = signature
        if refused is not None:
            # not a file to read (or far too big): report it once, keep what was last seen
            changed = refused != self.refused
            self.refused, self.digest = refused, None
            return changed
        self.refused = None
        if data is None:
            # missing (an editor replacing the file, or deleted): wait for it to come back
            return False
        digest = hashlib.sha256(data).hexdigest()
        if digest == self.digest:
            return False
        self.digest, self.data = digest, data
        return True


@dataclass(frozen=True, slots=True)
class Reload:
    """The outcome of a change: the new level, or the error that keeps the old one in play."""

    level: Level | None
    error: str | None


class LevelWatcher:
    """A FileWatcher that parses the changed level; the last error stays until the file loads again."""

    def __init__(
        self, path: str | os.PathLike[str], interval: float = POLL_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.files = FileWatcher(path, interval, clock)
        self.error: str | None = None
        """The LevelError text of the file as it is now, while it does not load."""

    @property
    def path(self) -> Path:
        """The watched level file."""
        return self.files.path

    def poll(self) -> Reload | None:
        """None when nothing changed; else the reloaded level or why it cannot be loaded."""
        if not self.files.poll():
            return None
        return self._load()

    def check(self) -> Reload | None:
        """Like poll, without waiting for the interval."""
        if not self.files.check():
            return None
        return self._load()

    def _load(self) -> Reload:
        if self.files.refused is not None:
            self.error = f"{self.files.path}: {t('level_error.cannot_read', reason=self.files.refused)}"
            return Reload(None, self.error)
        assert self.files.data is not None
        try:
            level = parse_level(self.files.data, str(self.files.path), Path(self.files.path).parent)
        except LevelError as exc:
            self.error = str(exc)
            return Reload(None, self.error)
        except (Exception, RecursionError) as exc:  # whatever breaks a reload must not end the game in play
            self.error = f"{self.files.path}: {t('files.watch_failed', kind=type(exc).__name__)}"
            return Reload(None, self.error)
        self.error = None
        return Reload(level, None)
