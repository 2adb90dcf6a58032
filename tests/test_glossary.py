"""One rule, one name: the interface and the rule catalogue use the rule books' own terms (assets/glossary)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

from game.text import catalog, i18n

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
    for key in entry.get("ui", []):
        texts = i18n.variants(key, lang)  # a plain message, or every variant of a gender or count table
        assert texts, f"{lang}/{name}: no interface key {key}"
        for text in texts.values():
            assert uses(text, forms), f"{lang}.toml {key} = {text!r} does not say {entry['term']!r}"
    texts = rule_texts(lang)
    for rid in entry.get("rules", []):
        assert rid in texts, f"{lang}/{name}: no rule {rid}"
        assert uses(texts[rid], forms), f"rules.{lang}.toml [{rid}] does not say {entry['term']!r}"


ROOT = i18n.I18N_DIR.parents[1]


def texts_in(data: Any, lang: str, where: str) -> dict[str, str]:
    """Every text of `lang` in a level or tutorial file: the values under a `lang` key, at any depth."""
    found: dict[str, str] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            if key == lang and isinstance(value, str):
                found[where] = value
            else:
                found.update(texts_in(value, lang, f"{where}.{key}"))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found.update(texts_in(item, lang, f"{where}[{i}]"))
    return found


def player_texts(lang: str) -> dict[str, str]:
    """Where a player reads words in `lang`: both catalogues, the tutorials and every shipped level."""
    places = {f"{lang}.toml {k}": v for k, v in i18n.load_messages(lang).items()}
    places.update({f"rules.{lang}.toml [{rid}]": text for rid, text in rule_texts(lang).items()})
    files = sorted((ROOT / "assets" / "tutorials").glob("*.toml")) + sorted((ROOT / "levels").rglob("*.toml"))
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        places.update(texts_in(data, lang, str(path.relative_to(ROOT))))
    return places


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_tutorials_and_levels_are_read_in_every_language(lang: str) -> None:
    """The walk finds the tutorial steps and the level texts (the test below would pass on nothing)."""
    places = player_texts(lang)
    assert sum(1 for where in places if where.startswith("assets/tutorials")) >= 25
    assert sum(1 for where in places if where.startswith("levels")) >= 100


@pytest.mark.parametrize("lang", GLOSSARY_LANGUAGES)
def test_no_catalogue_uses_a_rejected_rendering(lang: str) -> None:
    """One concept, one name: a rendering the glossary rejects appears nowhere a player reads — neither
    catalogue, no tutorial step, no level's name, description, side or unit. Placeholders are not words; a size's
    rejected word is checked in the catalogues only, since a level may name a creature by it (ענק is a giant)."""
    places = {k: re.sub(r"{[^{}]*}", "", v) for k, v in player_texts(lang).items() if not k.endswith(".by")}
    found = [
        (where, bad)
        for name, entry in glossary(lang).items()
        for bad in entry.get("avoid", [])
        for where, text in places.items()
        if not (name.startswith("size_") and not where.startswith((f"{lang}.toml", "rules.")))
        and re.search(rf"(?<!\w){re.escape(bad.lower())}", text.lower())
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


def test_italian_cells_are_hexxens_and_squares_the_others() -> None:
    """Italian grid squares are quadretti; caselle are HeXXen's abstract cells only (docs/i18n.md): a text with
    "casell…" is a HeXXen text — its refusal, rule, tutorial or level — and one with "quadrett…" is not."""
    hexxen = re.compile(
        r"(reason\.hx\.|level_error\.touching|cli_locale\.reach_count_cells|rules\.it\.toml \[(HX-|GB-HEXXEN))"
    )
    places = player_texts("it")
    cells = [where for where, text in places.items() if "casell" in text.lower()]
    assert cells, "no caselle at all: the HeXXen texts were not read"
    hexxen_files = ("hexxen",)
    assert [w for w in cells if not hexxen.search(w) and not any(h in w for h in hexxen_files)] == []
    squares = [where for where, text in places.items() if "quadrett" in text.lower()]
    assert [w for w in squares if hexxen.search(w) or any(h in w for h in hexxen_files)] == []
