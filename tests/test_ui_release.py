"""hexxen in the window: relief with several comrades asks whom to release (HX-RELIEF)."""

from __future__ import annotations

import pygame

from rules.actions import Action
from tests.ui_helpers import DELIBERATE_PAUSE, clock_of, open_app

VILLAGE = """\
format = 1
name = "Green"
ruleset = "hexxen"
[map]
tiles = '''
............
............
............
............
............
............
'''
[[sides]]
id = "hunters"
[[sides]]
id = "cult"
[[units]]
id = "h1"
side = "hunters"
at = [0, 0]
[[units]]
id = "h2"
side = "hunters"
at = [0, 2]
[[units]]
id = "h3"
side = "hunters"
at = [0, 4]
[[units]]
id = "n1"
side = "cult"
role = "npc"
at = [8, 2]
hp = 200
defense = 40
"""


def test_relief_with_two_comrades_bound_asks_which_one_and_releases_the_clicked_one(tmp_path):
    level = tmp_path / "green.toml"
    level.write_text(VILLAGE, encoding="utf-8")
    app = open_app(level)
    scene = app.scene
    for hunter in ("h1", "h2"):
        assert scene.perform(Action("attack", hunter, target="n1")).ok
    sit = app.session.match.situation()
    assert sit.bindings == {frozenset(("h1", "n1")), frozenset(("h2", "n1"))}
    scene.ctl.select("h3")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2"))
    app.step()
    assert scene.ctl.tactic == "relieve"
    scene.ctl.click_square(sit.creatures["n1"].at)  # the forecast
    assert scene.ctl.state.name == "aimed" and scene.ctl.armed == "attack"
    clock_of(app).step(DELIBERATE_PAUSE)  # a deliberate second click, not a double-click
    scene.ctl.click_square(sit.creatures["n1"].at)  # the confirming click asks whom to release
    assert scene.ctl.state.name == "release"
    assert (scene.ctl.state.target, scene.ctl.state.comrades) == ("n1", ("h1", "h2"))
    scene.ctl.click_square(sit.creatures["h2"].at)
    last = app.session.match.history[-1]
    assert last.action.release == "h2" and last.result.ok
    assert app.session.match.situation().bindings == {frozenset(("h1", "n1")), frozenset(("h3", "n1"))}
    app.close()
