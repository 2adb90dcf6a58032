"""The game window, headless: selecting, reach shading, path preview, moving, hand-over, undo, errors."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import theme
from game.ui.app import App
from game.ui.autoplay import AI_DELAY, AutoPlayer
from game.ui.options import AppOptions, parse_size
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.message import MessageScene
from game.ui.scenes.victory import VictoryScene
from rules.actions import Action
from rules.core import Illegal

FIELD = """\
format = 1
name = "UI test field"
ruleset = "{ruleset}"
[map]
tiles = '''
##########
#........#
#..,,....#
#........#
#...%....#
##########
'''
[[sides]]
id = "red"
name = "Red"
color = "#b03a2e"
[[sides]]
id = "blue"
name = "Blue"
color = "#2e6eb0"
[[units]]
id = "hero"
name = "Hero"
side = "red"
at = [1, 2]
speed = 9
[[units]]
id = "ogre"
name = "Ogre"
side = "blue"
at = [6, 2]
speed = 9
"""


def write_level(tmp_path: Path, ruleset: str = "pf1") -> Path:
    """A small two-unit level in the INTERFACE.md §1 format."""
    path = tmp_path / f"field_{ruleset}.toml"
    path.write_text(FIELD.format(ruleset=ruleset), encoding="utf-8")
    return path


def open_app(level: Path | str | None, size: str = "1280x800") -> App:
    """A headless window on `level` after one drawn frame."""
    app = App(AppOptions(level=str(level) if level else None, size=parse_size(size)))
    app.step()
    return app


@pytest.fixture
def pf1_app(tmp_path: Path) -> Iterator[App]:
    app = open_app(write_level(tmp_path, "pf1"))
    yield app
    app.close()


@pytest.fixture
def dnd_app(tmp_path: Path) -> Iterator[App]:
    app = open_app(write_level(tmp_path, "dnd5e"))
    yield app
    app.close()


def battle(app: App) -> BattleScene:
    assert isinstance(app.scene, BattleScene)
    return app.scene


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Post a click and run one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def end_turn(app: App) -> None:
    """E, then "End the turn" when the game asks because units have done nothing yet."""
    key(app, pygame.K_e)
    if isinstance(app.scene, DialogScene):
        click(app, app.scene.buttons[0].rect.center)


def start_turn(app: App) -> None:
    """The hand-over's start button (the only thing that continues it)."""
    assert isinstance(app.scene, HandOverScene) and app.scene.button is not None
    click(app, app.scene.button.rect.center)


def click_unit(app: App, unit: str) -> None:
    scene = battle(app)
    assert scene.view is not None
    click(app, scene.view.square_center(scene.situation().creatures[unit].at))


