"""The danger view in the battle window, driven by synthetic events: W shades the squares by danger (a tap keeps it,
a held key shows it while held), hovering a square shows its card and rings the enemies, a click on an enemy shades
its next turn; both themes, UI scales, and the F1 help naming the key."""

from __future__ import annotations

import time
from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest

from game import settings as game_settings
from game.settings import Settings
from game.text.i18n import t
from game.ui import theme
from game.ui.danger import KEY_HOLD, DangerLayer, card_lines, danger_level, draw_danger
from game.ui.overlays import card_rect, help_lines
from tests.ui_helpers import FIELD, battle, click, click_unit, clock_of, hover, open_app, write_level


def _press_w(app, held: float = 0.0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    app.step()
    clock_of(app).step(held)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    app.step()


def _settle(app) -> None:
    """Step frames until the worker has worked the danger map out and the board shows it."""
    scene = battle(app)
    for _ in range(3000):
        if not scene.danger.working:
            break
        time.sleep(0.01)
        app.step()
    assert not scene.danger.working
    app.step()


def _layer(app) -> DangerLayer | None:
    composed = battle(app).renderer._composed
    assert composed is not None
    layer = composed.layer
    assert layer is None or isinstance(layer, DangerLayer)
    return layer


@pytest.fixture
def app(tmp_path: Path):
    window = open_app(write_level(tmp_path, "pf1"))
    click_unit(window, "hero")
    yield window
    window.close()


def test_a_tap_of_w_keeps_the_shading_and_a_second_tap_takes_it_away(app):
    scene = battle(app)
    assert scene.ctl.selected == "hero" and _layer(app) is None
    _press_w(app)
    _settle(app)
    layer = _layer(app)
    assert scene.danger.on and layer is not None and layer.danger is not None
    # the squares beside the ogre's reach are shaded for the hero, and the shading shows on the board
    assert (5, 2) in layer.danger.squares
    _press_w(app)
    assert not scene.danger.on and _layer(app) is None


def test_holding_w_shows_the_danger_only_while_held(app):
    scene = battle(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    app.step()
    _settle(app)
    assert scene.danger.on and _layer(app) is not None
    clock_of(app).step(KEY_HOLD + 0.1)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_w, mod=0, unicode="w", scancode=0))
    app.step()
    assert not scene.danger.on and _layer(app) is None


def test_a_tap_during_a_long_first_computation_is_still_a_tap(app, monkeypatch):
    # worked out on the main thread (as code driving the view does), the first computation may take a second on a
    # big map: the key let go right after it shows is a tap
    scene = battle(app)
    scene.danger.threaded = False
    work = scene.danger.cache.danger

    def slow(*args, **kwargs):
        if scene.danger.cache.computed == 0:
            clock_of(app).step(2.0)  # the first computation, not the lookups after it
        return work(*args, **kwargs)

    monkeypatch.setattr(scene.danger.cache, "danger", slow)
    _press_w(app, held=0.1)
    assert scene.danger.on and _layer(app) is not None


