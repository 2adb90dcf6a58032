"""Reading and writing TOML files: tomllib where Python has it, atomic writes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.limits import MAX_FILE_BYTES, Limits, long_number, shape_problem
from game.storage import toml_cache
from game.storage.atomic import write_atomic_bytes as write_atomic_bytes  # kept importable here
from game.storage.toml_cache import toml
from game.text.i18n import t


def __getattr__(name: str) -> Any:
    # tomllib is imported at its first need (game/storage/toml_cache.py): its error class too
    if name == "TOMLDecodeError":
        return toml().TOMLDecodeError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse_toml(data: bytes, source: str, limits: Limits | None = None, cached: bool = False) -> dict[str, Any]:
    """Decode UTF-8 TOML bytes; ValueError with `source:line: message` on bad input.

    With the `limits` of a file format (scripts, kiosk configs), bytes over the file limit and inline values
    nested deeper or longer than the format allows are refused before tomllib reads them (game/limits.py
    shape_problem): it takes seconds over megabytes of brackets. Without, any TOML is decoded."""
    if limits is not None and len(data) > MAX_FILE_BYTES:
        raise ValueError(f"{source}: {t('files.too_big', size=len(data), limit=MAX_FILE_BYTES)}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = t("level_error.not_utf8_short", offset=exc.start, byte=f"{data[exc.start]:02x}")
        raise ValueError(f"{source}: {message}") from None
    deep = shape_problem(text, limits) if limits is not None else None
    if deep is not None:
        line, key, message = deep
        raise ValueError(f"{source}:{line}: {key}: {message}" if key else f"{source}:{line}: {message}")
    try:
        # `cached`: a file every start reads (the settings), parsed on an earlier start: read back
        return toml_cache.loads(text) if cached else toml().loads(text)  # type: ignore[no-any-return]
    except toml().TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
        from game.text.cli_locale import toml_message  # the parser's English in the player's language

        message = toml_message(message)
        where = f"{source}:{match.group(1)}" if match else source
        raise ValueError(f"{where}: {t('level_error.toml_syntax', message=message)}") from None
    except RecursionError:  # tomllib recurses once per nesting level: a syntax error, not a crash
        raise ValueError(f"{source}: {t('level_error.toml_syntax', message=t('limits.nesting'))}") from None
    except ValueError:  # a number longer than Python converts: our own message, at its line
        found = long_number(text)
        if found is None:
            raise
        raise ValueError(f"{source}:{found[0]}: {found[1]}") from None


def header_line(text: str, table: str, index: int) -> int | None:
    """1-based line of the `index`-th `[[table]]` header in `text`, if present."""
    count = -1
    pattern = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
    for number, line in enumerate(text.splitlines(), start=1):
        if pattern.match(line):
            count += 1
            if count == index:
                return number
    return None


def key_line(text: str, start: int | None, key: str) -> int | None:
    """1-based line of `key = …` at or after line `start` and before the next table header."""
    if start is None:
        return None
    lines = text.splitlines()
    pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for number in range(start, len(lines) + 1):
        line = lines[number - 1]
        if number > start and line.lstrip().startswith("["):
            break
        if pattern.match(line):
            return number
    return start


def dumps(data: dict[str, Any]) -> str:
    """TOML text of `data`."""
    import tomli_w  # writing: not at the game's start

    return tomli_w.dumps(data)


def write_atomic(path: str | Path, text: str) -> None:
    """Write `text` to `path` so that a reader never sees a half-written file."""
    write_atomic_bytes(path, text.encode("utf-8"))
