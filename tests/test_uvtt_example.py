"""The example battle map (docs/examples/crypt_map.py) imports into a level whose walls lie on the picture's walls.

Two ways round: every wall the rules got (a walled edge, a solid square) has the picture's wall paint on it (an
edge within a quarter square, as walls that close to a grid line are put on it), and
every wall pixel of the picture lies within half a square of a wall the rules got (a walled edge, a solid or door
square, or the map's border). This is how docs/img/import-crypt.png was checked, by numbers as well as by eye.
"""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from game.commands.cli import main
from game.levels.level import load_level

ROOT = Path(__file__).resolve().parent.parent


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crypt_map", ROOT / "docs" / "examples" / "crypt_map.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def crypt(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("crypt")
    example = _example()
    (folder / "crypt.dd2vtt").write_text(json.dumps(example.crypt_map()), encoding="utf-8")
    assert main(["import", str(folder / "crypt.dd2vtt"), "-o", str(folder / "crypt.toml"), "--ruleset", "dnd5e"]) == 0
    level = load_level(folder / "crypt.toml")
    picture = pygame.image.load(str(folder / "crypt.png"))
    return example, level, picture


def _is_wall(color: tuple[int, ...]) -> bool:
    return color[:3] == (24, 22, 24)


def test_the_rules_walls_have_the_pictures_wall_paint_on_them(crypt) -> None:  # type: ignore[no-untyped-def]
    example, level, picture = crypt
    ppg = example.PPG
    for e in level.edges:
        if e.kind == "door":
            continue  # a door is painted as a doorway, not as wall
        (ax, ay), (bx, by) = sorted((e.a, e.b))
        mid = ((bx + 0.5) * ppg, by * ppg) if ax == bx else (bx * ppg, (ay + 0.5) * ppg)
        # a wall within a quarter square of a grid line is put on it (game/levels/wall_trace.py SNAP)
        reach = round(ppg * 0.25)
        around = [
            (round(mid[0]) + dx, round(mid[1]) + dy)
            for dx in range(-reach, reach + 1)
            for dy in range(-reach, reach + 1)
        ]
        assert any(_is_wall(picture.get_at(pt)) for pt in around), (e.a, e.b)
    for y, row in enumerate(level.tiles):
        for x, symbol in enumerate(row):
            if symbol == "#":
                box = pygame.Rect(x * ppg, y * ppg, ppg, ppg)
                painted = any(
                    _is_wall(picture.get_at((px, py)))
                    for px in range(box.left, box.right, 2)
                    for py in range(box.top, box.bottom, 2)
                )
                assert painted, (x, y)


def test_every_wall_of_the_picture_lies_on_a_wall_of_the_rules(crypt) -> None:  # type: ignore[no-untyped-def]
    example, level, picture = crypt
    ppg = example.PPG
    blocked = {(x, y) for y, row in enumerate(level.tiles) for x, s in enumerate(row) if s in "#+/"}
    segments = []
    for e in level.edges:
        (ax, _), (bx, by) = sorted((e.a, e.b))
        segments.append(((bx, by), (bx, by + 1)) if ax != bx else ((ax, by), (ax + 1, by)))

    def near_rule_wall(px: float, py: float) -> bool:
        x, y = px / ppg, py / ppg
        if min(x, y, level.board.width - x, level.board.height - y) <= 0.5:
            return True
        if any(math.dist((x, y), (sx + 0.5, sy + 0.5)) <= 0.5 * math.sqrt(2) + 0.5 for sx, sy in blocked):
            return True
        for (x0, y0), (x1, y1) in segments:
            cx, cy = min(max(x, min(x0, x1)), max(x0, x1)), min(max(y, min(y0, y1)), max(y0, y1))
            if math.dist((x, y), (cx, cy)) <= 0.5:
                return True
        return False

    w, h = picture.get_size()
    checked = 0
    for py in range(0, h, 6):
        for px in range(0, w, 6):
            if _is_wall(picture.get_at((px, py))):
                checked += 1
                assert near_rule_wall(px, py), (px / ppg, py / ppg)
    assert checked > 300  # the picture has walls to check
