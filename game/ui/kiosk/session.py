"""The kiosk app: full screen, attract loop ⇄ visitor games, idle return, exit chord only, every failure survived.

`KioskApp` runs an `App` opened with `AppOptions(locked=True)` (no quitting, full-screen toggling,
level menu or file saving) and adds to the app's one frame loop through `AppHooks`: its victory screen and
restart, its frame clock, an input filter before the app sees an event (touch becomes pointer events, corner
taps and the key chord are watched for), the idle return, what it draws over the scene, and the guard that
survives a failed frame. Time comes only from the `dt` the injected frame clock hands in.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import Protocol

import pygame

from game.battle.match import Match
from game.levels.controllers import with_strengths
from game.levels.level import Level, load_level
from game.settings import Settings
from game.text.i18n import LANGUAGES, detect_language, set_language, t
from game.text.numerals import load_languages
from game.ui import theme
from game.ui.app import App, AppHooks
from game.ui.cached_font import draw_whole
from game.ui.kiosk.attract import AttractScene, FallbackScene, ResultScene, banner
from game.ui.kiosk.config import ConfigError, KioskConfig, kiosk_level
from game.ui.kiosk.display import choose_renderer, open_display, renderer_name
from game.ui.kiosk.gamepad import Gamepads, is_gamepad_input
from game.ui.kiosk.guard import Guard, clear_running, close_log, mark_running, marker_fields, open_log, say
from game.ui.kiosk.memory import LOG_EVERY, TRIM_EVERY, memory_line, release_memory, trim_heap, tune_allocator
from game.ui.kiosk.strings import tr
from game.ui.kiosk.touch import Pos, TouchInput, click, motion, to_pixels
from game.ui.options import AppOptions
from game.ui.scenes.base import Scene
from game.ui.scenes.battle import BattleScene

FPS = 60
FALLBACK_SECONDS = 30.0
"""How often the calm fallback screen tries the rotation again (a level fixed or copied in meanwhile)."""
MAX_FAILURES_IN_ROW = 5
"""Restarts in a row without one good frame before the kiosk pauses on the fallback screen (no crash loop)."""
IDLE_WARNING = 10.0
"""Seconds before the idle return in which the visitor sees a countdown."""
TOUCH_SLACK = 10
"""Pixels around a panel button that still count as a tap on it (big fingers, small buttons)."""
F_KEYS = frozenset(getattr(pygame, f"K_F{n}") for n in range(1, 16))
"""F1 … F15 by name: their codes are not one range (in SDL2 the arrows, Home, End, Page Up/Down and the keypad
lie between F12 and F13), so a range test blocked keyboard play and scrolling too."""
BLOCKED_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_l, pygame.K_q, pygame.K_AC_BACK, *F_KEYS})
"""Keys that leave a scene, the match or the window in the normal game (F11 full screen, F5/F6 saving, F1/F2
overlays whose hints name keys a visitor has not got): dead keys in a kiosk."""
POINTER = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
FINGER = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
INPUT = frozenset({*POINTER, *FINGER, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT})
"""Events that count as a visitor being there (they reset the idle timer); gamepads: game.ui.kiosk.gamepad."""
MOD_BITS = {
    "ctrl": pygame.KMOD_CTRL,
    "alt": pygame.KMOD_ALT,
    "shift": pygame.KMOD_SHIFT,
    "meta": pygame.KMOD_META | pygame.KMOD_GUI,
}


class FrameClock(Protocol):
    """Hands the frame loop the seconds since the last frame."""

    def tick(self) -> float:
        """Wait for the next frame if needed; seconds since the previous one."""
        ...


class RealClock:
    """Wall time, capped at FPS; a long stall counts as at most 0.25 s (no idle jump after a hiccup)."""

    def __init__(self, fps: int = FPS) -> None:
        self.fps = fps
        self._clock = pygame.time.Clock()

    def tick(self) -> float:
        """Seconds since the last frame (waits to keep the frame rate)."""
        return min(0.25, self._clock.tick(self.fps) / 1000)


class SimClock:
    """Simulated time: every frame is exactly `step` seconds, however fast frames really run."""

    def __init__(self, step: float = 1 / FPS) -> None:
        self.step = step
        self.now = 0.0

    def tick(self) -> float:
        """One step of simulated time."""
        self.now += self.step
        return self.step


def chord_code(keys: tuple[str, ...]) -> tuple[int, int]:
    """('ctrl', 'alt', 'q') → (pygame key code, modifier mask); ConfigError for an unknown key name."""
    *mods, name = keys
    try:
        code = pygame.key.key_code(name)
    except (ValueError, pygame.error):
        raise ConfigError(f"exit_chord: {t('kiosk_config.unknown_chord_key', name=repr(name))}") from None
    mask = 0
    for m in mods:
        mask |= MOD_BITS[m]
    return code, mask


def with_controllers(level: Level, humans: int) -> Level:
    """The level with its first `humans` sides played by people and every other side by the computer."""
    sides = tuple(dataclasses.replace(s, controller="human" if i < humans else "ai") for i, s in enumerate(level.sides))
    return dataclasses.replace(level, sides=sides)


class KioskApp:
    """The convention kiosk around a locked `App`: attract loop, visitor games, idle return, exit chord, guard."""

    def __init__(
        self,
        config: KioskConfig,
        *,
        clock: FrameClock | None = None,
        threaded_ai: bool = True,
        frames: int | None = None,
        screenshot: str | None = None,
        draw_every: int = 1,
        ai: dict[str, str] | None = None,
    ) -> None:
        # before the first window, font or worker thread: their memory comes from the tuned allocator
        tune_allocator()
        self.languages_read = load_languages(LANGUAGES)
        """The languages whose number and plural data were read at the start (`game.text.numerals.load_languages`)."""
        # and every font it makes draws every language's letters at once: its native memory is whole from the start
        # rather than growing with the letters the visitors bring to it (docs/kiosk.md, "The fonts drawn whole")
        draw_whole(theme.whole_lines(LANGUAGES))
        self.config = config
        self.ai = dict(ai or {})
        """`kiosk --ai`: the computer's strength per side ("*": every computer side); empty: as the level says."""
        self.threaded_ai = threaded_ai
        """False in the soak test and the fuzzer: computer moves are stepped in the frame, not in a worker."""
        self.mode = "attract"
        """attract | visitor | result | fallback."""
        self.now = 0.0
        """Kiosk time: the sum of the frame clock's steps (idle and chord windows use it)."""
        self.idle_for = 0.0
        self.trimmed_at = 0.0
        """Kiosk time of the last trim of the heap (game/ui/kiosk/memory.py)."""
        self.release_due = False
        """The scene changed this frame: the memory of the one left is collected and given back after the frame."""
        self.memory_logged_at = 0.0
        """Kiosk time of the last memory line in the log."""
        self.fonts_filled = False
        """The font set was made full after the first frame (`theme.fill_fonts`)."""
        self.rotation = 0
        self.games = 0
        self.demo_games = 0
        self.visitor_games = 0
        self.exited = False
        self.failures_in_row = 0
        """Errors since the last good frame: past MAX_FAILURES_IN_ROW the kiosk rests on the fallback screen."""
        self.touch = TouchInput(self._tap)
        self.gamepads = Gamepads()
        self.pending_tap: tuple[int, int, str, tuple[int, int]] | None = None
        self.corner_taps: list[tuple[str, float]] = []
        self.chord = (0, 0)
        """(key code, modifier mask) of the exit chord; resolved once pygame is up."""
        self.guard = Guard(open_log(config.log_file, config.log_max_bytes, config.log_backups))
        self.left_out: dict[Path, str] = {}
        """Levels of the rotation that do not load now, with why (each logged once per reason)."""
        self._demo_level: Level | None = None
        self._set_language(config.language)
        self._note_unclean_stop()
        # SDL would turn SIGTERM/SIGINT into a QUIT event, which a kiosk ignores; an administrator's
        # `kill` or a system shutdown must still end it, so signals keep Python's default handling
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
        pygame.display.init()  # SDL picks its video driver here; the renderer's hints depend on it
        choose_renderer(config.renderer, pygame.display.get_driver())  # SDL reads them when App opens the window
        options = AppOptions(
            size=config.size,
            frames=frames,
            screenshot=screenshot,
            seed=config.seed,
            locked=True,
            settings=Settings(volume=config.volume, mute=config.volume == 0),
            draw_every=max(1, draw_every),
        )
        frame_clock: FrameClock = clock or RealClock()
        hooks = AppHooks(
            victory=self.show_victory,
            replay=self.start_visitor,
            switched=self._switched,
            tick=frame_clock.tick,
            before_frame=self._before_frame,
            event=self.dispatch,
            before_update=self._idle,
            overlay=self._overlay,
            failed=self.recover,
            after_frame=self._after_frame,
        )
        self.app = App(options, hooks)  # opens the window; a locked app opens no level, the attract loop starts below
        # a double tap is told from two deliberate taps on the kiosk's own clock (simulated in a soak run)
        self.app.ticks = lambda: self.now
        self.chord = chord_code(config.exit_keys)
        self._open_display()
        self.guard.info(
            f"kiosk started: {len(config.levels)} levels, idle {config.idle:g} s, {config.players},"
            f" renderer {renderer_name()}"
        )
        self.check_levels()
        self.start_attract()

    # --- the app inside, as callers and tests read it ----------------------------------------

    @property
    def scene(self) -> Scene | None:
        """The current scene."""
        return self.app.scene

    @property
    def match(self) -> Match | None:
        """The match being played or demonstrated."""
        return self.app.session.match

    @property
    def level(self) -> Level | None:
        """The level of that match."""
        return self.app.session.level

    @property
    def screen(self) -> pygame.Surface:
        """The window surface."""
        return self.app.screen

    @property
    def running(self) -> bool:
        """False once the exit chord was given."""
        return self.app.running

    @property
    def fullscreen(self) -> bool:
        """The kiosk stays full screen."""
        return self.app.fullscreen

    def side_name(self, side: str | None) -> str:
        """The display name of a side id."""
        return self.app.session.side_name(side)

    # --- window ------------------------------------------------------------------------------

    def _open_display(self) -> None:
        """Full screen at the config's logical size, scaled to the display (big targets on big screens); on X11 a
        borderless window covering the desktop, which needs no window manager (game/ui/kiosk/display.py)."""
        self.app.screen = open_display(self.config.size, self.config.fullscreen)
        self.app.size = self.app.screen.get_size()
        self.app.fullscreen = True  # the app's resize handling must not turn the kiosk into a resizable window
        pygame.display.set_caption("Gridbound")
        pygame.mouse.set_visible(True)

    @staticmethod
    def _set_language(lang: str | None) -> None:
        """Switch the game's language: the configured one, else the system locale's."""
        set_language(lang or detect_language())

    def request_exit(self) -> None:
        """The exit chord was given: stop after this frame."""
        self.exited = True
        self.app.running = False
        self.guard.info("kiosk exit chord")

    # --- start-up ----------------------------------------------------------------------------

    def _note_unclean_stop(self) -> None:
        """Write the running marker; if the last run left its own, say in the log (and on stderr) that it did not
        stop cleanly: a kill, SIGTERM, a crash or a power cut."""
        started = datetime.now(timezone.utc).isoformat(timespec="seconds")
        last = mark_running(self.config.log_file, started)
        if last is not None:
            self.guard.warning(f"unclean stop: the last kiosk run ({last}) ended without closing")
            fields = marker_fields(last)  # the marker's own words are English: the message says them in the language
            said = last if fields is None else t("kiosk_start.last_run", pid=fields[0], started=fields[1])
            say(t("kiosk_start.unclean", last=said))

    def check_levels(self) -> None:
        """Load every level of the rotation once: those that do not load are left out, one line each (log and
        stderr); the kiosk starts with the rest, or on its calm screen when none loads."""
        for i, path in enumerate(self.config.levels):
            _, why = kiosk_level(path)
            if why is not None:
                self._leave_out(path, why)
                say(t("kiosk_start.left_out", key=f"levels[{i}]", path=str(path), reason=why))
        if len(self.left_out) == len(self.config.levels):
            say(t("kiosk_start.none_loads", seconds=f"{FALLBACK_SECONDS:g}"))

    def _leave_out(self, path: Path, why: str) -> None:
        """Note that `path` does not load now (in the log once per reason)."""
        if self.left_out.get(path) != why:
            self.left_out[path] = why
            self.guard.warning(f"level left out of the rotation: {path}: {why}")

    def _rotation_level(self, path: Path) -> Level | None:
        """The level at `path` for a demo, or None (left out, logged once) when it does not load now."""
        level, why = kiosk_level(path)
        if why is not None:
            self._leave_out(path, why)
            return None
        if self.left_out.pop(path, None) is not None:
            self.guard.info(f"level back in the rotation: {path}")
        return level

    # --- attract loop and visitor games -----------------------------------------------------

    def start_attract(self) -> None:
        """The next level of the rotation as a computer-against-computer demo; a level that fails is skipped."""
        levels = self.config.levels
        self._set_language(self.config.language)  # a visitor may have switched it with the panel's button
        for _ in range(len(levels)):
            path = levels[self.rotation % len(levels)]
            self.rotation += 1
            try:
                level = self._rotation_level(path)
                if level is None:
                    continue
                self._begin(with_controllers(level, 0), "attract")
                self._demo_level = level
                self.demo_games += 1
                return
            except Exception as exc:  # a demo that cannot start must not leave a dead screen
                self.guard.report(exc, f"starting the demo on {path}", self.match)
        self._teardown()
        self.mode = "fallback"
        self.switch(FallbackScene(self._retry, FALLBACK_SECONDS, tr("kiosk_start.resting")))

    def start_visitor(self) -> None:
        """A visitor game on the level the demo showed: the visitor takes the first side (two in hot-seat)."""
        level = self._demo_level or load_level(self.config.levels[0])
        humans = 2 if self.config.players == "hotseat" else 1
        self._begin(with_controllers(level, humans), "visitor")
        self.visitor_games += 1

    def start_tutorial(self) -> None:
        """ "How to play" on the attract screen: the tutorial of the demo's ruleset, as a visitor game."""
        from game.levels.tutorial import load_tutorial, tutorial_path
        from game.ui.scenes.tutorial import TutorialScene

        ruleset = (self._demo_level or load_level(self.config.levels[0])).ruleset
        tutorial = load_tutorial(tutorial_path(ruleset))
        level = load_level(tutorial.level)
        self._begin(level, "visitor", lambda m: TutorialScene(m, tutorial, self.start_tutorial))
        self.visitor_games += 1

    def _begin(self, level: Level, mode: str, scene: Callable[[Match], BattleScene] = BattleScene) -> None:
        """Close whatever runs, then a fresh match on `level` in the scene for `mode` (a battle made by `scene`)."""
        level = with_strengths(level, self.ai, strict=False)
        battle = self.app.session.new_match(level, self.config.seed + self.games, scene)
        self.games += 1
        battle.ctl.autoplayer.threaded = self.threaded_ai
        self.mode = mode
        self.idle_for = 0.0
        if mode == "attract":
            attract = AttractScene(battle, self.start_visitor, self.config.players == "hotseat")
            attract.on_tutorial = self.start_tutorial
            attract.on_credits = lambda: self.show_credits(attract)
            self.switch(attract)
        else:
            self.switch(battle)

    def _teardown(self) -> None:
        """Stop the scene (its computer player) and close the match; its caches go with it."""
        self.app.session.close()

    def show_victory(self, battle: Scene) -> None:
        """Demo: its result over the board, then the next demo. Visitor: the result screen."""
        winner = self.match.winner if self.match else None
        name = self.side_name(winner) if winner else None
        if self.mode == "attract" and isinstance(self.scene, AttractScene):
            text = tr("kiosk.demo_over", winner=name) if name else tr("kiosk.demo_draw")
            self.scene.finish(text, self.config.result_seconds, self.start_attract)
            return
        title = tr("kiosk.wins", winner=name) if name else tr("kiosk.draw")
        detail = self.level.name if self.level else ""
        color = self.app.session.side_colors.get(winner or "", theme.ACCENT)
        self.mode = "result"
        self.idle_for = 0.0  # the result screen times out by itself; the idle limit is only a backstop
        seconds = max(self.config.result_seconds * 2, 15.0)
        self.switch(ResultScene(title, color, detail, self.start_visitor, self.start_attract, seconds))

    def show_credits(self, attract: AttractScene) -> None:
        """The credits screen from the attract screen; its Back (or the idle limit) returns to the demo."""
        from game.ui.scenes.credits import CreditsScene

        def back() -> None:
            self.mode, self.idle_for = "attract", 0.0
            self.switch(attract)

        self.mode, self.idle_for = "credits", 0.0
        self.switch(CreditsScene(None, on_back=back))

    def switch(self, scene: Scene) -> None:
        """Make `scene` current."""
        self.app.switch(scene)

    def _switched(self, scene: Scene) -> None:
        """Another scene becomes current: fingers and a pending first tap belong to the old one; the screen left (a
        closed game's, a dialog's) is collected and its memory given back after this frame."""
        self.touch.reset()
        self.pending_tap = None
        # not now: a switch comes from the old scene's own handler (a tap, the demo's end), whose frame still holds
        # it, so a collection here left it (a screen-sized picture, a board's terrain layer) alive until the
        # interpreter's next full collection, often through the whole next game
        self.release_due = True

    # --- input ---------------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """Filter one event (quit, blocked keys, the chord, touch) and pass the rest on, under the guard."""
        try:
            self._dispatch(event)
        except Exception as exc:
            self.recover(exc, f"handle_event({pygame.event.event_name(event.type)})")

    def _dispatch(self, event: pygame.event.Event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            return  # window close, Alt+F4, a session manager: a kiosk stays up
        if kind in POINTER and getattr(event, "touch", False):
            return  # SDL's mouse emulation of a touch: the FINGER event is handled instead
        self.gamepads.track(event)
        if kind in INPUT or is_gamepad_input(event):
            self.idle_for = 0.0
        if kind == pygame.KEYDOWN:
            if self._is_chord(event):
                self.request_exit()
                return
            if not self._key_allowed(event):
                return
        if kind == pygame.FINGERDOWN:
            self._corner_tap(to_pixels(event.x, event.y, self.screen.get_size(), self._window_size()))
        elif kind == pygame.MOUSEBUTTONDOWN:
            self._corner_tap(event.pos)
        if kind in FINGER:
            self._deliver(self.touch.feed(event, self.screen.get_size(), self._window_size()))
            return
        self.app.dispatch(event)

    @staticmethod
    def _window_size() -> tuple[int, int] | None:
        """The window's real size (with pygame.SCALED it differs from the logical screen), if known."""
        try:
            return tuple(pygame.display.get_window_size())  # type: ignore[return-value]
        except pygame.error:
            return None

    def _deliver(self, events: Iterable[pygame.event.Event]) -> None:
        """Pointer events made from touch, to the scene (the scene may change between them)."""
        for e in events:
            if self.scene is not None:
                self.scene.handle_event(e)

    def _is_chord(self, event: pygame.event.Event) -> bool:
        code, mask = self.chord
        mod = getattr(event, "mod", 0)
        # every named modifier must be held (either side's key counts)
        return event.key == code and all(mod & bits for name, bits in MOD_BITS.items() if mask & bits)

    @staticmethod
    def _key_allowed(event: pygame.event.Event) -> bool:
        """Game keys only: no Esc, F-keys, L (levels) or Q, and no Ctrl/Alt/Meta combination but Ctrl+Z (undo)."""
        if event.key in BLOCKED_KEYS:
            return False
        mod = getattr(event, "mod", 0)
        if mod & (pygame.KMOD_ALT | pygame.KMOD_META | pygame.KMOD_GUI):
            return False
        return not (mod & pygame.KMOD_CTRL) or event.key == pygame.K_z

    def corner_of(self, pos: Pos) -> str | None:
        """Which corner zone `pos` is in (an eighth of the short side), if any."""
        w, h = self.screen.get_size()
        zone = max(48, min(w, h) // 8)
        x, y = pos
        horiz = "left" if x < zone else "right" if x >= w - zone else None
        vert = "top" if y < zone else "bottom" if y >= h - zone else None
        return f"{vert}_{horiz}" if horiz and vert else None

    def _corner_tap(self, pos: Pos) -> None:
        """Watch for the corner sequence within the configured window; any other tap starts it over."""
        corner = self.corner_of(pos)
        if corner is None:
            self.corner_taps.clear()
            return
        self.corner_taps.append((corner, self.now))
        seq = self.config.exit_corners
        taps = self.corner_taps[-len(seq) :]
        self.corner_taps = taps
        if tuple(c for c, _ in taps) == seq and taps[-1][1] - taps[0][1] <= self.config.exit_window:
            self.request_exit()

    def _tap(self, pos: Pos) -> list[pygame.event.Event]:
        """A finger tap: on a reachable square the first tap previews and the second moves; else a click."""
        scene = self.scene
        if not isinstance(scene, BattleScene) or scene.view is None or scene.panel is None:
            return click(pos)
        ctl = scene.ctl
        if ctl.autoplayer.busy:
            return [motion(pos)]
        sq = scene.view.square_at(pos)
        # a unit selected and nothing armed (the "selected" mode): a tap on an empty shaded square is a move
        reach = ctl.forecast.reach if ctl.state.name == "selected" and ctl.forecast is not None else {}
        if sq is not None and sq in reach and ctl.unit_at(sq) is None:
            key = (id(scene), ctl.version, ctl.state.unit, sq)
            if self.pending_tap != key:
                self.pending_tap = key
                return [motion(pos)]  # hover: the path preview with its cost, nothing performed yet
            self.pending_tap = None
            return click(pos)
        self.pending_tap = None
        if sq is None and scene.panel.button_at(pos) is None:
            near = [
                b for b in scene.panel.buttons if b.rect.inflate(TOUCH_SLACK * 2, TOUCH_SLACK * 2).collidepoint(pos)
            ]
            if near:
                return click(near[0].rect.center)
        return click(pos)

    # --- the kiosk's part of the app's frame loop (AppHooks) ----------------------------------

    def step(self, dt: float = 1 / FPS) -> None:
        """One frame of the app's loop (with the kiosk's hooks in it)."""
        self.app.step(dt)

    def _before_frame(self, dt: float) -> None:
        """Kiosk time moves on by the frame's seconds."""
        self.now += dt

    def _idle(self, dt: float) -> None:
        """Before the scene updates: a visitor gone for the idle limit hands the screen back to the demos."""
        if self.mode in ("visitor", "result", "credits"):
            self.idle_for += dt
            if self.idle_for >= self.config.idle:
                self.start_attract()

    def _after_frame(self, ok: bool) -> None:
        """A good frame ends a run of failures; now and then the heap is trimmed and the memory logged."""
        if ok:
            self.failures_in_row = 0
            if not self.fonts_filled:  # after the first frame, which made the fonts of the screens' own text
                self.fonts_filled = True
                theme.fill_fonts()
        if self.release_due:  # out of every scene's frame now: the closed game's scene is garbage, and collected
            self.release_due = False
            self.trimmed_at = self.now
            release_memory()
        elif self.now - self.trimmed_at >= TRIM_EVERY:  # a long visitor's match: its freed pages go back meanwhile
            self.trimmed_at = self.now
            trim_heap()
        if self.now - self.memory_logged_at >= LOG_EVERY:  # how a kiosk's memory went over days, in its log
            self.memory_logged_at = self.now
            self.guard.info(f"{memory_line()}, {self.games} games")

    def _overlay(self, screen: pygame.Surface, changed: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """Over the scene: that a tap's preview waits for a second tap, and the idle countdown."""
        battle = self.scene if isinstance(self.scene, BattleScene) and self.scene.view is not None else None
        if self.pending_tap is not None and battle is not None and battle.view is not None:
            # touch has no hover: say that the preview waits for a second tap
            battle.frame.invalidate()
            view = battle.view.rect
            hint = theme.label(tr("kiosk.tap_again"), 30, theme.TEXT, True)
            # at the foot of the board: the path preview's own cost tip sits next to the finger
            box = hint.get_rect(midbottom=(view.centerx, view.bottom - 12)).inflate(24, 14)
            pygame.draw.rect(screen, (30, 32, 38), box, border_radius=6)
            pygame.draw.rect(screen, theme.ACCENT, box, 2, border_radius=6)
            screen.blit(hint, hint.get_rect(center=box.center))
            changed = None
        left = self.config.idle - self.idle_for
        if self.mode == "visitor" and left <= IDLE_WARNING:
            if isinstance(self.scene, BattleScene):
                self.scene.frame.invalidate()  # the countdown covers the cached picture: redraw it all next frame
            banner(screen, tr("kiosk.idle", seconds=max(1, int(left + 0.999))), "", self.now, theme.WARNING)
            changed = None
        return changed

    def recover(self, exc: BaseException, where: str) -> None:
        """Log the failure with the match's level, seed and actions; back to the attract loop."""
        self.guard.report(exc, where, self.match)
        self.failures_in_row += 1
        try:
            if self.failures_in_row > MAX_FAILURES_IN_ROW:
                raise RuntimeError(f"{self.failures_in_row} failures in a row: pausing the attract loop")
            self.start_attract()
        except Exception as again:  # restarting fails too: drop everything, show the calm fallback screen
            self.guard.report(again, "restarting the attract loop", None)
            try:
                self._teardown()
            except Exception:  # the world may be half gone already; the fallback screen needs none of it
                self.app.scene, self.app.session.match = None, None
            self.mode = "fallback"
            self.switch(FallbackScene(self._retry, FALLBACK_SECONDS))

    def _retry(self) -> None:
        """The fallback screen's timer: try the attract loop afresh."""
        self.failures_in_row = 0
        self.start_attract()

    def run(self) -> int:
        """The app's loop until the exit chord (or `frames` frames), its screenshot saved; then the log closes; 0."""
        try:
            return self.app.run()
        finally:
            self._closed()

    def close(self) -> None:
        """Close the match, the window and the log."""
        try:
            self.app.close()
        finally:
            self._closed()

    def _closed(self) -> None:
        """The last line of the log, which then closes; the running marker goes (a clean stop)."""
        self.guard.info(f"kiosk closed after {self.games} games, {self.guard.failures} errors survived")
        close_log()
        clear_running(self.config.log_file)
        draw_whole(())
