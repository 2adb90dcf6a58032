"""Atomic file writes: a reader never sees a half-written file (no imports beyond the standard library's basics,
so the start-up caches may use it before the game is imported)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic_bytes(path: str | Path, data: bytes, durable: bool = True) -> None:
    """Write `data` to `path` via a temp file in the same folder and a rename; `durable`: fsync first (files a
    player keeps; a cache that may be lost skips it)."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or Path("."))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
