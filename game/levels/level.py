"""Level files (TOML) → validated, immutable `Level`; and back to TOML for saving.

The format is docs/levels.md. Every refusal is one
`LevelError` naming the file, the line, the key path and what was expected.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files import read_regular, reason
from game.levels.controllers import CONTROLLERS, TACTIC_NAMES
from game.levels.level_errors import LevelError
from game.levels.level_grammar import KEYS as GRAMMAR_KEYS
from game.levels.level_grammar import named
from game.levels.level_schema import Context, Table, one_of, show
from game.levels.level_units import check_placement, parse_unit, unit_to_dict
from game.levels.map_image import IMAGE_KEYS, MapImage, image_to_toml, parse_image
from game.limits import (
    LEVEL,
    MAX_FILE_BYTES,
    check_tree,
    long_number,
    map_size_problem,
    shape_problem,
    visible_char,
)
from game.paths import DEFAULT_LEVEL
from game.storage import toml_cache
from game.storage.digest import sha256_hex
from game.storage.toml_cache import toml
from game.text.grammar import grammar_to_level
from game.text.i18n import t
from game.text.local_text import to_toml
from game.text.unit_names import distinct_names
from game.tomlio import write_atomic
from rules.board import DEFAULT_LEGEND, board_from_rows
from rules.core import TERRAIN_KINDS, Board, Creature, Options, Square, Terrain
from rules.ruleset import RULESETS, get_ruleset

__all__ = [
    "FORMATS",
    "RULESETS",
    "EdgeSpec",
    "Level",
    "LevelError",
    "SideSpec",
    "check_level",
    "level_to_toml",
    "load_level",
    "parse_level",
    "save_level",
]

FORMATS = (1,)
"""Level format versions this loader reads."""

TURNS = ("sides", "initiative")
EDGE_KINDS = ("hampering", "blocking", "door")
"""`[[map.edges]] kind`: a low wall, a wall, or a door on the edge (with `open`, default false; rules/doors.py)."""
DIAGONALS = ("alternating", "uniform")
"""Every `[rules] diagonal` value; each ruleset says which it plays (its DIAGONALS) and its default."""

DEFAULT_COLORS: tuple[tuple[int, int, int], ...] = ((176, 58, 46), (46, 94, 176), (56, 142, 60), (196, 150, 30))
"""Side colours by side index when a side gives none."""

TOP_KEYS = ("format", "name", "ruleset", "description", "turns", "rules", "map", "sides", "units", "victory")
TOP_KEYS += ("mirror",)  # a tournament level's mark (game/levels/mirror.py)


@dataclass(frozen=True, slots=True)
class SideSpec:
    """One `[[sides]]` entry."""

    id: str
    name: str
    color: tuple[int, int, int]
    controller: str = "human"
    without: tuple[str, ...] = ()
    """Tactics the side's computer player may not use (sorted names of game.levels.controllers.TACTIC_NAMES)."""


@dataclass(frozen=True, slots=True)
class EdgeSpec:
    """One `[[map.edges]]` entry: a wall segment or a door between orthogonal neighbours."""

    a: Square
    b: Square
    kind: str
    open: bool = False
    """A door's state at the start (only doors have one)."""

    @property
    def board_kind(self) -> str:
        """The kind rules.board reads: the wall kind, or door_open / door_closed."""
        if self.kind == "door":
            return "door_open" if self.open else "door_closed"
        return self.kind


