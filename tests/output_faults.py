"""Output errors injected at the output gate (game.storage.atomic.output_opener): a full disk, a read-only file
system, a
refused permission, tried the same way as any user, root included (where a read-only folder stops nothing)."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager

from game.storage.atomic import output_opener

MESSAGES = {
    errno.ENOSPC: "No space left on device",
    errno.EROFS: "Read-only file system",
    errno.EACCES: "Permission denied",
}


@contextmanager
def failing_outputs(code: int, at: str = "open") -> Iterator[list[str]]:
    """Every output opened inside the block fails with `code`: when it is opened (`at="open"`), or at its first
    write (`at="write"`: the file opens on /dev/full, whose writes fail with ENOSPC). Yields the paths tried."""
    tried: list[str] = []

    def opener(path: str, flags: int, mode: int) -> int:
        tried.append(path)
        if at == "write":
            return os.open("/dev/full", os.O_WRONLY)
        raise OSError(code, MESSAGES.get(code, os.strerror(code)), path)

    with output_opener(opener):
        yield tried
