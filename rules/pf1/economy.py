"""PF1 action economy: which of a round's standard, move and full-round actions are left."""

from __future__ import annotations

from rules.core import Illegal, Square
from rules.pf1.turn import TurnState

GB_ECONOMY = "GB-PF-ACTIONS"
"""House rule: standard/move/full-round action economy (standard PF1, not in the texts)."""


def move_action_free(ts: TurnState) -> bool:
    """Whether a move action (not necessarily movement) is left."""
    return not ts.full_round_used and ts.move_actions < (1 if ts.standard_used else 2)


def standard_free(ts: TurnState) -> bool:
    """Whether the standard action is left (a second move action uses it up)."""
    return not ts.standard_used and not ts.full_round_used and ts.move_actions <= 1


def full_round_free(ts: TurnState) -> bool:
    """Whether the whole round is still unused (a 1.5 m step does not count)."""
    return not ts.full_round_used and not ts.standard_used and ts.move_actions == 0


def economy_refusal(ts: TurnState, need: str, at: Square) -> Illegal | None:
    """Why the round has no `need` ('move', 'standard' or 'full') action left, or None."""
    if need == "move" and not move_action_free(ts):
        return Illegal("PF1-MOVE-ACTION", "no move action left this round", at, reason="pf1.no_move_action")
    if need == "standard" and not standard_free(ts):
        return Illegal(
            "PF1-MOVE-ACTION", "the standard action of this round is used up", at, reason="pf1.standard_used"
        )
    if need == "full" and not full_round_free(ts):
        return Illegal(
            "PF1-FULLROUND-STEP", "a full-round action needs the whole round", at, reason="pf1.full_round_needs_round"
        )
    return None
