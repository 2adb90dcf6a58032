"""Start-layout checks shared by the rulesets: overlapping footprints and tokens that touch.

Problems name a message of the catalogues (e.g. `level_error.taken`) and its
parameters, so the game can say them in the player's language; rules/ stays free of i18n.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Creature
from rules.geometry import chebyshev, footprint_distance


@dataclass(frozen=True, slots=True)
class StartProblem:
    """One unit that may not start where the level puts it."""

    index: int
    """The unit's position in the level's `[[units]]` list."""
    message: str
    """The catalogue key of the message (e.g. `level_error.taken`)."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The message's parameters; `rule` is the catalogue key of another message (or empty)."""


def overlaps(
    units: Sequence[Creature],
    may_share: Callable[[Creature, Creature], bool],
    share_limit: int | None = None,
    share_rule: str = "",
    fits: Callable[[list[Creature]], bool] | None = None,
    crowded: str = "",
) -> list[StartProblem]:
    """Units whose footprints overlap where `may_share` refuses it, more than `share_limit` on one square,
    or (with `fits`) more on one square than it holds: message `crowded`."""
    problems = []
    seen: dict[tuple[int, int], list[int]] = {}
    for i, unit in enumerate(units):
        clash = None
        for sq in sorted(unit.footprint()):
            for j in seen.get(sq, []):
                if not may_share(units[j], unit):
                    clash = (sq, j)
                    break
            if clash is None and share_limit is not None and len(seen.get(sq, [])) >= share_limit:
                problems.append(StartProblem(i, "level_error.four_tiny", {"square": list(sq)}))
                break
            if clash is None and fits is not None and not fits([unit, *(units[j] for j in seen.get(sq, []))]):
                problems.append(StartProblem(i, crowded, {"square": list(sq)}))
                break
            if clash:
                break
        if clash:
            sq, j = clash
            params = {"square": list(sq), "other": units[j].id, "index": j, "rule": share_rule}
            problems.append(StartProblem(i, "level_error.taken", params))
            continue
        for sq in unit.footprint():
            seen.setdefault(sq, []).append(i)
    return problems


def touching(units: Sequence[Creature]) -> list[StartProblem]:
    """Units closer than two squares (Chebyshev) to an earlier one: the first such neighbour each."""
    problems = []
    for i, unit in enumerate(units):
        for j in range(i):
            other = units[j]
            if footprint_distance(unit.footprint(), other.footprint(), chebyshev) < 2:
                params = {
                    "unit": unit.id,
                    "at": list(unit.at),
                    "other": other.id,
                    "index": j,
                    "other_at": list(other.at),
                }
                problems.append(StartProblem(i, "level_error.touching", params))
                break
    return problems
