"""Level texts in several languages: name, description, side and unit names as tables of languages."""

from __future__ import annotations

import pickle
import re

import pytest

from game.levels.level import LevelError, level_to_toml, load_level, parse_level
from game.paths import LEVELS_DIR
from game.text import i18n
from game.text.local_text import LocalText, local

LEVEL = """
format = 1
name = { en = "Training Yard", de = "Übungsplatz", he = "מגרש אימונים" }
ruleset = "pf1"

[description]
en = "Two fighters."
it = "Due combattenti."

[map]
tiles = '''
....
....
'''

[[sides]]
id = "red"
name = { en = "The Reds", de = "Die Roten" }

[[sides]]
id = "blue"
name = "Blue"

[[units]]
id = "a"
name = { en = "Aldo", he = "אלדו" }
side = "red"
at = [0, 0]
speed = 9

[[units]]
id = "b"
side = "blue"
at = [3, 1]
speed = 9
"""


@pytest.fixture(autouse=True)
def default_language():
    """Each test sets its language; the next starts from the default again."""
    yield
    i18n.set_language(None)


def test_a_text_may_be_a_table_of_languages_with_english_as_fallback() -> None:
    """The loader keeps every language; the plain text (ids, logs, files) is the English one."""
    level = parse_level(LEVEL, "yard.toml")
    assert isinstance(level.name, LocalText)
    assert level.name == "Training Yard"
    assert local(level.name, "de") == "Übungsplatz"
    assert local(level.name, "it") == "Training Yard"  # no Italian: English
    assert local(level.description, "it") == "Due combattenti."
    assert local(level.sides[0].name, "de") == "Die Roten"
    assert level.sides[1].name == "Blue"  # a plain string stays a plain string
    assert local(level.unit("a").name, "he") == "אלדו"


def test_messages_insert_level_texts_in_the_chosen_language() -> None:
    """t() fills a level's text in the message language: "Am Zug: Die Roten", not "The Reds"."""
    level = parse_level(LEVEL, "yard.toml")
    assert i18n.t("panel.to_act", "de", side=level.sides[0].name) == "Am Zug: Die Roten"
    assert i18n.t("panel.to_act", "en", side=level.sides[0].name) == "The Reds to act"


def test_an_unknown_language_is_refused_with_its_place() -> None:
    """A table key that is no language of the game is a level error naming the key and the languages."""
    bad = LEVEL.replace('de = "Übungsplatz"', 'fr = "Terrain"')
    with pytest.raises(LevelError) as err:
        parse_level(bad, "yard.toml")
    assert "name" in str(err.value) and "fr" in str(err.value)


def test_saving_keeps_every_language_and_loads_back_the_same() -> None:
    """level_to_toml writes the tables back; the level read again has the same texts in every language."""
    level = parse_level(LEVEL, "yard.toml")
    again = parse_level(level_to_toml(level), "again.toml")
    for a, b in (
        (level.name, again.name),
        (level.description, again.description),
        (level.sides[0].name, again.sides[0].name),
    ):
        assert dict(a.translations) == dict(b.translations)


def test_a_local_text_survives_pickling_into_worker_processes() -> None:
    """simulate --jobs sends levels to other processes: the translations travel with them."""
    text = LocalText({"en": "Bridge", "de": "Brücke"})
    back = pickle.loads(pickle.dumps(text))
    assert back == "Bridge" and local(back, "de") == "Brücke"


SHIPPED = sorted([*LEVELS_DIR.glob("*.toml"), *LEVELS_DIR.glob("tutorials/*.toml")])
"""The levels and the tutorials the game ships."""


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_level_speaks_every_language(path) -> None:
    """The shipped levels' names, descriptions, side and unit names exist in all four languages."""
    level = load_level(path)
    texts = [level.name, level.description, *(s.name for s in level.sides), *(u.name for u in level.units)]
    for text in texts:
        assert isinstance(text, LocalText), (path.name, text)
        assert set(text.translations) == set(i18n.LANGUAGES), (path.name, text)


ROLE_WORDS = re.compile(
    r"\b(fighter|wizard|cleric|rogue|ranger|bard|gnome|halfling|familiar|mounted|witch|druid|the)\b", re.IGNORECASE
)
"""English words of the shipped unit names that a translation must not keep ("Garrick (fighter)")."""
LATIN = re.compile(r"[A-Za-z]")
PRODUCTS = re.compile(r"D&D 5e|HeXXen 1733|Pathfinder 1e")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_screen_shows_an_untranslated_unit_side_or_level_name(path) -> None:
    """The battle panel's level, side and unit names in de/it/he are the level's translations: no English
    role word left in them, and in Hebrew no Latin letters at all."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.app import App
    from game.ui.options import AppOptions
    from game.ui.panel_model import build_panel_model

    level = load_level(path)
    app = App(AppOptions(level=str(path), frames=1))
    try:
        app.step()
        for lang in ("de", "it", "he"):
            i18n.set_language(lang)
            model = build_panel_model(app.scene.ctl, app.session.side_colors)
            shown = [model.level_name, model.side_name, *model.names.values()]
            assert model.level_name == level.name.translations[lang]
            for u in level.units:
                # the unit's own translation; units sharing a name carry their number after it ("Kultist 2")
                shown_name, own = model.names[u.id], u.name.translations[lang]
                assert shown_name == own or re.fullmatch(re.escape(own) + r" \d+", shown_name), (shown_name, own)
            # Italian rule books keep "ranger" and "halfling" as their own words
            kept = {"it": {"ranger", "halfling"}}.get(lang, set())
            left = [n for n in shown if any(w.lower() not in kept for w in ROLE_WORDS.findall(n))]
            assert left == [], (lang, shown)
            if lang == "he":
                # a product's name (D&D 5e, HeXXen 1733) stays as it is printed
                plain = [PRODUCTS.sub("", n) for n in shown]
                assert [n for n in plain if LATIN.search(n)] == [], shown
    finally:
        app.close()


def test_the_window_names_the_level_in_the_chosen_language() -> None:
    """The panel header and the pause menu say "Die Schluchtbrücke" in German, never the English name."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.paths import DEFAULT_LEVEL
    from game.ui.app import App
    from game.ui.options import AppOptions
    from game.ui.panel_model import build_panel_model

    app = App(AppOptions(level=str(DEFAULT_LEVEL), frames=2, lang="de"))
    try:
        app.step()
        battle = app.scene
        assert build_panel_model(battle.ctl, app.session.side_colors).level_name == "Die Schluchtbrücke"
        app.screens.show_pause(battle)
        assert app.scene.lines[0] == "Die Schluchtbrücke"
    finally:
        app.close()