@dataclass(frozen=True, slots=True)
class Level:
    """A validated level: everything a match needs to start, read-only."""

    source: str
    format: int
    name: str
    ruleset: str
    description: str
    turns: str
    options: Options
    board: Board
    legend: Mapping[str, Terrain]
    """Every symbol the map may use (the default legend plus the level's own)."""
    tiles: tuple[str, ...]
    """The map rows as written (for saving back)."""
    edges: tuple[EdgeSpec, ...]
    sides: tuple[SideSpec, ...]
    units: tuple[Creature, ...]
    victory_rounds: int | None
    fingerprint: str
    """sha256 (hex) of the file bytes: what format 1 replays and simulate rows name the level by (replays
    written now name it by its play fingerprint, game/levels/level_fingerprint.py)."""
    image: MapImage | None = None
    """The battle-map picture drawn under the grid (`[map] image`), if any."""
    mirror: bool = False
    """`mirror = true`: a tournament level whose two sides mirror each other (`check` verifies it,
    game/levels/mirror.py)."""

    @property
    def unit_names(self) -> dict[str, str]:
        """Each unit's id → the name players see (the id where the level gives no name), numbered where
        units share a name ("Cultist 1", game/text/unit_names.py)."""
        return distinct_names(self.units)

    @property
    def display_names(self) -> dict[str, str]:
        """Unit and side ids → the names players see (a refusal may name either)."""
        return {**{s.id: s.name or s.id for s in self.sides}, **self.unit_names}

    def unit(self, unit_id: str) -> Creature:
        """The unit with this id (KeyError if none)."""
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def side(self, side_id: str) -> SideSpec:
        """The side with this id (KeyError if none)."""
        for side in self.sides:
            if side.id == side_id:
                return side
        raise KeyError(side_id)


# --- reading -------------------------------------------------------------------------


def load_level(path: str | os.PathLike[str]) -> Level:
    """Read and validate a level file; LevelError if it cannot be read or is invalid."""
    source = str(path)
    try:
        data = read_regular(path)
    except OSError as exc:
        raise LevelError(source, t("level_error.cannot_read", reason=reason(exc))) from None
    return parse_level(data, source, picture_dir=Path(source).parent)


def load_or_default(path: str | os.PathLike[str] | None) -> Level:
    """The level at `path`, or the default level (game/paths.py)."""
    return load_level(path or DEFAULT_LEVEL)


PLAYERS = ("level", "hotseat", "computer")
"""Who plays the sides: as the level says, people only (hot-seat), or the first side against the computer."""


def with_players(level: Level, players: str) -> Level:
    """The level with its sides' controllers set for `players` (the file itself is not changed)."""
    if players == "level":
        return level
    sides = tuple(
        dataclasses.replace(s, controller="human" if players == "hotseat" or i == 0 else "ai")
        for i, s in enumerate(level.sides)
    )
    return dataclasses.replace(level, sides=sides)


def check_level(path: str | os.PathLike[str]) -> list[str]:
    """Every problem of a level file as one message each; empty when it loads."""
    try:
        load_level(path)
    except LevelError as exc:
        return [str(p) for p in exc.problems]
    return []


def parse_level(text: str | bytes, source: str = "<level>", picture_dir: str | os.PathLike[str] | None = None) -> Level:
    """Validate level TOML (text or UTF-8 bytes) into a Level; LevelError on the first problem.

    With `picture_dir` (the level's folder) a `[map] image` is read and checked too; without it only
    its keys are (simulation workers and variants need no picture).
    """
    raw = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    if len(raw) > MAX_FILE_BYTES:  # as a file of this size is refused unread (game/files.py): text too
        raise LevelError(source, t("files.too_big", size=len(raw), limit=MAX_FILE_BYTES))
    if isinstance(text, str):
        body = text
    else:
        try:
            body = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            byte = raw[exc.start]
            msg = t("level_error.not_utf8", byte=f"{byte:02x}", offset=exc.start)
            raise LevelError(source, msg, line=line) from None
    body = body.removeprefix("\ufeff")

    ctx = Context(source, body)

    def parse(body: str) -> dict[str, Any]:
        deep = shape_problem(body, LEVEL)  # before tomllib, which takes seconds over megabytes of nested brackets
        if deep is not None:
            line, key, message = deep
            raise LevelError(source, message, line=line, key=key)
        data: dict[str, Any] = toml().loads(body)
        problem = check_tree(data, LEVEL)  # generic bounds first: no later check sees a huge or odd value
        if problem is not None:
            raise ctx.error(problem.path, problem.message)
        return data

    try:
        # a text parsed on an earlier start is read back, without the three passes (game/storage/toml_cache.py): only
        # texts
        # that passed all three are kept, and all three depend on nothing but the text (the kind names the checked
        # result: entries kept before the bounds check joined the passes are not trusted)
        data = toml_cache.loads(body, parse, "level-checked")
    except toml().TOMLDecodeError as exc:  # tomllib is imported only when a text is parsed
        raise _syntax_error(source, exc) from None
    except RecursionError:  # tomllib recurses once per nesting level
        raise LevelError(source, t("level_error.toml_syntax", message=t("limits.nesting"))) from None
    except ValueError:  # a number longer than Python converts: our own message, at its line
        found = long_number(body)
        if found is None:
            raise
        raise LevelError(source, found[1], line=found[0]) from None
    try:
        folder = Path(picture_dir) if picture_dir is not None else None
        return _build(ctx, data, sha256_hex(raw), folder)
    except LevelError as exc:
        raise exc.with_traceback(None) from None


