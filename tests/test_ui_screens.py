"""The game window, headless: hand-over, menus, victory, errors, the log, zoom and pan, computer turns."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame

from game.ui import theme
from game.ui.app import App
from game.ui.autoplay import AI_DELAY, AutoPlayer
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.message import MessageScene
from game.ui.scenes.victory import VictoryScene
from rules.actions import Action
from tests.counting import counted
from tests.ui_helpers import (
    FIELD,
    battle,
    click,
    click_unit,
    end_turn,
    hover,
    key,
    open_app,
    start_turn,
)


def test_end_turn_hides_the_board_behind_the_hand_over_screen(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    board_rect = scene.view.square_rect((0, 0), (10, 6))
    end_turn(pf1_app)
    assert isinstance(pf1_app.scene, HandOverScene)
    assert pf1_app.session.match.active_side == "blue"
    # the hand-over background covers every corner of where the board was
    for x, y in (board_rect.topleft, (board_rect.right - 1, board_rect.top), board_rect.bottomleft):
        if pf1_app.scene.band.collidepoint((x, y)):
            continue  # the hand-over's own title band (the side's colour), drawn over where the board was
        assert tuple(pf1_app.screen.get_at((x, y)))[:3] == theme.HANDOVER_BACKGROUND
    start_turn(pf1_app)
    assert pf1_app.scene is scene
    assert scene.ctl.actors == frozenset({"ogre"})


def test_enter_does_not_end_the_turn(pf1_app: App) -> None:
    """One Enter at the start of a turn passed it with every unit unused."""
    key(pf1_app, pygame.K_RETURN)
    key(pf1_app, pygame.K_KP_ENTER)
    assert pf1_app.session.match.round == 1 and pf1_app.session.match.active_side == "red"
    assert pf1_app.session.match.history == []


def test_log_lists_actions_with_rule_ids(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    click(pf1_app, scene.view.square_center(next(iter(scene.ctl.forecast.reach))))
    entry = pf1_app.session.match.log[0]
    assert entry.rules, "a move ruling cites rule ids"
    assert scene.panel is not None and scene.panel.log_rect.height > 40
    # the log area is no longer empty: some pixel differs from its background
    area = scene.panel.log_rect
    colours = {
        tuple(pf1_app.screen.get_at((x, y)))[:3]
        for x in range(area.x, area.right, 3)
        for y in range(area.bottom - 60, area.bottom - 4, 2)
    }
    assert len(colours) > 2


def test_static_layers_are_painted_once(pf1_app: App) -> None:
    scene = battle(pf1_app)
    pf1_app.step()  # the first frame paints the terrain layer
    assert scene.renderer.terrain.surface is not None
    paints = counted(scene.renderer.terrain, "_paint")
    for _ in range(5):
        pf1_app.step()
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    for sq in list(scene.ctl.forecast.reach)[:5]:
        hover(pf1_app, scene.view.square_center(sq))
    assert not paints  # never painted again
    assert scene.renderer.composes == 2  # once unselected, once with the reach shading


def test_wheel_zooms_and_arrows_pan_and_resize_relayouts(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    cell = scene.view.cell
    pygame.mouse.set_pos(scene.view.rect.center)
    scene.mouse = scene.view.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    pf1_app.step()
    assert scene.view.cell > cell
    origin = scene.view.origin
    key(pf1_app, pygame.K_LEFT, pygame.KMOD_CTRL)  # Ctrl+arrows pan (plain arrows move the keyboard cursor)
    assert scene.view.origin != origin
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    pf1_app.step()
    assert pf1_app.screen.get_size() == (1600, 900)
    assert scene.panel is not None and scene.panel.rect.right == 1600


def test_a_level_that_fails_to_load_shows_its_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "chess"\n', encoding="utf-8")
    app = open_app(bad)
    try:
        assert isinstance(app.scene, MessageScene)
        assert "bad.toml" in app.scene.message
        reds = sum(
            1 for x in range(40, 600, 2) for y in range(40, 80) if tuple(app.screen.get_at((x, y)))[:3] == theme.WARNING
        )
        assert reds > 0, "the error title is drawn"
    finally:
        app.close()


def test_victory_screen_replays_the_level(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    click(pf1_app, scene.view.square_center(next(iter(scene.ctl.forecast.reach))))
    pf1_app.screens.show_victory(scene)
    pf1_app.step()
    victory = pf1_app.scene
    assert isinstance(victory, VictoryScene)
    replay = next(b for b in victory.buttons if b.intent == "replay")
    click(pf1_app, replay.rect.center)
    leave_unsaved(pf1_app)  # the match's replay is unsaved: the game asks first
    assert isinstance(pf1_app.scene, BattleScene) and pf1_app.scene is not scene
    assert pf1_app.session.match.history == []
    assert pf1_app.session.match.situation().creatures["hero"].at == (1, 2)


def test_a_computer_side_acts_through_the_ai_hook_one_action_at_a_time(tmp_path: Path) -> None:
    level = tmp_path / "ai.toml"
    level.write_text(
        FIELD.format(ruleset="pf1").replace('name = "Blue"\n', 'name = "Blue"\ncontroller = "ai"\n'), encoding="utf-8"
    )
    app = open_app(level)
    try:
        scene = battle(app)
        asked: list[str] = []

        def next_action(match: object) -> Action | None:
            asked.append(app.session.match.active_side)
            return Action("drop_prone", "ogre") if len(asked) == 1 else None

        scene.ctl.autoplayer = AutoPlayer(next_action, threaded=False)
        end_turn(app)  # red ends its turn; blue is the computer's: no hand-over
        assert isinstance(app.scene, BattleScene)
        scene.update(0.01)
        assert asked == []  # paced: nothing before the delay
        scene.update(AI_DELAY)
        assert app.session.match.situation().creatures["ogre"].prone
        scene.update(AI_DELAY)  # the hook has nothing more: the computer ends its turn
        assert app.session.match.active_side == "red" and app.session.match.round == 2
    finally:
        app.close()


def test_redrawing_only_the_pointer_overlays_leaves_no_trails(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    squares = list(scene.ctl.forecast.reach)
    for sq in (squares[0], squares[-1], squares[len(squares) // 2]):
        hover(pf1_app, scene.view.square_center(sq))
    pf1_app.step()
    assert scene.frame.rebuilt == []  # a still pointer rebuilds nothing
    partial = pf1_app.screen.copy()
    scene.frame.full = True
    pf1_app.step()
    full = pf1_app.screen
    diff = [
        (x, y)
        for x in range(0, full.get_width(), 2)
        for y in range(0, full.get_height(), 2)
        if partial.get_at((x, y)) != full.get_at((x, y))
    ]
    assert diff == []


def test_f11_toggles_full_screen_and_back(pf1_app: App) -> None:
    key(pf1_app, pygame.K_F11)
    assert pf1_app.fullscreen
    key(pf1_app, pygame.K_F11)
    assert not pf1_app.fullscreen and pf1_app.screen.get_size() == (1280, 800)
    assert battle(pf1_app).panel is not None and battle(pf1_app).panel.rect.right == 1280


def test_the_log_scrolls_with_the_wheel(pf1_app: App) -> None:
    scene = battle(pf1_app)
    for _ in range(4):
        end_turn(pf1_app)
        start_turn(pf1_app)
    assert len(pf1_app.session.match.log) == 4
    assert scene.panel is not None
    scene.mouse = scene.panel.log_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    pf1_app.step()
    assert scene.panel.log_scroll == 2


def test_a_full_log_reads_to_its_top_with_no_empty_band(pf1_app: App) -> None:
    """When the entries overflow the box, the oldest one shown is cut at the box's top rather than left out:
    text reaches the top edge, and pointing there still explains that entry's rules."""
    scene = battle(pf1_app)
    for _ in range(30):
        end_turn(pf1_app)
        start_turn(pf1_app)
    pf1_app.step()
    assert scene.panel is not None
    area, hits = scene.panel.log_rect, scene.panel.log_hits
    assert sum(hit.height for hit, _ in hits) >= area.height - 10  # the box is full
    top = min(hits, key=lambda h: h[0].top)[0]
    assert top.top <= area.top + 2 and area.contains(top)
    colours = {
        tuple(pf1_app.screen.get_at((x, y)))[:3]
        for x in range(area.x, area.right, 2)
        for y in range(area.y + 2, top.bottom)
    }
    assert len(colours) > 2  # text drawn in the top entry's visible part


