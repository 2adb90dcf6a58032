"""The scene protocol (each screen sets itself up on enter, reacts to events, draws itself) and what a scene may
ask of the window that shows it (`SceneHost`, so scenes never import the app)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.settings import Settings

if TYPE_CHECKING:
    from game.levels.level import Level
    from game.ui.options import AppOptions


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


Color = tuple[int, int, int]


class SceneHost(Protocol):
    """The app as its scenes see it."""

    screen: pygame.Surface
    options: AppOptions
    """How the app was opened (`locked`: a public screen, the kiosk)."""
    side_colors: dict[str, Color]
    players: str
    ai: dict[str, str]
    settings: Settings
    """The player's settings in use (game/settings.py)."""
    level: Level | None
    """The level being played (None before the first one opens)."""

    @property
    def animation_speed(self) -> str:
        """normal | fast | instant (instant in --frames runs unless --animate)."""

    def now(self) -> float:
        """Seconds on the app's monotonic clock (a second press too soon after the first is a double-click)."""

    def change_settings(self, new: Settings) -> str | None:
        """Apply and save new settings; a warning when they could not be saved."""

    def show_settings(self, back_to: Scene | None) -> None:
        """The settings screen."""

    def switch(self, scene: Scene) -> None:
        """Make `scene` the current scene."""

    def quit(self) -> None:
        """Stop after this frame."""

    def save(self, intent: str) -> None:
        """Save the replay (or the situation) and say where."""

    def open_level(self, path: str | Path | None) -> None:
        """Load a level and start a match on it."""

    def next_level(self) -> None:
        """The level after the one just played."""

    def replay(self) -> None:
        """The same level again from the start."""

    def show_menu(self, back_to: Scene | None) -> None:
        """The level menu."""

    def show_victory(self, battle: Scene) -> None:
        """The victory screen for the finished match."""

    def show_handover(self, battle: Scene, side: str) -> None:
        """The hot-seat hand-over to `side`."""

    def show_pause(self, below: Scene) -> None:
        """The pause menu over `below` (Esc with nothing to step back from)."""

    def request_quit(self) -> None:
        """Quit, asking first when the match's replay is unsaved."""

    def open_level_asking(self, path: str | Path | None) -> None:
        """Open a level from the menu, asking first when a running match's replay would be lost."""

    def open_tutorial(self, ruleset: str) -> None:
        """The tutorial of `ruleset` from its first prompt."""

    def open_tutorial_asking(self, ruleset: str) -> None:
        """Open a tutorial from the menu, asking first when a running match's replay would be lost."""