def _syntax_error(source: str, exc: Exception) -> LevelError:
    """A TOML syntax error with the line and column tomllib reports."""
    text = str(exc)
    match = re.search(r"\(at line (\d+), column (\d+)\)", text)
    line = getattr(exc, "lineno", None)
    column = getattr(exc, "colno", None)
    if match and line is None:
        line, column = int(match.group(1)), int(match.group(2))
    message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", getattr(exc, "msg", text))
    from game.text.cli_locale import toml_message  # the parser's English in the player's language

    return LevelError(source, t("level_error.toml_syntax", message=toml_message(message)), line=line, column=column)


def _build(ctx: Context, data: dict[str, Any], fingerprint: str, picture_dir: Path | None = None) -> Level:
    """Every part of the level, in an order that gives the most useful first error."""
    top = Table(ctx, data, ())
    top.finish(TOP_KEYS)
    fmt = top.integer("format")
    if fmt not in FORMATS:
        top.fail("format", t("level_error.format_unknown", format=fmt, known=one_of(map(str, FORMATS))))
    name = top.local_text("name")
    ruleset = top.text("ruleset", choices=RULESETS)
    description = top.local_text("description", "")
    turns = top.text("turns", "sides", choices=TURNS)
    mirror = top.flag("mirror", False)
    options = _options(top.table("rules"), ruleset)
    map_table = top.table("map", required=True)
    board, legend, rows, edges = _map(map_table)
    image = parse_image(map_table, picture_dir, ctx.source, (board.width, board.height))
    sides = _sides(top.tables("sides", required=True))
    units = _units(top.tables("units", required=True), ruleset, sides)
    _placement(ctx, board, ruleset, units)
    victory = top.table("victory")
    rounds = None
    if victory is not None:
        rounds = victory.integer("rounds", None, minimum=1)
        victory.finish(("rounds",))
    return Level(
        source=ctx.source,
        format=fmt,
        name=name,
        ruleset=ruleset,
        description=description,
        turns=turns,
        options=options,
        board=board,
        legend=MappingProxyType(legend),
        tiles=rows,
        edges=edges,
        sides=sides,
        units=units,
        victory_rounds=rounds,
        fingerprint=fingerprint,
        image=image,
        mirror=mirror,
    )


def _options(table: Table | None, ruleset: str) -> Options:
    """`[rules]`: diagonal plus the ruleset's own keys (its LEVEL_OPTIONS, kept in Options.extra)."""
    rules = get_ruleset(ruleset)
    if table is None:
        return Options(diagonal=rules.DEFAULT_DIAGONAL, extra=MappingProxyType({}))
    diagonal = table.text("diagonal", rules.DEFAULT_DIAGONAL, choices=rules.DIAGONALS)
    extra: dict[str, Any] = {}
    for key, (kind, choices) in rules.LEVEL_OPTIONS.items():
        if not table.has(key):
            continue
        if kind is int:
            extra[key] = table.integer(key, minimum=0)
        else:
            extra[key] = table.text(key, choices=choices)
    table.finish(("diagonal", *rules.LEVEL_OPTIONS))
    return Options(diagonal=diagonal, extra=MappingProxyType(extra))


