"""Tokens told apart at a glance: unique labels, never an article, never a word cut mid-way (names,
not ids; seen in a window: "Cultis1" … "Cultis4", "Brothe")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.levels.level import load_level
from game.paths import LEVELS_DIR
from game.settings import DEFAULTS
from game.text.i18n import LANGUAGES, set_language
from game.ui import theme, tokens
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.token_labels import ARTICLES, HEBREW_MARK, MARK, Label, abbreviations, fitted, token_labels
from rules.core import Creature

LEVELS = sorted([*LEVELS_DIR.glob("*.toml"), *LEVELS_DIR.glob("tutorials/*.toml")])
WIDTHS = range(16, 200, 7)
"""Text widths from the smallest token that shows a label to a zoomed-in Large one."""


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> Iterator[None]:
    pygame.init()
    theme.reset_fonts()  # fonts cached by an earlier module died with its pygame.quit
    yield


def unit(uid: str, name: str) -> Creature:
    return Creature(id=uid, side="x", at=(0, 0), name=name)


def _words(name: str) -> set[str]:
    """The words of a name as a label may show them (a role in brackets left out, parts of compounds split)."""
    name = re.sub(r"\([^)]*\)", " ", name)
    words = set(re.split(r"[\s\-_\u05be]+", name)) - {""}
    return words | {re.sub(r"^\w+['\u2019]", "", w) for w in words}


def readable(form: str, name: str, number: str) -> bool:
    """`form` is a whole word (or the whole name), a word's beginning with an abbreviation's mark, or initials,
    followed by the unit's number when it has one; never a word cut without a mark."""
    if number:
        if not form.endswith(number):
            return False
        form = form[: -len(number)].rstrip()
    whole = re.sub(r"\s*\([^)]*\)", "", name).strip()
    words = _words(name)
    capitalised = {w[:1].upper() + w[1:] for w in words}
    tail = whole.lower().endswith(form.lower()) and whole[: len(whole) - len(form)][-1:] in ("", " ", "-")
    if form in words or form in capitalised or tail:
        return True
    if form.endswith((MARK, HEBREW_MARK)):
        return any(w.lower().startswith(form[:-1].lower()) for w in words)
    cut, digits = re.fullmatch(r"(.*?)(\d*)", form).groups()  # type: ignore[union-attr]
    if digits and cut.endswith((MARK, HEBREW_MARK)):  # a word named like an id, shortened: "Her.1" of heroes1
        return any(w.endswith(digits) and w.lower().startswith(cut[:-1].lower()) for w in words)
    letters = form.replace("\u05f4", "")
    return len(letters) > 1 and all(any(w.upper().startswith(ch.upper()) for w in words) for ch in letters)


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_levels_tokens_read_differently(path, lang: str) -> None:
    """At every width a token may have (and any mix of widths on one board), no two units of a level read alike,
    nor "Der"/"The", in every language; every form is whole words or a clean abbreviation, numbers kept."""
    set_language(lang)
    level = load_level(path)
    labels = token_labels({u.id: u for u in level.units})
    owner: dict[str, str] = {}
    for uid, label in labels.items():
        assert label, uid
        for form in label:
            assert owner.setdefault(form, uid) == uid, f"{form!r} could be {owner[form]} or {uid}"
            assert form.lower() not in ARTICLES
    for px in (12, 14, 20, 30):
        for width in WIDTHS:
            shown = [fitted(label, px, width)[0] for label in labels.values()]
            assert len(set(shown)) == len(shown), (px, width, sorted(shown))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shared_names_keep_their_number_and_words_stay_whole(lang: str) -> None:
    """Witchfire over Kleinhausen's four Cultists: every form ends with the number the log gives them, and no form
    of any unit there cuts a word without a mark ("Cultis1" and "Brothe" were)."""
    set_language(lang)
    level = load_level(LEVELS_DIR / "hexxen_village.toml")
    from game.text.local_text import local
    from game.text.unit_names import distinct_names

    shown = distinct_names(level.units)
    labels = token_labels({u.id: u for u in level.units})
    for u in level.units:
        name = str(local(u.name, lang))
        number = str(local(shown[u.id], lang))[len(name) :].strip()
        assert (number != "") == u.id.startswith("kultist_")
        assert all(readable(form, name, number) for form in labels[u.id]), (u.id, labels[u.id])


