"""AppHooks: where a shell around the game (the kiosk) takes over from the plain window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.ui.scenes.base import Scene


@dataclass(slots=True)
class AppHooks:
    """Where a shell around the game (the kiosk) takes over from the plain window; None keeps the app's own.

    The frame loop is the app's (`App.step`, `App.run`); a shell adds to it here instead of copying it."""

    victory: Callable[[Scene], None] | None = None
    """Instead of the victory screen."""
    replay: Callable[[], None] | None = None
    """Instead of restarting the level."""
    switched: Callable[[Scene], None] | None = None
    """Told before another scene becomes current."""
    tick: Callable[[], float] | None = None
    """The frame clock of `App.run`: seconds since the last frame (None: the window's clock at 60 frames a second)."""
    before_frame: Callable[[float], None] | None = None
    """Told each frame's seconds before its events are read."""
    event: Callable[[pygame.event.Event], None] | None = None
    """Instead of `App.dispatch` for every event (a shell filters events, then passes them on)."""
    before_update: Callable[[float], None] | None = None
    """Told each frame's seconds before the scene updates (under `failed` when that is set)."""
    overlay: Callable[[pygame.Surface, list[pygame.Rect] | None], list[pygame.Rect] | None] | None = None
    """Draws over the scene's frame; gets and returns the changed rectangles (None: the whole window)."""
    failed: Callable[[BaseException, str], None] | None = None
    """An error in a frame's update or draw, and where (the scene class and the step): survived instead of raised."""
    after_frame: Callable[[bool], None] | None = None
    """Told at the end of each frame whether its update and draw went through."""
