"""The measuring tape (right-drag) measures under the level's ruleset, like a table's tape."""

from __future__ import annotations

import pygame

from tests.ui_helpers import open_app, write_level


def right_drag(app, start, end) -> None:
    scene = app.scene
    a, b = scene.view.square_center(start), scene.view.square_center(end)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(0, 0, 1)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=3))
    app.step()


def test_right_drag_lays_a_tape_that_is_drawn_and_measured_by_pf1_diagonals(tmp_path):
    # PF1-DIAG: from (1,1) to (5,4) is 4 + floor(3/2) = 5 squares, 7.5 m
    app = open_app(write_level(tmp_path, "pf1"))
    before = pygame.display.get_surface().copy()
    right_drag(app, (1, 1), (5, 4))
    scene = app.scene
    assert scene.ctl.ruler == ((1, 1), (5, 4))
    after = pygame.display.get_surface()
    mid = scene.view.square_center((3, 2))
    changed = sum(
        before.get_at((mid[0] + dx, mid[1] + dy)) != after.get_at((mid[0] + dx, mid[1] + dy))
        for dx in range(-30, 31, 3)
        for dy in range(-30, 31, 3)
    )
    assert changed > 0
    from rules.ruler import tape

    measured = tape("pf1", app.session.match.level.options, (1, 1), (5, 4))
    assert (measured.squares, measured.metres) == (5, 7.5)
    app.close()


def test_right_click_without_dragging_deselects_and_esc_puts_the_tape_away(tmp_path):
    app = open_app(write_level(tmp_path, "dnd5e"))
    scene = app.scene
    scene.ctl.select("hero")
    assert scene.ctl.selected == "hero"
    right_drag(app, (3, 3), (3, 3))
    assert scene.ctl.selected is None and scene.ctl.ruler is None
    right_drag(app, (1, 1), (4, 4))
    assert scene.ctl.ruler == ((1, 1), (4, 4))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    app.step()
    assert scene.ctl.ruler is None and app.running
    app.close()
