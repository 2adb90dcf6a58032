"""`gridbound import`: Universal VTT maps built here in code → levels whose walls, doors and picture the rules obey."""

from __future__ import annotations

import base64
import dataclasses
import json
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.battle.match import Match
from game.commands.cli import fresh_turn, main
from game.levels.level import Level, check_level, load_level
from game.levels.map_image import PNG_SIGNATURE
from rules.core import Illegal, Ruling


def png(width: int, height: int, color: tuple[int, int, int] = (90, 70, 50)) -> bytes:
    """A whole one-colour RGB PNG."""
    raw = b"".join(b"\x00" + bytes(color) * width for _ in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def p(x: float, y: float) -> dict[str, float]:
    return {"x": x, "y": y}


def uvtt(
    size: tuple[int, int] = (8, 6),
    walls: list[list[tuple[float, float]]] = (),  # type: ignore[assignment]
    portals: list[tuple[tuple[float, float], tuple[float, float], bool]] = (),  # type: ignore[assignment]
    objects: list[list[tuple[float, float]]] = (),  # type: ignore[assignment]
    origin: tuple[float, float] = (0, 0),
    ppg: int = 10,
    picture: bool = True,
) -> dict[str, Any]:
    """A Universal VTT map as Dungeondraft writes one (coordinates in squares, offset by `origin`)."""
    ox, oy = origin

    def shift(points: list[tuple[float, float]]) -> list[dict[str, float]]:
        return [p(x + ox, y + oy) for x, y in points]

    data: dict[str, Any] = {
        "format": 0.3,
        "resolution": {"map_origin": p(ox, oy), "map_size": p(*size), "pixels_per_grid": ppg},
        "line_of_sight": [shift(w) for w in walls],
        "objects_line_of_sight": [shift(o) for o in objects],
        "portals": [
            {
                "position": p((a[0] + b[0]) / 2 + ox, (a[1] + b[1]) / 2 + oy),
                "bounds": shift([a, b]),
                "rotation": 0,
                "closed": closed,
                "freestanding": False,
            }
            for a, b, closed in portals
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [],
    }
    if picture:
        data["image"] = base64.b64encode(png(size[0] * ppg, size[1] * ppg)).decode("ascii")
    return data


def run_import(tmp_path: Path, data: Any, *extra: str, name: str = "map.dd2vtt") -> tuple[int, str, str, Path]:
    source = tmp_path / name
    source.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    out = tmp_path / "level.toml"
    import contextlib
    import io

    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(["import", str(source), "-o", str(out), *(extra or ("--ruleset", "pf1"))])
    return code, stdout.getvalue(), stderr.getvalue(), out


def imported(tmp_path: Path, data: dict[str, Any], *extra: str) -> Level:
    code, _out_text, err, out = run_import(tmp_path, data, *extra)
    assert code == 0, err
    assert check_level(out) == []
    return load_level(out)


def blocking(level: Level) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    return {(min(e.a, e.b), max(e.a, e.b)) for e in level.edges if e.kind == "blocking"}


def doors(level: Level) -> dict[tuple[tuple[int, int], tuple[int, int]], bool]:
    """Doors on square edges: (lower square, higher square) → open."""
    return {(min(e.a, e.b), max(e.a, e.b)): e.open for e in level.edges if e.kind == "door"}


def squares(level: Level, symbol: str) -> set[tuple[int, int]]:
    return {(x, y) for y, row in enumerate(level.tiles) for x, s in enumerate(row) if s == symbol}


def col(x: int, ys: range) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """The edges of the vertical grid line x over rows ys."""
    return {((x - 1, y), (x, y)) for y in ys}


# --- what becomes of walls, doors, objects -------------------------------------------------


def test_straight_walls_become_blocking_edges(tmp_path: Path) -> None:
    level = imported(tmp_path, uvtt(walls=[[(4, 0), (4, 6)], [(0, 3), (4, 3)]]))
    row = {((x, 2), (x, 3)) for x in range(4)}
    assert blocking(level) == col(4, range(6)) | row
    assert squares(level, "#") == set() and (level.board.width, level.board.height) == (8, 6)


def test_a_door_in_a_wall_becomes_a_closed_door_on_its_edge_and_the_wall_around_it_stays(tmp_path: Path) -> None:
    # the wall runs through the doorway (as some exporters write it): the portal wins over it
    level = imported(tmp_path, uvtt(walls=[[(4, 0), (4, 6)]], portals=[((4, 2), (4, 3), True)]))
    assert blocking(level) == col(4, range(6)) - {((3, 2), (4, 2))}
    assert doors(level) == {((3, 2), (4, 2)): False}
    assert squares(level, "+") == squares(level, "/") == set()


def test_a_door_at_a_corridors_mouth_is_an_open_door_on_that_edge(tmp_path: Path) -> None:
    # a corridor one square high (y 2) leading east from a room's wall at x = 3
    walls = [[(3, 0), (3, 2)], [(3, 3), (3, 6)], [(3, 2), (8, 2)], [(3, 3), (8, 3)]]
    level = imported(tmp_path, uvtt(walls=walls, portals=[((3, 2), (3, 3), False)]))
    assert doors(level) == {((2, 2), (3, 2)): True}
    assert ((2, 2), (3, 2)) not in blocking(level) and squares(level, "/") == set()


def test_a_door_against_a_thick_wall_opens_the_wall_square_behind_it(tmp_path: Path) -> None:
    # a wall half-way through column 4 makes it solid; the door on its west edge stays on that edge and the
    # wall square behind it becomes the doorway (the portal wins over the wall around it)
    level = imported(tmp_path, uvtt(walls=[[(4.5, 0), (4.5, 6)]], portals=[((4, 2), (4, 3), True)]))
    assert doors(level) == {((3, 2), (4, 2)): False}
    assert squares(level, "#") == {(4, y) for y in range(6)} - {(4, 2)}
    shut = _measure(level, (3, 2), [(4, 2)])
    assert isinstance(shut, Illegal) and shut.rule == "GB-PF-DOOR"  # closed: no way through yet


def test_an_open_door_is_an_open_door_edge(tmp_path: Path) -> None:
    level = imported(tmp_path, uvtt(walls=[[(0, 3), (8, 3)]], portals=[((5, 3), (6, 3), False)]))
    assert doors(level) == {((5, 2), (5, 3)): True}
    assert squares(level, "/") == squares(level, "+") == set()
    assert blocking(level) == {((x, 2), (x, 3)) for x in range(8)} - {((5, 2), (5, 3))}


def test_a_diagonal_door_falls_back_to_door_squares_along_it(tmp_path: Path) -> None:
    # a portal across a diagonal wall lies along no square edge: the squares it cuts become door squares
    level = imported(tmp_path, uvtt(size=(6, 6), walls=[[(0, 0), (6, 6)]], portals=[((2, 2), (3, 3), True)]))
    assert squares(level, "+") == {(2, 2)} and doors(level) == {}
    assert squares(level, "#") == {(i, i) for i in range(6)} - {(2, 2)}


def test_a_diagonal_wall_makes_solid_squares_along_it(tmp_path: Path) -> None:
    level = imported(tmp_path, uvtt(size=(6, 6), walls=[[(0, 0), (6, 6)]]))
    assert squares(level, "#") == {(i, i) for i in range(6)}
    assert blocking(level) == set()


def test_an_off_grid_outline_makes_the_squares_it_runs_through_solid(tmp_path: Path) -> None:
    """Half-way between grid lines, with a cut corner: worked out by hand.

    Each side at .5 runs half a square through its end squares and a whole one through the others
    (CUT is half a square); the cut corner (5.5, 1.5)-(6.5, 2.5) runs 0.71 through (5, 1) and (6, 2) and
    only touches (6, 1) at its corner. No step is left crossing a wall, so nothing more is closed.
    """
    outline = [(1.5, 1.5), (5.5, 1.5), (6.5, 2.5), (6.5, 4.5), (1.5, 4.5), (1.5, 1.5)]
    level = imported(tmp_path, uvtt(size=(8, 6), walls=[outline]))
    ring = {(x, 1) for x in range(1, 6)} | {(x, 4) for x in range(1, 7)} | {(1, 2), (1, 3), (6, 2), (6, 3)}
    assert squares(level, "#") == ring
    assert blocking(level) == set()
    assert _reachable(level, (3, 2)) == {(x, y) for x in range(2, 6) for y in (2, 3)}


def test_an_irregular_cave_outline_is_closed_all_round(tmp_path: Path) -> None:
    cave = [(1.3, 1.6), (4.2, 0.7), (7.1, 1.9), (6.6, 4.8), (3.4, 5.4), (0.8, 3.9), (1.3, 1.6)]
    level = imported(tmp_path, uvtt(size=(8, 6), walls=[cave]))
    inside = _reachable(level, (3, 3))
    assert {(3, 2), (4, 3)} <= inside  # the cave's floor stays open
    assert not inside & {(0, 0), (7, 5), (0, 5), (7, 0)}  # and nothing walks out of it


def test_the_origin_offset_is_taken_off_every_coordinate(tmp_path: Path) -> None:
    plain = imported(tmp_path, uvtt(walls=[[(4, 0), (4, 6)], [(0, 0), (3, 3)]], portals=[((4, 2), (4, 3), True)]))
    (tmp_path / "moved").mkdir()
    moved = imported(
        tmp_path / "moved",
        uvtt(walls=[[(4, 0), (4, 6)], [(0, 0), (3, 3)]], portals=[((4, 2), (4, 3), True)], origin=(-12.5, 7)),
    )
    assert moved.tiles == plain.tiles and blocking(moved) == blocking(plain)
    assert squares(moved, "#") == {(0, 0), (1, 1), (2, 2)}


def test_objects_become_the_terrain_the_author_picks(tmp_path: Path) -> None:
    table = [[(5, 1), (7, 1), (7, 2), (5, 2), (5, 1)]]
    assert squares(imported(tmp_path, uvtt(objects=table)), ",") == {(5, 1), (6, 1)}
    level = imported(tmp_path, uvtt(objects=table), "--ruleset", "pf1", "--objects", "solid", "--force")
    assert squares(level, "#") == {(5, 1), (6, 1)}
    level = imported(tmp_path, uvtt(objects=table), "--ruleset", "pf1", "--objects", "none", "--force")
    assert squares(level, ",") == set() and squares(level, "#") == set()


def test_the_picture_is_saved_beside_the_level_and_named_in_it(tmp_path: Path) -> None:
    data = uvtt(size=(8, 6), ppg=10)
    code, text, _, out = run_import(tmp_path, data)
    assert code == 0
    level = load_level(out)
    assert level.image is not None and level.image.path == "level.png" and level.image.size is None
    assert (tmp_path / "level.png").read_bytes() == base64.b64decode(data["image"])
    assert level.image.pixels == (80, 60)
    assert "picture:" in text and "level.png (80×60 px)" in text


def test_a_picture_of_another_scale_gets_its_size_in_squares(tmp_path: Path) -> None:
    data = uvtt(size=(8, 6), ppg=10)
    data["image"] = base64.b64encode(png(100, 60)).decode()  # 10 × 6 squares at 10 px a square
    level = imported(tmp_path, data)
    assert level.image is not None and level.image.size == (10.0, 6.0)


def test_the_import_prints_what_it_decided(tmp_path: Path) -> None:
    data = uvtt(
        walls=[[(4, 0), (4, 6)], [(0, 0), (2, 2)]],
        portals=[((4, 2), (4, 3), True), ((4, 4), (4, 5), False), ((0, 1), (0, 2), True)],
        objects=[[(6, 1), (7, 1), (7, 2), (6, 2)]],
    )
    code, text, err, _ = run_import(tmp_path, data)
    assert code == 0 and err == ""
    lines = text.splitlines()
    assert lines[0].startswith("map: ") and "8×6 squares, 10 px a square, origin (0, 0)" in lines[0]
    assert lines[1] == "walls: edges walled 4; squares made solid along diagonal or curved walls 2"
    assert lines[2] == (
        "doors: 2 (1 closed, 1 open) → doors on square edges 2; door squares where a door does not lie along"
        " square edges (diagonal, off the grid) 0; skipped on the map's border 1"
    )
    assert lines[3] == (
        "objects: outlines 1 → squares 1 difficult (--objects difficult|solid|hampering|none; default difficult)"
    )
    assert lines[5].startswith("units: hero at [")
    assert lines[6].endswith("(pf1); it passes check")


def test_every_ruleset_gets_a_level_that_passes_check(tmp_path: Path) -> None:
    for ruleset in ("pf1", "dnd5e", "hexxen"):
        (tmp_path / ruleset).mkdir()
        level = imported(tmp_path / ruleset, uvtt(walls=[[(4, 0), (4, 6)]]), "--ruleset", ruleset)
        assert level.ruleset == ruleset and [u.side for u in level.units] == ["heroes", "foes"]
        a, b = (u.at for u in level.units)
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 2  # hexxen: never touching


# --- the rules obey the imported walls and doors ----------------------------------------------


def _measure(level: Level, start: tuple[int, int], path: list[tuple[int, int]]) -> Ruling | Illegal:
    hero = dataclasses.replace(level.units[0], at=start)
    match = Match(dataclasses.replace(level, units=(hero, *level.units[1:])))
    try:
        sit = fresh_turn(match, hero.id)
        return match.ruleset.measure(sit, hero.id, path, None)
    finally:
        match.close()


def _reachable(level: Level, start: tuple[int, int]) -> set[tuple[int, int]]:
    hero = dataclasses.replace(level.units[0], at=start, speed=200.0)
    match = Match(dataclasses.replace(level, units=(hero,)))  # alone: a sandbox, nobody in the way
    try:
        sit = fresh_turn(match, hero.id)
        return {r.at for r in match.ruleset.reachable(sit, hero.id)} | {start}
    finally:
        match.close()


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_measure_through_a_wall_is_refused_and_through_an_open_door_allowed(tmp_path: Path, ruleset: str) -> None:
    data = uvtt(walls=[[(4, 0), (4, 6)]], portals=[((4, 2), (4, 3), False), ((4, 4), (4, 5), True)])
    level = imported(tmp_path, data, "--ruleset", ruleset)
    through_wall = _measure(level, (3, 0), [(4, 0)])
    assert isinstance(through_wall, Illegal)
    assert through_wall.rule in ("PF1-OBSTACLE-BLOCK", "D5-GRID-OBSTACLES")
    through_door = _measure(level, (3, 2), [(4, 2), (5, 2)])
    assert isinstance(through_door, Ruling), through_door
    closed = _measure(level, (3, 4), [(4, 4)])
    assert isinstance(closed, Illegal)  # the closed door blocks until it is opened, and says it is a door
    assert closed.rule == ("GB-PF-DOOR" if ruleset == "pf1" else "GB-5E-DOOR") and closed.reason == "door_edge.closed"
    diagonal = _measure(level, (3, 0), [(4, 1)])
    assert isinstance(diagonal, Illegal)  # nor past the wall's corner


def test_measure_command_refuses_the_wall_by_its_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = uvtt(walls=[[(4, 0), (4, 6)]], portals=[((4, 2), (4, 3), False)])
    _, _, _, out = run_import(tmp_path, data, "--ruleset", "pf1")
    text = out.read_text(encoding="utf-8").replace("at = [0, 0]", "at = [3, 0]", 1)
    out.write_text(text, encoding="utf-8")
    assert load_level(out).units[0].at == (3, 0)
    capsys.readouterr()
    assert main(["measure", str(out), "hero", "4,0", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["error"]["rule"] == "PF1-OBSTACLE-BLOCK"


# --- broken and odd files: exit 2, one line ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "the JSON is broken at line 1, column 2"),
        ("[]", "expected a JSON object, got []"),
        ("{}", "resolution: missing"),
        ('{"resolution": {"map_size": {"x": 8}}}', "resolution.map_size.y: missing"),
        ('{"resolution": {"map_size": {"x": 8, "y": 1e9}}}', "resolution.map_size.y: expected a whole number"),
        ('{"resolution": {"map_size": {"x": 8.5, "y": 3}}}', "resolution.map_size.x: expected a whole number"),
        ('{"resolution": {"map_size": {"x": 8, "y": 3}}, "line_of_sight": {}}', "line_of_sight: expected a list"),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}}, "line_of_sight": [[{"x": 1}]]}',
            "line_of_sight[0][0]: expected a point with x and y",
        ),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}}, "line_of_sight": [[{"x": NaN, "y": 1}]]}',
            "NaN is not a finite number",
        ),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}}, "line_of_sight": [[{"x": 1e999, "y": 1}]]}',
            "line_of_sight[0][0].x: expected a finite number",
        ),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}}, "portals": [{"bounds": [], "closed": true}]}',
            "portals[0].bounds: expected the door's two ends",
        ),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}}, "portals": [{"bounds": [{"x": 1, "y": 1}, '
            '{"x": 2, "y": 1}], "closed": "yes"}]}',
            'portals[0].closed: expected true or false, got "yes"',
        ),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}, "pixels_per_grid": 10}, "image": "@@not base64@@"}',
            "image: the picture is not valid base64 text",
        ),
        (
            '{"resolution": {"map_size": {"x": 8, "y": 3}, "pixels_per_grid": 10}, "image": "R0lGODlhAQABAAAAACw="}',
            "image: image is not a PNG or JPEG picture",
        ),
        ("[" * 100_000, "not a Universal VTT file"),
        ('{"resolution": {"map_size": {"x": 1, "y": 1}}}', "no two open squares apart"),
    ],
)
def test_a_file_that_cannot_be_imported_exits_2_with_one_line(tmp_path: Path, text: str, message: str) -> None:
    code, out, err, level = run_import(tmp_path, text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err, err
    assert not level.exists()


def test_odd_files_and_outputs(tmp_path: Path) -> None:
    code, _, err, _ = run_import(tmp_path, "", name="empty.uvtt")
    assert code == 2 and "the JSON is broken" in err
    (tmp_path / "bytes.df2vtt").write_bytes(b"\xff\xfe{}")
    code = main(["import", str(tmp_path / "bytes.df2vtt"), "-o", str(tmp_path / "x.toml"), "--ruleset", "pf1"])
    assert code == 2
    code = main(["import", str(tmp_path / "none.dd2vtt"), "-o", str(tmp_path / "x.toml"), "--ruleset", "pf1"])
    assert code == 2
    code = main(["import", str(tmp_path), "-o", str(tmp_path / "x.toml"), "--ruleset", "pf1"])  # a directory
    assert code == 2
    source = tmp_path / "ok.dd2vtt"
    source.write_text(json.dumps(uvtt()), encoding="utf-8")
    assert main(["import", str(source), "-o", str(tmp_path / "no" / "x.toml"), "--ruleset", "pf1"]) == 2
    assert main(["import", str(source), "-o", str(tmp_path / "x.toml"), "--ruleset", "pf1"]) == 0
    assert main(["import", str(source), "-o", str(tmp_path / "x.toml"), "--ruleset", "pf1"]) == 2  # exists
    assert main(["import", str(source), "-o", str(tmp_path / "x.toml"), "--ruleset", "pf1", "--force"]) == 0
    with pytest.raises(SystemExit) as done:
        main(["import", str(source), "-o", str(tmp_path / "y.toml"), "--ruleset", "gurps"])
    assert done.value.code == 2


# --- fuzz: random JSON → exit 2 or a level that passes check, never a traceback -----------------

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["x", "y", "closed", "bounds"]), inner),
    max_leaves=12,
)
coord = st.one_of(st.floats(-3, 12, allow_nan=False), st.integers(-3, 12), json_value)
point = st.fixed_dictionaries({"x": coord, "y": coord})
polyline = st.lists(point, max_size=6)
maps = st.fixed_dictionaries(
    {
        "resolution": st.fixed_dictionaries(
            {
                "map_size": st.fixed_dictionaries(
                    {"x": st.one_of(st.integers(-1, 12), json_value), "y": st.integers(0, 10)}
                ),
                "map_origin": st.one_of(point, json_value),
                "pixels_per_grid": st.one_of(st.just(10), json_value),
            }
        ),
        "line_of_sight": st.one_of(st.lists(polyline, max_size=6), json_value),
        "objects_line_of_sight": st.lists(polyline, max_size=3),
        "portals": st.lists(
            st.fixed_dictionaries(
                {"bounds": st.lists(point, max_size=3), "closed": st.one_of(st.booleans(), json_value)}
            ),
            max_size=3,
        ),
    }
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(maps, json_value))
def test_fuzz_random_maps_exit_2_or_give_a_level_that_passes_check(tmp_path: Path, data: Any) -> None:
    folder = tmp_path / f"case{abs(hash(json.dumps(data, sort_keys=True, default=str))) % 10**9}"
    folder.mkdir(exist_ok=True)
    code, out, err, level = run_import(folder, json.dumps(data), "--ruleset", "dnd5e", "--force")
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 0:
        assert check_level(level) == []
    else:
        assert code == 2 and err.count("\n") == 1 and out == ""


def test_walls_too_long_to_trace_are_refused_before_tracing(tmp_path: Path) -> None:
    zigzag = [(0.5 + (k % 2) * 127, 0.5 + (k * 0.06) % 127) for k in range(4000)]  # 4000 crossings of a 128-wide map
    data = uvtt(size=(128, 128), walls=[zigzag], picture=False)
    code, _, err, out = run_import(tmp_path, data)
    assert code == 2 and "line_of_sight: the walls, objects and doors cross" in err and not out.exists()
