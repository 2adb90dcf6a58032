"""Doors on square edges in the battle window: drawn on their edge, opened and closed with I and a click
(or the keyboard cursor), refused with the door rule, and walked through once open."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from game.ui.door_pick import door_action, lean_of
from rules.core import edge_key
from tests.ui_helpers import FIELD, battle, click, click_unit, key, open_app

DOOR = """
[[map.edges]]
a = [2, 2]
b = [3, 2]
kind = "door"
open = false
"""


def _app(tmp_path: Path, ruleset: str):
    path = tmp_path / f"door_{ruleset}.toml"
    path.write_text(FIELD.format(ruleset=ruleset).replace("[[sides]]", DOOR + "\n[[sides]]", 1), encoding="utf-8")
    return open_app(path)


def _edge_point(app, a, b, inside: float = 0.85):
    """A screen point inside square `a`, close to its side shared with `b`."""
    view = battle(app).view
    rect = view.square_rect(a)
    fx = 0.5 + (b[0] - a[0]) * (inside - 0.5)
    fy = 0.5 + (b[1] - a[1]) * (inside - 0.5)
    return (rect.x + int(rect.width * fx), rect.y + int(rect.height * fy))


def test_lean_is_the_side_nearest_the_point():
    assert lean_of(2.9, 2.5) == (3, 2)
    assert lean_of(2.1, 2.5) == (1, 2)
    assert lean_of(2.5, 2.05) == (2, 1)
    assert lean_of(2.5, 2.95) == (2, 3)


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_a_closed_door_edge_is_drawn_opened_by_clicks_and_then_walked_through(tmp_path: Path, ruleset: str):
    app = _app(tmp_path, ruleset)
    try:
        scene = battle(app)
        key_edge = edge_key((2, 2), (3, 2))
        assert scene.ctl.situation().board.doors[key_edge] is False
        click_unit(app, "hero")
        # the hero at [1, 2] is not next to the door on the far side of [2, 2]: the bar says why, with the rule
        key(app, pygame.K_i)
        assert scene.ctl.armed is None
        assert ("GB-PF-DOOR" if ruleset == "pf1" else "GB-5E-INTERACT") in scene.ctl.toast
        # the shaded reach goes round the closed door, never through it
        assert scene.ctl.forecast is not None
        for reach in scene.ctl.forecast.reach.values():
            steps = [(1, 2), *(tuple(p[:2]) for p in reach.path)]
            assert all(edge_key(p, q) != key_edge for p, q in itertools.pairwise(steps)), reach
        click(app, battle(app).view.square_center((2, 2)))
        assert scene.ctl.situation().creatures["hero"].at == (2, 2)
        before = pygame.image.tobytes(app.screen, "RGB")
        key(app, pygame.K_i)
        click(app, _edge_point(app, (2, 2), (3, 2)))
        assert scene.ctl.situation().board.doors[key_edge] is True, scene.ctl.toast
        assert pygame.image.tobytes(app.screen, "RGB") != before  # drawn open now
        record = scene.ctl.match.history[-1]
        assert record.action.to_dict()["to"] == [3, 2] and record.action.at == (2, 2)
        if ruleset == "pf1":
            # a move and the door took both move actions: the turn is spent
            return
        click_unit(app, "hero")
        click(app, battle(app).view.square_center((4, 2)))
        assert scene.ctl.situation().creatures["hero"].at == (4, 2)
    finally:
        app.close()


def test_the_keyboard_cursor_opens_an_edge_door(tmp_path: Path):
    app = _app(tmp_path, "dnd5e")
    try:
        scene = battle(app)
        click_unit(app, "hero")
        click(app, battle(app).view.square_center((2, 2)))
        key(app, pygame.K_i)
        scene.ctl.cursor = (3, 2)  # arrows move the cursor; Space acts on its square like a click
        key(app, pygame.K_SPACE)
        assert scene.ctl.situation().board.doors[edge_key((2, 2), (3, 2))] is True, scene.ctl.toast
    finally:
        app.close()


def test_door_action_names_the_units_side_first(tmp_path: Path):
    app = _app(tmp_path, "pf1")
    try:
        sit = battle(app).ctl.situation()
        hero = sit.creatures["hero"]
        moved = type(sit)(sit.ruleset, sit.board, {**sit.creatures, "hero": hero.evolve(at=(3, 2))})
        action = door_action(moved, "hero", (2, 2))
        assert (action.at, action.to) == ((3, 2), (2, 2))
        plain = door_action(moved, "hero", (5, 3))
        assert (plain.at, plain.to) == ((5, 3), None)  # no door there: the rules refuse it as before
    finally:
        app.close()
