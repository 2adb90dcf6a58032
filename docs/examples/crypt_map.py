"""A realistic Universal VTT battle map built in code: rooms, corridors, doors, a diagonal wall, a cave, furniture.

`python docs/examples/crypt_map.py crypt.dd2vtt` writes it; `gridbound import crypt.dd2vtt -o crypt.toml
--ruleset pf1` turns it into a level (docs/import.md). The picture is painted from the same wall lines the
file lists, the way Dungeondraft exports both from one drawing, so the import can be checked against it.
"""

from __future__ import annotations

import base64
import io
import json
import math
import os
import random
import sys
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

WIDTH, HEIGHT, PPG = 24, 16, 48
"""Squares across and down, pixels a square."""
Point = tuple[float, float]

CAVE = [(4, 10), (1.4, 10.2), (0.9, 13.4), (4.2, 15.2), (9.7, 14.6), (10.5, 11.3), (6.8, 9.6), (5, 9.8)]
"""The cave's outline, off the grid; open between (4, 10) and (5, 9.8), where the corridor comes down."""

WALLS: list[list[Point]] = [
    # room A (x 1-9, y 1-7): doors east at y 3-4 and south at x 4-5, the walls run on through them
    [(1, 1), (9, 1), (9, 7), (1, 7), (1, 1)],
    # the corridor east to room B (y 3-4)
    [(9, 3), (14, 3)],
    [(9, 4), (14, 4)],
    # room B (x 14-23, y 1-10), its south-west corner cut by a diagonal wall
    [(14, 1), (23, 1), (23, 10), (17, 10), (14, 7), (14, 1)],
    # the corridor south from room A to the cave (x 4-5)
    [(4, 7), (4, 10)],
    [(5, 7), (5, 9.8)],
    # the cave, drawn freehand
    CAVE,
]
PORTALS: list[tuple[Point, Point, bool]] = [
    ((9, 3), (9, 4), True),  # room A → corridor: closed
    ((14, 3), (14, 4), False),  # corridor → room B: open
    ((4, 7), (5, 7), True),  # room A → south corridor: closed
]
OBJECTS: list[list[Point]] = [
    [(18, 3), (21, 3), (21, 5), (18, 5), (18, 3)],  # a long table in room B
    *(
        [(cx + 0.38 * math.cos(k * math.tau / 8), cy + 0.38 * math.sin(k * math.tau / 8)) for k in range(9)]
        for cx, cy in ((3.5, 3.5), (6.5, 3.5), (3.5, 5.5), (6.5, 5.5))
    ),  # four pillars in room A
    [(6.2, 12.2), (7.8, 12.2), (7.8, 13.8), (6.2, 13.8), (6.2, 12.2)],  # a heap of rubble in the cave
]
FLOORS: list[list[Point]] = [
    [(1, 1), (9, 1), (9, 7), (1, 7)],
    [(9, 3), (14, 3), (14, 4), (9, 4)],
    [(14, 1), (23, 1), (23, 10), (17, 10), (14, 7)],
    [(4, 7), (5, 7), (5, 10), (4, 10)],
    CAVE,
]


def _px(p: Point) -> tuple[int, int]:
    return (round(p[0] * PPG), round(p[1] * PPG))


def paint() -> pygame.Surface:
    """The picture: rock, flagstone floors, walls along the wall lines, doors, a table, pillars, rubble."""
    rng = random.Random(7)
    picture = pygame.Surface((WIDTH * PPG, HEIGHT * PPG))
    picture.fill((46, 42, 40))
    for _ in range(900):  # rough rock
        x, y = rng.randrange(WIDTH * PPG), rng.randrange(HEIGHT * PPG)
        pygame.draw.circle(picture, (56 + rng.randrange(14),) * 3, (x, y), rng.randrange(2, 9))
    floor = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    for outline in FLOORS:
        pygame.draw.polygon(floor, (176, 160, 128, 255), [_px(p) for p in outline])
    stones = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    for gy in range(0, HEIGHT * PPG, PPG // 2):  # flagstones, half a square, staggered rows
        shift = (gy // (PPG // 2)) % 2 * PPG // 4
        for gx in range(-PPG, WIDTH * PPG, PPG // 2):
            tone = rng.randrange(-18, 18)
            rect = pygame.Rect(gx + shift + 1, gy + 1, PPG // 2 - 2, PPG // 2 - 2)
            pygame.draw.rect(stones, (170 + tone, 154 + tone, 122 + tone, 255), rect, border_radius=3)
    stones.blit(floor, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # stones only on the floors
    picture.blit(stones, (0, 0))
    for table in OBJECTS[:1]:
        pygame.draw.polygon(picture, (112, 72, 40), [_px(p) for p in table])
        pygame.draw.polygon(picture, (70, 44, 24), [_px(p) for p in table], 3)
    for pillar in OBJECTS[1:5]:
        pygame.draw.polygon(picture, (120, 118, 112), [_px(p) for p in pillar])
        pygame.draw.polygon(picture, (60, 58, 56), [_px(p) for p in pillar], 3)
    for _ in range(40):  # rubble
        x, y = rng.uniform(6.3, 7.7) * PPG, rng.uniform(12.3, 13.7) * PPG
        pygame.draw.circle(picture, (98 + rng.randrange(30),) * 3, (round(x), round(y)), rng.randrange(3, 8))
    wall = (24, 22, 24)
    for line in WALLS:
        pts = [_px(p) for p in line]
        pygame.draw.lines(picture, wall, False, pts, 9)
        for pt in pts:
            pygame.draw.circle(picture, wall, pt, 4)
    for a, b, closed in PORTALS:
        pa, pb = _px(a), _px(b)
        pygame.draw.line(picture, (176, 160, 128), pa, pb, 11)  # the doorway through the wall
        if closed:
            pygame.draw.line(picture, (120, 74, 36), pa, pb, 7)
        else:  # the leaf swung open by 80 degrees around its hinge at a
            angle = math.atan2(pb[1] - pa[1], pb[0] - pa[0]) + math.radians(80)
            tip = (pa[0] + PPG * math.cos(angle), pa[1] + PPG * math.sin(angle))
            pygame.draw.line(picture, (120, 74, 36), pa, tip, 6)
    return picture


def crypt_map() -> dict[str, Any]:
    """The map as a Universal VTT (dd2vtt) document."""
    pygame.init()
    out = io.BytesIO()
    pygame.image.save(paint(), out, "crypt.png")

    def pts(line: list[Point]) -> list[dict[str, float]]:
        return [{"x": x, "y": y} for x, y in line]

    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": WIDTH, "y": HEIGHT}, "pixels_per_grid": PPG},
        "line_of_sight": [pts(line) for line in WALLS],
        "objects_line_of_sight": [pts(line) for line in OBJECTS],
        "portals": [
            {
                "position": {"x": (a[0] + b[0]) / 2, "y": (a[1] + b[1]) / 2},
                "bounds": pts([a, b]),
                "rotation": 0,
                "closed": closed,
                "freestanding": False,
            }
            for a, b, closed in PORTALS
        ],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [],
        "image": base64.b64encode(out.getvalue()).decode("ascii"),
    }


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "crypt.dd2vtt"
    with open(target, "w", encoding="utf-8") as handle:
        json.dump(crypt_map(), handle)
    print(target)
