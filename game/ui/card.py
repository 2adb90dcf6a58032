"""The hover card: a path's cost step by step with the rule ids, as `measure` reports it, and what it leaves.

No pygame. The lines are game.text.measure_text's, the ones `python main.py measure` prints for the same
path (text mode, same language), so what a player reads before the click is what the command line
answers; a test holds the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.text.i18n import t
from game.text.measure_text import band_name, measure_lines
from rules.core import Illegal, Ruling


def path_card(
    unit: str, result: Ruling | Illegal, after_m: float | None, names: Mapping[str, Any] | None = None
) -> list[str]:
    """The hover card of a path: the measure lines, then what the move uses and the metres the ruleset
    says are left after it this turn (`after_m`, None where it measures no distances)."""
    lines = [line.strip() for line in measure_lines(unit, result, names)]
    if isinstance(result, Ruling) and result.band:
        after = None if after_m is None else round(after_m, 2)
        if after is None:
            lines.append(t("card.uses", band=band_name(result.band)))
        else:
            lines.append(t("card.uses_left", band=band_name(result.band), metres=float(after)))
    return lines
