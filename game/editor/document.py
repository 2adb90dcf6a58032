"""The level document the editor works on: the level file's content as plain values, never changed in place.

A `Document` holds exactly what a level file says (the TOML shape `game.levels.level.level_to_toml`
writes), so it can hold a level that does not load yet (a unit in a wall, a side without
units) while the author is still working; validation asks the loader itself (validate.py).
Every edit makes a new Document (commands.py); unchanged parts are shared.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import tomli_w

from game.levels.level import DEFAULT_COLORS, Level, LevelError, level_to_toml, parse_level
from game.levels.map_image import MapImage, pair
from rules.board import DEFAULT_LEGEND, board_from_rows
from rules.core import Board, Square, Terrain
from rules.ruleset import get_ruleset

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the house runs 3.11, CI may not
    import tomli as tomllib

Unit = Mapping[str, Any]
"""One `[[units]]` table as the file writes it (id, side, at, and the ruleset's keys)."""
Side = Mapping[str, Any]
"""One `[[sides]]` table: id, name, color, controller."""


@dataclass(frozen=True, slots=True)
class Edge:
    """One `[[map.edges]]` entry, in the orientation the file gives it."""

    a: Square
    b: Square
    kind: str
    open: bool = False
    """A door's state at the start (`open` in the file; only doors have one)."""

    def key(self) -> frozenset[Square]:
        """The edge whichever way round it is written."""
        return frozenset((self.a, self.b))

    @property
    def paint(self) -> str:
        """What the edge tool paints to make this edge: its kind, or door_open for an open door (EDGE_PAINTS)."""
        return "door_open" if self.kind == "door" and self.open else self.kind

    @property
    def board_kind(self) -> str:
        """The kind rules.board reads: the wall kind, or door_closed / door_open."""
        return ("door_open" if self.open else "door_closed") if self.kind == "door" else self.kind

    def to_data(self) -> dict[str, Any]:
        """The `[[map.edges]]` table (a door always says whether it starts open, as level_to_toml writes it)."""
        out: dict[str, Any] = {"a": list(self.a), "b": list(self.b), "kind": self.kind}
        if self.kind == "door" or self.open:
            out["open"] = self.open
        return out


EDGE_PAINTS = ("hampering", "blocking", "door", "door_open")
"""What the edge tool paints: a low wall, a wall, a closed door, an open door (`kind = "door"`, `open = true`)."""


def edge_of(a: Square, b: Square, paint: str) -> Edge:
    """The edge the tool makes with `paint` (one of EDGE_PAINTS)."""
    return Edge(a, b, "door", True) if paint == "door_open" else Edge(a, b, paint)


@dataclass(frozen=True, slots=True)
class Document:
    """A level being edited: every key of the level file, as values that are replaced, never mutated."""

    name: Any
    """A plain string or a table of languages (docs/levels.md)."""
    ruleset: str
    description: Any = ""
    turns: str = "sides"
    rules: Mapping[str, Any] = field(default_factory=dict)
    tiles: tuple[str, ...] = ()
    legend: Mapping[str, Any] = field(default_factory=dict)
    """The level's own legend entries (symbol → TOML value); the default legend always applies too."""
    edges: tuple[Edge, ...] = ()
    sides: tuple[Side, ...] = ()
    units: tuple[Unit, ...] = ()
    victory_rounds: int | None = None
    map_extra: Mapping[str, Any] = field(default_factory=dict)
    """Other `[map]` keys the editor does not edit itself (e.g. a background picture), kept as they are."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Other top-level keys, kept as they are (the loader judges them)."""

    # --- shape ------------------------------------------------------------------------

    @property
    def width(self) -> int:
        """Squares across."""
        return len(self.tiles[0]) if self.tiles else 0

    @property
    def height(self) -> int:
        """Squares down."""
        return len(self.tiles)

    def in_bounds(self, sq: Square) -> bool:
        """Whether `sq` lies on the map."""
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def symbol(self, sq: Square) -> str:
        """The tile symbol of an on-map square."""
        return self.tiles[sq[1]][sq[0]]

    def edge(self, a: Square, b: Square) -> Edge | None:
        """The wall segment between two neighbours, whichever way round it was written."""
        key = frozenset((a, b))
        return next((e for e in self.edges if e.key() == key), None)

    def unit_at(self, sq: Square) -> int | None:
        """The index of the (last drawn) unit whose space covers `sq`, or None."""
        for i in range(len(self.units) - 1, -1, -1):
            if sq in unit_squares(self.units[i], self.ruleset):
                return i
        return None

    def palette(self) -> dict[str, Terrain]:
        """Every symbol the map may use: the default legend, then the level's own entries."""
        table = dict(DEFAULT_LEGEND)
        for symbol, value in self.legend.items():
            terrain = _terrain(symbol, value)
            if terrain is not None:
                table[symbol] = terrain
        return table

    def board(self) -> Board:
        """The map as the rules see it (for drawing and the cost probe); unknown symbols read as floor."""
        palette = self.palette()
        rows = ["".join(c if c in palette else "." for c in row) for row in self.tiles]
        edges = [(e.a, e.b, e.board_kind) for e in self.edges if self.in_bounds(e.a) and self.in_bounds(e.b)]
        return board_from_rows(rows, palette, edges)

    # --- to and from the file -----------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The level-file dictionary (the shape level_to_toml writes)."""
        doc: dict[str, Any] = {"format": 1, "name": _plain(self.name), "ruleset": self.ruleset}
        if self.description:
            doc["description"] = _plain(self.description)
        doc["turns"] = self.turns
        doc["rules"] = dict(self.rules)
        map_doc: dict[str, Any] = {"tiles": "\n".join(self.tiles) + "\n"}
        if self.legend:
            map_doc["legend"] = {k: _plain(v) for k, v in self.legend.items()}
        if self.edges:
            map_doc["edges"] = [e.to_data() for e in self.edges]
        map_doc.update(_plain(self.map_extra))
        doc["map"] = map_doc
        doc["sides"] = [_plain(s) for s in self.sides]
        doc["units"] = [_plain(u) for u in self.units]
        if self.victory_rounds is not None:
            doc["victory"] = {"rounds": self.victory_rounds}
        doc.update(_plain(self.extra))
        return doc

    def to_text(self) -> str:
        """The document as level TOML, as written (valid or not)."""
        return tomli_w.dumps(self.to_data(), multiline_strings=True)

    def to_level(self, source: str = "<editor>", picture_dir: Path | None = None) -> Level:
        """The loaded Level; LevelError (carrying every problem) when the loader refuses it. With `picture_dir`
        (the level's folder) a `[map] image` is read and checked as `check` does."""
        return parse_level(self.to_text(), source, picture_dir=picture_dir)

    def picture(self, folder: Path) -> MapImage | None:
        """The `[map] image` to trace over, found from the level's `folder` (None without one; whether the file
        is a usable picture is the loader's question, asked by validation)."""
        path = self.map_extra.get("image")
        if not isinstance(path, str) or not path.strip():
            return None
        offset = pair(self.map_extra.get("image_offset")) or (0.0, 0.0)
        return MapImage(path, offset, pair(self.map_extra.get("image_size")), str(folder / path))


MAP_KEYS = ("tiles", "legend", "edges")
"""The `[map]` keys the editor edits; any other is kept in `map_extra`."""
TOP_KEYS = ("format", "name", "ruleset", "description", "turns", "rules", "map", "sides", "units", "victory")
"""The top-level keys the editor edits; any other is kept in `extra`."""


def _plain(value: Any) -> Any:
    """A value as plain TOML data (mappings → dicts, tuples → lists)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _terrain(symbol: str, value: Any) -> Terrain | None:
    """A legend entry as Terrain, or None when it is not one yet (validation names it)."""
    kinds = value.get("kind") if isinstance(value, Mapping) else value
    names = [kinds] if isinstance(kinds, str) else kinds
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        return None
    clearance = value.get("clearance") if isinstance(value, Mapping) else None
    skill = bool(value.get("skill_check", False)) if isinstance(value, Mapping) else False
    kinds_set = frozenset(n for n in names if n != "floor")
    return Terrain(kinds_set, clearance_m=clearance, skill_check=skill, symbol=symbol)


def _square(value: Any) -> Square:
    """`[x, y]` → (x, y)."""
    return (int(value[0]), int(value[1]))


def from_data(data: Mapping[str, Any]) -> Document:
    """A Document from a level-file dictionary in the shape `to_data` writes (an autosave, a loaded level)."""
    map_data = data.get("map", {})
    text = str(map_data.get("tiles", ""))
    rows = text.replace("\r\n", "\n").split("\n")
    if rows and rows[0] == "":
        rows = rows[1:]
    while rows and not rows[-1].strip():
        rows.pop()
    edges = tuple(
        Edge(_square(e["a"]), _square(e["b"]), str(e["kind"]), e.get("open", False)) for e in map_data.get("edges", [])
    )
    victory = data.get("victory", {}).get("rounds")
    return Document(
        name=data.get("name", ""),
        ruleset=str(data.get("ruleset", "")),
        description=data.get("description", ""),
        turns=str(data.get("turns", "sides")),
        rules=dict(data.get("rules", {})),
        tiles=tuple(rows),
        legend=dict(map_data.get("legend", {})),
        edges=edges,
        sides=tuple(dict(s) for s in data.get("sides", [])),
        units=tuple(dict(u) for u in data.get("units", [])),
        victory_rounds=victory,
        map_extra={k: v for k, v in map_data.items() if k not in MAP_KEYS},
        extra={k: v for k, v in data.items() if k not in TOP_KEYS},
    )


def from_level(level: Level) -> Document:
    """The document of a loaded level: exactly what saving it would write."""
    return from_data(tomllib.loads(level_to_toml(level)))


def from_text(text: str, source: str = "<level>") -> Document:
    """A Document from level TOML; LevelError when the loader refuses the file."""
    return from_level(parse_level(text, source))


def blank(ruleset: str, width: int = 16, height: int = 12, name: str = "New level") -> Document:
    """A new level: open ground inside a wall, two sides, no units yet."""
    rules = get_ruleset(ruleset)
    rows = ["#" * width] + ["#" + "." * (width - 2) + "#" for _ in range(height - 2)] + ["#" * width]
    if width < 3 or height < 3:
        rows = ["." * width for _ in range(height)]
    sides = tuple(
        {"id": sid, "name": sid.title(), "color": "#{:02x}{:02x}{:02x}".format(*DEFAULT_COLORS[i]), "controller": ctl}
        for i, (sid, ctl) in enumerate((("heroes", "human"), ("foes", "ai")))
    )
    return Document(
        name=name,
        ruleset=ruleset,
        rules={"diagonal": rules.DEFAULT_DIAGONAL},
        tiles=tuple(rows),
        sides=sides,
    )


def with_ruleset(doc: Document, ruleset: str) -> Document:
    """The document under another ruleset: unit keys it does not know dropped, sizes kept where it has them; the
    diagonal count kept only where the level chose one other than its old ruleset's default (a pf1 level's
    default "alternating" is no choice, and a dnd5e level must not inherit it as the variant), else the new
    ruleset's default."""
    rules = get_ruleset(ruleset)
    old_default = get_ruleset(doc.ruleset).DEFAULT_DIAGONAL if doc.ruleset else None
    allowed = set(rules.UNIT_KEYS)
    units = []
    for unit in doc.units:
        kept = {k: v for k, v in unit.items() if k in allowed}
        if kept.get("size") is not None and kept["size"] not in rules.SIZES:
            kept.pop("size")
        units.append(kept)
    diagonal = doc.rules.get("diagonal")
    chosen = diagonal is not None and diagonal != old_default and diagonal in rules.DIAGONALS
    rule_table = {"diagonal": diagonal if chosen else rules.DEFAULT_DIAGONAL}
    return replace(doc, ruleset=ruleset, rules=rule_table, units=tuple(units))


def unit_squares(unit: Unit, ruleset: str) -> frozenset[Square]:
    """The squares a unit's space covers where it stands (one square when its size is unknown)."""
    at = unit.get("at")
    if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(isinstance(v, int) for v in at)):
        return frozenset()
    n = size_squares(unit.get("size", "medium"), ruleset)
    return frozenset((at[0] + dx, at[1] + dy) for dx in range(n) for dy in range(n))


def size_squares(size: Any, ruleset: str) -> int:
    """How many squares across a unit of this size stands (asked of the ruleset: a hexxen token takes one cell)."""
    from rules.core import Size, side_squares

    if get_ruleset(ruleset).complete_unit({}).get("single_cell"):
        return 1
    try:
        return side_squares(Size.parse(str(size or "medium")))
    except KeyError:
        return 1


__all__ = [
    "Document",
    "Edge",
    "LevelError",
    "blank",
    "from_data",
    "from_level",
    "from_text",
    "size_squares",
    "unit_squares",
    "with_ruleset",
]
