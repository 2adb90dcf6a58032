"""A fast reader for the flat TOML the message catalogues are written in, with tomllib behind it.

tomllib (pure Python) takes about 17 ms for one catalogue of ~1,000 strings, on every start of
the game, before the first battle frame. The catalogues use a small part of TOML: comments,
`[table.headers]`, `key = "basic string"` and one-line inline tables of such strings (plural
messages). `loads` reads the plain lines with a regular expression each and lets tomllib read
the few others one line at a time (about five times sooner in all). A text that steps outside
that part, or that TOML would refuse, goes to tomllib whole, so the result, or the error, is
always exactly tomllib's (tests/test_flat_toml.py checks this against tomllib on the shipped
catalogues and on generated documents).
"""

from __future__ import annotations

import re
from typing import Any

from game.storage.toml_cache import toml

_KEY = r"[A-Za-z0-9_-]+"
_END = r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?"
"""The end of a line: spaces, then perhaps a comment (no control character but a tab)."""
# small patterns: Python compiles them at import, on every start (a pattern with every TOML escape and the
# inline tables cost ~2 ms to compile; those few lines go to tomllib instead)
_PLAIN = re.compile(rf'({_KEY})[ \t]*=[ \t]*"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"{_END}')
"""The common line: a bare key and a basic string without escapes."""
_BLANK = re.compile(_END)
_TABLE = re.compile(rf"\[[ \t]*({_KEY}(?:[ \t]*\.[ \t]*{_KEY})*)[ \t]*\]{_END}")
_PAIR = re.compile(rf"({_KEY})[ \t]*=")
"""Any other value of a bare key (escapes, a plural's inline table): tomllib reads that one line."""


class _Outside(Exception):
    """The text leaves the flat subset (or breaks a TOML rule): tomllib decides."""


def _flat(text: str) -> dict[str, Any]:
    """The document, if it stays inside the flat subset and obeys TOML's rules; _Outside otherwise."""
    root: dict[str, Any] = {}
    headers: set[tuple[str, ...]] = set()
    frozen: set[int] = set()  # inline tables: TOML lets nothing be added to them later
    table = root
    for line in text.split("\n"):
        match = _PLAIN.fullmatch(line)
        if match is not None:
            key, value = match[1], match[2]
        elif _BLANK.fullmatch(line):
            continue
        elif (match := _TABLE.fullmatch(line)) is not None:
            path = tuple(part.strip(" \t") for part in match[1].split("."))
            if path in headers:
                raise _Outside  # a table defined twice
            headers.add(path)
            table = root
            for part in path:
                table = table.setdefault(part, {})
                if not isinstance(table, dict) or id(table) in frozen:
                    raise _Outside  # a value (a string, an inline table) used as a table
            continue
        elif (match := _PAIR.match(line)) is not None:
            try:  # one key and its value: what tomllib reads on this line is what it reads in the document
                key, value = match[1], toml().loads(line)[match[1]]
            except toml().TOMLDecodeError:
                raise _Outside from None  # (a multi-line value, too)
            if isinstance(value, dict):
                frozen.add(id(value))
        else:
            raise _Outside
        if key in table:
            raise _Outside  # a key defined twice
        table[key] = value
    return root


def loads(text: str) -> dict[str, Any]:
    """The TOML document `text`, as tomllib.loads returns it (and its TOMLDecodeError when TOML refuses it)."""
    try:
        return _flat(text)
    except _Outside:
        return toml().loads(text)  # type: ignore[no-any-return]
