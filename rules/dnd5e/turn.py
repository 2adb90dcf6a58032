"""The dnd5e turn budget: speeds in centimetres, what is left per mode (with Dash), standing up, segment bands."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import SQUARE_CM, Creature, Illegal, Ruling, Situation, values

from . import house

DEFAULT_WALK_M = 9.0
"""Walking speed of a creature whose data gives none (house rule GB-5E-DEFAULT-SPEED)."""


@dataclass(frozen=True, slots=True)
class TurnState:
    """One creature's movement and action budget within its own turn."""

    spent_cm: int = 0
    """Movement spent this turn in cm, extra costs and standing up included (D5-SWITCH-SPEED)."""
    mode: str = "walk"
    """The mode of the latest movement segment."""
    dashed: bool = False
    """Whether the Dash action was taken: every speed's budget is speed × 2 (D5-DASH)."""
    diagonals: int = 0
    """Diagonal steps taken this turn, across segments, attacks, Dash, speed switches and crawling
    (the counter d of D5-GRID-DIAG-VARIANT; unused under the default D5-GRID-DIAG)."""
    action_used: bool = False
    attacks_left: int = 0
    """Weapon attacks still open in the current attack action (D5-BETWEEN-ATTACKS)."""
    interaction_used: bool = False
    reaction_used: bool = False


def _cm(metres: float) -> int:
    return round(metres * 100)


def walk_cm(creature: Creature) -> int:
    """Walking speed in cm (9 m when the data gives none, GB-5E-DEFAULT-SPEED)."""
    return _cm(DEFAULT_WALK_M if creature.speed is None else creature.speed)


def speeds_cm(creature: Creature) -> dict[str, int]:
    """Speed per usable mode in cm; climb and swim fall back on walking (with a surcharge)."""
    walk = walk_cm(creature)
    speeds = {
        "walk": walk,
        "crawl": walk,
        "climb": walk if creature.climb is None else _cm(creature.climb),
        "swim": walk if creature.swim is None else _cm(creature.swim),
    }
    if creature.fly is not None:
        speeds["fly"] = _cm(creature.fly)
    return speeds


def surcharged(creature: Creature, mode: str) -> bool:
    """Whether each step in `mode` costs 150 cm more for lack of its own speed (GB-5E-CLIMB-SWIM)."""
    return (mode == "climb" and creature.climb is None) or (mode == "swim" and creature.swim is None)


def default_mode(creature: Creature) -> str:
    """The mode a movement takes when none is named: crawl when prone, fly when airborne."""
    if creature.prone:
        return "crawl"
    if creature.airborne and creature.fly is not None:
        return "fly"
    if creature.mode in ("climb", "swim"):
        return creature.mode
    return "walk"


def current_turn(sit: Situation, unit: str) -> TurnState:
    """The unit's turn state in `sit`, or a fresh one when none is stored."""
    turn = sit.turns.get(unit)
    return turn if isinstance(turn, TurnState) else new_turn(sit, unit)


def new_turn(sit: Situation, unit: str) -> TurnState:
    """A fresh turn: nothing spent, no action taken (D5-SPEED)."""
    return TurnState(mode=default_mode(sit.creature(unit)))


def allowance_cm(creature: Creature, turn: TurnState, mode: str, *, dash: bool = False) -> int:
    """speed[mode] × (1 + dashes) − spent, negative when overspent (D5-SWITCH-SPEED, GB-5E-DASH)."""
    speed = speeds_cm(creature).get(mode, 0)
    dashes = 1 if (turn.dashed or dash) else 0
    return speed * (1 + dashes) - turn.spent_cm


def remaining_cm(creature: Creature, turn: TurnState, mode: str | None = None) -> int:
    """Movement still usable this turn in `mode` (default: the creature's current mode), never below 0."""
    return max(0, allowance_cm(creature, turn, mode or default_mode(creature)))


def can_dash(turn: TurnState) -> bool:
    """Whether a dash is still possible: the action is unused (GB-5E-DASH)."""
    return not turn.action_used and not turn.dashed


def stand_basis(creature: Creature) -> tuple[str, int]:
    """The mode and speed standing up is measured on: walking, or the highest speed if walking is 0."""
    speeds = speeds_cm(creature)
    if speeds["walk"] > 0:
        return "walk", speeds["walk"]
    mode = max(("fly", "climb", "swim"), key=lambda m: speeds.get(m, 0))
    return mode, speeds.get(mode, 0)


