"""The computer decides from a snapshot, the main thread acts: driven step by step, with no wall-clock wait."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

import pygame

from game.battle.match import Match
from game.ui.autoplay import AI_DELAY, AutoPlayer, find_ai
from rules.actions import Action
from tests.ui_helpers import FIELD, battle, end_turn, key, open_app


class HandExecutor:
    """An executor the test drives: a submitted job waits until `run_next` runs it in a thread of its own."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Callable[[], Action | None], Future[Action | None]]] = []
        self.threads: list[str] = []

    def submit(self, fn: Callable[[], Action | None], /) -> Future[Action | None]:
        future: Future[Action | None] = Future()
        self.jobs.append((fn, future))
        return future

    def run_next(self) -> None:
        """Run the oldest job in a new thread and wait for it to finish (a join, not a timed wait)."""
        fn, future = self.jobs.pop(0)

        def work() -> None:
            self.threads.append(threading.current_thread().name)
            try:
                future.set_result(fn())
            except Exception as exc:  # handed back through the future, as a pool does
                future.set_exception(exc)

        worker = threading.Thread(target=work, name="test-ai-worker")
        worker.start()
        worker.join()

    def shutdown(self, wait: bool = True) -> None:
        self.jobs.clear()


def _watch_threads(match: Match) -> list[str]:
    """The names of the threads that read or change `match` from now on (its own methods, wrapped)."""
    seen: list[str] = []
    for name in ("perform", "situation"):
        method = getattr(match, name)

        def watched(*args: object, _method: Callable[..., object] = method, **kwargs: object) -> object:
            seen.append(threading.current_thread().name)
            return _method(*args, **kwargs)

        setattr(match, name, watched)
    return seen


def _ai_level(tmp_path: Path) -> Path:
    level = tmp_path / "ai.toml"
    level.write_text(
        FIELD.format(ruleset="pf1").replace('name = "Blue"\n', 'name = "Blue"\ncontroller = "ai:hard"\n'),
        encoding="utf-8",
    )
    return level


def test_the_real_ai_decides_in_a_worker_from_a_snapshot_and_the_main_thread_acts(tmp_path: Path) -> None:
    app = open_app(_ai_level(tmp_path))
    try:
        scene = battle(app)
        hands = HandExecutor()
        scene.ctl.autoplayer = AutoPlayer(find_ai(), executor=hands)
        end_turn(app)  # red ends its turn; blue is the computer's
        assert scene.ctl.actors == frozenset()  # the computer's units are not the player's to move
        match = app.session.match
        seen = _watch_threads(match)
        draws: list[int] = []
        draw = scene.draw

        def counted(screen: pygame.Surface) -> object:
            draws.append(1)
            return draw(screen)

        scene.draw = counted  # type: ignore[method-assign]
        decisions = 0
        for _ in range(200):  # a bound on frames, not on time: every decision is run by hand below
            if match.active_side != "blue":
                break
            app.step(AI_DELAY)
            if not hands.jobs:
                continue
            assert scene.ctl.autoplayer.busy
            before = len(match.history)
            drawn = len(draws)
            for _ in range(3):  # the window keeps drawing while the computer thinks; the match does not move
                app.step(AI_DELAY)
                key(app, pygame.K_u)  # undo is refused while the computer thinks
            assert len(match.history) == before and scene.ctl.autoplayer.busy
            assert len(draws) >= drawn + 3
            hands.run_next()
            decisions += 1
            app.step(0.0)  # the main thread collects the decision and performs it
            assert not scene.ctl.autoplayer.busy
        assert match.active_side == "red" and decisions >= 1
        assert hands.threads and set(hands.threads) == {"test-ai-worker"}
        assert "test-ai-worker" not in seen  # the worker never read or changed the match
        kinds = [r.action.kind for r in match.history]
        assert kinds[0] == "end_turn" and kinds[-1] == "end_turn"
        assert all(r.action.unit in (None, "ogre") for r in match.history)
    finally:
        app.close()


class Scripted:
    """A hook that prepares a decision: the snapshot (round, side) is taken at once, the action later."""

    def __init__(self, actions: list[Action]) -> None:
        self.actions = actions
        self.snapshots: list[tuple[int, str | None]] = []

    def __call__(self, match: Match) -> Action | None:
        return self.actions.pop(0) if self.actions else None

    def prepare(self, match: Match) -> Callable[[], Action | None]:
        self.snapshots.append((match.round, match.active_side))
        return lambda: self.actions.pop(0) if self.actions else None


def test_a_decision_made_stale_by_a_change_of_the_match_is_dropped_and_asked_again(tmp_path: Path) -> None:
    app = open_app(_ai_level(tmp_path))
    try:
        scene = battle(app)
        hands = HandExecutor()
        hook = Scripted([Action("drop_prone", "ogre"), Action("end_turn")])
        player = scene.ctl.autoplayer = AutoPlayer(hook, executor=hands)
        end_turn(app)
        match = app.session.match
        app.step(AI_DELAY)
        assert len(hands.jobs) == 1 and player.busy
        match.perform(Action("drop_prone", "ogre"))  # the match changed after the snapshot was taken
        hands.run_next()
        assert player.due(match, match.active_side, 0.0) is None and not player.busy  # dropped, not performed
        assert [r.action.kind for r in match.history] == ["end_turn", "drop_prone"]
        app.step(0.0)  # asked again at once
        assert len(hands.jobs) == 1 and hook.snapshots == [(1, "blue"), (1, "blue")]
        hands.run_next()
        app.step(0.0)  # the fresh decision (the end of the turn) is performed on the main thread
        assert [r.action.kind for r in match.history] == ["end_turn", "drop_prone", "end_turn"]
        assert match.active_side == "red"
    finally:
        app.close()


def test_a_failed_decision_ends_the_turn_and_is_reported(tmp_path: Path) -> None:
    app = open_app(_ai_level(tmp_path))
    try:
        scene = battle(app)
        hands = HandExecutor()

        class Broken(Scripted):
            def prepare(self, match: Match) -> Callable[[], Action | None]:
                def fail() -> Action | None:
                    raise RuntimeError("no idea")

                return fail

        scene.ctl.autoplayer = AutoPlayer(Broken([]), executor=hands)
        end_turn(app)
        app.step(AI_DELAY)
        hands.run_next()
        app.step(0.0)
        assert app.session.match.active_side == "red"
        assert "no idea" in scene.ctl.toast
    finally:
        app.close()
