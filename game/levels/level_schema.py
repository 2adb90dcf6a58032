"""Typed, located access to parsed TOML tables: every wrong value becomes one LevelError."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NoReturn

from game.levels.level_errors import KeyPath, LevelError, Locator, format_path
from game.text.i18n import LANGUAGES, t
from game.text.local_text import LocalText

REQUIRED: Any = object()
"""Marker default: the key must be present."""


def show(value: Any) -> str:
    """A value the way a level author wrote it (TOML-like), for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        import json  # messages about bad values only: a level that loads need not import it (start-up time)

        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return t("level_error.a_table")
    return str(value)


def one_of(choices: Iterable[str]) -> str:
    """`"a", "b" or "c"` for messages."""
    names = [show(c) for c in choices]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {t('level_error.or')} " + names[-1]


class Context:
    """One file being loaded: its name and text, for errors with lines and key paths."""

    def __init__(self, source: str, text: str):
        self.source = source
        self.text = text
        self._locator: Locator | None = None

    @property
    def locator(self) -> Locator:
        """The lines of the file's keys, found at the first error (a level that loads needs none: start-up time)."""
        if self._locator is None:
            self._locator = Locator(self.text)
        return self._locator

    def error(self, path: KeyPath, message: str, line: int | None = None) -> LevelError:
        """A LevelError at `path` (its line found in the text unless given)."""
        if line is None:
            line = self.locator.line_of(path)
        return LevelError(self.source, message, line=line, key=format_path(path))

    def fail(self, path: KeyPath, message: str, line: int | None = None) -> NoReturn:
        """Raise the LevelError at `path`."""
        raise self.error(path, message, line)


class Table:
    """One TOML table with its key path; reads typed keys and refuses unknown ones."""

    def __init__(self, ctx: Context, data: dict[str, Any], path: KeyPath):
        self.ctx = ctx
        self.data = data
        self.path = path
        self.seen: set[str] = set()

    def at(self, key: str | int) -> KeyPath:
        """The key path of `key` inside this table."""
        return (*self.path, key)

    def fail(self, key: str | int, message: str) -> NoReturn:
        """Raise a LevelError about `key` of this table."""
        self.ctx.fail(self.at(key), message)

    def has(self, key: str) -> bool:
        """Whether the key is present."""
        return key in self.data

    def _raw(self, key: str, default: Any) -> tuple[bool, Any]:
        """(present, value) of `key`; a missing required key is an error."""
        self.seen.add(key)
        if key in self.data:
            return True, self.data[key]
        if default is REQUIRED:
            where = format_path(self.path) or t("level_error.top_level")
            self.ctx.fail(self.at(key), t("level_error.missing_key", key=key, where=where))
        return False, default

    def text(self, key: str, default: Any = REQUIRED, choices: Sequence[str] | None = None) -> Any:
        """A string value, optionally one of `choices`."""
        present, value = self._raw(key, default)
        if not present:
            return value
        if not isinstance(value, str):
            self.fail(key, t("level_error.expected_string", value=show(value)))
        if choices is not None and value not in choices:
            self.fail(key, t("level_error.not_allowed", value=show(value), expected=one_of(choices)))
        return value

    def local_text(self, key: str, default: Any = REQUIRED) -> Any:
        """A player-facing text: a string, or a table of languages (`{ en = "…", de = "…" }`) as a LocalText."""
        present, value = self._raw(key, default)
        if not present or not isinstance(value, dict):
            return self.text(key, default)
        if not value:
            self.fail(key, t("level_error.empty"))
        languages = Table(self.ctx, value, self.at(key))
        for lang in value:
            if lang not in LANGUAGES:
                self.fail(key, t("level_text.language", lang=show(lang), expected=one_of(LANGUAGES)))
            languages.text(lang)  # each translation passes the checks of any other text
        return LocalText(value)

    def integer(self, key: str, default: Any = REQUIRED, minimum: int | None = None) -> Any:
        """A whole number, optionally at least `minimum`."""
        present, value = self._raw(key, default)
        if not present:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, t("level_error.expected_integer", value=show(value)))
        if minimum is not None and value < minimum:
            self.fail(key, t("level_error.too_small", value=value, minimum=minimum))
        return value

    def number(self, key: str, default: Any = REQUIRED, minimum: float | None = None, what: str | None = None) -> Any:
        """An int or float (as float), optionally at least `minimum`; `what` names it in messages."""
        what = what or t("level_error.what_number")
        present, value = self._raw(key, default)
        if not present:
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(key, t("level_error.expected_number", what=what, value=show(value)))
        if minimum is not None and value < minimum:
            self.fail(key, t("level_error.negative", value=show(value), what=what, minimum=f"{minimum:g}"))
        return float(value)

    def flag(self, key: str, default: Any = False) -> Any:
        """A boolean value."""
        present, value = self._raw(key, default)
        if present and not isinstance(value, bool):
            self.fail(key, t("level_error.expected_flag", value=show(value)))
        return value

    def square(self, key: str, default: Any = REQUIRED) -> Any:
        """A square `[x, y]` of two whole numbers (not yet checked against the map)."""
        present, value = self._raw(key, default)
        if not present:
            return value
        ok = isinstance(value, list) and len(value) == 2
        ok = ok and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        if not ok:
            self.fail(key, t("level_error.expected_square", value=show(value)))
        return (value[0], value[1])

    def strings(self, key: str, default: Any = (), choices: Sequence[str] | None = None) -> Any:
        """A list of strings as a tuple, each optionally one of `choices`."""
        present, value = self._raw(key, default)
        if not present:
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(key, t("level_error.expected_strings", value=show(value)))
        for item in value:
            if choices is not None and item not in choices:
                self.fail(key, t("level_error.not_allowed", value=show(item), expected=one_of(choices)))
        return tuple(value)

    def table(self, key: str, required: bool = False) -> Table | None:
        """A sub-table, or None when absent and not required."""
        present, value = self._raw(key, REQUIRED if required else None)
        if not present:
            return None
        if not isinstance(value, dict):
            self.fail(key, t("level_error.expected_table", value=show(value)))
        return Table(self.ctx, value, self.at(key))

    def tables(self, key: str, required: bool = False) -> list[Table]:
        """An array of tables (`[[key]]`), each with its indexed key path."""
        present, value = self._raw(key, REQUIRED if required else [])
        if not present:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.fail(key, t("level_error.expected_tables", key=key, value=show(value)))
        if required and not value:
            self.fail(key, t("level_error.at_least_one", key=key))
        return [Table(self.ctx, item, (*self.path, key, i)) for i, item in enumerate(value)]

    def value(self, key: str, parse: Callable[[Any], Any], default: Any = REQUIRED) -> Any:
        """A value converted by `parse`; its ValueError text becomes the message."""
        present, value = self._raw(key, default)
        if not present:
            return value
        try:
            return parse(value)
        except (ValueError, TypeError) as exc:
            self.fail(key, str(exc))

    def finish(self, allowed: Iterable[str] | None = None, why: Callable[[str], str | None] | None = None) -> None:
        """Refuse any key that was not read (or is not in `allowed`); `why` may explain one."""
        known = set(allowed) if allowed is not None else self.seen
        for key in self.data:
            if key in known:
                continue
            reason = why(key) if why else None
            if reason:
                self.fail(key, reason)
            self.fail(key, t("level_error.unknown_key", keys=", ".join(sorted(known))))
