"""Action objects: the one serialisable description of every change a player, script or AI asks for.

They mirror the `[[do]]` entries of an action script (INTERFACE.md §2). A ruleset's
`rule(situation, action, rng)` turns an Action into a Ruling (with effects) or an Illegal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core import Square

ACTION_KINDS = (
    "move",
    "double_move",
    "run",
    "step",
    "charge",
    "minimum_move",
    "dash",
    "drop_prone",
    "stand_up",
    "attack",
    "sneak_attack",
    "interact",
    "end_turn",
    # extensions (documented in docs/actions.md)
    "engage",
    "overrun",
    "tumble",
)
MODES = ("walk", "fly", "climb", "swim", "crawl")
TACTICS = ("front", "relieve", "cut_in")


@dataclass(frozen=True, slots=True)
class Action:
    """One action of one unit (or `end_turn`)."""

    kind: str
    unit: str | None = None
    path: tuple[Square, ...] = ()
    mode: str | None = None
    target: str | None = None
    tactic: str = "front"
    release: str | None = None
    at: Square | None = None
    through: str | None = None
    """overrun/tumble: the enemy whose square the path passes (pf1)."""

    def to_dict(self) -> dict[str, Any]:
        """The `[[do]]` table for this action (only keys that carry information)."""
        out: dict[str, Any] = {"action": self.kind}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.path:
            out["path"] = [list(sq) for sq in self.path]
        if self.mode is not None:
            out["mode"] = self.mode
        if self.target is not None:
            out["target"] = self.target
        if self.tactic != "front":
            out["tactic"] = self.tactic
        if self.release is not None:
            out["release"] = self.release
        if self.at is not None:
            out["at"] = list(self.at)
        if self.through is not None:
            out["through"] = self.through
        return out
