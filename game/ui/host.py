"""`AppHost`: the app as the objects it holds (match session, leave guard, screen flow, editor launcher) see it, so
they never import the app or each other."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui.scenes.base import SceneHost

if TYPE_CHECKING:
    from game.ui.hooks import AppHooks
    from game.ui.scenes.base import Scene


class AppHost(SceneHost, Protocol):
    """What a scene sees of the app, and the current scene and the hooks of a shell around the window."""

    scene: Scene | None
    hooks: AppHooks

    def drop_scene(self) -> Scene | None:
        """Take the current scene off the window (the caller leaves it)."""
