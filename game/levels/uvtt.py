"""Universal VTT battle maps (.dd2vtt, .uvtt, .df2vtt) → a level: walls, doors, objects, picture (docs/import.md).

The file is JSON: `resolution` (`map_origin`, `map_size` in squares, `pixels_per_grid`), wall polylines
in `line_of_sight`, object outlines in `objects_line_of_sight`, doors in `portals`, the picture as
base64 in `image`; points are `{"x": …, "y": …}` in squares, relative to `map_origin`. Every value is
checked before it is used: a file that is not such a map is one `UvttError` naming the key.
The geometry is game/levels/wall_trace.py; the level is built as TOML and passes the level loader.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from game.files import output_problem, read_regular, reason, same_file, shown, write_output
from game.levels.level import Level, level_to_toml, load_level, parse_level
from game.levels.level_schema import show
from game.levels.map_image import PictureError, PictureInfo, picture_info
from game.levels.wall_trace import CUT, Edge, Point, Segment, clip, covered_squares, door_places, run_lengths, trace
from game.limits import MAX_IMAGE_BYTES, MAX_MAP_JSON_BYTES, MAX_MAP_SIDE, MAX_NUMBER_DIGITS, control_char
from game.text.i18n import LANGUAGES, t

MAX_UVTT_BYTES = MAX_IMAGE_BYTES * 4 // 3 + 5_000_000
"""Largest map file read: the largest picture in base64 and plenty of walls."""
MAX_POINTS = 100_000
"""Most points of all walls, objects and doors together."""
MAX_WALL_SQUARES = 400_000
"""Most squares all wall, object and door lines may cross together on the map: keeps the tracing quick."""
MAX_COORDINATE = 1_000_000.0
"""Largest absolute coordinate (squares); the map itself is at most 128 squares a side."""
OBJECTS = ("difficult", "solid", "hampering", "none")
"""What the squares under object outlines become (`--objects`); `hampering` keeps furniture smaller than a
square too: every square an outline touches becomes hampering terrain (`%`)."""
TOUCH = 1 / 16
"""`--objects hampering`: the share of a square an outline must cover (one of its 4 × 4 sample points)."""
DEFAULT_OBJECTS = "difficult"
SYMBOL = {"floor": ".", "solid": "#", "difficult": ",", "hampering": "%", "closed": "+", "open": "/"}

Path_ = tuple[str | int, ...]


class UvttError(ValueError):
    """A map file that cannot be imported: `source: key: what is wrong`."""


@dataclass(frozen=True, slots=True)
class Portal:
    """A door: its two ends (squares, relative to the map's origin) and whether it is closed."""

    ends: Segment
    closed: bool


@dataclass(frozen=True, slots=True)
class UvttMap:
    """What the importer reads of a Universal VTT file, checked."""

    width: int
    height: int
    origin: Point
    pixels_per_grid: float | None
    walls: list[list[Point]]
    objects: list[list[Point]]
    portals: list[Portal]
    picture: bytes | None
    info: PictureInfo | None


@dataclass(slots=True)
class Decisions:
    """What the importer made of the map, for the report it prints."""

    walled_edges: int = 0
    solid_squares: int = 0
    doors_closed: int = 0
    doors_open: int = 0
    door_edges: int = 0
    """Portals along square edges: doors on those edges (`kind = "door"`)."""
    door_squares: int = 0
    """Portals off the grid lines (diagonal, off-grid): door squares along them instead."""
    doors_skipped: int = 0
    objects: int = 0
    object_squares: int = 0
    dropped: list[tuple[int, Point, str]] = field(default_factory=list)
    """Objects that made no square: (index in `objects_line_of_sight`, first point, why: too_small, in_walls,
    in_doorway, none)."""
    units: list[tuple[str, tuple[int, int]]] = field(default_factory=list)


# --- reading ------------------------------------------------------------------------------


def _where(path: Path_) -> str:
    """`portals[2].bounds` for a key path."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


class _Reader:
    """Checked access to the decoded JSON: every refusal names the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.points = 0

    def fail(self, path: Path_, message: str) -> UvttError:
        where = _where(path)
        return UvttError(f"{self.source}: {where}: {message}" if where else f"{self.source}: {message}")

    def table(self, value: Any, path: Path_) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, t("uvtt.expected_object", value=_short(value)))
        return value

    def key(self, table: dict[str, Any], name: str, path: Path_) -> Any:
        if name not in table:
            raise self.fail((*path, name), t("uvtt.missing"))
        return table[name]

    def number(self, value: Any, path: Path_) -> float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not ok or not math.isfinite(value) or abs(value) > MAX_COORDINATE:
            raise self.fail(path, t("uvtt.expected_number", value=_short(value), limit=f"{MAX_COORDINATE:g}"))
        return float(value)

    def point(self, value: Any, path: Path_) -> Point:
        if not isinstance(value, dict) or "x" not in value or "y" not in value:
            raise self.fail(path, t("uvtt.expected_point", value=_short(value)))
        self.points += 1
        if self.points > MAX_POINTS:
            raise self.fail(path, t("uvtt.too_many_points", limit=MAX_POINTS))
        return (self.number(value["x"], (*path, "x")), self.number(value["y"], (*path, "y")))

    def lines(self, data: dict[str, Any], name: str, origin: Point) -> list[list[Point]]:
        value = data.get(name, [])
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail((name,), t("uvtt.expected_list", value=_short(value)))
        out = []
        for i, line in enumerate(value):
            if not isinstance(line, list):
                raise self.fail((name, i), t("uvtt.expected_list", value=_short(line)))
            pts = [self.point(p, (name, i, j)) for j, p in enumerate(line)]
            out.append([(x - origin[0], y - origin[1]) for x, y in pts])
        return out


