"""argparse's and tomllib's own English, in the player's language.

argparse writes its refusals ("the following arguments are required: levels", "invalid choice: …")
and tomllib its syntax errors ("Cannot overwrite a value") in English. Both messages have a small,
fixed set of shapes: each shape is matched here and written with a catalogue template
(`[cli_locale]`), its values (option names, the user's text) kept as they are. A message of a
shape not listed stays in English rather than being guessed at.
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import cache
from typing import NoReturn

from game.text.i18n import t

ARGPARSE: tuple[tuple[str, str], ...] = (
    (r"the following arguments are required: (?P<args>.+)", "required"),
    (r"unrecognized arguments: (?P<args>.+)", "unrecognized"),
    (r"one of the arguments (?P<args>.+) is required", "one_required"),
    (r"invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)", "invalid_choice"),
    (r"expected one argument", "expected_one"),
    (r"expected at most one argument", "expected_at_most_one"),
    (r"expected at least one argument", "expected_at_least_one"),
    (r"expected (?P<count>\d+) arguments?", "expected_count"),
    (r"invalid (?P<kind>\w+) value: (?P<value>.+)", "invalid_value"),
    (r"not allowed with argument (?P<other>.+)", "not_allowed_with"),
    (r"ignored explicit argument (?P<value>.+)", "ignored_explicit"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)", "ambiguous"),
)
"""argparse's message shapes (Python 3.10–3.13) → `cli_locale.argparse.<key>`."""

TOML: tuple[tuple[str, str], ...] = (
    (r"Cannot overwrite a value", "overwrite"),
    (r"Cannot declare (?P<key>.+) twice", "declared_twice"),
    (r"Cannot mutate immutable namespace (?P<key>.+)", "immutable"),
    (r"Cannot redefine namespace (?P<key>.+)", "redefine"),
    (r"Duplicate inline table key (?P<key>.+)", "duplicate_key"),
    (r"Expected '=' after a key in a key/value pair", "expected_equals"),
    (r"Expected ']' at the end of a table declaration", "expected_bracket"),
    (r"Expected ']]' at the end of an array declaration", "expected_brackets"),
    (r"Expected newline or end of document after a statement", "expected_newline"),
    (r"Expected (?P<char>'.+')", "expected_char"),
    (r"Invalid initial character for a key part", "invalid_key"),
    (r"Invalid statement", "invalid_statement"),
    (r"Invalid value", "invalid_value"),
    (r"Invalid date or datetime", "invalid_date"),
    (r"Invalid hex value", "invalid_hex"),
    (r"Unclosed array", "unclosed_array"),
    (r"Unclosed inline table", "unclosed_table"),
    (r"Unterminated string", "unterminated"),
    (r"Unescaped '\\\\' in a string", "unescaped_backslash"),
    (r"Escaped character is not a Unicode scalar value", "bad_escape"),
    (r"Found invalid character (?P<char>.+)", "invalid_char"),
    (r"Illegal character (?P<char>.+)", "illegal_char"),
)
"""tomllib's message shapes (Python 3.11–3.13, tomli) → `cli_locale.toml.<key>`."""


@cache
def _compiled(table: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(pattern + "$"), key) for pattern, key in table)


def _translated(message: str, table: tuple[tuple[str, str], ...], group: str) -> str | None:
    for pattern, key in _compiled(table):
        found = pattern.match(message)
        if found:
            return t(f"cli_locale.{group}.{key}", **found.groupdict())
    return None


def argparse_message(message: str) -> str:
    """One argparse error message in the current language ("argument --games: invalid int value: 'x'")."""
    found = re.match(r"argument (?P<name>[^:]+): (?P<rest>.+)$", message, re.S)
    if found:
        rest = _translated(found["rest"], ARGPARSE, "argparse") or found["rest"]
        return t("cli_locale.argparse.argument", name=found["name"], message=rest)
    return _translated(message, ARGPARSE, "argparse") or message


def toml_message(message: str) -> str:
    """One tomllib syntax message (without its "(at line …)") in the current language."""
    return _translated(message.strip(), TOML, "toml") or message


class LocalParser(argparse.ArgumentParser):
    """An ArgumentParser whose refusals are written in the message language (its help is: game/commands/cli_help.py)."""

    def error(self, message: str) -> NoReturn:
        """Usage, then "<prog>: error: <message>" in the current language; exit status 2 as argparse's own."""
        self.print_usage(sys.stderr)
        self.exit(2, t("cli_locale.argparse.error", prog=self.prog, message=argparse_message(message)) + "\n")
