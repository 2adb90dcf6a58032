"""The game window: opens it, owns the current scene, and runs the frame loop (tick, dispatch, draw)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import settings as game_settings
from game.i18n import current_language, describe, set_language, t
from game.level import Level, LevelError, load_level, load_or_default, with_players
from game.local_text import local
from game.match import Match
from game.paths import DEFAULT_LEVEL, LEVELS_DIR
from game.settings import DEFAULTS, Settings, load_settings, save_settings
from game.stamps import BATTLE_FRAME_ENV, write_stamp
from game.ui import theme
from game.ui.keymap import APP_KEYS, intent_for
from game.ui.options import AppOptions
from game.ui.saving import draw_banner, save, save_intent
from game.ui.scenes.base import Scene
from game.ui.scenes.battle import BattleScene
from game.ui.sound import SoundBoard

if TYPE_CHECKING:
    from game.watch import LevelWatcher

# The other scenes, replays and the level watcher are imported where they are first needed:
# the first battle frame needs none of them (start-up time).

FPS = 60


class ScreenshotError(Exception):
    """The screenshot could not be written (the command line turns it into exit 2 naming --screenshot)."""


NO_AUDIO_DRIVER = "gridbound-no-audio"
"""An SDL audio driver name no SDL has: pygame.init() then leaves the mixer closed."""


@dataclass(slots=True)
class AppHooks:
    """Where a shell around the game (the kiosk) takes over from the plain window; None keeps the app's own."""

    victory: Callable[[Scene], None] | None = None
    """Instead of the victory screen."""
    replay: Callable[[], None] | None = None
    """Instead of restarting the level."""
    switched: Callable[[Scene], None] | None = None
    """Told before another scene becomes current."""


