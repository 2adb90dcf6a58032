"""The scene protocol (each screen sets itself up on enter, reacts to events, draws itself) and what a scene may
ask of the window that shows it (`SceneHost`, so scenes never import the app)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.settings import Settings

if TYPE_CHECKING:
    from game.ui.editing import EditorLauncher
    from game.ui.leaving import LeaveGuard
    from game.ui.matches import MatchSession
    from game.ui.options import AppOptions
    from game.ui.screens import ScreenFlow


class Scene:
    """One screen of the window; the app calls these and nothing else."""

    app: SceneHost

    def enter(self, app: SceneHost) -> None:
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


class SceneHost(Protocol):
    """The app as its scenes see it: the window, and the objects that own the match, the screens and leaving."""

    screen: pygame.Surface
    options: AppOptions
    """How the app was opened (`locked`: a public screen, the kiosk)."""
    players: str
    ai: dict[str, str]
    settings: Settings
    """The player's settings in use (game/settings.py)."""
    session: MatchSession
    """The match being played, its level and side colours; opening levels, tutorials, the next level, a replay."""
    screens: ScreenFlow
    """Pause, hand-over, victory, level menu, settings."""
    guard: LeaveGuard
    """Saving, and quitting or leaving a match with unsaved work (asks first)."""
    editing: EditorLauncher
    """The level editor's round trip (open it, test-play its level, back to it)."""

    @property
    def animation_speed(self) -> str:
        """normal | fast | instant (instant in --frames runs unless --animate)."""

    def now(self) -> float:
        """Seconds on the app's monotonic clock (a second press too soon after the first is a double-click)."""

    def change_settings(self, new: Settings) -> str | None:
        """Apply and save new settings; a warning when they could not be saved."""

    def switch(self, scene: Scene) -> None:
        """Make `scene` the current scene."""

    def quit(self) -> None:
        """Stop after this frame."""