def test_names_alike_read_by_what_tells_them_apart() -> None:
    """A Goblin keeps its word; a Goblin Cutter and a Goblin Skirmisher beside it read Cutter and Skirm.,
    their initials last; Rats are Rat 1 and Rat 2 however short; an article never leads."""
    labels = token_labels(
        {
            c.id: c
            for c in (
                unit("g0", "Goblin"),
                unit("g1", "Goblin Cutter"),
                unit("g2", "Goblin Skirmisher"),
                unit("r1", "Rat"),
                unit("r2", "Rat"),
            )
        }
    )
    assert labels["g0"] == ("Goblin", "Gobl.", "G.")
    assert labels["g1"][:3] == ("Goblin Cutter", "Cutter", "Cutt.") and labels["g1"][-1] == "GC"
    assert "Skirm." in labels["g2"] and labels["g2"][-1] == "GS"
    assert not {"Goblin", "Gobl.", "G."} & {*labels["g1"], *labels["g2"]}
    assert labels["r2"][:2] == ("Rat 2", "Rat2") and all(form.endswith("2") for form in labels["r2"])
    assert token_labels({"p": unit("p", "Der Prediger (leader)")})["p"][0] == "Prediger"
    assert token_labels({"p": unit("p", "Il predicatore")})["p"][0] == "Predicatore"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Father Matthias", "Matthias"),
        ("Pater Matthias", "Matthias"),
        ("Padre Matthias", "Matthias"),
        ("האב מתיאס", "מתיאס"),
        ("Brother Tomas (cleric)", "Tomas"),
        ("Bruder Tomas (Kleriker)", "Tomas"),
        ("Fratello Tomas (chierico)", "Tomas"),
        ("האח תומס (כוהן)", "תומס"),
    ],
)
def test_a_title_gives_way_to_the_name_after_it(name: str, shown: str) -> None:
    """A one-word plate shows the name, not the title many of an order share ("Brothe" was seen in a window);
    the whole name still leads and the initials keep the title's letter."""
    label = token_labels({"u": unit("u", name), "o": unit("o", "Ogre")})["u"]
    whole = re.sub(r"\s*\([^)]*\)", "", name)
    assert label[0] == whole and label[1] == shown
    assert not any(form.split()[0] == whole.split()[0] for form in label[1:])  # the title never reads alone
    assert len(label[-1]) <= 3 and label[-1][0] == whole[0]  # initials: title and name


def test_abbreviations_end_where_a_syllable_starts() -> None:
    assert abbreviations("Cultist") == ["Cult.", "C."]
    assert abbreviations("Wichtel") == ["Wicht.", "W."]
    assert abbreviations("Harsk") == ["Har.", "H."]  # no syllable to cut at: between consonants
    assert abbreviations("Imp") == ["I."]
    assert abbreviations("Pi") == []
    assert abbreviations("עכברוש") == ["עכבר\u05f3", "ע\u05f3"]  # Hebrew: the geresh


def test_a_unit_named_by_its_id_keeps_its_number_in_every_form() -> None:
    """A unit without a name reads as its id ("heroes1", as the editor places them): shortened, it keeps the
    number, so the only hero on the board still reads Her.1 and never loses what the log calls it."""
    assert abbreviations("Heroes1") == ["Her.1", "H.1"]
    assert abbreviations("Goblin12") == ["Gobl.12", "G.12"]
    alone = token_labels({c.id: c for c in (unit("heroes1", "heroes1"), unit("foes1", "foes1"))})
    assert alone["heroes1"] == ("Heroes1", "Her.1", "H.1") and alone["foes1"] == ("Foes1", "F.1")
    pair = token_labels({c.id: c for c in (unit("heroes1", "heroes1"), unit("heroes2", "heroes2"))})
    assert pair["heroes1"] == ("Heroes1", "Her.1", "H.1") and pair["heroes2"] == ("Heroes2", "Her.2", "H.2")


def test_hyphenated_names_part_like_words() -> None:
    """German compounds with a hyphen read like two words: "Ork-Rohling" shows Ork (not "Ork-"), the initials GP."""
    labels = token_labels({c.id: c for c in (unit("a", "Goblin-Plänkler"), unit("b", "Goblin-Schlitzer"))})
    assert (labels["a"][-1], labels["b"][-1]) == ("GP", "GS")
    assert "Plänkler" in labels["a"] and "Schlitzer" in labels["b"]
    ork = token_labels({"o": unit("o", "Ork-Rohling")})["o"]
    assert "Ork" in ork and not any(form.endswith("-") for form in ork)