class _HeldPool:
    """An executor whose jobs finish only when the test says so."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future, tuple]] = []

    def submit(self, fn, *args):
        future: Future = Future()
        self.jobs.append((future, (fn, *args)))
        return future

    def finish(self) -> None:
        for future, (fn, *args) in self.jobs:
            future.set_result(fn(*args))

    def shutdown(self, wait: bool = True) -> None:
        pass


def test_the_screen_goes_on_while_a_worker_works_the_danger_out(app):
    scene = battle(app)
    pool = _HeldPool()
    scene.danger._pool = pool  # type: ignore[assignment]
    _press_w(app)
    assert scene.view is not None
    hover(app, scene.view.square_center((5, 2)))
    assert scene.danger.working and len(pool.jobs) == 1 and _layer(app) is None
    drawn = draw_danger(app.screen, scene.ctl, scene.view, scene.danger, scene.mouse)
    # one card, the one that says it is being worked out, and no ring yet
    assert drawn == [card_rect([t("danger.working")], scene.view.rect, scene.mouse)]
    pool.finish()
    app.step()
    assert not scene.danger.working and _layer(app) is not None and len(pool.jobs) == 1


def test_hovering_a_square_shows_its_card_and_rings_the_enemies_that_could_attack_there(app):
    scene = battle(app)
    _press_w(app)
    _settle(app)
    assert scene.view is not None
    hover(app, scene.view.square_center((5, 2)))
    danger = scene.danger.map_for(scene.ctl)
    assert danger is not None
    lines = card_lines(scene.ctl, danger, (5, 2))
    assert "Ogre" in lines[1] and "Hero" in lines[0] and "[5, 2]" in lines[0]
    drawn = draw_danger(app.screen, scene.ctl, scene.view, scene.danger, scene.mouse)
    ogre = scene.view.square_rect(scene.ctl.situation().creatures["ogre"].at)
    assert any(r.contains(ogre) for r in drawn[:-1])  # the ring round the ogre
    card = drawn[-1]
    assert tuple(app.screen.get_at((card.x + 6, card.centery)))[:3] == theme.TIP_FILL
    # a square no enemy could reach says so
    far = danger.at((1, 1))
    assert far == () or all(threat.enemy == "ogre" for threat in far)


def test_clicking_an_enemy_with_none_selected_shades_its_next_turn(app):
    scene = battle(app)
    assert scene.view is not None
    before = app.screen.copy()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    assert scene.ctl.selected is None
    click(app, scene.view.square_center(scene.ctl.situation().creatures["ogre"].at))
    assert scene.danger.inspected == "ogre" and scene.ctl.selected is None
    layer = _layer(app)
    assert layer is not None and layer.turn is not None
    assert (5, 2) in layer.turn.moves and (2, 2) in layer.turn.moves
    rect = scene.view.square_rect((2, 3))
    assert app.screen.get_at(rect.center) != before.get_at(rect.center)  # its reach shaded on the board
    assert scene.ctl.toast == t("danger.inspect", enemy=scene.ctl.name_of("ogre"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    assert scene.danger.inspected is None and _layer(app) is None


@pytest.mark.parametrize(("look", "scale"), [("standard", 1.0), ("high-contrast", 1.0), ("standard", 1.5)])
def test_the_levels_differ_in_lightness_and_hatching_in_every_theme_and_scale(look: str, scale: float):
    game_settings.use(Settings(theme=look, ui_scale=scale))
    theme.reset_fonts()
    try:
        layer = DangerLayer(None, 20, None)
        cell = 48
        tiles = [layer._tile("danger", (level, 2), cell) for level in range(1, 5)]
        alphas = [sum(tile.get_at((x, y)).a for x in range(cell) for y in range(cell)) for tile in tiles]
        assert alphas == sorted(alphas) and len(set(alphas)) == 4  # each level darker than the one below
        assert danger_level(1, 20) == 1 and danger_level(6, 20) == 2 and danger_level(11, 20) == 3
        assert danger_level(20, 20) == 4
    finally:
        game_settings.use(Settings())
        theme.reset_fonts()


def test_f1_names_the_key(app):
    assert t("danger.help") in help_lines(battle(app).ctl)
    assert t("danger.help").startswith("W ")


def test_hexxen_the_card_names_who_could_engage_anywhere_and_no_square_is_shaded(tmp_path: Path):
    text = FIELD.format(ruleset="hexxen").replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n')
    path = tmp_path / "danger_hexxen.toml"
    path.write_text(text, encoding="utf-8")
    window = open_app(path)
    try:
        click_unit(window, "hero")
        scene = battle(window)
        assert scene.view is not None and scene.ctl.selected == "hero"
        _press_w(window)
        _settle(window)
        danger = scene.danger.map_for(scene.ctl)
        assert danger is not None and [threat.enemy for threat in danger.everywhere] == ["ogre"]
        assert _layer(window) is None  # no distances: nothing to shade
        hover(window, scene.view.square_center((2, 4)))
        lines = card_lines(scene.ctl, danger, (2, 4))
        assert lines[0] == t("danger.everywhere", unit=scene.ctl.name_of("hero")) and "Ogre" in lines[1]
        # no reach to shade either when an enemy is clicked: the click does what it always did
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        window.step()
        click(window, scene.view.square_center(scene.ctl.situation().creatures["ogre"].at))
        assert scene.danger.inspected is None
    finally:
        window.close()
