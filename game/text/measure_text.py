"""What `measure` says about a path, in the message language: the command's text output and the hover card.

No pygame: the command line prints these lines and the window's hover card shows the same ones,
so what a player reads before the click is what `python main.py measure` answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.text.i18n import describe_event, refusal, square_text, t
from rules.core import SQUARE_CM, Illegal, Ruling


def cost_squares(cost: int, unit_cm: int) -> int | float:
    """A cost in squares (1.5 m each), whole where it is whole."""
    cm = cost * unit_cm
    return cm // SQUARE_CM if cm % SQUARE_CM == 0 else round(cm / SQUARE_CM, 3)


def cost_metres(cost: int, unit_cm: int) -> float:
    """A cost in metres, to the centimetre."""
    return round(cost * unit_cm / 100, 2)


def band_name(band: str | None) -> str:
    """A reach band in the message language (its id when the catalogue has no name for it)."""
    name = t(f"band.{band}")
    return str(band) if name.startswith("⟦") else name


def measure_lines(unit: str, result: Ruling | Illegal, names: Mapping[str, Any] | None = None) -> list[str]:
    """What `measure` prints for `result`: one line per step with its rule ids, its events, then the verdict."""
    unit_cm = result.unit_cm
    lines = []
    for step in result.steps:
        squares, metres = cost_squares(step.cost, unit_cm), cost_metres(step.cost, unit_cm)
        rules = " ".join(step.rules)
        lines.append(t("cli.measure_step", to=square_text(step.to), squares=squares, metres=metres, rules=rules))
        # the JSON keeps Event.text(); people read the event in their language
        lines += [f"      ! {describe_event(event, names=names)} [{event.rule}]" for event in step.events]
    metres, squares = cost_metres(result.cost, unit_cm), cost_squares(result.cost, unit_cm)
    if isinstance(result, Ruling):
        lines.append(t("cli.measure_legal", unit=unit, metres=metres, squares=squares, band=band_name(result.band)))
    else:
        at = t("cli.at", square=square_text(result.at)) if result.at else ""
        reason = refusal(result, names=names)
        lines.append(t("cli.measure_illegal", unit=unit, at=at, reason=reason, metres=metres))
    return lines
