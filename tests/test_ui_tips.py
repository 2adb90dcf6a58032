"""The tips by the pointer: a long forecast wraps to a readable width, stays on the board and never covers the
square pointed at (the hexxen tutorial's attack forecast is some 900 px on one line)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.text.i18n import LANGUAGES, set_language
from game.ui import board, overlays, theme
from game.ui.app import App
from game.ui.board import TIP_WIDTH, tip_box
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.tutorial import TutorialScene
from tests.ui_helpers import click, hover


@pytest.fixture
def tips(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every tip drawn by the pointer (its text and the box it took), however it was asked for."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = board.draw_tip

    def spy(screen: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        box = real(screen, text, *args, **kwargs)  # type: ignore[arg-type]
        drawn.append((text, box))
        return box

    monkeypatch.setattr(board, "draw_tip", spy)
    monkeypatch.setattr(overlays, "draw_tip", spy)
    return drawn


@pytest.fixture(params=[(1280, 800), (800, 600)], ids=["1280x800", "800x600"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    app = App(AppOptions(size=request.param))
    app.step()
    yield app
    app.close()


def tutorial(app: App, ruleset: str) -> tuple[TutorialScene, Callable[[str], tuple[int, int]]]:
    app.session.open_tutorial(ruleset)
    app.step()
    scene = app.scene
    assert isinstance(scene, TutorialScene) and scene.view is not None
    view = scene.view

    def at(unit: str) -> tuple[int, int]:
        return view.square_center(scene.ctl.situation().creatures[unit].at)

    return scene, at


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_attack_forecast_wraps_and_leaves_its_target_in_sight(
    app: App, tips: list[tuple[str, pygame.Rect]], lang: str
) -> None:
    set_language(lang)
    scene, at = tutorial(app, "hexxen")
    click(app, at("anna"))
    for aimed in (False, True):
        tips.clear()
        if aimed:
            click(app, at("cultist"))  # the forecast stays, now "click again"
        else:
            hover(app, at("cultist"))
        assert tips, "no forecast drawn"
        cultist = scene.ctl.situation().creatures["cultist"]
        assert scene.view is not None
        target = scene.view.square_rect(cultist.at, cultist.dims)
        for text, box in tips:
            assert "HX-" in text and len(text) > 80  # the long one, with its rule ids
            assert not box.colliderect(target), (lang, aimed, box, target)
            assert scene.view.rect.contains(box) and app.screen.get_rect().contains(box)
            assert box.width <= theme.px(TIP_WIDTH) + 12  # wrapped, not one line across the board


def test_the_move_tip_sits_off_the_square_it_prices(app: App, tips: list[tuple[str, pygame.Rect]]) -> None:
    scene, at = tutorial(app, "pf1")
    click(app, at("valeros"))
    assert scene.view is not None
    for sq in [(3, 1), (7, 5), (9, 6), (0, 6), (9, 0), (5, 6)]:
        tips.clear()
        hover(app, scene.view.square_center(sq))
        assert tips, sq
        square = scene.view.square_rect(sq)
        for _, box in tips:
            assert not box.colliderect(square) and scene.view.rect.contains(box), (sq, box)


def test_a_tip_goes_below_above_or_beside_the_square_and_stays_in_the_area() -> None:
    area = pygame.Rect(0, 0, 900, 700)
    square = pygame.Rect(400, 300, 90, 90)
    mouse = square.center
    below = tip_box((300, 60), mouse, area, square)
    assert below.top >= square.bottom and area.contains(below)
    bottom_row = pygame.Rect(400, 610, 90, 90)
    above = tip_box((300, 60), bottom_row.center, area, bottom_row)
    assert above.bottom <= bottom_row.top and area.contains(above)
    right_edge = pygame.Rect(810, 610, 90, 90)
    flipped = tip_box((450, 120), right_edge.center, area, right_edge)
    assert not flipped.colliderect(right_edge) and area.contains(flipped)
    # no square to keep clear of (a toast): beside the pointer, as before
    assert tip_box((100, 30), (10, 10), area, None).topleft == (26, 24)


@contextmanager
def bridge(lang: str) -> Iterator[tuple[App, BattleScene]]:
    """The bridge level in a 1280×800 hot-seat window in `lang`, closed (and English again) afterwards."""
    from game.paths import LEVELS_DIR

    set_language(lang)
    app = App(AppOptions(level=str(LEVELS_DIR / "pf1_bridge.toml"), size=(1280, 800), players="hotseat", lang=lang))
    try:
        app.step()
        scene = app.scene
        assert isinstance(scene, BattleScene) and scene.view is not None
        yield app, scene
    finally:
        app.close()
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pointing_beside_the_shading_shows_why_in_a_tip_off_the_square(
    tips: list[tuple[str, pygame.Rect]], lang: str
) -> None:
    """In the window, the pointer on the ravine's pit beside Valeros's shading shows the refusal and its rule in a
    tip that leaves the square in sight; in every language."""
    with bridge(lang) as (app, scene):
        assert scene.view is not None
        click(app, scene.view.square_center(app.session.match.situation().creatures["valeros"].at))
        tips.clear()
        hover(app, scene.view.square_center((8, 1)))
        texts = [text for text, _ in tips if "PF1-OBSTACLE-BLOCK" in text]
        assert texts and "[8, 1]" in texts[-1]
        box = next(box for text, box in tips if text == texts[-1])
        assert not box.colliderect(scene.view.square_rect((8, 1)))


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_hover_card_keeps_off_the_unit_and_its_path_where_a_corner_allows(lang: str) -> None:
    """Pointing anywhere in Kyra's shading on the bridge, the path's card never hides Kyra herself, and it covers
    no more of the path than the corner it took before (the reading corner, or the bottom one below the pointer's
    row) would have."""
    from game.ui.overlays import card_keep, card_text

    with bridge(lang) as (app, scene):
        assert scene.view is not None
        view, ctl = scene.view, scene.ctl
        kyra = app.session.match.situation().creatures["kyra"]
        click(app, view.square_center(kyra.at))
        assert ctl.forecast is not None
        checked = 0
        for sq in sorted(ctl.forecast.reach)[::3]:
            hover(app, view.square_center(sq))
            lines = ctl.look.card_lines()
            if not lines:
                continue
            card = overlays.card_rect(lines, view.rect, view.square_center(sq), card_keep(ctl, view))
            assert not card.colliderect(view.square_rect(kyra.at)), (lang, sq, card)
            assert not card.collidepoint(view.square_center(sq))  # nor the square pointed at
            # the old place: the reading corner at the top, or at the bottom when the pointer is at its height
            width, height, _ = card_text(lines, view.rect.width)
            x = view.rect.right - 8 - width if lang == "he" else view.rect.x + 8
            old = pygame.Rect(x, view.rect.y + 8, width, height)
            if old.top - 40 <= view.square_center(sq)[1] <= old.bottom + 20:
                old.bottom = view.rect.bottom - 70
            path = [view.square_rect(s) for s in ctl.preview.path] if ctl.preview else []
            if not old.collidepoint(view.square_center(sq)):
                assert len(card.collidelistall(path)) <= len(old.collidelistall(path)), (lang, sq)
            checked += 1
        assert checked > 10
