"""A wounded token's health bar sits under its name, never over it (seen under Xvfb: it hid "Bruna")."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.text.art_names import art_of
from game.ui import tokens
from rules.core import Creature, Size
from tests.units import pf1_unit

BACKDROP = (200, 190, 160)
SIDE = (40, 90, 200)


def _token(creature: Creature, cell: int, monkeypatch: pytest.MonkeyPatch) -> tuple[pygame.Surface, pygame.Rect]:
    """The token drawn on a plain backdrop, and the rectangle its name (plate) covers."""
    named: list[pygame.Rect | None] = []
    draw_label = tokens._draw_label

    def spy(*args: object, **kwargs: object) -> pygame.Rect | None:
        named.append(draw_label(*args, **kwargs))  # type: ignore[arg-type]
        return named[-1]

    monkeypatch.setattr(tokens, "_draw_label", spy)
    surface = pygame.Surface((cell * 5, cell * 5))
    surface.fill(BACKDROP)
    w, h = creature.dims
    tokens.draw_token(surface, creature, pygame.Rect(cell, cell, cell * w, cell * h), SIDE, art=art_of(creature))
    assert len(named) == 1 and named[0] is not None, "the token shows its name"
    return surface, named[0]


@pytest.mark.parametrize("cell", [40, 50, 64, 96])
@pytest.mark.parametrize(("size", "job"), [(Size.MEDIUM, "fighter"), (Size.LARGE, None), (Size.MEDIUM, None)])
def test_the_health_bar_leaves_the_name_as_it_was(
    cell: int, size: Size, job: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.init()
    whole = pf1_unit("bruna", "heroes", (0, 0), name="Bruna", char_class=job, size=size, hp=24, max_hp=24)
    before, name = _token(whole, cell, monkeypatch)
    after, _ = _token(replace(whole, hp=9), cell, monkeypatch)
    changed = [
        (x, y)
        for x in range(before.get_width())
        for y in range(before.get_height())
        if before.get_at((x, y)) != after.get_at((x, y))
    ]
    assert changed, "a wounded unit shows its bar"
    assert not [p for p in changed if name.collidepoint(p)], f"the bar covers the name {name} at cell {cell}"
