"""Play for every eye: on a battle screenshot seen through simulated deuteranopia, protanopia and
tritanopia, the reach bands and the side badges stay told apart.

Simulation: Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB (the sRGB
curve undone first, done again after). Measures, in CIE L* (lightness, 0–100), which a person who
sees no hue at all still sees:

- bands: two shaded squares of different bands, on the same floor and both carrying their number,
  differ pixel by pixel by a mean |ΔL*| of at least BAND_MIN (pattern, number and tint together);
  and inside every band square the number and pattern stand out: the spread of L* (95th minus
  5th percentile) is at least INSIDE_MIN.
- sides: the badge of each side is a different shape: the white outline of one side's badge
  overlaps the other's by at most SHAPE_MAX (intersection over union of the pixels with L* ≥ 85),
  and the outline stands out from what it encloses by at least OUTLINE_MIN L*.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.settings import THEMES, Settings
from game.ui import theme
from game.ui.app import App
from game.ui.options import AppOptions, parse_size
from game.ui.patterns import band_mark, numbered_square
from game.ui.scenes.battle import BattleScene
from game.ui.terrain import primary_kind
from game.ui.tokens import marker_spot, token_body

ROOT = Path(__file__).resolve().parents[1]

MACHADO = {
    "protanopia": np.array(
        [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
    ),
    "deuteranopia": np.array(
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
    ),
    "tritanopia": np.array(
        [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
    ),
}
"""Machado 2009, severity 1.0: linear RGB → linear RGB as a dichromat sees it."""
VISIONS = ["typical", *MACHADO]
BAND_MIN = 8.0
INSIDE_MIN = 20.0
SHAPE_MAX = 0.75
OUTLINE_MIN = 25.0
WHITE_MIN = 97.0


def linear(srgb: np.ndarray) -> np.ndarray:
    """sRGB 0–255 → linear RGB 0–1."""
    c = srgb.astype(float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def seen(pixels: np.ndarray, vision: str) -> np.ndarray:
    """Linear RGB of `pixels` (…×3, sRGB 0–255) as seen with `vision`."""
    lin = linear(pixels)
    if vision == "typical":
        return lin
    return np.clip(lin @ MACHADO[vision].T, 0.0, 1.0)


def lightness(lin: np.ndarray) -> np.ndarray:
    """CIE L* of linear RGB pixels."""
    y = lin @ np.array([0.2126, 0.7152, 0.0722])
    return np.where(y > 216 / 24389, 116 * np.cbrt(y) - 16, y * 24389 / 27)


def patch(screen: pygame.Surface, rect: pygame.Rect) -> np.ndarray:
    """The pixels of `rect` as an h×w×3 array."""
    return np.transpose(pygame.surfarray.pixels3d(screen.subsurface(rect)).copy(), (1, 0, 2))


@pytest.fixture(scope="module", params=THEMES)
def shot(request):
    """The Ravine Bridge at 1280×800 with Valeros selected: three bands and two sides on screen (in each theme)."""
    chosen = Settings(theme=request.param)
    app = App(AppOptions(level=str(ROOT / "levels" / "pf1_bridge.toml"), size=parse_size("1280x800"), settings=chosen))
    app.step()
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.view is not None
    sit = scene.ctl.situation()
    pos = scene.view.square_center(sit.creatures["valeros"].at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()
    yield app, scene
    app.close()
    theme.use_palette(theme.STANDARD)


def band_squares(scene: BattleScene) -> dict[str, pygame.Rect]:
    """One numbered square per band on plain floor with no token on it."""
    sit = scene.ctl.situation()
    taken = {c.at for c in sit.creatures.values()}
    out: dict[str, pygame.Rect] = {}
    assert scene.ctl.forecast is not None
    for sq, entry in sorted(scene.ctl.forecast.reach.items()):
        if entry.band in out or sq in taken or not numbered_square(sq):
            continue
        if primary_kind(sit.board.terrain(sq)) == "floor":
            out[entry.band] = scene.view.square_rect(sq)
    return out


def badges(scene: BattleScene) -> dict[str, pygame.Rect]:
    """The box around one living token's side badge per side."""
    sit = scene.ctl.situation()
    out: dict[str, pygame.Rect] = {}
    for c in sit.creatures.values():
        if c.side in out or c.defeated or c.dims != (1, 1):
            continue
        body, square = token_body(c, scene.view.square_rect(c.at, c.dims))
        centre, r = marker_spot(body, square)
        out[c.side] = pygame.Rect(0, 0, 2 * r + 8, 2 * r + 8)
        out[c.side].center = centre
    return out


@pytest.mark.parametrize("vision", VISIONS)
def test_reach_bands_stay_apart_without_hue(shot, vision: str) -> None:
    app, scene = shot
    squares = band_squares(scene)
    assert {"move", "double_move", "run"} <= set(squares)
    assert len({band_mark(b) for b in squares}) == len(squares)  # each its own number and pattern
    light = {b: lightness(seen(patch(app.screen, r), vision)) for b, r in squares.items()}
    for band, values in light.items():
        spread = np.percentile(values, 95) - np.percentile(values, 5)
        assert spread >= INSIDE_MIN, f"{vision}: {band}'s number and pattern fade ({spread:.1f} L*)"
    for a, b in itertools.combinations(light, 2):
        difference = float(np.mean(np.abs(light[a] - light[b])))
        assert difference >= BAND_MIN, f"{vision}: {a} and {b} differ by only {difference:.1f} L*"


@pytest.mark.parametrize("vision", VISIONS)
def test_side_badges_differ_in_shape_whatever_the_hue(shot, vision: str) -> None:
    app, scene = shot
    boxes = badges(scene)
    assert len(boxes) == 2
    size = min(r.width for r in boxes.values())
    masks = {}
    for side, rect in boxes.items():
        rect = pygame.Rect(rect.x, rect.y, size, size)
        values = lightness(seen(patch(app.screen, rect), vision))
        outline = values >= WHITE_MIN
        centre = values[size // 2 - 2 : size // 2 + 2, size // 2 - 2 : size // 2 + 2]
        contrast = float(np.mean(values[outline]) - np.mean(centre))
        assert contrast >= OUTLINE_MIN, f"{vision}: {side}'s badge outline fades into its fill ({contrast:.1f})"
        masks[side] = outline
    a, b = masks.values()
    overlap = float(np.sum(a & b) / np.sum(a | b))
    assert overlap <= SHAPE_MAX, f"{vision}: the badges' outlines overlap {overlap:.2f}"
