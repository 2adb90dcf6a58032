"""Names at the format's length limit stay inside what draws them: cut with an ellipsis, never off the screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.limits import MAX_NAME
from game.text import i18n
from game.ui import theme, widgets
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.victory import VictoryScene

ROOT = Path(__file__).resolve().parent.parent
# W is the widest Latin letter; the Hebrew run checks the right-to-left path with a name that is not Latin
LONG_NAMES = {"latin": "W" * MAX_NAME, "hebrew": ("ש" * 9 + " ") * (MAX_NAME // 10)}


def long_level(tmp_path: Path, name: str) -> Path:
    """The bridge level with the first side, its first unit and the level itself named `name`."""
    text = (ROOT / "levels" / "pf1_bridge.toml").read_text(encoding="utf-8")
    text = text.replace('name = "Valeros"', f'name = "{name}"')
    text = text.replace('en = "The Hunters", de = "Die Jäger", it = "I cacciatori", he = "הציידים"', f'en = "{name}"')
    path = tmp_path / "long.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def edges(screen: pygame.Surface, rows: range, margin: int = 10) -> list[tuple[int, ...]]:
    """The pixels of the `margin` px at both ends of `rows`: where text that ran off the window would show."""
    w = screen.get_width()
    return [tuple(screen.get_at((x, y))) for y in rows for x in (*range(margin), *range(w - margin, w))]


def test_a_cut_paragraph_keeps_inside_its_rectangle_and_says_it_was_cut() -> None:
    pygame.init()
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    rect = pygame.Rect(50, 50, 200, 40)
    widgets.CLIPPED.clear()
    widgets.paragraph(surface, "word " * 200, rect, 18, (255, 255, 255))
    drawn = [(x, y) for x in range(400) for y in range(200) if surface.get_at((x, y))[:3] != (0, 0, 0)]
    assert drawn, "the paragraph drew nothing"
    assert all(rect.collidepoint(p) for p in drawn)
    assert widgets.CLIPPED, "a cut text is reported to the check hook"


@pytest.mark.parametrize("name", LONG_NAMES.values(), ids=LONG_NAMES.keys())
def test_fit_line_ends_a_too_long_line_in_an_ellipsis_that_fits(name: str) -> None:
    pygame.init()
    text, size = widgets.fit_line(name, 300, (24, 18), bold=True)
    assert size == 18
    assert text.endswith("…") and name.startswith(text[:-1].rstrip())
    assert theme.font(size, True).size(text)[0] <= 300
    short, short_size = widgets.fit_line("Lem", 300, (24, 18), bold=True)
    assert (short, short_size) == ("Lem", 24)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", LONG_NAMES.values(), ids=LONG_NAMES.keys())
def test_longest_names_stay_on_screen_in_every_language(tmp_path: Path, lang: str, name: str) -> None:
    i18n.set_language(lang)
    app = App(AppOptions(level=str(long_level(tmp_path, name)), frames=2, size=(1280, 800)))
    try:
        battle = app.scene
        assert isinstance(battle, BattleScene)
        widgets.CLIPPED.clear()
        battle.ctl.select("valeros")
        app.step()
        # the card drew the name cut with an ellipsis, and said so
        assert any(name.startswith(cut) or cut.startswith(name[:20]) for cut in widgets.CLIPPED)
        side = app.session.side_name(app.session.level.sides[0].id)
        rows = range(app.screen.get_height() // 4, app.screen.get_height() // 2)
        detail = i18n.t("victory.detail", level=name, round=3, actions=9)
        short_detail = i18n.t("victory.detail", level="Lem", round=3, actions=9)
        for make in (
            lambda who, _: HandOverScene(battle, who, (46, 110, 176)),
            lambda who, what: VictoryScene(battle, who, (176, 58, 46), what),
        ):
            seen = []
            for who, what in ((side, detail), ("Lem", short_detail)):
                app.switch(make(who, what))
                app.step()
                seen.append(edges(app.screen, rows))
            # the window's edges look the same as with a short name: nothing ran off the screen
            assert seen[0] == seen[1]
    finally:
        app.close()