def _short(value: Any) -> str:
    """A JSON value for a message, cut to a readable length."""
    text = show(value) if not isinstance(value, (dict, list)) else json.dumps(value, ensure_ascii=False)[:60]
    return text if len(text) <= 60 else text[:57] + "…"


def _no_constant(name: str) -> Any:
    raise ValueError(t("uvtt.not_finite", value=name))


def _picture_span(raw: bytes) -> int:
    """Bytes of the `"image"` string's value (the base64 picture), found without parsing: the rest of the file must
    stay small (MAX_MAP_JSON_BYTES), so a file of 38 MB of brackets is refused before json builds a million dicts."""
    key = raw.find(b'"image"')
    if key < 0:
        return 0
    start = raw.find(b'"', raw.find(b":", key + 7) + 1)
    end = raw.find(b'"', start + 1) if start >= 0 else -1
    return end - start if end > start else 0


def _integer(text: str) -> int:
    """A JSON integer, its digits counted before it is converted (Python's own limit names a setting, not the map)."""
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(t("gates.number_digits", digits=len(text.lstrip("-")), limit=MAX_NUMBER_DIGITS))
    return int(text)


def _real(text: str) -> float:
    """A JSON number with a fraction or exponent, its length counted before it is converted."""
    if len(text) > 2 * MAX_NUMBER_DIGITS:
        raise ValueError(t("gates.number_digits", digits=len(text), limit=2 * MAX_NUMBER_DIGITS))
    return float(text)


def read_uvtt(path: str | Path) -> UvttMap:
    """Read and check a Universal VTT file; UvttError (one clear line) if it cannot be imported."""
    source = shown(path)
    try:
        raw = read_regular(path, MAX_UVTT_BYTES)
    except OSError as exc:
        raise UvttError(f"{source}: {t('uvtt.cannot_read', reason=reason(exc))}") from None
    rest = len(raw) - _picture_span(raw)
    if rest > MAX_MAP_JSON_BYTES:
        raise UvttError(f"{source}: {t('gates.map_json_size', size=rest, limit=MAX_MAP_JSON_BYTES)}")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UvttError(f"{source}: {t('uvtt.not_utf8', offset=exc.start)}") from None
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_integer, parse_float=_real)
    except json.JSONDecodeError as exc:
        raise UvttError(f"{source}: {t('uvtt.not_json', line=exc.lineno, column=exc.colno)}") from None
    except (ValueError, RecursionError) as exc:  # NaN, a 50-digit number, nesting deeper than Python recurses
        detail = str(exc) if isinstance(exc, ValueError) else t("limits.nesting")
        raise UvttError(f"{source}: {t('uvtt.not_json_value', detail=detail)}") from None
    return parse_uvtt(data, source)


