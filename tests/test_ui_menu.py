"""The level menu, driven by synthetic events: the play order, the current level marked, a cached thumbnail
of each map, the whole description beside the list, no map symbols in player text, entries as data,
and asking before a running match is abandoned."""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.levels.level import load_level
from game.levels.level_order import ordered_levels
from game.text import i18n
from game.text.local_text import LocalText
from game.ui import theme, widgets
from game.ui.app import App
from game.ui.scenes import menu as menu_module
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.menu import LEVEL_ITEMS, MENU_ITEMS, LevelItem, MenuItem, MenuScene
from game.ui.thumbnail import render_thumbnail, thumbnail
from tests.test_ui_turns import move_hero
from tests.ui_helpers import click, hover, key, open_app, write_level

LEVELS = Path(__file__).resolve().parent.parent / "levels"


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def open_menu(app: App) -> MenuScene:
    """L opens the level menu from the battle."""
    key(app, pygame.K_l)
    assert isinstance(app.scene, MenuScene)
    app.step()
    return app.scene


def row_center(app: App, menu: MenuScene, path: Path) -> tuple[int, int]:
    i = next(i for i, e in enumerate(menu.entries) if e.path.resolve() == path.resolve())
    return menu._row_rect(i, app.screen.get_width()).center


def test_the_menu_lists_the_levels_in_the_play_order_and_marks_the_current_one():
    order = ordered_levels(LEVELS)
    app = open_app(order[1])
    try:
        menu = open_menu(app)
        assert [e.path for e in menu.entries] == order
        assert menu.current_index() == 1 and menu.index == 1  # focused on entering
        rect = menu._row_rect(1, app.screen.get_width())
        assert tuple(app.screen.get_at((rect.centerx, rect.y)))[:3] == theme.ACCENT  # the marked row's frame
        other = menu._row_rect(2, app.screen.get_width())
        assert tuple(app.screen.get_at((other.centerx, other.y)))[:3] != theme.ACCENT
    finally:
        app.close()


