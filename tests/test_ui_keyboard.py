"""Keyboard-only play: a square cursor moved by the arrows, Space/Enter acting on its square like a
click, Tab to the next unit, E (never Enter) ending the turn; the view follows the cursor; F1 says so."""

from __future__ import annotations

import pygame

from game.text.i18n import set_language, t
from game.ui.app import App
from game.ui.overlays import help_lines
from tests.ui_helpers import battle, hover, key


def press(app: App, k: int, times: int = 1, mod: int = 0) -> None:
    for _ in range(times):
        key(app, k, mod)


def test_a_whole_move_and_attack_by_keyboard_alone(pf1_app: App) -> None:
    scene = battle(pf1_app)
    press(pf1_app, pygame.K_TAB)
    assert scene.ctl.selected == "hero" and scene.ctl.cursor == (1, 2)
    press(pf1_app, pygame.K_RIGHT, 4)  # across the difficult squares to the ogre's side
    assert scene.ctl.cursor == (5, 2)
    assert scene.ctl.hover_sq == (5, 2) and scene.ctl.preview is not None  # the hover card follows the cursor
    press(pf1_app, pygame.K_SPACE)
    assert scene.ctl.situation().creatures["hero"].at == (5, 2)
    move = pf1_app.session.match.history[-1]
    assert move.result.ok and move.action.kind == "move" and move.action.path[-1] == (5, 2)
    press(pf1_app, pygame.K_RIGHT)
    assert scene.ctl.cursor == (6, 2)
    press(pf1_app, pygame.K_RETURN)  # the attack forecast, as a first click on the enemy
    assert scene.ctl.armed == "attack" and scene.ctl.armed_target == "ogre"
    press(pf1_app, pygame.K_RETURN)  # the attack
    attack = pf1_app.session.match.history[-1]
    assert attack.result.ok and attack.action.kind == "attack" and attack.action.target == "ogre"
    press(pf1_app, pygame.K_RETURN, 3)  # Enter never ends the turn
    assert pf1_app.session.match.active_side == "red"
    assert all(r.action.kind != "end_turn" for r in pf1_app.session.match.history)
    press(pf1_app, pygame.K_e)  # E does
    assert pf1_app.session.match.active_side == "blue"


def test_enter_on_an_empty_square_at_the_start_ends_nothing_and_shows_the_cursor(pf1_app: App) -> None:
    scene = battle(pf1_app)
    press(pf1_app, pygame.K_RETURN)
    assert scene.ctl.cursor is not None  # the first press shows where the cursor is
    press(pf1_app, pygame.K_DOWN, 2)
    press(pf1_app, pygame.K_RETURN)
    press(pf1_app, pygame.K_KP_ENTER)
    assert pf1_app.session.match.active_side == "red"
    assert all(r.action.kind != "end_turn" for r in pf1_app.session.match.history)


