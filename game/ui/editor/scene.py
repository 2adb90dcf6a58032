"""The level editor's screen: the map with the tool under the pointer, and a side panel with the tools, the
palette, the inspector, the live problems and the keys. Every change goes through the session (undo, redo);
the cost card asks the ruleset's `measure` (game/editor/probe.py); T plays the level as it is and comes back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.editor import commands as cmd
from game.editor.document import EDGE_PAINTS
from game.editor.probe import Cost, edge_cost, square_cost
from game.editor.session import Session
from game.editor.tools import brush, edge_line, flood, nearest_edge, rectangle
from game.files import reason, shown
from game.levels.level import LevelError
from game.text.i18n import t
from game.ui import theme
from game.ui.editor import draw
from game.ui.editor.fields import (
    Field,
    free_id,
    in_language,
    level_change,
    level_fields,
    parse_entry,
    side_change,
    side_fields,
    unit_change,
    unit_fields,
)
from game.ui.editor.panel import PANEL_W, TOOLS, draw_panel
from game.ui.scenes.base import Scene, SceneHost
from game.ui.view import BoardView
from game.ui.widgets import Button
from rules.core import Square
from rules.ruleset import RULESETS, get_ruleset

TOOL_KEYS = {getattr(pygame, f"K_{k.lower()}"): tool for tool, k in TOOLS}
BRUSH_KEYS = {pygame.K_1: 1, pygame.K_3: 3, pygame.K_5: 5}
AUTOSAVE_SECONDS = 5.0


class EditorScene(Scene):
    """Edit one level: paint, walls, units, keys; save, test-play, undo and redo."""

    saves_itself = True
    """Ctrl+S saves the level here (the app otherwise saves a replay)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.tool = "paint"
        self.brush = 1
        self.symbol = ","
        self.edge_kind = "blocking"
        """What the edge tool paints (one of EDGE_PAINTS)."""
        self.side = 0
        self.selected: tuple[str, int] | None = None
        """("unit", i) or ("side", i); None: the level itself is in the inspector."""
        self.hover: Square | None = None
        self.pointer: tuple[int, int] = (0, 0)
        self.drag: dict[str, Any] | None = None
        self.entry: tuple[Field, str] | None = None
        """The inspector row being typed into, and its text so far."""
        self.entry_fresh = False
        """The entry still shows the old value, all selected: the first key typed replaces it."""
        self.compare = False
        self.message = ""
        self.message_color: theme.Color = theme.MUTED
        self.hits: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.field_rows: list[tuple[pygame.Rect, Field]] = []
        """The inspector rows drawn last, with their fields: ←/→ over one with choices steps its value."""
        self.scroll = 0
        self.inspector_rect = pygame.Rect(0, 0, 0, 0)
        self.layer = draw.MapLayer()
        self.costs: dict[tuple[Any, ...], Cost] = {}
        self.since_autosave = 0.0
        self.view = BoardView(pygame.Rect(0, 0, 800, 600), max(1, session.doc.width), max(1, session.doc.height))

    # --- scene protocol ------------------------------------------------------------------

    def enter(self, app: SceneHost) -> None:
        """Lay out for the window (also when coming back from a test match)."""
        super().enter(app)
        self.relayout(app.screen.get_size())

    def leave(self) -> None:
        """Keep the work: write the autosave side file (or remove it when nothing is left to lose)."""
        self.autosave()
        try:
            self.session.close()
        except OSError as exc:
            self.say(t("editor.autosave_failed", reason=reason(exc)), theme.WARNING)

    def relayout(self, size: tuple[int, int]) -> None:
        """The map takes the window left of the panel."""
        self.view.relayout(pygame.Rect(0, 0, size[0] - PANEL_W, size[1]))

    def update(self, dt: float) -> None:
        """Autosave every few seconds while there are unsaved edits."""
        self.since_autosave += dt
        if self.since_autosave >= AUTOSAVE_SECONDS:
            self.since_autosave = 0.0
            self.autosave()

    def autosave(self) -> None:
        """The side file (never a reason to stop editing when the disk refuses)."""
        try:
            self.session.autosave()
        except OSError as exc:
            self.say(t("editor.autosave_failed", reason=reason(exc)), theme.WARNING)

    def say(self, message: str, color: theme.Color | None = None) -> None:
        """The status line (in the theme's muted colour unless `color` says otherwise)."""
        self.message, self.message_color = message, theme.MUTED if color is None else color

    # --- document ------------------------------------------------------------------------

    @property
    def doc(self):
        """The document being edited."""
        return self.session.doc

    def do(self, command: cmd.Command | None) -> None:
        """Make an edit through the session; keep the camera on the map's size."""
        if self.session.do(command):
            self._after_change()

    def _after_change(self) -> None:
        doc = self.doc
        if (self.view.board_w, self.view.board_h) != (doc.width, doc.height):
            self.view.board_w, self.view.board_h = max(1, doc.width), max(1, doc.height)
            self.view.fit()
        if self.selected and self.selected[1] >= len(doc.units if self.selected[0] == "unit" else doc.sides):
            self.selected = None
        self.side = min(self.side, max(0, len(doc.sides) - 1))

    def undo(self) -> None:
        """Ctrl+Z."""
        done = self.session.undo()
        self.say(t("editor.undone", what=t(done.label)) if done else t("editor.nothing_to_undo"))
        self._after_change()

    def redo(self) -> None:
        """Ctrl+Y / Ctrl+Shift+Z."""
        done = self.session.redo()
        self.say(t("editor.redone", what=t(done.label)) if done else t("editor.nothing_to_redo"))
        self._after_change()

    def save(self, force: bool = False) -> None:
        """Ctrl+S: save; a level with problems asks first."""
        try:
            if self.session.save(force):
                self.say(t("editor.saved", path=shown(self.session.path)), theme.ACCENT)
                return
        except OSError as exc:
            self.say(t("editor.save_failed", path=shown(self.session.path), reason=reason(exc)), theme.WARNING)
            return
        from game.ui.scenes.dialog import Choice, DialogScene

        count = len(self.session.problems())
        back = lambda: self.app.switch(self)  # noqa: E731 - a button's action

        def anyway() -> None:
            back()
            self.save(force=True)

        lines = [p.text() for p in self.session.problems()[:3]]
        choices = [Choice(t("editor.save_anyway"), anyway), Choice(t("editor.keep_editing"), back)]
        self.app.switch(DialogScene(t("editor.save_invalid", count=count), lines, choices, cancel=back))

    def ask_before_quit(self, then: Callable[[], None]) -> bool:
        """Closing the window or Quit with unsaved edits: save / discard / cancel; False when nothing to ask.

        Discarding leaves the autosave side file, so the draft can still be recovered (docs/editor.md)."""
        if not self.session.edited or self.app.options.locked:
            return False  # an untouched new level is no work to lose
        from game.ui.scenes.dialog import Choice, DialogScene

        came_from = self.app.scene
        stay = lambda: self.app.switch(came_from if came_from is not None else self)  # noqa: E731

        def save_then() -> None:
            self.app.switch(self)
            try:
                saved = self.session.save(False)
            except OSError as exc:
                self.say(t("editor.save_failed", path=shown(self.session.path), reason=reason(exc)), theme.WARNING)
                return
            if saved:
                then()
            else:
                self.save()  # problems: the question before saving an invalid level

        choices = [
            Choice(t("editor_quit.save"), save_then, pygame.K_s, "S"),
            Choice(t("editor_quit.discard"), then, pygame.K_d, "D"),
            Choice(t("editor_quit.cancel"), stay, pygame.K_c, "C"),
        ]
        lines = [t("editor_quit.unsaved", path=shown(self.session.path)), t("editor_quit.autosave")]
        self.app.switch(DialogScene(t("editor_quit.title"), lines, choices, cancel=stay))
        return True

    def test_play(self) -> None:
        """T: a match on the level as it is now; the editor comes back after it (the pause menu, the end)."""
        if self.session.problems():
            self.say(t("editor.cannot_play", count=len(self.session.problems())), theme.WARNING)
            return
        try:
            level = self.doc.to_level(str(self.session.path), self.session.path.parent)
        except LevelError as exc:  # pragma: no cover - problems() already said so
            self.say(str(exc), theme.WARNING)
            return
        self.autosave()
        self.app.editing.test_play(level, self)

    # --- input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse on the map uses the tool; the panel's rows and buttons; keys."""
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._press(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._release()
        elif event.type == pygame.MOUSEWHEEL:
            if self.inspector_rect.collidepoint(self.pointer):
                self.scroll = max(0, self.scroll - event.y)
            else:
                self.view.zoom(event.y, self.pointer)
        elif event.type == pygame.TEXTINPUT and self.entry is not None:
            kept = "" if self.entry_fresh else self.entry[1]
            self.entry, self.entry_fresh = (self.entry[0], kept + event.text), False
        elif event.type == pygame.KEYDOWN:
            if self.entry is not None:
                self._entry_key(event)
            else:
                self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl, shift = bool(event.mod & pygame.KMOD_CTRL), bool(event.mod & pygame.KMOD_SHIFT)
        key = event.key
        if ctrl and key == pygame.K_z:
            self.redo() if shift else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.save()
        elif ctrl:
            return
        elif key in (pygame.K_t, pygame.K_F9):
            self.test_play()
        elif key in TOOL_KEYS:
            self.set_tool(TOOL_KEYS[key])
        elif key in BRUSH_KEYS:
            self.brush = BRUSH_KEYS[key]
        elif key == pygame.K_c:
            self.compare = not self.compare
        elif key == pygame.K_i:
            self.layer.show_picture = not self.layer.show_picture
        elif key in (pygame.K_q, pygame.K_e):
            self._cycle(1 if key == pygame.K_e else -1)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selected()
        elif key == pygame.K_ESCAPE:
            self._escape()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self._choice_under_pointer() is not None:
            field = self._choice_under_pointer()
            assert field is not None
            self.set_field(field, field.next_choice(1 if key == pygame.K_RIGHT else -1))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = self.view.cell * 2
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(key, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(key, 0)
            self.view.pan(dx, dy)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.view.zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.view.zoom(-1)
        elif key == pygame.K_HOME:
            self.view.fit()

    def _choice_under_pointer(self) -> Field | None:
        """The inspector row under the pointer when it has choices (or is a boolean), else None."""
        for rect, field in self.field_rows:
            if rect.collidepoint(self.pointer) and (field.choices or isinstance(field.value, bool)):
                return field
        return None

    def _escape(self) -> None:
        """Esc steps back: a drag, the selection, then the pause menu."""
        if self.drag is not None:
            self.drag = None
        elif self.selected is not None:
            self.selected = None
        else:
            self.app.screens.show_pause(self)

    def _cycle(self, step: int) -> None:
        """Q / E: the previous or next terrain symbol, edge kind or side."""
        if self.tool == "wall":
            self.edge_kind = EDGE_PAINTS[(EDGE_PAINTS.index(self.edge_kind) + step) % len(EDGE_PAINTS)]
        elif self.tool == "unit" and self.doc.sides:
            self.side = (self.side + step) % len(self.doc.sides)
        else:
            symbols = list(self.doc.palette())
            here = symbols.index(self.symbol) if self.symbol in symbols else 0
            self.symbol = symbols[(here + step) % len(symbols)]

    def set_tool(self, tool: str) -> None:
        """Choose a tool (B, R, F, W, U or its button)."""
        self.tool, self.drag = tool, None

    def delete_selected(self) -> None:
        """Delete the selected unit (or side)."""
        if self.selected is None:
            return
        what, index = self.selected
        self.selected = None
        self.do(cmd.remove_unit(self.doc, index) if what == "unit" else cmd.remove_side(self.doc, index))

    def _entry_key(self, event: pygame.event.Event) -> None:
        """Typing into an inspector row: Enter keeps it, Esc drops it, Backspace deletes."""
        assert self.entry is not None
        field, typed = self.entry
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.entry = None
            if not self.entry_fresh:
                self.set_field(field, parse_entry(typed))
        elif event.key == pygame.K_ESCAPE:
            self.entry = None
        elif event.key == pygame.K_BACKSPACE:
            self.entry = (field, "" if self.entry_fresh else typed[:-1])
            self.entry_fresh = False

    # --- the map -------------------------------------------------------------------------

    def _board_pos(self, pos: tuple[int, int]) -> tuple[float, float]:
        """A screen point in squares (fractions inside a square)."""
        return ((pos[0] - self.view.origin[0]) / self.view.cell, (pos[1] - self.view.origin[1]) / self.view.cell)

    def _motion(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        self.hover = self.view.square_at(pos)
        drag = self.drag
        if drag is None or self.hover is None:
            return
        if drag["tool"] == "paint":
            drag["squares"].update(brush(self.hover, self.brush))
        elif drag["tool"] in ("rect", "move"):
            drag["to"] = self.hover
        elif drag["tool"] == "wall":
            drag["to"] = nearest_edge(*self._board_pos(pos))

    def _press(self, pos: tuple[int, int], button: int) -> None:
        self.pointer = pos
        if button == 1:
            for rect, run in reversed(self.hits):
                if rect.collidepoint(pos):
                    self.entry = None
                    run()
                    return
        self.entry = None
        sq = self.view.square_at(pos)
        if sq is None:
            return
        self.hover = sq
        if button == 3:
            self._right_press(pos, sq)
        elif self.tool == "paint":
            self.drag = {"tool": "paint", "squares": set(brush(sq, self.brush))}
        elif self.tool == "rect":
            self.drag = {"tool": "rect", "from": sq, "to": sq}
        elif self.tool == "fill":
            self.do(cmd.Paint.of(self.doc, flood(self.doc, sq), self.symbol))
        elif self.tool == "wall":
            edge = nearest_edge(*self._board_pos(pos))
            self.drag = {"tool": "wall", "from": edge, "to": edge, "kind": self.edge_kind}
        elif self.tool == "unit":
            self._unit_press(sq)

    def _right_press(self, pos: tuple[int, int], sq: Square) -> None:
        """Right button: erase walls (wall tool), pick the square's terrain (painting tools), deselect (units)."""
        if self.tool == "wall":
            edge = nearest_edge(*self._board_pos(pos))
            self.drag = {"tool": "wall", "from": edge, "to": edge, "kind": None}
        elif self.tool == "unit":
            self.selected = None
        else:
            self.symbol = self.doc.symbol(sq)

    def _unit_press(self, sq: Square) -> None:
        """On a unit: select it and start moving it; elsewhere: a new unit of the chosen side."""
        index = self.doc.unit_at(sq)
        if index is not None:
            self.selected = ("unit", index)
            self.drag = {"tool": "move", "index": index, "from": sq, "to": sq}
            return
        if not self.doc.sides:
            self.say(t("editor.no_side"), theme.WARNING)
            return
        side = self.doc.sides[self.side]
        unit: dict[str, Any] = {"id": free_id(self.doc, str(side.get("id", "unit"))), "side": side.get("id")}
        unit["at"] = [sq[0], sq[1]]
        if get_ruleset(self.doc.ruleset).unit_problems({"speed": None, "race": None}):
            unit["speed"] = 9  # the ruleset needs a speed to be given (pf1 without a race)
        self.do(cmd.add_unit(self.doc, unit))
        self.selected = ("unit", len(self.doc.units) - 1)

    def _release(self) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag["tool"] == "paint":
            self.do(cmd.Paint.of(self.doc, drag["squares"], self.symbol))
        elif drag["tool"] == "rect":
            self.do(cmd.Paint.of(self.doc, rectangle(drag["from"], drag["to"]), self.symbol))
        elif drag["tool"] == "wall":
            self.do(cmd.SetEdges.of(self.doc, edge_line(drag["from"], drag["to"]), drag["kind"]))
        elif drag["tool"] == "move" and drag["to"] != drag["from"]:
            unit = self.doc.units[drag["index"]]
            at = unit.get("at", [0, 0])
            dx, dy = drag["to"][0] - drag["from"][0], drag["to"][1] - drag["from"][1]
            self.do(cmd.move_unit(self.doc, drag["index"], (at[0] + dx, at[1] + dy)))

    def preview(self) -> tuple[list[Square], list[tuple[Square, Square]]]:
        """The squares and edges the drag in progress (or the pointer) would change."""
        drag, sq = self.drag, self.hover
        if drag is None:
            if sq is None:
                return [], []
            if self.tool == "wall":
                return [], [nearest_edge(*self._board_pos(self.pointer))]
            return (brush(sq, self.brush) if self.tool == "paint" else [sq]), []
        if drag["tool"] == "paint":
            return sorted(drag["squares"]), []
        if drag["tool"] == "rect":
            return rectangle(drag["from"], drag["to"]), []
        if drag["tool"] == "wall":
            return [], edge_line(drag["from"], drag["to"])
        return [drag["to"]], []

    # --- the inspector -------------------------------------------------------------------

    def fields(self) -> tuple[str, list[Field]]:
        """The inspector's title and rows: the selected unit or side, else the level."""
        doc = self.doc
        if self.selected is not None:
            what, index = self.selected
            if what == "unit":
                return t("editor.unit_title", id=doc.units[index].get("id", "?")), unit_fields(doc, index)
            return t("editor.side_title", id=doc.sides[index].get("id", "?")), side_fields(doc, index)
        return t("editor.level_title"), level_fields(doc)

    def press_field(self, field: Field) -> None:
        """A click on a row: a fixed list or a boolean changes at once, anything else is typed."""
        if field.choices or isinstance(field.value, bool):
            self.set_field(field, field.next_choice())
        else:
            self.entry, self.entry_fresh = (field, field.entry_text()), True

    def set_field(self, field: Field, value: Any) -> None:
        """Set the row's key through the matching edit."""
        doc = self.doc
        if self.selected is None:
            self.do(level_change(doc, field.key, value))
        elif self.selected[0] == "unit":
            self.do(unit_change(doc, self.selected[1], field.key, value))
        else:
            self.do(side_change(doc, self.selected[1], field.key, value))

    def add_side(self) -> None:
        """A new side (the next default colour), selected for the inspector."""
        n = len(self.doc.sides) + 1
        ids = {s.get("id") for s in self.doc.sides}
        while f"side{n}" in ids:
            n += 1
        self.do(cmd.add_side(self.doc, {"id": f"side{n}", "controller": "human"}))
        self.side = len(self.doc.sides) - 1
        self.selected = ("side", self.side)

    def choose_side(self, index: int) -> None:
        """A click on a side: new units join it; the inspector shows it."""
        self.side = index
        self.selected = ("side", index)

    # --- the cost card -------------------------------------------------------------------

    def cost(self, sq: Square, ruleset: str) -> Cost:
        """The step into `sq` under `ruleset` for the selected unit (else a Medium walker), asked once per state."""
        unit = self.doc.units[self.selected[1]] if self.selected and self.selected[0] == "unit" else None
        key = (self.doc.tiles, repr(self.doc.legend), self.doc.edges, sq, ruleset, repr(unit), repr(self.doc.rules))
        if key not in self.costs:
            if len(self.costs) > 2000:
                self.costs.clear()
            self.costs[key] = square_cost(self.doc, sq, ruleset, unit)
        return self.costs[key]

    def probe_name(self) -> str:
        """Who the cost card asks about: the selected unit by name (else id), or "a unit"."""
        if self.selected and self.selected[0] == "unit":
            unit = self.doc.units[self.selected[1]]
            return in_language(unit.get("name")) or str(unit.get("id", "?"))
        return t("editor.probe")

    def card_lines(self) -> list[tuple[str, theme.Color]]:
        """What the hovered square is and costs: the level's ruleset, or all three side by side (C)."""
        sq = self.hover
        if sq is None or not self.doc.in_bounds(sq):
            return []
        symbol = self.doc.symbol(sq)
        terrain = self.doc.palette().get(symbol)
        kinds = ", ".join(t(f"editor.kind.{k}") for k in sorted(terrain.kinds)) if terrain else "?"
        lines = [
            (t("editor.card_square", square=list(sq), symbol=symbol, kinds=kinds or t("editor.kind.floor")), theme.TEXT)
        ]
        for ruleset in RULESETS if self.compare else (self.doc.ruleset,):
            cost = self.cost(sq, ruleset)
            name = t(f"ruleset.{ruleset}")
            if cost.result is None:
                lines.append((t("editor.card_no_start", ruleset=name), theme.MUTED))
                continue
            color = theme.TEXT if cost.ok else theme.WARNING
            verdict = cost.lines(self.probe_name())
            lines.append((f"{name}: {verdict[-1].strip()}", color))
            if not self.compare:
                lines += [(line.strip(), theme.MUTED) for line in verdict[:-1]]
            else:
                lines.append(("    " + " ".join(cost.rules()), theme.MUTED))
        return lines + self.door_card_lines()

    def door_card_lines(self) -> list[tuple[str, theme.Color]]:
        """The door on the edge nearest the pointer, if there is one: what crossing it costs and which rule says."""
        a, b = nearest_edge(*self._board_pos(self.pointer))
        edge = self.doc.edge(a, b)
        if edge is None or edge.kind != "door":
            return []
        state = t("door_edge.state_open") if edge.open else t("door_edge.state_closed")
        lines = [(t("door_edge.card", a=list(edge.a), b=list(edge.b), state=state), theme.TEXT)]
        unit = self.doc.units[self.selected[1]] if self.selected and self.selected[0] == "unit" else None
        for ruleset in RULESETS if self.compare else (self.doc.ruleset,):
            key = ("door", self.doc.tiles, repr(self.doc.legend), self.doc.edges, edge, ruleset, repr(unit))
            if key not in self.costs:
                self.costs[key] = edge_cost(self.doc, edge.a, edge.b, ruleset, unit)
            cost = self.costs[key]
            name = t(f"ruleset.{ruleset}")
            if cost.result is None:
                lines.append((t("editor.card_no_start", ruleset=name), theme.MUTED))
                continue
            verdict = cost.lines(self.probe_name())
            lines.append((f"{name}: {verdict[-1].strip()}", theme.TEXT if cost.ok else theme.WARNING))
            lines.append(("    " + " ".join(cost.rules()), theme.MUTED))
        return lines

    # --- drawing -------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """The map with the preview and marks, the cost card, and the panel."""
        screen.fill(theme.BOARD_BACKGROUND)
        doc = self.doc
        if doc.width and doc.height:
            ox, oy = self.view.origin
            layer = self.layer.get(doc, self.view.cell, self.session.path.parent, self.view.rect.move(-ox, -oy))
            screen.blit(layer, (ox + self.layer.offset[0], oy + self.layer.offset[1]))
        selected = self.selected[1] if self.selected and self.selected[0] == "unit" else None
        draw.draw_units(screen, self.view, doc, selected)
        squares, edges = self.preview()
        if self.tool in ("paint", "rect", "fill") and squares:
            color = theme.TERRAIN_FILL.get(_kind(doc, self.symbol), theme.ACCENT)
            draw.shade_squares(screen, self.view, [s for s in squares if doc.in_bounds(s)], color)
        draw.mark_squares(screen, self.view, [s for s in squares if doc.in_bounds(s)], theme.ACCENT, 1)
        erase = self.drag is not None and self.drag.get("tool") == "wall" and self.drag.get("kind") is None
        draw.draw_edges(screen, self.view, edges, theme.WARNING if erase else theme.ACCENT)
        marked = [p.square for p in self.session.problems() if p.square is not None and doc.in_bounds(p.square)]
        draw.mark_squares(screen, self.view, marked, theme.WARNING, 3)
        lines = self.card_lines()
        if lines and self.hover is not None:
            below = self.view.square_center(self.hover)[1] > self.view.rect.centery
            grid = self.view.square_rect((0, 0), (doc.width, doc.height))
            draw.card(screen, self.view.rect, lines, top=below, clear=self.view.square_rect(self.hover), spare=grid)
        self.hits = []
        self.field_rows = []
        draw_panel(self, screen, pygame.Rect(screen.get_width() - PANEL_W, 0, PANEL_W, screen.get_height()))

    def title(self) -> str:
        """The level's name in the chosen language, marked when there are unsaved edits."""
        name = in_language(self.doc.name) or shown(Path(self.session.path).stem)
        return f"{name} *" if self.session.dirty else name

    def button(
        self, rect: pygame.Rect, label: str, run: Callable[[], None], armed: bool = False, key: str = ""
    ) -> None:
        """Draw a panel button and register its click."""
        b = Button(rect, label, label, shortcut=key, armed=armed)
        b.draw(self.app.screen, hover=b.hit(self.pointer))
        self.hits.append((rect, run))

    def row(self, rect: pygame.Rect, run: Callable[[], None]) -> None:
        """Register a click on a drawn row."""
        self.hits.append((rect, run))


def _kind(doc: Any, symbol: str) -> str:
    """The first terrain kind of a symbol (floor when it has none), for its colour."""
    terrain = doc.palette().get(symbol)
    return sorted(terrain.kinds)[0] if terrain and terrain.kinds else "floor"


__all__ = ["PANEL_W", "EditorScene"]
