"""The grammar keys of a level's units and sides: `gender`, `article`, `cases` (docs/levels.md).

    name = { en = "The Moor Beast", de = "Das Moorbiest", it = "La bestia della palude", he = "חיית הביצה" }
    gender = "f"                      # every language; or a table: { de = "n", it = "f", he = "f" }
    article = { he = "ה" }            # the article the name starts with (Hebrew only; found in German and Italian)
    cases = { de = { akk = "den Bauern", dat = "dem Bauern" } }   # German forms the article rule cannot make

All three are optional; a level without them loads as before (masculine, articles found in the name).
"""

from __future__ import annotations

from typing import Any

from game.levels.level_schema import Table, one_of, show
from game.text.grammar import GENDERS, GERMAN_CASES, Noun, grammar_from_level
from game.text.i18n import LANGUAGES, t
from game.text.local_text import LocalText

KEYS = ("gender", "article", "cases")
"""The optional grammar keys a `[[units]]` or `[[sides]]` table may hold."""
CASE_LANGUAGES = {"de": GERMAN_CASES}
"""Languages whose names a level may decline by hand, and their cases."""


def _languages(table: Table, key: str) -> dict[str, Any]:
    """A table of languages (`{ de = …, he = … }`), each language checked."""
    value = table.data[key]
    if not isinstance(value, dict):
        table.fail(key, t("level_error.expected_table", value=show(value)))
    for lang in value:
        if lang not in LANGUAGES:
            table.fail(key, t("level_text.language", lang=show(lang), expected=one_of(LANGUAGES)))
    return value


def _gender(table: Table) -> str | dict[str, str] | None:
    if not table.has("gender"):
        table.seen.add("gender")
        return None
    value = table.data["gender"]
    if isinstance(value, dict):
        genders = _languages(table, "gender")
        sub = Table(table.ctx, genders, table.at("gender"))
        return {lang: sub.text(lang, choices=GENDERS) for lang in genders}
    return table.text("gender", choices=GENDERS)


def _article(table: Table) -> dict[str, str] | None:
    table.seen.add("article")
    if not table.has("article"):
        return None
    articles = _languages(table, "article")
    sub = Table(table.ctx, articles, table.at("article"))
    return {lang: sub.text(lang) for lang in articles}


def _cases(table: Table) -> dict[str, dict[str, str]] | None:
    table.seen.add("cases")
    if not table.has("cases"):
        return None
    out: dict[str, dict[str, str]] = {}
    languages = Table(table.ctx, _languages(table, "cases"), table.at("cases"))
    for lang in languages.data:
        if lang not in CASE_LANGUAGES:
            languages.fail(lang, t("grammar.no_cases", lang=show(lang), expected=one_of(CASE_LANGUAGES)))
        forms = languages.table(lang, required=True)
        assert forms is not None
        for case in forms.data:
            forms.text(case)
        forms.finish(CASE_LANGUAGES[lang])
        out[lang] = dict(forms.data)
    return out


def named(table: Table, name: Any) -> Any:
    """`name` (a str or LocalText) with the grammar the table's `gender`, `article` and `cases` give.

    A LocalText always becomes a Noun (German and Italian articles are found in it); a plain string only
    when the table gives grammar, so a level without the keys writes back exactly as it was.
    """
    grammar = grammar_from_level(_gender(table), _article(table), _cases(table), LANGUAGES)
    if isinstance(name, LocalText):
        return Noun(name.translations, grammar)
    if grammar:
        return Noun({"en": name}, grammar)
    return name
