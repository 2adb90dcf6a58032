"""The scene protocol (each screen sets itself up on enter, reacts to events, draws itself) and what a scene may
ask of the window that shows it (`SceneHost`, so scenes never import the app): the window and the small interfaces
of the objects the app holds (`Session`, `Screens`, `Guard`, `Editing`); naming the interfaces here keeps them from
importing the app or each other (`game/ui/host.py`: the app as those objects see it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.settings import Settings

if TYPE_CHECKING:
    from game.battle.match import Match
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


class Session(Protocol):
    """The match the window plays and where matches come from (game/ui/matches.py `MatchSession`)."""

    match: Match | None
    level: Level | None
    side_colors: dict[str, Color]

    def open_level(self, path: str | Path | None, loaded: Level | None = None) -> None:
        """Load a level and start a match on it."""

    def open_tutorial(self, ruleset: str) -> None:
        """The tutorial of `ruleset` from its first prompt."""

    def start(self, level: Level) -> None:
        """A fresh match on `level` in the battle screen."""

    def new_match(self, level: Level, seed: int, scene: Callable[[Match], Scene]) -> Scene:
        """Close what runs, then a fresh match on `level` in the scene `scene` makes (not yet shown)."""

    def close(self) -> None:
        """Stop the scene and close the match."""

    def next_level(self) -> None:
        """The level after the one just played."""

    def replay(self) -> None:
        """The same level again from the start."""

    def side_name(self, side: str | None) -> str:
        """The display name of a side id."""

    def unsaved(self) -> bool:
        """Whether the match has actions whose replay is not saved."""

    def mark_saved(self) -> None:
        """The match's replay was just saved."""


class Screens(Protocol):
    """The screens around the battle (game/ui/screens.py `ScreenFlow`)."""

    def show_pause(self, below: Scene) -> None:
        """The pause menu over `below` (Esc with nothing to step back from)."""

    def show_handover(self, battle: Scene, side: str) -> None:
        """The hot-seat hand-over to `side`."""

    def show_victory(self, battle: Scene) -> None:
        """The victory screen for the finished match."""

    def show_menu(self, back_to: Scene | None) -> None:
        """The level menu."""

    def show_settings(self, back_to: Scene | None) -> None:
        """The settings screen."""


class Guard(Protocol):
    """Saving, and leaving unsaved work only when asked (game/ui/leaving.py `LeaveGuard`)."""

    def save(self, intent: str) -> None:
        """Save the replay (or the situation) and say where."""

    def request_quit(self) -> None:
        """Quit, asking first when the match's replay or the editor's edits are unsaved."""

    def leave_match(self, then: Callable[[], None], title: str | None = None, anyway: str | None = None) -> None:
        """Run `then`, asking first when the match's replay is unsaved."""

    def open_level_asking(self, path: str | Path | None) -> None:
        """Open a level from the menu, asking first when a match's replay would be lost."""

    def open_tutorial_asking(self, ruleset: str) -> None:
        """Open a tutorial from the menu, asking first when a match's replay would be lost."""


class Editing(Protocol):
    """The level editor's round trip (game/ui/editing.py `EditorLauncher`)."""

    test_from: Scene | None
    """While a level is test-played from the editor: the editor to come back to."""
    opened: Scene | None
    """The editor opened last: asked before quitting with unsaved edits."""

    def forget(self) -> None:
        """Another level was opened: no editor to come back to."""

    def open_editor(self, path: str | Path | None, ruleset: str = "pf1", size: tuple[int, int] = (16, 12)) -> None:
        """The editor on a level file (None: a new level)."""

    def test_play(self, level: Level, editor: Scene) -> None:
        """A match on the editor's level; its end leads back to the editor."""

    def back_to_editor(self) -> None:
        """Close the test match and show the editor as it was."""

    def test_play_over(self) -> None:
        """The end of a test match: back to the editor, or play it again."""


class SceneHost(Protocol):
    """The app as its scenes see it: the window, and the objects that own the match, the screens and leaving."""

    screen: pygame.Surface
    options: AppOptions
    """How the app was opened (`locked`: a public screen, the kiosk)."""
    players: str
    ai: dict[str, str]
    settings: Settings
    """The player's settings in use (game/settings.py)."""

    @property
    def session(self) -> Session:
        """The match being played, its level and side colours; opening levels, tutorials, the next level, a replay."""

    @property
    def screens(self) -> Screens:
        """Pause, hand-over, victory, level menu, settings."""

    @property
    def guard(self) -> Guard:
        """Saving, and quitting or leaving a match with unsaved work (asks first)."""

    @property
    def editing(self) -> Editing:
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
