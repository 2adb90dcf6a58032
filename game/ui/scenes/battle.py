"""The battle screen: board view on the left, side panel on the right; clicks become Actions."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import ClassVar

import pygame

from game.i18n import action_name, is_rtl, next_language, refusal, set_language, t
from game.match import Match
from game.ui import theme
from game.ui.autoplay import AutoPlayer, find_ai, is_computer
from game.ui.board import BoardKey, BoardRenderer, draw_tip
from game.ui.forecast import Forecast, Preview, actions_for_band, straight_path, switchable_modes
from game.ui.frame import FrameCache
from game.ui.keymap import BATTLE_KEYS, intent_for
from game.ui.panel import MOVE_KINDS, PanelModel, SidePanel, UnitCard
from game.ui.scenes.base import Scene
from game.ui.view import BoardView
from rules.actions import Action
from rules.core import Creature, Illegal, Ruling, Situation, Square
from rules.ruler import tape

NO_TARGET_KINDS = frozenset({"drop_prone", "stand_up", "dash"})
"""Bar actions performed at once on the selected unit."""
TARGET_KINDS = frozenset({"attack", "charge", "sneak_attack", "engage", "overrun", "tumble"})
"""Bar actions that wait for a click on an enemy."""
SQUARE_KINDS = frozenset({"step", "minimum_move"})
"""Bar actions that wait for a click on a neighbouring square (a one-square path)."""
PATH_TARGET_KINDS = frozenset({"charge", "overrun", "tumble"})
"""Bar actions that need an enemy and then a straight path: click the enemy, then where to end."""
THROUGH_KINDS = frozenset({"overrun", "tumble"})
"""Of those, the ones whose path passes through the enemy (`through`) rather than to it (`target`)."""
AT_KINDS = frozenset({"interact"})
"""Bar actions that wait for a click on a square they act on (a door)."""

VIEW_INTENTS = frozenset({"pan_left", "pan_right", "pan_up", "pan_down", "zoom_in", "zoom_out", "fit"})
"""Intents that only move the camera."""
PAN_STEP = 48
TOAST_SECONDS = 5.0


def layout(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Board rectangle (left) and panel rectangle (right) for a window of `size`; mirrored in Hebrew."""
    w, h = size
    # wider screens get a wider panel (more log lines, fewer wrapped ones), never more than a third
    panel_w = min(max(theme.PANEL_WIDTH, w * 22 // 100), 480, max(220, w // 3))
    if is_rtl():
        # right-to-left readers start at the right: the board there, the panel on the left
        return pygame.Rect(panel_w, 0, w - panel_w, h), pygame.Rect(0, 0, panel_w, h)
    return pygame.Rect(0, 0, w - panel_w, h), pygame.Rect(w - panel_w, 0, panel_w, h)


class BattleScene(Scene):
    """Plays one match in hot-seat: select, preview, move, act, end turn, undo."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.selected: str | None = None
        self.forecast: Forecast | None = None
        self.armed: str | None = None
        self.armed_target: str | None = None
        """charge / overrun / tumble: the enemy chosen by the first click."""
        self.tactic = "front"
        """hexxen: the tactic of the next attack (HX tactics: front, relieve, cut_in)."""
        self.hover_sq: Square | None = None
        self.preview: Preview | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.version = 0
        """State version: bumped after every perform or undo (keys the caches)."""
        self.ui_version = 0
        """Bumped on any change the panel shows (state, selection, arming)."""
        self.toast = ""
        self.toast_left = 0.0
        self.dragging = False
        self.ruler: tuple[Square, Square] | None = None
        """Right-drag measuring tape: (from, to) squares; kept until the next click or Esc."""
        self.ruling_tape = False
        self.mode: str | None = None
        self.step_costs = False
        """Show each previewed step's cost (V toggles; Shift shows it while held)."""
        self.releasing: tuple[str, tuple[str, ...]] | None = None
        """hexxen: (enemy, comrades) while the player picks whom a relief or cut-in releases."""
        """The movement mode the player chose for the selected unit (dnd5e walk/fly/climb/swim)."""
        self.renderer = BoardRenderer()
        self._sit: Situation | None = None
        self._sit_version = -1
        self._actors: frozenset[str] = frozenset()
        self._model: PanelModel | None = None
        self._model_version = -1
        self.view: BoardView | None = None
        self.panel: SidePanel | None = None
        # the AI is only imported when the level has a computer side (it costs start-up time)
        has_computer = any(side.controller == "ai" for side in match.level.sides)
        self.autoplayer = AutoPlayer(find_ai() if has_computer else None)
        self.frame = FrameCache(theme.BACKGROUND)
        """Board and panel cached at window size; overlays redrawn by dirty rectangles."""
        self.intents: dict[str, Callable[[], None]] = {
            "back": self.back,
            "undo": self.undo,
            "pan_left": lambda: self._pan(PAN_STEP, 0),
            "pan_right": lambda: self._pan(-PAN_STEP, 0),
            "pan_up": lambda: self._pan(0, PAN_STEP),
            "pan_down": lambda: self._pan(0, -PAN_STEP),
            "zoom_in": lambda: self._zoom(1, None),
            "zoom_out": lambda: self._zoom(-1, None),
            "fit": self._fit,
            "next_unit": self.next_unit,
            "levels": self.open_levels,
            "language": self.cycle_language,
            "mode": self.cycle_mode,
            "step_costs": self.toggle_step_costs,
        }

    # --- scene protocol ------------------------------------------------------------------

    def enter(self, app: object) -> None:
        """Lay out for the current window and pick the unit whose turn it is (initiative)."""
        super().enter(app)  # type: ignore[arg-type]
        size = self.app.screen.get_size()
        board_rect, panel_rect = layout(size)
        board = self.situation().board
        if self.view is None:
            self.view = BoardView(board_rect, board.width, board.height)
        else:
            self.view.relayout(board_rect)
        self.panel = SidePanel(panel_rect)
        self.frame.invalidate()  # the window shows another scene's picture
        self._auto_select()

    def relayout(self, size: tuple[int, int]) -> None:
        """New window size: refit the board and move the panel."""
        board_rect, panel_rect = layout(size)
        assert self.view is not None and self.panel is not None
        self.view.relayout(board_rect)
        self.panel.relayout(panel_rect)
        self.frame.invalidate()
        self._changed(state=False)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Dispatch one event to the handler for its type (only looking around while the computer thinks)."""
        looking = event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self._view_only(event)
        if self.autoplayer.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and not looking:
            return
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(self, event)

    def _view_only(self, event: pygame.event.Event) -> bool:
        """Whether an input only moves the camera (allowed while the computer thinks)."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return event.button == 2
        return intent_for(BATTLE_KEYS, event) in VIEW_INTENTS

    def leave(self) -> None:
        """Let a computer decision finish before another screen (or a new match) takes over."""
        self.autoplayer.close()

    def update(self, dt: float) -> None:
        """Play a computer side's next action when due; let a refusal message fade out."""
        side = self.situation().active_side
        step = self.autoplayer.due(self.match, side, dt)
        if step is not None and not step.performed:
            self.perform(step.action)
        elif step is not None:
            # the worker already performed it: only the screen has to catch up
            self._changed()
            self._after_change(side)
        if step is not None and self.autoplayer.error is not None:
            self.say(t("battle.computer_failed", error=self.autoplayer.error))
            self.autoplayer.error = None
        if self.toast_left > 0:
            self.toast_left -= dt
            if self.toast_left <= 0:
                self.toast = ""
                self._changed(state=False)

    def draw(self, screen: pygame.Surface) -> list[pygame.Rect] | None:
        """Board and panel from the frame cache, then what follows the pointer; only changes are redrawn."""
        assert self.view is not None and self.panel is not None
        view, panel = self.view, self.panel
        sit = self.situation()
        key = BoardKey(self.version, self.selected, id(self.forecast), self._targets(sit), view.cell)
        composite = self.renderer.compose(key, sit, self.app.side_colors, self.forecast, self._actors)
        panel_key = panel.refresh(self.panel_model(), self.ui_version, self.mouse)
        self.frame.begin(screen)
        board_key = (self.renderer.composes, view.origin, tuple(view.rect))
        self.frame.region("board", board_key, view.rect, lambda s: self.renderer.draw(s, view, composite))
        self.frame.region("panel", panel_key, panel.rect, panel.blit)
        overlay_key = (
            self.mouse,
            self.hover_sq,
            id(self.preview),
            self.armed,
            self.armed_target,
            self.toast,
            self.ruler,
            self.step_costs,
            bool(pygame.key.get_mods() & pygame.KMOD_SHIFT),
        )
        return self.frame.present(screen, overlay_key, self._draw_overlays)

    def _draw_overlays(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """Hover frame, path preview, tips and tooltip; returns the rectangles drawn on."""
        assert self.view is not None and self.panel is not None
        sit = self.situation()
        drawn = self.renderer.draw_hover(screen, self.view, self.hover_sq)
        tip_bg = (30, 32, 38)
        if self.preview is not None and self.selected is not None:
            details = self.step_costs or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            drawn += self.renderer.draw_preview(
                screen, self.view, sit, self.selected, self.preview, self.mouse, details
            )
        elif self.forecast is not None and self.forecast.engage and self.hover_sq is not None:
            target = self.unit_at(self.hover_sq)
            if target is not None and target.id in self.forecast.engage:
                tip = t("battle.attack_engage", target=target.name or target.id)
                drawn.append(draw_tip(screen, tip, self.mouse, tip_bg, self.view.rect))
        if self.armed and self.hover_sq is not None:
            drawn += self._draw_armed(screen, sit)
        if self.ruler is not None and self.ruler[0] != self.ruler[1]:
            drawn += self._draw_ruler(screen)
        if self.toast:
            at = (self.view.rect.x + 4, self.view.rect.bottom - 60)
            drawn.append(draw_tip(screen, self.toast, at, theme.WARNING, self.view.rect))
        tooltip = self.panel.draw_tooltip(screen, self.mouse)
        if tooltip is not None:
            drawn.append(tooltip)
        return drawn

    def _draw_ruler(self, screen: pygame.Surface) -> list[pygame.Rect]:
        """The measuring tape: a line between the two squares and the distance as the ruleset counts it."""
        assert self.view is not None and self.ruler is not None
        start, end = self.ruler
        measured = tape(self.match.level.ruleset, self.match.level.options, start, end)
        a, b = self.view.square_center(start), self.view.square_center(end)
        drawn = [pygame.draw.line(screen, theme.WARNING, a, b, 3)]
        drawn += [pygame.draw.circle(screen, theme.WARNING, p, 5) for p in (a, b)]
        if measured.squares is None:
            text = t("battle.ruler_none", rule=measured.rule)
        else:
            text = t("battle.ruler", metres=f"{measured.metres:g}", squares=measured.squares, rule=measured.rule)
        drawn.append(draw_tip(screen, text, (b[0] + 12, b[1] + 12), (30, 32, 38), self.view.rect))
        return drawn

    def _draw_armed(self, screen: pygame.Surface, sit: Situation) -> list[pygame.Rect]:
        """What an armed bar action will do: whom to click, or the straight path of a charge or overrun."""
        assert self.view is not None and self.armed is not None and self.hover_sq is not None
        name = action_name(self.armed)
        if self.armed in PATH_TARGET_KINDS and self.armed_target is not None and self.selected is not None:
            me = sit.creatures[self.selected]
            points = [self.view.square_center(me.at)] + [
                self.view.square_center(sq) for sq in straight_path(me.at, self.hover_sq)
            ]
            drawn = [pygame.draw.line(screen, theme.ACCENT, a, b, 4) for a, b in itertools.pairwise(points)]
            tip = t("battle.armed_end_here", action=name, target=self.armed_target)
        elif self.armed in PATH_TARGET_KINDS:
            drawn, tip = [], t("battle.armed_enemy_first", action=name)
        elif self.armed in TARGET_KINDS:
            drawn, tip = [], t("battle.armed_enemy", action=name)
        else:
            drawn, tip = [], t("battle.armed_square", action=name)
        drawn.append(draw_tip(screen, tip, self.mouse, (30, 32, 38), self.view.rect))
        return [r.inflate(4, 4) for r in drawn]

    # --- reading the match ---------------------------------------------------------------

    def situation(self) -> Situation:
        """The match situation, read once per state version."""
        if self._sit is None or self._sit_version != self.version:
            self._sit = self.match.situation()
            self._sit_version = self.version
            # units of a computer side are the computer's to move once an AI is installed
            computer = self.autoplayer.hook is not None and is_computer(self.match, self._sit.active_side)
            self._actors = frozenset(
                uid for uid in self._sit.creatures if not computer and self.match.can_act(uid) is None
            )
        return self._sit

    @property
    def actors(self) -> frozenset[str]:
        """Units that may act now."""
        self.situation()
        return self._actors

    def unit_at(self, sq: Square) -> Creature | None:
        """The unit covering `sq` (a standing one before a defeated one)."""
        found = [c for c in self.situation().creatures.values() if sq in c.footprint()]
        found.sort(key=lambda c: (c.defeated, c.size))
        return found[0] if found else None

    def _targets(self, sit: Situation) -> frozenset[str]:
        """Enemies ringed as targets while a target action is armed (only the chosen one once chosen)."""
        if self.armed not in TARGET_KINDS or self.selected is None:
            return frozenset()
        if self.armed_target is not None:
            return frozenset({self.armed_target})
        me = sit.creatures[self.selected]
        return frozenset(uid for uid, c in sit.creatures.items() if c.side != me.side and not c.defeated)

    def panel_model(self) -> PanelModel:
        """What the side panel shows (gathered once per change; frozen while the computer thinks)."""
        if self._model is not None and (self._model_version == self.ui_version or self.autoplayer.busy):
            self._model.hint = self.toast
            return self._model
        m, sit = self.match, self.situation()
        side = next((s for s in m.level.sides if s.id == m.active_side), None)
        card, available = None, {}
        modes: tuple[str, ...] = ()
        if self.selected is not None and self.selected in sit.creatures:
            c = sit.creatures[self.selected]
            spec = next((s for s in m.level.sides if s.id == c.side), None)
            moved: float | None = None
            left: float | None = None
            summary = m.ruleset.movement_summary(sit, self.selected)
            if summary is not None:
                moved, left = summary
            bound = tuple(sorted(p for pair in sit.bindings if c.id in pair for p in pair if p != c.id))
            card = UnitCard(
                c, spec.name if spec else c.side, self.app.side_colors.get(c.side, (200, 200, 200)), moved, left, bound
            )
            if self.selected in self.actors:
                available = m.ruleset.available(sit, self.selected)
                modes = switchable_modes(m.ruleset, c)
        hint = "" if self.actors else t("panel.no_unit_can_act")
        extra = []
        computer_turn = is_computer(m, sit.active_side) and not m.finished
        if computer_turn and self.autoplayer.hook is not None:
            extra.append(t("panel.computer_moving"))
            hint = t("panel.computer_watch")
        elif computer_turn:
            extra.append(t("panel.no_ai"))
        if m.level.ruleset == "hexxen" and not computer_turn:
            extra.append(t("panel.tactic", tactic=t(f"tactic.{self.tactic}")))
        self._model = PanelModel(
            level_name=m.level.name,
            ruleset=m.level.ruleset,
            round=m.round,
            side_name=side.name if side else m.active_side,
            side_color=self.app.side_colors.get(m.active_side, (200,) * 3),
            active_unit=m.active_unit,
            finished=m.finished,
            card=card,
            available=available,
            bands=self.forecast.bands() if self.forecast else [],
            armed=self.armed,
            log=m.log,
            hint=hint,
            can_undo=bool(m.history) and not m.history[-1].rolled and not self.computer_moving(),
            can_end_turn=not self.computer_moving(),
            extra=extra,
            modes=modes,
            mode=(self.forecast.mode if self.forecast else None) or (modes[0] if modes else None),
        )
        self._model_version = self.ui_version
        return self._model

    # --- changing the UI state ------------------------------------------------------------

    def _changed(self, state: bool = True) -> None:
        """Something the screen shows changed; `state` = the match itself changed."""
        if state:
            self.version += 1
        self.ui_version += 1

    def select(self, unit: str | None) -> None:
        """Select `unit` (one that may act) and forecast its reach; None deselects."""
        self.armed = self.armed_target = None
        self.releasing = None
        self.preview = None
        if unit is None or unit not in self.actors:
            self.selected, self.forecast = None, None
        else:
            self.selected = unit
            sit = self.situation()
            modes = switchable_modes(self.match.ruleset, sit.creatures[unit])
            if self.mode not in modes:
                self.mode = None
            self.forecast = Forecast.build(self.match.ruleset, sit, unit, self.mode)
        self._changed(state=False)
        self._update_preview()

    def _auto_select(self) -> None:
        """Keep the selection only while the unit may act; in initiative order select the active unit."""
        keep = self.selected if self.selected in self.actors else None
        if keep is None and self.match.active_unit in self.actors:
            keep = self.match.active_unit
        self.select(keep)

    def next_unit(self) -> None:
        """Select the next unit of the side to act (Tab)."""
        units = [uid for uid in self.situation().creatures if uid in self.actors]
        if not units:
            return
        i = units.index(self.selected) + 1 if self.selected in units else 0
        self.select(units[i % len(units)])

    def say(self, message: str) -> None:
        """Show a short message over the board (refusals, hints)."""
        self.toast = message
        self.toast_left = TOAST_SECONDS
        self._changed(state=False)

    def _update_preview(self) -> None:
        """Measure the path to the hovered square (cached per square by the forecast)."""
        if self.forecast is None or self.hover_sq is None or self.armed:
            self.preview = None
            return
        self.preview = self.forecast.preview(self.match.ruleset, self.situation(), self.hover_sq)

    # --- performing ------------------------------------------------------------------------

    def perform(self, *actions: Action) -> Ruling | Illegal | None:
        """Perform actions in order through the match; stop (and take back the ones done) at a refusal."""
        side_before = self.match.active_side
        result: Ruling | Illegal | None = None
        for done, action in enumerate(actions):
            result = self.match.perform(action)
            if isinstance(result, Illegal):
                if done:
                    # earlier parts of a combined action (Dash, then move) are taken back with the refusal
                    for _ in range(done + 1):
                        self.match.undo()
                self.say(refusal(result.rule, result.message))
                break
        self.armed = self.armed_target = None
        self._changed()
        self._after_change(side_before)
        return result

    def _after_change(self, side_before: str | None) -> None:
        """Re-forecast, and switch to the victory or hand-over screen when the match says so."""
        self.hover_sq = None
        self._auto_select()
        if self.match.finished:
            self.app.show_victory(self)
        elif side_before is not None and self.match.active_side != side_before:
            self.app.show_handover(self, self.match.active_side)

    def computer_moving(self) -> bool:
        """Whether the computer plays the side to act now (then the player only watches)."""
        sit = self.situation()
        return self.autoplayer.hook is not None and not self.match.finished and is_computer(self.match, sit.active_side)

    def undo(self) -> None:
        """Take back the last action (U, Ctrl+Z)."""
        if self.computer_moving():
            self.say(t("battle.wait_computer"))
            return
        history = self.match.history
        # refusals changed nothing: take them back together with the last real action
        while history and isinstance(history[-1].result, Illegal) and self.match.undo():
            history = self.match.history
        if self.match.undo():
            self._changed()
            self._auto_select()
        else:
            self.say(t("battle.nothing_to_undo"))

    def use_action(self, kind: str) -> None:
        """An action from the bar or its shortcut: perform it, or arm it to wait for a target."""
        if self.computer_moving():
            self.say(t("battle.wait_computer"))
            return
        if kind == "end_turn":
            self.perform(Action("end_turn"))
            return
        if self.selected is None:
            self.say(t("battle.select_first"))
            return
        refused = self.match.ruleset.available(self.situation(), self.selected).get(kind)
        if isinstance(refused, Illegal):
            reason = refusal(refused.rule, refused.message)
            self.say(t("battle.refused_action", action=action_name(kind), reason=reason))
            return
        if kind in NO_TARGET_KINDS:
            self.perform(Action(kind, self.selected))
        elif kind in TARGET_KINDS | SQUARE_KINDS | AT_KINDS:
            self.armed = None if self.armed == kind else kind
            self.armed_target = None
            self.preview = None
            self._changed(state=False)
        elif kind in MOVE_KINDS:
            self.say(t("battle.click_shaded"))

    def choose_tactic(self, tactic: str) -> None:
        """hexxen: the tactic the next attack uses (1 front, 2 relieve, 3 cut in)."""
        if self.match.level.ruleset != "hexxen":
            return
        self.tactic = tactic
        self._changed(state=False)

    def toggle_step_costs(self) -> None:
        """V: show or hide the cost of each step of the previewed path."""
        self.step_costs = not self.step_costs
        self._changed(state=False)

    def cycle_mode(self) -> None:
        """F / the mode button: the next movement mode of the selected unit (D5-SWITCH-SPEED)."""
        if self.selected is None:
            return
        modes = switchable_modes(self.match.ruleset, self.situation().creatures[self.selected])
        if not modes:
            self.say(t("battle.no_modes"))
            return
        current = self.mode or modes[0]
        self.mode = modes[(modes.index(current) + 1) % len(modes)]
        self.select(self.selected)
        self.say(t("battle.mode_now", mode=t(f"mode.{self.mode}")))

    def back(self) -> None:
        """Esc: put the tape away, else stop choosing a release, else disarm, else deselect, else quit."""
        if self.releasing is not None:
            self.releasing = None
            self._changed(state=False)
        elif self.ruler is not None:
            self.ruler = None
            self._changed(state=False)
        elif self.armed:
            self.armed = self.armed_target = None
            self._changed(state=False)
        elif self.selected:
            self.select(None)
        else:
            self.app.quit()

    def open_levels(self) -> None:
        """Open the level menu (L)."""
        self.app.show_menu(self)

    def cycle_language(self) -> None:
        """The language button: the next language; Hebrew mirrors the layout, so lay out again."""
        set_language(next_language())
        self.relayout(self.app.screen.get_size())

    # --- pointer ---------------------------------------------------------------------------

    def click_square(self, sq: Square) -> None:
        """A left click on the board."""
        clicked = self.unit_at(sq)
        if self.releasing is not None and self.selected:
            self._choose_release(clicked)
            return
        if self.armed and self.selected:
            self._use_armed(sq, clicked)
            return
        if clicked is not None and clicked.id in self.actors:
            self.select(clicked.id)
            return
        if self.selected is None or self.forecast is None:
            if clicked is not None:
                self.say(t("battle.cannot_act", unit=clicked.name or clicked.id))
            return
        if clicked is not None and clicked.id in self.forecast.engage:
            self._attack(clicked.id)
            return
        entry = self.forecast.reach.get(sq)
        if entry is not None:
            self.perform(*actions_for_band(entry.band, self.selected, tuple(entry.path), self.forecast.mode))

    def _attack(self, target: str) -> None:
        """hexxen attack with the chosen tactic; relief or cut-in with several comrades asks whom to release."""
        assert self.selected is not None
        if self.tactic in ("relieve", "cut_in"):
            sit = self.situation()
            me = sit.creatures[self.selected]
            comrades = sorted(
                p
                for pair in sit.bindings
                if target in pair
                for p in pair
                if p not in (target, self.selected) and sit.creatures[p].side == me.side
            )
            if len(comrades) > 1:
                # HX-RELIEF / HX-CUTIN: the player names whose binding ends; the next click picks the comrade
                self.releasing = (target, tuple(comrades))
                self.say(t("battle.choose_release", names=", ".join(comrades)))
                self._changed(state=False)
                return
        self.perform(Action("attack", self.selected, target=target, tactic=self.tactic))

    def _choose_release(self, clicked: Creature | None) -> None:
        """The click after a relief or cut-in with several comrades: the comrade whose binding ends."""
        assert self.releasing is not None and self.selected is not None
        target, comrades = self.releasing
        if clicked is None or clicked.id not in comrades:
            self.say(t("battle.choose_release", names=", ".join(comrades)))
            return
        self.releasing = None
        self.perform(Action("attack", self.selected, target=target, tactic=self.tactic, release=clicked.id))

    def _use_armed(self, sq: Square, clicked: Creature | None) -> None:
        """Complete an armed bar action with the clicked square or unit."""
        kind, unit = self.armed, self.selected
        assert kind is not None and unit is not None
        if kind in PATH_TARGET_KINDS and self.armed_target is not None:
            start = self.situation().creatures[unit].at
            path = straight_path(start, sq)
            other = self.armed_target
            if kind in THROUGH_KINDS:
                self.perform(Action(kind, unit, path, through=other))
            else:
                self.perform(Action(kind, unit, path, target=other))
        elif kind in TARGET_KINDS:
            if clicked is None or clicked.id == unit:
                self.say(t("battle.click_enemy"))
                return
            if kind in PATH_TARGET_KINDS:
                # first click names the enemy; the second picks the square to end on
                self.armed_target = clicked.id
                self._changed(state=False)
                return
            self.perform(Action(kind, unit, target=clicked.id, tactic=self.tactic))
        elif kind in SQUARE_KINDS:
            self.perform(Action(kind, unit, (sq,)))
        else:
            self.perform(Action(kind, unit, at=sq))

    def _pan(self, dx: int, dy: int) -> None:
        assert self.view is not None
        self.view.pan(dx, dy)

    def _zoom(self, steps: int, around: tuple[int, int] | None) -> None:
        assert self.view is not None
        self.view.zoom(steps, around)

    def _fit(self) -> None:
        assert self.view is not None
        self.view.fit()

    def _on_mouse_down(self, event: pygame.event.Event) -> None:
        assert self.view is not None and self.panel is not None
        self.mouse = event.pos
        if event.button == 2:
            self.dragging = True
            return
        if event.button == 3:
            # a right-drag is the measuring tape; a right-click without dragging deselects (on release)
            sq = self.view.square_at(event.pos)
            self.ruler = (sq, sq) if sq is not None else None
            self.ruling_tape = sq is not None
            return
        if event.button != 1:
            return
        self.ruler = None
        button = self.panel.button_at(event.pos)
        if button is not None:
            if button.enabled:
                self._run_intent(button.intent)
            else:
                self.say(button.tooltip or t("battle.not_possible"))
            return
        sq = self.view.square_at(event.pos)
        if sq is not None:
            self.click_square(sq)

    def _on_mouse_up(self, event: pygame.event.Event) -> None:
        if event.button == 2:
            self.dragging = False
        if event.button == 3:
            self.ruling_tape = False
            if self.ruler is None or self.ruler[0] == self.ruler[1]:
                self.ruler = None
                self.armed = self.armed_target = None
                self.select(None)

    def _on_motion(self, event: pygame.event.Event) -> None:
        assert self.view is not None
        self.mouse = event.pos
        if self.dragging:
            self.view.pan(*event.rel)
        sq = self.view.square_at(event.pos)
        if self.ruling_tape and self.ruler is not None and sq is not None:
            self.ruler = (self.ruler[0], sq)
        if sq != self.hover_sq:
            self.hover_sq = sq
            self._update_preview()

    def _on_wheel(self, event: pygame.event.Event) -> None:
        assert self.view is not None and self.panel is not None
        if self.panel.log_rect.collidepoint(self.mouse):
            self.panel.scroll_log(event.y, len(self.match.log))
            self._changed(state=False)
        elif self.view.rect.collidepoint(self.mouse):
            self.view.zoom(event.y, self.mouse)

    def _on_key(self, event: pygame.event.Event) -> None:
        intent = intent_for(BATTLE_KEYS, event)
        if intent is not None:
            self._run_intent(intent)

    def _run_intent(self, intent: str) -> None:
        """Run a named intent from a key or a button."""
        if intent.startswith("action:"):
            self.use_action(intent.removeprefix("action:"))
        elif intent.startswith("tactic:"):
            self.choose_tactic(intent.removeprefix("tactic:"))
        elif intent in self.intents:
            self.intents[intent]()

    _handlers: ClassVar[dict[int, Callable[[BattleScene, pygame.event.Event], None]]] = {
        pygame.MOUSEBUTTONDOWN: _on_mouse_down,
        pygame.MOUSEBUTTONUP: _on_mouse_up,
        pygame.MOUSEMOTION: _on_motion,
        pygame.MOUSEWHEEL: _on_wheel,
        pygame.KEYDOWN: _on_key,
    }
    """Event type → handler (a table, not an if/elif chain)."""
