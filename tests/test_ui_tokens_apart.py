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


@pytest.mark.parametrize(("rats", "badges"), [(4, [4]), (3, [3]), (2, [])])
def test_tiny_units_sharing_a_square_show_how_many_they_are(
    rats: int, badges: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen in a window: four Tiny rats in one square could not be read; the square now says "×4"."""
    seen: list[int] = []
    real = tokens.count_badge
    monkeypatch.setattr(tokens, "count_badge", lambda s, sq, n: seen.append(n) or real(s, sq, n))
    creatures = {f"rat_{i}": Creature(f"rat_{i}", "b", (2, 2), size=Size.TINY) for i in range(rats)}
    creatures["hero"] = Creature("hero", "a", (0, 0))
    surface = pygame.Surface((300, 300))
    tokens.draw_units(surface, creatures, 48, (0, 0), {"a": (200, 60, 50), "b": (60, 90, 200)})
    assert seen == badges