def test_the_level_menu_lists_levels_and_opens_one(pf1_app: App, tmp_path: Path) -> None:
    from game.ui.scenes.menu import MenuScene

    (tmp_path / "broken.toml").write_text("format = 1\n", encoding="utf-8")
    menu = MenuScene(battle(pf1_app), folder=tmp_path)
    pf1_app.switch(menu)
    pf1_app.step()
    names = [e.title for e in menu.entries]
    assert "UI test field" in names and "broken.toml" in names
    assert not next(e for e in menu.entries if e.title == "broken.toml").ok
    menu.index = names.index("UI test field")
    key(pf1_app, pygame.K_RETURN)
    assert isinstance(pf1_app.scene, BattleScene)
    assert pf1_app.session.level is not None and pf1_app.session.level.name == "UI test field"


def test_l_opens_the_menu_and_escape_returns_to_the_battle(pf1_app: App) -> None:
    from game.ui.scenes.menu import MenuScene

    scene = battle(pf1_app)
    key(pf1_app, pygame.K_l)
    assert isinstance(pf1_app.scene, MenuScene)
    key(pf1_app, pygame.K_ESCAPE)
    assert pf1_app.scene is scene


def test_hovering_a_log_entry_explains_its_rules_from_the_catalogue(pf1_app: App) -> None:
    from game.text.catalog import rule_text
    from game.ui.panel import rules_text

    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None and scene.panel is not None
    click(pf1_app, scene.view.square_center(next(iter(scene.ctl.forecast.reach))))
    rect, rules = scene.panel.log_hits[0]
    assert rules == pf1_app.session.match.log[-1].rules
    before = pf1_app.screen.copy()
    hover(pf1_app, rect.center)
    text = rules_text(rules)
    assert rule_text(rules[0]).title in text
    # the tooltip box (the last overlay drawn) opens left of the pointer, over what was there before
    box = scene.frame.overlay_rects[-1]
    assert box.right <= rect.centerx
    assert pf1_app.screen.get_at((box.x, box.centery)) == (*theme.ACCENT, 255)
    assert before.get_at((box.x, box.centery)) != pf1_app.screen.get_at((box.x, box.centery))


