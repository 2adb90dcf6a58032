"""The battle's input modes, one object each: what a click on the board and Esc mean in that mode, and the mode
that follows (in the manner of python-tcod's event-handler states). No pygame.

The battle controller (`game/ui/controller.py`) holds the current mode (`state`) and makes the one a click or Esc
returns current; a mode performs through the controller (`perform`), whose next selection is then the mode that
follows.
The measuring tape, the keyboard cursor and the hovered square are the pointer's, not modes: they go with any mode.

    Idle ──click own unit──▶ Selected ──bar action──▶ Armed ──enemy (charge, overrun, tumble)──▶ ChoosingEnd
                               │  ▲                     │
                click enemy ───┘  └──── Esc ────────────┤ attack: click enemy
                      ▼                                 ▼
                    Aimed ──second click on it──▶ (move into reach, attack) ──several comrades──▶ ChoosingRelease
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.text.i18n import action_name, refusal, t
from game.ui.charge_preview import CHARGE
from game.ui.door_pick import door_action
from game.ui.forecast import action_for_band
from game.ui.odds import MissingDice
from rules.actions import Action, shape
from rules.core import Creature, Illegal, Square

if TYPE_CHECKING:
    from game.battle.match import Match
    from game.ui.deliberate import Deliberate
    from game.ui.forecast import Forecast
    from game.ui.previews import LookAhead
    from rules.core import Ruling, Situation


class Controller(Protocol):
    """What a mode asks of the battle controller (game/ui/controller.py is the one; named here so the modes need
    not import it)."""

    match: Match
    state: InputState
    forecast: Forecast | None
    tactic: str
    lean: Square | None
    gestures: Deliberate
    look: LookAhead

    @property
    def actors(self) -> frozenset[str]:
        """Units that may act now."""

    @property
    def selected(self) -> str | None:
        """The selected unit."""

    def situation(self) -> Situation:
        """The match situation."""

    def names(self) -> dict[str, str]:
        """Unit and side ids → the names players see."""

    def name_of(self, unit: str | None) -> str:
        """A unit's display name."""

    def is_enemy(self, creature: Creature) -> bool:
        """Whether `creature` is a standing enemy of the selected unit."""

    def say(self, message: str, tone: str = "error") -> None:
        """Show a short message over the board."""

    def select(self, unit: str | None) -> InputState:
        """Select `unit` (None deselects); the mode that follows."""

    def enter(self, state: InputState) -> InputState:
        """Make `state` the input mode."""

    def perform(self, action: Action) -> Ruling | Illegal:
        """Perform one action through the match (then the next unit is selected)."""


class InputState:
    """One mode of the battle's input; what it holds is read by the drawing (the ring, the tip, the shading)."""

    name = ""
    """The mode's name (idle, selected, armed, end, aimed, release)."""
    modal = False
    """A question the player answers first: Esc drops it before the measuring tape."""
    unit: str | None = None
    """The selected unit."""
    armed: str | None = None
    """The action waiting for a click: a bar action, or "attack" while an attack is aimed."""
    target: str | None = None
    """The enemy chosen: the aimed one, the one a charge, overrun or tumble goes for, the one a release is for."""
    comrades: tuple[str, ...] = ()
    """The comrades a relief or cut-in may release (one is picked)."""

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """A left click on `sq` (`clicked`: the unit covering it); the mode that follows."""
        raise NotImplementedError

    def back(self, ctl: Controller) -> InputState | None:
        """Esc: the mode one step back, or None when there is nothing to step back from."""
        return None

    def __repr__(self) -> str:
        held = (self.unit, self.armed, self.target, self.comrades)
        return f"{type(self).__name__}({', '.join(repr(v) for v in held if v)})"


class Idle(InputState):
    """Nothing selected: a click on a unit that may act selects it."""

    name = "idle"

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """Select the clicked unit when it may act; else say why not."""
        if clicked is not None and clicked.id in ctl.actors:
            return ctl.select(clicked.id)
        if clicked is not None:
            ctl.say(t("battle.cannot_act", unit=ctl.name_of(clicked.id)))
        return self