def _map(table: Table) -> tuple[Board, dict[str, Terrain], tuple[str, ...], tuple[EdgeSpec, ...]]:
    """`[map]`: legend, tiles and edges → a Board."""
    legend = dict(DEFAULT_LEGEND)
    extra = table.table("legend")
    if extra is not None:
        for symbol in extra.data:
            legend[symbol] = _legend_entry(extra, symbol)
    rows = _rows(table, legend)
    width, height = len(rows[0]), len(rows)
    edges = tuple(_edge(e, width, height) for e in table.tables("edges"))
    seen: dict[frozenset[Square], int] = {}
    for i, edge in enumerate(edges):
        key = frozenset((edge.a, edge.b))
        if key in seen:
            msg = t("level_error.edge_repeated", index=i, a=list(edge.a), b=list(edge.b), other=seen[key])
            table.fail("edges", msg)
        seen[key] = i
    table.finish(("tiles", "legend", "edges", *IMAGE_KEYS))
    board = board_from_rows(rows, legend, [(e.a, e.b, e.board_kind) for e in edges])
    board = Board(
        board.width, board.height, board.tiles, MappingProxyType(dict(board.edges)), MappingProxyType(dict(board.doors))
    )
    return board, legend, rows, edges


def _legend_entry(table: Table, symbol: str) -> Terrain:
    """One legend symbol: a kind, or a table with kind (or list of kinds), clearance, skill_check."""
    if not visible_char(symbol):
        table.fail(symbol, t("level_error.legend_symbol"))
    value = table.data[symbol]
    if isinstance(value, (str, list)):
        table.seen.add(symbol)
        return Terrain(_kinds(table, symbol, value), symbol=symbol)
    entry = table.table(symbol)
    if entry is None:  # pragma: no cover - table() only returns None for absent keys
        raise AssertionError
    kinds_value = entry.data.get("kind")
    entry.seen.add("kind")
    if kinds_value is None:
        entry.fail("kind", t("level_error.legend_kind_missing"))
    kinds = _kinds(entry, "kind", kinds_value)
    clearance = entry.number("clearance", None, what=t("level_error.what_clearance"))
    if clearance is not None and not 0 < clearance <= 1.5:
        entry.fail("clearance", t("level_error.clearance_range", value=show(clearance)))
    skill_check = entry.flag("skill_check", False)
    entry.finish(("kind", "clearance", "skill_check"))
    return Terrain(kinds, clearance_m=clearance, skill_check=skill_check, symbol=symbol)


def _kinds(table: Table, key: str, value: Any) -> frozenset[str]:
    """A terrain kind or list of kinds → the set (floor adds nothing)."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        table.fail(key, t("level_error.kinds_type", value=show(value)))
    for name in names:
        if name not in TERRAIN_KINDS:
            table.fail(key, t("level_error.kind_unknown", value=show(name), expected=one_of(TERRAIN_KINDS)))
    return frozenset(n for n in names if n != "floor")


def _rows(table: Table, legend: Mapping[str, Terrain]) -> tuple[str, ...]:
    """`map.tiles` → equal rows of known symbols; errors point at the offending row's line."""
    text = table.text("tiles")
    lines = text.replace("\r\n", "\n").split("\n")
    first = 1 if lines and lines[0] == "" else 0
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    indexed = list(enumerate(lines))[first:last]
    if not indexed:
        table.fail("tiles", t("level_error.no_rows"))

    def fail_row(index: int, message: str) -> None:
        base = _tiles_first_line(table)  # only for the error: finding it scans the file (start-up time)
        line = base + index if base is not None else None
        table.ctx.fail(table.at("tiles"), message, line=line)

    width = len(indexed[0][1])
    too_big = map_size_problem(width, len(indexed))
    if too_big is not None:
        table.fail("tiles", too_big)
    for y, (index, row) in enumerate(indexed):
        if len(row) != width:
            fail_row(index, t("level_error.row_width", row=y, count=len(row), width=width))
        for x, symbol in enumerate(row):
            if symbol not in legend:
                known = " ".join(sorted(legend))
                fail_row(index, t("level_error.unknown_symbol", symbol=show(symbol), row=y, column=x, known=known))
    return tuple(row for _, row in indexed)


