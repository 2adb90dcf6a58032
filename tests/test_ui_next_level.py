"""The victory screen offers the next level in the play order (levels/order.txt), not the alphabet."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.levels.level_order import ORDER_FILE, listed, next_level, ordered_levels
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.victory import VictoryScene
from tests.ui_helpers import FIELD, click, key, open_app

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def test_the_shipped_order_lists_every_shipped_level_once_and_is_not_the_alphabet():
    names = listed(LEVELS)
    shipped = sorted(p.name for p in LEVELS.glob("*.toml"))
    assert sorted(names) == shipped  # a new level must be given its place
    assert names != shipped
    assert names[0] == "pf1_bridge.toml"  # the default level opens the campaign


def test_unlisted_levels_follow_the_listed_ones_alphabetically_and_unknown_names_are_skipped(tmp_path: Path):
    for name in ("a.toml", "b.toml", "c.toml", "d.toml"):
        (tmp_path / name).write_text("", encoding="utf-8")
    (tmp_path / ORDER_FILE).write_text("# comment\nc.toml\n\nmissing.toml  # gone\na.toml\nc.toml\n", encoding="utf-8")
    assert [p.name for p in ordered_levels(tmp_path)] == ["c.toml", "a.toml", "b.toml", "d.toml"]
    assert next_level(tmp_path, tmp_path / "a.toml") == tmp_path / "b.toml"
    assert next_level(tmp_path, tmp_path / "d.toml") == tmp_path / "c.toml"  # wraps round
    assert next_level(tmp_path, tmp_path / "elsewhere.toml") == tmp_path / "c.toml"
    (tmp_path / ORDER_FILE).unlink()
    assert [p.name for p in ordered_levels(tmp_path)] == ["a.toml", "b.toml", "c.toml", "d.toml"]


def test_n_on_the_victory_screen_opens_the_next_level_in_the_play_order():
    order = ordered_levels(LEVELS)
    app = open_app(order[0])
    app.screens.show_victory(app.scene)
    assert isinstance(app.scene, VictoryScene)
    app.step()
    key(app, pygame.K_n)  # a deliberate press, not the tail of the gesture that ended the match
    assert isinstance(app.scene, BattleScene)
    assert Path(app.session.level.source).resolve() == order[1].resolve()
    assert order[1] != sorted(LEVELS.glob("*.toml"))[1]  # the order, not the alphabet
    app.close()


def test_clicking_next_level_follows_the_order_and_the_last_wraps_round():
    order = ordered_levels(LEVELS)
    app = open_app(order[-1])
    try:
        app.screens.show_victory(app.scene)
        app.step()
        button = next(b for b in app.scene.buttons if b.intent == "next")
        click(app, button.rect.center)
        assert Path(app.session.level.source).resolve() == order[0].resolve()
    finally:
        app.close()


def test_a_level_outside_the_folder_goes_on_to_the_first_level(tmp_path: Path):
    level = tmp_path / "mine.toml"
    level.write_text(FIELD.format(ruleset="pf1"), encoding="utf-8")
    app = open_app(level)
    try:
        app.session.next_level()
        assert Path(app.session.level.source).resolve() == ordered_levels(LEVELS)[0].resolve()
    finally:
        app.close()