IDLE = Idle()


class Selected(InputState):
    """A unit selected, its reach shaded: a click moves it, aims at an enemy, or selects another unit."""

    name = "selected"

    def __init__(self, unit: str) -> None:
        self.unit = unit

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """Another own unit: select it; an enemy: the attack forecast; a shaded square: the move there."""
        if clicked is not None and clicked.id in ctl.actors:
            return ctl.select(clicked.id)
        if clicked is not None and ctl.is_enemy(clicked):
            return aim(ctl, self.unit, clicked.id, self)
        forecast = ctl.forecast
        entry = forecast.reach.get(sq) if forecast is not None else None
        if forecast is not None and entry is not None:
            ctl.perform(action_for_band(entry.band, self.unit, tuple(entry.path), forecast.mode))
            return ctl.state
        why = ctl.look.why_not_here(sq)
        if why:
            ctl.say(why)  # a click beside the shading says why, as the hover tip did
        return self

    def back(self, ctl: Controller) -> InputState:
        """Deselect."""
        return ctl.select(None)


class Armed(InputState):
    """A bar action waits for its enemy or square (attack, sneak attack, step, interact, charge before its enemy)."""

    name = "armed"

    def __init__(self, unit: str, kind: str) -> None:
        self.unit, self.armed = unit, kind

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """Complete the action with the clicked square or unit (a charge, overrun or tumble: name its enemy)."""
        kind, unit = self.armed, self.unit
        assert kind is not None and unit is not None
        form = shape(kind)
        if form.path == "square":
            return end_here(ctl, self, sq)
        if form.target:
            if clicked is None or clicked.id == unit:
                ctl.say(t("battle.click_enemy"))
                return self
            if kind == "attack":
                return aim(ctl, unit, clicked.id, self)
            if form.path == "straight":
                why = ctl.look.charge_refusal(clicked.id) if kind == CHARGE else None
                if why is not None:
                    ctl.say(why)
                    return self
                ctl.gestures.first("target")  # a double-click on the enemy is not also a choice of the end
                return ChoosingEnd(unit, kind, clicked.id)
            ctl.perform(Action(kind, unit, target=clicked.id, tactic=ctl.tactic))
        elif kind == "interact":
            ctl.perform(door_action(ctl.situation(), unit, sq, ctl.lean))
        else:
            ctl.perform(Action(kind, unit, at=sq))
        return ctl.state

    def back(self, ctl: Controller) -> InputState:
        """Disarm: the unit stays selected."""
        assert self.unit is not None
        return Selected(self.unit)


class ChoosingEnd(InputState):
    """A charge, overrun or tumble with its enemy named: a click picks the square it ends on."""

    name = "end"

    def __init__(self, unit: str, kind: str, target: str) -> None:
        self.unit, self.armed, self.target = unit, kind, target

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """End the action on `sq`, or say why it may not end there."""
        return end_here(ctl, self, sq)

    def back(self, ctl: Controller) -> InputState:
        """Disarm: the unit stays selected."""
        assert self.unit is not None
        return Selected(self.unit)


class Aimed(InputState):
    """The attack forecast on an enemy is shown: a second click on it moves into reach and attacks."""

    name = "aimed"
    armed = "attack"

    def __init__(self, unit: str, target: str) -> None:
        self.unit, self.target = unit, target

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """The aimed enemy again: attack; another enemy: its forecast; anywhere else: as if nothing was aimed."""
        assert self.unit is not None and self.target is not None
        if clicked is None or not ctl.is_enemy(clicked):
            # the forecast was only a question: a click elsewhere goes on as if nothing was armed
            return ctl.enter(Selected(self.unit)).click(ctl, sq, clicked)
        if clicked.id != self.target:
            return aim(ctl, self.unit, clicked.id, self)
        if ctl.gestures.too_soon("aim"):
            return self  # the second half of a double-click: the forecast is shown, not yet confirmed
        return strike(ctl, ctl.enter(Selected(self.unit)), self.target)

    def back(self, ctl: Controller) -> InputState:
        """Drop the forecast: the unit stays selected."""
        assert self.unit is not None
        return Selected(self.unit)


