"""A sweep file's `[search]` table (docs/simulate.md): which level numbers to search, in which ranges, for what.

```toml
[search]
trials = 30                 # the budget: how many settings Optuna tries
objective = "win_rate"      # win_rate (towards `target` for `side`), rounds (fewest), rule (a rule's firings)
side = "red"                # win_rate: whose win rate (default: the level's first side)
target = 0.5                # win_rate: the rate aimed at
tolerance = 0.1             # win_rate: a trial is pruned once the sequential test says it misses by this much
rule = "GB-PF-AOO"          # rule: the rule id whose firings per game count
direction = "minimize"      # rule: minimize or maximize
morris = 4                  # trajectories of the Morris screening (0: none; else at least 2, for a spread)

[search.parameters]
"units[0].hp" = [6, 30]     # whole numbers: an integer range
"rules.some_factor" = [0.5, 2.0]
```
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.text.i18n import t

OBJECTIVES = ("win_rate", "rounds", "rule")
DIRECTIONS = ("minimize", "maximize")
KEYS = ("trials", "objective", "side", "target", "tolerance", "rule", "direction", "morris", "parameters")
DEFAULT_TOLERANCE = 0.1
DEFAULT_MORRIS = 4
MAX_TRIALS = 1000


@dataclass(frozen=True, slots=True)
class Parameter:
    """One searched level key and its range; `integer` when both ends are whole numbers."""

    key: str
    low: float
    high: float
    integer: bool

    def value(self, x: float) -> int | float:
        """A value of the range as the level takes it (rounded for an integer key)."""
        return round(x) if self.integer else float(x)


@dataclass(frozen=True, slots=True)
class SearchSpec:
    """A checked `[search]` table."""

    parameters: tuple[Parameter, ...]
    trials: int
    objective: str
    side: str | None
    target: float
    tolerance: float
    rule: str | None
    direction: str
    morris: int


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_search(table: Any, fail: Callable[[str, str], Exception]) -> SearchSpec:
    """The `[search]` table checked; `fail(key, message)` makes the error that names the file and key."""
    if not isinstance(table, dict):
        raise fail("search", t("search.table"))
    for key in table:
        if key not in KEYS:
            raise fail(f"search.{key}", t("sweep_error.unknown_key", keys=", ".join(KEYS)))
    raw = table.get("parameters")
    if not isinstance(raw, dict) or not raw:
        raise fail("search.parameters", t("search.no_parameters"))
    params = []
    for key, bounds in _flat(raw, "").items():
        if not (isinstance(bounds, list) and len(bounds) == 2 and all(_number(b) for b in bounds)):
            raise fail(f"search.parameters.{key}", t("search.range", value=repr(bounds)[:80]))
        low, high = bounds
        if not low < high:
            raise fail(f"search.parameters.{key}", t("search.range", value=repr(bounds)))
        params.append(Parameter(key, float(low), float(high), all(isinstance(b, int) for b in bounds)))
    trials = table.get("trials", 20)
    if not isinstance(trials, int) or isinstance(trials, bool) or not 1 <= trials <= MAX_TRIALS:
        raise fail("search.trials", t("search.trials", value=repr(trials), limit=MAX_TRIALS))
    objective = table.get("objective", "win_rate")
    if objective not in OBJECTIVES:
        raise fail("search.objective", t("search.choice", value=repr(objective), allowed=", ".join(OBJECTIVES)))
    direction = table.get("direction", "minimize")
    if direction not in DIRECTIONS:
        raise fail("search.direction", t("search.choice", value=repr(direction), allowed=", ".join(DIRECTIONS)))
    target, tolerance = table.get("target", 0.5), table.get("tolerance", DEFAULT_TOLERANCE)
    for key, value in (("target", target), ("tolerance", tolerance)):
        if not _number(value) or not 0 < value < 1:
            raise fail(f"search.{key}", t("search.share", value=repr(value)))
    if objective == "win_rate" and not (target - tolerance > 0 and target + tolerance < 1):
        raise fail("search.tolerance", t("search.share", value=f"{target} ± {tolerance}"))
    rule = table.get("rule")
    if objective == "rule" and not (isinstance(rule, str) and rule):
        raise fail("search.rule", t("search.rule"))
    side = table.get("side")
    if side is not None and not isinstance(side, str):
        raise fail("search.side", t("sweep_error.string", value=repr(side)))
    morris = table.get("morris", DEFAULT_MORRIS if len(params) > 1 else 0)
    if not isinstance(morris, int) or isinstance(morris, bool) or not (morris == 0 or 2 <= morris <= MAX_TRIALS):
        raise fail("search.morris", t("search.morris", value=repr(morris), limit=MAX_TRIALS))
    return SearchSpec(tuple(params), trials, objective, side, float(target), float(tolerance), rule, direction, morris)


def _flat(table: dict[str, Any], prefix: str) -> dict[str, Any]:
    """`rules.x = [..]` written as a nested table and `"units[0].hp" = [..]` alike become dotted keys."""
    out: dict[str, Any] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out
