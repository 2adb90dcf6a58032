"""The battle screen: board view on the left, side panel on the right; events go to the battle controller."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.battle.match import Match
from game.text.i18n import is_rtl, next_language, set_language, t
from game.ui import theme
from game.ui.backdrop import Backdrop
from game.ui.board import BoardKey, BoardRenderer
from game.ui.controller import BattleController
from game.ui.danger import DangerView, draw_danger
from game.ui.door_pick import lean_of
from game.ui.frame import FrameCache
from game.ui.hint import Hint, draw_hint, prepare_hint
from game.ui.keymap import BATTLE_KEYS, intent_for
from game.ui.overlays import draw_help, draw_overlays, help_lines
from game.ui.panel import SidePanel
from game.ui.panel_model import PanelModel, build_panel_model
from game.ui.scenes.base import Scene, SceneHost
from game.ui.stage import Stage
from game.ui.turn_call import draw_turn_call
from game.ui.view import BoardView
from rules.actions import Action
from rules.core import Illegal, Ruling

if TYPE_CHECKING:  # the thread pool only at the first hint (start-up time)
    from concurrent.futures import Executor, Future

VIEW_INTENTS = frozenset({"pan_left", "pan_right", "pan_up", "pan_down", "zoom_in", "zoom_out", "fit"})
"""Intents that only move the camera."""
PAN_STEP = 48


def layout(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Board rectangle (left) and panel rectangle (right) for a window of `size`; mirrored in Hebrew."""
    w, h = size
    # wider screens get a wider panel (more log lines, fewer wrapped ones), never more than a third
    panel_w = theme.panel_width(size)
    if is_rtl():
        # right-to-left readers start at the right: the board there, the panel on the left
        return pygame.Rect(panel_w, 0, w - panel_w, h), pygame.Rect(0, 0, panel_w, h)
    return pygame.Rect(0, 0, w - panel_w, h), pygame.Rect(w - panel_w, 0, panel_w, h)


