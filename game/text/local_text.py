"""Level text in several languages: a level's name, description, side and unit names.

A level file may write such a field as a plain string or as a table of languages
(`name = { en = "The Ravine Bridge", de = "Die Schluchtbrücke" }`). The loader turns a table
into a LocalText: a str holding the English (or first) text, so every comparison, id lookup,
log line and file written stays as it was, with the other languages beside it. What a player
sees goes through `local()` — the message catalogue (`t()`) and the text renderer do it for every
parameter and label — so the level speaks the chosen language with a fallback to English.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

FALLBACK = "en"


class LocalText(str):
    """A string with translations: `str(text)` is the fallback, `text.translations[lang]` the others."""

    translations: Mapping[str, str]

    def __new__(cls, translations: Mapping[str, str]) -> LocalText:
        """The text of `translations` (language → text), the fallback language's first, else the first given."""
        default = translations.get(FALLBACK) or next(iter(translations.values()))
        obj = super().__new__(cls, default)
        obj.translations = MappingProxyType(dict(translations))
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled into simulate's worker processes with its languages
        return (LocalText, (dict(self.translations),))

    def in_language(self, lang: str) -> str:
        """The text in `lang`, else in English, else the default."""
        return self.translations.get(lang) or self.translations.get(FALLBACK) or str(self)


def local(value: Any, lang: str) -> Any:
    """`value` in `lang` when it is a LocalText; any other value unchanged."""
    return value.in_language(lang) if isinstance(value, LocalText) else value


def to_toml(value: Any) -> Any:
    """How a text field is written back to a level file: a LocalText as its table, anything else as is."""
    return dict(value.translations) if isinstance(value, LocalText) else value
