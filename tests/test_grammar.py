"""Names that agree: gender tables, German case, Italian articulated prepositions, Hebrew prefixes
(game/text/grammar.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.levels.level import LevelError, level_to_toml, load_level, parse_level
from game.paths import LEVELS_DIR
from game.text import i18n
from game.text.grammar import Noun, Phrase, german_form, grammar_from_level, hebrew_form, italian_form
from rules.core import Event

LANGS = ("en", "de", "it", "he")


def noun(names: dict[str, str], gender: object = None, article: dict[str, str] | None = None) -> Noun:
    """A name as a level would give it."""
    return Noun(names, grammar_from_level(gender, article, None, LANGS))  # type: ignore[arg-type]


PREACHER = noun({"en": "The Preacher", "de": "Der Prediger", "it": "Il predicatore", "he": "המטיף"}, None, {"he": "ה"})
BEAST = noun(
    {"en": "The Moor Beast", "de": "Das Moorbiest", "it": "La bestia della palude", "he": "חיית הביצה"}, {"he": "f"}
)
GRETA = noun({"en": "Greta", "de": "Greta die Kräuterfrau", "it": "Greta l'erborista", "he": "גרטה המרפאה בצמחים"}, "f")
VALEROS = noun({"en": "Valeros", "de": "Valeros", "it": "Valeros", "he": "ולרוס"})
KYRA = noun({"en": "Kyra", "de": "Kyra", "it": "Kyra", "he": "קירה"}, "f")


@pytest.mark.parametrize(
    ("text", "case", "expected"),
    [
        ("Der Prediger", "akk", "den Prediger"),
        ("Der Prediger", "dat", "dem Prediger"),
        ("Das Moorbiest", "dat", "dem Moorbiest"),
        ("Das Moorbiest", "akk", "das Moorbiest"),
        ("Die Hexe", "dat", "der Hexe"),
        ("Greta die Kräuterfrau", "dat", "Greta der Kräuterfrau"),
        ("Gorrug der Oger", "akk", "Gorrug den Oger"),
        ("Kyra", "dat", "Kyra"),
        ("Bruna (Kämpferin)", "dat", "Bruna (Kämpferin)"),
    ],
)
def test_german_articles_take_the_case(text: str, case: str, expected: str) -> None:
    """The article is declined and written small mid-sentence; a name without one stays as it is."""
    assert german_form(text, case) == expected


def test_german_prepositions_contract_with_the_article() -> None:
    """von dem → vom, an dem → am, zu der → zur; not across a proper name."""
    de = {n: Phrase(n, "de") for n in ("Der Prediger", "Das Moorbiest", "Die Hexe", "Greta die Kräuterfrau")}
    assert format(de["Der Prediger"], "von") == "vom Prediger"
    assert format(de["Das Moorbiest"], "an") == "am Moorbiest"
    assert format(de["Die Hexe"], "zu") == "zur Hexe"
    assert format(de["Greta die Kräuterfrau"], "von") == "von Greta der Kräuterfrau"
    assert format(de["Der Prediger"], "gegen") == "gegen den Prediger"


@pytest.mark.parametrize(
    ("text", "preposition", "expected"),
    [
        ("Il bracconiere", "da", "dal bracconiere"),
        ("La bestia della palude", "da", "dalla bestia della palude"),
        ("Lo scheletro", "su", "sullo scheletro"),
        ("L'ogre", "di", "dell'ogre"),
        ("Gli orchi", "in", "negli orchi"),
        ("I goblin", "a", "ai goblin"),
        ("Le streghe", "di", "delle streghe"),
        ("Il predicatore", "con", "con il predicatore"),
        ("Il predicatore", "nom", "il predicatore"),
        ("Anna", "a", "ad Anna"),
        ("Kyra", "da", "da Kyra"),
        ("Greta l'erborista", "da", "da Greta l'erborista"),
    ],
)
def test_italian_prepositions_merge_with_the_article(text: str, preposition: str, expected: str) -> None:
    """da + il = dal, su + lo = sullo, di + l' = dell'; con stays apart; a name without article takes the bare word."""
    assert italian_form(text, preposition) == expected


def test_hebrew_prefixes_join_and_absorb_the_article() -> None:
    """ב + המטיף = במטיף, מ + הצייד = מהצייד, ל + ברונה = לברונה; a maqaf only before Latin letters and digits."""
    definite = grammar_from_level(None, {"he": "ה"}, None, LANGS)["he"]
    assert hebrew_form("המטיף", "ב", definite) == "במטיף"
    assert hebrew_form("המטיף", "ל", definite) == "למטיף"
    assert hebrew_form("הצייד", "מ", definite) == "מהצייד"
    assert hebrew_form("ברונה", "ל") == "לברונה"
    assert hebrew_form("הילדה", "ב") == "בהילדה"  # Hilde: the ה is her name's, not an article
    assert hebrew_form("Valeros", "ב") == "ב\u05beValeros"
    assert hebrew_form("2", "ב") == "ב\u05be2"


def test_genders_come_from_the_level_then_the_article_then_the_default() -> None:
    """A table is the language's own word; a plain string yields to an article in the name; masculine otherwise."""
    assert GRETA.in_language("it").gender == "f"  # type: ignore[attr-defined]
    assert BEAST.in_language("de").gender == "n"  # type: ignore[attr-defined]  # "Das" wins over nothing
    assert BEAST.in_language("it").gender == "f"  # type: ignore[attr-defined]  # "La"
    assert BEAST.in_language("he").gender == "f"  # type: ignore[attr-defined]  # the table
    assert VALEROS.in_language("he").gender == "m"  # type: ignore[attr-defined]
    anna_de = noun({"en": "Anna", "de": "Das Mädchen"}, "f")
    assert anna_de.in_language("de").gender == "n"  # type: ignore[attr-defined]  # the article beats the string
    fixed = noun({"en": "X", "de": "Das Ding"}, {"de": "f"})
    assert fixed.in_language("de").gender == "f"  # type: ignore[attr-defined]


