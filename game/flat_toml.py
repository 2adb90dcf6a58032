"""A fast reader for the flat TOML the message catalogues are written in, with tomllib behind it.

tomllib (pure Python) takes about 17 ms for one catalogue of ~1,000 strings, on every start of
the game, before the first battle frame. The catalogues use a small part of TOML: comments,
`[table.headers]`, `key = "basic string"` and one-line inline tables of such strings (plural
messages). `loads` reads that part line by line, a regular expression per line (about five
times sooner), and hands any text that steps outside it, or that TOML would refuse, to tomllib, so the
result, or the error, is always exactly tomllib's (tests/test_flat_toml.py checks this against
tomllib on the shipped catalogues and on generated documents).
"""

from __future__ import annotations

import re
import sys
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_KEY = r"[A-Za-z0-9_-]+"
# a string is runs of plain characters between escapes (a class per character would be several times slower)
_CHARS = r'[^"\\\x00-\x08\x0a-\x1f\x7f]*'
_STRING = rf'"{_CHARS}(?:\\(?:[btnfr"\\]|u[0-9A-Fa-f]{{4}}|U[0-9A-Fa-f]{{8}}){_CHARS})*"'
_PAIR = rf"({_KEY})[ \t]*=[ \t]*({_STRING})"
_END = r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?"
_KEY_STRING = re.compile(rf"{_PAIR}{_END}")
"""The common line, `key = "text"`, matched first."""
_OTHER = re.compile(
    rf"{_END}"  # blank or a comment
    rf"|\[[ \t]*(?P<table>{_KEY}(?:[ \t]*\.[ \t]*{_KEY})*)[ \t]*\]{_END}"
    rf"|(?P<key>{_KEY})[ \t]*=[ \t]*(?P<inline>\{{[ \t]*{_PAIR}(?:[ \t]*,[ \t]*{_PAIR})*[ \t]*\}}){_END}"
)
_INLINE_PAIR = re.compile(_PAIR)
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))")
_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


class _Outside(Exception):
    """The text leaves the flat subset (or breaks a TOML rule): tomllib decides."""


def _unescape(match: re.Match[str]) -> str:
    code = match.group(1) or match.group(2)
    if code is None:
        return _SIMPLE_ESCAPES[match.group(3)]
    value = int(code, 16)
    if 0xD800 <= value <= 0xDFFF or value > 0x10FFFF:  # not a Unicode scalar value: TOML refuses it
        raise _Outside
    return chr(value)


def _string(quoted: str) -> str:
    body = quoted[1:-1]
    return _ESCAPE.sub(_unescape, body) if "\\" in body else body


def _flat(text: str) -> dict[str, Any]:
    """The document, if it stays inside the flat subset and obeys TOML's rules; _Outside otherwise."""
    root: dict[str, Any] = {}
    headers: set[tuple[str, ...]] = set()
    frozen: set[int] = set()  # inline tables: TOML lets nothing be added to them later
    table = root
    for line in text.split("\n"):
        match = _KEY_STRING.fullmatch(line)
        if match is not None:
            key, quoted = match.groups()
            if key in table:
                raise _Outside  # a key defined twice
            table[key] = _string(quoted)
            continue
        match = _OTHER.fullmatch(line)
        if match is None:
            raise _Outside
        if match.group("table") is not None:
            path = tuple(part.strip(" \t") for part in match.group("table").split("."))
            if path in headers:
                raise _Outside  # a table defined twice
            headers.add(path)
            table = root
            for part in path:
                table = table.setdefault(part, {})
                if not isinstance(table, dict) or id(table) in frozen:
                    raise _Outside  # a string, or an inline table, used as a table
        elif match.group("key") is not None:
            key = match.group("key")
            if key in table:
                raise _Outside
            inline: dict[str, str] = {}
            for name, quoted in _INLINE_PAIR.findall(match.group("inline")):
                if name in inline:
                    raise _Outside
                inline[name] = _string(quoted)
            frozen.add(id(inline))
            table[key] = inline
    return root


def loads(text: str) -> dict[str, Any]:
    """The TOML document `text`, as tomllib.loads returns it (and its TOMLDecodeError when TOML refuses it)."""
    try:
        return _flat(text)
    except _Outside:
        return tomllib.loads(text)
