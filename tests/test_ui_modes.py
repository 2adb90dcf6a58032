"""Switching movement modes in the window (D5-SWITCH-SPEED): the overlay and the move follow the mode."""

from __future__ import annotations

import pygame

from tests.ui_helpers import open_app

CLIFF = """\
format = 1
name = "Cliff"
ruleset = "dnd5e"
[map]
tiles = '''
........
oooooooo
........
'''
[[sides]]
id = "a"
[[sides]]
id = "b"
[[units]]
id = "kestrel"
side = "a"
at = [0, 0]
speed = 9
fly = 18
[[units]]
id = "gnoll"
side = "b"
at = [7, 2]
"""


def press(app, key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step()


def test_f_switches_a_flyer_to_its_fly_speed_and_the_pit_can_be_crossed(tmp_path):
    level = tmp_path / "cliff.toml"
    level.write_text(CLIFF, encoding="utf-8")
    app = open_app(level)
    scene = app.scene
    scene.ctl.select("kestrel")
    walking = set(scene.ctl.forecast.reach)
    assert (0, 2) not in walking  # D5-GRID-OBSTACLES: pits stop walkers
    press(app, pygame.K_f)
    assert scene.ctl.forecast.mode == "fly" and scene.panel_model().mode == "fly"
    assert (0, 2) in scene.ctl.forecast.reach
    scene.ctl.click_square((0, 2))
    assert app.session.match.history[-1].action.mode == "fly"
    assert app.session.match.situation().creatures["kestrel"].at == (0, 2)
    app.close()


def test_a_unit_with_one_speed_gets_no_mode_button(tmp_path):
    level = tmp_path / "cliff.toml"
    level.write_text(CLIFF.replace("fly = 18\n", ""), encoding="utf-8")
    app = open_app(level)
    scene = app.scene
    scene.ctl.select("kestrel")
    assert scene.panel_model().modes == ()
    press(app, pygame.K_f)
    assert scene.ctl.forecast.mode is None
    app.close()
