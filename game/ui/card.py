"""The hover card: a path's cost step by step with the rule ids, as `measure` reports it, and what it leaves.

No pygame. The lines are the ones `python main.py measure` prints for the same path (text mode,
same language), so what a player reads before the click is what the command line answers; a test
holds the two equal.
"""

from __future__ import annotations

from game.i18n import describe_event, refusal, t
from rules.core import SQUARE_CM, Illegal, Ruling


def _squares(cost: int, unit_cm: int) -> int | float:
    """A cost in squares (1.5 m each), whole where it is whole."""
    cm = cost * unit_cm
    return cm // SQUARE_CM if cm % SQUARE_CM == 0 else round(cm / SQUARE_CM, 3)


def _metres(cost: int, unit_cm: int) -> float:
    return round(cost * unit_cm / 100, 2)


def band_name(band: str | None) -> str:
    """A reach band in the message language (its id when the catalogue has no name for it)."""
    name = t(f"band.{band}")
    return str(band) if name.startswith("⟦") else name


def measure_lines(unit: str, result: Ruling | Illegal) -> list[str]:
    """What `measure` prints for `result`: one line per step with its rule ids, its events, then the verdict."""
    unit_cm = result.unit_cm
    lines = []
    for step in result.steps:
        squares, metres = _squares(step.cost, unit_cm), _metres(step.cost, unit_cm)
        rules = " ".join(step.rules)
        lines.append(t("cli.measure_step", to=list(step.to), squares=squares, metres=metres, rules=rules))
        lines += [f"      ! {describe_event(event)} [{event.rule}]" for event in step.events]
    metres, squares = _metres(result.cost, unit_cm), _squares(result.cost, unit_cm)
    if isinstance(result, Ruling):
        lines.append(t("cli.measure_legal", unit=unit, metres=metres, squares=squares, band=band_name(result.band)))
    else:
        at = t("cli.at", square=list(result.at)) if result.at else ""
        reason = refusal(result.rule, result.message)
        lines.append(t("cli.measure_illegal", unit=unit, at=at, reason=reason, metres=metres))
    return lines


def path_card(unit: str, result: Ruling | Illegal, left_m: float | None) -> list[str]:
    """The hover card of a path: the measure lines, then what the move uses and what it leaves this turn."""
    lines = [line.strip() for line in measure_lines(unit, result)]
    if isinstance(result, Ruling) and result.band:
        after = None if left_m is None else max(0.0, round(left_m - result.cost_m, 2))
        if after is None:
            lines.append(t("card.uses", band=band_name(result.band)))
        else:
            lines.append(t("card.uses_left", band=band_name(result.band), metres=f"{after:g}"))
    return lines