def test_the_cursor_stays_on_the_board_and_the_view_follows_it(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    press(pf1_app, pygame.K_PLUS, 8)  # zoomed in: the board is larger than the view
    press(pf1_app, pygame.K_TAB)
    origin = scene.view.origin
    press(pf1_app, pygame.K_RIGHT, 12)
    press(pf1_app, pygame.K_DOWN, 12)
    assert scene.ctl.cursor == (9, 5)  # clamped to the 10×6 board
    assert scene.view.origin != origin
    assert scene.view.rect.contains(scene.view.square_rect(scene.ctl.cursor))
    press(pf1_app, pygame.K_LEFT, 12)
    assert scene.ctl.cursor == (0, 5)
    assert scene.view.rect.contains(scene.view.square_rect(scene.ctl.cursor))


def test_ctrl_arrows_pan_and_the_mouse_takes_over_from_the_cursor(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    press(pf1_app, pygame.K_PLUS, 8)
    origin = scene.view.origin
    press(pf1_app, pygame.K_LEFT, 2, pygame.KMOD_CTRL)
    assert scene.view.origin != origin and scene.ctl.cursor is None
    press(pf1_app, pygame.K_RIGHT)
    assert scene.ctl.cursor is not None
    hover(pf1_app, scene.view.rect.center)
    assert scene.ctl.cursor is None


def test_the_f1_help_documents_keyboard_play_in_every_language(pf1_app: App) -> None:
    scene = battle(pf1_app)
    for lang in ("en", "de", "it", "he"):
        line = t("tutorial.help_keyboard", lang)
        assert "Tab" in line and "E" in line
        set_language(lang)
        assert line in help_lines(scene.ctl)
    set_language("en")
    press(pf1_app, pygame.K_F1)
    assert scene.help


def test_dialogs_are_answered_by_arrows_and_enter_and_never_by_an_enter_unread(pf1_app: App) -> None:
    """The "end the turn?" question works without a mouse; Enter alone does nothing."""
    from game.ui.scenes.dialog import DialogScene

    battle(pf1_app)
    press(pf1_app, pygame.K_e)  # the hero has not acted: the game asks
    dialog = pf1_app.scene
    assert isinstance(dialog, DialogScene) and dialog.focus is None
    press(pf1_app, pygame.K_RETURN)  # nothing focused yet: not an answer
    assert pf1_app.scene is dialog and pf1_app.session.match.active_side == "red"
    press(pf1_app, pygame.K_DOWN, 2)  # "End the turn", then "Keep playing"
    assert dialog.buttons[dialog.focus].label == t("turns.keep_playing")
    press(pf1_app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)  # back up to "End the turn"
    press(pf1_app, pygame.K_SPACE)
    assert pf1_app.session.match.active_side == "blue" and pf1_app.scene is not dialog


def test_the_pause_menu_is_reached_and_used_by_keyboard(pf1_app: App) -> None:
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.menu import MenuScene

    battle(pf1_app)
    press(pf1_app, pygame.K_ESCAPE)  # the pause menu: Resume, Levels, Settings, Quit
    pause = pf1_app.scene
    assert isinstance(pause, DialogScene)
    levels = [b.label for b in pause.buttons].index(t("pause.levels"))
    press(pf1_app, pygame.K_DOWN, levels + 1)
    press(pf1_app, pygame.K_RETURN)
    assert isinstance(pf1_app.scene, MenuScene)


def test_a_waiting_question_repaints_nothing_until_the_pointer_or_focus_moves(pf1_app: App) -> None:
    """Seen under Xvfb: an open "Quit?" kept a core busy redrawing its full-window veil every frame."""
    from game.ui.scenes.dialog import DialogScene

    press(pf1_app, pygame.K_ESCAPE)  # the pause menu
    dialog = pf1_app.scene
    assert isinstance(dialog, DialogScene)
    screen = pf1_app.screen
    shown = pygame.image.tobytes(screen, "RGB")
    assert dialog.draw(screen) == [] and dialog.draw(screen) == []  # waiting: nothing to repaint
    assert pygame.image.tobytes(screen, "RGB") == shown
    press(pf1_app, pygame.K_DOWN)  # the focus moves: the whole question is drawn again, with its ring
    assert pygame.image.tobytes(screen, "RGB") != shown
    focused = pygame.image.tobytes(screen, "RGB")
    hover(pf1_app, dialog.buttons[-1].rect.center)  # so does a hovered button
    assert pygame.image.tobytes(screen, "RGB") != focused
    assert dialog.draw(screen) == []


def test_a_help_taller_than_a_small_window_scrolls_with_the_wheel_to_its_last_line() -> None:
    """At 800×600 in German the help's last lines (Esc, Ctrl+S, F2, the art's licence) were cut off the box; it now
    takes smaller text, then the whole window, and the wheel scrolls it to its end."""
    from game.paths import LEVELS_DIR
    from game.ui import widgets
    from tests.ui_helpers import open_app

    set_language("de")
    app = open_app(LEVELS_DIR / "pf1_bridge.toml", "800x600")
    try:
        scene = battle(app)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        widgets.CLIPPED.clear()
        key(app, pygame.K_F1)
        assert scene.help and widgets.CLIPPED  # too tall for this window: its end is cut at first
        lines = help_lines(scene.ctl)
        cut_at: list[tuple[int, list[str]]] = []
        for _ in range(len(lines) + 3):  # more steps than lines: it stops at the last one
            widgets.CLIPPED.clear()
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
            app.step()
            if not cut_at or cut_at[-1][0] != scene.help_scroll:
                cut_at.append((scene.help_scroll, list(widgets.CLIPPED)))
        assert cut_at[-1][0] <= len(lines) - 1 and cut_at[-1][1] == []  # scrolled down: every line to the last shows
        key(app, pygame.K_F1)
        key(app, pygame.K_F1)
        assert scene.help and scene.help_scroll == 0  # opened again: from the top
    finally:
        set_language("en")
        app.close()
