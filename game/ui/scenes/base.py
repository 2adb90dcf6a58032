"""The scene protocol: each screen sets itself up on enter, reacts to events, and draws itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen of the window; the app calls these and nothing else."""

    app: App

    def enter(self, app: App) -> None:
        """Become the current scene (the window holds another scene's picture until the next draw)."""
        self.app = app

    def leave(self) -> None:
        """Stop being the current scene (the scene may be entered again later)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time-based state by `dt` seconds."""

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the window; return the rectangles that changed, or None when the whole window did."""
        return None

    def relayout(self, size: tuple[int, int]) -> None:
        """The window changed size."""
