"""TOML documents parsed on an earlier start, kept between starts (like .pyc files), and tomllib imported late.

The game's start parses its message catalogue (~1,000 lines), the level and the settings file:
with tomllib's import that was about 35 M instructions, 7 % of the start to the first battle
frame, for files that rarely change. `loads(text, parse)` gives what `parse(text)`
gives (tomllib.loads, or game.flat_toml.loads, which returns tomllib's result): the first time by
parsing, and it keeps that result, with the text itself, under the text's length and CRC-32 in one
file in the user cache folder ($GRIDBOUND_CACHE_DIR overrides it); a later start with the same text
reads the result back (marshal, as Python's bytecode cache does), each time as new objects. The key
only finds the entry: the result is used only when the kept text equals the text (a CRC-32 is ~20
times cheaper than the sha256 this used, ~3 M instructions a start, and cannot be trusted alone).
Only results are kept: a text that does not parse is parsed, and refused, every time, with the parser's own error. A
result marshal cannot hold (TOML dates and times) is not kept. A missing, damaged or unwritable
file only means parsing as before. The file is written when the game exits, atomically.
"""

from __future__ import annotations

import atexit
import marshal
import sys
import zlib
from collections.abc import Callable
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import ModuleType
from typing import Any

from game.atomic import write_atomic_bytes
from game.paths import user_cache_dir

MAX_BYTES = 1_000_000
"""Above this, the file keeps what this run read and what fits besides (old levels and settings pile up)."""

_entries: dict[str, bytes] = {}
_used: dict[str, None] = {}
_state = {"loaded": False, "new": False, "registered": False}
_path: list[Path] = []


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
    _state.update(loaded=False, new=False)
    _path[:] = [cache_file(folder)] if folder is not None else []


def _load() -> None:
    _state["loaded"] = True
    if not _path:
        _path.append(cache_file())  # written back where it was read, whatever the environment says by then
    try:
        data = marshal.loads(_path[0].read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        data = None
    if isinstance(data, dict):
        _entries.update((k, v) for k, v in data.items() if isinstance(k, str) and isinstance(v, bytes))
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
            _used[key] = None
            return entry[1]  # type: ignore[no-any-return]
    data = (parse or toml().loads)(text)  # its errors go to the caller as they are
    try:
        _entries[key] = marshal.dumps((text, data))
    except ValueError:  # a date or time: parsed every time
        return data
    _used[key] = None
    _state["new"] = True
    return data


def save() -> bool:
    """Write the cache if this run parsed a new document (atomically); True if it wrote. Errors are ignored."""
    if not _state["new"] or not _path:
        return False
    kept = {k: _entries[k] for k in _used if k in _entries}
    size = sum(map(len, kept.values()))
    for k, v in _entries.items():  # what earlier starts read, while there is room
        size += len(v)
        if size > MAX_BYTES:
            break
        kept.setdefault(k, v)
    path = _path[0]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic_bytes(path, marshal.dumps(kept), durable=False)
    except (OSError, ValueError):  # a read-only or full disk: the next start parses again, as without a cache
        return False
    _state["new"] = False
    return True
