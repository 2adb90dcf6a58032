"""Tokens told apart: a prone token keeps its name, and a fallen token never hides a smaller one under it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui import theme, tokens
from rules.core import Creature, Size


@pytest.fixture(autouse=True)
def window() -> None:
    pygame.display.init()
    pygame.display.set_mode((200, 200))
    theme.reset_fonts()


@pytest.mark.parametrize("cell", [32, 48, 64])
@pytest.mark.parametrize("art", ["fighter", None])
def test_a_prone_token_keeps_its_name(cell: int, art: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a window: a prone token lost its name plate (its flattened body left the name no room)."""
    drawn: dict[bool, pygame.Rect | None] = {}
    seen: list[pygame.Rect | None] = []
    real = tokens._draw_label
    monkeypatch.setattr(tokens, "_draw_label", lambda *a, **k: seen.append(real(*a, **k)) or seen[-1])
    for prone in (False, True):
        creature = Creature("valeros", "a", (0, 0), prone=prone)
        tokens.draw_token(pygame.Surface((100, 100)), creature, pygame.Rect(0, 0, cell, cell), (50, 80, 160), art=art)
        drawn[prone] = seen[-1]
    assert drawn[False] is not None, "the standing token's name (the reference)"
    assert drawn[True] is not None, "the prone token's name is gone"


def test_fallen_tokens_are_drawn_largest_first_so_a_small_one_is_never_hidden_under_a_large_one() -> None:
    """Seen in a window: the downed Valeros invisible under the downed Gorrug on his square."""
    creatures = {
        "valeros": Creature("valeros", "a", (4, 4), defeated=True),
        "gorrug": Creature("gorrug", "b", (3, 3), size=Size.LARGE, defeated=True),
        "kyra": Creature("kyra", "a", (1, 1)),
        "ogre2": Creature("ogre2", "b", (7, 7), size=Size.LARGE),
    }
    order = [uid for uid, _ in tokens.drawing_order(creatures)]
    assert order.index("gorrug") < order.index("valeros"), "the small fallen token goes on top of the large one"
    assert max(order.index("gorrug"), order.index("valeros")) < min(order.index("kyra"), order.index("ogre2"))
