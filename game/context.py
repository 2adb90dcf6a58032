"""What the running game is set to — the language, the player's settings, the palette — in one registry with one
`reset()`.

The message catalogue, the settings module and the theme read their state here and nowhere else: a window sets
it on start and on every change (through `set_language`, `settings.use`, `theme.use_palette`), a test or a second
game in the same process starts over with `reset()`. The registry sits at the bottom of the game's layers, so it
cannot name the types it holds (the settings and the palette are defined above it): an unset entry is None and
its owner serves the default (the system locale, `settings.DEFAULTS`, `theme.STANDARD`).
No pygame, no I/O here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class Context:
    """The state the drawing code and every message read; None is "not chosen yet" (its owner's default)."""

    language: str | None = None
    """A language code of the catalogue (game/text/i18n.py checks it); None follows the system locale."""
    settings: Any = None
    """The player's settings in use (game/settings.py `Settings`); None: the defaults."""
    palette: Any = None
    """The colours every drawing reads (game/ui/theme.py `Palette`); None: the standard one."""
    palette_generation: int = 0
    """Changes whenever the palette may have: pictures of the board cached with it in their key are redrawn."""


_context = Context()
"""The one registry of the process (the only module state the message catalogue, settings and theme keep)."""


def current() -> Context:
    """The registry (read its fields; change them through the setters). It is never replaced — `reset()` changes
    its fields — so a module that reads it on every message or colour may keep it once imported."""
    return _context


def set_language(code: str | None) -> None:
    """Record `code` as the language of all messages (game/text/i18n.py checks it first; None: the system's)."""
    _context.language = code


def set_settings(settings: Any) -> None:
    """Record the player's settings in use (None: the defaults)."""
    _context.settings = settings


def set_palette(palette: Any) -> None:
    """Record the palette every drawing reads (None: the standard one); a change bumps the palette generation."""
    if palette is _context.palette:
        return
    _context.palette = palette
    _context.palette_generation += 1


def reset(language: str | None = None) -> None:
    """Back to the start: `language` (None: the system locale), the default settings, the standard palette.

    The palette generation keeps counting up (it never repeats, so no cached picture of another palette is
    taken for one of this)."""
    _context.language = language
    _context.settings = None
    _context.palette = None
    _context.palette_generation += 1
