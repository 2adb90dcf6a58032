"""Turns of computer-controlled sides: one action at a time from `game.ai`, thought out off the frame loop."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.battle.match import Match
from game.levels.controllers import is_computer_side, side_strength
from rules.actions import Action

if TYPE_CHECKING:  # the thread pool (with concurrent.futures and logging) only when the computer first thinks
    from concurrent.futures import Future

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
    """`game.ai`, imported at the computer's first decision rather than before the first frame.

    The AI's modules are ~5 M instructions of a start whose first frame never asks them anything
    (start-up time). Each side plays at the strength its controller names (game/levels/controllers.py).
    """

    __slots__ = ("_hook",)

    def __init__(self) -> None:
        self._hook: NextAction | None = None

    def __call__(self, match: Match) -> Action | None:
        """The AI's next action for `match` at the strength of the side to act, decided on the live match."""
        hook = self.target
        if hook is None:  # game.ai found by find_ai but without a next_action: the side ends its turn
            return None
        return hook(match, strength=side_strength(match.level, match.active_side))  # type: ignore[call-arg]

    def prepare(self, match: Match) -> Callable[[], Action | None]:
        """Take a snapshot of `match` now (main thread) and return the decision to work out from it alone."""
        import random

        from game import ai

        snap = ai.snapshot(match)
        strength = side_strength(match.level, match.active_side)
        rng = random.Random(f"gridbound-ai:{match.seed}:{len(match.history)}")  # as next_action seeds it
        return lambda: ai.decide(snap, strength, rng).first

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
    """Whether the level gives `side` to the computer (at any strength)."""
    return is_computer_side(match.level, side)


@dataclass(frozen=True, slots=True)
class Step:
    """The computer's next action, decided; the caller (the main thread) performs it."""

    action: Action


class Executor(Protocol):
    """Where a decision is worked out: a thread pool in the window; tests pass one they drive by hand."""

    def submit(self, fn: Callable[[], Action | None], /) -> Future[Action | None]:
        """Start `fn` and return its future."""
        ...

    def shutdown(self, wait: bool = True) -> None:
        """Stop taking work (waiting for the running job when `wait`)."""
        ...


class AutoPlayer:
    """Paces a computer side's actions over frames; the AI decides from a snapshot, the main thread acts.

    A decision can take a good fraction of a second (`hard` searches). With a hook that can `prepare` a
    decision (game.ai's, through LazyAI) the main thread takes a snapshot of the match, a worker decides
    from it alone, and `due` hands the action back to the caller, which performs it on the main thread:
    no thread but the main one reads or changes the match. A plain hook (a function of the match) is
    asked on the main thread. While `busy` the window keeps drawing and the player may pan and zoom.
    """

    def __init__(self, hook: NextAction | None, threaded: bool = True, executor: Executor | None = None) -> None:
        self.hook = hook
        self.threaded = threaded
        self.wait = AI_DELAY
        self.count = 0
        self.turn_key: tuple[int, str] | None = None
        self._pool: Executor | None = executor
        self._given = executor is not None
        """An executor from the caller outlives `close` (the caller shuts it down); the own pool does not."""
        self._pending: Future[Action | None] | None = None
        self._asked_at: int | None = None
        """How many actions the match had when the pending decision was asked (a stale answer is dropped)."""
        self.error: BaseException | None = None

    @property
    def busy(self) -> bool:
        """Whether a decision is being worked out right now."""
        return self._pending is not None

    def due(self, match: Match, side: str | None, dt: float) -> Step | None:
        """The computer's next action once its delay is over and it is decided, or None (not yet / not its turn).

        `side` is the side to act as the caller last read it (reading it from the world every frame is slow).
        The caller performs the step's action (the AI never changes the match).
        """
        if self._pending is not None:
            if not self._pending.done():
                return None
            return self._collect(match)
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
            return Step(Action("end_turn"))
        prepare = getattr(self.hook, "prepare", None)
        if not self.threaded or prepare is None:
            try:
                return Step(self.hook(match) or Action("end_turn"))
            except Exception as exc:  # the match must go on; the screen reports what went wrong
                self.error = exc
                return Step(Action("end_turn"))
        job = prepare(match)  # the snapshot is taken here, on the main thread
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor  # start-up time: not before the computer's turn

            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gridbound-ai")
        self._asked_at = len(match.history)
        self._pending = self._pool.submit(job)
        return None

    def _collect(self, match: Match) -> Step | None:
        """The finished decision; a failed one ends the turn (kept in `error` for the screen), a stale one is
        dropped (the match changed since it was asked: it is asked again)."""
        assert self._pending is not None
        future, self._pending = self._pending, None
        if self._asked_at != len(match.history):
            self.wait = 0.0
            return None
        try:
            return Step(future.result() or Action("end_turn"))
        except Exception as exc:  # the match must go on; the screen reports what went wrong
            self.error = exc
            return Step(Action("end_turn"))

    def close(self) -> None:
        """Wait for a running decision and stop the own worker (before the match is closed)."""
        if self._pool is not None and not self._given:
            self._pool.shutdown(wait=True)
            self._pool = None
        self._pending = None