def stand_cost_cm(creature: Creature) -> int:
    """Half the basis speed, exact in cm (D5-PRONE-STAND); 3.75 m for 7.5 m."""
    return stand_basis(creature)[1] // 2


def squares(cm: int) -> int:
    """Whole squares a budget in cm pays for."""
    return cm // SQUARE_CM


def movement_summary(sit: Situation, unit: str) -> tuple[float, float]:
    """Metres spent this turn and metres left in the creature's current mode (for the unit card and JSON)."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    return turn.spent_cm / 100, remaining_cm(creature, turn, default_mode(creature)) / 100


def movement_left_after(sit: Situation, unit: str, ruling: Ruling, mode: str | None = None) -> float:
    """Metres left in `mode` (default: the current one) once the unit makes the move `ruling` measured:
    speed × (1 + dashes) − spent − cost, the dash counted when the move needs it (D5-SPEED, D5-DASH)."""
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    allowance = allowance_cm(creature, turn, mode or default_mode(creature), dash=ruling.band == "dash")
    return max(0, allowance - ruling.cost * ruling.unit_cm) / 100


def movement_modes(creature: Creature) -> tuple[str, ...]:
    """The modes the creature may choose for its next movement: walk and each speed it has; crawl when prone."""
    if creature.prone:
        return ("crawl",)
    return ("walk", *(m for m in ("fly", "climb", "swim") if getattr(creature, m) is not None))


# --- mode and budget ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Budget:
    """What one segment in one mode may spend: with the current allowance and with a dash."""

    mode: str
    move_cm: int
    dash_cm: int | None
    """None when no dash is possible any more."""
    switch: bool
    """Whether this segment changes mode after movement was spent (D5-SWITCH-SPEED)."""


def resolve_mode(creature: Creature, turn: TurnState, requested: str | None) -> str | Illegal:
    """The mode a segment uses, or why that mode is closed (D5-CRAWL, D5-MODES)."""
    if creature.helpless or creature.defeated:
        why = f"{creature.id} is helpless and cannot move"
        return Illegal(house.GB_5E_UNABLE, why, unit_cm=1, reason="d5.helpless_move", params=values(unit=creature.id))
    if creature.prone:
        if requested in (None, "walk", "crawl"):
            return "crawl"
        why = f"{creature.id} is prone and can only crawl (stand up first)"
        return Illegal("D5-CRAWL", why, unit_cm=1, reason="d5.prone_crawls", params=values(unit=creature.id))
    if requested == "crawl":
        return Illegal(
            "D5-CRAWL", "only a prone creature crawls (drop prone first)", unit_cm=1, reason="d5.crawl_prone"
        )
    mode = requested or default_mode(creature)
    if mode not in speeds_cm(creature):
        params = values(unit=creature.id, mode=mode)
        return Illegal("D5-MODES", f"{creature.id} has no {mode} speed", unit_cm=1, reason="d5.no_speed", params=params)
    return mode


def _speed_of(mode: str) -> str:
    """The speed a mode draws on: crawling uses the walking speed, so it is no switch."""
    return "walk" if mode == "crawl" else mode


def segment_budget(creature: Creature, turn: TurnState, mode: str) -> Budget | Illegal:
    """The allowance of a segment in `mode`, or the Illegal when nothing is left (D5-SPEED, D5-SWITCH-SPEED)."""
    move = allowance_cm(creature, turn, mode)
    dash = allowance_cm(creature, turn, mode, dash=True) if can_dash(turn) else None
    switch = _speed_of(mode) != _speed_of(turn.mode) and turn.spent_cm > 0
    if move <= 0 and (dash is None or dash <= 0):
        rule = "D5-SWITCH-SPEED" if switch else "D5-SPEED"
        why = f"no {mode} movement left: {speeds_cm(creature)[mode]} − {turn.spent_cm} cm"
        params = values(mode=mode, speed_m=speeds_cm(creature)[mode] / 100, spent_m=turn.spent_cm / 100)
        return Illegal(rule, why, unit_cm=1, reason="d5.no_movement_left", params=params)
    return Budget(mode, move, dash, switch)


def band_of(cost: int, budget: Budget) -> str | None:
    """The cheapest band that pays `cost`: move, dash, or None."""
    if cost <= budget.move_cm:
        return "move"
    if budget.dash_cm is not None and cost <= budget.dash_cm:
        return "dash"
    return None
