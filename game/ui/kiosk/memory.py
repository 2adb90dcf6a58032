"""Giving freed native memory back to the system between kiosk games.

A game's board, panel and label surfaces are SDL allocations outside Python's tracing; when a
match closes they are freed, but glibc keeps the freed heap pages in its arenas, so a kiosk's
resident size crept up game after game while traced memory stayed flat. After each
match is torn down the kiosk collects cycles and asks glibc to trim its heap (`malloc_trim`);
elsewhere (macOS, Windows, musl) this is only the collection.

Trimming gives back only free pages at the heap's ends and whole free pages inside it; a heap
holding a few live blocks among freed surfaces keeps growing. glibc's dynamic mmap threshold
causes that: once a large block that had its own mapping is freed, glibc raises the threshold
(up to 32 MB on 64-bit), so every later board, panel or text surface of a few hundred KB comes
from the heap, where it fragments it. So the kiosk fixes the thresholds at its start
(`tune_allocator`): every block from MMAP_THRESHOLD up gets its own mapping, returned to the
system when freed, and the computer players' worker thread shares the main thread's heaps
(ARENA_MAX) instead of growing one of its own. A visitor may play one match for many minutes: the
heap is also trimmed every TRIM_EVERY seconds of kiosk time (`trim_heap`, without the collection,
a few milliseconds). Every LOG_EVERY seconds the kiosk logs its resident size next to the number
of Python's allocated blocks and glibc's heap in use, free and mapped (`memory_line`): a heap of Python
objects that grows shows in the blocks, live native memory (SDL's surfaces, fonts) in the bytes in use, and
fragmentation in the free bytes the trim cannot give back.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

from game.ui.cached_font import pygame_fonts_alive, pygame_fonts_made

MMAP_THRESHOLD = 128 * 1024
"""Blocks from this size up get their own mapping (glibc's default start, here fixed instead of rising)."""
TRIM_THRESHOLD = 256 * 1024
"""Free memory at the heap's top beyond this goes back at once (glibc's default is twice the mmap threshold)."""
ARENA_MAX = 2
"""Heaps the process may have: the main thread's and one shared by every other thread."""
LOG_EVERY = 600.0
"""Seconds of kiosk time between two memory lines in the kiosk log."""
TRIM_EVERY = 60.0
"""Seconds of kiosk time between two trims of the heap within a match."""
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _M_ARENA_MAX = -1, -3, -8
"""mallopt's parameter numbers (glibc's malloc.h)."""


@cache
def _libc() -> ctypes.CDLL | None:
    """The C library, or None where there is none to load."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


def tune_allocator() -> bool:
    """Fix glibc's mmap and trim thresholds and cap its heaps (see above); False where the C library has no mallopt."""
    libc = _libc()
    mallopt = getattr(libc, "mallopt", None) if libc is not None else None
    if mallopt is None or _trim() is None:  # mallopt's numbers are glibc's: musl and others have no malloc_trim
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    done = [mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD), mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)]
    done.append(mallopt(_M_ARENA_MAX, ARENA_MAX))
    return all(code == 1 for code in done)  # mallopt answers 1 when it took the value


@cache
def _trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None where the C library has none."""
    libc = _libc()
    trim = getattr(libc, "malloc_trim", None) if libc is not None else None
    if trim is None:
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


def trim_heap() -> None:
    """Return free heap pages to the system where the C library can (glibc's malloc_trim)."""
    trim = _trim()
    if trim is not None:
        trim(0)


def release_memory() -> None:
    """Collect reference cycles, then return free heap pages to the system where the C library can."""
    gc.collect()
    trim_heap()


def rss_bytes() -> int:
    """The current resident set size (Linux /proc); 0 where it cannot be read."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    import resource

    return pages * resource.getpagesize()


class _Mallinfo2(ctypes.Structure):
    """glibc's `struct mallinfo2` (malloc.h, glibc 2.33 on): every field a size_t."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def heap_bytes() -> tuple[int, int, int] | None:
    """glibc's heap as (in use, free inside the heaps, in own mappings) in bytes; None without `mallinfo2`.

    Free bytes inside the heaps that grow while those in use do not are fragmentation (pages the trim cannot
    give back); bytes in use that grow are live native allocations (SDL's surfaces, fonts, Python's own).
    """
    info = _mallinfo2()
    if info is None:
        return None
    got = info()
    return got.uordblks, got.fordblks, got.hblkhd


@cache
def _mallinfo2() -> Callable[[], _Mallinfo2] | None:
    """glibc's mallinfo2, or None where the C library has none (before glibc 2.33, musl, macOS)."""
    libc = _libc()
    info = getattr(libc, "mallinfo2", None) if libc is not None else None
    if info is None:
        return None
    info.argtypes = []
    info.restype = _Mallinfo2
    return info  # type: ignore[no-any-return]


def memory_line() -> str:
    """The kiosk log's memory line: resident size (where /proc tells it), Python's allocated blocks, glibc's heap
    (where the C library tells it) and the pygame fonts alive (and made so far)."""
    rss = rss_bytes()
    where = f"RSS {rss / 1e6:.1f} MB, " if rss else ""
    line = f"memory: {where}Python heap {sys.getallocatedblocks()} blocks"
    heap = heap_bytes()
    if heap is not None:
        used, free, mapped = (n / 1e6 for n in heap)
        line += f", C heap {used:.1f} MB in use, {free:.1f} MB free, {mapped:.1f} MB mapped"
    # each pygame font holds native memory the Python heap does not count (game/ui/theme.py FONTS_KEPT)
    return line + f", {pygame_fonts_alive()} fonts ({pygame_fonts_made()} made)"