class BattleScene(Scene):
    """Plays one match: turns pointer and keys into controller calls, and draws the board, panel and overlays."""

    def __init__(self, match: Match) -> None:
        self.ctl = BattleController(match)
        self.match = match
        self.mouse: tuple[int, int] = (0, 0)
        self.dragging = False
        self.ruling_tape = False
        """A right-drag is measuring (the tape follows the pointer)."""
        backdrop = Backdrop(match.level.image)
        self.renderer = BoardRenderer(backdrop)
        if backdrop.check() is not None:  # a picture whose pixels do not decode: say so, draw the map without it
            self.ctl.say(backdrop.check() or "", "info")
        self._model: PanelModel | None = None
        self._model_version = -1
        self.view: BoardView | None = None
        self.panel: SidePanel | None = None
        self.frame = FrameCache(theme.BACKGROUND)
        """Board and panel cached at window size; overlays redrawn by dirty rectangles."""
        self.intents: dict[str, Callable[[], None]] = {
            "back": self.back,
            "pan_left": lambda: self._pan(PAN_STEP, 0),
            "pan_right": lambda: self._pan(-PAN_STEP, 0),
            "pan_up": lambda: self._pan(0, PAN_STEP),
            "pan_down": lambda: self._pan(0, -PAN_STEP),
            "zoom_in": lambda: self._zoom(1, None),
            "zoom_out": lambda: self._zoom(-1, None),
            "fit": self._fit,
            "cursor_left": lambda: self._cursor(-1, 0),
            "cursor_right": lambda: self._cursor(1, 0),
            "cursor_up": lambda: self._cursor(0, -1),
            "cursor_down": lambda: self._cursor(0, 1),
            "cursor_act": self._cursor_act,
            "levels": self.open_levels,
            "language": self.cycle_language,
            "help": self.toggle_help,
            "legend": self.toggle_legend,
            "hint": self.toggle_hint,
            "danger": self.press_danger,
        }
        self.help = False
        self.help_scroll = 0
        """The first line of the help shown (the wheel scrolls a help taller than the window)."""
        self.hint: Hint | None = None
        """H: the computer's suggestion for the side to act (game/ui/hint.py), until the match changes."""
        self.hint_executor: Executor | None = None
        """Where a hint is worked out (a thread pool made at the first hint; tests give one they drive)."""
        self._hint_job: Future[Hint] | None = None
        self._hint_pool: Executor | None = None
        """The pool this screen made (shut down when it is left); an executor given from outside is not."""
        self.legend = False
        """F2 or the Legend button: what the map's marks mean under the ruleset (game/ui/legend.py)."""
        """F1: the controls of the battle screen over the board."""
        self.stage = Stage(self)
        """Motion, sounds and the camera following the computer (game/ui/stage.py)."""
        self.danger = DangerView()
        """W: the danger of each square for the selected unit, or an inspected enemy's next turn (game/ui/danger.py)."""
        self.kiosk = False
        """A public screen (the kiosk): hints name only taps and buttons, a visitor's turn is announced large."""

    # --- what the screen does around the controller ------------------------------------------

    def perform(self, action: Action) -> Ruling | Illegal:
        """Perform one action as the screen does: its motion and sounds, then what follows (hand-over, victory)."""
        result = self.ctl.perform(action)
        self.stage.watch()
        self._serve()
        return result

    def say(self, message: str, tone: str = "error") -> None:
        """Show a short message over the board ("error" or "info")."""
        self.ctl.say(message, tone)

    # --- scene protocol ------------------------------------------------------------------

    def enter(self, app: SceneHost) -> None:
        """Lay out for the current window and pick the unit whose turn it is (initiative)."""
        super().enter(app)
        self.ctl.gestures.clock = app.now  # a click too soon after aiming is the tail of a double-click
        board_rect, panel_rect = layout(self.app.screen.get_size())
        board = self.ctl.situation().board
        if self.view is None:
            self.view = BoardView(board_rect, board.width, board.height)
        else:
            self.view.relayout(board_rect)
        self.kiosk = app.options.locked
        self.ctl.touch = self.kiosk  # its forecasts say "tap again", not "click again"
        self.panel = SidePanel(panel_rect, kiosk=self.kiosk)
        self.frame.invalidate()  # the window shows another scene's picture
        self.ctl.auto_select()
        self.stage.reset()
        self.danger.threaded = self.ctl.autoplayer.threaded  # the window works the danger out beside the frames

    def relayout(self, size: tuple[int, int]) -> None:
        """New window size: refit the board and move the panel."""
        board_rect, panel_rect = layout(size)
        assert self.view is not None and self.panel is not None
        self.view.relayout(board_rect)
        self.panel.relayout(panel_rect)
        self.frame.invalidate()
        self.ctl.changed(state=False)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Dispatch one event to the handler for its type (only looking around while the computer thinks)."""
        looking = event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self._view_only(event)
        if self.stage.skips(event, looking):
            return  # a click or key while something moves only finishes the motion
        if self.ctl.autoplayer.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not looking:
            return
        handler = self._handlers.get(event.type)
        if handler is not None:
            self.stage.before_event()
            handler(self, event)
            self.stage.after_event()
        self._serve()

    def _view_only(self, event: pygame.event.Event) -> bool:
        """Whether an input only moves the camera (allowed while the computer thinks)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return event.button == 2
        return intent_for(BATTLE_KEYS, event) in VIEW_INTENTS

    def leave(self) -> None:
        """Let a computer decision (and a hint being worked out) finish before another screen takes over."""
        self.ctl.autoplayer.close()
        self.danger.close()
        if self._hint_pool is not None:
            self._hint_pool.shutdown(wait=True)
            self._hint_pool = self.hint_executor = None
        self._hint_job = None

    def update(self, dt: float) -> None:
        """Play a computer side's next action when due; let a message fade out."""
        self.stage.tick(dt)  # first: the computer waits while its last action is still shown
        self.ctl.update(dt)
        self._collect_hint()
        if self.danger.collect():
            self.ctl.changed(state=False)  # the worker's danger map is ready: shade it
        self.stage.watch()
        self._serve()

    def _serve(self) -> None:
        """Carry out the screen changes the controller asked for (victory, hand-over)."""
        requests, self.ctl.requests = self.ctl.requests, []
        for request in requests:
            if request.kind == "victory":
                self.app.screens.show_victory(self)
            elif request.kind == "handover" and request.side is not None:
                self.app.screens.show_handover(self, request.side)
            elif request.kind == "confirm_end_turn":
                self._confirm_end_turn(request.names)

    def _confirm_end_turn(self, names: tuple[str, ...]) -> None:
        """Units have done nothing yet: end the turn only when the player says so."""
        from game.ui.scenes.dialog import Choice, DialogScene  # only when asked (start-up time)

        back = lambda: self.app.switch(self)  # noqa: E731 - a one-line action of a button

        def end() -> None:
            self.app.switch(self)
            self.ctl.end_turn_now()
            self._serve()

        lines = [t("turns.unused", names=names)]  # the names in the language, each with its grammar
        # answered by its button (or the arrows and Enter), never by E again: E twice must not end a turn unasked
        choices = [Choice(t("turns.end_anyway"), end), Choice(t("turns.keep_playing"), back)]
        self.app.switch(DialogScene(t("turns.end_title"), lines, choices, cancel=back))

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Board and panel from the frame cache, then what follows the pointer; only changes are redrawn."""
        assert self.view is not None and self.panel is not None
        view, panel, ctl = self.view, self.panel, self.ctl
        whole = self.ctl.situation()
        sit = self.stage.board(whole)  # the walkers are drawn by the stage, over the board
        layer = None if self.stage.serial else self.danger.layer(ctl)
        self.danger.shown(self.app.now())
        # no reach shading while units move, nor under the danger's (it covers the same squares)
        shade = None if self.stage.serial or (layer is not None and not ctl.armed) else ctl.look.shading()
        key = BoardKey(
            ctl.version, ctl.selected, id(shade), ctl.targets(), view.cell, self.stage.serial, id(layer or 0)
        )
        composite = self.renderer.compose(
            key, sit, self.app.session.side_colors, shade, ctl.actors, whole.creatures, layer
        )
        panel_key = panel.refresh(self.panel_model(), ctl.ui_version, self.mouse)
        self.frame.begin(screen)
        board_key = (self.renderer.composes, view.origin, tuple(view.rect))
        area = self.renderer.changed_area(view)  # a new selection repaints only around the shading it changed
        self.frame.region("board", board_key, view.rect, lambda s: self.renderer.draw(s, view, composite), area)
        self.frame.region("panel", panel_key, panel.rect, panel.blit, panel.dirty_area)  # only its changed sections
        overlay_key = (
            self.mouse,
            ctl.hover_sq,
            ctl.cursor,
            id(ctl.preview),
            ctl.armed,
            ctl.armed_target,
            ctl.toast,
            ctl.ruler,
            ctl.step_costs,
            self.help,
            self.help_scroll,
            id(self.hint),
            self.legend,
            bool(pygame.key.get_mods() & pygame.KMOD_SHIFT),
            self.stage.motion.key(),
            self.danger.on,
            self.danger.inspected,
            self.danger.working,
        )
        return self.frame.present(screen, overlay_key, self._draw_overlays)

    def _draw_overlays(self, screen: pygame.Surface) -> list[pygame.Rect]:
        assert self.view is not None and self.panel is not None
        drawn = self.stage.draw(screen)
        if self.kiosk and not (self.help or self.legend):
            # first: the hover card and the tips a visitor points at are drawn over it, never under it
            drawn += draw_turn_call(screen, self.view.rect, self.ctl, self.app.session.side_colors)
        drawn += draw_overlays(screen, self.ctl, self.view, self.panel, self.renderer, self.pointer())
        drawn += draw_danger(screen, self.ctl, self.view, self.danger, self.pointer())
        if self.hint is not None and self.hint.version != self.ctl.version:
            self.hint = None  # the match moved on: the suggestion was for the state before
        if self.help:
            drawn.append(draw_help(screen, self.view.rect, self.ctl, self.help_scroll))
        elif self.hint is not None:
            drawn += draw_hint(screen, self.view, self.ctl.situation(), self.hint)
        elif self.legend:
            sit = self.ctl.situation()
            from game.ui.legend import draw_legend  # F2: not before it is asked for (start-up time)

            closes = t("kiosk_display.tap_closes") if self.kiosk else None  # no F2 or Esc on a public screen
            drawn.append(draw_legend(screen, self.view.rect, sit.ruleset, sit.options, closes))
        return drawn

    def panel_model(self) -> PanelModel:
        """What the side panel shows (gathered once per change; frozen while the computer thinks)."""
        if self._model is not None and (self._model_version == self.ctl.ui_version or self.ctl.autoplayer.busy):
            return self._model  # its hint stays (toasts are drawn over the board, game/ui/overlays.py)
        self._model = build_panel_model(self.ctl, self.app.session.side_colors)
        if self.kiosk and not any(side.controller == "human" for side in self.match.level.sides):
            # the attract loop's demo: visitors read what it is, not how to watch a turn that is not theirs
            self._model = dataclasses.replace(self._model, hint=t("kiosk_display.demo_hint"))
        self._model_version = self.ctl.ui_version
        return self._model

    # --- intents that are the screen's, not the match's ------------------------------------

    def back(self) -> None:
        """Esc: close the help, else step back out of what the controller holds, else the pause menu (never quit).

        Only what is on screen counts, so every Esc changes what the player sees: a hint for a state the match has
        left and an inspected enemy that has fallen are dropped first (the next frame would drop them unseen)."""
        if self.hint is not None and self.hint.version != self.ctl.version:
            self.hint = None
        if self.danger.inspected is not None:
            foe = self.ctl.situation().creatures.get(self.danger.inspected)
            if foe is None or foe.defeated:
                self.danger.inspected = None
        if self.help:
            self.toggle_help()
        elif self.hint is not None:
            self.toggle_hint()
        elif self.legend:
            self.toggle_legend()
        elif self.danger.inspected is not None:
            self.danger.inspected = None
            self.ctl.changed(state=False)
        elif not self.ctl.back():
            self.app.screens.show_pause(self)

    def toggle_help(self) -> None:
        """F1: show or hide the controls."""
        self.help = not self.help
        self.help_scroll = 0
        self.ctl.changed(state=False)

    def toggle_hint(self) -> None:
        """H: show the computer's suggestion for the side to act (a ghost, never performed), or hide it.

        The suggestion is worked out in a worker from a snapshot (`hard` may think most of a second) when the
        computer's turns are (`autoplayer.threaded`), else at once; `update` shows it when it is ready.
        """
        if self.hint is not None or self._hint_job is not None or self.match.finished or self.ctl.autoplayer.busy:
            self.hint, self._hint_job = None, None
        else:
            job = prepare_hint(self.match, self.ctl.version, self.app.ai)
            if self.ctl.autoplayer.threaded or self.hint_executor is not None:
                if self.hint_executor is None:
                    from concurrent.futures import ThreadPoolExecutor  # start-up time: not before the first hint

                    self.hint_executor = self._hint_pool = ThreadPoolExecutor(1, thread_name_prefix="gridbound-hint")
                self._hint_job = self.hint_executor.submit(job)
            else:
                self.hint = job()
        self.ctl.changed(state=False)

    def _collect_hint(self) -> None:
        """Show a hint worked out in the worker, unless it was hidden or the match moved on meanwhile."""
        if self._hint_job is None or not self._hint_job.done():
            return
        job, self._hint_job = self._hint_job, None
        hint = job.result()
        if hint.version == self.ctl.version:
            self.hint = hint
            self.ctl.changed(state=False)

    def press_danger(self) -> None:
        """W: show the danger view (held: while held), or hide it."""
        self.danger.press(self.app.now())
        self.ctl.changed(state=False)

    def toggle_legend(self) -> None:
        """F2 or the Legend button: show or hide the map legend."""
        self.legend = not self.legend
        self.ctl.changed(state=False)

    def open_levels(self) -> None:
        """Open the level menu (L)."""
        self.app.screens.show_menu(self)

    def cycle_language(self) -> None:
        """The language button: the next language, kept in the settings (Hebrew mirrors the layout: lay out again)."""
        change = getattr(self.app, "change_settings", None)
        if callable(change):
            change(self.app.settings.changed(language=next_language()))  # the app lays the scene out again
        else:
            set_language(next_language())
            self.relayout(self.app.screen.get_size())

    def _pan(self, dx: int, dy: int) -> None:
        assert self.view is not None
        self.view.pan(dx, dy)

    def _zoom(self, steps: int, around: tuple[int, int] | None) -> None:
        assert self.view is not None
        self.view.zoom(steps, around)

    def _fit(self) -> None:
        assert self.view is not None
        self.view.fit()

    def _cursor(self, dx: int, dy: int) -> None:
        """An arrow key: move the keyboard cursor and keep it in view."""
        assert self.view is not None
        self.ctl.move_cursor(dx, dy)
        if self.ctl.cursor is not None:
            self.view.reveal(self.ctl.cursor)

    def _cursor_act(self) -> None:
        """Space or Enter: a click on the cursor's square."""
        self.ctl.act_at_cursor()
        if self.ctl.cursor is not None and self.view is not None:
            self.view.reveal(self.ctl.cursor)

    def pointer(self) -> tuple[int, int]:
        """What tips and the hover card keep clear of: the keyboard cursor's square while used, else the mouse."""
        if self.ctl.cursor is not None and self.view is not None:
            corner = self.view.square_rect(self.ctl.cursor).bottomright
            return (corner[0] - 10, corner[1] - 10)  # tips open beside the cursor's frame, not over it
        return self.mouse

    # --- pointer and keys ------------------------------------------------------------------

    def _on_mouse_down(self, event: pygame.event.Event) -> None:
        assert self.view is not None and self.panel is not None
        self.mouse = event.pos
        if event.button == 2:
            self.dragging = True
            return
        if event.button == 3:
            # a right-drag is the measuring tape; a right-click without dragging deselects (on release)
            sq = self.view.square_at(event.pos)
            self.ctl.ruler = (sq, sq) if sq is not None else None
            self.ruling_tape = sq is not None
            return
        if event.button != 1:
            return
        if (self.help or self.legend) and self.view.rect.collidepoint(event.pos):
            # the help or the legend lies over the board: a tap there closes it, never acts on a square under it
            self.help = self.legend = False
            self.ctl.changed(state=False)
            return
        self.ctl.ruler = None
        self.ctl.cursor = None
        button = self.panel.button_at(event.pos)
        if button is not None:
            if button.enabled:
                self._run_intent(button.intent)
            else:
                self.ctl.say(button.tooltip or t("battle.not_possible"))
            return
        sq = self.view.square_at(event.pos)
        if sq is not None:
            # the pointer is where it clicks (a tap or a synthetic click comes without a motion first): the
            # preview afterwards is of this square, never of the one the last motion left behind
            self.ctl.hover(sq)
            if self.danger.inspect(self.ctl, sq):
                return  # an enemy's next turn shaded, not an attack aimed
            cell = self.view.cell
            point = ((event.pos[0] - self.view.origin[0]) / cell, (event.pos[1] - self.view.origin[1]) / cell)
            self.ctl.click_square(sq, lean_of(*point))

    def _on_mouse_up(self, event: pygame.event.Event) -> None:
        if event.button == 2:
            self.dragging = False
        if event.button == 3:
            self.ruling_tape = False
            if self.ctl.ruler is None or self.ctl.ruler[0] == self.ctl.ruler[1]:
                self.ctl.ruler = None
                self.ctl.select(None)

    def _on_motion(self, event: pygame.event.Event) -> None:
        assert self.view is not None
        if event.pos != self.mouse:
            self.ctl.cursor = None  # the mouse moved: it points again, the keyboard cursor goes away
        self.mouse = event.pos
        if self.dragging:
            self.view.pan(*event.rel)
        sq = self.view.square_at(event.pos)
        if self.ruling_tape and self.ctl.ruler is not None and sq is not None:
            self.ctl.ruler = (self.ctl.ruler[0], sq)
        self.ctl.hover(sq)

    def _on_wheel(self, event: pygame.event.Event) -> None:
        assert self.view is not None and self.panel is not None
        if self.help:  # the help lies over the board: the wheel scrolls it (a small window shows part of it)
            self.help_scroll = max(0, min(len(help_lines(self.ctl)) - 1, self.help_scroll - event.y))
            self.ctl.changed(state=False)
        elif self.panel.log_rect.collidepoint(self.mouse):
            self.panel.scroll_log(event.y, len(self.match.log))
            self.ctl.changed(state=False)
        elif self.view.rect.collidepoint(self.mouse):
            self.view.zoom(event.y, self.mouse)

    def _on_key(self, event: pygame.event.Event) -> None:
        intent = intent_for(BATTLE_KEYS, event)
        if intent is not None:
            self._run_intent(intent)

    def _on_key_up(self, event: pygame.event.Event) -> None:
        if intent_for(BATTLE_KEYS, event) == "danger" and self.danger.on:
            self.danger.release(self.app.now())
            self.ctl.changed(state=False)

    def _run_intent(self, intent: str) -> None:
        """Run a named intent from a key or a button: the screen's own, else the controller's."""
        if intent in self.intents:
            self.intents[intent]()
        else:
            self.ctl.run_intent(intent)

    _handlers: ClassVar[dict[int, Callable[[BattleScene, pygame.event.Event], None]]] = {
        pygame.MOUSEBUTTONDOWN: _on_mouse_down,
        pygame.MOUSEBUTTONUP: _on_mouse_up,
        pygame.MOUSEMOTION: _on_motion,
        pygame.MOUSEWHEEL: _on_wheel,
        pygame.KEYDOWN: _on_key,
        pygame.KEYUP: _on_key_up,
    }
    """Event type → handler (a table, not an if/elif chain)."""
