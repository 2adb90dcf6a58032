"""The first frame, drawn before the game's modules are imported.

Importing the rules, the level loader and the UI takes a few hundred milliseconds; a
window that stays black meanwhile looks broken. `show_splash` opens the window and draws
a title frame straight away, the way games show a splash screen while they load; the
game window (game.ui.app.App) then takes the same window over. Only pygame is imported.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from game.commands.argv import command_first
from game.stamps import FIRST_FRAME_ENV, write_stamp
from game.window_size import DEFAULT_WINDOW, clamp_window, parse_window_size

WINDOW_COMMANDS = ("play",)
"""Commands that open the normal game window (the kiosk opens its own full-screen one)."""
BACKGROUND = (24, 26, 31)


def opens_window(argv: Sequence[str]) -> bool:
    """Whether this command line opens the game window (no command, an option, or `play`; `--lang X` before a command
    belongs to that command)."""
    if any(arg in ("-h", "--help", "--version") for arg in argv):
        return False
    argv = command_first(list(argv))
    return not argv or argv[0].startswith("-") or argv[0] in WINDOW_COMMANDS


def _size(argv: Sequence[str]) -> tuple[int, int]:
    """The --size WxH of the command line, or the window's default."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--size" and i + 1 < len(argv) else arg.removeprefix("--size=")
        if (arg == "--size" or arg.startswith("--size=")) and "x" in value:
            size = parse_window_size(value)
            # clamped: the splash opens before `play` refuses an absurd size, and must not ask for gigabytes
            return clamp_window(size) if size is not None else DEFAULT_WINDOW
    return DEFAULT_WINDOW


def show_splash(argv: Sequence[str]) -> bool:
    """Open the window and draw the title frame if this command opens a window; True if it did."""
    if not opens_window(argv):
        return False
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # only here: `check`, `measure` and the other commands never load pygame

    from game.ui.signals import without_sdl_signal_handlers

    # no pygame.init(): that would open the audio device before the first frame (the game does it later)
    with without_sdl_signal_handlers():  # SIGTERM is not a window close (game/ui/signals.py)
        pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Gridbound")
    screen = pygame.display.set_mode(_size(argv), pygame.RESIZABLE)
    screen.fill(BACKGROUND)
    font = pygame.font.Font(None, 72)
    title = font.render("Gridbound", True, (230, 232, 238))
    centre = screen.get_rect().center
    screen.blit(title, title.get_rect(center=centre))
    subtitle = pygame.font.Font(None, 30).render("pf1  ·  dnd5e  ·  hexxen", True, (140, 146, 160))
    screen.blit(subtitle, subtitle.get_rect(center=(centre[0], centre[1] + 50)))
    pygame.display.flip()
    stamp = os.environ.get(FIRST_FRAME_ENV)
    if stamp:
        write_stamp(stamp)
    return True


def launch() -> int:
    """Entry point of `main.py` and the `gridbound` script: the splash, then the command."""
    # Importing makes ~20,000 objects the collector tracks that live as long as the game (modules, classes,
    # functions) and almost no garbage: its passes over them were ~5 % of the start's work. None
    # run while importing; then what exists is frozen (gc.freeze), so later passes skip it.
    gc.disable()
    if opens_window(sys.argv[1:]):
        from game.ui.signals import hold_sigterm

        hold_sigterm()  # a SIGTERM during the splash and the imports: a clean exit once run_app starts
    try:
        show_splash(sys.argv[1:])
        from game.commands.cli import main  # the heavy imports, after the first frame is on screen
    finally:
        gc.freeze()
        gc.enable()
    return main()
