"""Turns of computer-controlled sides: one action at a time from `game.ai`, when that module exists."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from game.match import Match
from rules.actions import Action

NextAction = Callable[[Match], Action | None]

AI_DELAY = 0.35
"""Seconds between computer actions, so a player can follow them."""
MAX_ACTIONS_PER_TURN = 40
"""A guard: a computer side that keeps acting is made to end its turn."""


def find_ai() -> NextAction | None:
    """`game.ai.next_action(match) -> Action | None` if the game has an AI, else None."""
    try:
        module = importlib.import_module("game.ai")
    except ModuleNotFoundError as exc:
        if exc.name in ("game.ai", "game"):
            return None
        raise
    hook = getattr(module, "next_action", None)
    return hook if callable(hook) else None


def is_computer(match: Match, side: str) -> bool:
    """Whether the level gives `side` to the computer."""
    return any(s.id == side and s.controller == "ai" for s in match.level.sides)


class AutoPlayer:
    """Paces a computer side's actions over frames (the window never waits on a whole turn)."""

    def __init__(self, hook: NextAction | None) -> None:
        self.hook = hook
        self.wait = AI_DELAY
        self.count = 0
        self.turn_key: tuple[int, str] | None = None

    def due(self, match: Match, side: str | None, dt: float) -> Action | None:
        """The next computer action once its delay is over, or None (not its turn / not yet).

        `side` is the side to act as the caller last read it (reading it from the world every frame is slow).
        """
        if self.hook is None or side is None or match.finished or not is_computer(match, side):
            return None
        key = (match.round, match.active_unit or side)
        if key != self.turn_key:
            self.turn_key, self.count, self.wait = key, 0, AI_DELAY
        self.wait -= dt
        if self.wait > 0:
            return None
        self.wait = AI_DELAY
        self.count += 1
        action = self.hook(match) if self.count <= MAX_ACTIONS_PER_TURN else None
        return action if action is not None else Action("end_turn")