class ChoosingRelease(InputState):
    """hexxen: a relief or cut-in with several comrades bound: a click picks the comrade whose binding ends."""

    name = "release"
    modal = True

    def __init__(self, unit: str, target: str, comrades: tuple[str, ...]) -> None:
        self.unit, self.target, self.comrades = unit, target, comrades

    def click(self, ctl: Controller, sq: Square, clicked: Creature | None) -> InputState:
        """A comrade: the attack releasing it (HX-RELIEF, HX-CUTIN); anything else asks again."""
        if clicked is None or clicked.id not in self.comrades:
            ctl.say(t("battle.choose_release", names=tuple(ctl.name_of(c) for c in self.comrades)))
            return self
        assert self.unit is not None and self.target is not None
        ctl.perform(Action("attack", self.unit, target=self.target, tactic=ctl.tactic, release=clicked.id))
        return ctl.state

    def back(self, ctl: Controller) -> InputState:
        """No attack after all: the unit stays selected."""
        assert self.unit is not None
        return Selected(self.unit)


def aim(ctl: Controller, unit: str, target: str, stay: InputState) -> InputState:
    """A click on an enemy: the attack forecast (with the move into reach, if one is needed); `stay` when the
    selected unit cannot attack it this turn (the tip says why)."""
    odds = ctl.look.odds(target)
    if isinstance(odds, Illegal):
        ctl.say(ctl.look.attack_tip(target))
        return stay
    ctl.gestures.first("aim")
    return Aimed(unit, target)


def strike(ctl: Controller, selected: InputState, target: str) -> InputState:
    """The confirmed attack: the move into reach first when one is needed, then the attack (two actions)."""
    unit = selected.unit
    way = ctl.look.approach_to(target)
    if isinstance(way, Illegal) or unit is None:
        ctl.say(ctl.look.attack_tip(target))
        return selected
    if way.move is not None:
        if isinstance(ctl.perform(way.move), Illegal):
            return ctl.state
        # the real dice of the attacks of opportunity on the way may have changed what is possible
        if ctl.selected != unit or ctl.match.finished:
            return ctl.state
        check = ctl.match.ruleset.rule(ctl.situation(), way.attack, MissingDice())
        if isinstance(check, Illegal):
            reason = refusal(check, names=ctl.names())
            ctl.say(t("battle.refused_action", action=action_name("attack"), reason=reason))
            return ctl.state
    from rules.hexxen import release_choices  # start-up time: not imported before a hexxen attack

    comrades = release_choices(ctl.situation(), unit, target, ctl.tactic)
    if len(comrades) > 1:
        # HX-RELIEF / HX-CUTIN: the player names whose binding ends; the next click picks the comrade
        ctl.say(t("battle.choose_release", names=tuple(ctl.name_of(c) for c in comrades)))
        return ChoosingRelease(unit, target, comrades)
    ctl.perform(Action("attack", unit, target=target, tactic=ctl.tactic))
    return ctl.state


def end_here(ctl: Controller, state: InputState, sq: Square) -> InputState:
    """An armed step, or a charge, overrun or tumble with its enemy named, ends on `sq` if rule() allows it."""
    kind = state.armed
    assert kind is not None
    if shape(kind).path == "straight" and ctl.gestures.too_soon("target"):
        return state  # a double-click on the enemy is not also a choice of the square to end on
    ruled = ctl.look.end_ruling(sq)
    if isinstance(ruled, Illegal):
        # refused before anything is performed: the squares that may be ended on stay marked
        reason = refusal(ruled, names=ctl.names())
        ctl.say(t("turns.cannot_end_here", action=action_name(kind), reason=reason))
        return state
    action = ctl.look.armed_action(sq)
    assert action is not None
    ctl.perform(action)
    return ctl.state
