"""Copies and fills cut for SDL's fast paths (game/ui/aligned.py) write exactly the pixels one call writes."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator

import pygame
import pytest

from game.ui import aligned, theme
from game.ui.terrain import TerrainCache, paint_terrain
from rules.core import Board, Terrain
from tests.counting import counted


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    pygame.display.init()
    try:
        yield pygame.display.set_mode((1366, 768))
    finally:
        pygame.display.quit()


def _noise(surface: pygame.Surface, rng: random.Random) -> pygame.Surface:
    """`surface` filled with random pixels (every byte matters to the comparisons)."""
    w, h = surface.get_size()
    surface.blit(pygame.image.frombytes(rng.randbytes(w * h * 4), (w, h), "BGRA").convert(surface), (0, 0))
    return surface


def _surface(rng: random.Random, like: pygame.Surface) -> pygame.Surface:
    """A random-sized surface: a plain one, or a view at a random phase (as the panel and terrain use)."""
    size = (rng.randrange(1, 300), rng.randrange(1, 60))
    if rng.random() < 0.5:
        return _noise(pygame.Surface(size, 0, like), rng)
    return _noise(aligned.blank(size, rng.randrange(4), like), rng)


def _rect(rng: random.Random, bounds: tuple[int, int]) -> pygame.Rect:
    x, y = rng.randrange(-40, bounds[0] + 10), rng.randrange(-10, bounds[1] + 5)
    return pygame.Rect(x, y, rng.randrange(0, bounds[0] + 60), rng.randrange(0, bounds[1] + 20))


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("seed", range(4))
def test_a_cut_copy_writes_what_one_blit_writes(window: pygame.Surface, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        dst, src = _surface(rng, window), _surface(rng, window)
        if rng.random() < 0.5:
            dst.set_clip(_rect(rng, dst.get_size()))
        at = (rng.randrange(-50, dst.get_width() + 5), rng.randrange(-20, dst.get_height() + 5))
        area = _rect(rng, src.get_size()) if rng.random() < 0.7 else None
        expected = dst.copy()
        expected.set_clip(dst.get_clip())
        expected.blit(src, at, area)
        aligned.copy(dst, src, at, area)
        assert _bytes(dst) == _bytes(expected), (dst, src, at, area, dst.get_clip())


def test_a_copy_between_views_at_one_phase_is_cut_and_still_exact(window: pygame.Surface) -> None:
    """The case the cut is for: a wide copy whose two sides sit at the same phase (a terrain layer, the panel)."""
    rng = random.Random(7)
    for phase in range(4):
        dst = _noise(aligned.blank((700, 40), phase, window), rng)
        src = _noise(aligned.blank((650, 50), (phase + 2) % 4, window), rng)
        expected = dst.copy()
        expected.blit(src, (3, -4), (1, 2, 640, 45))
        aligned.copy(dst, src, (3, -4), pygame.Rect(1, 2, 640, 45))
        assert _bytes(dst) == _bytes(expected)


@pytest.mark.parametrize("seed", range(3))
def test_a_cut_fill_writes_what_one_fill_writes(window: pygame.Surface, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        target = _noise(pygame.Surface((rng.choice((1366, 1920, 640, 333)), 30), 0, window), rng)
        if rng.random() < 0.5:
            target.set_clip(_rect(rng, target.get_size()))
        rect = _rect(rng, target.get_size())
        color = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        expected = target.copy()
        expected.set_clip(target.get_clip())
        expected.fill(color, rect)
        aligned.fill(target, color, rect)
        assert _bytes(target) == _bytes(expected)


def test_a_view_keeps_its_pixels_when_moved_to_any_phase(window: pygame.Surface) -> None:
    rng = random.Random(3)
    layer = _noise(pygame.Surface((203, 17), 0, window), rng)
    picture = _bytes(layer)
    for phase in (1, 3, 0, 2, 2, 1):
        layer = aligned.placed(layer, phase)
        assert aligned.phase_of(layer) == phase
        assert _bytes(layer) == picture


def _board() -> Board:
    tiles = [
        Terrain(frozenset({"wall"})) if x == 5 and 2 <= y < 7 else Terrain(frozenset({"difficult"} if x % 3 else ()))
        for y in range(9)
        for x in range(13)
    ]
    return Board(13, 9, tuple(tiles))


def test_the_terrain_layer_moves_to_the_phase_asked_twice_and_keeps_its_pixels(window: pygame.Surface) -> None:
    board = _board()
    cache = TerrainCache()
    paints = counted(cache, "_paint")
    layer = cache.get(board, 20)
    painted = _bytes(layer)
    want = (aligned.phase_of(layer) + 2) % 4
    assert cache.get(board, 20, want) is layer  # asked once: a pan may go on, nothing moves yet
    moved = cache.get(board, 20, want)  # asked again: the view is at rest
    assert aligned.phase_of(moved) == want and _bytes(moved) == painted
    assert cache.get(board, 20, want) is moved and len(paints) == 1
    other = (want + 1) % 4
    cache.get(board, 20, other)
    assert aligned.phase_of(cache.get(board, 20, other)) == other and _bytes(cache.surface) == painted
    # what the layer shows still follows the board, the square size and the palette
    zoomed = cache.get(board, 24, other)
    assert len(paints) == 2 and _bytes(zoomed) == _bytes(paint_terrain(board, 24).convert())
    old = theme.generation()
    theme.use_palette(theme.HIGH_CONTRAST)
    try:
        assert theme.generation() != old
        contrast = cache.get(board, 24, other)
        assert len(paints) == 3 and _bytes(contrast) == _bytes(paint_terrain(board, 24).convert())
    finally:
        theme.use_palette(theme.STANDARD)