def test_numbered_names_keep_their_grammar() -> None:
    """The fourth cultist is still masculine, the second preacher still takes its article."""
    second = PREACHER.numbered(2)
    assert str(second) == "The Preacher 2"
    assert i18n.t("event.hit", "de", unit=KYRA, other=second) == "Kyra trifft den Prediger 2"
    assert i18n.t("event.hit", "he", unit=KYRA, other=second) == "קירה פוגעת במטיף 2"


def test_a_gender_table_picks_the_variant_and_falls_back_to_other() -> None:
    """Hebrew and Italian sentences agree with the name; a plain string counts as masculine."""
    assert i18n.t("event.free", "it", unit=KYRA) == "Kyra è libera"
    assert i18n.t("event.free", "it", unit=VALEROS) == "Valeros è libero"
    assert i18n.t("event.free", "it", unit="Garrick") == "Garrick è libero"
    assert i18n.t("state.ready", "he", unit=KYRA) == "מוכנה"
    assert i18n.t("state.ready", "he") == "מוכן"  # no unit: the unmarked form


def test_a_name_list_takes_the_form_name_by_name() -> None:
    """ "legata al predicatore, alla bestia della palude": each name gets its own articulated preposition."""
    bound = i18n.t("state.bound_to", "it", unit=KYRA, units=(PREACHER, BEAST))
    assert bound == "legata al predicatore, alla bestia della palude"
    bound = i18n.t("state.bound_to", "de", unit=KYRA, units=(PREACHER, BEAST))
    assert bound == "gebunden an den Prediger, das Moorbiest"


def test_shipped_levels_give_their_women_and_articled_names_grammar() -> None:
    """Kyra, Anna and Greta are feminine in Italian and Hebrew; the Preacher's Hebrew article is known."""
    village = load_level(LEVELS_DIR / "hexxen_village.toml").display_names
    beast = load_level(LEVELS_DIR / "hexxen_beast.toml").display_names
    hit = Event("hit", "GB-ATTACK", unit="anna", by="prediger")
    assert i18n.describe_event(hit, "he", village) == "אנה לינדנר פוגעת במטיף"
    assert i18n.describe_event(hit, "de", village) == "Anna Lindner trifft den Prediger"
    assert i18n.describe_event(hit, "it", village) == "Anna Lindner colpisce il predicatore"
    loose = Event("unbind", "HX-RELIEF", unit="matthias", by="beast")
    assert i18n.describe_event(loose, "de", beast) == "Pater Matthias ist vom Moorbiest gelöst"
    assert i18n.describe_event(loose, "it", beast) == "Padre Matthias si libera dalla bestia della palude"
    assert i18n.describe_event(loose, "he", beast) == "האב מתיאס משתחרר מחיית הביצה"


