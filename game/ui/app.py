"""The game window: opens it, shows one scene at a time, and runs the one frame loop (tick, dispatch, draw).

What the app does between frames belongs to the objects it holds: `session` (`matches.py`: the match, levels,
tutorials, replays, --watch), `guard` (`leaving.py`: saving, and the questions before unsaved work is dropped),
`screens` (`screens.py`: pause, hand-over, victory, menu, settings) and `editing` (`editing.py`: the editor round
trip). A shell around the window (the kiosk) changes the loop only through `AppHooks`.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import time
from pathlib import Path

import pygame

from game import settings as game_settings
from game.files import reason, shown, write_output
from game.paths import DEFAULT_LEVEL
from game.settings import DEFAULTS, Settings, load_settings, save_settings
from game.stamps import BATTLE_FRAME_ENV, write_stamp
from game.text.i18n import current_language, set_language, t
from game.ui import raster_cache, theme
from game.ui.deliberate import Clock
from game.ui.editing import EditorLauncher
from game.ui.hooks import AppHooks
from game.ui.keymap import APP_KEYS, intent_for
from game.ui.leaving import LeaveGuard
from game.ui.matches import MatchSession
from game.ui.options import AppOptions
from game.ui.saving import draw_banner, save_intent
from game.ui.scenes.base import Scene
from game.ui.scenes.battle import BattleScene
from game.ui.screens import ScreenFlow, turn_recap
from game.ui.signals import TermSignal, without_sdl_signal_handlers
from game.ui.sound import SoundBoard
from game.ui.widgets import forget_old_clips

__all__ = ["FPS", "App", "AppHooks", "ScreenshotError", "init_pygame", "run_app", "turn_recap"]

# The other scenes, replays and the level watcher are imported where they are first needed:
# the first battle frame needs none of them (start-up time).

FPS = 60


def save_picture(surface: pygame.Surface, path: str | os.PathLike[str]) -> None:
    """Save `surface` through the output gate: encoded in memory (the format by the name's suffix, as pygame picks
    it), then written atomically, so a device or FIFO is never written and a failed save leaves nothing behind."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture" + (Path(os.fspath(path)).suffix.lower() or ".png"))
    write_output(path, buffer.getvalue())


class ScreenshotError(Exception):
    """The screenshot could not be written (the command line turns it into exit 2 naming --screenshot)."""


NO_AUDIO_DRIVER = "gridbound-no-audio"
"""An SDL audio driver name no SDL has: pygame.init() then leaves the mixer closed."""


