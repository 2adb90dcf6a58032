"""The level editor's screen driven by synthetic pygame events: painting, walls, units, the inspector, the cost
card, saving (and the question before saving an invalid level), undo/redo, test-play and the way back."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.commands.cli import main
from game.editor.session import autosave_path
from game.editor.validate import problems
from game.levels.level import check_level, load_level
from game.text.i18n import LANGUAGES, set_language, t
from game.ui import theme, widgets
from game.ui.app import App
from game.ui.editor import draw
from game.ui.editor.scene import EditorScene
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.terrain import paint_terrain
from rules.core import Creature, Size
from tests.ui_helpers import click, hover, key

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def post(kind: int, **fields: object) -> None:
    """Queue one event."""
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(app: App, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
    """Press at `start`, move to `end`, release there; one frame."""
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=button)
    post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=button)
    app.step()


def typed(app: App, text: str) -> None:
    """Type `text` and press Enter."""
    post(pygame.TEXTINPUT, text=text)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    app.step()


def editor(app: App) -> EditorScene:
    assert isinstance(app.scene, EditorScene)
    return app.scene


def centre(app: App, sq: tuple[int, int]) -> tuple[int, int]:
    return editor(app).view.square_center(sq)


def right_edge(app: App, sq: tuple[int, int]) -> tuple[int, int]:
    """A point just inside the right side of a square (the edge to its east is the nearest)."""
    rect = editor(app).view.square_rect(sq)
    return (rect.right - 2, rect.centery)


def row(app: App, name: str) -> tuple[int, int]:
    """The screen point of an inspector row (drawn in the last frame)."""
    scene = editor(app)
    _title, rows = scene.fields()
    keys = [f.key for f in rows[scene.scroll :]]
    rect = scene.inspector_rect
    return (rect.x + 200, rect.y + 28 + keys.index(name) * 22 + 10)


def open_editor(path: Path | None, ruleset: str = "pf1", size: tuple[int, int] = (12, 9)) -> App:
    app = App(AppOptions(level=str(path) if path else None, edit=True, new_ruleset=ruleset, new_map=size))
    app.step()
    return app


@pytest.fixture
def new_app(tmp_path: Path) -> Iterator[App]:
    app = open_editor(tmp_path / "ford.toml")
    yield app
    app.close()


def test_build_a_level_save_it_and_test_play_it(new_app: App, tmp_path: Path) -> None:
    """Difficult squares with a brush and a rectangle, a wall dragged along a grid line, four units, a unit
    edited in the inspector; Ctrl+S writes a level that passes check; T plays it and Esc → the pause menu's
    first choice brings the same editor back with nothing lost."""
    app = new_app
    scene = editor(app)
    doc = scene.doc
    assert (doc.width, doc.height, doc.ruleset) == (12, 9, "pf1")
    key(app, pygame.K_3)  # a 3×3 brush of difficult ground (the palette starts on ",")
    click(app, centre(app, (4, 4)))
    assert sum(r.count(",") for r in scene.doc.tiles) == 9 and scene.doc.symbol((3, 3)) == ","
    key(app, pygame.K_r)
    key(app, pygame.K_e)  # the next symbol of the palette: "%", a hampering obstacle
    assert scene.symbol == "%"
    drag(app, centre(app, (8, 6)), centre(app, (9, 7)))
    assert [scene.doc.symbol((x, y)) for y in (5, 6, 7) for x in (7, 8, 9, 10)].count("%") == 4
    assert all(scene.doc.symbol(sq) == "%" for sq in ((8, 6), (9, 6), (8, 7), (9, 7)))
    key(app, pygame.K_w)
    drag(app, right_edge(app, (6, 1)), right_edge(app, (6, 4)))
    assert {(e.a, e.b, e.kind) for e in scene.doc.edges} == {((6, y), (7, y), "blocking") for y in range(1, 5)}
    drag(app, right_edge(app, (6, 3)), right_edge(app, (6, 4)), button=3)  # right button erases
    assert len(scene.doc.edges) == 2
    key(app, pygame.K_u)
    click(app, centre(app, (1, 1)))
    click(app, centre(app, (1, 3)))
    key(app, pygame.K_e)  # the next side
    click(app, centre(app, (10, 1)))
    click(app, centre(app, (10, 3)))
    assert [u["side"] for u in scene.doc.units] == ["heroes", "heroes", "foes", "foes"]
    drag(app, centre(app, (10, 3)), centre(app, (9, 5)))  # move the last one
    assert scene.doc.units[3]["at"] == [9, 5] and scene.selected == ("unit", 3)
    click(app, row(app, "size"))  # steps from the size an unset key stands for (medium): the key is set
    assert scene.doc.units[3]["size"] == "large"
    click(app, row(app, "hp"))
    typed(app, "25")
    assert scene.doc.units[3]["hp"] == 25
    assert scene.session.problems() == []
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    path = tmp_path / "ford.toml"
    assert check_level(path) == []
    level = load_level(path)
    assert level.unit(scene.doc.units[3]["id"]).hp == 25 and len(level.units) == 4 and len(level.edges) == 2
    assert not scene.session.dirty and not autosave_path(path).exists()
    before = scene.doc
    key(app, pygame.K_t)
    assert isinstance(app.scene, BattleScene) and app.editing.test_from is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, DialogScene)
    click(app, app.scene.buttons[0].rect.center)  # "Back to the editor"
    assert app.scene is scene and scene.doc is before and app.session.match is None


def test_undo_redo_keys_and_escape(new_app: App) -> None:
    """Ctrl+Z takes back the last edit, Ctrl+Y and Ctrl+Shift+Z make it again; the status line says which."""
    app = new_app
    scene = editor(app)
    start = scene.doc
    click(app, centre(app, (2, 2)))
    painted = scene.doc
    assert painted != start
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.doc == start and "painting" in scene.message
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.doc == painted
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert scene.doc == painted
    key(app, pygame.K_ESCAPE)  # nothing selected: the pause menu, which never quits on its own
    assert isinstance(app.scene, DialogScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_saving_an_invalid_level_asks_first(new_app: App, tmp_path: Path) -> None:
    """A level without units: Ctrl+S asks; "Keep editing" writes nothing; "Save anyway" writes the draft."""
    app = new_app
    scene = editor(app)
    assert [p.key for p in scene.session.problems()] == ["units"]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert isinstance(app.scene, DialogScene)
    click(app, app.scene.buttons[1].rect.center)
    assert app.scene is scene and not (tmp_path / "ford.toml").exists()
    key(app, pygame.K_t)  # test-play refuses an invalid level and says why
    assert app.scene is scene and "problem" in scene.message
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    click(app, app.scene.buttons[0].rect.center)
    assert app.scene is scene and (tmp_path / "ford.toml").exists()
    assert check_level(tmp_path / "ford.toml") != []


def test_a_problem_is_marked_on_its_square(new_app: App) -> None:
    """A unit in the outer wall: the problem names its square and the square is outlined in the warning colour."""
    app = new_app
    scene = editor(app)
    key(app, pygame.K_u)
    click(app, centre(app, (0, 4)))
    problems = scene.session.problems()
    assert [p.square for p in problems] == [(0, 4)]
    rect = scene.view.square_rect((0, 4))
    assert tuple(app.screen.get_at((rect.x + 1, rect.centery)))[:3] == theme.WARNING


def test_hover_card_costs_under_the_level_ruleset_and_all_three(new_app: App) -> None:
    """Hovering a difficult square shows the cost and rule ids `measure` gives; C shows every ruleset."""
    app = new_app
    scene = editor(app)
    click(app, centre(app, (4, 4)))  # difficult ground
    hover(app, centre(app, (4, 4)))
    text = " ".join(line for line, _ in scene.card_lines())
    assert "PF1-DIFFICULT" in text and "3 m" in text
    key(app, pygame.K_c)
    text = " ".join(line for line, _ in scene.card_lines())
    assert "D5-DIFFICULT" in text and "HX-ABSTRACT" in text and "PF1-DIFFICULT" in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)], ids=["1280x800", "800x600"])
def test_the_three_rulesets_card_wraps_and_stays_off_the_hovered_square(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]
) -> None:
    """C on a hexxen level: the hexxen line (~1100 px at 1280x800) wraps rather than ending in "…", and the card
    stays inside the map's area, off the square it describes, in every language."""
    set_language(lang)
    level = tmp_path / "village.toml"
    level.write_text((LEVELS / "hexxen_village.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = App(AppOptions(level=str(level), edit=True, size=size))
    app.step()
    scene = editor(app)
    written: list[str] = []
    boxes: list[pygame.Rect] = []
    real_text, real_card = draw.text, draw.card

    def spy_text(screen: pygame.Surface, value: str, *args: object, **kwargs: object) -> pygame.Rect:
        written.append(value)
        return real_text(screen, value, *args, **kwargs)  # type: ignore[arg-type]

    def spy_card(*args: object, **kwargs: object) -> pygame.Rect:
        boxes.append(real_card(*args, **kwargs))  # type: ignore[arg-type]
        return boxes[-1]

    monkeypatch.setattr(draw, "text", spy_text)
    monkeypatch.setattr(draw, "card", spy_card)
    key(app, pygame.K_c)
    for sq in [(8, 0), (8, 11), (0, 5), (15, 6), (3, 3), (12, 9)]:
        written.clear()
        boxes.clear()
        hover(app, centre(app, sq))
        assert boxes, sq
        hexxen = next(line for line, _ in scene.card_lines() if line.startswith(t("ruleset.hexxen")))
        assert len(hexxen) > 150  # the long one
        assert not any(row.endswith("…") for row in written), (sq, written)
        assert " ".join(written).split() == " ".join(line for line, _ in scene.card_lines()).split()
        box = boxes[-1]
        assert scene.view.rect.contains(box) and not box.colliderect(scene.view.square_rect(sq)), (sq, box)
    app.close()


def test_a_card_taller_than_its_room_gets_smaller_text_then_ends_with_an_ellipsis(new_app: App) -> None:
    area = pygame.Rect(0, 0, 600, 500)
    square = pygame.Rect(280, 200, 40, 40)
    lines = [("word " * 60, theme.TEXT)] * 3
    box, size, rows = draw.card_layout(area, lines, square, None)
    assert area.contains(box) and not box.colliderect(square) and size == draw.CARD_SIZES[0]
    box, size, rows = draw.card_layout(area, lines * 3, square, None)
    assert area.contains(box) and not box.colliderect(square) and size < draw.CARD_SIZES[0]
    box, size, rows = draw.card_layout(area, lines * 12, square, None)
    assert area.contains(box) and not box.colliderect(square) and size == draw.CARD_SIZES[-1]
    assert rows[-1][0].endswith("…") and not any(row.endswith("…") for row, _, _ in rows[:-1])
    # the side that hides less of the map when both fit
    grid = pygame.Rect(0, 0, 600, 300)
    box, _, _ = draw.card_layout(area, lines[:1], square, grid, top=True)
    assert box.top > grid.bottom


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_editor_draws_units_with_the_battle_boards_tokens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Emblem, name plate and badge as in the battle (tokens.draw_units), not plain discs labelled "Cul"/"H1"."""
    set_language(lang)
    from game.text.art_names import art_of
    from game.ui import tokens
    from game.ui.token_labels import token_labels

    drawn: dict[str, tuple[object, object, object]] = {}
    real = tokens.draw_token

    def spy(screen: pygame.Surface, creature: Creature, *args: object, **kw: object) -> None:
        drawn[creature.id] = (kw["label"], kw["art"], kw["marker"])
        real(screen, creature, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(tokens, "draw_token", spy)
    for name in ("hexxen_village", "pf1_swamp", "dnd5e_crypt"):
        level = tmp_path / f"{name}.toml"
        level.write_text((LEVELS / f"{name}.toml").read_text(encoding="utf-8"), encoding="utf-8")
        app = App(AppOptions(level=str(level), edit=True))
        drawn.clear()
        app.step()
        units = {u.id: u for u in load_level(level).units}
        labels = token_labels(units)
        assert set(drawn) == set(units), name
        for uid, unit in units.items():
            assert drawn[uid][:2] == (labels[uid], art_of(unit)), (name, uid)
            assert drawn[uid][2] is not None  # the side's badge
        app.close()


def test_a_unit_still_being_written_is_drawn_as_a_token(new_app: App) -> None:
    """No id yet, an id twice, a size the ruleset does not know: each placed unit still gets its own token."""
    scene = editor(new_app)
    base = {"side": scene.doc.sides[0]["id"], "speed": 9}
    units = (
        {**base, "id": "a", "at": [1, 1], "name": {"en": "Archer", "de": "Bogner"}},
        {**base, "id": "a", "at": [3, 1]},
        {**base, "at": [5, 1], "size": "enormous"},
        {**base, "id": "off", "at": "nowhere"},
    )
    doc = replace(scene.doc, units=units)
    creatures, keys = draw.unit_creatures(doc)
    assert keys == ["a", "#2", "#3", None] and set(creatures) == {"a", "#2", "#3"}
    assert str(creatures["a"].name) == "Archer" and creatures["#3"].size == Size.MEDIUM
    surface = pygame.Surface((400, 300))
    draw.draw_units(surface, scene.view, doc, 1)


def test_level_rows_change_the_ruleset_and_the_size(new_app: App) -> None:
    """The level inspector: the ruleset row cycles through the rulesets, width is typed."""
    app = new_app
    scene = editor(app)
    click(app, row(app, "ruleset"))
    # pf1's default diagonal count is no choice the level made: dnd5e gets its own default, not the variant
    assert scene.doc.ruleset == "dnd5e" and scene.doc.rules["diagonal"] == "uniform"
    click(app, row(app, "width"))
    typed(app, "15")
    assert scene.doc.width == 15 and scene.view.board_w == 15


def test_recovering_an_autosaved_draft(tmp_path: Path) -> None:
    """A side file newer than the level: the editor asks, and restores the draft as an edit: the camera fits the
    draft's map, closing asks before losing it, and Ctrl+Z goes back to what the file gave."""
    app = open_editor(tmp_path / "ford.toml", size=(14, 10))
    scene = editor(app)
    click(app, centre(app, (5, 5)))
    scene.autosave()
    app.close()
    app = open_editor(tmp_path / "ford.toml")  # the level was never saved: a blank 12×9 is what the file gives
    try:
        assert isinstance(app.scene, DialogScene)
        click(app, app.scene.buttons[0].rect.center)
        scene = editor(app)
        assert scene.doc.symbol((5, 5)) == "," and (scene.doc.width, scene.doc.height) == (14, 10)
        assert (scene.view.board_w, scene.view.board_h) == (14, 10)  # fitted to the draft, not the blank
        assert scene.session.edited and scene.ask_before_quit(lambda: None)
        app.switch(scene)
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert (scene.doc.width, scene.doc.height) == (12, 9) and scene.doc.symbol((5, 5)) == "."
    finally:
        app.close()


def test_edit_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`edit` opens a new level (headless frames and a screenshot); a bad --map or a level that does not load
    is exit 2 with one line."""
    shot = tmp_path / "shot.png"
    args = ["edit", str(tmp_path / "new.toml"), "--ruleset", "hexxen", "--map", "10x8", "--frames", "2"]
    assert main([*args, "--screenshot", str(shot)]) == 0
    assert shot.exists()
    assert main(["edit", "--map", "2x900", "--frames", "1"]) == 2
    assert "--map" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nruleset = "chess"\n')
    assert main(["edit", str(bad), "--frames", "1"]) == 2
    assert "ruleset" in capsys.readouterr().err


def test_tracing_over_the_battle_map_picture(tmp_path: Path) -> None:
    """A level naming a picture shows it under the grid in the editor (I hides it); painting over it keeps the
    picture in the saved file, and a picture that is missing is a listed problem, as `check` says."""
    picture = pygame.Surface((120, 90))
    picture.fill((20, 120, 200))
    pygame.image.save(picture, str(tmp_path / "castle.png"))
    app = open_editor(tmp_path / "castle.toml")
    try:
        scene = editor(app)
        click(app, row(app, "map.image"))
        typed(app, "castle.png")
        assert scene.doc.map_extra == {"image": "castle.png"} and scene.session.problems()[0].key == "units"
        app.step()
        rect = scene.view.square_rect((5, 5))
        spot = (rect.x + rect.width // 3, rect.y + rect.height // 3)
        assert tuple(app.screen.get_at(spot))[:3] == (20, 120, 200)  # open floor shows the picture
        key(app, pygame.K_i)
        assert tuple(app.screen.get_at(spot))[:3] != (20, 120, 200)
        key(app, pygame.K_i)
        key(app, pygame.K_u)
        click(app, centre(app, (2, 2)))
        click(app, centre(app, (8, 6)))
        key(app, pygame.K_s, pygame.KMOD_CTRL)
        assert check_level(tmp_path / "castle.toml") == []
        level = load_level(tmp_path / "castle.toml")
        assert level.image is not None and level.image.path == "castle.png"
        (tmp_path / "castle.png").unlink()
        assert [p.key for p in problems(scene.doc, tmp_path)] == ["map.image"]  # what check now says
    finally:
        app.close()


def test_a_locked_screen_never_opens_the_editor(tmp_path: Path) -> None:
    """The kiosk's locked window: asking for the editor changes nothing (a public screen edits no files)."""
    app = App(AppOptions(locked=True))
    try:
        app.editing.open_editor(tmp_path / "x.toml")
        assert not isinstance(app.scene, EditorScene)
    finally:
        app.close()


def test_left_and_right_step_a_choice_row_under_the_pointer_and_pan_elsewhere(new_app: App) -> None:
    """Seen in the editor: the size row ignored ←/→ and cycled from "fine" (Large took five clicks)."""
    app = new_app
    scene = editor(app)
    key(app, pygame.K_u)
    click(app, centre(app, (3, 3)))
    assert scene.selected == ("unit", 0) and "size" not in scene.doc.units[0]
    app.step()
    hover(app, row(app, "size"))
    key(app, pygame.K_RIGHT)
    assert scene.doc.units[0]["size"] == "large"
    key(app, pygame.K_RIGHT)
    assert scene.doc.units[0]["size"] == "huge"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.doc.units[0]["size"] == "medium"
    hover(app, centre(app, (5, 5)))  # over the map: the arrows pan (the camera's), never the row
    key(app, pygame.K_LEFT)
    assert scene.doc.units[0]["size"] == "medium"


def test_switching_rulesets_keeps_a_diagonal_the_level_chose_and_resets_one_it_did_not() -> None:
    from game.editor.document import blank, with_ruleset

    pf1 = blank("pf1")
    assert with_ruleset(pf1, "dnd5e").rules["diagonal"] == "uniform"  # pf1's default: reset
    variant = replace(blank("dnd5e"), rules={"diagonal": "alternating"})  # D5's optional 5-10-5 rule, chosen
    assert with_ruleset(variant, "hexxen").rules["diagonal"] == "alternating"
    assert with_ruleset(with_ruleset(variant, "hexxen"), "dnd5e").rules["diagonal"] == "alternating"
    assert with_ruleset(replace(pf1, rules={"diagonal": "uniform"}), "dnd5e").rules["diagonal"] == "uniform"


def test_a_big_map_zoomed_in_is_painted_around_the_view_as_the_whole_map_would_show(tmp_path: Path) -> None:
    """A 60×40 map at the deepest zoom: the editor's layer holds the view and a margin, not 60×40 big squares,
    and the screen shows the same terrain as the whole map's painting (a wall drawn far from the view too)."""
    app = open_editor(tmp_path / "big.toml", size=(60, 40))
    try:
        scene = editor(app)
        key(app, pygame.K_w)
        drag(app, right_edge(app, (30, 18)), right_edge(app, (30, 22)))
        assert len(scene.doc.edges) == 5
        view = scene.view
        view.zoom(40, view.square_center((30, 20)))
        hover(app, (view.rect.right + 5, view.rect.bottom - 5))  # no tool preview over the map
        app.step()
        layer = scene.layer.surface
        assert layer is not None and view.cell == view.max_cell
        assert layer.get_width() <= 1.5 * view.rect.w + 4 * view.cell < 60 * view.cell
        screen = pygame.display.get_surface()
        assert scene.layer.board is not None
        whole = paint_terrain(scene.layer.board, view.cell)
        sample = view.rect.clip(view.square_rect((28, 18), (5, 5)))
        expected = whole.subsurface(sample.move(-view.origin[0], -view.origin[1]))
        shown = screen.subsurface(sample)
        units = [view.square_rect(c.at, c.dims) for c in draw.unit_creatures(scene.doc)[0].values()]
        assert not any(sample.colliderect(u) for u in units)  # nothing over the terrain compared
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(expected.convert(screen), "RGB")
    finally:
        app.close()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)], ids=["1280x800", "800x600"])
def test_every_panel_buttons_label_is_whole_in_every_language(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    """The tools in equal fifths cut "Rechteck" and "Rettangolo" under their keys; each is now as wide as it needs,
    and a key gives way to its label where both do not fit (the keys are in the help)."""
    set_language(lang)
    level = tmp_path / "swamp.toml"
    level.write_text((LEVELS / "pf1_swamp.toml").read_text(encoding="utf-8"), encoding="utf-8")
    app = App(AppOptions(level=str(level), edit=True, size=size))
    widgets.CLIPPED.clear()
    for tool in (pygame.K_b, pygame.K_r, pygame.K_f, pygame.K_w, pygame.K_u):  # every tool's palette too
        key(app, tool)
        app.step()
    assert widgets.CLIPPED == [], widgets.CLIPPED
    app.close()