LEVEL = """
format = 1
name = "Grammar"
ruleset = "pf1"
[map]
tiles = '''
....
....
'''
[[sides]]
id = "a"
name = { en = "The Hunters", de = "Die Jäger" }
{side_extra}
[[sides]]
id = "b"
[[units]]
id = "kyra"
name = { en = "Kyra", he = "קירה" }
side = "a"
at = [0, 0]
speed = 9
{unit_extra}
[[units]]
id = "orc"
side = "b"
at = [3, 1]
speed = 9
"""


def level(unit_extra: str = "", side_extra: str = "") -> str:
    """A small level with extra keys for the first unit and side."""
    return LEVEL.replace("{unit_extra}", unit_extra).replace("{side_extra}", side_extra)


def test_the_level_keys_load_and_save_back(tmp_path: Path) -> None:
    """gender, article and cases are optional, checked, and written back as they were read."""
    extra = 'gender = { de = "f", he = "f" }\narticle = { he = "ה" }\ncases = { de = { dat = "der Kyra" } }'
    loaded = parse_level(level(extra, 'gender = "m"'), "grammar.toml")
    name = loaded.unit("kyra").name
    assert isinstance(name, Noun) and name.in_language("he").gender == "f"  # type: ignore[attr-defined]
    again = parse_level(level_to_toml(loaded), "again.toml")
    assert again.unit("kyra").name.grammar == name.grammar  # type: ignore[attr-defined]
    assert again.side("a").name.grammar == loaded.side("a").name.grammar  # type: ignore[attr-defined]
    plain = parse_level(level(), "plain.toml")
    assert "gender" not in level_to_toml(plain)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ('gender = "x"', ["gender", "x"]),
        ('gender = { fr = "f" }', ["gender", "fr"]),
        ('cases = { it = { dat = "a Kyra" } }', ["cases", "it"]),
        ('cases = { de = { abl = "Kyra" } }', ["abl"]),
        ("article = 3", ["article"]),
    ],
)
def test_bad_grammar_keys_get_one_clear_message(extra: str, words: list[str]) -> None:
    """A wrong gender, language or case is refused with where and what, never a traceback."""
    with pytest.raises(LevelError) as caught:
        parse_level(level(extra), "bad.toml")
    message = str(caught.value)
    assert all(word in message for word in words), message


def test_hebrew_tooltip_keeps_brackets_and_rule_ids_in_order_when_wrapped() -> None:
    """A forecast whose [rule ids] the wrap cuts in two shows "[HX-ENGAGE" and "GB-HEXXEN-AP]" on screen,
    never the mirrored "]HX-ENGAGE" / "[GB-HEXXEN-AP" of a bidi pass run on a half-open embedding."""
    import pygame

    from game.ui import theme
    from game.ui.widgets import wrap

    pygame.font.init()
    text = i18n.t(
        "turns.attack_forecast", "he", target=PREACHER, chance=55, low=1, high=8, rules="HX-ENGAGE GB-HEXXEN-AP"
    )
    assert "על המטיף" in text
    font = theme.font(16)
    narrow = font.size(text)[0] // 3
    lines = wrap(text, font, narrow)
    start = next(i for i, line in enumerate(lines) if "HX-ENGAGE" in line)
    assert "GB-HEXXEN-AP" not in lines[start], "the width did not cut the rule list: the test would prove nothing"
    shown = [theme.visual(line, rtl=True) for line in lines]
    assert "[HX-ENGAGE" in shown[start]
    end = next(i for i, line in enumerate(shown) if "GB-HEXXEN-AP" in line)
    assert "GB-HEXXEN-AP]" in shown[end]
    assert not any("]HX" in line or "[GB" in line for line in shown)


# --- every template that takes a name, in every language ------------------------------------------

