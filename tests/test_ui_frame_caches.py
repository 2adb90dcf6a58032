"""The battle screen's picture caches never show an old state.

A click repaints only what changed: the board around the old and new shading, the panel sections
whose content moved (the card, not the header or the log), the hover card from its laid-out text.
The oracle for every test is a repaint from nothing: every picture cache of the scene dropped
(frame, terrain layer, panel sections, hover cards) and the whole window drawn anew. After a
selection, a hover, a move, a door opening, a zoom or pan, a theme or language switch and a window
resize, the window that was updated by parts must hold exactly those pixels.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

import game.ui.overlays as overlays
from game.ui import aligned
from game.ui.app import App
from game.ui.panel import SidePanel
from game.ui.terrain import TerrainCache
from rules.actions import Action
from rules.core import edge_key
from tests.counting import counted
from tests.ui_helpers import FIELD, battle, click, click_unit, hover, key, open_app

LEVEL = (
    FIELD.format(ruleset="pf1")
    .replace(
        "[[sides]]",
        '[[map.edges]]\na = [2, 3]\nb = [2, 4]\nkind = "door"\nopen = false\n\n[[sides]]',
        1,
    )
    .replace(
        '[[units]]\nid = "ogre"',
        '[[units]]\nid = "scout"\nname = "Scout"\nside = "red"\nat = [1, 1]\nspeed = 9\n\n[[units]]\nid = "ogre"',
    )
)
"""The test field with a second red unit, the scout, like the hero in all it can do, and a closed door."""


def _open(tmp_path: Path, size: str = "1280x800") -> App:
    path = tmp_path / "caches.toml"
    path.write_text(LEVEL, encoding="utf-8")
    return open_app(path, size)


def _screen(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def _from_nothing(app: App) -> bytes:
    """The window drawn with every picture cache of the battle scene dropped."""
    scene = battle(app)
    scene.frame.invalidate()
    scene.renderer.terrain = TerrainCache(scene.renderer.terrain.backdrop)
    scene.renderer._tints.clear()  # the reach shading's tiles and the strips stacked from them
    scene.renderer._strips.clear()
    scene.renderer._shaded = None  # the shading's blits kept for the next repaint
    assert scene.panel is not None
    scene.panel.relayout(scene.panel.rect)  # forgets its sections
    overlays._cards.clear()
    app.step()
    return _screen(app)


def _same_as_from_nothing(app: App, what: str) -> bytes:
    shown = _screen(app)
    assert _from_nothing(app) == shown, f"after {what} the window shows an old picture"
    return shown


def _far_square(app: App) -> tuple[int, int]:
    forecast = battle(app).ctl.forecast
    assert forecast is not None and forecast.reach
    return max(forecast.reach.values(), key=lambda r: (r.cost, r.at)).at


def test_selections_and_hovers_show_what_a_repaint_from_nothing_shows(tmp_path: Path) -> None:
    app = _open(tmp_path)
    try:
        scene = battle(app)
        for unit in ("hero", "scout", "hero", "scout"):
            click_unit(app, unit)
            assert scene.ctl.selected == unit
            _same_as_from_nothing(app, f"selecting {unit}")
            hover(app, scene.view.square_center(_far_square(app)))
            assert scene.ctl.preview is not None  # the path and its card are drawn
            _same_as_from_nothing(app, f"hovering a square of {unit}")
    finally:
        app.close()


def test_a_click_repaints_only_the_card_of_the_panel_when_the_buttons_look_the_same(tmp_path: Path) -> None:
    app = _open(tmp_path)
    try:
        scene = battle(app)
        panel = scene.panel
        assert panel is not None
        click_unit(app, "hero")
        paints = counted(panel, "_paint")
        click_unit(app, "scout")
        assert len(paints) == 1
        # the header above and the buttons and log below kept their pixels: only the card's band changed
        buttons_top = min(b.rect.top for b in panel.buttons) - panel.rect.top
        assert panel.dirty.top > 0 and panel.dirty.bottom < buttons_top, (panel.dirty, buttons_top)
        # the buttons were not repainted, yet their tooltips (a refusal names the unit) follow the selection
        tips = " ".join(b.tooltip for b in panel.buttons)
        assert "Scout" in tips and "Hero" not in tips, tips
        _same_as_from_nothing(app, "selecting the other unit")
    finally:
        app.close()


def test_a_move_and_an_undo_show_the_new_state(tmp_path: Path) -> None:
    app = _open(tmp_path)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        before = _screen(app)
        target = (3, 1)
        assert target in scene.ctl.forecast.reach
        hover(app, scene.view.square_center(target))
        click(app, scene.view.square_center(target))
        scene.stage.motion.skip()
        app.step()
        assert scene.ctl.situation().creatures["hero"].at == target
        assert len(scene.match.log) == 1  # the log section shows the move
        moved = _same_as_from_nothing(app, "a move")
        assert moved != before
        key(app, pygame.K_u)
        assert scene.ctl.situation().creatures["hero"].at == (1, 2)
        _same_as_from_nothing(app, "an undo")
    finally:
        app.close()


def test_opening_a_door_repaints_the_terrain_layer(tmp_path: Path) -> None:
    app = _open(tmp_path)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        edge = edge_key((2, 3), (2, 4))
        assert scene.ctl.situation().board.doors[edge] is False
        scene.perform(Action("move", "hero", path=((2, 3),)))
        app.step()
        paints = counted(scene.renderer.terrain, "_paint")
        closed = _screen(app)
        scene.perform(Action("interact", "hero", at=(2, 3), to=(2, 4)))
        app.step()
        assert scene.ctl.situation().board.doors[edge] is True, scene.ctl.toast
        assert len(paints) == 1
        opened = _same_as_from_nothing(app, "opening the door")
        assert opened != closed
    finally:
        app.close()


def test_zoom_pan_theme_language_and_resize_show_the_new_state(tmp_path: Path) -> None:
    app = _open(tmp_path)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        hover(app, scene.view.square_center(_far_square(app)))
        _same_as_from_nothing(app, "a hover")
        cell = scene.view.cell
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        app.step()
        assert scene.view.cell > cell
        _same_as_from_nothing(app, "zooming in")
        origin = scene.view.origin
        key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
        assert scene.view.origin != origin
        _same_as_from_nothing(app, "panning")
        hover(app, scene.view.square_center(_far_square(app)))
        standard = _same_as_from_nothing(app, "a hover after panning")
        app.change_settings(app.settings.changed(theme="high-contrast"))
        app.step()
        contrast = _same_as_from_nothing(app, "switching to high contrast")
        assert contrast != standard
        hover(app, scene.view.square_center(_far_square(app)))
        _same_as_from_nothing(app, "a hover in high contrast")
        app.change_settings(app.settings.changed(language="de"))
        app.step()
        assert any("Zug" in b.label for b in scene.panel.buttons)  # "Zug beenden"
        _same_as_from_nothing(app, "switching to German")
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700))
        app.step()
        assert app.screen.get_size() == (1100, 700)
        _same_as_from_nothing(app, "a smaller window")
        click_unit(app, "scout")
        _same_as_from_nothing(app, "selecting after the resize")
    finally:
        app.close()


def test_the_hover_card_is_laid_out_once_per_text_and_look(tmp_path: Path) -> None:
    app = _open(tmp_path)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        overlays._cards.clear()
        hover(app, scene.view.square_center(_far_square(app)))
        assert len(overlays._cards) == 1
        lines = scene.ctl.look.card_lines()
        first = overlays.card_text(lines, scene.view.rect.width)
        assert overlays.card_text(lines, scene.view.rect.width) is first  # kept
        app.change_settings(app.settings.changed(theme="high-contrast"))
        assert overlays.card_text(lines, scene.view.rect.width) is not first  # the palette changed
    finally:
        app.close()


@pytest.mark.parametrize("seed", range(3))
def test_random_input_never_leaves_an_old_picture(tmp_path: Path, seed: int) -> None:
    """Seeded streams of clicks, hovers, wheel turns, pans, Tab, undo and Esc: every few inputs the window
    must equal a repaint from nothing."""
    rng = random.Random(seed)
    app = _open(tmp_path)
    try:
        scene = battle(app)
        keys = [pygame.K_TAB, pygame.K_u, pygame.K_ESCAPE, pygame.K_HOME, pygame.K_s, pygame.K_v]
        for step in range(60):
            view = scene.view
            roll = rng.random()
            sq = (rng.randrange(view.board_w), rng.randrange(view.board_h))
            pos = view.square_center(sq)
            if roll < 0.35:
                hover(app, pos)
            elif roll < 0.6:
                hover(app, pos)
                click(app, pos)
            elif roll < 0.7:
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False))
                app.step()
            elif roll < 0.8:
                key(app, rng.choice((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)), pygame.KMOD_CTRL)
            else:
                key(app, rng.choice(keys))
            if app.scene is not scene:
                break  # a question or the hand-over took the window
            scene.stage.motion.skip()
            app.step()
            if step % 6 == 5:
                _same_as_from_nothing(app, f"input {step} of seed {seed}")
    finally:
        app.close()


def test_a_click_without_a_motion_first_previews_the_clicked_square_not_the_last_hovered(tmp_path: Path) -> None:
    """A tap (or a synthetic click) lands where the pointer is: the hover card of the square the last motion
    left behind must not stay on screen under the newly selected unit."""
    app = _open(tmp_path)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        far = _far_square(app)
        hover(app, scene.view.square_center(far))
        assert scene.ctl.preview is not None and scene.ctl.preview.to == far
        scout = scene.ctl.situation().creatures["scout"].at
        click(app, scene.view.square_center(scout))  # no motion before it
        assert scene.ctl.selected == "scout"
        assert scene.ctl.hover_sq == scout and scene.ctl.preview is None
        assert scene.ctl.look.card_lines() == []
        _same_as_from_nothing(app, "a click away from the hovered square")
    finally:
        app.close()


def test_a_taller_card_moves_the_sections_below_it_and_a_shorter_one_moves_them_back(tmp_path: Path) -> None:
    """The card of a prone, helpless unit that flies, climbs and swims wraps (in German) onto more lines than the
    room kept for a card: the legend, the buttons and the log below it are repainted lower, then back in place."""
    flyer = (
        '[[units]]\nid = "kite"\nname = "Kite"\nside = "red"\nat = [1, 3]\nspeed = 9\n'
        "fly = 18\nclimb = 6\nswim = 6\nhelpless = true\nprone = true\n\n"
    )
    path = tmp_path / "tall.toml"
    path.write_text(LEVEL.replace('[[units]]\nid = "ogre"', flyer + '[[units]]\nid = "ogre"'), encoding="utf-8")
    app = open_app(path)
    try:
        scene = battle(app)
        app.change_settings(app.settings.changed(language="de"))
        app.step()
        tops = []
        for unit in ("hero", "kite", "hero"):
            click_unit(app, unit)
            assert scene.ctl.selected == unit
            tops.append(min(b.rect.top for b in scene.panel.buttons))
            _same_as_from_nothing(app, f"selecting {unit}")
        assert tops[1] > tops[0] == tops[2]
    finally:
        app.close()


def test_the_shading_blits_are_kept_only_for_the_same_answer_place_size_and_palette(tmp_path: Path) -> None:
    """A whole-window repaint reuses the shading's blits; a new selection, a pan, a zoom or a theme makes them anew
    (each equal to what a fresh computation gives, and shown as a repaint from nothing shows it)."""
    app = _open(tmp_path)
    try:
        scene = battle(app)
        renderer, view = scene.renderer, scene.view

        def shading() -> list[object]:
            forecast = scene.ctl.forecast
            assert forecast is not None
            rows = scene.ctl.situation().board.height
            kept = renderer._shading(forecast, view.cell, view.origin, rows)
            assert kept == renderer._runs(forecast, view.cell, view.origin, rows)
            return kept

        click_unit(app, "hero")
        first = shading()
        scene.frame.invalidate()
        app.step()
        assert shading() is first  # the same answer at the same place: kept
        changes = {
            "selecting the scout": lambda: click_unit(app, "scout"),
            "zooming": lambda: (
                pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)),
                app.step(),
            ),
            "panning": lambda: key(app, pygame.K_RIGHT, pygame.KMOD_CTRL),  # zoomed in: the board can move
            "switching to high contrast": lambda: (
                app.change_settings(app.settings.changed(theme="high-contrast")),
                app.step(),
            ),
        }
        for what, change in changes.items():
            before = shading()
            change()
            after = shading()
            assert after is not before, what
            _same_as_from_nothing(app, what)
    finally:
        app.close()


def test_the_panel_and_terrain_pictures_sit_at_the_window_phase_where_they_land(tmp_path: Path) -> None:
    """The panel's picture and the terrain layer are kept where copying them to the window takes SDL's fast path,
    also after the panel moves (Hebrew puts it on the left) and the board is panned; the pixels stay right."""
    app = _open(tmp_path, "1366x768")
    try:
        scene = battle(app)
        panel, view = scene.panel, scene.view
        assert panel is not None and panel._surface is not None
        frame = scene.frame.surface
        assert frame is not None
        assert aligned.phase_of(panel._surface) == aligned.column_phase(frame, panel.rect.x)
        click_unit(app, "hero")
        scene.frame.invalidate()  # a second repaint at the same place: the layer moves to its phase
        app.step()
        terrain = scene.renderer.terrain.surface
        assert terrain is not None
        assert aligned.phase_of(terrain) == aligned.column_phase(frame, view.origin[0])
        for _ in range(2):  # zoomed in, the board can move
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
            app.step()
        for step in (1, 2, 3):
            origin = view.origin
            view.pan(step, 0)
            assert view.origin == (origin[0] + step, origin[1])
            app.step()
            scene.frame.invalidate()  # painted again at rest: the layer moves to its new phase
            app.step()
            terrain = scene.renderer.terrain.surface
            assert terrain is not None
            assert aligned.phase_of(terrain) == aligned.column_phase(frame, view.origin[0])
            _same_as_from_nothing(app, f"a pan of {step} pixels")
        app.change_settings(app.settings.changed(language="he"))
        app.step()
        assert panel.rect.x == 0 and panel._surface is not None
        assert aligned.phase_of(panel._surface) == aligned.column_phase(frame, panel.rect.x)
        _same_as_from_nothing(app, "switching to Hebrew")
    finally:
        app.close()


def _card_spy(app: App) -> list[str]:
    """The units whose card the panel lays out and renders from now on, in order."""
    panel = battle(app).panel
    assert panel is not None
    painted: list[str] = []
    real = panel._card

    def spy(surf: pygame.Surface, model: object, *rest: object) -> int:
        card = getattr(model, "card", None)
        painted.append(card.creature.id if card is not None else "")
        return real(surf, model, *rest)  # type: ignore[arg-type]

    panel._card = spy  # type: ignore[method-assign]
    return painted


def test_a_card_seen_again_is_its_kept_picture_and_a_new_look_or_state_paints_it(tmp_path: Path) -> None:
    """Going back to a unit shows its card as kept; its hit points, the language, the palette and the window's
    size each make it painted anew, and every picture is what a repaint from nothing shows."""
    app = _open(tmp_path)
    try:
        scene = battle(app)
        painted = _card_spy(app)
        click_unit(app, "hero")
        click_unit(app, "scout")
        assert painted == ["hero", "scout"]
        click_unit(app, "hero")
        assert painted == ["hero", "scout"]  # the hero's card as it was kept
        _same_as_from_nothing(app, "selecting the hero again")  # (this repaint from nothing lays it out)
        del painted[:]
        click_unit(app, "scout")
        assert painted == []
        # hit points: another card (the panel alone, with the scout's card as the match would give it)
        panel = scene.panel
        assert panel is not None and panel._surface is not None
        model = scene.panel_model()
        assert model.card is not None
        hurt = replace(model, card=replace(model.card, creature=replace(model.card.creature, hp=3)))
        panel.refresh(hurt, 10_000, None)
        assert painted == ["scout"]
        fresh = SidePanel(panel.rect)
        fresh.refresh(hurt, 10_000, None)
        assert fresh._surface is not None
        assert pygame.image.tobytes(panel._surface, "RGB") == pygame.image.tobytes(fresh._surface, "RGB")
        panel.refresh(model, 10_001, None)  # unhurt again: its kept picture
        assert painted == ["scout"]
        for what, change in (
            ("German", lambda: app.change_settings(app.settings.changed(language="de"))),
            ("high contrast", lambda: app.change_settings(app.settings.changed(theme="high-contrast"))),
            ("a smaller window", lambda: pygame.event.post(
                pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700))),
        ):  # fmt: skip
            change()
            app.step()
            before = len(painted)
            click_unit(app, "hero")
            click_unit(app, "scout")
            assert painted[before:] == ["hero", "scout"], what  # nothing kept from the old look is shown
            _same_as_from_nothing(app, f"selecting after {what}")
    finally:
        app.close()


def test_the_reach_tiles_of_one_square_size_only_are_kept(tmp_path: Path) -> None:
    # a strip is a board-high column of tiles: kept for every size zoomed through, one long match's
    # strips came to tens of megabytes; the view must still show what a repaint from nothing shows
    app = _open(tmp_path)
    try:
        scene = battle(app)
        click_unit(app, "hero")
        sizes = set()
        for steps in (1, 1, 1, -1, -1, -1, -1):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False))
            app.step()
            sizes.add(scene.view.cell)
            kept = {k[1] for k in scene.renderer._tints} | {k[1] for k in scene.renderer._strips}
            assert kept == {scene.view.cell}
        assert len(sizes) >= 4
        _same_as_from_nothing(app, "zooming through four sizes")
    finally:
        app.close()
