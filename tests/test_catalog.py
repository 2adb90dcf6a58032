"""The rule catalogue: every rule id described in every language, within the length limits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.text import catalog
from game.text.catalog import LANGUAGES, SUMMARY_MAX, TITLE_MAX, RuleText, declared_rule_ids, load_catalog, rule_text

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"
SOURCE_DIRS = (ROOT / "rules", ROOT / "game")
HEBREW = re.compile(r"[\u0590-\u05FF]")
TRANSLATED = ("de", "it", "he")


def house_rule_ids() -> set[str]:
    """Every GB- id cited in the Python source of rules/ and game/."""
    found: set[str] = set()
    for folder in SOURCE_DIRS:
        for path in folder.rglob("*.py"):
            found.update(catalog.HOUSE_RULE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def test_languages_have_files() -> None:
    """Each declared language has a catalogue file, English first as the fallback."""
    assert LANGUAGES[0] == "en"
    assert set(LANGUAGES) == {"en", "de", "it", "he"}
    for lang in LANGUAGES:
        assert catalog.catalog_path(lang).is_file(), lang


@pytest.mark.skipif(not RULES_MD.is_file(), reason=f"needs {RULES_MD}, outside this repository: not found")
def test_every_rules_md_id_in_every_language() -> None:
    """Each id declared in a heading of the rule digest has an entry in each language."""
    declared = declared_rule_ids(RULES_MD)
    assert len(declared) >= 100
    assert {i.split("-")[0] for i in declared} == {"PF1", "D5", "HX"}
    for lang in LANGUAGES:
        missing = [i for i in declared if i not in load_catalog(lang)]
        assert missing == [], f"{lang}: {missing}"


def test_every_house_rule_id_in_every_language() -> None:
    """Each GB- id used in rules/ and game/ source has an entry in each language."""
    used = house_rule_ids()
    assert "GB-ATTACK" in used and "GB-TURN" in used
    for lang in LANGUAGES:
        missing = sorted(used - set(load_catalog(lang)))
        assert missing == [], f"{lang}: {missing}"


def test_same_ids_in_all_languages() -> None:
    """No language has ids another lacks."""
    english = set(load_catalog("en"))
    for lang in TRANSLATED:
        ids = set(load_catalog(lang))
        assert sorted(ids - english) == [], f"{lang} has extra ids"
        assert sorted(english - ids) == [], f"{lang} lacks ids"


def test_ids_look_like_rule_ids() -> None:
    """Every catalogue key is a rule id of the digest or a house-rule id."""
    pattern = re.compile(r"(?:PF1|D5|HX|GB)-[A-Z0-9]+(?:-[A-Z0-9]+)*")
    for lang in LANGUAGES:
        bad = [i for i in load_catalog(lang) if not pattern.fullmatch(i)]
        assert bad == [], f"{lang}: {bad}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lengths(lang: str) -> None:
    """Titles and summaries are non-empty and within their limits; summaries are at most two sentences."""
    for entry in load_catalog(lang).values():
        assert entry.title and entry.summary, entry.id
        assert len(entry.title) <= TITLE_MAX, (entry.id, len(entry.title))
        assert len(entry.summary) <= SUMMARY_MAX, (entry.id, len(entry.summary))
        assert "\n" not in entry.title and "\n" not in entry.summary, entry.id
        sentences = re.findall(r"[.!?](?:\s|$)", entry.summary)
        assert 1 <= len(sentences) <= 2, (entry.id, entry.summary)


def test_hebrew_is_hebrew() -> None:
    """Every Hebrew title and summary contains Hebrew letters."""
    for entry in load_catalog("he").values():
        assert HEBREW.search(entry.title), entry.id
        assert HEBREW.search(entry.summary), entry.id


def test_no_hebrew_outside_hebrew() -> None:
    """The other languages contain no Hebrew letters (no file mix-up)."""
    for lang in ("en", "de", "it"):
        for entry in load_catalog(lang).values():
            assert not HEBREW.search(entry.title + entry.summary), (lang, entry.id)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_differ_from_english(lang: str) -> None:
    """A translated summary is never the English one copied."""
    english = load_catalog("en")
    for rule_id, entry in load_catalog(lang).items():
        assert entry.summary != english[rule_id].summary, (lang, rule_id)


def test_house_rules_are_marked() -> None:
    """Every GB- entry says it is a house rule, in every language."""
    marks = {"en": "house rule", "de": "hausregel", "it": "regola della casa", "he": "כלל בית"}
    for lang, mark in marks.items():
        for rule_id, entry in load_catalog(lang).items():
            if rule_id.startswith("GB-"):
                assert mark in entry.summary.lower(), (lang, rule_id)


def test_rule_text_lookup() -> None:
    """rule_text returns the entry of the asked language."""
    entry = rule_text("PF1-DIAG", "de")
    assert isinstance(entry, RuleText)
    assert entry.id == "PF1-DIAG"
    assert entry == load_catalog("de")["PF1-DIAG"]
    assert rule_text("PF1-DIAG") == load_catalog("en")["PF1-DIAG"]


def test_rule_text_falls_back_to_english() -> None:
    """An unknown language, or an id a language lacks, falls back to English."""
    assert rule_text("HX-SNEAK", "fr") == load_catalog("en")["HX-SNEAK"]
    assert rule_text("HX-SNEAK", "") == load_catalog("en")["HX-SNEAK"]


def test_rule_text_falls_back_for_missing_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """An id missing from a language's file is shown in English."""
    english = load_catalog("en")
    partial = {k: v for k, v in load_catalog("it").items() if k != "D5-DIFFICULT"}
    real = catalog.load_catalog
    monkeypatch.setattr(catalog, "load_catalog", lambda lang: partial if lang == "it" else real(lang))
    assert catalog.rule_text("D5-DIFFICULT", "it") == english["D5-DIFFICULT"]
    assert catalog.rule_text("D5-SPEED", "it") == partial["D5-SPEED"]


