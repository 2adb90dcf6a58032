"""The rule catalogue: a short title and summary per rule id, in every language the game ships.

One TOML file per language in `assets/catalog/rules.<lang>.toml`, one table per rule id
(the three games' rule ids `PF1-…`, `D5-…`, `HX-…` and the game's house-rule ids `GB-…`), each with a
`title` and a `summary`. See docs/catalog.md.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from game.paths import CATALOG_DIR  # where the rules.<lang>.toml files live (tests monkeypatch it here)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

LANGUAGES: tuple[str, ...] = ("en", "de", "it", "he")
"""Languages with a catalogue file; the first one is the fallback."""
FALLBACK = LANGUAGES[0]
TITLE_MAX = 40
"""Longest allowed title, in characters."""
SUMMARY_MAX = 220
"""Longest allowed summary, in characters."""

RULE_ID_HEADING = re.compile(r"^#{2,6}\s+.*?\b((?:PF1|D5|HX)-[A-Z0-9]+(?:-[A-Z0-9]+)*)\b")
"""A heading of the rule digest that declares a rule id (the id is group 1)."""
HOUSE_RULE_ID = re.compile(r"GB-[A-Z0-9]+(?:-[A-Z0-9]+)*")
"""A house-rule id of the game itself, as cited in source and docs."""


@dataclass(frozen=True, slots=True)
class RuleText:
    """The catalogue text of one rule id in one language."""

    id: str
    title: str
    summary: str


def catalog_path(lang: str) -> Path:
    """The catalogue file of `lang` (which need not exist)."""
    return CATALOG_DIR / f"rules.{lang}.toml"


@cache
def load_catalog(lang: str) -> Mapping[str, RuleText]:
    """All entries of `lang`, read once and cached; ValueError for an unknown language or a bad file."""
    if lang not in LANGUAGES:
        raise ValueError(f"no rule catalogue for language {lang!r} (known: {', '.join(LANGUAGES)})")
    path = catalog_path(lang)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: TOML syntax error: {exc}") from None
    entries: dict[str, RuleText] = {}
    for rule_id, table in data.items():
        if not isinstance(table, dict):
            raise ValueError(f"{path}: [{rule_id}] must be a table with `title` and `summary`")
        title, summary = table.get("title"), table.get("summary")
        if not isinstance(title, str) or not isinstance(summary, str):
            raise ValueError(f"{path}: [{rule_id}] needs string `title` and `summary`")
        extra = sorted(set(table) - {"title", "summary"})
        if extra:
            raise ValueError(f"{path}: [{rule_id}] has unknown keys {extra}")
        entries[rule_id] = RuleText(rule_id, title.strip(), summary.strip())
    return MappingProxyType(entries)


def generic_text(rule_id: str) -> RuleText:
    """The placeholder shown for an id no catalogue describes."""
    return RuleText(rule_id, f"rule {rule_id}", f"rule {rule_id}")


def rule_text(rule_id: str, lang: str = FALLBACK) -> RuleText:
    """The entry for `rule_id` in `lang`, else in English, else a generic one; never raises."""
    for candidate in dict.fromkeys((lang, FALLBACK)):
        try:
            entry = load_catalog(candidate).get(rule_id)
        except (OSError, ValueError):
            continue
        if entry is not None:
            return entry
    return generic_text(rule_id)


def declared_rule_ids(rules_md_path: str | Path) -> list[str]:
    """The rule ids a rule digest's headings declare (a file outside this repository), in order."""
    ids: dict[str, None] = {}
    for line in Path(rules_md_path).read_text(encoding="utf-8").splitlines():
        match = RULE_ID_HEADING.match(line)
        if match:
            ids.setdefault(match.group(1))
    return list(ids)
