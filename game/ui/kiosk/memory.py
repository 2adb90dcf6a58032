"""Giving freed native memory back to the system between kiosk games.

A game's board, panel and label surfaces are SDL allocations outside Python's tracing; when a
match closes they are freed, but glibc keeps the freed heap pages in its arenas, so a kiosk's
resident size crept up game after game while traced memory stayed flat. After each
match is torn down the kiosk collects cycles and asks glibc to trim its heap (`malloc_trim`);
elsewhere (macOS, Windows, musl) this is only the collection.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable
from functools import cache


@cache
def _trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name)
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


def release_memory() -> None:
    """Collect reference cycles, then return free heap pages to the system where the C library can."""
    gc.collect()
    trim = _trim()
    if trim is not None:
        trim(0)