NAME_PARAMS = ("unit", "other", "target", "release", "npc", "comrade", "enemy")
DAS_BIEST = noun({"en": "The Moor Beast", "de": "Das Moorbiest", "it": "Il mostro", "he": "היצור"}, None, {"he": "ה"})
DIE_HEXE = noun({"en": "The Witch", "de": "Die Hexe", "it": "La strega", "he": "המכשפה"}, "f", {"he": "ה"})
LATIN = noun({"en": "Valeros", "de": "Valeros", "it": "Valeros", "he": "Valeros"})
CAST = {"female": KYRA, "male": VALEROS, "female, article": DIE_HEXE, "male, article": PREACHER}
CAST |= {"neuter, article": DAS_BIEST, "apposition": GRETA, "latin": LATIN}


NOT_NAMES = ("level_error.", "script_error.", "cli_locale.", "editor.", "map_image.", "sweep", "simulate.", "replay.")
NOT_NAMES += ("menu.detail", "cli.check_ok", "cli.no_unit", "event.other", "kiosk.", "reason.unknown_unit")
"""Messages whose `unit` or `units` is an id quoted as the file writes it, or a count, not a name in a sentence."""


def name_messages() -> list[str]:
    """Every message (a plain string or a table) that inserts a unit's or side's name into a sentence."""
    found = []
    for key in sorted(i18n.message_ids("en")):
        if key.startswith(NOT_NAMES):
            continue
        shape = {p for text in i18n.variants(key, "en").values() for p in i18n.placeholders(text)}
        if shape & {*NAME_PARAMS, "units"}:
            found.append(key)
    return found


def params_for(key: str, name: Noun) -> dict[str, object]:
    """The message's placeholders filled: every name slot with `name`, the rest with plain values."""
    shape = {p for lang in LANGS for text in i18n.variants(key, lang).values() for p in i18n.placeholders(text)}
    out: dict[str, object] = {}
    for p in shape:
        if p in NAME_PARAMS:
            out[p] = name
        elif p == "units":
            out[p] = (name, VALEROS)
        elif p.endswith("_m") or p in ("metres", "moved", "left"):
            out[p] = 4.5
        else:
            out[p] = 2
    return out


MID_ARTICLE = {
    "de": r"(?<=[^\W\d]) (Der|Die|Das) (Prediger|Hexe|Moorbiest)",
    "it": r"(?<=[^\W\d]) (Il|La|Lo|L') ?(predicatore|strega|mostro)",
}
"""An article written as in the name's first place after a word, in the middle of a sentence ("trifft Der
Prediger"); after a colon, a semicolon or a comma the name is a label or opens a clause and keeps it."""
WRONG_JOIN = {
    "it": r"\b(da|di|a|in|su) (il|lo|la|l'|i|gli|le) ",
    "he": r"(?<![\u0590-\u05ff])[בלכמ]\u05be[\u05d0-\u05ea]",
}
"""A preposition that should have merged (da il → dal) or a Hebrew prefix parted by a maqaf from a Hebrew word."""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("who", list(CAST))
def test_every_template_with_a_name_reads_in_every_language(lang: str, who: str) -> None:
    """Each message that inserts a name, with a female, a male, a neuter, an articled and a Latin name: filled
    entirely, its articles in the case and place the sentence needs, its prepositions merged."""
    import re

    keys = name_messages()
    assert len(keys) > 90, "the walk no longer finds the messages with names"
    bad = []
    for key in keys:
        text = i18n.t(key, lang, **params_for(key, CAST[who]))
        if "⟦" in text or re.search(r"{\w+(:[^}]*)?}", text):
            bad.append((key, "unfilled", text))
        for what, pattern in (("article", MID_ARTICLE.get(lang)), ("join", WRONG_JOIN.get(lang))):
            if pattern and re.search(pattern, text):
                bad.append((key, what, text))
    assert bad == []


def test_gender_tables_give_women_their_own_words() -> None:
    """Every Hebrew and Italian table selecting by a name reads differently for a woman and a man."""
    same = []
    for lang in ("it", "he"):
        for key in name_messages():
            by = i18n.load_messages(lang).get(f"{key}.by")
            if by not in NAME_PARAMS:
                continue
            female = i18n.t(key, lang, **(params_for(key, KYRA) | {by: KYRA}))
            male = i18n.t(key, lang, **(params_for(key, KYRA) | {by: VALEROS}))
            if female.replace(str(KYRA.in_language(lang)), "") == male.replace(str(VALEROS.in_language(lang)), ""):
                same.append((lang, key))
    assert same == []


