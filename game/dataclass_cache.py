"""The code of dataclasses' generated methods, compiled once and kept between starts (like .pyc files).

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__` (and a frozen
class's `__setattr__` and `__delattr__`) as source text and compiles it, on every start: for the
~60 dataclasses the first battle frame needs, ~300 compilations, a quarter of all the work the
game does before that frame (issue 14, measured in instructions). `install()` lets dataclasses
reuse code compiled on an earlier start: it gives the `dataclasses` module its own `exec`, which
looks the text up in a cache file (marshal, as Python's own bytecode cache uses) and compiles only
texts it has not seen, exactly as `exec` would (same file name "<string>", no inherited flags), so
every class gets the same methods as before. The cache is written when the game exits, atomically,
to the user cache folder ($GRIDBOUND_CACHE_DIR overrides it), under the interpreter's bytecode
magic number and optimisation level. Any problem with the file only means compiling as before.

Two more of a start's repeated costs go the same way (issue 14, start-up, measured in instructions):
the rules' quick `__init__`s (rules/records.py compiles one text per hot record, ~8 M instructions)
are kept in the same file under their file name and text, and the pattern dataclasses matches
against every string annotation, twice a field (~1,200 matches), answers a text it has matched
before with the same match object (a match is immutable; the pattern is a pure function of the text).
"""

from __future__ import annotations

import atexit
import dataclasses
import marshal
import re
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

from game.atomic import write_atomic_bytes
from game.paths import user_cache_dir
from rules import records

MAX_ENTRIES = 4000
"""More texts than this (old versions of the game's classes pile up): keep only those this run used."""

_codes: dict[str, CodeType] = {}
_used: set[str] = set()
_state = {"installed": False, "new": False, "registered": False}
_path: list[Path] = []
_PATTERN = dataclasses._MODULE_IDENTIFIER_RE  # type: ignore[attr-defined]


class _RememberedPattern:
    """dataclasses' annotation pattern, answering each text it has matched before from memory."""

    __slots__ = ("found",)

    def __init__(self) -> None:
        self.found: dict[str, re.Match[str] | None] = {}

    def match(self, text: str) -> re.Match[str] | None:
        """`pattern.match(text)`: the same (immutable) match object every time for the same text."""
        try:
            return self.found[text]
        except KeyError:
            found = self.found[text] = _PATTERN.match(text)
            return found


def cache_file(folder: Path | None = None) -> Path:
    """The cache file for this interpreter: its bytecode magic number and -O level are in the name."""
    name = f"dataclasses-{MAGIC_NUMBER.hex()}-O{sys.flags.optimize}.marshal"
    return (folder if folder is not None else user_cache_dir()) / name


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """`exec` for the dataclasses module: source text runs as the code compiled for it before."""
    if isinstance(source, str):
        code = _codes.get(source)
        if code is None:
            # what exec(source) compiles: file "<string>", and the flags of dataclasses.py (none), not ours
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _codes[source] = code
            _state["new"] = True
        _used.add(source)
        source = code
    exec(source, globals, locals)


def _compile_init(text: str, filename: str) -> CodeType:
    """`records.compile_init` for the rules' quick `__init__`s, from the code compiled for that text before."""
    key = f"\0{filename}\0{text}"  # no dataclasses text holds a NUL: the two kinds never share a key
    code = _codes.get(key)
    if code is None:
        code = _codes[key] = records.compile_init(text, filename)
        _state["new"] = True
    _used.add(key)
    return code


def _load(path: Path) -> dict[str, CodeType]:
    """The texts and code in `path`; empty when it is missing, unreadable or not what this module writes."""
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, CodeType)}


def save() -> bool:
    """Write the cache if this run compiled anything new (atomically); True if it wrote. Errors are ignored."""
    if not _state["new"] or not _path:
        return False
    kept = _codes if len(_codes) <= MAX_ENTRIES else {k: _codes[k] for k in _used}
    path = _path[0]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic_bytes(path, marshal.dumps(kept), durable=False)
    except OSError:  # a read-only or full disk: the next start compiles again, as without a cache
        return False
    _state["new"] = False
    return True


def install(folder: Path | None = None) -> None:
    """Make dataclasses reuse compiled method code from the cache in `folder` (default: the user cache)."""
    if _state["installed"]:
        return
    path = cache_file(folder)
    _path[:] = [path]
    _codes.update(_load(path))
    # a global of the dataclasses module hides the builtin there only: its one exec call (the generated
    # methods' text) then goes through the cache; every other module keeps the builtin
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    dataclasses._MODULE_IDENTIFIER_RE = _RememberedPattern()  # type: ignore[attr-defined]
    records.compiler[0] = _compile_init
    _state["installed"] = True
    if not _state["registered"]:
        atexit.register(save)
        _state["registered"] = True


def uninstall() -> None:
    """Give dataclasses back the builtin exec and forget the cache (tests)."""
    if hasattr(dataclasses, "exec"):
        del dataclasses.exec  # type: ignore[attr-defined]
    dataclasses._MODULE_IDENTIFIER_RE = _PATTERN  # type: ignore[attr-defined]
    records.compiler[0] = records.compile_init
    _codes.clear()
    _used.clear()
    _path.clear()
    _state.update(installed=False, new=False)
