"""`MatchSession`: the app's one match at a time — open a level, a tutorial or a replay, start and close a match,
reload a watched level, and whether its replay is saved."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game import caches
from game.battle.match import Match
from game.levels.controllers import with_strengths
from game.levels.level import Level, LevelError, load_level, load_or_default, with_players
from game.paths import LEVELS_DIR
from game.text.i18n import t
from game.ui import theme
from game.ui.scenes.battle import BattleScene

if TYPE_CHECKING:
    from game.levels.watch import LevelWatcher
    from game.ui.host import AppHost


class MatchSession:
    """The match the window plays (its level, side colours, dice seed and saved mark) and where matches come from."""

    def __init__(self, app: AppHost, seed: int) -> None:
        self.app = app
        self.match: Match | None = None
        self.level: Level | None = None
        self.side_colors: dict[str, theme.Color] = {}
        self.seed = seed
        """The dice seed of the next match (the launch's, then one more for each later match)."""
        self.watcher: LevelWatcher | None = None
        """play --watch: the level file, polled every half second (docs/replays.md)."""
        self.saved: tuple[int, int] | None = None
        """(match identity, history length) when the replay was last saved: later actions are unsaved."""

    def open_level(self, path: str | Path | None, loaded: Level | None = None) -> None:
        """Load a level (`loaded`: already loaded from `path`) and start a match on it; a bad level shows its error
        on screen (never on a locked screen)."""
        if self.app.options.locked:
            return
        self.app.editing.forget()  # another level from the menu: no test match of the editor's level
        if self.watcher is not None and path is not None and Path(path) != self.watcher.path:
            from game.levels.watch import LevelWatcher

            self.watcher = LevelWatcher(path)  # a level opened from the menu is the one watched now
        try:
            level = loaded if loaded is not None else load_or_default(str(path) if path is not None else None)
        except LevelError as exc:
            from game.ui.scenes.message import MessageScene

            self.app.switch(MessageScene(t("message.cannot_load"), str(exc)))
            return
        except OSError as exc:
            from game.ui.scenes.message import MessageScene

            self.app.switch(MessageScene(t("message.cannot_read"), str(exc)))
            return
        self.start(level)

    def start(self, level: Level) -> None:
        """A fresh match on `level` in the battle screen."""
        chosen = with_strengths(with_players(level, self.app.players), self.app.ai, strict=False)
        self.app.switch(self.new_match(chosen, self.deal()))

    def deal(self) -> int:
        """The dice seed of the next match: the launch's seed for the first, then one more for each later match
        (the next level, the same level again, a tutorial), so no two matches of one launch roll the same dice."""
        seed, self.seed = self.seed, self.seed + 1
        return seed

    def new_match(self, level: Level, seed: int, scene: Callable[[Match], BattleScene] = BattleScene) -> BattleScene:
        """Close what runs, then a fresh match on `level`; its battle scene (made by `scene`), not yet shown."""
        self.close()
        self.level = level
        self.side_colors = {
            s.id: theme.parse_color(s.color, theme.DEFAULT_SIDE_COLORS[i % len(theme.DEFAULT_SIDE_COLORS)])
            for i, s in enumerate(level.sides)
        }
        self.match = Match(level, seed=seed)
        self.saved = None
        if not self.app.options.locked:
            print(t("pause.seed", seed=seed), flush=True)  # the terminal keeps the seed to play the dice again
        return scene(self.match)

    def open_tutorial(self, ruleset: str) -> None:
        """The tutorial of `ruleset` from its first prompt (level menu, "How to play"); R in it starts it again."""
        if self.app.options.locked:
            return
        from game.levels.tutorial import TutorialError, load_tutorial, tutorial_path
        from game.ui.scenes.tutorial import TutorialScene

        try:
            tutorial = load_tutorial(tutorial_path(ruleset))
            level = load_level(tutorial.level)
        except (TutorialError, LevelError) as exc:
            from game.ui.scenes.message import MessageScene

            self.app.switch(MessageScene(t("message.cannot_load"), str(exc)))
            return
        restart = lambda: self.open_tutorial(ruleset)  # noqa: E731 - the scene's R key
        self.app.switch(self.new_match(level, self.deal(), lambda m: TutorialScene(m, tutorial, restart)))

    def close(self) -> None:
        """Stop the scene (a computer decision must finish first) and close the match with its caches."""
        scene = self.app.drop_scene()
        match, self.match = self.match, None
        try:
            if scene is not None:
                scene.leave()
        finally:
            if match is not None:
                match.close()
                caches.forget_states()  # its states are never asked about again (game/caches.py)

    def open_replay(self, level: str | None, script: str, force: bool = False, turn: int | None = None) -> None:
        """The replay viewer on a saved script (play --replay), at the start of `turn` when given; a bad one shows
        its error on screen."""
        from game.saved.replay import open_replay
        from game.saved.script import ScriptError
        from game.ui.scenes.message import MessageScene
        from game.ui.scenes.replay import ReplayScene

        try:
            viewer = open_replay(level, script, force)
        except (LevelError, ScriptError) as exc:
            self.app.switch(MessageScene(t("message.cannot_show_replay"), str(exc)))
            return
        self.level = viewer.level
        if turn is not None:
            viewer.seek(viewer.turn_start(turn))
        self.app.switch(ReplayScene(viewer))

    def poll_watch(self) -> None:
        """play --watch: reload a changed level (a fresh match); keep the last good one while it does not load."""
        if self.watcher is None:
            return
        reload = self.watcher.poll()
        if reload is None:
            return
        if reload.level is not None:
            print(t("cli.reloaded", path=self.watcher.path), flush=True)
            self.start(reload.level)
        else:
            print(t("cli.error", error=reload.error), flush=True)
            if self.app.scene is not None:
                self.app.scene.relayout(self.app.screen.get_size())  # redraw all: the banner covers part of the scene

    def next_level(self) -> None:
        """The level after the one just played in the play order (levels/order.txt, wrapping round)."""
        if self.level is None:
            return
        from game.levels.level_order import next_level

        here = Path(self.level.source)
        there = next_level(LEVELS_DIR, here) or here
        # the finished match's unsaved replay is offered for saving before the next level replaces it
        self.app.guard.leave_match(lambda: self.open_level(there))

    def side_name(self, side: str | None) -> str:
        """The display name of a side id."""
        spec = next((s for s in self.level.sides if s.id == side), None) if self.level else None
        return spec.name if spec and spec.name else (side or "?")

    def replay(self) -> None:
        """The same level again from the start (fresh dice); an unsaved replay of this match asks first."""
        if self.app.hooks.replay is not None:
            self.app.hooks.replay()
        elif self.level is not None:
            level = self.level
            self.app.guard.leave_match(lambda: self.start(level))

    def mark_saved(self) -> None:
        """The match's replay was just saved: the actions so far are kept."""
        if self.match is not None:
            self.saved = (id(self.match), len(self.match.history))

    def unsaved(self) -> bool:
        """Whether the match has actions whose replay is not saved (leaving would lose them)."""
        m = self.match
        if m is None or not any(r.result.ok and r.action.kind != "end_turn" for r in m.history):
            return False
        return self.saved != (id(m), len(m.history))