def parse_uvtt(data: Any, source: str = "<map>") -> UvttMap:
    """Check decoded Universal VTT JSON; UvttError naming the key on the first problem."""
    r = _Reader(source)
    top = r.table(data, ())
    res = r.table(r.key(top, "resolution", ()), ("resolution",))
    size = r.table(r.key(res, "map_size", ("resolution",)), ("resolution", "map_size"))
    width, height = (_side(r, size, axis) for axis in ("x", "y"))
    origin = (0.0, 0.0)
    if res.get("map_origin") is not None:
        o = res["map_origin"]
        origin = r.point(o, ("resolution", "map_origin"))
    ppg = None
    if res.get("pixels_per_grid") is not None:
        ppg = r.number(res["pixels_per_grid"], ("resolution", "pixels_per_grid"))
        if not 1 <= ppg <= 10_000:
            raise r.fail(("resolution", "pixels_per_grid"), t("uvtt.ppg", value=_short(res["pixels_per_grid"])))
    walls = r.lines(top, "line_of_sight", origin)
    objects = r.lines(top, "objects_line_of_sight", origin)
    portals = _portals(r, top, origin)
    crossed = sum(_squares_crossed(line, width, height) for line in (*walls, *objects))
    crossed += sum(_squares_crossed(list(p.ends), width, height) for p in portals)
    if crossed > MAX_WALL_SQUARES:
        raise r.fail(("line_of_sight",), t("uvtt.too_long", count=crossed, limit=MAX_WALL_SQUARES))
    picture, info = _picture(r, top)
    if picture is not None and ppg is None:
        raise r.fail(("resolution", "pixels_per_grid"), t("uvtt.missing"))
    return UvttMap(width, height, origin, ppg, walls, objects, portals, picture, info)


def _squares_crossed(line: list[Point], width: int, height: int) -> int:
    """About how many squares a polyline crosses on the map (what tracing it costs)."""
    total = 0
    for seg in itertools.pairwise(line):
        inside = clip(seg, width, height)
        if inside is not None:
            (x0, y0), (x1, y1) = inside
            total += math.ceil(abs(x1 - x0)) + math.ceil(abs(y1 - y0)) + 1
    return total


def _side(r: _Reader, size: dict[str, Any], axis: str) -> int:
    """One side of `map_size`: a whole number of squares the level format allows."""
    path = ("resolution", "map_size", axis)
    value = r.key(size, axis, path[:-1])
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if not ok or value != int(value) or not 1 <= value <= MAX_MAP_SIDE:
        raise r.fail(path, t("uvtt.map_size", value=_short(value), limit=MAX_MAP_SIDE))
    return int(value)