def test_rule_text_never_raises_for_unknown_id() -> None:
    """An id no catalogue knows gets a generic entry."""
    for lang in (*LANGUAGES, "xx"):
        entry = rule_text("GB-NOT-A-RULE", lang)
        assert entry == RuleText("GB-NOT-A-RULE", "rule GB-NOT-A-RULE", "rule GB-NOT-A-RULE")


def test_rule_text_survives_broken_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """With no catalogue files at all, rule_text still answers."""
    monkeypatch.setattr(catalog, "CATALOG_DIR", tmp_path)
    catalog.load_catalog.cache_clear()
    try:
        assert rule_text("PF1-DIAG", "de").title == "rule PF1-DIAG"
        (tmp_path / "rules.en.toml").write_text("[PF1-DIAG]\ntitle = 1\n", encoding="utf-8")
        with pytest.raises(ValueError):
            load_catalog("en")
        assert rule_text("PF1-DIAG").title == "rule PF1-DIAG"
    finally:
        catalog.load_catalog.cache_clear()


def test_load_catalog_is_cached_and_read_only() -> None:
    """The same mapping comes back each time, and it cannot be changed."""
    first = load_catalog("he")
    assert load_catalog("he") is first
    with pytest.raises(TypeError):
        first["X"] = RuleText("X", "x", "x")  # type: ignore[index]


def test_load_catalog_rejects_unknown_language() -> None:
    """Asking for a language without a file is a clear error."""
    with pytest.raises(ValueError, match="no rule catalogue"):
        load_catalog("fr")


def test_declared_rule_ids(tmp_path: Path) -> None:
    """Ids are taken from headings only, in order, once each."""
    md = tmp_path / "RULES.md"
    md.write_text(
        "# Title\n#### PF1-DIAG\ntext PF1-CORNER\n#### D5-GRID-DIAG *(designer ruling)*\n"
        "### 3. HX-ENGAGE\n#### PF1-DIAG\n##### HX-MAX-MIXED\n",
        encoding="utf-8",
    )
    assert declared_rule_ids(md) == ["PF1-DIAG", "D5-GRID-DIAG", "HX-ENGAGE", "HX-MAX-MIXED"]
