"""TOML documents parsed on an earlier start, kept between starts (like .pyc files), and tomllib imported late.

The game's start parses its message catalogue (~1,000 lines), the level and the settings file:
with tomllib's import that was about 35 M instructions, 7 % of the start to the first battle
frame, for files that rarely change. `loads(text, parse)` gives what `parse(text)`
gives (tomllib.loads, or game.text.flat_toml.loads, which returns tomllib's result): the first time by
parsing, and it keeps that result, with the text itself, under the text's length and CRC-32 in one
file in the user cache folder ($GRIDBOUND_CACHE_DIR overrides it); a later start with the same text
reads the result back (marshal, as Python's bytecode cache does), each time as new objects. The key
only finds the entry: the result is used only when the kept text equals the text (a CRC-32 is ~20
times cheaper than the sha256 this used, ~3 M instructions a start, and cannot be trusted alone).
Only results are kept: a text that does not parse is parsed, and refused, every time, with the parser's own error. A
result marshal cannot hold (TOML dates and times) is not kept. A missing, damaged or unwritable
file only means parsing as before. The file is written when the game exits, atomically.

Bounds: in memory at most MAX_MEMORY_BYTES of entries (the least recently used go first: a long
`play --watch` session makes a new text at every save), the file at most MAX_BYTES (this run's
start's first), and a file over MAX_READ_BYTES or not a regular file is not read.
"""

from __future__ import annotations

import atexit
import marshal
import stat
import sys
import zlib
from collections.abc import Callable
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import ModuleType
from typing import Any

from game.paths import user_cache_dir
from game.storage.atomic import write_kept

MAX_BYTES = 1_000_000
"""The most the file holds: what this run read (in the order it first did), then older entries while they fit."""
MAX_READ_BYTES = 2 * MAX_BYTES
"""A file bigger than this (written by an older, unbounded version) is not read: the start parses anew."""
MAX_MEMORY_BYTES = 8_000_000
"""The most bytes of entries kept in memory; the least recently used go first."""

_entries: dict[str, bytes] = {}
_used: dict[str, None] = {}
_state = {"loaded": False, "new": False, "registered": False}
_path: list[Path] = []
_bytes = [0]
"""The bytes of `_entries`, kept up to date so bounding them costs nothing per lookup."""


def toml() -> ModuleType:
    """The tomllib module (tomli before Python 3.11), imported at the first need: a start that finds every
    document in the cache never imports it (~16 M instructions)."""
    if sys.version_info >= (3, 11):
        import tomllib

        return tomllib
    import tomli  # pragma: no cover - Python 3.10

    return tomli  # pragma: no cover


def cache_file(folder: Path | None = None) -> Path:
    """The cache file for this interpreter (its bytecode magic number is in the name: marshal's format)."""
    return (folder if folder is not None else user_cache_dir()) / f"toml-{MAGIC_NUMBER.hex()}.marshal"


def use_folder(folder: Path | None) -> None:
    """Read and write the cache in `folder` from now on (None: the user cache folder); forgets what was read."""
    _entries.clear()
    _used.clear()
    _bytes[0] = 0
    _state.update(loaded=False, new=False)
    _path[:] = [cache_file(folder)] if folder is not None else []


def _load() -> None:
    _state["loaded"] = True
    if not _path:
        _path.append(cache_file())  # written back where it was read, whatever the environment says by then
    try:
        info = _path[0].stat()
        # a FIFO or an old, huge file in its place must not stall the start: only a regular file of bounded size
        ok = stat.S_ISREG(info.st_mode) and info.st_size <= MAX_READ_BYTES
        data = marshal.loads(_path[0].read_bytes()) if ok else None
    except (OSError, ValueError, EOFError, TypeError):
        data = None
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(k, str) and isinstance(v, bytes):
                _put(k, v)
    if not _state["registered"]:
        atexit.register(save)
        _state["registered"] = True


def loads(text: str, parse: Callable[[str], dict[str, Any]] | None = None, kind: str = "toml") -> dict[str, Any]:
    """`parse(text)` (default tomllib.loads), read from the cache when this text was parsed before. `kind` names
    the parser in the key: parsers that answer differently must not share entries."""
    if not _state["loaded"]:
        _load()
    key = f"{kind}:{len(text)}:{zlib.crc32(text.encode('utf-8', 'surrogatepass')):08x}"
    kept = _entries.get(key)
    if kept is not None:
        try:
            entry = marshal.loads(kept)
        except (ValueError, EOFError, TypeError):
            entry = None
        # (text, result): another text with the same length and CRC-32 is parsed, and takes the entry over
        if type(entry) is tuple and len(entry) == 2 and entry[0] == text and isinstance(entry[1], dict):
            _put(key, kept)  # the most recently used go last
            _used.setdefault(key, None)
            return entry[1]  # type: ignore[no-any-return]
    data = (parse or toml().loads)(text)  # its errors go to the caller as they are
    try:
        _put(key, marshal.dumps((text, data)))
    except ValueError:  # a date or time: parsed every time
        return data
    _used.setdefault(key, None)
    _state["new"] = True
    return data


def _put(key: str, value: bytes) -> None:
    """Keep `value` under `key` as the most recently used, then drop the least recently used beyond the bound."""
    old = _entries.pop(key, None)
    if old is not None:
        _bytes[0] -= len(old)
    _entries[key] = value
    _bytes[0] += len(value)
    while _bytes[0] > MAX_MEMORY_BYTES and len(_entries) > 1:
        first = next(iter(_entries))
        _bytes[0] -= len(_entries.pop(first))
        _used.pop(first, None)


def save() -> bool:
    """Write the cache if this run parsed a new document (atomically); True if it wrote. Errors are ignored."""
    if not _state["new"] or not _path:
        return False
    # what this run read in the order it first read it (the start's catalogue and settings first), then what
    # earlier starts read, most recent first, while there is room
    if not write_kept(_path[0], (*_used, *reversed(_entries)), _entries, len, MAX_BYTES):
        return False
    _state["new"] = False
    return True