class App:
    """One window, one current scene, one match at a time."""

    def __init__(self, options: AppOptions | None = None, hooks: AppHooks | None = None) -> None:
        options = options or AppOptions()
        self.options = options
        self.hooks = hooks or AppHooks()
        self.settings: Settings = options.settings or (DEFAULTS if options.locked else load_settings())
        game_settings.use(self.settings)
        if options.lang:
            set_language(options.lang)  # the command line sets it already; callers without it keep the current one
        elif self.settings.language:
            set_language(self.settings.language)  # the saved language, unless --lang said otherwise
        theme.reset_fonts()
        init_pygame()
        pygame.display.set_caption("Gridbound")
        self.size = options.size
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        pygame.key.set_repeat(250, 40)
        self.clock = pygame.time.Clock()
        # the sound opens after the first frame (probing audio must not delay it), never in a --frames run
        self.sound = SoundBoard(self.settings.loudness, enabled=options.frames is None)
        self.frames: int | None = options.frames
        self.screenshot: str | None = options.screenshot
        self.players: str = options.players
        self.seed: int = options.seed
        self.running = True
        self._battle_stamp: str | None = os.environ.get(BATTLE_FRAME_ENV) or None
        """The bench's file for the time of the first battle frame (written once)."""
        self.fullscreen = False
        self.scene: Scene | None = None
        self.match: Match | None = None
        self.level: Level | None = None
        self.side_colors: dict[str, theme.Color] = {}
        self.watcher: LevelWatcher | None = None
        """play --watch: the level file, polled every half second (docs/replays.md)."""
        self.saved: tuple[int, int] | None = None
        self.editor: Scene | None = None
        """While a level is test-played from the editor: the editor to come back to."""
        self.editing: Scene | None = None
        """The editor opened last (until another level is opened): asked before quitting with unsaved edits."""
        """(match identity, history length) when the replay was last saved: later actions are unsaved."""
        if options.locked:
            return  # the kiosk starts its own matches
        if options.edit:
            self.open_editor(options.level, options.new_ruleset, options.new_map)
            return
        if options.replay:
            self.open_replay(options.level, options.replay, options.force)
            return
        if options.watch:
            from game.watch import LevelWatcher

            self.watcher = LevelWatcher(options.level or DEFAULT_LEVEL)
        self.open_level(options.level, options.loaded)

    # --- matches and scenes --------------------------------------------------------------

    def open_level(self, path: str | Path | None, loaded: Level | None = None) -> None:
        """Load a level (`loaded`: already loaded from `path`) and start a match on it; a bad level shows its error
        on screen (never on a locked screen)."""
        if self.options.locked:
            return
        self.editor = self.editing = None  # another level from the menu: no test match of the editor's level
        if self.watcher is not None and path is not None and Path(path) != self.watcher.path:
            from game.watch import LevelWatcher

            self.watcher = LevelWatcher(path)  # a level opened from the menu is the one watched now
        try:
            level = loaded if loaded is not None else load_or_default(str(path) if path is not None else None)
        except LevelError as exc:
            from game.ui.scenes.message import MessageScene

            self.switch(MessageScene(t("message.cannot_load"), str(exc)))
            return
        except OSError as exc:
            from game.ui.scenes.message import MessageScene

            self.switch(MessageScene(t("message.cannot_read"), str(exc)))
            return
        self.start(level)

    def start(self, level: Level) -> None:
        """A fresh match on `level` in the battle screen."""
        self.switch(self.new_match(with_players(level, self.players), self.seed))

    def new_match(self, level: Level, seed: int, scene: Callable[[Match], BattleScene] = BattleScene) -> BattleScene:
        """Close what runs, then a fresh match on `level`; its battle scene (made by `scene`), not yet shown."""
        self.teardown()
        self.level = level
        self.side_colors = {
            s.id: theme.parse_color(s.color, theme.DEFAULT_SIDE_COLORS[i % len(theme.DEFAULT_SIDE_COLORS)])
            for i, s in enumerate(level.sides)
        }
        self.match = Match(level, seed=seed)
        self.saved = None
        if not self.options.locked:
            print(t("pause.seed", seed=seed), flush=True)  # the terminal keeps the seed to play the dice again
        return scene(self.match)

    def open_tutorial(self, ruleset: str) -> None:
        """The tutorial of `ruleset` from its first prompt (level menu, "How to play"); R in it starts it again."""
        if self.options.locked:
            return
        from game.tutorial import TutorialError, load_tutorial, tutorial_path
        from game.ui.scenes.tutorial import TutorialScene

        try:
            tutorial = load_tutorial(tutorial_path(ruleset))
            level = load_level(tutorial.level)
        except (TutorialError, LevelError) as exc:
            from game.ui.scenes.message import MessageScene

            self.switch(MessageScene(t("message.cannot_load"), str(exc)))
            return
        restart = lambda: self.open_tutorial(ruleset)  # noqa: E731 - the scene's R key
        self.switch(self.new_match(level, self.seed, lambda m: TutorialScene(m, tutorial, restart)))

    def teardown(self) -> None:
        """Stop the scene (a computer decision must finish first) and close the match with its caches."""
        scene, self.scene = self.scene, None
        match, self.match = self.match, None
        try:
            if scene is not None:
                scene.leave()
        finally:
            if match is not None:
                match.close()

    def open_replay(self, level: str | None, script: str, force: bool = False) -> None:
        """The replay viewer on a saved script (play --replay); a bad one shows its error on screen."""
        from game.replay import open_replay
        from game.script import ScriptError
        from game.ui.scenes.message import MessageScene
        from game.ui.scenes.replay import ReplayScene

        try:
            viewer = open_replay(level, script, force)
        except (LevelError, ScriptError) as exc:
            self.switch(MessageScene(t("message.cannot_show_replay"), str(exc)))
            return
        self.level = viewer.level
        self.switch(ReplayScene(viewer))

    def save(self, intent: str) -> None:
        """Ctrl+S / F5: save the replay; Ctrl+Shift+S / F6: save the situation; say where (never on a locked screen)."""
        if self.options.locked:
            return
        if getattr(getattr(self.scene, "autoplayer", None), "busy", False):
            message, ok = t("save.wait"), False
        else:
            from game.ui.scenes.replay import ReplayScene

            match = None if isinstance(self.scene, ReplayScene) else self.match
            message, ok = save(match, intent)
            if ok and match is not None and intent == "save_replay":
                self.saved = (id(match), len(match.history))
        print(message, flush=True)  # the log line: the path stays in the terminal after the toast fades
        say = getattr(self.scene, "say", None)
        if callable(say):
            say(message, "info" if ok else "error")

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
            if self.scene is not None:
                self.scene.relayout(self.screen.get_size())  # redraw all: the banner covers part of the scene

    def next_level(self) -> None:
        """The level after the one just played in the play order (levels/order.txt, wrapping round)."""
        if self.level is None:
            return
        from game.level_order import next_level

        here = Path(self.level.source)
        self.open_level(next_level(LEVELS_DIR, here) or here)

    def replay(self) -> None:
        """The same level again from the start."""
        if self.hooks.replay is not None:
            self.hooks.replay()
        elif self.level is not None:
            self.start(self.level)

    def switch(self, scene: Scene) -> None:
        """Make `scene` the current scene."""
        if self.hooks.switched is not None:
            self.hooks.switched(scene)
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        scene.enter(self)

    def side_name(self, side: str | None) -> str:
        """The display name of a side id."""
        spec = next((s for s in self.level.sides if s.id == side), None) if self.level else None
        return spec.name if spec and spec.name else (side or "?")

    def unsaved(self) -> bool:
        """Whether the match has actions whose replay is not saved (leaving would lose them)."""
        m = self.match
        if m is None or not any(r.result.ok and r.action.kind != "end_turn" for r in m.history):
            return False
        return self.saved != (id(m), len(m.history))

    def show_pause(self, below: Scene) -> None:
        """Esc with nothing to step back from: resume, save the replay, the level menu, quit."""
        resume = lambda: self.switch(below)  # noqa: E731 - a one-line action of a button

        def save_replay() -> None:
            self.switch(below)
            self.save("save_replay")

        from game.ui.scenes.dialog import Choice, DialogScene

        choices = [Choice(t("pause.resume"), resume)]
        if self.editor is not None and below is not self.editor:
            choices.insert(0, Choice(t("editor.back"), self.back_to_editor, pygame.K_e, "E"))
        if self.match is not None and not self.options.locked:
            choices.append(Choice(t("pause.save"), save_replay))
        if not self.options.locked:
            choices += [
                Choice(t("pause.levels"), lambda: self.show_menu(below)),
                Choice(t("settings.open"), lambda: self.show_settings(below)),
                Choice(t("pause.quit"), self.request_quit),
            ]
        lines = [local(self.level.name, current_language())] if self.level is not None else []
        if self.match is not None:
            lines.append(t("pause.seed", seed=self.match.seed))
        self.switch(DialogScene(t("pause.title"), lines, choices, cancel=resume))

    def request_quit(self) -> None:
        """Quit; unsaved editor edits, then an unsaved replay, ask first and offer to save (window close, Quit)."""
        go = lambda: self.leave_match(self.quit, t("pause.quit_title"), t("pause.quit_anyway"))  # noqa: E731
        asks = getattr(self.editing, "ask_before_quit", None)
        if not (callable(asks) and asks(go)):
            go()

    def leave_match(self, then: Callable[[], None], title: str | None = None, anyway: str | None = None) -> None:
        """Run `then` (quit, another level); with an unsaved replay ask first: save and go on, go on, stay."""
        if self.options.locked:
            return
        if not self.unsaved():
            then()
            return
        back = self.scene

        def stay() -> None:
            if back is not None:
                self.switch(back)

        def save_then() -> None:
            assert self.match is not None
            message, ok = save(self.match, "save_replay")
            print(message, flush=True)
            if ok:
                self.saved = (id(self.match), len(self.match.history))
                then()
            elif back is not None:
                stay()
                say = getattr(back, "say", None)
                if callable(say):
                    say(message)

        from game.ui.scenes.dialog import Choice, DialogScene

        choices = [
            Choice(t("pause.save_and_go"), save_then),
            Choice(anyway or t("pause.leave_anyway"), then),
            Choice(t("pause.stay"), stay),
        ]
        self.switch(DialogScene(title or t("pause.leave_title"), [t("pause.unsaved")], choices, cancel=stay))

    def open_level_asking(self, path: str | Path | None) -> None:
        """Open `path` from the level menu; a running match with an unsaved replay is not dropped without asking."""
        running = self.match is not None and not self.match.finished
        if running:
            self.leave_match(lambda: self.open_level(path))
        else:
            self.open_level(path)

    def open_tutorial_asking(self, ruleset: str) -> None:
        """Open a tutorial from the level menu; a running match with an unsaved replay asks first."""
        if self.match is not None and not self.match.finished:
            self.leave_match(lambda: self.open_tutorial(ruleset))
        else:
            self.open_tutorial(ruleset)

    def show_handover(self, battle: Scene, side: str) -> None:
        """Hide the board until the next player is ready (hot-seat: only between human sides)."""
        if self.level is None:
            return
        humans = [s for s in self.level.sides if s.controller == "human"]
        spec = next((s for s in self.level.sides if s.id == side), None)
        if len(humans) < 2 or spec is None or spec.controller != "human":
            return
        from game.ui.scenes.handover import HandOverScene

        recap = turn_recap(self.match) if self.match is not None else []
        self.switch(HandOverScene(battle, self.side_name(side), self.side_colors.get(side, theme.TEXT), recap))

    def show_victory(self, battle: Scene) -> None:
        """The victory screen for the finished match."""
        if self.editor is not None:
            self.test_play_over(battle)
            return
        if self.hooks.victory is not None:
            self.hooks.victory(battle)
            return
        winner = self.match.winner if self.match else None
        name = self.side_name(winner) if winner else None
        detail = ""
        if self.match is not None:
            moves = sum(1 for r in self.match.history if r.action.kind != "end_turn" and r.result.ok)
            level_name = self.level.name if self.level else ""
            detail = t("victory.detail", level=level_name, round=self.match.round, actions=moves)
        from game.ui.outcome import outcome
        from game.ui.scenes.victory import VictoryScene

        headline = outcome(self.level, winner) if self.level is not None else None
        color = self.side_colors.get(winner or "", theme.ACCENT)
        self.switch(VictoryScene(battle, name, color, detail, headline))

    # --- the level editor (docs/editor.md) ---------------------------------------------------

    def open_editor(self, path: str | Path | None, ruleset: str = "pf1", size: tuple[int, int] = (16, 12)) -> None:
        """The editor on a level file (one that does not exist yet is a new level saved there; None: a new level
        in the levels folder); a file that cannot be read shows why."""
        if self.options.locked:
            return  # a public screen never edits files
        from game.ui.editor.opening import editor_for

        self.teardown()
        self.editing = editor_for(self, path, ruleset, size)
        self.switch(self.editing)

    def test_play(self, level: Level, editor: Scene) -> None:
        """A match on the editor's level; the pause menu and the end of the match lead back to the editor."""
        self.start(level)
        self.editor = editor

    def back_to_editor(self) -> None:
        """Close the test match and show the editor as it was."""
        editor, self.editor = self.editor, None
        self.teardown()
        self.level = None
        if editor is not None:
            self.switch(editor)

    def test_play_over(self, battle: Scene) -> None:
        """The end of a test match: back to the editor, or play it again."""
        from game.ui.scenes.dialog import Choice, DialogScene

        winner = self.match.winner if self.match else None
        level = self.level
        title = t("victory.wins", side=self.side_name(winner)) if winner else t("editor.test_over")

        def again() -> None:
            editor = self.editor
            if level is not None and editor is not None:
                self.test_play(level, editor)

        choices = [
            Choice(t("editor.back"), self.back_to_editor, pygame.K_e, "E"),
            Choice(t("editor.play_again"), again),
        ]
        self.switch(DialogScene(title, [], choices, cancel=self.back_to_editor))

    def show_menu(self, back_to: Scene | None) -> None:
        """The level menu (not on a locked screen)."""
        if not self.options.locked:
            from game.ui.scenes.menu import MenuScene

            self.switch(MenuScene(back_to))

    def show_settings(self, back_to: Scene | None) -> None:
        """The settings screen (not on a locked screen: a visitor's choice must not stick)."""
        if not self.options.locked:
            from game.ui.scenes.settings import SettingsScene

            self.switch(SettingsScene(back_to))

    @property
    def animation_speed(self) -> str:
        """normal | fast | instant: the settings' speed; instant in a --frames run unless --animate asks for motion."""
        if self.frames is not None and not self.options.animate:
            return "instant"
        return self.settings.animation

    def change_settings(self, new: Settings) -> str | None:
        """Apply `new` at once (language, theme, scale, volume) and save it; the warning to show if saving failed."""
        old, self.settings = self.settings, new
        game_settings.use(new)
        shown = current_language()  # --lang may differ from the saved language
        self.sound.set_volume(new.loudness)
        if new.language != old.language or (new.language and new.language != shown):
            set_language(new.language)  # None: back to the system's language
        if current_language() != shown or (new.theme, new.ui_scale) != (old.theme, old.ui_scale):
            theme.reset_fonts()  # sizes follow the scale; the theme engineer's colours read game.settings.current()
            if self.scene is not None:
                self.scene.relayout(self.screen.get_size())
        if self.options.locked:
            return None
        message = save_settings(new)
        if message is not None:
            print(message, flush=True)
        return message

    def quit(self) -> None:
        """Stop after this frame (a locked screen only stops by its own exit)."""
        if not self.options.locked:
            self.running = False

    # --- the frame loop --------------------------------------------------------------------

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop size, or back to the window size (a locked screen stays as it is)."""
        if self.options.locked:
            return
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        if self.scene is not None:
            self.scene.relayout(self.screen.get_size())

    def dispatch(self, event: pygame.event.Event) -> None:
        """Window-level events here; everything else goes to the scene."""
        if event.type == pygame.QUIT:
            self.request_quit()  # closing the window asks first when a replay would be lost
        elif event.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
            if self.screen.get_size() != tuple(event.size) and not self.fullscreen:
                # some drivers (and synthetic events) do not resize the surface themselves
                self.screen = pygame.display.set_mode(event.size, pygame.RESIZABLE)
            if not self.fullscreen:
                self.size = self.screen.get_size()
            if self.scene is not None:
                self.scene.relayout(self.screen.get_size())
        elif event.type == pygame.KEYDOWN and intent_for(APP_KEYS, event) == "fullscreen":
            self.toggle_fullscreen()
        elif (intent := save_intent(event)) is not None and not getattr(self.scene, "saves_itself", False):
            self.save(intent)
        elif self.scene is not None:
            self.scene.handle_event(event)

    def step(self, dt: float = 1 / FPS) -> None:
        """One frame: dispatch pending events, update, draw, flip."""
        for event in pygame.event.get():
            self.dispatch(event)
            if not self.running:
                return
        self.poll_watch()
        assert self.scene is not None
        self.scene.update(dt)
        changed = self.scene.draw(self.screen)
        if self.watcher is not None and self.watcher.error is not None:
            banner = draw_banner(self.screen, str(self.watcher.path), self.watcher.error)
            if changed is not None:
                changed = [*changed, banner]
        if changed is None:
            pygame.display.flip()
        elif changed:
            pygame.display.update(changed)
        if self._battle_stamp and isinstance(self.scene, BattleScene):
            write_stamp(self._battle_stamp, cpu=True)
            self._battle_stamp = None
        self.sound.start()  # once, after the first frame is on screen

    def run(self) -> int:
        """Run until quit, or for exactly `frames` frames; save the screenshot; return the exit code."""
        count = 0
        while self.running and (self.frames is None or count < self.frames):
            # headless runs go as fast as they can; the window is capped at FPS
            dt = self.clock.tick(0 if self.frames is not None else FPS) / 1000
            if self.frames is not None and self.options.animate:
                dt = 1 / FPS  # an animated headless run: the same picture at frame N every time
            self.step(dt)
            count += 1
        if self.screenshot:
            try:
                pygame.image.save(self.screen, self.screenshot)
            except (pygame.error, OSError) as exc:
                self.close()
                why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                raise ScreenshotError(
                    t("files.option", option="--screenshot", path=self.screenshot, reason=why)
                ) from None
        self.close()
        return 0

    def close(self) -> None:
        """Close the match (a computer decision in progress finishes first) and the window."""
        self.teardown()
        self.sound.close()
        theme.reset_fonts()
        pygame.quit()


def init_pygame() -> None:
    """pygame.init() without the mixer (the sound opens it after the first frame).

    SDL is asked for an audio driver that does not exist while pygame starts, so the mixer fails to open
    at once. (Opening the dummy device and closing it again, as before, cost ~35 ms before the first
    frame: closing joins its audio thread.)
    """
    chosen = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = NO_AUDIO_DRIVER  # SDL reads it when audio starts: none opens
    try:
        pygame.init()  # every other module (display, font, joystick) as before; the mixer's failure is expected
    finally:
        if chosen is None:
            del os.environ["SDL_AUDIODRIVER"]
        else:
            os.environ["SDL_AUDIODRIVER"] = chosen


def turn_recap(match: Match) -> list[str]:
    """The lines of the turn that just ended (the other side's actions), with display names, for the hand-over."""
    log = match.log
    ends = [i for i, e in enumerate(log) if e.kind == "end_turn" and e.ok]
    if not ends:
        return []
    start = ends[-2] + 1 if len(ends) > 1 else 0
    names = {c.id: c.name or c.id for c in match.situation().creatures.values()}
    return [describe(e, names=names) for e in log[start : ends[-1]] if e.ok]


def run_app(options: AppOptions) -> int:
    """Open the game window on the options' level (or the default level) and run it; 0 on a normal exit."""
    return App(options).run()
