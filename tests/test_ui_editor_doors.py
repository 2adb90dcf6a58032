"""The editor with synthetic events: doors painted on square edges (closed and open), undone, saved and loaded
back identical, their cost card; and the question before closing with unsaved edits (save / discard / cancel)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pygame

from game.editor import commands as cmd
from game.editor.document import EDGE_PAINTS, from_level
from game.editor.session import autosave_path
from game.levels.level import check_level, level_to_toml, load_level
from game.ui.scenes.dialog import DialogScene
from rules.core import edge_key
from tests.test_ui_editor import centre, drag, editor, open_editor, post, right_edge
from tests.ui_helpers import click, hover, key

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _near_edge(app, sq):
    """A point just inside the right side of `sq`: the edge tool and the door card pick that edge."""
    return right_edge(app, sq)


def test_the_edge_tool_paints_closed_and_open_doors_undoably_and_saves_them(tmp_path: Path) -> None:
    app = open_editor(tmp_path / "doors.toml")
    try:
        scene = editor(app)
        key(app, pygame.K_w)
        assert scene.edge_kind == "blocking"
        key(app, pygame.K_e)  # the next thing the edge tool paints: a door
        assert scene.edge_kind == "door" and EDGE_PAINTS.index("door_open") == EDGE_PAINTS.index("door") + 1
        drag(app, _near_edge(app, (4, 2)), _near_edge(app, (4, 2)))
        key(app, pygame.K_e)  # an open door
        drag(app, _near_edge(app, (4, 4)), _near_edge(app, (4, 4)))
        doors = {(e.a, e.b, e.kind, e.open) for e in scene.doc.edges}
        assert doors == {((4, 2), (5, 2), "door", False), ((4, 4), (5, 4), "door", True)}
        board = scene.doc.board()
        assert board.doors == {edge_key((4, 2), (5, 2)): False, edge_key((4, 4), (5, 4)): True}
        assert board.edge((4, 2), (5, 2)) == "blocking" and board.edge((4, 4), (5, 4)) is None
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert {(e.a, e.kind, e.open) for e in scene.doc.edges} == {((4, 2), "door", False)}
        key(app, pygame.K_y, pygame.KMOD_CTRL)
        assert len(scene.doc.edges) == 2
        # painting a wall over the open door replaces it; undo gives the door back
        key(app, pygame.K_q)
        key(app, pygame.K_q)
        assert scene.edge_kind == "blocking"
        drag(app, _near_edge(app, (4, 4)), _near_edge(app, (4, 4)))
        assert scene.doc.edge((4, 4), (5, 4)).kind == "blocking"
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert (scene.doc.edge((4, 4), (5, 4)).kind, scene.doc.edge((4, 4), (5, 4)).open) == ("door", True)
        key(app, pygame.K_u)
        click(app, centre(app, (2, 2)))
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        path = tmp_path / "doors.toml"
        assert check_level(path) == []
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert {(tuple(e["a"]), e["kind"], e.get("open")) for e in data["map"]["edges"]} == {
            ((4, 2), "door", False),
            ((4, 4), "door", True),
        }
        level = load_level(path)
        assert dict(level.board.doors) == dict(board.doors)
        # round trip: the loaded level is the editor's document, and saves back to the same text
        assert from_level(level).edges == scene.doc.edges
        assert level_to_toml(level) == path.read_text(encoding="utf-8")
    finally:
        app.close()


def test_a_door_edge_with_open_on_a_wall_is_a_listed_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    app = open_editor(path)
    try:
        scene = editor(app)
        key(app, pygame.K_w)
        drag(app, _near_edge(app, (3, 3)), _near_edge(app, (3, 3)))
        edge = scene.doc.edges[0]
        scene.do(cmd.SetEdges(scene.doc.edges, (replace(edge, open=True),)))  # as a hand-edited file could say
        found = [p for p in scene.session.problems() if p.key.startswith("map.edges[0]")]
        assert found and "doors only" in found[0].text() and found[0].square == (3, 3)
    finally:
        app.close()


def test_the_cost_card_on_a_door_edge_says_what_crossing_costs_and_which_rule(tmp_path: Path) -> None:
    app = open_editor(tmp_path / "card.toml")
    try:
        scene = editor(app)
        key(app, pygame.K_w)
        key(app, pygame.K_e)
        drag(app, _near_edge(app, (4, 3)), _near_edge(app, (4, 3)))
        hover(app, _near_edge(app, (4, 3)))
        text = " ".join(line for line, _ in scene.card_lines())
        assert "Door between [4, 3] and [5, 3] (closed)" in text
        assert "GB-PF-DOOR" in text and "open it first" in text
        key(app, pygame.K_c)  # all three rulesets
        text = " ".join(line for line, _ in scene.card_lines())
        assert "GB-5E-DOOR" in text and "HX-ABSTRACT" in text
        key(app, pygame.K_c)
        key(app, pygame.K_e)  # paint it open: crossing costs a plain step
        drag(app, _near_edge(app, (4, 3)), _near_edge(app, (4, 3)))
        hover(app, _near_edge(app, (4, 3)))
        lines = [line for line, _ in scene.card_lines()]
        door = lines.index("Door between [4, 3] and [5, 3] (open)")
        assert "1.5 m" in lines[door + 1] and "GB-PF-DOOR" not in " ".join(lines[door:])
    finally:
        app.close()


def test_closing_the_window_with_unsaved_edits_asks_save_discard_or_cancel(tmp_path: Path) -> None:
    path = tmp_path / "ask.toml"
    app = open_editor(path)
    try:
        post(pygame.QUIT)
        app.step()
        assert not app.running  # nothing edited: the window closes at once
    finally:
        app.close()
    app = open_editor(path)
    try:
        scene = editor(app)
        key(app, pygame.K_u)
        click(app, centre(app, (2, 2)))
        assert scene.session.dirty
        post(pygame.QUIT)
        app.step()
        assert isinstance(app.scene, DialogScene) and app.running
        assert [b.label for b in app.scene.buttons] == ["Save and close", "Discard and close", "Keep editing"]
        click(app, app.scene.buttons[2].rect.center)  # cancel, with the mouse
        assert app.scene is scene and app.running and scene.session.dirty
        key(app, pygame.K_ESCAPE)  # the new unit is selected: Esc lets it go
        key(app, pygame.K_ESCAPE)  # then the pause menu; its Quit asks the same
        assert isinstance(app.scene, DialogScene)
        quit_button = next(b for b in app.scene.buttons if b.label == "Quit")
        click(app, quit_button.rect.center)
        assert isinstance(app.scene, DialogScene) and app.scene.title == "Save the level before closing?"
        key(app, pygame.K_s)  # save, with the keyboard
        assert not app.running
        assert check_level(path) == [] and load_level(path).units[0].at == (2, 2)
    finally:
        app.close()


def test_discarding_closes_and_keeps_the_autosaved_draft(tmp_path: Path) -> None:
    path = tmp_path / "gone.toml"
    app = open_editor(path)
    try:
        click(app, centre(app, (5, 5)))
        post(pygame.QUIT)
        app.step()
        assert isinstance(app.scene, DialogScene)
        key(app, pygame.K_d)
        assert not app.running and not path.exists()
    finally:
        app.close()
    assert autosave_path(path).exists()  # the editor offers the draft next time