def _tiles_first_line(table: Table) -> int | None:
    """The file line of the first line of the tiles string's value."""
    line = table.ctx.locator.line_of(table.at("tiles"))
    if line is None:
        return None
    raw = table.ctx.locator.lines[line - 1]
    # TOML drops a newline right after an opening ''' or """, so the value starts one line down
    if re.search(r"('''|\"\"\")\s*$", raw):
        return line + 1
    return line


def _edge(table: Table, width: int, height: int) -> EdgeSpec:
    """One `[[map.edges]]` entry, checked against the map."""
    a, b = table.square("a"), table.square("b")
    kind = table.text("kind", choices=EDGE_KINDS)
    is_open = table.flag("open")
    if table.has("open") and kind != "door":
        table.fail("open", t("door_edge.open_not_door", kind=kind))
    table.finish(("a", "b", "kind", "open"))
    for key, sq in (("a", a), ("b", b)):
        if not (0 <= sq[0] < width and 0 <= sq[1] < height):
            span = t("level_error.map_span", width=width, height=height, max_x=width - 1, max_y=height - 1)
            table.fail(key, t("level_error.outside", square=list(sq), span=span))
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        table.fail("b", t("level_error.not_neighbour", b=list(b), a=list(a)))
    return EdgeSpec(a, b, kind, bool(is_open))


def _is_hex_color(value: str) -> bool:
    """Whether `value` is "#" and six hexadecimal digits (re.fullmatch(r"#[0-9a-fA-F]{6}"), with no pattern to
    compile at start-up)."""
    return len(value) == 7 and value[0] == "#" and all(c in _HEX_DIGITS for c in value[1:])


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _color(table: Table, index: int) -> tuple[int, int, int]:
    """`color = "#rrggbb"` or `[r, g, b]`; a default per side index when absent."""
    if not table.has("color"):
        table.seen.add("color")
        return DEFAULT_COLORS[index % len(DEFAULT_COLORS)]
    value = table.data["color"]
    table.seen.add("color")
    if isinstance(value, str) and _is_hex_color(value):
        return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    ok = isinstance(value, list) and len(value) == 3
    if ok and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in value):
        return (value[0], value[1], value[2])
    table.fail("color", t("level_error.color", value=show(value)))


def _sides(tables: list[Table]) -> tuple[SideSpec, ...]:
    """`[[sides]]` with unique ids."""
    sides: list[SideSpec] = []
    for i, table in enumerate(tables):
        sid = table.text("id")
        if not sid:
            table.fail("id", t("level_error.empty"))
        for j, other in enumerate(sides):
            if other.id == sid:
                table.fail("id", t("level_error.duplicate_side", id=show(sid), index=j))
        name = named(table, table.local_text("name", sid.replace("_", " ").title()))
        color = _color(table, i)
        controller = table.text("controller", "human", choices=CONTROLLERS)
        without = tuple(sorted(set(table.strings("without", (), choices=TACTIC_NAMES))))
        table.finish(("id", "name", "color", "controller", "without", *GRAMMAR_KEYS))
        sides.append(SideSpec(sid, name, color, controller, without))
    return tuple(sides)


def _units(tables: list[Table], ruleset: str, sides: tuple[SideSpec, ...]) -> tuple[Creature, ...]:
    """`[[units]]`: every unit checked on its own, so `check` can list all bad ones."""
    units: list[Creature] = []
    problems: list[LevelError] = []
    side_ids = [s.id for s in sides]
    ids: dict[str, int] = {}
    for i, table in enumerate(tables):
        try:
            unit = parse_unit(table, ruleset)
            if unit.side not in side_ids:
                table.fail("side", t("level_error.unknown_side", side=show(unit.side), expected=one_of(side_ids)))
            if unit.id in ids:
                table.fail("id", t("level_error.duplicate_unit", id=show(unit.id), index=ids[unit.id]))
            ids[unit.id] = i
            units.append(unit)
        except LevelError as exc:
            problems.append(exc)
    _raise(problems)
    return tuple(units)


