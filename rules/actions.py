"""Action objects: the one serialisable description of every change a player, script or AI asks for.

They mirror the `[[do]]` entries of an action script (docs/scripts.md). A ruleset's
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
    # the project's own action kinds (docs/scripts.md)
    "engage",
    "overrun",
    "tumble",
)
MODES = ("walk", "fly", "climb", "swim", "crawl")
TACTICS = ("front", "relieve", "cut_in")


@dataclass(frozen=True, slots=True)
class Shape:
    """What an action kind needs besides its unit: how a player (or an AI) completes it."""

    target: bool = False
    """It names an enemy: `target`, or `through` when the path passes the enemy's square."""
    path: str = ""
    """"" none; "reach" a movement path; "square" one neighbouring square; "straight" a line chosen after the enemy."""
    through: bool = False
    """The enemy is passed through (`through`), not attacked at the end (`target`)."""
    at: bool = False
    """It acts on a square (`at`: a door square) or an edge (`at` and `to`: a door between two squares)."""
    mode: bool = False
    """It accepts a movement mode."""
    tactic: bool = False
    """It accepts a tactic (hexxen attacks)."""
    now: bool = False
    """Taken from the action bar at once, without a click on the board (a path may still follow it)."""


SHAPES: dict[str, Shape] = {
    "move": Shape(path="reach", mode=True),
    "double_move": Shape(path="reach", mode=True),
    "run": Shape(path="reach", mode=True),
    "dash": Shape(path="reach", mode=True, now=True),
    "step": Shape(path="square"),
    "minimum_move": Shape(path="square"),
    "charge": Shape(target=True, path="straight"),
    "overrun": Shape(target=True, path="straight", through=True),
    "tumble": Shape(target=True, path="straight", through=True),
    "attack": Shape(target=True, tactic=True),
    "engage": Shape(target=True, tactic=True),
    "sneak_attack": Shape(target=True),
    "interact": Shape(at=True),
    "drop_prone": Shape(now=True),
    "stand_up": Shape(now=True),
    "end_turn": Shape(now=True),
}
"""Action kind → its shape: what a click must add before the action can be asked of rule()."""


def shape(kind: str) -> Shape:
    """The shape of action `kind` (an unknown kind needs nothing but its unit)."""
    return SHAPES.get(kind, Shape())


@dataclass(frozen=True, slots=True)
class Action:
    """One action of one unit (or `end_turn`)."""

    kind: str
    unit: str | None = None
    path: tuple[tuple[int, ...], ...] = ()
    """Path entries: (x, y) the top-left square after each step, or (x, y, w, h) naming the footprint
    exactly (a squeezed one, docs/scripts.md)."""
    mode: str | None = None
    target: str | None = None
    tactic: str = "front"
    release: str | None = None
    at: Square | None = None
    to: Square | None = None
    """interact with a door on an edge: the square across the edge from `at` (rules/doors.py)."""
    through: str | None = None
    """overrun/tumble: the enemy whose square the path passes (pf1)."""

    def to_dict(self) -> dict[str, Any]:
        """The `[[do]]` table for this action (only keys that carry information)."""
        out: dict[str, Any] = {"action": self.kind}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.path:
            out["path"] = list(map(list, self.path))
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
        if self.to is not None:
            out["to"] = list(self.to)
        if self.through is not None:
            out["through"] = self.through
        return out
