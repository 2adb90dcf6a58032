"""Battle-map pictures: `[map] image` read, checked (limits, PNG or JPEG, whole), written back, drawn under the grid."""

from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import Path

import pygame
import pytest

from game.battle.match import Match
from game.commands.cli import main
from game.levels import map_image
from game.levels.level import LevelError, level_to_toml, load_level, parse_level, save_level
from game.levels.map_image import PictureError, picture_info
from game.ui.backdrop import Backdrop
from game.ui.board import BoardRenderer
from game.ui.terrain import TerrainCache
from tests.counting import counted

LEVEL = """format = 1
name = "Picture"
ruleset = "pf1"

[map]
{image}tiles = '''
......
..#...
......
'''

[[sides]]
id = "a"

[[units]]
id = "u"
side = "a"
at = [0, 0]
speed = 9
"""


def png(width: int, height: int, color: tuple[int, int, int] = (200, 40, 40)) -> bytes:
    """A whole RGB PNG of one colour, written by hand (what the loader walks: chunks and CRCs)."""
    raw = b"".join(b"\x00" + bytes(color) * width for _ in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return map_image.PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def jpeg(width: int, height: int) -> bytes:
    """A JPEG written by pygame (SDL_image)."""
    surface = pygame.Surface((width, height))
    surface.fill((30, 90, 160))
    out = io.BytesIO()
    pygame.image.save(surface, out, "picture.jpg")
    return out.getvalue()


def write_level(folder: Path, image_keys: str, picture: bytes | None = None, name: str = "castle.png") -> Path:
    """A level in `folder` with `image_keys` in its [map], and the picture file if given."""
    if picture is not None:
        (folder / name).write_bytes(picture)
    path = folder / "level.toml"
    path.write_text(LEVEL.format(image=image_keys), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(LevelError) as caught:
        load_level(path)
    return str(caught.value)


def test_a_png_next_to_the_level_is_read_with_its_offset_and_size(tmp_path: Path) -> None:
    keys = 'image = "castle.png"\nimage_offset = [0.5, -1]\nimage_size = [6, 4.5]\n'
    level = load_level(write_level(tmp_path, keys, png(60, 45)))
    assert level.image is not None
    assert level.image.path == "castle.png"
    assert level.image.offset == (0.5, -1.0)
    assert level.image.size == (6.0, 4.5)
    assert level.image.pixels == (60, 45)
    assert Path(level.image.file) == tmp_path / "castle.png"


def test_a_jpeg_is_read_too_and_the_defaults_cover_the_map(tmp_path: Path) -> None:
    level = load_level(write_level(tmp_path, 'image = "map.jpg"\n', jpeg(32, 16), name="map.jpg"))
    assert level.image is not None
    assert (level.image.offset, level.image.size, level.image.pixels) == ((0.0, 0.0), None, (32, 16))


def test_the_picture_keys_are_written_back_and_load_identical(tmp_path: Path) -> None:
    keys = 'image = "castle.png"\nimage_offset = [0.5, 0]\nimage_size = [6, 3]\n'
    level = load_level(write_level(tmp_path, keys, png(8, 4)))
    text = level_to_toml(level)
    assert 'image = "castle.png"' in text and "image_offset = [0.5, 0]" in text and "image_size = [6, 3]" in text
    again = parse_level(text, str(tmp_path / "again.toml"), picture_dir=tmp_path)
    assert again.image == level.image
    plain = load_level(write_level(tmp_path, 'image = "castle.png"\n'))
    assert "image_offset" not in level_to_toml(plain) and "image_size" not in level_to_toml(plain)
    save_level(level, tmp_path / "saved.toml")  # saving checks the picture from the target's folder
    assert load_level(tmp_path / "saved.toml").image == level.image


def test_a_missing_picture_names_the_file_line_and_key(tmp_path: Path) -> None:
    path = write_level(tmp_path, 'image = "nowhere.png"\n')
    assert refusal(path) == f"{path}:6: map.image: cannot read the picture nowhere.png (No such file or directory)"
    done = main(["check", str(path)])
    assert done == 2


def test_a_file_that_is_not_a_png_or_jpeg_is_refused_by_its_content(tmp_path: Path) -> None:
    path = write_level(tmp_path, 'image = "castle.png"\n', b"GIF89a" + bytes(64))
    assert refusal(path).endswith("map.image: castle.png is not a PNG or JPEG picture")


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: data[:40] + bytes([data[40] ^ 0xFF]) + data[41:],  # a flipped byte: the CRC disagrees
        lambda data: data[:33] + data[-12:],  # no image data at all
    ],
    ids=["cut", "crc", "no-idat"],
)
def test_a_damaged_png_is_refused(tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    path = write_level(tmp_path, 'image = "castle.png"\n', damage(png(20, 20)))
    assert refusal(path).endswith("map.image: the picture castle.png is damaged or cut short")


def test_a_jpeg_cut_before_its_end_marker_is_refused(tmp_path: Path) -> None:
    data = jpeg(16, 16)
    path = write_level(tmp_path, 'image = "castle.jpg"\n', data[: len(data) - 40], name="castle.jpg")
    assert "damaged or cut short" in refusal(path)


def test_pixel_limits(tmp_path: Path) -> None:
    with pytest.raises(PictureError, match="20000×2 pixels, too big"):
        picture_info(png(20_000, 2, (0, 0, 0)), "wide.png")
    with pytest.raises(PictureError, match="megapixels"):
        picture_info(png(9000, 9000, (0, 0, 0)), "big.png")  # each side allowed, the area not
    assert picture_info(png(10_000, 1), "ok.png").width == 10_000


def test_file_size_limit_and_special_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = png(30, 30)
    monkeypatch.setattr(map_image, "MAX_IMAGE_BYTES", len(data) - 1)
    path = write_level(tmp_path, 'image = "castle.png"\n', data)
    assert f"{len(data)} bytes, more than the {len(data) - 1} bytes" in refusal(path)
    (tmp_path / "folder").mkdir()
    path = write_level(tmp_path, 'image = "folder"\n')
    assert "a directory, not a regular file" in refusal(path)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.png")
        path = write_level(tmp_path, 'image = "fifo.png"\n')
        assert "a FIFO, not a regular file" in refusal(path)  # refused without blocking on the pipe


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ("image = 3\n", "map.image: expected a string"),
        ('image = ""\n', "map.image:"),
        ('image = "castle.png"\nimage_offset = [1]\n', "map.image_offset: expected [x, y] in squares, got [1]"),
        ('image = "castle.png"\nimage_offset = ["a", 1]\n', "map.image_offset: expected [x, y]"),
        ('image = "castle.png"\nimage_size = [0, 3]\n', "map.image_size: expected [width, height] in squares"),
        ('image = "castle.png"\nimage_size = [3, nan]\n', "map.image_size[1]: nan is not a finite number"),
        ("image_offset = [1, 1]\n", "map.image_offset: image_offset places a picture, but [map] names none"),
        ('image = "castle.png"\nimage_scale = 2\n', "map.image_scale: "),
    ],
)
def test_bad_picture_keys_name_the_key(tmp_path: Path, keys: str, message: str) -> None:
    path = write_level(tmp_path, keys, png(4, 4))
    text = refusal(path)
    assert text.startswith(f"{path}:") and message in text, text