def _placement(ctx: Context, board: Board, ruleset: str, units: tuple[Creature, ...]) -> None:
    """Start squares: on the map, on open ground, not overlapping, hexxen tokens apart."""

    def error(index: int, key: str, message: str) -> LevelError:
        return ctx.error(("units", index, key), message)

    _raise(check_placement(board, ruleset, units, error))


def _raise(problems: list[LevelError]) -> None:
    """Raise the first problem, carrying all of them."""
    if problems:
        first = problems[0]
        first.problems = tuple(problems)
        raise first


# --- writing -------------------------------------------------------------------------


def _terrain_to_toml(terrain: Terrain) -> Any:
    """A legend value: the plain kind when it can be, else a table."""
    kinds = sorted(terrain.kinds) or ["floor"]
    if terrain.clearance_m is None and not terrain.skill_check and len(kinds) == 1:
        return kinds[0]
    entry: dict[str, Any] = {"kind": kinds[0] if len(kinds) == 1 else kinds}
    if terrain.clearance_m is not None:
        entry["clearance"] = terrain.clearance_m
    if terrain.skill_check:
        entry["skill_check"] = True
    return entry


def _hex(color: tuple[int, int, int]) -> str:
    """`#rrggbb` of an (r, g, b) colour."""
    return "#{:02x}{:02x}{:02x}".format(*color)


def level_to_toml(level: Level) -> str:
    """The level as level-file TOML (defaults left out); parses back to the same Level data."""
    doc: dict[str, Any] = {"format": level.format, "name": to_toml(level.name), "ruleset": level.ruleset}
    if level.description:
        doc["description"] = to_toml(level.description)
    doc["turns"] = level.turns
    if level.mirror:
        doc["mirror"] = True
    doc["rules"] = {"diagonal": level.options.diagonal, **dict(level.options.extra)}
    own = {s: _terrain_to_toml(t) for s, t in level.legend.items() if DEFAULT_LEGEND.get(s) != t}
    map_doc: dict[str, Any] = {"tiles": "\n".join(level.tiles) + "\n"}
    if own:
        map_doc["legend"] = own
    if level.image is not None:
        map_doc.update(image_to_toml(level.image))
    if level.edges:
        map_doc["edges"] = [edge_to_toml(e) for e in level.edges]
    doc["map"] = map_doc
    doc["sides"] = [
        {"id": s.id, "name": to_toml(s.name), **grammar_to_level(s.name), "color": _hex(s.color)}
        | {"controller": s.controller}
        | ({"without": list(s.without)} if s.without else {})
        for s in level.sides
    ]
    doc["units"] = [unit_to_dict(u, level.ruleset) for u in level.units]
    if level.victory_rounds is not None:
        doc["victory"] = {"rounds": level.victory_rounds}
    import tomli_w  # writing a level: not at the game's start

    text = tomli_w.dumps(doc, multiline_strings=True)
    compact = _short_array().sub(_one_line, text)
    # the collapse is cosmetic: keep it only when it provably means the same document
    return compact if toml().loads(compact) == toml().loads(text) else text


@cache
def _short_array() -> re.Pattern[str]:
    """A multi-line array of scalars as tomli_w writes it, to put back on one line (compiled when a level is
    first written, not at the game's start)."""
    return re.compile(r"\[\n((?:    [^\n\[\]{}]+,\n)+)\]")


def _one_line(match: re.Match[str]) -> str:
    """The matched multi-line array written on one line."""
    return "[" + ", ".join(item.strip().rstrip(",") for item in match.group(1).splitlines()) + "]"


def edge_to_toml(edge: EdgeSpec) -> dict[str, Any]:
    """One `[[map.edges]]` table; a door always says whether it starts open."""
    out: dict[str, Any] = {"a": list(edge.a), "b": list(edge.b), "kind": edge.kind}
    if edge.kind == "door":
        out["open"] = edge.open
    return out


def save_level(level: Level, path: str | os.PathLike[str]) -> None:
    """Write the level atomically (temp file in the same directory, then os.replace)."""
    text = level_to_toml(level)
    parse_level(text, str(path), picture_dir=Path(path).parent)  # never write a file the loader would refuse
    write_atomic(path, text)
