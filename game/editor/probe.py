"""What a square costs under a ruleset: one step into it, asked of the ruleset's `measure` (as the command and
the hover card ask it), for the selected unit or a plain Medium walker."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from game.battle.match import Match
from game.editor.document import Document, with_ruleset
from game.levels.level import LevelError
from game.text.measure_text import measure_lines
from rules.core import Illegal, Ruling, Square

PROBE = "probe"
STARTS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1))
"""Where the probe stands before its step: an orthogonal neighbour first (a plain step), else a diagonal one."""
DEFAULT_PROBE: Mapping[str, Any] = {"speed": 9}
"""The probe when no unit is selected: a Medium creature walking 9 m."""


@dataclass(frozen=True, slots=True)
class Cost:
    """One step into a square under one ruleset: the ruling's lines (as `measure` prints them) and rule ids."""

    ruleset: str
    start: Square | None
    """Where the step came from; None when no neighbour lets a unit stand."""
    result: Ruling | Illegal | None

    @property
    def ok(self) -> bool:
        """Whether the step is legal."""
        return isinstance(self.result, Ruling)

    def rules(self) -> tuple[str, ...]:
        """Every rule id that decided the step, in order, once each."""
        if self.result is None:
            return ()
        ids = [r for s in self.result.steps for r in s.rules]
        if isinstance(self.result, Illegal):
            ids.append(self.result.rule)
        return tuple(dict.fromkeys(ids))

    def lines(self, name: str) -> list[str]:
        """The `measure` text for the step."""
        return measure_lines(name, self.result) if self.result is not None else []


def square_cost(
    doc: Document, square: Square, ruleset: str | None = None, unit: Mapping[str, Any] | None = None
) -> Cost:
    """The cost of stepping into `square` under `ruleset` (default: the level's) for `unit`'s keys (default: a
    Medium walker), from the first neighbour where the unit may stand; other units are left out."""
    ruleset = ruleset or doc.ruleset
    base = doc if ruleset == doc.ruleset else with_ruleset(doc, ruleset)
    proto = _proto(base, unit)
    for dx, dy in STARTS:
        start = (square[0] + dx, square[1] + dy)
        if not base.in_bounds(start):
            continue
        result = _step(base, proto, start, square)
        if result is None:
            continue  # the probe cannot stand there (a wall, a pit) or its keys do not fit: the next neighbour
        return Cost(ruleset, start, result)
    return Cost(ruleset, None, None)


def edge_cost(
    doc: Document, a: Square, b: Square, ruleset: str | None = None, unit: Mapping[str, Any] | None = None
) -> Cost:
    """The cost of the step across the edge between `a` and `b` (a door, a wall) under `ruleset`: the probe
    stands on one side and steps to the other (from `a` when it may stand there, else from `b`)."""
    ruleset = ruleset or doc.ruleset
    base = doc if ruleset == doc.ruleset else with_ruleset(doc, ruleset)
    proto = _proto(base, unit)
    for start, square in ((a, b), (b, a)):
        if not (base.in_bounds(start) and base.in_bounds(square)):
            continue
        result = _step(base, proto, start, square)
        if result is not None:
            return Cost(ruleset, start, result)
    return Cost(ruleset, None, None)


def _step(base: Document, proto: Mapping[str, Any], start: Square, square: Square) -> Ruling | Illegal | None:
    """The probe's one step from `start` into `square`, or None when it cannot stand on `start`."""
    probe = {**proto, "id": PROBE, "side": PROBE, "at": [start[0], start[1]]}
    trial = replace(base, sides=({"id": PROBE},), units=(probe,), victory_rounds=None)
    try:
        level = trial.to_level()
    except LevelError:
        return None
    match = Match(level)
    try:
        sit = match.situation()
        sit = dataclasses.replace(sit, turns={**sit.turns, PROBE: match.ruleset.new_turn(sit, PROBE)})
        return match.ruleset.measure(sit, PROBE, [square])
    finally:
        match.close()


def _proto(doc: Document, unit: Mapping[str, Any] | None) -> dict[str, Any]:
    """The probe's own keys: the selected unit's (those the ruleset knows), else the default walker."""
    from rules.ruleset import get_ruleset

    allowed = set(get_ruleset(doc.ruleset).UNIT_KEYS) - {"id", "side", "at", "name"}
    keys = {k: v for k, v in (unit or {}).items() if k in allowed}
    if "speed" not in keys and "race" not in keys:
        keys["speed"] = DEFAULT_PROBE["speed"]
    return keys
