"""Atomic file writes: a reader never sees a half-written file (no imports beyond the standard library's basics,
so the start-up caches may use it before the game is imported).

Every file the game writes is opened through `open_output`, whose opener a test may swap for one that fails
(`output_opener`), so a full disk, a read-only file system or a refused permission can be tried as any user,
root included. A write replaces only a regular file, never a device, FIFO or folder, and the new file gets the
permissions the user's umask gives (or the mode of the regular file it replaces), not the temp file's 0600.
"""

from __future__ import annotations

import errno
import marshal
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

Opener = Callable[[str, int, int], int]
"""os.open's shape: (path, flags, mode) → a file descriptor."""

_OPENER: ContextVar[Opener] = ContextVar("output_opener", default=os.open)

TEMP_STEM = 40
"""Characters of the target's name kept in its temp file's name: a name near the file system's limit still gets a
temp file beside it."""


@contextmanager
def output_opener(opener: Opener) -> Iterator[None]:
    """Open every output file through `opener` inside the block (tests inject ENOSPC, EROFS, EACCES here)."""
    token = _OPENER.set(opener)
    try:
        yield
    finally:
        _OPENER.reset(token)


def open_output(path: str | os.PathLike[str], flags: int, mode: int = 0o666) -> int:
    """A file descriptor for writing `path`, through the current opener (umask applies to `mode`)."""
    return _OPENER.get()(os.fspath(path), flags | getattr(os, "O_CLOEXEC", 0), mode)


@cache
def umask() -> int:
    """The process's umask, read without changing it where the system says it (Linux), else set and restored once."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(target: Path) -> int:
    """The permissions of the file that replaces `target`: those of a regular file there, else 0666 less the umask.
    OSError (EEXIST) when something other than a regular file is there: it is never replaced."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return 0o666 & ~umask()
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EEXIST, "not a regular file", str(target))
    return stat.S_IMODE(info.st_mode)


def write_atomic_bytes(path: str | os.PathLike[str], data: bytes, durable: bool = True) -> None:
    """Write `data` to `path` via a temp file in the same folder and a rename; `durable`: fsync first (files a
    player keeps; a cache that may be lost skips it)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    mode = _mode_for(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = folder / f".{target.name[:TEMP_STEM]}.{os.urandom(4).hex()}.tmp"
        try:
            fd = open_output(tmp, flags, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if hasattr(os, "fchmod"):
                os.fchmod(handle.fileno(), mode)
            if durable:
                os.fsync(handle.fileno())
        _mode_for(target)  # checked again just before the rename: a device put there meanwhile is not replaced
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_kept(
    path: Path, order: Iterable[Any], entries: Mapping[Any, Any], size_of: Callable[[Any], int], limit: int
) -> bool:
    """Write the `entries` named by `order` (first come first kept, each once) while their sizes stay within
    `limit`, marshalled and atomically, for the caches kept between starts; False if the disk refused (a read-only
    or full disk: the next start works things out again, as without a cache)."""
    kept: dict[Any, Any] = {}
    size = 0
    for key in order:
        if key in kept or key not in entries:
            continue
        size += size_of(entries[key])
        if size > limit:
            break
        kept[key] = entries[key]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic_bytes(path, marshal.dumps(kept), durable=False)
    except (OSError, ValueError):
        return False
    return True
