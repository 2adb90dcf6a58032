"""Painting doors on square edges (rules/doors.py): a closed door is a bar across the edge, an open one a leaf
swung back from its hinge, both between two short wall stubs so they read as doors in a wall."""

from __future__ import annotations

import math

import pygame

from game.ui import theme
from rules.core import Square


def edge_points(
    a: Square, b: Square, cell: int, shift: tuple[int, int] = (0, 0)
) -> tuple[tuple[int, int], tuple[int, int]]:
    """Pixel end points of the shared side of orthogonal neighbours `a` and `b` (top or left end first), on a
    surface whose top-left pixel lies at `shift` on the whole map (a layer painted around the view only)."""
    (ax, ay), (bx, by) = a, b
    sx, sy = shift
    if ax != bx:
        x = max(ax, bx) * cell - sx
        return (x, ay * cell - sy), (x, (ay + 1) * cell - sy)
    y = max(ay, by) * cell - sy
    return (ax * cell - sx, y), ((ax + 1) * cell - sx, y)


def paint_edge_door(
    surface: pygame.Surface, a: Square, b: Square, cell: int, is_open: bool, shift: tuple[int, int] = (0, 0)
) -> None:
    """One door on the edge between `a` and `b`: closed, a solid bar with a knob; open, a leaf swung into the
    lower or right square with its swing drawn, the doorway left clear. `shift`: the surface's top-left pixel
    on the whole map (a layer painted around the view only)."""
    start, end = edge_points(a, b, cell, shift)
    vertical = start[0] == end[0]
    stub = max(2, cell // 8)
    thick = max(4, cell // 5)
    along = (0, 1) if vertical else (1, 0)
    # wall stubs at both ends: the door sits in a wall
    for (x, y), sign in ((start, 1), (end, -1)):
        tip = (x + along[0] * stub * sign, y + along[1] * stub * sign)
        pygame.draw.line(surface, theme.EDGE_BLOCKING, (x, y), tip, thick)
    hinge = (start[0] + along[0] * stub, start[1] + along[1] * stub)
    latch = (end[0] - along[0] * stub, end[1] - along[1] * stub)
    if not is_open:
        half = thick // 2
        if vertical:
            bar = pygame.Rect(hinge[0] - half, hinge[1], thick, latch[1] - hinge[1])
        else:
            bar = pygame.Rect(hinge[0], hinge[1] - half, latch[0] - hinge[0], thick)
        pygame.draw.rect(surface, theme.TERRAIN_MARK["door"], bar)
        pygame.draw.rect(surface, theme.DOOR_LINE, bar, max(1, cell // 24))
        knob = (latch[0] - along[0] * cell // 6, latch[1] - along[1] * cell // 6)
        pygame.draw.circle(surface, theme.ACCENT, knob, max(2, cell // 14))
        return
    length = max(abs(latch[0] - hinge[0]), abs(latch[1] - hinge[1]))
    into = (1, 0) if vertical else (0, 1)  # the leaf swings into the right or lower square
    tip = (hinge[0] + into[0] * length, hinge[1] + into[1] * length)
    # the swing: a dotted quarter circle from the latch to the open leaf's tip
    dots = max(4, length // 6)
    for i in range(1, dots):
        angle = math.pi / 2 * i / dots
        dx = math.cos(angle) * length
        dy = math.sin(angle) * length
        px = hinge[0] + (dy if vertical else dx)
        py = hinge[1] + (dx if vertical else dy)
        pygame.draw.circle(surface, theme.DOOR_LINE, (round(px), round(py)), max(1, cell // 32))
    pygame.draw.line(surface, theme.DOOR_LINE, hinge, tip, max(3, thick // 2) + 2)
    pygame.draw.line(surface, theme.TERRAIN_MARK["door"], hinge, tip, max(2, thick // 2))
