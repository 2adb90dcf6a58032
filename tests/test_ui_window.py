"""The game window, headless: selecting, reach shading, path preview, moving, the action bar and armed actions."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame

from game.text.i18n import t
from game.ui import theme
from game.ui.app import App
from game.ui.scenes.dialog import DialogScene
from rules.core import Illegal
from tests.ui_helpers import (
    FIELD,
    battle,
    click,
    click_unit,
    hover,
    key,
    open_app,
    sample,
)


def test_clicking_a_unit_shades_its_reach_and_the_screenshot_shows_it(pf1_app: App, tmp_path: Path) -> None:
    scene = battle(pf1_app)
    before = {sq: sample(pf1_app, sq) for sq in [(2, 2), (1, 1), (2, 3)]}
    click_unit(pf1_app, "hero")
    shot = tmp_path / "selected.png"
    pygame.image.save(pf1_app.screen, str(shot))
    assert scene.ctl.selected == "hero"
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
    board = scene.ctl.situation().board
    plain = {(x, y): sample(pf1_app, (x, y)) for x in range(board.width) for y in range(board.height)}
    click_unit(pf1_app, "hero")
    changed = {sq for sq, colour in plain.items() if sample(pf1_app, sq) != colour}
    expected = {r.at for r in pf1_app.session.match.ruleset.reachable(pf1_app.session.match.situation(), "hero")}
    assert expected, "the hero can reach squares"
    # the enemy the hero can attack this turn is ringed, not shaded
    sit = scene.ctl.situation()
    ringed = {sq for uid in scene.ctl.targets() for sq in sit.creatures[uid].footprint()}
    assert scene.ctl.targets() == frozenset({"ogre"}) and ringed <= changed
    shaded = changed - ringed
    assert shaded == expected
    # and each band gets its own colour
    for r in pf1_app.session.match.ruleset.reachable(pf1_app.session.match.situation(), "hero"):
        tinted = theme.blend(plain[r.at], theme.band_color(r.band), theme.OVERLAY_ALPHA)
        assert max(abs(a - b) for a, b in zip(sample(pf1_app, r.at), tinted, strict=True)) <= 3


def test_hover_previews_the_path_with_the_cost_measure_gives(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    match = pf1_app.session.match
    sit = match.situation()
    assert scene.ctl.forecast is not None and scene.view is not None
    for target, entry in scene.ctl.forecast.reach.items():
        hover(pf1_app, scene.view.square_center(target))
        assert scene.ctl.preview is not None and scene.ctl.preview.to == target
        measured = match.ruleset.measure(sit, "hero", entry.path)
        assert scene.ctl.preview.result == measured
        assert scene.ctl.preview.cost_m == measured.cost_m
        assert f"{measured.cost_m:g} m" in scene.ctl.preview.label()
        provoking = tuple(s.to for s in measured.steps if any(e.kind == "provokes" for e in s.events))
        assert scene.ctl.preview.provoking == provoking


def test_provoking_steps_get_a_red_warning_marker(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    sit = pf1_app.session.match.situation()
    provoking = None
    for target in scene.ctl.forecast.reach:
        preview = scene.ctl.forecast.preview(pf1_app.session.match.ruleset, sit, target)
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
    assert scene.ctl.forecast is not None and scene.view is not None
    target, entry = next((sq, r) for sq, r in scene.ctl.forecast.reach.items() if r.band == "move" and len(r.path) >= 2)
    click(pf1_app, scene.view.square_center(target))
    assert pf1_app.session.match.situation().creatures["hero"].at == target
    record = pf1_app.session.match.history[-1]
    assert record.action.kind == "move" and record.action.path == tuple(entry.path)
    assert not isinstance(record.result, Illegal)
    assert any("move" in e.text for e in pf1_app.session.match.log)


def test_a_double_move_square_performs_a_double_move(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.ctl.forecast.reach.items() if r.band == "double_move")
    click(pf1_app, scene.view.square_center(target))
    assert pf1_app.session.match.history[-1].action.kind == "double_move"
    assert pf1_app.session.match.situation().creatures["hero"].at == target


def test_a_dash_square_in_dnd5e_is_one_dash_action_carrying_the_path(dnd_app: App) -> None:
    scene = battle(dnd_app)
    click_unit(dnd_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    target = next(sq for sq, r in scene.ctl.forecast.reach.items() if r.band == "dash")
    click(dnd_app, scene.view.square_center(target))
    # one dash for UI and AI alike (D5-DASH): the action that pays for the path carries it
    (record,) = dnd_app.session.match.history
    assert record.action.kind == "dash" and record.action.path[-1] == target and record.result.ok
    assert "GB-5E-DASH" in record.result.rules
    assert dnd_app.session.match.situation().creatures["hero"].at == target


def test_undo_key_takes_the_move_back(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.ctl.forecast is not None and scene.view is not None
    target = next(iter(scene.ctl.forecast.reach))
    click(pf1_app, scene.view.square_center(target))
    assert pf1_app.session.match.situation().creatures["hero"].at == target
    key(pf1_app, pygame.K_z, pygame.KMOD_LCTRL)
    assert pf1_app.session.match.situation().creatures["hero"].at == (1, 2)
    assert pf1_app.session.match.history == []


def test_right_click_and_escape_deselect_and_escape_then_pauses(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    click(pf1_app, (5, 5), button=3)
    assert scene.ctl.selected is None and scene.ctl.forecast is None
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_ESCAPE)
    assert scene.ctl.selected is None and pf1_app.running
    key(pf1_app, pygame.K_ESCAPE)
    assert pf1_app.running and isinstance(pf1_app.scene, DialogScene)  # the pause menu, never a quit


def test_an_enemy_cannot_be_selected_out_of_turn_a_click_shows_its_next_turn(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "ogre")
    assert scene.ctl.selected is None
    assert scene.ctl.toast == t("danger.inspect", enemy=scene.ctl.name_of("ogre")) and scene.ctl.toast_tone == "info"


def test_action_bar_button_drops_prone_and_disabled_buttons_explain(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    assert scene.panel is not None
    buttons = {b.intent: b for b in scene.panel.buttons}
    stand = buttons["action:stand_up"]
    assert not stand.enabled and stand.tooltip  # the refusal's message is the tooltip
    hover(pf1_app, stand.rect.center)
    history_before = len(pf1_app.session.match.history)
    click(pf1_app, stand.rect.center)
    assert len(pf1_app.session.match.history) == history_before
    click(pf1_app, buttons["action:drop_prone"].rect.center)
    assert pf1_app.session.match.history[-1].action.kind == "drop_prone"
    assert pf1_app.session.match.situation().creatures["hero"].prone


def test_hexxen_click_on_an_engageable_enemy_then_the_confirming_click_attacks_it(tmp_path: Path) -> None:
    level = tmp_path / "hx.toml"
    level.write_text(
        FIELD.format(ruleset="hexxen").replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n'), encoding="utf-8"
    )
    app = open_app(level)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        assert scene.ctl.forecast is not None and "ogre" in scene.ctl.forecast.engage
        assert not scene.ctl.forecast.reach  # hexxen has no free movement: only engagements
        key(app, pygame.K_2)
        assert scene.ctl.tactic == "relieve"
        click_unit(app, "ogre")  # nobody is bound to the ogre: rule() refuses the relief before anything happens
        assert scene.ctl.armed is None and not app.session.match.history and "HX-RELIEF" in scene.ctl.toast
        key(app, pygame.K_1)
        assert scene.ctl.tactic == "front"
        click_unit(app, "ogre")  # the forecast (the same attack flow as pf1 and dnd5e)
        assert scene.ctl.armed == "attack" and not app.session.match.history
        click_unit(app, "ogre")  # the confirming click
        record = app.session.match.history[-1]
        action = record.action
        assert (action.kind, action.unit, action.target, action.tactic) == ("attack", "hero", "ogre", "front")
        assert record.result.ok
    finally:
        app.close()


def test_step_key_arms_the_step_and_a_click_on_a_neighbour_takes_it(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_s)
    assert scene.ctl.armed == "step"
    assert scene.view is not None
    click(pf1_app, scene.view.square_center((2, 2)))
    record = pf1_app.session.match.history[-1]
    assert (record.action.kind, record.action.path) == ("step", ((2, 2),))
    assert pf1_app.session.match.situation().creatures["hero"].at == (2, 2)
    assert scene.ctl.armed is None


def test_escape_disarms_before_it_deselects(pf1_app: App) -> None:
    scene = battle(pf1_app)
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_c)
    assert scene.ctl.armed == "charge"
    key(pf1_app, pygame.K_ESCAPE)
    assert scene.ctl.armed is None and scene.ctl.selected == "hero"


def test_charge_at_an_enemy_behind_difficult_ground_is_refused_at_the_first_click(pf1_app: App) -> None:
    """PF1-CHARGE (2026-12-06): the charge this test once sent, (2,2) (3,3) (4,3) (5,3), left the straight line;
    every line from (1,2) to a closest square by the ogre crosses the difficult (3,2), so the click on the ogre
    says why (PF1-DIFFICULT-NORUN) and nothing is performed. tests/test_ui_charge.py plays a charge through."""
    scene = battle(pf1_app)
    assert scene.view is not None
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_c)
    click_unit(pf1_app, "ogre")
    assert (scene.ctl.armed, scene.ctl.armed_target) == ("charge", None)
    assert "PF1-DIFFICULT-NORUN" in scene.ctl.toast and "[3, 2]" in scene.ctl.toast
    assert pf1_app.session.match.history == []


def test_overrun_sends_a_path_through_the_enemy(pf1_app: App) -> None:
    scene = battle(pf1_app)
    assert scene.view is not None
    click_unit(pf1_app, "hero")
    key(pf1_app, pygame.K_o)
    assert scene.ctl.armed == "overrun"
    click_unit(pf1_app, "ogre")
    action = scene.ctl.look.armed_action((7, 2))
    assert action is not None and (action.kind, action.through, action.target) == ("overrun", "ogre", None)
    assert (6, 2) in action.path and action.path[-1] == (7, 2)
    refused = pf1_app.session.match.ruleset.rule(pf1_app.session.match.situation(), action, random.Random(0))
    click(pf1_app, scene.view.square_center((7, 2)))
    # a refused end is not sent: the match stays as it was and the message says why
    assert not refused.ok and pf1_app.session.match.history == [] and refused.rule in scene.ctl.toast
