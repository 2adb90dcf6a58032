"""A big map zoomed in is painted around the view only (game/ui/terrain.py): the same pixels, a bounded layer."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.battle.match import Match
from game.levels.level import load_level
from game.ui import terrain as terrain_module
from game.ui.backdrop import Backdrop
from game.ui.board import BoardKey, BoardRenderer
from game.ui.terrain import LAYER_VIEWS, TerrainCache, paint_terrain
from game.ui.view import BoardView
from rules.core import Board
from tests.counting import counted
from tests.test_map_image import png

LEVELS = Path(__file__).resolve().parent.parent / "levels"


@pytest.fixture
def window() -> Iterator[pygame.Surface]:
    pygame.display.init()
    try:
        yield pygame.display.set_mode((800, 500))
    finally:
        pygame.display.quit()


def _board(name: str) -> Board:
    match = Match(load_level(LEVELS / name))
    board = match.situation().board
    match.close()
    return board


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("name", ["pf1_corridors.toml", "dnd5e_crypt.toml", "hexxen_village.toml"])
def test_a_part_painted_alone_has_the_pixels_of_that_part_of_the_whole_painting(name: str) -> None:
    board = _board(name)
    rng = random.Random(name)
    assert board.edges or name != "pf1_corridors.toml"  # the doors and wall segments reach across parts
    for cell in (20, 37, 64):
        whole = paint_terrain(board, cell)
        for _ in range(6):
            x, y = rng.randrange(board.width), rng.randrange(board.height)
            area = pygame.Rect(x, y, rng.randrange(1, board.width - x + 1), rng.randrange(1, board.height - y + 1))
            part = paint_terrain(board, cell, area=area)
            expected = whole.subsurface(pygame.Rect(area.x * cell, area.y * cell, area.w * cell, area.h * cell))
            assert part.get_size() == expected.get_size()
            assert _bytes(part) == _bytes(expected), f"{name} at {cell} px, squares {area}"


def _zoomed_view(board: Board, rect: pygame.Rect) -> BoardView:
    view = BoardView(rect, board.width, board.height)
    view.zoom(40)  # as far in as the map allows
    return view


def _draw(renderer: BoardRenderer, screen: pygame.Surface, view: BoardView, match: Match, version: int) -> None:
    sit = match.situation()
    key = BoardKey(version, None, 0, frozenset(), view.cell)
    renderer.draw(screen, view, renderer.compose(key, sit, {}, None, frozenset()))


def test_a_zoomed_map_drawn_from_the_part_around_the_view_looks_as_drawn_from_the_whole(
    window: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match(load_level(LEVELS / "pf1_corridors.toml"))
    board = match.situation().board
    rect = pygame.Rect(40, 30, 700, 420)
    view = _zoomed_view(board, rect)
    cell = view.cell
    assert board.width * board.height * cell * cell > LAYER_VIEWS * rect.w * rect.h  # big enough to be cut
    bounded, whole = BoardRenderer(), BoardRenderer()
    paints = counted(bounded.terrain, "_paint")
    a, b = window.copy(), window.copy()
    moves = [(0, 0), (-3, 0), (0, -2), (-rect.w // 3, 0), (0, -rect.h // 3), (-500, -500), (rect.w // 5, 0)]
    for version, (dx, dy) in enumerate(moves):
        view.pan(dx, dy)
        monkeypatch.setattr(terrain_module, "LAYER_VIEWS", LAYER_VIEWS)
        a.fill((0, 0, 0))
        _draw(bounded, a, view, match, version)
        layer = bounded.terrain.surface
        assert layer is not None
        # at most the view and a quarter view on each side, each side rounded out to whole squares
        assert layer.get_width() <= 1.5 * rect.w + 4 * cell and layer.get_height() <= 1.5 * rect.h + 4 * cell
        monkeypatch.setattr(terrain_module, "LAYER_VIEWS", float("inf"))
        b.fill((0, 0, 0))
        _draw(whole, b, view, match, version)
        assert _bytes(a) == _bytes(b), f"after the pan {dx, dy}"
    assert whole.terrain.area == pygame.Rect(0, 0, board.width, board.height)
    # small pans stay inside the part painted; a third of a view, or a jump, paints a new part
    assert 2 <= len(paints) < len(moves)
    match.close()


def test_a_pan_inside_the_painted_part_paints_nothing_and_the_zoomed_out_map_is_whole() -> None:
    board = _board("pf1_corridors.toml")
    rect = pygame.Rect(0, 0, 320, 200)
    view = _zoomed_view(board, rect)
    cache = TerrainCache()
    paints = counted(cache, "_paint")
    seen = rect.move(-view.origin[0], -view.origin[1])
    cache.paint(board, view.cell, seen)
    held = pygame.Rect(cache.area)
    assert held != pygame.Rect(0, 0, board.width, board.height)
    for step in range(1, 4):
        cache.paint(board, view.cell, seen.move(step, step))
    assert len(paints) == 1 and cache.area == held
    assert cache.offset == (held.x * view.cell, held.y * view.cell)
    view.fit()  # the whole map on screen: one layer of all of it, as before
    cache.paint(board, view.cell, rect.move(-view.origin[0], -view.origin[1]))
    assert cache.area == pygame.Rect(0, 0, board.width, board.height) and len(paints) == 2


def test_a_picture_under_a_big_zoomed_map_is_scaled_only_where_it_is_painted(tmp_path: Path) -> None:
    (tmp_path / "castle.png").write_bytes(png(120, 80, (200, 40, 40)))
    tiles = "\n".join("." * 60 for _ in range(40))
    (tmp_path / "level.toml").write_text(
        f'format = 1\nname = "Big picture"\nruleset = "pf1"\n\n[map]\nimage = "castle.png"\n'
        f"tiles = '''\n{tiles}\n'''\n\n[[sides]]\nid = \"a\"\n\n[[units]]\nid = \"u\"\nside = \"a\"\n"
        "at = [1, 1]\nspeed = 9\n",
        encoding="utf-8",
    )
    level = load_level(tmp_path / "level.toml")
    backdrop = Backdrop(level.image)
    cache = TerrainCache(backdrop)
    match = Match(level)
    board = match.situation().board
    cell = 96
    seen = pygame.Rect(30 * cell, 20 * cell, 640, 400)
    layer = cache.paint(board, cell, seen)
    scaled = backdrop._scaled
    assert scaled is not None
    assert scaled[3].get_size() == layer.get_size()  # not the 5760×3840 picture of the whole map
    x, y = seen.centerx - cache.offset[0], seen.centery - cache.offset[1]
    floor = (x - x % cell + cell // 2, y - y % cell + cell // 2)  # the middle of an open square
    assert layer.get_at(floor)[:3] == (200, 40, 40)
    match.close()
