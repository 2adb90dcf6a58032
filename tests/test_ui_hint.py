"""The battle screen's hint (H): the computer's suggestion drawn as a ghost, explained, never performed."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from game.advice import decide_now
from game.text.i18n import set_language, t
from game.ui.overlays import help_lines
from rules.actions import Action
from tests.test_ui_autoplay import HandExecutor
from tests.ui_helpers import battle, key, open_app

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def _board_pixels(app: object, scene: object) -> list[tuple[int, ...]]:
    view = scene.view  # type: ignore[attr-defined]
    screen = app.screen  # type: ignore[attr-defined]
    return [
        tuple(screen.get_at((x, y)))
        for x in range(view.rect.x, view.rect.right, 7)
        for y in range(view.rect.y, view.rect.bottom, 7)
    ]


def test_h_shows_the_computers_first_action_as_a_ghost_and_why_and_performs_nothing():
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        scene = battle(app)
        hands = scene.hint_executor = HandExecutor()  # the hint is worked out in a worker, run here by hand
        app.step()
        before = _board_pixels(app, scene)
        key(app, pygame.K_h)
        assert scene.hint is None and len(hands.jobs) == 1  # thinking: the window keeps drawing meanwhile
        app.step()
        assert _board_pixels(app, scene) == before
        hands.run_next()
        app.step()  # the main thread shows it
        assert hands.threads == ["test-ai-worker"]
        hint = scene.hint
        assert hint is not None
        expected = decide_now(app.session.match, "normal").first  # a person's side: advised at the default strength
        assert hint.action == expected and hint.action is not None
        assert app.session.match.history == []  # a suggestion, never performed
        assert hint.lines[0] == t(
            "hint.title", strength=t("ai_choice.normal"), unit="Valeros", action=t(f"action.{expected.kind}")
        )
        assert len(hint.lines) >= 3  # the heading, why (the options weighed, with rule ids), how to close
        assert any("[" in line and "PF1-" in line for line in hint.lines[1:-1])
        app.step()
        assert _board_pixels(app, scene) != before  # the ghost and the box are drawn over the board
        key(app, pygame.K_h)
        assert scene.hint is None
        app.step()
        assert _board_pixels(app, scene) == before
    finally:
        app.close()


def test_the_hint_goes_away_with_esc_or_when_the_match_moves_on():
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        scene = battle(app)
        scene.ctl.autoplayer.threaded = False  # no worker (as in the kiosk's soak test): the hint is worked out at once
        key(app, pygame.K_h)
        assert scene.hint is not None
        key(app, pygame.K_ESCAPE)
        assert scene.hint is None and not scene.help  # Esc closed the hint, not more
        key(app, pygame.K_h)
        hint = scene.hint
        assert hint is not None and hint.action is not None
        scene.ctl.perform(hint.action)  # the player follows the advice
        app.step()
        assert scene.hint is None  # the suggestion was for the state before
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["de", "it", "he"])
def test_the_hint_and_its_help_line_speak_the_players_language(lang: str):
    set_language(lang)
    app = open_app(LEVELS / "dnd5e_mirror.toml")
    try:
        scene = battle(app)
        scene.ctl.autoplayer.threaded = False
        assert t("hint.help") in help_lines(scene.ctl)
        key(app, pygame.K_h)
        assert scene.hint is not None
        assert scene.hint.lines[-1] == t("hint.close") and "⟦" not in " ".join(scene.hint.lines)
    finally:
        app.close()
        set_language("en")


def test_a_hint_worked_out_for_a_state_the_match_has_left_is_not_shown():
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        scene = battle(app)
        hands = scene.hint_executor = HandExecutor()
        key(app, pygame.K_h)
        scene.ctl.perform(Action("drop_prone", "valeros"))  # the player acted while the computer thought
        hands.run_next()
        app.step()
        assert scene.hint is None
    finally:
        app.close()
