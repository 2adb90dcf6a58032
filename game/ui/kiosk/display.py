"""The kiosk's window: the config's logical size scaled to the whole display, with or without a window manager.

Full screen is a request a window manager grants. Under Cage, Wayland or an X desktop it is; on a bare X server
(`xinit gridbound kiosk`, no window manager) nobody does: the window kept the logical size in the middle of the
screen while SDL scaled the picture for the whole display, so only its top-left part showed. On X11 the kiosk
therefore turns the full-screen window back into a borderless window, makes it the desktop's size and puts it at
the desktop's top-left corner, which needs no window manager and looks the same under one. (Checked on Xvfb with
no window manager: a window opened borderless at the logical size kept that size when told the desktop's; one
opened full screen and then made windowed takes it.)
"""

from __future__ import annotations

import warnings

import pygame

FULL = "fullscreen"
"""Ask for full screen (Wayland, Cage, KMS/DRM, the dummy driver of tests)."""
COVER = "cover"
"""A borderless window the desktop's size at its top-left corner (X11: no window manager needed)."""
WINDOW = "window"
"""A plain window of the logical size, placed on screen (the config's `fullscreen = false`)."""


def plan(driver: str, fullscreen: bool) -> str:
    """How the kiosk's window is opened under SDL's video `driver`."""
    if not fullscreen:
        return WINDOW
    return COVER if driver == "x11" else FULL


def open_display(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """The kiosk's screen: `size` scaled to the display (full screen, or covering the desktop on X11)."""
    how = plan(pygame.display.get_driver(), fullscreen)
    flags = pygame.SCALED | (0 if how == WINDOW else pygame.FULLSCREEN)
    try:
        with warnings.catch_warnings():
            # SDL's software fallback for SCALED (headless, old GPUs) is fine for a board game
            warnings.filterwarnings("ignore", "no fast renderer available")
            screen = pygame.display.set_mode(size, flags)
    except pygame.error:
        # some drivers cannot scale: a plain full-screen surface at the display size still works
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    if how in (COVER, WINDOW):
        _place(how == COVER)
    return screen


def _place(cover: bool) -> None:
    """Put the window on screen: over the whole desktop (`cover`), else centred on it."""
    desktop = pygame.display.get_desktop_sizes()[0]
    with warnings.catch_warnings():
        # pygame-ce asks new code to open a Window instead of the display module's; the app draws through
        # the display module, so its window is the one to move
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    if cover:
        window.set_windowed()
        window.borderless = True
        window.size = desktop
        window.position = (0, 0)
    else:
        w, h = window.size
        window.position = (max(0, (desktop[0] - w) // 2), max(0, (desktop[1] - h) // 2))
