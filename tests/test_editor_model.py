"""The level editor's model (game/editor): the document, every edit as an undoable command, live validation
through the loader, saving and the autosave side file, and the cost probe."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import LEVELS
from hypothesis import given, settings
from hypothesis import strategies as st

from game.editor import commands as cmd
from game.editor.document import EDGE_PAINTS, Document, blank, from_level, with_ruleset
from game.editor.probe import square_cost
from game.editor.session import Session, autosave_path, new_level_path, recovery
from game.editor.tools import brush, edge_line, flood, nearest_edge, rectangle
from game.editor.validate import problems
from game.levels.level import EDGE_KINDS, Level, check_level, level_to_toml, load_level, parse_level
from rules.pf1.traits import traits as pf1_traits
from rules.ruleset import RULESETS, get_ruleset

SHIPPED = sorted(LEVELS.glob("*.toml"))


def four_units(doc: Document) -> Document:
    """`doc` with two units per side, far apart (valid under every ruleset, hexxen tokens apart)."""
    for i, at in enumerate(((2, 2), (2, 5), (10, 2), (10, 5))):
        side = doc.sides[i // 2]["id"]
        doc = cmd.add_unit(doc, {"id": f"u{i}", "side": side, "at": list(at), "speed": 9}).apply(doc)
    return doc


# --- round trip ------------------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_level_round_trips_unchanged(path: Path, tmp_path: Path) -> None:
    """Opened in the editor and saved without edits, a shipped level loads back identical and passes check."""
    level = load_level(path)
    doc = from_level(level)
    assert problems(doc) == []
    session = Session(doc, tmp_path / path.name)
    assert session.save()
    again = load_level(tmp_path / path.name)
    assert level_to_toml(again) == level_to_toml(level)
    for key in ("name", "ruleset", "description", "turns", "options", "board", "tiles", "edges", "sides", "units"):
        assert getattr(again, key) == getattr(level, key), key
    assert dict(again.legend) == dict(level.legend)
    assert from_level(again) == doc
    assert check_level(tmp_path / path.name) == []


def test_a_new_level_needs_units_then_saves_and_checks(tmp_path: Path) -> None:
    """A blank level lists the loader's complaint (no units); with four units it saves, passes check and loads
    back as the same document."""
    for ruleset in RULESETS:
        doc = blank(ruleset, 14, 9)
        assert [p.key for p in problems(doc)] == ["units"]
        doc = four_units(doc)
        assert problems(doc) == [], ruleset
        path = tmp_path / f"{ruleset}.toml"
        session = Session(doc, path)
        assert session.save()
        assert check_level(path) == []
        saved = load_level(path)
        assert level_to_toml(saved) == level_to_toml(doc.to_level())  # the same level the editor showed
        assert from_level(load_level(path)) == from_level(saved)  # and saving again changes nothing
        assert load_level(path).options.diagonal == get_ruleset(ruleset).DEFAULT_DIAGONAL


# --- edits -----------------------------------------------------------------------------


def test_paint_brushes_rectangle_and_flood() -> None:
    """Brushes 1/3/5 paint that many squares across, a rectangle its area, flood fill the joined area only."""
    doc = blank("pf1", 12, 10)
    assert len(brush((5, 5), 1)) == 1 and len(brush((5, 5), 3)) == 9 and len(brush((5, 5), 5)) == 25
    painted = cmd.Paint.of(doc, brush((5, 5), 3), ",").apply(doc)
    assert sum(row.count(",") for row in painted.tiles) == 9
    assert painted.symbol((4, 4)) == "," and painted.symbol((6, 6)) == "," and painted.symbol((7, 7)) == "."
    edge = cmd.Paint.of(doc, brush((0, 0), 5), ",").apply(doc)  # squares off the map are skipped
    assert sum(row.count(",") for row in edge.tiles) == 9
    assert set(rectangle((3, 4), (1, 2))) == {(x, y) for x in range(1, 4) for y in range(2, 5)}
    # a wall splits the room: flood fill stays on its side
    split = cmd.Paint.of(doc, rectangle((6, 1), (6, 8)), "#").apply(doc)
    left = flood(split, (2, 2))
    assert (2, 2) in left and (8, 2) not in left and len(left) == 5 * 8
    # a blocking wall on edges also stops it
    walled = cmd.SetEdges.of(doc, [((3, y), (4, y)) for y in range(1, 9)], "blocking").apply(doc)
    assert len(flood(walled, (1, 1))) == 3 * 8
    assert cmd.Paint.of(doc, [(1, 1)], ".") is None  # nothing changes: no command


def test_edges_draw_change_and_erase() -> None:
    """Walls go on the edge nearest the pointer; dragging draws a straight wall; erasing clears it."""
    doc = blank("dnd5e", 10, 8)
    assert nearest_edge(3.9, 2.5) == ((3, 2), (4, 2))
    assert nearest_edge(3.5, 2.1) == ((3, 2), (3, 1))
    line = edge_line(((3, 2), (4, 2)), ((3, 5), (4, 5)))
    assert line == [((3, y), (4, y)) for y in range(2, 6)]
    walled = cmd.SetEdges.of(doc, line, "blocking").apply(doc)
    assert len(walled.edges) == 4 and walled.edge((4, 3), (3, 3)).kind == "blocking"
    low = cmd.SetEdges.of(walled, [((4, 3), (3, 3))], "hampering").apply(walled)
    assert low.edge((3, 3), (4, 3)).kind == "hampering" and len(low.edges) == 4
    erased = cmd.SetEdges.of(low, line, None).apply(low)
    assert erased.edges == ()
    assert cmd.SetEdges.of(doc, [((0, 0), (2, 0))], "blocking") is None  # not neighbours
    assert set(EDGE_KINDS) >= {"blocking", "hampering"}


def test_units_place_move_edit_delete_and_sides() -> None:
    """Units and sides: add, move, change keys (None drops a key), remove; a bad value is a listed problem."""
    doc = four_units(blank("pf1", 14, 9))
    moved = cmd.move_unit(doc, 0, (3, 3)).apply(doc)
    assert moved.units[0]["at"] == [3, 3]
    big = cmd.change_unit(moved, 0, size="large", race="dwarf", speed=None).apply(moved)
    assert big.units[0]["size"] == "large" and "speed" not in big.units[0]
    assert problems(big) == []
    loaded = load_level_from(big).unit("u0")
    assert (pf1_traits(loaded).race, loaded.speed) == ("dwarf", None)  # pf1 takes the base speed from the race
    bad = cmd.change_unit(big, 1, at=[0, 0]).apply(big)  # into the outer wall
    listed = problems(bad)
    assert [p.square for p in listed] == [(0, 0)] and listed[0].key.startswith("units[1]")
    gone = cmd.remove_unit(bad, 1).apply(bad)
    assert len(gone.units) == 3 and problems(gone) == []
    side = cmd.add_side(gone, {"id": "third", "controller": "ai"}).apply(gone)
    renamed = cmd.change_side(side, 2, name="The Third", color="#00ff00").apply(side)
    assert load_level_from(renamed).side("third").color == (0, 255, 0)
    orphaned = cmd.remove_side(renamed, 0).apply(renamed)
    assert {p.key.split(".")[0] for p in problems(orphaned)} == {"units[0]"}


def load_level_from(doc: Document) -> Level:
    """The level the document loads as."""
    return parse_level(doc.to_text())


def test_level_keys_ruleset_and_resize() -> None:
    """Level keys, a change of ruleset (keys it lacks dropped, its default diagonal) and resizing."""
    doc = four_units(blank("pf1", 14, 9))
    doc = cmd.change_unit(doc, 0, race="elf", armor="light").apply(doc)
    named = cmd.set_level(doc, name="Ford", description="A ford.", turns="initiative", victory_rounds=5).apply(doc)
    level = load_level_from(named)
    assert (level.name, level.turns, level.victory_rounds) == ("Ford", "initiative", 5)
    for ruleset in RULESETS:
        other = with_ruleset(named, ruleset)
        rules = get_ruleset(ruleset)
        assert all(set(u) <= set(rules.UNIT_KEYS) for u in other.units)
        assert other.rules["diagonal"] in rules.DIAGONALS
        assert problems(other) == [], ruleset
    small = cmd.resize(named, 8, 6).apply(named)
    assert (small.width, small.height) == (8, 6)
    assert {p.square for p in problems(small)} == {(10, 2), (10, 5)}  # the two units now off the map
    wide = cmd.resize(named, 20, 12).apply(named)
    assert (wide.width, wide.height) == (20, 12) and wide.tiles[:9] != named.tiles
    assert problems(wide) == []


# --- undo and redo ---------------------------------------------------------------------

SYMBOLS = st.sampled_from(list(".#,%o:n+/"))
SQUARES = st.tuples(st.integers(-1, 12), st.integers(-1, 9))


@st.composite
def edits(draw: st.DrawFn, doc: Document) -> list:
    """A random sequence of edits, each built against the document it changes."""
    made = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["brush", "rect", "flood", "edge", "unit", "move", "drop", "side", "level"]))
        command = None
        if kind == "brush":
            command = cmd.Paint.of(doc, brush(draw(SQUARES), draw(st.sampled_from([1, 3, 5]))), draw(SYMBOLS))
        elif kind == "rect":
            command = cmd.Paint.of(doc, rectangle(draw(SQUARES), draw(SQUARES)), draw(SYMBOLS))
        elif kind == "flood":
            command = cmd.Paint.of(doc, flood(doc, draw(SQUARES)), draw(SYMBOLS))
        elif kind == "edge":
            pairs = [edge_line(nearest_edge(*draw(st.tuples(*[st.floats(0, 11.9)] * 2))), nearest_edge(4.5, 4.5))[0]]
            command = cmd.SetEdges.of(doc, pairs, draw(st.sampled_from([None, *EDGE_KINDS, *EDGE_PAINTS])))
        elif kind == "unit":
            command = cmd.add_unit(doc, {"id": f"n{len(made)}", "side": "heroes", "at": list(draw(SQUARES))})
        elif kind == "move" and doc.units:
            command = cmd.move_unit(doc, draw(st.integers(0, len(doc.units) - 1)), draw(SQUARES))
        elif kind == "drop" and doc.units:
            command = cmd.remove_unit(doc, draw(st.integers(0, len(doc.units) - 1)))
        elif kind == "side":
            command = cmd.change_side(doc, 0, name=draw(st.text(max_size=5)))
        elif kind == "level":
            command = cmd.resize(doc, draw(st.integers(3, 14)), draw(st.integers(3, 11)))
        if command is not None:
            doc = command.apply(doc)
            made.append(command)
    return made


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_undo_all_returns_the_original_and_redo_all_the_final(data: st.DataObject) -> None:
    """Any sequence of edits: undoing them all gives the original document, redoing them all the final one."""
    start = four_units(blank("pf1", 12, 9))
    session = Session(start, Path("/nonexistent/level.toml"))
    for command in data.draw(edits(start)):
        session.do(command)
    final = session.doc
    while session.undo() is not None:
        pass
    assert session.doc == start
    while session.redo() is not None:
        pass
    assert session.doc == final


def test_a_new_edit_clears_redo() -> None:
    """After an undo, a new edit drops what could have been redone."""
    doc = blank("pf1", 8, 6)
    session = Session(doc, Path("/nonexistent/x.toml"))
    session.do(cmd.Paint.of(doc, [(2, 2)], ","))
    session.undo()
    session.do(cmd.Paint.of(session.doc, [(3, 3)], "%"))
    assert session.redo() is None and session.doc.symbol((2, 2)) == "." and session.doc.symbol((3, 3)) == "%"


# --- files -----------------------------------------------------------------------------


def test_saving_an_invalid_level_needs_confirmation(tmp_path: Path) -> None:
    """A level with problems is not written unless forced; a forced draft is written as it is."""
    path = tmp_path / "draft.toml"
    session = Session(blank("pf1", 8, 6), path)
    assert session.problems() and not session.save()
    assert not path.exists()
    assert session.save(force=True)
    assert path.exists() and check_level(path) != [] and not session.dirty


def test_autosave_side_file_and_recovery(tmp_path: Path) -> None:
    """Edits go to the side file; a newer side file is offered back; saving removes it."""
    path = tmp_path / "lvl.toml"
    session = Session(four_units(blank("dnd5e", 14, 9)), path)
    session.save()
    assert not session.autosave()  # nothing changed since the save
    session.do(cmd.Paint.of(session.doc, rectangle((3, 3), (5, 5)), ","))
    assert session.autosave() and autosave_path(path).exists()
    assert not session.autosave()  # the same document again
    os.utime(path, (1, 1))  # the level file older than its side file
    assert recovery(path) == session.doc
    session.do(cmd.add_unit(session.doc, {"id": "x", "side": "heroes", "at": [0, 0]}))  # a draft that won't load
    session.autosave()
    assert recovery(path) == session.doc
    session.save(force=True)
    assert not autosave_path(path).exists() and recovery(path) is None
    assert new_level_path(tmp_path).name == "new_level.toml"
    (tmp_path / "new_level.toml").write_text("")
    assert new_level_path(tmp_path).name == "new_level_2.toml"


# --- the cost probe --------------------------------------------------------------------


def test_square_cost_asks_measure_under_each_ruleset() -> None:
    """Difficult ground costs double in pf1 and dnd5e with their rule ids; a wall is refused; hexxen measures
    no paths (HX-ABSTRACT)."""
    doc = cmd.Paint.of(blank("pf1", 8, 6), [(3, 3)], ",").apply(blank("pf1", 8, 6))
    pf1 = square_cost(doc, (3, 3))
    assert pf1.ok and "PF1-DIFFICULT" in pf1.rules() and pf1.start == (2, 3)
    assert pf1.result.cost * pf1.result.unit_cm == 300
    plain = square_cost(doc, (4, 4))
    assert plain.ok and plain.result.cost * plain.result.unit_cm == 150
    d5 = square_cost(doc, (3, 3), "dnd5e")
    assert d5.ok and "D5-DIFFICULT" in d5.rules() and d5.result.cost * d5.result.unit_cm == 300
    hx = square_cost(doc, (3, 3), "hexxen")
    assert not hx.ok and hx.rules() == ("HX-ABSTRACT",)
    wall = square_cost(doc, (0, 3))
    assert not wall.ok and wall.rules()
    assert any("PF1-DIFFICULT" in line for line in pf1.lines("probe"))


def test_keys_the_editor_does_not_edit_are_kept() -> None:
    """A `[map]` or top-level key the editor has no tool for goes back into the file unchanged."""
    from game.editor.document import from_data

    data = blank("pf1", 6, 5).to_data()
    data["map"]["image"] = {"file": "castle.png", "scale": 1.5}
    data["comment"] = "kept"
    doc = from_data(data)
    painted = cmd.Paint.of(doc, [(2, 2)], ",").apply(doc)
    out = painted.to_data()
    assert out["map"]["image"] == {"file": "castle.png", "scale": 1.5} and out["comment"] == "kept"
    assert out["map"]["tiles"].splitlines()[2][2] == ","
