"""Level file errors and the locator that finds the line of a key path in raw TOML text."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

KeyPath = tuple[str | int, ...]
"""A path into the TOML data, e.g. ("units", 2, "at")."""


def format_path(path: KeyPath) -> str:
    """The printable form of a key path: `units[2].at`, `map.legend."w"`."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            bare = re.fullmatch(r"[A-Za-z0-9_-]+", part) is not None
            if bare:
                name = part
            else:
                import json  # a quoted key is rare: a level that loads need not import json (start-up time)

                name = json.dumps(part, ensure_ascii=False)
            text += f".{name}" if text else name
    return text


class LevelError(Exception):
    """A refused level file: one message naming file, line, key path and what was expected."""

    def __init__(self, source: str, message: str, line: int | None = None, key: str = "", column: int | None = None):
        super().__init__(message)
        self.source = source
        self.message = message
        self.line = line
        self.column = column
        self.key = key
        self.problems: tuple[LevelError, ...] = (self,)
        """Every problem found (the first is this one); `check_level` reports them all."""

    def __str__(self) -> str:
        from game.files import shown  # a file name of any bytes (not UTF-8, an escape) shown, never crashing

        where = shown(self.source)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The header and key line patterns, compiled at the first error's scan (a level that loads needs none)."""
    # no two quantifiers may compete for the same blanks: "[" and 4,000 spaces took 100 s before
    header = re.compile(r"^\s*(\[\[?)([^\]]*)\]\]?\s*(#.*)?$")
    key = re.compile(r"""^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*(?:\.|=)""")
    return header, key


def _norm_header(name: str) -> str:
    """A table header name without quotes or blanks around the dots."""
    parts = [p.strip().strip("\"'") for p in name.split(".")]
    return ".".join(parts)


@dataclass
class _Block:
    """One table of the file: its header line and the first line of each key in it."""

    line: int
    keys: dict[str, int] = field(default_factory=dict)


class Locator:
    """Finds the 1-based line of a key path in raw TOML text (tomllib keeps no positions)."""

    def __init__(self, text: str):
        self.lines = text.split("\n")
        # header name → list of blocks (one per occurrence, so `[[units]]` #N is blocks[N])
        self.blocks: dict[str, list[_Block]] = {"": [_Block(0)]}
        self._scan()

    def _scan(self) -> None:
        """Record every header and key line, skipping the inside of multi-line strings."""
        current = self.blocks[""][0]
        closing: str | None = None
        header_line, key_line = _patterns()
        for number, raw in enumerate(self.lines, start=1):
            if closing is not None:
                if raw.count(closing) % 2 == 1:
                    closing = None
                continue
            header = header_line.match(raw)
            name = header.group(2).strip() if header else ""
            if name and "," not in name:
                current = _Block(number)
                self.blocks.setdefault(_norm_header(name), []).append(current)
                continue
            key = key_line.match(raw)
            if key:
                name = key.group(1).strip("\"'")
                current.keys.setdefault(name, number)
            for quote in ("'''", '"""'):
                if raw.count(quote) % 2 == 1:
                    closing = quote
                    break

    def line_of(self, path: KeyPath) -> int | None:
        """The line of `path`, else of the nearest enclosing table header or key, else None."""
        # find the longest header prefix of the path, honouring array indices
        best: tuple[_Block, int] | None = None
        names: list[str] = []
        i = 0
        while i < len(path):
            part = path[i]
            if isinstance(part, int):
                break
            names.append(part)
            name = ".".join(names)
            blocks = self.blocks.get(name)
            if blocks and best is not None:
                # a sub-table header belongs to the nearest enclosing block before it
                blocks = [b for b in blocks if b.line > best[0].line]
            if blocks:
                nxt = path[i + 1] if i + 1 < len(path) else None
                if isinstance(nxt, int):
                    if nxt < len(blocks):
                        best = (blocks[nxt], i + 2)
                        i += 2
                        continue
                    break
                best = (blocks[0], i + 1)
            i += 1
        if best is None:
            block, rest = self.blocks[""][0], 0
        else:
            block, rest = best
        if rest < len(path) and isinstance(path[rest], str) and path[rest] in block.keys:
            return block.keys[path[rest]]
        if best is None:
            return None
        # the key has no line of its own (missing, or inside an inline table): point at its table
        return block.line or None
