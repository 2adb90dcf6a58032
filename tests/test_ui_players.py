"""Who plays the sides: as the level says, hot-seat, or against the computer."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.levels.level import load_level, with_players
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.menu import MenuScene
from tests.ui_helpers import end_turn

BRIDGE = Path(__file__).resolve().parent.parent / "levels" / "pf1_bridge.toml"


def test_with_players_sets_every_side_human_for_hotseat_and_the_others_to_the_computer_for_computer():
    level = load_level(BRIDGE)
    assert [s.controller for s in level.sides] == ["human", "ai"]
    assert [s.controller for s in with_players(level, "hotseat").sides] == ["human", "human"]
    assert [s.controller for s in with_players(level, "computer").sides] == ["human", "ai"]
    assert with_players(level, "level") is level


def test_play_with_players_hotseat_gives_a_hand_over_between_people(tmp_path):
    app = App(AppOptions(level=str(BRIDGE), players="hotseat"))
    assert [s.controller for s in app.session.match.level.sides] == ["human", "human"]
    app.step()
    end_turn(app)
    assert type(app.scene).__name__ == "HandOverScene"
    app.close()


def test_the_menu_button_cycles_who_plays():
    app = App(AppOptions(level=str(BRIDGE)))
    app.screens.show_menu(None)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.step()
    centre = menu.players_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    app.step()
    assert app.players == "hotseat"
    app.close()