def test_without_a_folder_only_the_keys_are_checked() -> None:
    """Simulation workers and variants parse level text with no picture at hand."""
    level = parse_level(LEVEL.format(image='image = "elsewhere.png"\n'), "<variant>")
    assert level.image is not None and level.image.pixels is None


def _frame(level_path: Path) -> tuple[BoardRenderer, pygame.Surface, int]:
    level = load_level(level_path)
    match = Match(level)
    renderer = BoardRenderer(Backdrop(level.image))
    cell = 20
    layer = renderer.terrain.get(match.situation().board, cell)
    match.close()
    return renderer, layer, cell


def test_the_picture_shows_on_open_floor_under_a_translucent_grid(tmp_path: Path) -> None:
    _, layer, cell = _frame(write_level(tmp_path, 'image = "castle.png"\n', png(12, 6, (200, 40, 40))))
    floor = layer.get_at((3 * cell + cell // 2, cell // 2))[:3]
    assert floor == (200, 40, 40)  # the picture itself on an open square
    wall = layer.get_at((2 * cell + cell // 2, cell + cell // 2))[:3]
    assert wall != (200, 40, 40) and wall[0] > 60  # the wall square tinted, the picture still showing through
    line = layer.get_at((3 * cell, cell // 2))[:3]
    assert line != floor and line[0] > 60  # a grid line, translucent over the picture


def test_the_picture_is_scaled_once_per_zoom_and_the_frame_does_not_scale_it(tmp_path: Path) -> None:
    path = write_level(tmp_path, 'image = "castle.png"\n', png(60, 30))
    level = load_level(path)
    backdrop = Backdrop(level.image)
    cache = TerrainCache(backdrop)
    paints, scalings = counted(cache, "_paint"), counted(backdrop, "_scale")
    match = Match(level)
    board = match.situation().board
    for _ in range(3):
        cache.get(board, 20)
    assert (len(paints), len(scalings)) == (1, 1)
    cache.get(board, 24)
    assert (len(paints), len(scalings)) == (2, 2)
    changed = board.with_terrain((4, 2), board.terrain((2, 1)))  # e.g. a door opened: same zoom, new board
    cache.get(changed, 24)
    assert (len(paints), len(scalings)) == (3, 2)
    match.close()


def test_an_undecodable_picture_leaves_the_map_drawn_without_it(tmp_path: Path) -> None:
    data = png(10, 10)
    # chunks and CRCs whole, the compressed pixels not: the loader's check passes, decoding does not
    body = b"not zlib data at all"
    idat = struct.pack(">I", len(body)) + b"IDAT" + body + struct.pack(">I", zlib.crc32(b"IDAT" + body))
    broken = data[:33] + idat + data[-12:]
    path = write_level(tmp_path, 'image = "castle.png"\n', broken)
    renderer, layer, cell = _frame(path)
    assert renderer.terrain.backdrop is not None and renderer.terrain.backdrop.problem is not None
    assert "castle.png cannot be shown" in renderer.terrain.backdrop.problem
    assert layer.get_at((3 * cell + cell // 2, cell // 2))[:3] != (200, 40, 40)
    from game.ui.app import App
    from game.ui.options import AppOptions

    app = App(AppOptions(level=str(path), size=(800, 500)))
    try:
        app.step(1 / 60)
        scene = app.scene
        assert "castle.png cannot be shown" in scene.ctl.toast and scene.ctl.toast_tone == "info"  # type: ignore[union-attr]
    finally:
        app.close()


def test_play_draws_a_level_with_a_picture(tmp_path: Path) -> None:
    path = write_level(tmp_path, 'image = "castle.png"\n', png(12, 6, (10, 200, 10)))
    shot = tmp_path / "shot.png"
    assert main(["play", str(path), "--frames", "2", "--screenshot", str(shot), "--size", "800x500"]) == 0
    picture = pygame.image.load(str(shot))
    greens = sum(1 for x in range(0, 800, 10) for y in range(0, 500, 10) if picture.get_at((x, y))[:3] == (10, 200, 10))
    assert greens > 100  # the picture fills the open squares of the board


def test_a_saved_situation_takes_the_picture_along(tmp_path: Path) -> None:
    from game.saved.replay import save_situation

    (tmp_path / "level").mkdir()
    level = load_level(write_level(tmp_path / "level", 'image = "castle.png"\n', png(12, 6)))
    match = Match(level)
    saved = save_situation(match, tmp_path / "saves")
    match.close()
    assert (saved.folder / "castle.png").read_bytes() == png(12, 6)
    assert load_level(saved.level).image == level.image
    assert saved.situation is not None and load_level(saved.situation).image == level.image


def test_the_rules_walls_show_in_amber_over_a_picture(tmp_path: Path) -> None:
    """A picture's painted walls are dark: the rules' walls must stand out on them, not vanish."""
    from game.ui import theme

    path = write_level(tmp_path, 'image = "castle.png"\n', png(12, 6, (20, 20, 20)))
    edge = '[[map.edges]]\na = [3, 0]\nb = [4, 0]\nkind = "blocking"\n\n[[sides]]'
    path.write_text(path.read_text(encoding="utf-8").replace("[[sides]]", edge, 1), encoding="utf-8")
    _, layer, cell = _frame(path)
    assert layer.get_at((4 * cell, cell // 2))[:3] == theme.RULE_WALL_OVER_PICTURE  # the blocking edge
    assert layer.get_at((2 * cell + 1, cell + cell // 2))[:3] == theme.RULE_WALL_OVER_PICTURE  # the solid square
    assert layer.get_at((5 * cell + cell // 2, cell // 2))[:3] == (20, 20, 20)  # open floor: the picture
