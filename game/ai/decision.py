"""What a decision of the computer is, as data: the actions chosen and, when asked, why (message keys + params).

The caller translates: `game.ai.explain.explanation_lines(decision, lang)` writes the lines in a
language from the `[ai]` table of the catalogues; every reason carries the rule ids that decided it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.actions import Action


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an option scores as it does: a message key of the `[ai]` table, its parameters, the rule ids."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """`{"key": …, "params": {…}, "rules": […]}`."""
        params = {k: list(v) if isinstance(v, tuple) else v for k, v in self.params}
        return {"key": self.key, "params": params, "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class Option:
    """One option a unit weighed: its first action, its score (higher is better) and why."""

    actions: tuple[Action, ...]
    score: float
    reason: Reason

    def to_json(self) -> dict[str, Any]:
        """The option as JSON (actions as in scripts, docs/scripts.md)."""
        return {
            "actions": [a.to_dict() for a in self.actions],
            "score": round(self.score, 3),
            "reason": self.reason.to_json(),
        }


@dataclass(frozen=True, slots=True)
class UnitChoice:
    """The options one unit weighed for one decision and the one it chose (None: it did nothing more)."""

    unit: str
    options: tuple[Option, ...]
    chosen: int | None
    """Index of the chosen option in `options`."""

    @property
    def choice(self) -> Option | None:
        """The chosen option."""
        return None if self.chosen is None else self.options[self.chosen]

    def to_json(self) -> dict[str, Any]:
        """The unit's weighing as JSON."""
        return {"unit": self.unit, "options": [o.to_json() for o in self.options], "chosen": self.chosen}


@dataclass(frozen=True, slots=True)
class Decision:
    """The computer's turn for the side to act, as foreseen from a snapshot.

    `actions` is the whole turn played out on the snapshot (ending with end_turn, unless the game
    ends first); its first action is what to do now. Dice met on the way were rolled with the
    computer's own generator, so a later action may differ once the real dice have spoken:
    the live loop (take_turn) decides again after every action.
    """

    strength: str
    actions: tuple[Action, ...]
    units: tuple[UnitChoice, ...] = field(default=())
    """With explain=True: one entry per decision made during the turn, in order."""

    @property
    def first(self) -> Action | None:
        """The action to take now (None when nothing is left but ending the turn)."""
        return self.actions[0] if self.actions and self.actions[0].kind != "end_turn" else None

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON (`advise`)."""
        out: dict[str, Any] = {"strength": self.strength, "actions": [a.to_dict() for a in self.actions]}
        if self.units:
            out["explain"] = [u.to_json() for u in self.units]
        return out