def test_middle_drag_pans_a_zoomed_board(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    scene.view.zoom(4, scene.view.rect.center)
    assert scene.view.pixel_size[0] > scene.view.rect.width  # now larger than the view: it can pan
    start = scene.view.origin
    centre = scene.view.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] + 40, centre[1]), rel=(40, 0), buttons=(0, 1, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(centre[0] + 40, centre[1]), button=2))
    pf1_app.step()
    assert scene.view.origin[0] == min(scene.view.rect.x, start[0] + 40)
    assert pf1_app.session.match.history == []  # looking around changes nothing in the match


def test_defeating_the_last_enemy_shows_the_victory_screen(tmp_path: Path) -> None:
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]\nhp = 1\ndefense = 1")
    text = text.replace("at = [1, 2]\nspeed = 9", 'at = [1, 2]\nspeed = 9\nattack = 40\ndamage = "5"')
    level = tmp_path / "duel.toml"
    level.write_text(text, encoding="utf-8")
    app = open_app(level)
    try:
        click_unit(app, "hero")
        key(app, pygame.K_a)
        assert battle(app).ctl.armed == "attack"
        click_unit(app, "ogre")  # the forecast
        assert not app.session.match.history
        click_unit(app, "ogre")  # the confirming second click
        assert app.session.match.finished and app.session.match.winner == "red"
        assert isinstance(app.scene, VictoryScene)
        assert app.scene.winner_name == "Red"
        app.step()
        key(app, pygame.K_r)  # replay
        leave_unsaved(app)  # the match's replay is unsaved: the game asks first
        assert isinstance(app.scene, BattleScene) and not app.session.match.finished
    finally:
        app.close()


def test_in_initiative_order_the_unit_to_act_is_selected_for_its_player(tmp_path: Path) -> None:
    level = tmp_path / "init.toml"
    level.write_text(
        FIELD.format(ruleset="dnd5e").replace('ruleset = "dnd5e"', 'ruleset = "dnd5e"\nturns = "initiative"')
    )
    app = open_app(level)
    try:
        scene = battle(app)
        first = app.session.match.active_unit
        assert first is not None and scene.ctl.selected == first
        assert scene.ctl.actors == frozenset({first})
        end_turn(app)
        assert isinstance(app.scene, HandOverScene)  # the other side's unit is next: hide the board
        start_turn(app)
        assert scene.ctl.selected == app.session.match.active_unit != first
    finally:
        app.close()


def leave_unsaved(app: App) -> None:
    """Answer "Leave this match?" by leaving without saving (the question an unsaved replay asks first)."""
    from game.text.i18n import t
    from game.ui.scenes.dialog import DialogScene

    assert isinstance(app.scene, DialogScene)
    click(app, next(b for b in app.scene.buttons if b.label == t("pause.leave_anyway")).rect.center)
