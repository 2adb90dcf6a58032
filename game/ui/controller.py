"""The battle's input logic without pygame: the input mode (`input_states.py`), the bar's actions, performing,
undo, the computer's turn, what the hover shows.

The battle scene turns pointer and key events into calls here and draws what this holds; a click on the board goes
to the current mode (`state.click`), which says what it means. Tests drive it like a pure function of the match.
What it foresees before a click (odds, ends, tips, the hover card) is its `look` (`previews.py`). Screen changes the
controller cannot make itself (victory, hand-over, pause, level menu) are queued in `requests` for the scene.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.battle.match import Match, Record
from game.levels.controllers import controller_strength
from game.text.i18n import action_name, refusal, t
from game.ui.autoplay import AutoPlayer, find_ai, is_computer
from game.ui.charge_preview import CHARGE
from game.ui.deliberate import Clock, Deliberate
from game.ui.forecast import Forecast, Preview, switchable_modes
from game.ui.input_states import IDLE, Armed, InputState, Selected
from game.ui.previews import LookAhead
from rules.actions import Action, shape
from rules.core import Creature, Illegal, Ruling, Situation, Square

TOAST_SECONDS = 5.0


@dataclass(frozen=True, slots=True)
class Request:
    """A change of screen the scene must make: victory, handover (to `side`), pause, confirm_end_turn (`names`)."""

    kind: str
    side: str | None = None
    names: tuple[str, ...] = ()


class BattleController:
    """One match's input: the mode it is in (who is selected, what is armed), performing, undo, the computer's turn."""

    def __init__(self, match: Match, autoplayer: AutoPlayer | None = None, clock: Clock | None = None) -> None:
        self.match = match
        self.gestures = Deliberate(clock)
        """When an enemy was aimed at or a charge's target named: the confirming click must come deliberately later
        (the battle screen gives the app's clock; without one, as when code drives it, each click counts)."""
        self.state: InputState = IDLE
        """The input mode: idle, a unit selected, an action armed, its end or a release being chosen, an attack
        aimed (input_states.py); a click or Esc makes the mode it returns current."""
        self.forecast: Forecast | None = None
        """The selected unit's reach (built when it is selected, in the chosen movement mode)."""
        self.tactic = "front"
        """hexxen: the tactic of the next attack (HX tactics: front, relieve, cut_in)."""
        self.hover_sq: Square | None = None
        self.cursor: Square | None = None
        """The keyboard cursor: arrows move it, Space or Enter act on its square like a click (None: the mouse)."""
        self.preview: Preview | None = None
        self.mode: str | None = None
        """The movement mode the player chose for the selected unit (dnd5e walk/fly/climb/swim)."""
        self.ruler: tuple[Square, Square] | None = None
        """Right-drag measuring tape: (from, to) squares; kept until the next click or Esc."""
        self.step_costs = False
        """Show each previewed step's cost (V toggles; Shift shows it while held)."""
        self.touch = False
        """A touch screen (the kiosk): what the controller says names taps, not clicks or keys."""
        self.toast = ""
        self.toast_tone = "error"
        self.toast_left = 0.0
        self.version = 0
        """State version: bumped after every perform or undo (keys the caches)."""
        self.ui_version = 0
        """Bumped on any change the panel shows (state, selection, arming)."""
        self.requests: list[Request] = []
        self.lean: Square | None = None
        """The neighbour square whose side the last click was nearest (which edge door it meant)."""
        if autoplayer is None:
            # the AI is only imported when the level has a computer side (it costs start-up time)
            has_computer = any(controller_strength(side.controller) for side in match.level.sides)
            autoplayer = AutoPlayer(find_ai() if has_computer else None)
        self.autoplayer = autoplayer
        self._sit: Situation | None = None
        self._sit_version = -1
        self._actors: frozenset[str] = frozenset()
        self.look = LookAhead(self)
        """What the controller foresees before a click: odds, ends, shading, tips, the hover card (previews.py)."""

    # --- the input mode, as the drawing reads it ---------------------------------------------

    @property
    def selected(self) -> str | None:
        """The selected unit (None: idle)."""
        return self.state.unit

    @property
    def armed(self) -> str | None:
        """The action waiting for a click ("attack" while an attack is aimed)."""
        return self.state.armed

    @property
    def armed_target(self) -> str | None:
        """The enemy the armed action goes for (an aimed attack's; a charge's, overrun's or tumble's once named)."""
        return self.state.target if self.state.armed else None

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

    def targets(self) -> frozenset[str]:
        """Enemies ringed: those the selected unit can attack this turn (where it stands or after a move);
        while another target action is armed, its possible targets (only the chosen one once chosen)."""
        if self.selected is None:
            return frozenset()
        if self.armed is None or (self.armed == "attack" and self.armed_target is None):
            return self.look.attackable()
        if not shape(self.armed).target:
            return frozenset()
        if self.armed_target is not None:
            return frozenset({self.armed_target})
        sit = self.situation()
        if self.armed == CHARGE:
            return self.look.charges.chargeable(sit, self.version, self.selected)  # only where PF1-CHARGE allows
        me = sit.creatures[self.selected]
        return frozenset(uid for uid, c in sit.creatures.items() if c.side != me.side and not c.defeated)

    def computer_moving(self) -> bool:
        """Whether the computer plays the side to act now (then the player only watches)."""
        sit = self.situation()
        return self.autoplayer.hook is not None and not self.match.finished and is_computer(self.match, sit.active_side)

    def names(self) -> dict[str, str]:
        """Unit and side ids → the names players see (for refusals, which may name either)."""
        return self.match.level.display_names

    def name_of(self, unit: str | None) -> str:
        """A unit's display name (its id only when it has no name)."""
        return self.names().get(unit or "", unit or "")

    def is_enemy(self, creature: Creature) -> bool:
        """Whether `creature` is a standing enemy of the selected unit."""
        if self.selected is None or creature.defeated:
            return False
        return creature.side != self.situation().creatures[self.selected].side

    def turn_records(self) -> list[Record]:
        """The match's records since the current turn began (after the last accepted end_turn)."""
        history = self.match.history
        i = len(history)
        while i > 0 and not (history[i - 1].action.kind == "end_turn" and history[i - 1].result.ok):
            i -= 1
        return history[i:]

    def undo_block(self) -> str | None:
        """Why undo cannot be used now, or None: it only takes back this side's own actions of this turn."""
        if self.computer_moving():
            return t("battle.wait_computer")
        done = [r for r in self.turn_records() if r.result.ok]
        if not done:
            return t("turns.undo_nothing_this_turn")
        if done[-1].rolled:
            return t("turns.undo_die_rolled")
        return None

    def can_take_back_end(self) -> bool:
        """Whether the turn that just ended may be taken back: people play the next side, it has done nothing yet,
        and ending the turn rolled no die (asked by the hot-seat hand-over, where the player who ended it still is)."""
        if self.autoplayer.hook is not None or any(r.result.ok for r in self.turn_records()):
            return False
        ok = [r for r in self.match.history if r.result.ok]
        return bool(ok) and ok[-1].action.kind == "end_turn" and not ok[-1].rolled

    def take_back_end(self) -> bool:
        """Undo the end of the last turn (with the refusals after it); the side that ended it acts again."""
        if not self.can_take_back_end():
            return False
        while isinstance(self.match.history[-1].result, Illegal) and self.match.undo():
            pass
        if not self.match.undo():
            return False
        self.changed()
        self.auto_select()
        return True

    def unused_units(self) -> list[str]:
        """Units of the side to act that may still act and have done nothing this turn."""
        acted = {r.action.unit for r in self.turn_records() if r.result.ok}
        return [u for u in self.situation().creatures if u in self.actors and u not in acted]

    def uses_tactics(self) -> bool:
        """Whether attacks take a tactic (hexxen: front, relieve, cut in)."""
        return bool(self.match.ruleset.TACTICS)

    # --- changing the UI state ------------------------------------------------------------

    def changed(self, state: bool = True) -> None:
        """Something the screen shows changed; `state` = the match itself changed."""
        if state:
            self.version += 1
        self.ui_version += 1

    def select(self, unit: str | None) -> InputState:
        """Select `unit` (one that may act) and forecast its reach; None deselects. The mode that follows."""
        self.preview = None
        if unit is None or unit not in self.actors:
            self.state, self.forecast = IDLE, None
        else:
            self.state = Selected(unit)
            sit = self.situation()
            modes = switchable_modes(self.match.ruleset, sit.creatures[unit])
            if self.mode not in modes:
                self.mode = None
            self.forecast = Forecast.build(self.match.ruleset, sit, unit, self.mode)
        self.changed(state=False)
        self.update_preview()
        return self.state

    def enter(self, state: InputState) -> InputState:
        """Make `state` the input mode (what a click or Esc returned); an armed mode shows no path preview."""
        if state is not self.state:
            self.state = state
            if state.armed:
                self.preview = None
            self.changed(state=False)
        return state

    def auto_select(self) -> None:
        """Keep the selection only while the unit may act; in initiative order select the active unit."""
        keep = self.selected if self.selected in self.actors else None
        if keep is None and self.match.active_unit in self.actors:
            keep = self.match.active_unit
        self.select(keep)

    def next_unit(self) -> None:
        """Select the next unit of the side to act (Tab); the keyboard cursor goes onto it."""
        units = [uid for uid in self.situation().creatures if uid in self.actors]
        if not units:
            return
        i = units.index(self.selected) + 1 if self.selected in units else 0
        self.select(units[i % len(units)])
        if self.selected is not None:
            self.cursor = self.situation().creatures[self.selected].at
            self.hover(self.cursor)

    def move_cursor(self, dx: int, dy: int) -> None:
        """An arrow key: the cursor one square over (it first appears on the selected unit); its square is hovered."""
        sit = self.situation()
        if self.cursor is None:
            mine = sit.creatures.get(self.selected or "")
            centre = (sit.board.width // 2, sit.board.height // 2)
            self.cursor = mine.at if mine is not None else (self.hover_sq or centre)
        else:
            x = min(max(self.cursor[0] + dx, 0), sit.board.width - 1)
            y = min(max(self.cursor[1] + dy, 0), sit.board.height - 1)
            self.cursor = (x, y)
        self.hover(self.cursor)

    def act_at_cursor(self) -> None:
        """Space or Enter: what a left click on the cursor's square does (never ends the turn)."""
        if self.cursor is None:
            self.move_cursor(0, 0)  # the first press shows where the cursor is
            return
        self.click_square(self.cursor)
        self.hover(self.cursor)  # the square under the cursor stays previewed after the action

    def say(self, message: str, tone: str = "error") -> None:
        """Show a short message over the board: "error" (a refusal) or "info" (saved, mode switched)."""
        self.toast = message
        self.toast_tone = tone
        self.toast_left = TOAST_SECONDS
        self.changed(state=False)

    def hover(self, sq: Square | None) -> None:
        """The pointer is over `sq` (None: off the board); previews the path there."""
        if sq != self.hover_sq:
            self.hover_sq = sq
            self.update_preview()

    def update_preview(self) -> None:
        """Measure the path to the hovered square (cached per square by the forecast)."""
        if self.forecast is None or self.hover_sq is None or self.armed:
            self.preview = None
            return
        self.preview = self.forecast.preview(self.match.ruleset, self.situation(), self.hover_sq)

    def update(self, dt: float) -> None:
        """Play a computer side's next action when due; let a message fade out."""
        side = self.situation().active_side
        step = self.autoplayer.due(self.match, side, dt)
        if step is not None:
            # the computer decided; the match changes here, on the main thread, as for a click
            result = self.perform(step.action)
            if isinstance(result, Illegal) and step.action.kind != "end_turn":
                self.perform(Action("end_turn"))  # a refused computer action must not stall the match
        if step is not None and self.autoplayer.error is not None:
            self.say(t("battle.computer_failed", error=self.autoplayer.error))
            self.autoplayer.error = None
        if self.toast_left > 0:
            self.toast_left -= dt
            if self.toast_left <= 0:
                self.toast = ""
                self.changed(state=False)

    # --- performing ------------------------------------------------------------------------

    def perform(self, action: Action) -> Ruling | Illegal:
        """Perform one action through the match; a refusal is said over the board."""
        side_before = self.match.active_side
        result = self.match.perform(action)
        if isinstance(result, Illegal):
            self.say(refusal(result, names=self.names()))
        self.changed()
        self._after_change(side_before)
        return result

    def _after_change(self, side_before: str | None) -> None:
        """Re-forecast, and ask for the victory or hand-over screen when the match says so."""
        self.hover_sq = None
        self.auto_select()
        if self.match.finished:
            self.requests.append(Request("victory"))
        elif side_before is not None and self.match.active_side != side_before:
            self.toast, self.toast_left = "", 0.0  # a message belongs to the turn that made it
            self.requests.append(Request("handover", self.match.active_side))

    def undo(self) -> None:
        """Take back the last action of this turn (U, Ctrl+Z); never the other side's turn."""
        reason = self.undo_block()
        if reason is not None:
            self.say(reason)
            return
        history = self.match.history
        # refusals changed nothing: take them back together with the last real action
        while history and isinstance(history[-1].result, Illegal) and self.match.undo():
            history = self.match.history
        if self.match.undo():
            self.changed()
            self.auto_select()
        else:
            self.say(t("turns.undo_die_rolled"))

    def use_action(self, kind: str) -> None:
        """An action from the bar or its shortcut: perform it, or arm it to wait for a target."""
        if self.computer_moving():
            self.say(t("battle.wait_computer"))
            return
        if kind == "end_turn":
            unused = self.unused_units()
            if unused:
                # units that have done nothing yet: the player confirms before the turn passes
                self.requests.append(Request("confirm_end_turn", names=tuple(self.name_of(u) for u in unused)))
                return
            self.perform(Action("end_turn"))
            return
        if self.selected is None:
            self.say(t("battle.select_first"))
            return
        refused = self.match.ruleset.available(self.situation(), self.selected).get(kind)
        if isinstance(refused, Illegal):
            reason = refusal(refused, names=self.names())
            self.say(t("battle.refused_action", action=action_name(kind), reason=reason))
            return
        form = shape(kind)
        if form.now:
            self.perform(Action(kind, self.selected))
        elif form.target or form.at or form.path == "square":
            self.enter(Selected(self.selected) if self.armed == kind else Armed(self.selected, kind))
        else:
            self.say(t("battle.click_shaded"))

    def end_turn_now(self) -> None:
        """End the turn without asking (the player confirmed it)."""
        self.perform(Action("end_turn"))

    def choose_tactic(self, tactic: str) -> None:
        """hexxen: the tactic the next attack uses (1 front, 2 relieve, 3 cut in)."""
        if not self.uses_tactics():
            return
        self.tactic = tactic
        self.changed(state=False)

    def toggle_step_costs(self) -> None:
        """V: show or hide the cost of each step of the previewed path."""
        self.step_costs = not self.step_costs
        self.changed(state=False)

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
        self.say(t("battle.mode_now", mode=t(f"mode.{self.mode}")), "info")

    def back(self) -> bool:
        """Esc: put the tape away (after a release question), else the mode one step back; False if nothing was."""
        if self.ruler is not None and not self.state.modal:
            shown = self.ruler[0] != self.ruler[1]  # a tape of no length is not drawn: putting it away shows nothing
            self.ruler = None
            if shown:
                self.changed(state=False)
                return True
        previous = self.state.back(self)
        if previous is None:
            return False
        self.enter(previous)
        return True

    def run_intent(self, intent: str) -> bool:
        """Run a named game intent from a key or a button; False when it is not one of the controller's."""
        if intent.startswith("action:"):
            self.use_action(intent.removeprefix("action:"))
        elif intent.startswith("tactic:"):
            self.choose_tactic(intent.removeprefix("tactic:"))
        elif intent in _INTENTS:
            _INTENTS[intent](self)
        else:
            return False
        return True

    # --- clicks on the board ----------------------------------------------------------------

    def click_square(self, sq: Square, lean: Square | None = None) -> None:
        """A left click on the board; `lean` is the neighbour whose side the pointer is nearest (doors on edges).
        What it means is the current mode's to say (input_states.py)."""
        self.lean = lean
        self.enter(self.state.click(self, sq, self.unit_at(sq)))


_INTENTS = {
    "undo": BattleController.undo,
    "next_unit": BattleController.next_unit,
    "mode": BattleController.cycle_mode,
    "step_costs": BattleController.toggle_step_costs,
}
"""Named intents the controller runs itself (the camera and the window are the scene's)."""