SENTENCES = [
    ("event.hit", "de", {"unit": KYRA, "other": PREACHER}, "Kyra trifft den Prediger"),
    ("event.hit", "he", {"unit": KYRA, "other": PREACHER}, "קירה פוגעת במטיף"),
    ("event.hit", "he", {"unit": VALEROS, "other": LATIN}, "ולרוס פוגע ב\u05beValeros"),
    ("event.hit", "it", {"unit": GRETA, "other": DIE_HEXE}, "Greta l'erborista colpisce la strega"),
    ("event.hit", "en", {"unit": KYRA, "other": PREACHER}, "Kyra hits the Preacher"),
    ("event.unbind", "de", {"unit": VALEROS, "other": BEAST}, "Valeros ist vom Moorbiest gelöst"),
    ("event.unbind", "de", {"unit": VALEROS, "other": GRETA}, "Valeros ist von Greta der Kräuterfrau gelöst"),
    ("event.unbind", "it", {"unit": KYRA, "other": PREACHER}, "Kyra si libera dal predicatore"),
    ("event.unbind", "he", {"unit": KYRA, "other": PREACHER}, "קירה משתחררת מהמטיף"),
    ("event.release", "de", {"unit": GRETA, "other": DIE_HEXE},
     "Ablösung: Greta die Kräuterfrau ist nicht mehr an die Hexe gebunden"),
    ("event.provokes", "it", {"unit": VALEROS, "other": DIE_HEXE},
     "Valeros provoca un attacco di opportunità dalla strega"),
    ("event.tumble", "de", {"unit": KYRA, "other": BEAST}, "Kyra turnt am Moorbiest vorbei"),
    ("event.free", "it", {"unit": GRETA}, "Greta l'erborista è libera"),
    ("event.free", "he", {"unit": VALEROS}, "ולרוס משוחרר מכבילה"),
    ("event.engage", "he", {"unit": KYRA, "other": PREACHER, "at": "[1, 2]"}, "קירה נכנסת לקרב עם המטיף ב\u05be[1, 2]"),
    ("log_targeted.attack", "de", {"unit": KYRA, "target": BEAST}, "Kyra greift das Moorbiest an"),
    ("log_targeted.engage", "de", {"unit": KYRA, "target": DIE_HEXE}, "Kyra geht in den Nahkampf mit der Hexe"),
    ("reason.hx.no_ap", "he", {"unit": PREACHER}, "למטיף לא נותרו נקודות פעולה בסיבוב הזה להתקפה צמודה"),
    ("reason.hx.no_ap", "he", {"unit": KYRA}, "לקירה לא נותרו נקודות פעולה בסיבוב הזה להתקפה צמודה"),
    ("reason.d5.already_prone", "it", {"unit": KYRA}, "Kyra è già prona"),
    ("reason.hx.bound_no_move", "de", {"unit": KYRA, "units": (PREACHER,)},
     "Kyra ist gebunden an den Prediger und kann zu keinem anderen Gegner; angreifen kann Kyra nur: Der Prediger"),
    ("battle.cannot_act", "he", {"unit": KYRA}, "קירה אינה יכולה לפעול עכשיו"),
    ("state.bound_to", "it", {"unit": KYRA, "units": (PREACHER, GRETA)}, "legata al predicatore, a Greta l'erborista"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("key", "lang", "params", "expected"), SENTENCES, ids=lambda v: v if isinstance(v, str) else ""
)
def test_sample_sentences_read_as_written(key: str, lang: str, params: dict[str, object], expected: str) -> None:
    """A sample of messages with names, compared with the sentence a native speaker writes."""
    assert i18n.t(key, lang, **params) == expected


def test_names_keep_their_grammar_through_pickle_and_copy() -> None:
    """Units travel to simulate's worker processes and into copies of situations: gender and article go along."""
    import copy
    import pickle

    unit = load_level(LEVELS_DIR / "hexxen_village.toml").unit("prediger")
    for again in (pickle.loads(pickle.dumps(unit)), copy.deepcopy(unit)):
        assert again.name.grammar == unit.name.grammar  # type: ignore[attr-defined]
        assert format(again.name.in_language("he"), "ב") == "במטיף"
    phrase = PREACHER.in_language("de")
    assert format(pickle.loads(pickle.dumps(phrase)), "akk") == "den Prediger"
