"""The victory screen offers the next level of the level folder."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.scenes.battle import BattleScene
from game.ui.scenes.victory import VictoryScene
from tests.ui_helpers import open_app

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def test_n_on_the_victory_screen_opens_the_next_level_alphabetically():
    levels = sorted(LEVELS.glob("*.toml"))
    app = open_app(levels[0])
    app.show_victory(app.scene)
    assert isinstance(app.scene, VictoryScene)
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    app.step()
    assert isinstance(app.scene, BattleScene)
    assert Path(app.level.source).resolve() == levels[1].resolve()
    app.close()


def test_the_last_level_wraps_round_to_the_first():
    levels = sorted(LEVELS.glob("*.toml"))
    app = open_app(levels[-1])
    app.next_level()
    assert Path(app.level.source).resolve() == levels[0].resolve()
    app.close()
