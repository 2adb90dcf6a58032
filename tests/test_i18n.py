"""Message catalogues: same keys and placeholders in every language, every key the code uses exists, locale detection,
log lines in the chosen language, and --lang on the command line."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.battle.match import LogEntry
from game.text import i18n, numerals
from game.text.catalog import rule_text
from game.text.i18n import refusal
from rules.actions import ACTION_KINDS
from rules.core import Event, Illegal, Size

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*(ROOT / "game").rglob("*.py"), ROOT / "main.py"])
OTHER_LANGUAGES = [lang for lang in i18n.LANGUAGES if lang != "en"]

KEY_CALL = re.compile(r"""\bt\(\s*["']([A-Za-z0-9_.]+)["']""")
"""t("menu.title", …): a literal key."""
FAMILY_CALL = re.compile(r"""\bt\(\s*f["']([A-Za-z0-9_.]+)\.\{""")
"""t(f"action.{kind}"): a key family chosen at run time."""
EVENT_KIND = re.compile(r"""Event\(\s*"([a-z_]+)\"""")


def used_keys() -> tuple[set[str], set[str]]:
    """Literal keys and key families (prefixes) passed to t() anywhere in game/."""
    keys: set[str] = set()
    families: set[str] = set()
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        keys |= set(KEY_CALL.findall(source))
        families |= set(FAMILY_CALL.findall(source))
    return keys, families


def test_english_catalogue_loads_and_is_not_empty() -> None:
    messages = i18n.load_messages("en")
    assert len(messages) > 150
    assert messages["menu.title"] == "Choose a level"


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_every_catalogue_has_exactly_the_english_keys(lang: str) -> None:
    """The same messages; a language may make one a table of genders or counts where English has a string."""
    english, other = i18n.message_ids("en"), i18n.message_ids(lang)
    assert sorted(english - other) == [], f"{lang}.toml lacks these keys"
    assert sorted(other - english) == [], f"{lang}.toml has keys English does not"


def shape(key: str, lang: str) -> set[str]:
    """The placeholders of every variant of a message, together."""
    return {p for text in i18n.variants(key, lang).values() for p in i18n.placeholders(text)}


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_placeholders_match_english(lang: str) -> None:
    """Every variant asks only for what English passes, and all variants together for all of it."""
    wrong = {k: (shape(k, "en"), shape(k, lang)) for k in i18n.message_ids("en")}
    assert {k: v for k, v in wrong.items() if v[0] != v[1]} == {}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_name_form_is_one_the_language_knows(lang: str) -> None:
    """`{other:dat}` in German, `{other:da}` in Italian, `{other:ב}` in Hebrew: nothing a name cannot do."""
    from game.text.grammar import valid_form

    bad = [
        (key, form)
        for key, text in i18n.load_messages(lang).items()
        for _, form in re.findall(r"{(\w+)(?::([^{}:]*))?}", text)
        if form and not valid_form(form, lang)
    ]
    assert bad == []


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_translations_are_translated(lang: str) -> None:
    """Most strings differ from English (names like "D&D 5e" or "{rule} {title}" may stay)."""
    english, other = i18n.load_messages("en"), i18n.load_messages(lang)
    # a plural message's `by` names a placeholder, not text to translate
    texts = {k: v for k, v in english.items() if not k.endswith(".by")}
    same = [k for k, v in texts.items() if other.get(k) == v and re.search(r"[a-z]{4}", re.sub(r"{\w+}", "", v))]
    # words that are the same in both languages ("Pause" in German, "Round" in Italian tabletop use)
    allowed = {"ruleset.pf1", "ruleset.hexxen", "panel.initiative", "replay.heading", "replay.pause", "panel.round"}
    allowed |= {"settings.animation_normal", "settings.volume"}  # "normal" in German, "Volume" in Italian
    assert [k for k in same if k not in allowed and not k.startswith("cli.internal")] == []


def test_every_key_used_in_the_source_exists_in_english() -> None:
    keys, families = used_keys()
    english = i18n.load_messages("en")
    assert len(keys) > 60, "the regex no longer finds the t() calls"
    # a plural message is a table (`by`, `one`, `other` …): its key is there when its `other` is
    assert sorted(k for k in keys if k not in english and f"{k}.other" not in english) == []
    assert sorted(f for f in families if not any(k.startswith(f + ".") for k in english)) == []


def test_key_families_cover_every_value_the_game_can_ask_for() -> None:
    english = i18n.load_messages("en")
    missing = [f"action.{k}" for k in ACTION_KINDS if f"action.{k}" not in english]
    missing += [f"size.{s.label}" for s in Size if f"size.{s.label}" not in english]
    events = set()
    for path in (ROOT / "rules").rglob("*.py"):
        events |= set(EVENT_KIND.findall(path.read_text(encoding="utf-8")))
    events |= {"engage", "sneak"}  # built from a variable in rules/hexxen/actions.py
    missing += [f"event.{k}" for k in sorted(events) if f"event.{k}" not in english]
    assert missing == []


def test_missing_key_is_visible_and_other_languages_fall_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    assert i18n.t("no.such.key") == "⟦no.such.key⟧"
    assert i18n.t("victory.wins", "de", side="Rot") == "Sieg: Rot!"
    # a key only English has is shown in English rather than as a marker
    patched = dict(i18n.load_messages("de"))
    del patched["victory.wins"]
    monkeypatch.setattr(i18n, "load_messages", lambda lang: patched if lang == "de" else dict(EN))
    assert i18n.t("victory.wins", "de", side="Rot") == "Rot wins!"


EN = dict(i18n.load_messages("en"))


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "it_IT"}, "it"),
        ({"LANG": "he_IL.UTF-8"}, "he"),
        ({"LANG": "iw_IL"}, "he"),
        ({"LC_ALL": "it_CH.UTF-8", "LANG": "de_DE.UTF-8"}, "it"),
        ({"LC_MESSAGES": "de_AT", "LANG": "en_GB.UTF-8"}, "de"),
        ({"LC_ALL": "", "LANG": "de_DE@euro"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_detect_language(env: dict[str, str], expected: str) -> None:
    assert i18n.detect_language(env) == expected


def test_set_language_and_rtl() -> None:
    assert i18n.set_language("de") == "de" and i18n.current_language() == "de"
    assert i18n.t("menu.title") == "Level wählen"
    assert not i18n.is_rtl()
    i18n.set_language("he")
    assert i18n.is_rtl() and i18n.is_rtl("he") and not i18n.is_rtl("it")
    assert i18n.next_language("he") == "en" and i18n.next_language("en") == "de"
    with pytest.raises(ValueError):
        i18n.set_language("xx")


def test_log_lines_come_from_the_structured_fields_in_the_chosen_language() -> None:
    move = LogEntry(1, "kyra", "move", "kyra move to [3, 2] 4.5 m", ("PF1-DIAG",), True, (), (3, 2), None, 4.5)
    # a sentence, the metres in brackets: not "kyra Move to [3, 2] 4.5 m"
    assert i18n.describe(move, "en") == "kyra moves to [3, 2] (4.5 m)"
    # German writes the decimal comma; squares stay [x, y] so "3,2" cannot read as a number
    assert i18n.describe(move, "de") == "kyra bewegt sich nach [3, 2] (4,5 m)"
    assert i18n.describe(move, "it") == "kyra si muove verso [3, 2] (4,5 m)"
    to = i18n.square_text((3, 2), "he")  # embedded left to right: a right-to-left line keeps [3, 2] as written
    assert i18n.describe(move, "he") == f"kyra: תנועה אל {to} (4.5 מ׳)"  # a noun: Hebrew verbs would need a gender
    refused = LogEntry(1, "kyra", "charge", "kyra charge: refused — no line", ("GB-PF-CHARGE",), False)
    assert i18n.describe(refused, "it") == "kyra: Carica — azione rifiutata"
    hit = Event("hit", "GB-ATTACK", unit="orc", by="kyra", detail="d20 15+3 vs AC 14; 4 damage, hp 10")
    entry = LogEntry(1, "orc", "hit", hit.text(), ("GB-ATTACK",), True, (hit,))
    assert i18n.describe(entry, "de") == "orc trifft kyra (4 Schaden, TP 10)"
    assert "d20 15+3" in i18n.describe(entry, "en")  # English keeps the rules' own detail
    assert i18n.describe(LogEntry(2, None, "end_turn", "end_turn", ("GB-TURN",), True), "he") == "סוף התור"


def test_rule_ids_in_the_log_show_the_catalogue_title_in_the_chosen_language() -> None:
    line = i18n.rule_titles(("PF1-DIAG",), "de")
    assert line == f"PF1-DIAG {rule_text('PF1-DIAG', 'de').title}"
    assert rule_text("PF1-DIAG", "de").title != rule_text("PF1-DIAG", "en").title


def test_refusals_without_a_reason_fall_back_to_the_rule_title_outside_english() -> None:
    bare = Illegal("PF1-DIAG", "too far")  # a refusal whose reason no catalogue has
    assert refusal(bare, "en") == "too far [PF1-DIAG]"
    assert refusal(bare, "it") == f"{rule_text('PF1-DIAG', 'it').title} [PF1-DIAG]"
    unknown = Illegal("PF1-DIAG", "too far", reason="no.such.reason")
    assert refusal(unknown, "de") == f"{rule_text('PF1-DIAG', 'de').title} [PF1-DIAG]"


# --- the command line -----------------------------------------------------------------------


def gridbound(*args: str, lang_env: str = "C") -> subprocess.CompletedProcess[str]:
    """Run main.py with a fixed locale (so the machine's own locale cannot change the result)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env.update({"LANG": lang_env, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_lang_option_changes_the_check_messages(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "nope"\n', encoding="utf-8")
    english = gridbound("check", "levels/pf1_bridge.toml", str(bad))
    german = gridbound("check", "levels/pf1_bridge.toml", str(bad), "--lang", "de")
    assert english.returncode == german.returncode == 2
    assert english.stdout.startswith("ok: levels/pf1_bridge.toml") and "units)" in english.stdout
    assert "Einheiten)" in german.stdout and "ungültig: " in german.stdout and "invalid: " not in german.stdout


def test_system_locale_is_the_default_and_lang_overrides_it() -> None:
    assert "Einheiten)" in gridbound("check", "levels/pf1_bridge.toml", lang_env="de_DE.UTF-8").stdout
    assert "unità)" in gridbound("check", "levels/pf1_bridge.toml", "--lang", "it", lang_env="de_DE.UTF-8").stdout
    assert "יחידות)" in gridbound("check", "levels/pf1_bridge.toml", "--lang=he").stdout


def test_errors_are_translated_and_json_stays_language_neutral() -> None:
    error = gridbound("measure", "levels/pf1_bridge.toml", "kyra", "nonsense", "--lang", "de")
    assert error.returncode == 2 and error.stderr.startswith("Fehler: Feld 'nonsense'")
    outputs = [
        gridbound("measure", "levels/pf1_bridge.toml", "kyra", "2,9", "3,9", "--json", "--lang", lang).stdout
        for lang in i18n.LANGUAGES
    ]
    assert all(json.loads(out) == json.loads(outputs[0]) for out in outputs)


@pytest.mark.parametrize("command", ["check", "measure", "reach", "run", "play", "simulate"])
def test_every_command_accepts_lang(command: str) -> None:
    done = gridbound(command, "--help", "--lang", "de")
    assert done.returncode == 0 and "--lang" in done.stdout


def test_kiosk_strings_are_in_every_catalogue() -> None:
    """The kiosk looks its texts up through game.text.i18n (game/ui/kiosk/strings.py keeps English defaults)."""
    strings = pytest.importorskip("game.ui.kiosk.strings")
    english = i18n.load_messages("en")
    assert sorted(k for k in strings.STRINGS if k not in english) == []
    i18n.set_language("de")
    assert strings.tr("kiosk.play_again") == "Nochmal spielen"


GENDERED = {"m", "f", "n", "other"}


def plural_messages(lang: str) -> dict[str, set[str]]:
    """Each table message of `lang` (a key with `.by`, nested ones too) and the variants it has."""
    messages = i18n.load_messages(lang)
    found: dict[str, set[str]] = {}
    for key in messages:
        base, _, variant = key.rpartition(".")
        if f"{base}.by" in messages and variant != "by":
            found.setdefault(base, set()).add(variant)
        outer, _, inner = base.rpartition(".")
        if f"{outer}.by" in messages and variant == "by":
            found.setdefault(outer, set()).add(inner)  # a variant that is itself a table
    return found


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_messages_name_their_count_and_have_one_and_other(lang: str) -> None:
    """Each table says which placeholder selects; a count's table has `one` and `other`, a name's table
    genders and `other`; every variant names the selecting value (a count may be spelled: "משבצת אחת")."""
    messages = i18n.load_messages(lang)
    plurals = plural_messages(lang)
    assert plurals, "no plural messages found"
    for base, variants in plurals.items():
        assert "other" in variants, (lang, base, variants)
        by = messages[f"{base}.by"]
        if variants <= GENDERED and variants != {"other"}:
            continue  # a gender table: the name may stand anywhere, or be left to the verb
        assert "one" in variants, (lang, base, variants)
        for variant in variants - {"one"}:
            for text in i18n.variants(f"{base}.{variant}", lang).values():
                assert "{" + by + "}" in text, (lang, base, variant)


def test_counts_pick_the_languages_plural_form() -> None:
    """One square is "Feld", two are "Felder"; a count the language has no own form for falls back to `other`."""
    assert i18n.t("cli.reach_count", "de", unit="kyra", count=1) == "kyra: 1 Feld"
    assert i18n.t("cli.reach_count", "de", unit="kyra", count=2) == "kyra: 2 Felder"
    assert i18n.t("cli.reach_count", "en", unit="kyra", count=1) == "kyra: 1 square"
    assert i18n.t("cli.reach_count", "it", unit="kyra", count=0) == "kyra: 0 quadretti"
    # Hebrew has a dual ("two"); the catalogue writes the plural for it, so `other` answers
    assert i18n.t("cli.reach_count", "he", unit="kyra", count=2) == "kyra: 2 משבצות"
    assert i18n.t("victory.detail", "de", level="L", round=3, actions=1) == "L · Runde 3 · 1 Aktion"
    step = i18n.t("cli.measure_step", "it", to=[2, 6], squares=1, metres=1.5, rules="PF1-DIAG")
    assert step == "  → [2, 6]: 1 quadretto (1,5 m)  PF1-DIAG"


def test_numbers_are_written_the_languages_way() -> None:
    """German and Italian write the decimal comma, English and Hebrew the point; whole numbers lose their ".0"."""
    assert i18n.t("panel.moved", "de", moved=1.5, left=3.0) == "Bewegt 1,5 m · übrig 3 m"
    assert i18n.t("panel.moved", "en", moved=1.5, left=3.0) == "Moved 1.5 m · left 3 m"
    assert "4,5 m" in i18n.t("log.cost", "it", metres=4.5)
    assert "4.5" in i18n.t("log.cost", "he", metres=4.5)
    assert numerals.number(40.0, "de", 1) == "40,0"
    assert numerals.number(40.0, "en", 1) == "40.0"
    assert numerals.number(0.25, "it") == "0,25"
    assert numerals.number(7.0, "he") == "7"
    # integers are not numbers to format: ids, indices and seeds pass through untouched
    assert i18n.t("menu.detail", "de", ruleset="pf1", w=10000, h=12, units=3) == "pf1 · 10000×12 · 3 Einheiten"


def test_log_lines_show_display_names_not_ids() -> None:
    """Given the level's names, the log says "Kyra" and "Goblin Cutter", never kyra or goblin_cutter."""
    names = {"kyra": "Kyra", "goblin_cutter": "Goblin Cutter"}
    hit = Event("hit", "GB-ATTACK", unit="kyra", by="goblin_cutter", detail="d20 15+3 vs AC 14; 4 damage, hp 10")
    entry = LogEntry(1, "kyra", "hit", hit.text(), ("GB-ATTACK",), True, (hit,))
    assert i18n.describe(entry, "de", names) == "Kyra trifft Goblin Cutter (4 Schaden, TP 10)"
    attack = LogEntry(1, "kyra", "attack", "kyra attack", ("GB-ATTACK",), True, (), None, "goblin_cutter", None)
    line = i18n.describe(attack, "it", names)
    assert "Kyra" in line and "Goblin Cutter" in line and "goblin_cutter" not in line
    refused = LogEntry(1, "goblin_cutter", "charge", "refused", ("GB-PF-CHARGE",), False)
    assert i18n.describe(refused, "en", names).startswith("Goblin Cutter:")


def test_every_shipped_level_gives_each_unit_a_name_of_its_own() -> None:
    """The log shows the level's names; a shipped unit that fell back to its id would show an id on screen."""
    from game.levels.level import load_level
    from game.paths import LEVELS_DIR

    unnamed = [
        f"{path.name}: {uid}"
        for path in sorted(LEVELS_DIR.glob("*.toml"))
        for uid, name in load_level(path).unit_names.items()
        if name == uid
    ]
    assert unnamed == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_action_kind_reads_as_a_sentence_in_every_language(lang: str) -> None:
    """Each action the log can show has its own sentence: the unit, then what it did, never "Kyra Move"."""
    from rules.actions import ACTION_KINDS

    for kind in ACTION_KINDS:
        if kind == "end_turn":
            continue  # "End of turn" has no unit
        entry = LogEntry(1, "kyra", kind, kind, ("GB-TURN",), True, (), (7, 6), None, 9.0)
        line = i18n.describe(entry, lang, {"kyra": "Kyra"})
        assert line.startswith("Kyra") and "[7, 6]" in line and ("(9 m)" in line or "(9 מ׳)" in line), line
        assert not line.startswith(f"Kyra {i18n.action_name(kind, lang)}"), line  # not the button's label


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_an_action_aimed_at_a_unit_names_it_in_its_sentence(lang: str) -> None:
    """Log lines read "Cutter attacks Valeros", not "Cutter attacks at Valeros": each targeted kind has a
    sentence naming the target, in every language; one that also goes somewhere keeps the square and the target
    after it."""
    from rules.actions import ACTION_KINDS

    aimed = ("attack", "charge", "sneak_attack", "engage", "overrun")
    assert set(aimed) <= set(ACTION_KINDS)
    names = {"cutter": "Cutter", "valeros": "Valeros"}
    for kind in aimed:
        entry = LogEntry(1, "cutter", kind, kind, ("GB-ATTACK",), True, (), None, "valeros", None)
        line = i18n.describe(entry, lang, names)
        assert line == i18n.t(f"log_targeted.{kind}", lang, unit="Cutter", target="Valeros"), line
        assert "Cutter" in line and line.count("Valeros") == 1
    assert i18n.describe(
        LogEntry(1, "cutter", "attack", "attack", (), True, (), None, "valeros", None), "en", names
    ) == ("Cutter attacks Valeros")
    charge = LogEntry(1, "cutter", "charge", "charge", (), True, (), (7, 6), "valeros", None)
    line = i18n.describe(charge, lang, names)
    assert "[7, 6]" in line and "Valeros" in line


def test_the_handover_title_never_doubles_a_possessive() -> None:
    """A side named "The Ogre's Band" reads "Turn: The Ogre's Band", not "The Ogre's Band's turn"."""
    for lang in i18n.LANGUAGES:
        title = i18n.t("turns.handover_title", lang, side="The Ogre's Band")
        assert "The Ogre's Band" in title and "Band's" not in title and "'s turn" not in title


@given(st.text(alphabet="de_DEhIL.-@:UTF8 x", max_size=14))
def test_normalize_cuts_at_the_first_separator_as_the_pattern_did(text: str) -> None:
    """normalize() cuts without a pattern: the same code as re.split(r"[_.@:-]", ..., maxsplit=1)[0]."""
    from game.text.i18n import LANGUAGES, normalize

    code = re.split(r"[_.@:-]", text.strip(), maxsplit=1)[0].lower()
    code = "he" if code == "iw" else code
    assert normalize(text) == (code if text and code in LANGUAGES else None)


@pytest.mark.parametrize("sq", [(4, 6), (12, 10), (0, 3)])
def test_a_square_in_a_hebrew_line_reads_as_written_and_keeps_the_number_after_it(sq: tuple[int, int]) -> None:
    """Drawn right to left, "[4, 6]" stays "[4, 6]" (not "[6 ,4]") and the metres after it stay inside their
    brackets: the square is embedded left to right and closed by an RLM; other languages get it plain."""
    pytest.importorskip("bidi")
    from game.ui.theme import visual

    entry = LogEntry(1, "kyra", "move", "move", (), True, (), sq, None, 4.5)
    line = i18n.describe(entry, "he", {"kyra": "קירה"})
    shown = visual(line, rtl=True).replace(i18n.RLM, "")
    assert f"[{sq[0]}, {sq[1]}]" in shown and "(׳מ 4.5)" in shown, shown
    assert i18n.square_text(sq, "en") == i18n.square_text(sq, "de") == f"[{sq[0]}, {sq[1]}]"
