"""AppHooks: where a shell around the game (the kiosk) takes over from the plain window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.scenes.base import Scene


@dataclass(slots=True)
class AppHooks:
    """Where a shell around the game (the kiosk) takes over from the plain window; None keeps the app's own."""

    victory: Callable[[Scene], None] | None = None
    """Instead of the victory screen."""
    replay: Callable[[], None] | None = None
    """Instead of restarting the level."""
    switched: Callable[[Scene], None] | None = None
    """Told before another scene becomes current."""
