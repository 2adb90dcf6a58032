"""Battle-map pictures under the grid: the `[map] image` keys, and checking a PNG or JPEG without decoding it.

The loader checks the picture when it reads a level from a file: it must be a regular file within
the size limit, a PNG or JPEG by its content (not its name), whole (a PNG's chunks and their CRCs,
a JPEG's markers up to its end), and not larger than the pixel limits (game/limits.py). The window
decodes it later (game/ui/backdrop.py). No pygame here, so `check` and the importer stay light.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import read_regular, reason
from game.levels.level_schema import Table, show
from game.limits import MAX_IMAGE_BYTES, image_size_problem, image_span_problem
from game.text.i18n import t

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
IMAGE_KEYS = ("image", "image_offset", "image_size")
"""The `[map]` keys of a picture (docs/levels.md)."""


class PictureError(ValueError):
    """A picture that cannot be used: the message says why, in the player's language."""


@dataclass(frozen=True, slots=True)
class MapImage:
    """A level's background picture and where it lies on the map, in squares."""

    path: str
    """As written in the level (relative to the level file, or absolute)."""
    offset: tuple[float, float] = (0.0, 0.0)
    """Where the picture's top-left corner lies, in squares from the map's top-left corner."""
    size: tuple[float, float] | None = None
    """How many squares the picture spans (width, height); None: the whole map."""
    file: str = field(default="", compare=False)
    """The picture's file as found from the level's folder (what the window opens)."""
    pixels: tuple[int, int] | None = field(default=None, compare=False)
    """Width and height in pixels, when the file was checked."""


@dataclass(frozen=True, slots=True)
class PictureInfo:
    """What the header of a picture says."""

    format: str
    """"png" or "jpeg"."""
    width: int
    height: int


def picture_info(data: bytes, name: str) -> PictureInfo:
    """Format and size of a whole PNG or JPEG; PictureError naming `name` otherwise."""
    if data.startswith(PNG_SIGNATURE):
        info = _png(data, name)
    elif data.startswith(b"\xff\xd8\xff"):
        info = _jpeg(data, name)
    else:
        raise PictureError(t("map_image.not_picture", path=name))
    problem = image_size_problem(info.width, info.height)
    if problem is not None:
        raise PictureError(problem)
    return info


def _png(data: bytes, name: str) -> PictureInfo:
    """Walk a PNG's chunks: IHDR first, every CRC right, image data, IEND at the end."""
    pos = len(PNG_SIGNATURE)
    width = height = 0
    seen_data = False
    first = True
    while True:
        if pos + 12 > len(data):
            raise PictureError(t("map_image.damaged", path=name))
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        end = pos + 8 + length
        if end + 4 > len(data):
            raise PictureError(t("map_image.damaged", path=name))
        body = data[pos + 8 : end]
        (crc,) = struct.unpack(">I", data[end : end + 4])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            raise PictureError(t("map_image.damaged", path=name))
        if first:
            if kind != b"IHDR" or length != 13:
                raise PictureError(t("map_image.damaged", path=name))
            width, height = struct.unpack(">II", body[:8])
            first = False
        seen_data = seen_data or kind == b"IDAT"
        pos = end + 4
        if kind == b"IEND":
            break
    if not seen_data:
        raise PictureError(t("map_image.damaged", path=name))
    return PictureInfo("png", width, height)


_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
"""JPEG start-of-frame markers (the ones that carry the picture's size)."""


def _jpeg(data: bytes, name: str) -> PictureInfo:
    """Walk a JPEG's marker segments to its frame header and scan, and find its end marker."""
    pos = 2
    width = height = 0
    while True:
        if pos + 4 > len(data) or data[pos] != 0xFF:
            raise PictureError(t("map_image.damaged", path=name))
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        (length,) = struct.unpack(">H", data[pos + 2 : pos + 4])
        if length < 2 or pos + 2 + length > len(data):
            raise PictureError(t("map_image.damaged", path=name))
        if marker in _SOF and length >= 7:
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
        if marker == 0xDA:  # start of scan: the compressed data follows up to the end marker
            if not (width and height) or data.rfind(b"\xff\xd9") < pos + 2 + length:
                raise PictureError(t("map_image.damaged", path=name))
            return PictureInfo("jpeg", width, height)
        pos += 2 + length


def read_picture(path: str | Path, shown: str) -> tuple[bytes, PictureInfo]:
    """The bytes and header of the picture at `path` (`shown` names it in messages); PictureError otherwise."""
    try:
        data = read_regular(path, MAX_IMAGE_BYTES)
    except OSError as exc:
        raise PictureError(t("map_image.cannot_read", path=shown, reason=reason(exc))) from None
    return data, picture_info(data, shown)


def pair(value: Any) -> tuple[float, float] | None:
    """`[a, b]` of two numbers as floats, else None."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        return None
    return (float(value[0]), float(value[1]))


def image_to_toml(image: MapImage) -> dict[str, Any]:
    """The `[map]` keys of a picture, defaults left out."""
    out: dict[str, Any] = {"image": image.path}
    if image.offset != (0.0, 0.0):
        out["image_offset"] = [_plain(v) for v in image.offset]
    if image.size is not None:
        out["image_size"] = [_plain(v) for v in image.size]
    return out


def _plain(value: float) -> int | float:
    """A whole number written without `.0`."""
    return int(value) if float(value).is_integer() else value


def parse_image(
    table: Table, picture_dir: Path | None, source: str, board: tuple[int, int] | None = None
) -> MapImage | None:
    """The picture keys of `[map]`; with `picture_dir` the file is read and checked too (LevelError otherwise).
    With the map's `board` size, an `image_size` spanning far more than the map is refused (game/limits.py)."""
    if not table.has("image"):
        for key in IMAGE_KEYS[1:]:
            if table.has(key):
                table.fail(key, t("map_image.needs_image", key=key))
        return None
    path = table.text("image")
    if not path.strip():
        table.fail("image", t("level_error.empty"))
    offset = (0.0, 0.0)
    if table.has("image_offset"):
        offset = table.value("image_offset", _offset)
    size = table.value("image_size", _size, None)
    if size is not None and board is not None:
        too_big = image_span_problem(size, board)
        if too_big is not None:
            table.fail("image_size", too_big)
    base = picture_dir if picture_dir is not None else Path(source).parent
    file = base / path
    pixels = None
    if picture_dir is not None:
        try:
            info = read_picture(file, path)[1]
        except PictureError as exc:
            table.fail("image", str(exc))
        pixels = (info.width, info.height)
    return MapImage(path, offset, size, str(file), pixels)


def _offset(value: Any) -> tuple[float, float]:
    """`image_offset`: two numbers (squares)."""
    got = pair(value)
    if got is None:
        raise ValueError(t("map_image.offset", value=show(value)))
    return got


def _size(value: Any) -> tuple[float, float]:
    """`image_size`: two numbers above 0 (squares)."""
    got = pair(value)
    if got is None or got[0] <= 0 or got[1] <= 0:
        raise ValueError(t("map_image.size", value=show(value)))
    return got