def _portals(r: _Reader, top: dict[str, Any], origin: Point) -> list[Portal]:
    """`portals`: each door's two ends (`bounds`) and `closed`."""
    value = top.get("portals", [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise r.fail(("portals",), t("uvtt.expected_list", value=_short(value)))
    out = []
    for i, item in enumerate(value):
        portal = r.table(item, ("portals", i))
        bounds = r.key(portal, "bounds", ("portals", i))
        if not isinstance(bounds, list) or len(bounds) < 2:
            raise r.fail(("portals", i, "bounds"), t("uvtt.bounds", value=_short(bounds)))
        a, b = (r.point(bounds[j], ("portals", i, "bounds", j)) for j in (0, 1))
        closed = r.key(portal, "closed", ("portals", i))
        if not isinstance(closed, bool):
            raise r.fail(("portals", i, "closed"), t("uvtt.expected_flag", value=_short(closed)))
        shift = lambda p: (p[0] - origin[0], p[1] - origin[1])  # noqa: E731 - two uses, one line
        out.append(Portal((shift(a), shift(b)), closed))
    return out


def _picture(r: _Reader, top: dict[str, Any]) -> tuple[bytes | None, PictureInfo | None]:
    """`image`: base64 PNG (or JPEG), checked like a level's picture."""
    value = top.get("image")
    if value is None or value == "":
        return None, None
    if not isinstance(value, str):
        raise r.fail(("image",), t("uvtt.expected_base64", value=_short(value)))
    try:
        data = base64.b64decode("".join(value.split()), validate=True)
    except (binascii.Error, ValueError):
        raise r.fail(("image",), t("uvtt.bad_base64")) from None
    if len(data) > MAX_IMAGE_BYTES:
        raise r.fail(("image",), t("files.too_big", size=len(data), limit=MAX_IMAGE_BYTES))
    try:
        return data, picture_info(data, "image")
    except PictureError as exc:
        raise r.fail(("image",), str(exc)) from None


# --- building the level -------------------------------------------------------------------


def plan(m: UvttMap, objects: str = DEFAULT_OBJECTS) -> tuple[list[str], list[Edge], dict[Edge, bool], Decisions]:
    """The map rows (legend symbols), blocking edges and doors on edges (edge → closed) for a checked map, and
    what was decided."""
    traced = trace(m.walls, m.width, m.height)
    edges, solid = set(traced.edges), set(traced.solid)
    decided = Decisions(solid_squares=len(solid))
    doors: dict[tuple[int, int], bool] = {}
    door_edges: dict[Edge, bool] = {}
    for portal in m.portals:
        on_edges, on_squares = door_places(portal.ends, m.width, m.height)
        if not on_edges and not on_squares:
            decided.doors_skipped += 1
            continue
        decided.doors_closed += portal.closed
        decided.doors_open += not portal.closed
        for a, b in on_edges:
            edges.discard((a, b))  # the portal wins over the wall on its edge…
            door_edges[(a, b)] = door_edges.get((a, b), False) or portal.closed
            solid.difference_update((a, b))  # …and over a wall square beside it: the doorway leads on
        for sq in on_squares:  # off the grid lines: the squares it cuts become doors
            doors[sq] = doors.get(sq, False) or portal.closed
            solid.discard(sq)
    decided.door_edges = len(door_edges)
    decided.door_squares = len(doors)
    covered: set[tuple[int, int]] = set()
    doorways = {sq for edge in door_edges for sq in edge}  # a doorway stays clear
    share, cut = (TOUCH, 0.0) if objects == "hampering" else (0.25, CUT)
    for index, outline in enumerate(m.objects):
        mine: set[tuple[int, int]] = set()
        if objects != "none" and len(outline) >= 3:
            mine = covered_squares(outline, m.width, m.height, share)
        if objects == "hampering" or (objects != "none" and len(outline) < 3):
            # hampering: every square the outline's lines touch as well (furniture smaller than a square)
            ring = [*outline, outline[0]] if len(outline) >= 3 else outline
            for seg in itertools.pairwise(ring):
                mine |= {sq for sq, run in run_lengths(seg, m.width, m.height).items() if run > cut or run >= CUT}
        kept = mine - solid - set(doors) - doorways
        covered |= kept
        if not kept and outline:
            # each object that made no square is reported with why (seen: "outlines 1 → squares 0", unexplained)
            why = (
                "none"
                if objects == "none"
                else "too_small"
                if not mine
                else "in_walls"
                if mine <= solid
                else "in_doorway"
            )
            decided.dropped.append((index, outline[0], why))
    decided.objects = len(m.objects)
    decided.object_squares = len(covered)
    rows = []
    for y in range(m.height):
        row = ""
        for x in range(m.width):
            sq = (x, y)
            if sq in doors:
                row += SYMBOL["closed" if doors[sq] else "open"]
            elif sq in solid:
                row += SYMBOL["solid"]
            elif sq in covered:
                row += SYMBOL[objects]
            else:
                row += SYMBOL["floor"]
        rows.append(row)
    kept = sorted(e for e in edges if rows[e[0][1]][e[0][0]] != "#" and rows[e[1][1]][e[1][0]] != "#")
    decided.walled_edges = len(kept)
    return rows, kept, dict(sorted(door_edges.items())), decided


def _regions(rows: list[str], edges: set[Edge]) -> list[list[tuple[int, int]]]:
    """The open areas (floor and objects, orthogonally joined, walls and door squares between them), largest first."""
    width, height = len(rows[0]), len(rows)
    seen: set[tuple[int, int]] = set()
    regions = []
    for y in range(height):
        for x in range(width):
            if (x, y) in seen or rows[y][x] not in ".,":
                continue
            region, todo = [], [(x, y)]
            seen.add((x, y))
            while todo:
                a = todo.pop()
                region.append(a)
                for b in ((a[0] + 1, a[1]), (a[0] - 1, a[1]), (a[0], a[1] + 1), (a[0], a[1] - 1)):
                    inside = 0 <= b[0] < width and 0 <= b[1] < height
                    if inside and b not in seen and rows[b[1]][b[0]] in ".," and (min(a, b), max(a, b)) not in edges:
                        seen.add(b)
                        todo.append(b)
            regions.append(sorted(region, key=lambda sq: (sq[1], sq[0])))
    return sorted(regions, key=len, reverse=True)


def _cast(rows: list[str], edges: list[Edge]) -> list[tuple[int, int]]:
    """Two start squares on open floor, never touching: in the largest area walled in (a room, not the rock
    around the rooms) when there is one, else anywhere; as far apart in reading order as may be."""
    width, height = len(rows[0]), len(rows)
    regions = _regions(rows, set(edges))
    enclosed = [r for r in regions if not any(x in (0, width - 1) or y in (0, height - 1) for x, y in r)]
    everywhere = sorted((sq for r in regions for sq in r), key=lambda sq: (sq[1], sq[0]))
    for squares in (*enclosed[:1], everywhere):
        for symbols in (".", ".,"):
            free = [sq for sq in squares if rows[sq[1]][sq[0]] in symbols]
            for sq in reversed(free[1:]):
                if max(abs(sq[0] - free[0][0]), abs(sq[1] - free[0][1])) >= 2:
                    return [free[0], sq]
    raise ValueError


def _languages(key: str, **params: object) -> dict[str, str]:
    """A level text in every language of the game."""
    return {lang: t(key, lang, **params) for lang in LANGUAGES}


def _level_name(source: Path) -> str:
    """The map file's name without its extension, printable and within the name limit."""
    stem = Path(shown(source.name)).stem  # bytes that are not UTF-8 and control characters as U+FFFD
    name = "".join(c for c in stem if control_char(c) is None and c != "\ufffd").strip() or "map"
    return name[:100]


def build_level(m: UvttMap, source: Path, ruleset: str, objects: str, picture: str | None) -> tuple[Level, Decisions]:
    """The level for a checked map (not yet written): tiles, edges, picture keys, two sides with one unit each."""
    rows, edges, door_edges, decided = plan(m, objects)
    try:
        spots = _cast(rows, [*edges, *door_edges])  # a door parts rooms as a wall does
    except ValueError:
        raise UvttError(f"{source}: {t('uvtt.no_room')}") from None
    units = []
    for (side, unit), at in zip((("heroes", "hero"), ("foes", "foe")), spots, strict=True):
        # 9 m: the common walking speed of pf1 and dnd5e (hexxen reads no speed and ignores the key)
        name = _languages(f"uvtt.unit_{unit}")
        units.append({"id": unit, "name": name, "side": side, "at": list(at), "speed": 9})
        decided.units.append((unit, at))
    map_doc: dict[str, Any] = {"tiles": "\n".join(rows) + "\n"}
    if picture is not None and m.info is not None and m.pixels_per_grid:
        map_doc["image"] = picture
        spans = (m.info.width / m.pixels_per_grid, m.info.height / m.pixels_per_grid)
        if abs(spans[0] - m.width) > 1e-6 or abs(spans[1] - m.height) > 1e-6:
            map_doc["image_size"] = [round(v, 4) for v in spans]
    if edges or door_edges:
        walls = [{"a": list(a), "b": list(b), "kind": "blocking"} for a, b in edges]
        doors = [
            {"a": list(a), "b": list(b), "kind": "door", "open": not closed} for (a, b), closed in door_edges.items()
        ]
        map_doc["edges"] = walls + doors
    doc = {
        "format": 1,
        "name": _level_name(source),
        "ruleset": ruleset,
        "description": _languages("uvtt.description", file=shown(source.name)),
        "map": map_doc,
        "sides": [{"id": s, "name": _languages(f"uvtt.side_{s}")} for s in ("heroes", "foes")],
        "units": units,
    }
    return parse_level(tomli_w.dumps(doc, multiline_strings=True), shown(source)), decided


def import_map(
    source: str | Path, out: str | Path, ruleset: str, objects: str = DEFAULT_OBJECTS, force: bool = False
) -> tuple[UvttMap, Decisions, Path | None]:
    """Read `source`, write the level to `out` and its picture beside it (atomically); the map, decisions, picture."""
    source, out = Path(source), Path(out)
    m = read_uvtt(source)
    picture_path = None
    if m.picture is not None and m.info is not None:
        picture_path = out.with_name(out.stem + (".png" if m.info.format == "png" else ".jpg"))
    for target in (out, picture_path):
        if target is None:
            continue
        problem = output_problem(target, [source])  # a device, FIFO or folder is refused even with --force
        if problem is not None:
            raise UvttError(t("files.option", option="-o", path=shown(target), reason=problem))
        if target.exists() and not force:
            raise UvttError(t("uvtt.exists", path=shown(target)))
    if picture_path is not None and shown(picture_path.name) != picture_path.name:  # the level names it in TOML text
        reason_text = t("gates.picture_name", name=shown(picture_path.name))
        raise UvttError(t("files.option", option="-o", path=shown(out), reason=reason_text))
    if picture_path is not None and same_file(picture_path, out):
        raise UvttError(t("files.option", option="-o", path=shown(out), reason=t("gates.out_is_picture")))
    level, decided = build_level(m, source, ruleset, objects, picture_path.name if picture_path else None)
    text = level_to_toml(level)
    if picture_path is not None and m.picture is not None:
        write_output(picture_path, m.picture)
    write_output(out, text.encode("utf-8"))
    load_level(out)  # the written level passes the loader, picture included (LevelError would be a bug here)
    return m, decided, picture_path
