"""How the window is opened: the options the command line (or the kiosk) hands the app, with their defaults."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.settings import Settings
from game.window_size import clamp_window, parse_window_size

if TYPE_CHECKING:
    from game.levels.level import Level

DEFAULT_SIZE = (1280, 800)


@dataclass(frozen=True, slots=True)
class AppOptions:
    """Everything `App` needs to know from its caller; the defaults are the plain game window."""

    level: str | None = None
    """The level file to open (None: the default level)."""
    size: tuple[int, int] = DEFAULT_SIZE
    frames: int | None = None
    """Run exactly this many frames, then stop (headless screenshots, tests)."""
    screenshot: str | None = None
    seed: int = 0
    players: str = "level"
    """level | hotseat | computer (game.levels.level.PLAYERS)."""
    ai: tuple[tuple[str, str], ...] = ()
    """`--ai`: side (or "*" for every computer side) → the computer's strength; empty: as the level says."""
    replay: str | None = None
    """A replay script to view instead of a match."""
    force: bool = False
    turn: int | None = None
    """`--turn N`: open the replay at the start of the game's N-th turn (1 = the first)."""
    watch: bool = False
    lang: str | None = None
    edit: bool = False
    """Open the level editor on `level` (a file that does not exist yet: a new level saved there)."""
    new_ruleset: str = "pf1"
    """The ruleset of a new level (edit without an existing file)."""
    new_map: tuple[int, int] = (16, 12)
    """The map size of a new level, in squares."""
    locked: bool = False
    """A public screen (the kiosk): no quitting, level menu, full-screen toggle, file saving or level opening."""
    settings: Settings | None = None
    """The player's settings; None reads them from the user's config folder (a locked screen: the defaults)."""
    animate: bool = False
    """Animate moves in a --frames run too (they are instant there unless asked, so screenshots stay the same)."""
    loaded: Level | None = None
    """`level` already loaded (the headless check of the command line), so the window does not parse it again."""
    draw_every: int = 1
    """Draw every N-th frame (the kiosk's soak run steps many frames between pictures)."""


def fresh_seed() -> int:
    """A new dice seed for this launch (shown in the pause menu and saved in the replay; --seed fixes it)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def parse_size(value: str | None) -> tuple[int, int]:
    """ "WxH" → (w, h) within game.window_size's bounds; the default size when missing or malformed."""
    size = parse_window_size(value) if value else None
    return DEFAULT_SIZE if size is None else clamp_window(size)
