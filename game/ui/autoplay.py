"""Turns of computer-controlled sides: one action at a time from `game.ai`, thought out off the frame loop."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.match import Match
from rules.actions import Action
from rules.core import Illegal, Ruling

if TYPE_CHECKING:  # the thread pool (with concurrent.futures and logging) only when the computer first thinks
    from concurrent.futures import Future, ThreadPoolExecutor

NextAction = Callable[[Match], Action | None]

AI_DELAY = 0.35
"""Seconds between computer actions, so a player can follow them."""
MAX_ACTIONS_PER_TURN = 40
"""A guard: a computer side that keeps acting is made to end its turn."""


def load_ai() -> NextAction | None:
    """`game.ai.next_action(match) -> Action | None` if the game has an AI, else None (imports it now)."""
    try:
        module = importlib.import_module("game.ai")
    except ModuleNotFoundError as exc:
        if exc.name in ("game.ai", "game"):
            return None
        raise
    hook = getattr(module, "next_action", None)
    return hook if callable(hook) else None


class LazyAI:
    """`game.ai.next_action`, imported at the computer's first decision rather than before the first frame.

    The AI's modules are ~5 M instructions of a start whose first frame never asks them anything;
    the computer's first turn is in a worker thread, after the delay.
    """

    __slots__ = ("_hook",)

    def __init__(self) -> None:
        self._hook: NextAction | None = None

    def __call__(self, match: Match) -> Action | None:
        """The AI's next action for `match` (what `next_action(match)` answers)."""
        hook = self._hook
        if hook is None:
            hook = self._hook = load_ai()
            if hook is None:  # game.ai found by find_ai but without a next_action: the side ends its turn
                return None
        return hook(match)

    @property
    def target(self) -> NextAction | None:
        """The real hook (imports the AI now)."""
        if self._hook is None:
            self._hook = load_ai()
        return self._hook


def find_ai() -> NextAction | None:
    """The AI hook (a `LazyAI` that imports `game.ai` at its first call) if the game has an AI, else None."""
    try:
        found = importlib.util.find_spec("game.ai")
    except ModuleNotFoundError:  # no `game` package at all
        return None
    return LazyAI() if found is not None else None


def is_computer(match: Match, side: str | None) -> bool:
    """Whether the level gives `side` to the computer."""
    return any(s.id == side and s.controller == "ai" for s in match.level.sides)


@dataclass(frozen=True, slots=True)
class Step:
    """One computer action and whether it has already been performed."""

    action: Action
    performed: bool
    result: Ruling | Illegal | None = None


class AutoPlayer:
    """Paces a computer side's actions over frames; each decision runs in a worker thread.

    A decision can take a good fraction of a second; thinking in a thread keeps the window
    drawing meanwhile. While `busy`, the battle screen must not touch the match (the worker
    reads it); it only draws from its caches and lets the player pan and zoom.
    """

    def __init__(self, hook: NextAction | None, threaded: bool = True) -> None:
        self.hook = hook
        self.threaded = threaded
        self.wait = AI_DELAY
        self.count = 0
        self.turn_key: tuple[int, str] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._pending: Future[Step] | None = None
        self.error: BaseException | None = None

    @property
    def busy(self) -> bool:
        """Whether a decision is being worked out right now."""
        return self._pending is not None

    def due(self, match: Match, side: str | None, dt: float) -> Step | None:
        """The computer's next step once its delay is over and it is done, or None (not yet / not its turn).

        `side` is the side to act as the caller last read it (reading it from the world every frame is slow).
        A step's action has already been performed (decided and ruled in the worker) unless
        `performed` is false: then the caller must perform it (an end of turn after a failure).
        """
        if self._pending is not None:
            if not self._pending.done():
                return None
            return self._collect()
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
        if self.count > MAX_ACTIONS_PER_TURN:
            return Step(Action("end_turn"), performed=False)
        if not self.threaded:
            return self._play(match)
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # start-up time: not before the computer's turn

            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gridbound-ai")
        self._pending = self._pool.submit(self._play, match)
        return None

    def _play(self, match: Match) -> Step:
        """Decide and perform one action (in the worker: ruling a long move is slow too)."""
        assert self.hook is not None
        action = self.hook(match) or Action("end_turn")
        result = match.perform(action)
        if isinstance(result, Illegal) and action.kind != "end_turn":
            match.perform(Action("end_turn"))  # a refused computer action must not stall the match
        return Step(action, performed=True, result=result)

    def _collect(self) -> Step:
        """The finished step; a failed decision ends the turn (and is kept in `error` for the screen)."""
        assert self._pending is not None
        future, self._pending = self._pending, None
        try:
            return future.result()
        except Exception as exc:  # the match must go on; the screen reports what went wrong
            self.error = exc
            return Step(Action("end_turn"), performed=False)

    def close(self) -> None:
        """Wait for a running decision and stop the worker (before the match is closed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        self._pending = None