class App:
    """One window, one current scene, one match at a time (held by `session`)."""

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
        self.ticks: Clock = time.monotonic
        """What `now` reads: the seconds that tell a deliberate second press from a double-click (tests step it)."""
        # the sound opens after the first frame (probing audio must not delay it), never in a --frames run
        self.sound = SoundBoard(self.settings.loudness, enabled=options.frames is None)
        self.frames: int | None = options.frames
        self.screenshot: str | None = options.screenshot
        self.players: str = options.players
        self.ai: dict[str, str] = dict(options.ai)
        """The computer's strength per side ("*": every computer side); empty: as the level says (level menu)."""
        self.running = True
        self.frame_count = 0
        """Frames stepped so far (a kiosk draws every `options.draw_every`-th)."""
        self._battle_stamp: str | None = os.environ.get(BATTLE_FRAME_ENV) or None
        """The bench's file for the time of the first battle frame (written once)."""
        self.fullscreen = False
        self.scene: Scene | None = None
        self.session = MatchSession(self, options.seed)
        """The match being played, its level and side colours (matches.py)."""
        self.guard = LeaveGuard(self)
        """Saving, and the questions before unsaved work is dropped (leaving.py)."""
        self.screens = ScreenFlow(self)
        """Pause, hand-over, victory, level menu, settings (screens.py)."""
        self.editing = EditorLauncher(self)
        """The level editor's round trip (editing.py)."""
        if options.locked:
            return  # the kiosk starts its own matches
        if options.edit:
            self.editing.open_editor(options.level, options.new_ruleset, options.new_map)
            return
        if options.replay:
            self.session.open_replay(options.level, options.replay, options.force, options.turn)
            return
        if options.watch:
            from game.levels.watch import LevelWatcher

            self.session.watcher = LevelWatcher(options.level or DEFAULT_LEVEL)
        self.session.open_level(options.level, options.loaded)

    def now(self) -> float:
        """Seconds on the app's monotonic clock (`ticks`)."""
        return self.ticks()

    def switch(self, scene: Scene) -> None:
        """Make `scene` the current scene."""
        if self.hooks.switched is not None:
            self.hooks.switched(scene)
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        scene.enter(self)

    def drop_scene(self) -> Scene | None:
        """Take the current scene off the window (the caller leaves it): a match closes, or the window stops."""
        scene, self.scene = self.scene, None
        return scene

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
        restyled = (new.theme, new.ui_scale) != (old.theme, old.ui_scale)
        relanguaged = current_language() != shown
        if restyled:
            theme.reset_fonts()  # sizes follow the scale; the theme engineer's colours read game.settings.current()
        elif relanguaged:
            theme.relabel()  # another language: the same fonts, the text laid out anew
        if (restyled or relanguaged) and self.scene is not None:
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
            self.guard.request_quit()  # closing the window asks first when a replay would be lost
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
            self.guard.save(intent)
        elif self.scene is not None:
            self.scene.handle_event(event)

    def step(self, dt: float = 1 / FPS) -> None:
        """One frame: dispatch pending events, update, draw, flip; the hooks' shell (the kiosk) around each part."""
        hooks = self.hooks
        self.frame_count += 1
        if hooks.before_frame is not None:
            hooks.before_frame(dt)
        forget_old_clips()
        dispatch = hooks.event or self.dispatch
        for event in pygame.event.get():
            dispatch(event)
            if not self.running:
                return
        self.session.poll_watch()
        where = "update"
        try:
            if hooks.before_update is not None:
                hooks.before_update(dt)
            assert self.scene is not None
            self.scene.update(dt)
            if self.frame_count % self.options.draw_every == 0:
                where = "draw"
                self.draw_frame()
                # the start's pictures are made (the first frame of whatever it opened: a battle, the menu, the
                # editor): later ones are not kept between starts, or an editing session would fill the cache
                raster_cache.seal()
                self.sound.start()  # once, after the first frame is on screen
        except Exception as exc:
            if hooks.failed is None:
                raise
            hooks.failed(exc, f"{type(self.scene).__name__}.{where}")
            ok = False
        else:
            ok = True
        if hooks.after_frame is not None:
            hooks.after_frame(ok)

    def draw_frame(self) -> None:
        """Draw the scene (and what the watcher or the hooks' shell lays over it) and show what changed."""
        assert self.scene is not None
        changed = self.scene.draw(self.screen)
        watcher = self.session.watcher
        if watcher is not None and watcher.error is not None and changed != []:
            # nothing redrawn: the banner drawn last frame is still on screen
            banner = draw_banner(self.screen, str(watcher.path), watcher.error)
            if changed is not None:
                changed = [*changed, banner]
        if self.hooks.overlay is not None:
            changed = self.hooks.overlay(self.screen, changed)
        if changed is None:
            pygame.display.flip()
        elif changed:
            pygame.display.update(changed)
        if self._battle_stamp and isinstance(self.scene, BattleScene):
            write_stamp(self._battle_stamp, cpu=True)
            self._battle_stamp = None

    def run(self, term: TermSignal | None = None) -> int:
        """Run until quit, or for exactly `frames` frames; save the screenshot; return the exit code.

        `term` notes SIGTERM (run_app): then what would be lost is kept without asking and the loop ends."""
        count, code = 0, 0
        while self.running and (self.frames is None or count < self.frames):
            if self.hooks.tick is not None:
                dt = self.hooks.tick()
            else:
                # headless runs go as fast as they can; the window is capped at FPS
                dt = self.clock.tick(0 if self.frames is not None else FPS) / 1000
                if self.frames is not None and self.options.animate:
                    dt = 1 / FPS  # an animated headless run: the same picture at frame N every time
            self.step(dt)
            count += 1
            if term is not None and term.signum is not None:
                code = self.guard.terminate(term.signum)
        if self.screenshot:
            if self.frame_count % self.options.draw_every and self.scene is not None:
                self.draw_frame()  # the last frame was not drawn: the picture shows the state at the end
            try:
                save_picture(self.screen, self.screenshot)
            except (pygame.error, OSError) as exc:
                self.close()
                why = reason(exc) if isinstance(exc, OSError) else str(exc)
                raise ScreenshotError(
                    t("files.option", option="--screenshot", path=shown(self.screenshot), reason=why)
                ) from None
        self.close()
        return code

    def close(self) -> None:
        """Close the match (a computer decision in progress finishes first) and the window."""
        self.session.close()
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
        with without_sdl_signal_handlers():  # SIGTERM is not a window close (game/ui/signals.py)
            pygame.init()  # every other module (display, font, joystick) as before; the mixer's failure is expected
    finally:
        if chosen is None:
            del os.environ["SDL_AUDIODRIVER"]
        else:
            os.environ["SDL_AUDIODRIVER"] = chosen


def run_app(options: AppOptions) -> int:
    """Open the game window on the options' level (or the default level) and run it; 0 on a normal exit."""
    with TermSignal() as term:  # from before the window opens: SIGTERM saves and exits (docs/commands.md)
        if term.signum is not None:  # it came during the splash or the imports: no match yet, nothing to keep
            print(t("stop.nothing", signal=signal.Signals(term.signum).name), file=sys.stderr, flush=True)
            return 0
        return App(options).run(term)