def test_each_row_shows_a_thumbnail_rendered_from_its_level_and_cached(tmp_path: Path):
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        menu = open_menu(app)
        entry = menu.entries[0]
        assert entry.level is not None
        image = thumbnail(entry.level, menu_module.THUMB)
        assert thumbnail(entry.level, menu_module.THUMB) is image  # drawn once, then kept
        fresh = render_thumbnail(entry.level, menu_module.THUMB)
        assert fresh.get_size() == image.get_size() and fresh is not image
        # the row shows exactly that picture (centred in the row's thumbnail box)
        rect = menu._row_rect(0, app.screen.get_width())
        box = pygame.Rect(0, 0, *menu_module.THUMB)
        box.midleft = (rect.x + 6, rect.centery)
        at = image.get_rect(center=box.center)
        for x, y in ((2, 2), (at.w // 2, at.h // 2), (at.w - 3, at.h - 3)):
            assert app.screen.get_at((at.x + x, at.y + y)) == image.get_at((x, y))
        # a unit is a dot in its side colour on the thumbnail
        unit = entry.level.units[0]
        cell = image.get_width() // entry.level.board.width
        side = next(s for s in entry.level.sides if s.id == unit.side)
        cx = unit.at[0] * cell + unit.dims[0] * cell // 2
        cy = unit.at[1] * cell + unit.dims[1] * cell // 2
        assert tuple(image.get_at((cx, cy)))[:3] == tuple(side.color)
    finally:
        app.close()


def test_a_changed_level_file_gets_a_new_thumbnail(tmp_path: Path):
    path = write_level(tmp_path, "pf1")
    level = load_level(path)
    first = thumbnail(level, (80, 60))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert thumbnail(load_level(path), (80, 60)) is not first


def test_thumbnails_kept_stay_within_their_bound(tmp_path: Path):
    from game.ui import thumbnail as thumbnail_module

    level = load_level(write_level(tmp_path, "pf1"))
    for width in range(40, 40 + 2 * thumbnail_module.THUMBNAILS_KEPT):  # a window resized step by step
        thumbnail(level, (width, 60))
    assert thumbnail_module.cached() == thumbnail_module.THUMBNAILS_KEPT
    newest = thumbnail(level, (39 + 2 * thumbnail_module.THUMBNAILS_KEPT, 60))
    assert thumbnail(level, (39 + 2 * thumbnail_module.THUMBNAILS_KEPT, 60)) is newest  # the newest still kept


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_pointing_at_a_level_shows_its_whole_description_in_every_language(lang: str):
    i18n.set_language(lang)
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        menu = open_menu(app)
        widgets.CLIPPED.clear()
        for i, entry in enumerate(menu.entries):
            if not menu._row_shown(i, app.screen.get_height()):  # more levels than rows: scroll it into view
                menu.index = i
                menu._keep_visible()
                app.step()
            hover(app, row_center(app, menu, entry.path))
            assert menu.entries[menu.index] is entry
            assert entry.description == " ".join(str(entry.level.description.in_language(lang)).split())
            app.step()
        assert widgets.CLIPPED == [], "a description or label was cut"
    finally:
        app.close()


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", ["1280x800", "800x600"])
def test_the_menus_buttons_stay_inside_the_window_and_whole_in_every_language(lang: str, size: str):
    # "Forza del computer: come dice il livello" pushed the last button past the pane's edge; at 800×600 the German
    # top bar ran over the title and off the window, and "Computerstärke: wie im Level" was cut
    i18n.set_language(lang)
    app = open_app(LEVELS / "pf1_bridge.toml", size)
    try:
        menu = open_menu(app)
        widgets.CLIPPED.clear()
        app.step()
        window = app.screen.get_rect()
        pane = menu._pane_rect(*app.screen.get_size())
        assert len(menu.level_buttons) == len(LEVEL_ITEMS)
        for button in menu.level_buttons:
            assert pane.contains(button.rect), (button.label, button.rect, pane)
        for buttons in (menu.level_buttons, menu.bar):
            for a, b in itertools.combinations([b.rect for b in buttons], 2):
                assert not a.colliderect(b), (a, b)  # apart, never overlapping
        for button in menu.bar:
            assert window.contains(button.rect), (button.label, button.rect)
        if menu.title_shown:  # the bar beside the title, never over it
            title = theme.font(40, True).size(i18n.t("menu.title"))[0]
            assert all(b.rect.x > 40 + title for b in menu.bar) or i18n.is_rtl()
        labels = {b.label for b in (*menu.bar, *menu.level_buttons)}
        assert not labels & set(widgets.CLIPPED), "a button's label was cut"  # (a small pane's text may end in …)
    finally:
        app.close()


SYMBOL = re.compile(r"[(\"'`‘“«]\s*[^\w\s]{1,2}\s*[)\"'`’”»]")
"""A map symbol quoted or bracketed in prose, like (#) or '~'."""


@pytest.mark.parametrize("path", sorted(LEVELS.glob("*.toml")), ids=lambda p: p.stem)
def test_no_level_file_symbols_in_player_text(path: Path):
    level = load_level(path)
    texts = [level.name, level.description] + [s.name for s in level.sides] + [u.name for u in level.units]
    for value in texts:
        versions = value.translations.values() if isinstance(value, LocalText) else [value]
        for text in versions:
            assert not SYMBOL.search(str(text)), f"{path.name}: {text!r}"
            assert "[map]" not in str(text) and "tiles" not in str(text)


def test_leaving_a_running_match_from_the_menu_asks_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    app = open_app(write_level(tmp_path, "pf1"))
    try:
        move_hero(app)
        played = app.session.match
        menu = open_menu(app)
        click(app, row_center(app, menu, LEVELS / "pf1_swamp.toml"))
        assert isinstance(app.scene, DialogScene) and app.session.match is played
        assert app.scene.title == i18n.t("pause.leave_title")
        stay = next(b for b in app.scene.buttons if b.label == i18n.t("pause.stay"))
        click(app, stay.rect.center)
        assert app.scene is menu and app.session.match is played  # nothing was lost
        click(app, row_center(app, menu, LEVELS / "pf1_swamp.toml"))
        leave = next(b for b in app.scene.buttons if b.label == i18n.t("pause.leave_anyway"))
        click(app, leave.rect.center)
        assert isinstance(app.scene, BattleScene) and Path(app.session.level.source).name == "pf1_swamp.toml"
    finally:
        app.close()


def test_a_match_with_nothing_played_is_left_without_a_question():
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        menu = open_menu(app)
        click(app, row_center(app, menu, LEVELS / "dnd5e_hall.toml"))
        assert isinstance(app.scene, BattleScene) and Path(app.session.level.source).name == "dnd5e_hall.toml"
    finally:
        app.close()


def test_the_play_button_opens_the_focused_level():
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        menu = open_menu(app)
        hover(app, row_center(app, menu, LEVELS / "hexxen_beast.toml"))
        click(app, menu.button("play").rect.center)
        assert isinstance(app.scene, BattleScene) and Path(app.session.level.source).name == "hexxen_beast.toml"
    finally:
        app.close()


def test_an_entry_is_one_line_in_the_menu_table(monkeypatch: pytest.MonkeyPatch):
    ran: list[str] = []
    monkeypatch.setattr(
        menu_module,
        "MENU_ITEMS",
        [*MENU_ITEMS, MenuItem("how_to", lambda m: "How to play", lambda m: ran.append("how"))],
    )
    monkeypatch.setattr(
        menu_module,
        "LEVEL_ITEMS",
        [*LEVEL_ITEMS, LevelItem("extra", "level_menu.play", lambda m, e: ran.append(e.title))],
    )
    app = open_app(LEVELS / "pf1_bridge.toml")
    try:
        menu = open_menu(app)
        assert [b.intent for b in menu.bar] == [*(item.intent for item in MENU_ITEMS), "how_to"]
        assert menu.button("language").rect.right < menu.button("how_to").rect.x  # the new one at the reading end
        click(app, menu.button("how_to").rect.center)
        click(app, menu.button("extra").rect.center)
        assert ran == ["how", menu.entries[menu.index].title]
        assert isinstance(app.scene, MenuScene)
    finally:
        app.close()


def test_rows_beyond_the_window_are_reached_by_wheel_and_keys(tmp_path: Path):
    app = open_app(LEVELS / "pf1_bridge.toml", size="1000x500")
    try:
        menu = open_menu(app)
        rows = menu._visible_rows(500)
        assert rows < len(menu.entries)
        for _ in range(len(menu.entries) - 1):
            key(app, pygame.K_DOWN)
        assert menu.index == len(menu.entries) - 1 and menu.scroll == len(menu.entries) - rows
        up = len(menu.entries)  # one wheel notch a row: enough to reach the top whatever the number of levels
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=up, flipped=False, precise_x=0.0, precise_y=up))
        app.step()
        assert menu.scroll == 0
        hover(app, menu._row_rect(0, 1000).center)
        assert menu.index == 0
    finally:
        app.close()


