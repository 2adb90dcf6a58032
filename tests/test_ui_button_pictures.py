"""The panel blits its buttons from pictures drawn once per look: the same pixels as drawing them, cut labels
still reported on every paint."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.text.i18n import current_language, set_language
from game.ui import theme
from game.ui.widgets import CLIPPED, Button, ButtonPictures


@pytest.fixture
def screen():
    pygame.init()
    try:
        yield pygame.display.set_mode((400, 200))
    finally:
        theme.reset_fonts()  # fonts die with pygame.quit
        pygame.quit()


@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("palette", ["standard", "high-contrast"])
def test_a_button_picture_is_the_drawn_button(screen, lang, palette):
    before = current_language()
    set_language(lang)
    theme.use_palette(theme.palette_for(palette))
    try:
        pictures = ButtonPictures()
        offset = (30, 20)  # the panel's place on screen: buttons are laid out in screen coordinates
        looks = [
            dict(enabled=True, shortcut="E"),
            dict(enabled=False, tooltip="no", shortcut="U"),
            dict(enabled=True, armed=True, shortcut="A"),
            dict(enabled=True),
        ]
        for look in looks:
            for hover in (False, True):
                button = Button(pygame.Rect(40, 30, 150, theme.px(30)), "End turn", "x", **look)
                drawn = pygame.Surface((300, 120), 0, screen)
                drawn.fill(theme.PANEL)
                button.draw(drawn, offset, hover)
                for _ in range(2):  # made, then reused
                    blitted = pygame.Surface((300, 120), 0, screen)
                    blitted.fill(theme.PANEL)
                    pictures.draw(blitted, button, offset, theme.PANEL, hover)
                    assert pygame.image.tobytes(blitted, "RGB") == pygame.image.tobytes(drawn, "RGB"), (look, hover)
    finally:
        theme.use_palette(theme.STANDARD)
        set_language(before)


def test_a_cut_label_is_reported_on_every_paint_from_its_picture(screen):
    pictures = ButtonPictures()
    button = Button(pygame.Rect(0, 0, 60, theme.px(30)), "A label far too long for this button", "x")
    surface = pygame.Surface((100, 60), 0, screen)
    for _ in range(3):
        CLIPPED.clear()
        pictures.draw(surface, button, (0, 0), theme.PANEL)
        assert list(CLIPPED) == [button.label]
    CLIPPED.clear()
