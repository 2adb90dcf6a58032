"""The path preview names who gets an attack of opportunity and shows each step's cost on demand."""

from __future__ import annotations

import pygame

from tests.ui_helpers import open_app

GAUNTLET = """\
format = 1
name = "Gauntlet"
ruleset = "dnd5e"
[map]
tiles = '''
........
.,,.....
........
........
'''
[[sides]]
id = "a"
[[sides]]
id = "b"
[[units]]
id = "runner"
side = "a"
at = [0, 0]
speed = 9
[[units]]
id = "orc"
side = "b"
at = [2, 0]
"""


def hover(app, sq) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=app.scene.view.square_center(sq), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.step()


def test_preview_names_who_takes_an_attack_of_opportunity(tmp_path):
    # D5-OA-LEAVE-REACH: running past the orc and away from it provokes
    level = tmp_path / "g.toml"
    level.write_text(GAUNTLET, encoding="utf-8")
    app = open_app(level)
    scene = app.scene
    scene.ctl.select("runner")
    hover(app, (4, 3))
    assert scene.ctl.preview is not None and scene.ctl.preview.provokers == ("orc",)
    assert "orc" in scene.ctl.preview.label()
    app.close()


def test_v_shows_the_cost_of_every_step_of_the_preview(tmp_path):
    level = tmp_path / "g.toml"
    level.write_text(GAUNTLET, encoding="utf-8")
    app = open_app(level)
    scene = app.scene
    scene.ctl.select("runner")
    hover(app, (2, 2))
    costs = scene.ctl.preview.step_costs()
    assert [sq for sq, _ in costs] == list(scene.ctl.preview.path)
    assert sum(m for _, m in costs) == scene.ctl.preview.cost_m
    before = pygame.display.get_surface().copy()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v"))
    app.step()
    assert scene.ctl.step_costs
    after = pygame.display.get_surface()
    first = scene.view.square_center(costs[0][0])
    cell = scene.view.cell
    region = [(first[0] + dx, first[1] + cell // 4 + dy) for dx in range(-6, 7, 2) for dy in range(-4, 5, 2)]
    assert any(before.get_at(p) != after.get_at(p) for p in region)
    app.close()