def sample(app: App, sq: tuple[int, int]) -> tuple[int, int, int]:
    """The screen colour near a square's top-left corner (clear of any round token)."""
    view = battle(app).view
    assert view is not None
    rect = view.square_rect(sq)
    return tuple(app.screen.get_at((rect.x + max(2, rect.width // 8), rect.y + max(2, rect.height // 8))))[:3]


def test_clicking_a_unit_shades_its_reach_and_the_screenshot_shows_it(pf1_app: App, tmp_path: Path) -> None:
    scene = battle(pf1_app)
    before = {sq: sample(pf1_app, sq) for sq in [(2, 2), (1, 1), (2, 3)]}
    click_unit(pf1_app, "hero")
    shot = tmp_path / "selected.png"
    pygame.image.save(pf1_app.screen, str(shot))
    assert scene.selected == "hero"
    saved = pygame.image.load(str(shot))
    assert saved.get_size() == (1280, 800)
    view = scene.view
    assert view is not None
    changed = []
    for sq, colour in before.items():
        rect = view.square_rect(sq)
        pixel = tuple(saved.get_at((rect.x + rect.width // 8, rect.y + rect.height // 8)))[:3]
        changed.append(pixel != colour)
    assert all(changed), "the squares around the selected unit should be shaded"


def test_shaded_squares_are_exactly_the_squares_reach_returns(pf1_app: App) -> None:
    scene = battle(pf1_app)
    board = scene.situation().board
    plain = {(x, y): sample(pf1_app, (x, y)) for x in range(board.width) for y in range(board.height)}
    click_unit(pf1_app, "hero")
    shaded = {sq for sq, colour in plain.items() if sample(pf1_app, sq) != colour}
    expected = {r.at for r in pf1_app.match.ruleset.reachable(pf1_app.match.situation(), "hero")}
    assert expected, "the hero can reach squares"
    assert shaded == expected
    # and each band gets its own colour
    for r in pf1_app.match.ruleset.reachable(pf1_app.match.situation(), "hero"):
        tinted = theme.blend(plain[r.at], theme.band_color(r.band), theme.OVERLAY_ALPHA)
        assert max(abs(a - b) for a, b in zip(sample(pf1_app, r.at), tinted, strict=True)) <= 3


def test_hover_previews_the_path_with_the_cost_measure_gives(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    match = pf1_app.match
    sit = match.situation()
    assert scene.forecast is not None and scene.view is not None
    for target, entry in scene.forecast.reach.items():
        hover(pf1_app, scene.view.square_center(target))
        assert scene.preview is not None and scene.preview.to == target
        measured = match.ruleset.measure(sit, "hero", entry.path)
        assert scene.preview.result == measured
        assert scene.preview.cost_m == measured.cost_m
        assert f"{measured.cost_m:g} m" in scene.preview.label()
        provoking = tuple(s.to for s in measured.steps if any(e.kind == "provokes" for e in s.events))
        assert scene.preview.provoking == provoking


def test_provoking_steps_get_a_red_warning_marker(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    sit = pf1_app.match.situation()
    provoking = None
    for target in scene.forecast.reach:
        preview = scene.forecast.preview(pf1_app.match.ruleset, sit, target)
        if preview is not None and preview.provoking:
            provoking = preview
            break
    assert provoking is not None, "a path past the ogre provokes"
    hover(pf1_app, scene.view.square_center(provoking.to))
    sq = provoking.provoking[0]
    cx, cy = scene.view.square_center(sq)
    r = max(7, scene.view.cell // 5)
    # the left half of the red disc (its centre holds the white "!")
    assert tuple(pf1_app.screen.get_at((cx + r - r * 2 // 3, cy - r)))[:3] == theme.WARNING


def test_clicking_a_reachable_square_moves_the_unit(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    target, entry = next((sq, r) for sq, r in scene.forecast.reach.items() if r.band == "move" and len(r.path) >= 2)
    click(pf1_app, scene.view.square_center(target))
    assert pf1_app.match.situation().creatures["hero"].at == target
    record = pf1_app.match.history[-1]
    assert record.action.kind == "move" and record.action.path == tuple(entry.path)
    assert not isinstance(record.result, Illegal)
    assert any("move" in e.text for e in pf1_app.match.log)


def test_a_double_move_square_performs_a_double_move(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.forecast.reach.items() if r.band == "double_move")
    click(pf1_app, scene.view.square_center(target))
    assert pf1_app.match.history[-1].action.kind == "double_move"
    assert pf1_app.match.situation().creatures["hero"].at == target


def test_a_dash_square_in_dnd5e_is_one_dash_action_carrying_the_path(dnd_app: App) -> None:
    scene = battle(dnd_app)
    click_unit(dnd_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.forecast.reach.items() if r.band == "dash")
    click(dnd_app, scene.view.square_center(target))
    # one dash for UI and AI alike (D5-DASH): the action that pays for the path carries it
    (record,) = dnd_app.match.history
    assert record.action.kind == "dash" and record.action.path[-1] == target and record.result.ok
    assert "GB-5E-DASH" in record.result.rules
    assert dnd_app.match.situation().creatures["hero"].at == target


def test_end_turn_hides_the_board_behind_the_hand_over_screen(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    board_rect = scene.view.square_rect((0, 0), (10, 6))
    end_turn(pf1_app)
    assert isinstance(pf1_app.scene, HandOverScene)
    assert pf1_app.match.active_side == "blue"
    # the hand-over background covers every corner of where the board was
    for x, y in (board_rect.topleft, (board_rect.right - 1, board_rect.top), board_rect.bottomleft):
        assert tuple(pf1_app.screen.get_at((x, y)))[:3] == theme.HANDOVER_BACKGROUND
    start_turn(pf1_app)
    assert pf1_app.scene is scene
    assert scene.actors == frozenset({"ogre"})


def test_enter_does_not_end_the_turn(pf1_app: App) -> None:
    """#15 defect 2: one Enter at the start of a turn passed it with every unit unused."""
    key(pf1_app, pygame.K_RETURN)
    key(pf1_app, pygame.K_KP_ENTER)
    assert pf1_app.match.round == 1 and pf1_app.match.active_side == "red"
    assert pf1_app.match.history == []


def test_undo_key_takes_the_move_back(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    target = next(iter(scene.forecast.reach))
    click(pf1_app, scene.view.square_center(target))
    assert pf1_app.match.situation().creatures["hero"].at == target
    key(pf1_app, pygame.K_z, pygame.KMOD_LCTRL)
    assert pf1_app.match.situation().creatures["hero"].at == (1, 2)
    assert pf1_app.match.history == []


def test_right_click_and_escape_deselect_and_escape_then_pauses(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    click(pf1_app, (5, 5), button=3)
    assert scene.selected is None and scene.forecast is None
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_ESCAPE)
    assert scene.selected is None and pf1_app.running
    key(pf1_app, pygame.K_ESCAPE)
    assert pf1_app.running and isinstance(pf1_app.scene, DialogScene)  # the pause menu, never a quit


def test_an_enemy_cannot_be_selected_out_of_turn(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "ogre")
    assert scene.selected is None
    assert "cannot act" in scene.toast


def test_action_bar_button_drops_prone_and_disabled_buttons_explain(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.panel is not None
    buttons = {b.intent: b for b in scene.panel.buttons}
    stand = buttons["action:stand_up"]
    assert not stand.enabled and stand.tooltip  # the refusal's message is the tooltip
    hover(pf1_app, stand.rect.center)
    history_before = len(pf1_app.match.history)
    click(pf1_app, stand.rect.center)
    assert len(pf1_app.match.history) == history_before
    click(pf1_app, buttons["action:drop_prone"].rect.center)
    assert pf1_app.match.history[-1].action.kind == "drop_prone"
    assert pf1_app.match.situation().creatures["hero"].prone


def test_log_lists_actions_with_rule_ids(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    click(pf1_app, scene.view.square_center(next(iter(scene.forecast.reach))))
    entry = pf1_app.match.log[0]
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
    for _ in range(5):
        pf1_app.step()
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    for sq in list(scene.forecast.reach)[:5]:
        hover(pf1_app, scene.view.square_center(sq))
    assert scene.renderer.terrain.paints == 1
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
    key(pf1_app, pygame.K_LEFT)
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
    assert scene.forecast is not None and scene.view is not None
    click(pf1_app, scene.view.square_center(next(iter(scene.forecast.reach))))
    pf1_app.show_victory(scene)
    pf1_app.step()
    victory = pf1_app.scene
    assert isinstance(victory, VictoryScene)
    replay = next(b for b in victory.buttons if b.intent == "replay")
    click(pf1_app, replay.rect.center)
    assert isinstance(pf1_app.scene, BattleScene) and pf1_app.scene is not scene
    assert pf1_app.match.history == []
    assert pf1_app.match.situation().creatures["hero"].at == (1, 2)


def test_hexxen_click_on_an_engageable_enemy_attacks_it(tmp_path: Path) -> None:
    level = tmp_path / "hx.toml"
    level.write_text(
        FIELD.format(ruleset="hexxen").replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n'), encoding="utf-8"
    )
    app = open_app(level)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        assert scene.forecast is not None and "ogre" in scene.forecast.engage
        assert not scene.forecast.reach  # hexxen has no free movement: only engagements
        key(app, pygame.K_2)
        assert scene.tactic == "relieve"
        click_unit(app, "ogre")
        action = app.match.history[-1].action
        assert (action.kind, action.unit, action.target, action.tactic) == ("attack", "hero", "ogre", "relieve")
    finally:
        app.close()


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
            asked.append(app.match.active_side)
            return Action("drop_prone", "ogre") if len(asked) == 1 else None

        scene.autoplayer = AutoPlayer(next_action, threaded=False)
        end_turn(app)  # red ends its turn; blue is the computer's: no hand-over
        assert isinstance(app.scene, BattleScene)
        scene.update(0.01)
        assert asked == []  # paced: nothing before the delay
        scene.update(AI_DELAY)
        assert app.match.situation().creatures["ogre"].prone
        scene.update(AI_DELAY)  # the hook has nothing more: the computer ends its turn
        assert app.match.active_side == "red" and app.match.round == 2
    finally:
        app.close()


def test_redrawing_only_the_pointer_overlays_leaves_no_trails(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None
    squares = list(scene.forecast.reach)
    for sq in (squares[0], squares[-1], squares[len(squares) // 2]):
        hover(pf1_app, scene.view.square_center(sq))
    built = scene.frame.builds
    pf1_app.step()
    assert scene.frame.builds == built  # a still pointer rebuilds nothing
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


def test_step_key_arms_the_step_and_a_click_on_a_neighbour_takes_it(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_s)
    assert scene.armed == "step"
    assert scene.view is not None
    click(pf1_app, scene.view.square_center((2, 2)))
    record = pf1_app.match.history[-1]
    assert (record.action.kind, record.action.path) == ("step", ((2, 2),))
    assert pf1_app.match.situation().creatures["hero"].at == (2, 2)
    assert scene.armed is None


def test_escape_disarms_before_it_deselects(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_c)
    assert scene.armed == "charge"
    key(pf1_app, pygame.K_ESCAPE)
    assert scene.armed is None and scene.selected == "hero"


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
    assert len(pf1_app.match.log) == 4
    assert scene.panel is not None
    scene.mouse = scene.panel.log_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    pf1_app.step()
    assert scene.panel.log_scroll == 2


def test_the_real_ai_plays_its_turn_in_a_worker_while_the_window_keeps_drawing(tmp_path: Path) -> None:
    level = tmp_path / "ai.toml"
    level.write_text(
        FIELD.format(ruleset="pf1").replace('name = "Blue"\n', 'name = "Blue"\ncontroller = "ai"\n'), encoding="utf-8"
    )
    app = open_app(level)
    try:
        scene = battle(app)
        if scene.autoplayer.hook is None:
            pytest.skip("no game.ai in this checkout")
        end_turn(app)
        assert scene.actors == frozenset()  # the computer's units are not the player's to move
        frames = 0
        while app.match.active_side == "blue" and frames < 2000:
            if scene.autoplayer.busy:
                key(app, pygame.K_u)  # refused while the computer thinks: undo would pull the match from under it
            app.step(AI_DELAY)
            frames += 1
        assert app.match.active_side == "red"
        kinds = [r.action.kind for r in app.match.history]
        assert kinds[0] == "end_turn" and kinds[-1] == "end_turn"
        assert all(r.action.unit in (None, "ogre") for r in app.match.history)
    finally:
        app.close()


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
    assert pf1_app.level is not None and pf1_app.level.name == "UI test field"


def test_l_opens_the_menu_and_escape_returns_to_the_battle(pf1_app: App) -> None:
    from game.ui.scenes.menu import MenuScene

    scene = battle(pf1_app)
    key(pf1_app, pygame.K_l)
    assert isinstance(pf1_app.scene, MenuScene)
    key(pf1_app, pygame.K_ESCAPE)
    assert pf1_app.scene is scene


def test_hovering_a_log_entry_explains_its_rules_from_the_catalogue(pf1_app: App) -> None:
    from game.catalog import rule_text
    from game.ui.panel import rules_text

    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.forecast is not None and scene.view is not None and scene.panel is not None
    click(pf1_app, scene.view.square_center(next(iter(scene.forecast.reach))))
    rect, rules = scene.panel.log_hits[0]
    assert rules == pf1_app.match.log[-1].rules
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
    assert pf1_app.match.history == []  # looking around changes nothing in the match


def test_defeating_the_last_enemy_shows_the_victory_screen(tmp_path: Path) -> None:
    text = FIELD.format(ruleset="pf1").replace("at = [6, 2]", "at = [2, 2]\nhp = 1\ndefense = 1")
    text = text.replace("at = [1, 2]\nspeed = 9", 'at = [1, 2]\nspeed = 9\nattack = 40\ndamage = "5"')
    level = tmp_path / "duel.toml"
    level.write_text(text, encoding="utf-8")
    app = open_app(level)
    try:
        click_unit(app, "hero")
        key(app, pygame.K_a)
        assert battle(app).armed == "attack"
        click_unit(app, "ogre")  # the forecast
        assert not app.match.history
        click_unit(app, "ogre")  # the confirming second click
        assert app.match.finished and app.match.winner == "red"
        assert isinstance(app.scene, VictoryScene)
        assert app.scene.winner_name == "Red"
        app.step()
        key(app, pygame.K_r)  # replay
        assert isinstance(app.scene, BattleScene) and not app.match.finished
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
        first = app.match.active_unit
        assert first is not None and scene.selected == first
        assert scene.actors == frozenset({first})
        end_turn(app)
        assert isinstance(app.scene, HandOverScene)  # the other side's unit is next: hide the board
        start_turn(app)
        assert scene.selected == app.match.active_unit != first
    finally:
        app.close()


def test_charge_takes_the_enemy_then_the_square_and_sends_a_straight_path(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_c)
    click_unit(pf1_app, "ogre")
    assert (scene.armed, scene.armed_target) == ("charge", "ogre")
    hover(pf1_app, scene.view.square_center((5, 3)))  # the planned line is drawn while choosing
    click(pf1_app, scene.view.square_center((5, 3)))
    action = pf1_app.match.history[-1].action
    assert (action.kind, action.target) == ("charge", "ogre")
    assert action.path == ((2, 2), (3, 3), (4, 3), (5, 3))
    assert scene.armed is None and scene.armed_target is None


def test_overrun_sends_a_path_through_the_enemy(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_o)
    assert scene.armed == "overrun"
    click_unit(pf1_app, "ogre")
    action = scene.ctl._armed_action((7, 2))
    assert action is not None and (action.kind, action.through, action.target) == ("overrun", "ogre", None)
    assert (6, 2) in action.path and action.path[-1] == (7, 2)
    refused = pf1_app.match.ruleset.rule(pf1_app.match.situation(), action, random.Random(0))
    click(pf1_app, scene.view.square_center((7, 2)))
    # a refused end is not sent: the match stays as it was and the message says why
    assert not refused.ok and pf1_app.match.history == [] and refused.rule in scene.toast
