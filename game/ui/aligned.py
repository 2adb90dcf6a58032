"""Copies and fills of opaque pixels cut where SDL's fast paths take them: the same pixels, less time.

SDL copies a rectangle between two surfaces of one pixel format with 16-byte SSE loads and
streaming stores only when both sides' rows start on a 16-byte boundary and both pitches are
multiples of 16; otherwise it falls back to a memcpy per row, measured two to three times slower
on the bench's machine (the board's terrain at x = 130: 0.59 → 0.22 ms at 1920×1080). Its fill
streams whole 64-byte lines, and a row starting mid-line was measured 18× slower (a 131-pixel
margin at x = 1330: 0.41 ms against 0.02 ms at x = 1328). So a copy or a fill is cut in up to
three: a few columns up to the boundary, the aligned bulk (whole 16-pixel groups for a copy: a
ragged end made SDL mix streaming and plain stores on one line, slow again), and the rest. Each
pixel is written by exactly one of the parts, with the value one call would give it.
"""

from __future__ import annotations

import pygame

_BYTES = 4
"""Only 32-bit surfaces are cut (the window's and the game's layers); anything else is one call."""
_COPY_GROUP = 16
"""Pixels per 64-byte line: the bulk of a copy is whole groups, so no line is half streamed."""
MIN_CUT = 64
"""Narrower spans are not worth the extra calls."""


def _plain(surface: pygame.Surface) -> bool:
    """A 32-bit surface without per-pixel alpha, colour key or surface alpha: its blits are plain copies."""
    return (
        surface.get_bytesize() == _BYTES
        and not surface.get_flags() & pygame.SRCALPHA
        and surface.get_colorkey() is None
        and surface.get_alpha() is None
    )


def copy(dst: pygame.Surface, src: pygame.Surface, at: tuple[int, int], area: pygame.Rect | None = None) -> None:
    """`dst.blit(src, at, area)` for opaque surfaces of one format (inside `dst`'s clip), cut to SDL's fast copy."""
    if area is None:
        area = src.get_rect()
    else:
        # a source area reaching past the source moves the picture as SDL does: by what was cut off
        whole = pygame.Rect(area).clip(src.get_rect())
        at = (at[0] + whole.x - area[0], at[1] + whole.y - area[1])
        area = whole
    target = pygame.Rect(at[0], at[1], area.width, area.height).clip(dst.get_clip())
    if target.width <= 0 or target.height <= 0:
        return
    # the part of `area` that lands inside the clip (as blit itself would cut it)
    sx, sy = area.x + target.x - at[0], area.y + target.y - at[1]
    if target.width < MIN_CUT:
        dst.blit(src, target, (sx, sy, target.width, target.height))
        return
    d0 = dst._pixels_address + target.x * _BYTES  # pygame's own address of the pixels
    s0 = src._pixels_address + sx * _BYTES
    # the cheap tests first: most copies that cannot be cut fail on the addresses
    if (d0 - s0) % 16 or dst.get_pitch() % 16 or src.get_pitch() % 16 or not _cuttable(dst, src):
        dst.blit(src, target, (sx, sy, target.width, target.height))  # never both aligned: nothing to gain
        return
    head = (-d0 % 16) // _BYTES
    body = (target.width - head) // _COPY_GROUP * _COPY_GROUP
    x, h = target.x, target.height
    for width in (head, body, target.width - head - body):
        if width > 0:
            dst.blit(src, (x, target.y), (sx + x - target.x, sy, width, h))
            x += width


def _cuttable(dst: pygame.Surface, src: pygame.Surface) -> bool:
    """Both surfaces plain 32-bit of one pixel layout (SDL then copies rows as they are)."""
    return _plain(dst) and _plain(src) and dst.get_masks() == src.get_masks()


def fill(surface: pygame.Surface, color: tuple[int, int, int], rect: pygame.Rect) -> None:
    """`surface.fill(color, rect)` (inside the clip), its rows started on a 64-byte line when that is possible."""
    target = pygame.Rect(rect).clip(surface.get_clip())
    if target.width <= 0 or target.height <= 0:
        return
    if target.width < MIN_CUT or surface.get_bytesize() != _BYTES or surface.get_pitch() % 64:
        surface.fill(color, target)
        return
    start = surface._pixels_address + target.x * _BYTES  # pygame's own address of the pixels
    head = (-start % 64) // _BYTES
    if head:
        surface.fill(color, (target.x, target.y, head, target.height))
    surface.fill(color, (target.x + head, target.y, target.width - head, target.height))


def column_phase(surface: pygame.Surface, x: int) -> int | None:
    """Where column `x` of `surface` starts within a 16-byte group, in pixels (None: not a 32-bit surface)."""
    if surface.get_bytesize() != _BYTES:
        return None
    return (surface._pixels_address // _BYTES + x) % (16 // _BYTES)


def phase_of(surface: pygame.Surface) -> int:
    """Where a 32-bit surface's first column starts within a 16-byte group, in pixels."""
    return column_phase(surface, 0) or 0


def blank(size: tuple[int, int], phase: int, like: pygame.Surface | None) -> pygame.Surface:
    """A surface of `size` in `like`'s pixel format whose first column starts `phase` pixels into a 16-byte group.

    It is a view into a parent a few columns wider, with a pitch of whole 16-byte groups, so copies between it
    and a target where it lands at that phase take SDL's fast path. Its pixels are not set.
    """
    width, height = size
    wide = -(-(width + 3) // 4) * 4  # room for any phase, and a pitch of whole 16-byte groups
    parent = pygame.Surface((wide, height)) if like is None else pygame.Surface((wide, height), 0, like)
    start = (phase - phase_of(parent)) % 4
    return parent.subsurface((start, 0, width, height))


def placed(surface: pygame.Surface, phase: int) -> pygame.Surface:
    """`surface`'s pixels in a surface whose first column starts `phase` pixels into a 16-byte group.

    When `surface` is already such a view (made here or by `blank`), its pixels move inside its parent, in
    place: no second picture of its size.
    """
    width, height = surface.get_size()
    parent = surface.get_parent()
    if parent is not None and parent.get_width() >= -(-(width + 3) // 4) * 4 and parent.get_height() == height:
        start = (phase - phase_of(parent)) % 4
        old = surface.get_offset()[0]
        clip = parent.get_clip()
        parent.set_clip(None)
        parent.scroll(start - old, 0)
        parent.set_clip(clip)
        return parent.subsurface((start, 0, width, height))
    moved = blank((width, height), phase, surface)
    moved.blit(surface, (0, 0))
    return moved