LATIN = st.text(alphabet="abcdeiklmnorstuäö", min_size=1, max_size=9)
HEBREW = st.text(alphabet="אבגדהוחיכלמנסעפרשת", min_size=1, max_size=7)
IDS = st.builds(lambda word, n: f"{word}{n}", LATIN, st.integers(1, 12))
"""Unnamed units read as their ids ("heroes1")."""
NAMES = st.lists(st.one_of(LATIN, HEBREW, IDS), min_size=1, max_size=3).map(" ".join)


@given(st.lists(NAMES, min_size=1, max_size=10))
def test_no_two_units_could_ever_read_alike(names: list[str]) -> None:
    """Whatever the names (shared, alike, Latin or Hebrew), no form of one unit is a form of another, every form
    is readable and a numbered unit's forms all carry its number."""
    from game.text.unit_names import distinct_names

    units = [unit(f"u{i:02}", name) for i, name in enumerate(names)]
    labels = token_labels({u.id: u for u in units})
    shown = distinct_names(units)
    forms = [form for label in labels.values() for form in label]
    assert len(forms) == len(set(forms))
    for u in units:
        number = shown[u.id][len(u.name) :].strip()
        assert all(readable(form, u.name, number) for form in labels[u.id]) or labels[u.id] == (
            f"{u.name} ({u.id})",
        ), (u.name, labels[u.id])


