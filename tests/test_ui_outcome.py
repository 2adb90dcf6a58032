"""The end of a match from the player's side: "Victory" / "Defeat" against the computer (the winner
named as a label), both sides named in hot-seat; in every language; reached by clicks and the AI hook."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.levels.level import load_level, with_players
from game.text import i18n
from game.ui.autoplay import AI_DELAY, AutoPlayer
from game.ui.outcome import outcome
from game.ui.scenes.victory import VictoryScene
from rules.actions import Action
from tests.ui_helpers import FIELD, battle, click, click_unit, end_turn, open_app


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


def _duel(tmp_path: Path, ai: bool, hero_wins: bool) -> Path:
    """Hero (red) next to Ogre (blue); one blow of the strong one ends it."""
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]")
    strong, weak = ('attack = 40\ndamage = "5"', "hp = 1\ndefense = 1")
    hero, ogre = (strong, weak) if hero_wins else (weak, strong)
    text = text.replace("at = [1, 2]\nspeed = 9", f"at = [1, 2]\nspeed = 9\n{hero}")
    text = text.replace("at = [2, 2]", f"at = [2, 2]\n{ogre}")
    if ai:
        text = text.replace('name = "Blue"\n', 'name = "Blue"\ncontroller = "ai"\n')
    path = tmp_path / "duel.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_beating_the_computer_says_victory_and_names_the_winner(tmp_path: Path, lang: str) -> None:
    i18n.set_language(lang)
    app = open_app(_duel(tmp_path, ai=True, hero_wins=True))
    try:
        click_unit(app, "hero")
        click_unit(app, "ogre")  # the forecast
        click_unit(app, "ogre")  # the confirming click attacks
        assert app.session.match.winner == "red" and isinstance(app.scene, VictoryScene)
        app.step()
        head = app.scene.headline
        assert (head.verdict, head.title) == ("victory", i18n.t("outcome.victory"))
        assert head.subtitle == i18n.t("outcome.winner", side="Red") and "Red" in head.subtitle
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_losing_to_the_computer_says_defeat(tmp_path: Path, lang: str) -> None:
    i18n.set_language(lang)
    app = open_app(_duel(tmp_path, ai=True, hero_wins=False))
    try:
        scene = battle(app)
        scene.ctl.autoplayer = AutoPlayer(
            lambda match: Action("attack", "ogre", target="hero") if match.active_side == "blue" else None,
            threaded=False,
        )
        end_turn(app)  # the hero does nothing: the computer's ogre strikes
        for _ in range(5):
            if isinstance(app.scene, VictoryScene):
                break
            app.step(AI_DELAY)
        assert app.session.match.winner == "blue" and isinstance(app.scene, VictoryScene)
        head = app.scene.headline
        assert (head.verdict, head.title) == ("defeat", i18n.t("outcome.defeat"))
        assert head.subtitle == i18n.t("outcome.winner", side="Blue")
    finally:
        app.close()


def test_hot_seat_names_the_winner_and_the_defeated(tmp_path: Path) -> None:
    app = open_app(_duel(tmp_path, ai=False, hero_wins=True))
    try:
        click_unit(app, "hero")
        click_unit(app, "ogre")
        click_unit(app, "ogre")
        assert isinstance(app.scene, VictoryScene)
        app.step()
        head = app.scene.headline
        assert head.verdict == "result"
        assert (head.title, head.subtitle) == ("Winner: Red", "Defeated: Blue")
        assert "Victory" not in head.title and "Defeat" not in head.title  # nobody's view in hot-seat
    finally:
        app.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("players", ["hotseat", "computer"])
def test_every_language_names_sides_as_labels_in_the_outcome(tmp_path: Path, lang: str, players: str) -> None:
    i18n.set_language(lang)
    level = with_players(load_level(_duel(tmp_path, ai=False, hero_wins=True)), players)
    for winner in ("red", "blue"):
        head = outcome(level, winner)
        shown = f"{head.title} {head.subtitle}"
        assert "⟦" not in shown and "red" not in shown and "blue" not in shown  # names, never ids
        winner_name = {"red": "Red", "blue": "Blue"}[winner]
        assert winner_name in shown
        if players == "hotseat":
            assert {"Red", "Blue"} <= set(shown.replace(":", " ").split())
    assert outcome(level, None).verdict == "draw"


def test_the_victory_screen_draws_the_headline_and_the_subtitle(tmp_path: Path) -> None:
    app = open_app(_duel(tmp_path, ai=True, hero_wins=True))
    try:
        click_unit(app, "hero")
        click_unit(app, "ogre")
        click(app, battle(app).view.square_center((2, 2)))
        assert isinstance(app.scene, VictoryScene)
        from game.ui import widgets

        widgets.CLIPPED.clear()  # a check hook shared by every test: only what this screen cuts counts
        app.step()
        assert widgets.CLIPPED == []
    finally:
        app.close()
