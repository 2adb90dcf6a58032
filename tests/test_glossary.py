"""One rule, one name: the interface and the rule catalogue use the rule books' own terms (assets/glossary)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from game import catalog, i18n

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

GLOSSARY_DIR = i18n.I18N_DIR.parent / "glossary"
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
GLOSSARY_LANGUAGES = ("de", "it", "he")
FIELDS = {"term", "forms", "ui", "rules", "avoid", "seed"}


def glossary(lang: str) -> dict[str, dict[str, Any]]:
    """The glossary of `lang`: concept → its table."""
    return tomllib.loads((GLOSSARY_DIR / f"{lang}.toml").read_text(encoding="utf-8"))


def concepts() -> list[tuple[str, str, dict[str, Any]]]:
    """Every (language, concept, entry) of every glossary, for parametrising."""
    return [(lang, name, entry) for lang in GLOSSARY_LANGUAGES for name, entry in glossary(lang).items()]


def rule_texts(lang: str) -> dict[str, str]:
    """Each rule id's title and summary in `lang`, as one lower-case text."""
    return {rid: f"{e.title} {e.summary}".lower() for rid, e in catalog.load_catalog(lang).items()}


def uses(text: str, forms: list[str]) -> bool:
    """Whether `text` contains one of the term's forms (case-insensitive)."""
    low = text.lower()
    return any(form in low for form in forms)


@pytest.mark.parametrize(("lang", "name", "entry"), concepts(), ids=lambda v: v if isinstance(v, str) else "")
def test_glossary_term_is_used_in_both_catalogues(lang: str, name: str, entry: dict[str, Any]) -> None:
    """Every interface key and every rule entry that names the concept uses the book's term."""
    assert set(entry) <= FIELDS, (lang, name, set(entry) - FIELDS)
    forms = [f.lower() for f in entry["forms"]]
    assert uses(entry["term"], forms), f"{lang}/{name}: the term itself matches none of its forms"
    assert entry.get("ui") or entry.get("rules"), f"{lang}/{name} names no place that uses it"
    messages = i18n.load_messages(lang)
    for key in entry.get("ui", []):
        assert key in messages, f"{lang}/{name}: no interface key {key}"
        assert uses(messages[key], forms), f"{lang}.toml {key} = {messages[key]!r} does not say {entry['term']!r}"
    texts = rule_texts(lang)
    for rid in entry.get("rules", []):
        assert rid in texts, f"{lang}/{name}: no rule {rid}"
        assert uses(texts[rid], forms), f"rules.{lang}.toml [{rid}] does not say {entry['term']!r}"


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_no_catalogue_uses_a_rejected_rendering(lang: str) -> None:
    """A rendering the glossary rejects appears in neither the interface nor the rule catalogue."""
    places = {f"{lang}.toml {k}": v for k, v in i18n.load_messages(lang).items()}
    places.update({f"rules.{lang}.toml [{rid}]": text for rid, text in rule_texts(lang).items()})
    found = [
        (where, bad)
        for entry in glossary(lang).values()
        for bad in entry.get("avoid", [])
        for where, text in places.items()
        if re.search(rf"(?<!\w){re.escape(bad.lower())}", text.lower())
    ]
    assert found == []


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"needs the seed texts {SEEDS}, outside this repository: not found")
@pytest.mark.parametrize(("lang", "name", "entry"), concepts(), ids=lambda v: v if isinstance(v, str) else "")
def test_glossary_terms_come_from_the_seed_texts(lang: str, name: str, entry: dict[str, Any]) -> None:
    """A term that claims a seed text is found in it (so the glossary follows the books, not memory)."""
    if "seed" not in entry:
        pytest.skip("a project term: no rule text in this language has it")
    [path] = SEEDS.glob(f"{entry['seed']}_*.txt")
    text = path.read_text(encoding="utf-8").lower().replace("\u00a0", " ")
    assert uses(text, [f.lower() for f in entry["forms"]]), f"{lang}/{name}: {entry['term']!r} not in {path.name}"


NAME_SLOTS = re.compile(r"\{(side|winner|level)\}")
"""Placeholders that receive a name from the level: any number, gender or language."""


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_inserted_level_names_stand_as_labels(lang: str) -> None:
    """ "Am Zug: {side}", never "{side} ist am Zug": a plural or foreign side name must not break the sentence.

    Sentences of the player screens only; the commands' tables and error messages name ids.
    """
    screens = ("panel.", "handover.", "victory.", "outcome.", "replay.", "turns.", "cli.run_round")
    bad = {
        key: text
        for key, text in i18n.load_messages(lang).items()
        if key.startswith(screens)
        and NAME_SLOTS.search(text)
        and not re.search(r": \{(side|winner)\}", text)
        and "{level}" not in text
    }
    assert bad == {}
