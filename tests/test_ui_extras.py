"""The battle screen, as it was asked for: a stable panel, messages that belong to their turn and are not all errors."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui_helpers import battle, click, click_unit, end_turn, key, open_app, start_turn, write_level


def test_the_panel_buttons_do_not_move_when_a_unit_is_selected_or_deselected(tmp_path: Path) -> None:
    app = open_app(write_level(tmp_path, "pf1"))
    try:
        scene = battle(app)
        assert scene.panel is not None
        before = {b.intent: tuple(b.rect) for b in scene.panel.buttons}
        click_unit(app, "hero")
        app.step()
        after = {b.intent: tuple(b.rect) for b in scene.panel.buttons}
        assert len(after) > len(before), "the selected unit's actions appear"
        for intent in before:
            assert after[intent] == before[intent], intent
    finally:
        app.close()


def test_a_message_belongs_to_its_turn_and_a_saved_replay_is_not_styled_as_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_app(write_level(tmp_path, "pf1"))
    try:
        scene = battle(app)
        click_unit(app, "hero")
        key(app, pygame.K_a)  # no opponent in reach: a refusal
        assert scene.ctl.toast and scene.ctl.toast_tone == "error"
        end_turn(app)
        start_turn(app)
        assert scene.ctl.toast == "", "the refusal went with the turn that made it"
        click_unit(app, "ogre")
        scene.ctl.select(None)
        scene.ctl.toast = ""
        scene.ctl.changed(state=False)
        scene.ctl.select("ogre")
        click(app, scene.view.square_center((6, 3)))  # type: ignore[union-attr]
        key(app, pygame.K_s, pygame.KMOD_LCTRL)
        assert "saved" in scene.ctl.toast.lower() and scene.ctl.toast_tone == "info"
    finally:
        app.close()
