"""pf1's `rule`, `forecast_move` and `measure`: an action's whole ruling, doors and attacks of opportunity included.

Apart from rules/pf1/__init__.py so that the package can leave the ruling modules (actions, attacks,
movement) unimported until an action is first judged: a start draws its first frame without them.
rules.pf1 gives these names as before.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.actions import Action
from rules.core import Illegal, Ruling, Situation, Square
from rules.doors import door_cited
from rules.opportunity import resolve_opportunity_attacks
from rules.pf1.actions import rule as _rule_alone
from rules.pf1.movement import measure as _measure_alone
from rules.pf1.movement_actions import judge_move
from rules.pf1.terms import STOP_RULE

DOOR_RULE = "GB-PF-DOOR"
"""The rule a refusal at a closed door on an edge cites (rules/doors.py)."""
DOOR_OBSTACLES = frozenset(("PF1-OBSTACLE-BLOCK", "PF1-CORNER"))
"""The movement refusals that, at a closed edge door, are the door's doing."""


def rule(sit: Situation, action: Action, rng: random.Random) -> Ruling | Illegal:
    """Rule on one action: the whole ruling, the attacks of opportunity it provokes included (GB-AOO)."""
    result = door_cited(sit, action.unit, action.path, _rule_alone(sit, action, rng), DOOR_RULE, DOOR_OBSTACLES)
    if isinstance(result, Ruling) and action.unit is not None:
        return resolve_opportunity_attacks(sit, action.unit, result, rng, STOP_RULE)
    return result


def forecast_move(sit: Situation, unit: str, path: Sequence[Square]) -> Ruling | Illegal:
    """A move action along `path` as `rule` judges it before any die is rolled: legal or not, its cost and the
    attacks of opportunity it provokes. The AI forecasts the move it takes with it; in the same situation
    object `rule` then reuses that judgement instead of judging the path again (rules/pf1/judged.py)."""
    return door_cited(sit, unit, path, judge_move(sit, unit, path), DOOR_RULE, DOOR_OBSTACLES)


def measure(sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
    """The path as one movement now (the movement search), a closed edge door in the way cited as a door."""
    return door_cited(sit, unit, path, _measure_alone(sit, unit, path, mode), DOOR_RULE, DOOR_OBSTACLES)
