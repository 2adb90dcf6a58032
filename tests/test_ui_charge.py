"""The charge in the battle screen (PF1-CHARGE): rings, closest footprints, lines, blocking squares, tips, clicks."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.app import App
from rules.core import Illegal, Ruling
from tests.ui_helpers import battle, click, click_unit, hover, key, open_app

LEVEL = """format = 1
name = "Charge lines"
ruleset = "pf1"
[map]
tiles = '''
..........
..........
..........
..........
..........
..........
..........
'''
[[sides]]
id = "pcs"
name = "Heroes"
[[sides]]
id = "foes"
name = "Foes"
[[units]]
id = "fighter"
name = "Fighter"
side = "pcs"
at = [0, 2]
race = "human"
[[units]]
id = "squire"
name = "Squire"
side = "pcs"
at = [2, 4]
race = "human"
[[units]]
id = "ogre"
name = "Ogre"
side = "pcs"
at = [0, 0]
size = "large"
race = "human"
[[units]]
id = "goblin"
name = "Goblin"
side = "foes"
at = [5, 2]
race = "human"
[[units]]
id = "orc"
name = "Orc"
side = "foes"
at = [5, 5]
race = "human"
[[units]]
id = "rat"
name = "Rat"
side = "foes"
at = [0, 3]
race = "human"
"""


@pytest.fixture
def app(tmp_path: Path):
    path = tmp_path / "charge.toml"
    path.write_text(LEVEL, encoding="utf-8")
    app = open_app(path)
    yield app
    app.close()


def warning_pixels(app: App, rect: pygame.Rect) -> int:
    """How many pixels of `rect` on the screen are the warning colour."""
    colour = pygame.Color(*theme.WARNING)
    return sum(
        1
        for x in range(rect.left, rect.right)
        for y in range(rect.top, rect.bottom)
        if app.screen.get_at((x, y)) == colour
    )


def test_pf1_charge_arming_rings_only_the_enemies_the_rule_lets_the_unit_charge(app: App) -> None:
    """PF1-CHARGE: the rat beside the fighter is too close to charge, so only the goblin and the orc are ringed."""
    scene = battle(app)
    click_unit(app, "fighter")
    key(app, pygame.K_c)
    assert scene.ctl.armed == "charge"
    assert scene.ctl.targets() == frozenset({"goblin", "orc"})


def test_pf1_charge_the_hover_card_explains_a_refused_charge_before_the_click(app: App) -> None:
    """PF1-CHARGE: pointing at the rat says why it cannot be charged; clicking it says the same, arms nothing."""
    scene = battle(app)
    assert scene.view is not None
    click_unit(app, "fighter")
    key(app, pygame.K_c)
    rat = scene.view.square_center((0, 3))
    hover(app, rat)
    tip = scene.ctl.look.armed_tip((0, 3))
    assert tip.startswith("Fighter cannot charge Rat:") and "[PF1-CHARGE]" in tip
    click(app, rat)
    assert scene.ctl.armed_target is None and "[PF1-CHARGE]" in scene.ctl.toast
    assert "Orc" in scene.ctl.look.armed_tip((5, 5)) and "click" in scene.ctl.look.armed_tip((5, 5))


def test_pf1_ally_the_chosen_enemys_refused_end_shows_its_line_and_blocking_square(app: App) -> None:
    """PF1-ALLY: at the orc, (4,4) is clear and shaded; (4,5) is refused, its line crosses out the squire's square."""
    scene = battle(app)
    assert scene.view is not None
    click_unit(app, "fighter")
    key(app, pygame.K_c)
    before = warning_pixels(app, scene.view.square_rect((2, 4)))
    click_unit(app, "orc")
    assert scene.ctl.armed_target == "orc"
    ends = scene.ctl.look.legal_ends()
    assert isinstance(ends[(4, 4)], Ruling) and isinstance(ends[(4, 5)], Illegal)
    shade = scene.ctl.look.shading()
    assert shade is not None and set(shade.reach) == {(4, 4)}
    hover(app, scene.view.square_center((4, 5)))
    assert "an ally stands on the line at [2, 4] [PF1-ALLY]" in scene.ctl.look.armed_tip((4, 5))
    assert warning_pixels(app, scene.view.square_rect((2, 4))) > before + 20, "the blocking square is crossed out"
    click(app, scene.view.square_center((4, 5)))
    assert app.session.match.history == [] and "[PF1-ALLY]" in scene.ctl.toast
    click(app, scene.view.square_center((4, 4)))
    action = app.session.match.history[-1].action
    assert (action.kind, action.target, action.path) == ("charge", "orc", ((1, 2), (2, 3), (3, 3), (4, 4)))


def test_pf1_charge_a_large_chargers_end_is_its_whole_footprint_and_any_of_its_squares_picks_it(app: App) -> None:
    """PF1-CHARGE: the ogre's closest ends are 2×2; the board outlines all four squares, a click on the lower
    right one charges to the anchor's path."""
    scene = battle(app)
    assert scene.view is not None
    click_unit(app, "ogre")
    key(app, pygame.K_c)
    click_unit(app, "goblin")
    assert scene.ctl.armed_target == "goblin"
    ends = scene.ctl.look.legal_ends()
    anchors = [e.at for e in scene.ctl.look.charge_marks()[1] if e.clear]
    assert (3, 0) in anchors
    assert {(3, 0), (4, 0), (3, 1), (4, 1)} <= set(ends)
    accent = pygame.Color(*theme.ACCENT)
    corner = scene.view.square_rect((4, 1))
    assert any(app.screen.get_at((x, corner.bottom - 4)) == accent for x in range(corner.left, corner.right))
    hover(app, scene.view.square_center((4, 0)))
    click(app, scene.view.square_center((4, 0)))
    action = app.session.match.history[-1].action
    assert action.kind == "charge" and action.path[-1] in anchors
    assert app.session.match.situation().creatures["ogre"].at == action.path[-1]
