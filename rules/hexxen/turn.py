"""The per-round budget of a hexxen participant: action points (hunters) or activities (NPCs)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import Creature, Ruling, Situation
from rules.hexxen.participants import is_hunter
from rules.hexxen.traits import traits

HUNTER_AP = 3
"""GB-HEXXEN-AP: action points of a hunter per round when the level gives none (not in the text)."""
NPC_ACTIVITIES = 1
"""GB-HEXXEN-AP: activities of an NPC per round when the level gives none (not in the text)."""
ATTACK_AP = 1
"""GB-HEXXEN-ATTACK-COST: what one melee attack (front or sneak) costs; moving costs nothing (HX-MOVE-NO-AP)."""


@dataclass(frozen=True, slots=True)
class TurnState:
    """What a participant has left this round and which once-per-round triggers it has used."""

    ap_left: int
    first_melee_done: bool = False
    """HX-RELIEF-FIRST-ONLY: only the first melee attack of the round can bring a relief."""
    attacks_made: int = 0
    relief_fired: bool = False


def round_budget(sit: Situation, unit: str) -> int:
    """The unit's AP (hunter) or activities (NPC) per round: its own `ap`, else the house default."""
    creature = sit.creature(unit)
    ap = traits(creature).ap
    if ap is not None:
        return max(0, ap)
    return HUNTER_AP if is_hunter(creature) else NPC_ACTIVITIES


def new_turn(sit: Situation, unit: str) -> TurnState:
    """A fresh round budget for `unit`."""
    return TurnState(ap_left=round_budget(sit, unit))


def current_turn(sit: Situation, unit: str) -> TurnState:
    """The unit's current turn state; a missing or foreign entry counts as a fresh turn."""
    state = sit.turns.get(unit)
    return state if isinstance(state, TurnState) else new_turn(sit, unit)


def movement_modes(creature: Creature) -> tuple[str, ...]:
    """None: hexxen has no free movement, a token only moves by engaging (HX-ABSTRACT)."""
    return ()


def movement_left_after(sit: Situation, unit: str, ruling: Ruling, mode: str | None = None) -> float | None:
    """None: hexxen measures no distances (HX-ABSTRACT)."""
    return None


def movement_summary(sit: Situation, unit: str) -> tuple[float, float] | None:
    """None: hexxen measures no distances (HX-ABSTRACT)."""
    return None
