"""The pf1 turn state: what a unit has spent this round."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Creature, Ruling, Situation
from rules.pf1.speed import effective_speed


@dataclass(frozen=True, slots=True)
class TurnState:
    """One unit's round so far: diagonal counter and the actions it has used."""

    diag: int = 0
    """Diagonals counted this turn (PF1-DIAG: one counter for all movement of the turn)."""
    move_actions: int = 0
    standard_used: bool = False
    full_round_used: bool = False
    moved: bool = False
    """Any movement this round (bars the 1.5 m step)."""
    stepped: bool = False
    """The 1.5 m step was taken (bars further movement)."""
    charged: bool = False
    """Charged this turn: -2 AC until the unit's next turn (GB-PF-CHARGE)."""
    spent: int = 0
    """Squares moved this round (for the game's moved/remaining display)."""

    @property
    def moves_left(self) -> int:
        """How many move actions the unit can still take this round."""
        if self.full_round_used or self.stepped:
            return 0
        left = (1 if self.standard_used else 2) - self.move_actions
        return left if left > 0 else 0  # max(0, left), without the call (asked very often)


_FRESH = TurnState()
"""Every fresh turn state is this one (it is immutable): one per unit and turn was made before."""


def new_turn(sit: Situation, unit: str) -> TurnState:
    """A fresh turn state at the start of the unit's turn."""
    return _FRESH


def current_turn(sit: Situation, unit: str) -> TurnState:
    """The unit's turn state, a fresh one when the situation holds none."""
    state = sit.turns.get(unit)
    return state if isinstance(state, TurnState) else new_turn(sit, unit)


def movement_summary(sit: Situation, unit: str) -> tuple[float, float]:
    """Metres moved this round and metres the unit's remaining move actions could still pay for."""
    state = current_turn(sit, unit)
    speed = effective_speed(sit.creature(unit))
    return (state.spent * 1.5, state.moves_left * speed * 1.5)


def movement_left_after(sit: Situation, unit: str, ruling: Ruling, mode: str | None = None) -> float:
    """Metres the unit's move actions could still pay for after the move `ruling` measured: a move
    uses one move action, a double move two, a run the full round (PF1-MOVE-ACTION, PF1-DOUBLE-MOVE,
    PF1-RUN); no move action carries its unspent squares over."""
    state = current_turn(sit, unit)
    used = {"move": 1, "double_move": 2}.get(ruling.band or "", state.moves_left)
    return max(0, state.moves_left - used) * effective_speed(sit.creature(unit)) * 1.5


def movement_modes(creature: Creature) -> tuple[str, ...]:
    """The modes the creature may choose for its next movement: pf1 keeps the mode the level gives it."""
    return (creature.mode,)
