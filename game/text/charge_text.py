"""The pf1 charge as the command line and the battle screen tell it: `reach UNIT --target ENEMY` text and JSON.

The ruleset answers (its `charge_ends`, the same function the battle screen and the computer
player ask): the closest squares from which the unit could attack the enemy, each with its line,
its path and, when the charge may not end there, the refusal and the first square that stops it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.text.i18n import refusal, square_text, t
from rules.core import Situation


def charge_ends_of(ruleset: Any) -> Callable[..., Any] | None:
    """The ruleset's `charge_ends`, or None when the ruleset has no charge (dnd5e, hexxen)."""
    return getattr(ruleset, "charge_ends", None)


def charge_json(sit: Situation, unit: str, target: str, ends: tuple[Any, ...]) -> dict[str, Any]:
    """The `reach --target --json` object: the closest squares, each clear or with its refusal."""
    rows = []
    for end in ends:
        row: dict[str, Any] = {
            "at": list(end.at),
            "count_squares": end.count,
            "clear": end.clear,
            "line": [[[float(a[0]), float(a[1])], [float(b[0]), float(b[1])]] for a, b in end.segments],
            "path": [list(sq) for sq in end.path],
            "blocked_at": list(end.blocked) if end.blocked is not None else None,
            "error": None,
        }
        if end.refusal is not None:
            r = end.refusal
            shown = {k: list(v) if isinstance(v, tuple) else v for k, v in r.params}
            row["error"] = {"rule": r.rule, "message": r.message, "at": list(r.at) if r.at else None}
            if r.reason:
                row["error"].update({"reason": r.reason, "values": shown})
        rows.append(row)
    return {"unit": unit, "target": target, "rule": "PF1-CHARGE", "ends": rows}


def charge_lines(unit: str, target: str, ends: tuple[Any, ...], names: Mapping[str, Any]) -> list[str]:
    """The text of `reach --target`: one heading line, then one line per closest square."""
    shown_unit = names.get(unit, unit)  # the name itself (not str): its grammar reaches the template
    shown_target = names.get(target, target)
    if not ends:
        return [t("charge.none", unit=shown_unit, target=shown_target)]
    lines = [t("charge.heading", unit=shown_unit, target=shown_target, count=ends[0].count)]
    for end in ends:
        where = square_text(end.at)
        if end.refusal is None:
            path = " ".join(square_text(sq) for sq in end.path)
            lines.append(t("charge.clear", square=where, path=path))
        else:
            lines.append(t("charge.refused", square=where, reason=refusal(end.refusal, names=names)))
    return lines
