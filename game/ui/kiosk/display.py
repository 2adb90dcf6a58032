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

import os
import warnings

import pygame

FULL = "fullscreen"
"""Ask for full screen (Wayland, Cage, KMS/DRM, the dummy driver of tests)."""
COVER = "cover"
"""A borderless window the desktop's size at its top-left corner (X11: no window manager needed)."""
WINDOW = "window"
"""A plain window of the logical size, placed on screen (the config's `fullscreen = false`)."""


def choose_renderer(renderer: str, driver: str) -> None:
    """Ask SDL for the kiosk config's `renderer` ("software" or "auto") under video `driver`, before a window opens.

    SDL's default for a scaled window is OpenGL, which on a machine with no GPU driver (and under Xvfb) loads
    Mesa's llvmpipe: 85 MB of libraries, two threads of its own, and a main heap that grew by 7 to 11 MB an hour
    under a busy visitor in every hour measured (docs/kiosk.md). A board game redraws little, and the
    processor scales the logical screen to the display as cheaply (measured: docs/kiosk.md), so on X11 the
    kiosk draws in software unless its config says "auto". Only on X11: its windows have a surface of their
    own; under Wayland and KMS/DRM SDL 2 has none and backs every window with a GPU texture, so there the
    software renderer cannot be asked for. Both hints are SDL's own environment variables; a value the
    administrator set in the environment wins over the config.
    """
    if renderer == "software" and driver == "x11":
        os.environ.setdefault("SDL_RENDER_DRIVER", "software")
        # else SDL backs the window's own surface with an OpenGL texture, which loads the same driver
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def renderer_name() -> str:
    """The name of SDL's renderer behind the scaled window ("software", "opengl", …), or "none"."""
    # pygame-ce tells it only through a provisional function; read-only, and absent in other builds
    info = getattr(pygame.display, "_get_renderer_info", None)
    found = info() if info is not None else None
    return str(found[0]) if found else "none"


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