def test_edit_opens_the_focused_level_in_the_editor_and_new_level_asks_for_the_ruleset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from game.ui.editor import opening
    from game.ui.editor.scene import EditorScene

    monkeypatch.setattr(opening, "new_level_folder", lambda: tmp_path)  # a new level's drafts stay out of levels/

    order = ordered_levels(LEVELS)
    app = open_app(order[0])
    try:
        menu = open_menu(app)
        assert [item.intent for item in LEVEL_ITEMS].count("edit") == 1
        click(app, menu.button("edit").rect.center)
        editor = app.scene
        assert isinstance(editor, EditorScene)
        assert editor.session.path.resolve() == menu.entries[menu.index].path.resolve()
        assert editor.doc.ruleset == load_level(order[0]).ruleset
        assert not editor.session.dirty  # opening writes nothing: no autosave beside a shipped level

        menu = MenuScene(editor)  # the level menu again, coming from the editor
        app.switch(menu)
        app.step()
        click(app, menu.button("new_level").rect.center)
        dialog = app.scene
        assert isinstance(dialog, DialogScene)
        dnd = next(b for b in dialog.buttons if b.label == i18n.t("ruleset.dnd5e"))
        click(app, dnd.rect.center)
        assert isinstance(app.scene, EditorScene)
        assert app.scene.doc.ruleset == "dnd5e" and (app.scene.doc.width, app.scene.doc.height) == (16, 12)
    finally:
        app.close()