def test_labels_drawn_on_the_board_differ_and_read_whole_at_every_zoom(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a real window on Witchfire over Kleinhausen, zoomed from far out to close in and in every language,
    each frame's token labels are all different, each one a form of its unit's label."""
    drawn: list[tuple[Label, str]] = []

    def spy(label: Label, px: int, width: float) -> tuple[str, int]:
        form, size = fitted(label, px, width)
        drawn.append((label, form))
        return form, size

    monkeypatch.setattr(tokens, "fitted", spy)
    for lang in LANGUAGES:
        app = App(
            AppOptions(level=str(LEVELS_DIR / "hexxen_village.toml"), size=(1280, 800), lang=lang, settings=DEFAULTS)
        )
        try:
            app.step()
            scene = app.scene
            assert isinstance(scene, BattleScene) and scene.view is not None
            seen = set()
            for step in [-1] * 8 + [1] * 16:
                scene.view.zoom(step, scene.view.rect.center)
                scene.frame.invalidate()
                drawn.clear()
                app.step()
                seen.add(scene.view.cell)
                pairs = set(drawn)  # a token drawn twice in a frame (a layer and the board) is one token
                forms = [form for _, form in pairs]
                assert len(set(forms)) == len(forms), (lang, scene.view.cell, forms)
                assert all(form in label for label, form in pairs)
            assert len(seen) > 5
        finally:
            app.close()


@pytest.mark.parametrize("cell", [40, 56, 96])
def test_a_ring_round_a_token_leaves_its_name_plate_as_it_was(cell: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A unit to attack or engage is ringed, its badge too; its name plate stays whole (seen: "Cult_2")."""
    from game.text.art_names import art_of
    from game.ui.patterns import side_shapes

    plates: list[pygame.Rect | None] = []
    draw_label = tokens._draw_label

    def spy(*args: object, **kwargs: object) -> pygame.Rect | None:
        plates.append(draw_label(*args, **kwargs))  # type: ignore[arg-type]
        return plates[-1]

    monkeypatch.setattr(tokens, "_draw_label", spy)
    cultist = Creature("k", "cult", (0, 0), name="Cultist")
    marker = side_shapes({"cult": (90, 40, 120)})["cult"]
    drawn = []
    for ring in (None, (220, 60, 60)):
        surface = pygame.Surface((cell * 3, cell * 3))
        surface.fill((200, 190, 160))
        rect = pygame.Rect(cell, cell, cell, cell)
        tokens.draw_token(surface, cultist, rect, (90, 40, 120), art=art_of(cultist), marker=marker, ring=ring)
        drawn.append(surface)
    plate = plates[0]
    assert plate is not None and plates[1] == plate
    plain, ringed = drawn
    r = plate.height // 3  # the plate's rounded corners: the ring may show in them, never on the plate
    changed = [
        (x, y)
        for x in range(plate.left, plate.right)
        for y in range(plate.top, plate.bottom)
        if plain.get_at((x, y)) != ringed.get_at((x, y))
    ]
    off_plate = [
        (x, y)
        for x, y in changed
        if (x < plate.left + r or x >= plate.right - r) and (y < plate.top + r or y >= plate.bottom - r)
    ]
    assert changed == off_plate, f"the ring covers the name plate {plate} at cell {cell}"
    corner = (cell + cell // 8, cell + cell // 8)  # where the ring crosses the side badge: the ring shows
    assert plain.get_at(corner) != ringed.get_at(corner)


def test_labels_follow_a_name_changed_in_one_language_only() -> None:
    """Labels are kept between frames by the units' names: a name that differs only in German (the editor, a
    level reloaded) still gets its own labels, as does a new language."""
    from game.text.local_text import LocalText

    def board(german: str) -> dict[str, Creature]:
        return {"k": Creature("k", "x", (0, 0), name=LocalText({"en": "Cultist", "de": german}))}

    set_language("de")
    assert token_labels(board("Kultist"))["k"][0] == "Kultist"
    assert token_labels(board("Sektierer"))["k"][0] == "Sektierer"
    set_language("en")
    assert token_labels(board("Sektierer"))["k"][0] == "Cultist"


@pytest.mark.parametrize("cell", [56, 80, 112])
def test_rats_sharing_a_square_keep_their_names_clear_of_each_others_badges(cell: int) -> None:
    """Four Tiny rats fanned in one square (the giant's hall): every name plate is drawn over all the bodies and
    badges, so each rat's name reads exactly as it does alone; a neighbour's badge used to land on "R.1"."""
    pygame.init()
    theme.reset_fonts()
    level = load_level(LEVELS_DIR / "dnd5e_hall.toml")
    rats = {u.id: u for u in level.units if u.id.startswith("rat_")}
    assert len({r.at for r in rats.values()}) == 1 and len(rats) == 4
    colors = {s.id: theme.parse_color(s.color) for s in level.sides}
    every = {u.id: u for u in level.units}
    board = pygame.Surface((cell * 3, cell * 3))
    board.fill((0, 0, 0))
    at = next(iter(rats.values())).at
    origin = (cell - at[0] * cell, cell - at[1] * cell)  # the rats' square in the middle of the picture
    tokens.draw_units(board, rats, cell, origin, colors, everyone=every)
    fans = tokens.fan_rects(rats, cell, origin)
    labels = token_labels(every)
    for uid, rat in rats.items():
        alone = pygame.Surface(board.get_size(), pygame.SRCALPHA)
        alone.fill((0, 0, 0, 0))
        tokens.draw_token(
            alone,
            rat,
            fans[uid],
            colors[rat.side],
            label=labels[uid],
            art=tokens.match_arts(every)[uid],
            fanned=True,
            part="plate",
        )
        name = [(x, y) for x in range(alone.get_width()) for y in range(alone.get_height()) if alone.get_at((x, y)).a]
        assert name, uid
        differ = [p for p in name if board.get_at(p)[:3] != alone.get_at(p)[:3]]
        assert not differ, (uid, len(differ), len(name))


def test_new_fonts_drop_the_forms_fitted_with_the_old_ones() -> None:
    import gc
    import weakref

    from game.ui import token_labels

    label = ("Goblin Cutter", "Goblin", "GC")
    fitted(label, 20, 60)
    fitted(label, 22, 80)
    assert token_labels._fitted.cache_info().currsize >= 2 and token_labels._widest_digit.cache_info().currsize >= 1
    old_font = weakref.ref(theme.font_px(20, bold=True))
    theme.reset_fonts()
    fitted(label, 20, 60)
    gc.collect()
    # only the form asked since is kept, and nothing keeps the old fonts (each holds a pygame font) alive
    assert token_labels._fitted.cache_info().currsize == 1
    assert old_font() is None


def test_the_digit_tables_keep_no_font_alive() -> None:
    """A font the font cache lets go dies even while its size's digit table is kept: a cache keyed by font objects
    held them (each with its pygame font) past the font cache's bound, and the next ask of that size made a second
    one (a kiosk's native memory grew by them as visitors zoomed)."""
    import gc
    import weakref

    from game.ui import token_labels

    fitted(("Goblin Cutter", "Goblin", "GC"), 21, 60)
    assert token_labels._widest_digit.cache_info().currsize >= 1
    font = weakref.ref(theme.font_px(21, bold=True))
    theme._font.cache_clear()  # what the font cache's bound does to its least recently used font
    gc.collect()
    assert font() is None
    assert token_labels._widest_digit.cache_info().currsize >= 1
