"""Numbers and plural categories as each language writes them (Babel's CLDR data).

German and Italian write "1,5 m" and "40,0 %", Hebrew and English "1.5 m"; German says "1 Feld"
but "2 Felder", Hebrew has a dual. Babel carries the Unicode CLDR rules for all of it, so the
game does not keep its own tables. Babel is imported on first use, and English (the default
language, and the language of the command-line output that scripts read) is written with
Python's own formatting, which gives the same text, so a game in English never pays for
loading Babel's locale data at start-up.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

PLAIN = "en"
"""The language written with Python's formatting (identical to CLDR for the numbers the game shows)."""
MAX_DECIMALS = 2
"""Metres and squares never need more: 1.5 m squares, costs in quarter metres at the finest."""


def _plain(value: float, decimals: int | None) -> str:
    """English: fixed decimals when asked, else up to MAX_DECIMALS with trailing zeros dropped."""
    if decimals is not None:
        return f"{value:.{decimals}f}"
    text = f"{round(value, MAX_DECIMALS):.{MAX_DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=4096)
def number(value: float, lang: str, decimals: int | None = None) -> str:
    """`value` written the way `lang` writes numbers ("1,5" in German, "1.5" in Hebrew).

    With `decimals` exactly that many decimals ("40,0"); without, up to two, trailing zeros dropped.
    """
    if lang == PLAIN:
        return _plain(value, decimals)
    from babel.numbers import format_decimal

    pattern = "0." + "0" * decimals if decimals else ("0" if decimals == 0 else "0.##")
    return format_decimal(round(value, MAX_DECIMALS if decimals is None else decimals), pattern, locale=lang)


@cache
def _plural_rule(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang).plural_form


def plural_category(count: float, lang: str) -> str:
    """The CLDR plural category of `count` in `lang`: "one", "two", "few", "many" or "other"."""
    if lang == PLAIN:
        return "one" if count == 1 else "other"
    return str(_plural_rule(lang)(count))


def load_languages(langs: Iterable[str]) -> list[str]:
    """Read Babel's locale data for `langs` now, not at their first number; the languages read, in order.

    A kiosk runs for days and offers every language: read at a visitor's first change of language, the
    data (about 2 MB of Python objects a language) grew a running kiosk's heap at a random hour; read at
    its start it belongs to the warm-up, and the first change of language does not wait for it.
    """
    read = [lang for lang in langs if lang != PLAIN]
    for lang in read:
        number(1.5, lang)
        plural_category(2, lang)
    return read


def fixed(value: float, lang: str, decimals: int = 1, width: int = 0, signed: bool = False) -> str:
    """`value` with exactly `decimals` decimals as `lang` writes it, right-aligned in `width` characters, "+"
    before a positive number when `signed` (text tables: "100,0", " +4,5")."""
    text = number(abs(value), lang, decimals)
    if value < 0 and text.strip("0,.") != "":
        text = "-" + text
    elif signed:
        text = "+" + text
    return text.rjust(width)
