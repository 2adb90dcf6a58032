"""The charge's look-ahead for the battle screen, without pygame (PF1-CHARGE).

Asks the ruleset's `charge_ends` (the function `rule()`, `reach --target` and the computer player
ask): which enemies the selected unit can charge (ringed while Charge is armed), the closest
footprints a charge at one of them may end on with their lines and first blocking squares (drawn
by `charge_overlay.py`), and which end a square of the board belongs to (a Large charger's end is
its whole 2×2 footprint, so a click on any of its squares picks it). Cached per state version.
"""

from __future__ import annotations

from typing import Any

from game.text.charge_text import charge_ends_of
from rules.core import Illegal, Situation, Square, footprint

CHARGE = "charge"
"""The armed action this module looks ahead for."""


class ChargeLook:
    """One battle's charge previews: answers per (state version, charger, target), kept until the state changes."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset
        self._version: int | None = None
        self._ends: dict[tuple[str, str], tuple[Any, ...]] = {}

    def ends(self, sit: Situation, version: int, unit: str, target: str) -> tuple[Any, ...]:
        """The closest footprints of a charge by `unit` at `target` (empty when the ruleset has no charge)."""
        # asked only now: pf1's charge module loads its movement search, which the first frame does without
        ends_of = charge_ends_of(self.ruleset)
        if ends_of is None or target not in sit.creatures or unit not in sit.creatures:
            return ()
        if self._version != version:
            self._version, self._ends = version, {}
        key = (unit, target)
        if key not in self._ends:
            self._ends[key] = tuple(ends_of(sit, unit, target))
        return self._ends[key]

    def chargeable(self, sit: Situation, version: int, unit: str) -> frozenset[str]:
        """The standing enemies a charge by `unit` may reach now: at least one closest footprint is clear."""
        me = sit.creatures[unit]
        return frozenset(
            uid
            for uid, c in sit.creatures.items()
            if me.hostile_to(c) and not c.defeated and any(e.clear for e in self.ends(sit, version, unit, uid))
        )

    def why_not(self, sit: Situation, version: int, unit: str, target: str) -> Illegal | None:
        """Why `unit` cannot charge `target` at all (the refusal of its first closest square on the map), or None."""
        ends = self.ends(sit, version, unit, target)
        if any(e.clear for e in ends):
            return None
        on_map = [e for e in ends if sit.board.in_bounds(e.at)]
        for end in on_map or list(ends):
            return end.refusal
        return None

    def end_at(self, sit: Situation, version: int, unit: str, target: str, sq: Square) -> Any | None:
        """The closest footprint `sq` belongs to: its anchor's own end first, then a clear one, in reading order."""
        ends = self.ends(sit, version, unit, target)
        for end in ends:
            if end.at == sq:
                return end
        side = sit.creatures[unit].full_side
        holding = [e for e in ends if sq in footprint(e.at, (side, side))]
        holding.sort(key=lambda e: not e.clear)
        return holding[0] if holding else None

    def squares(self, sit: Situation, version: int, unit: str, target: str) -> dict[Square, Any]:
        """Every on-map square of every closest footprint → the end a click there picks."""
        side = sit.creatures[unit].full_side
        out: dict[Square, Any] = {}
        for end in self.ends(sit, version, unit, target):
            for sq in footprint(end.at, (side, side)):
                if sit.board.in_bounds(sq) and sq not in out:
                    out[sq] = self.end_at(sit, version, unit, target, sq)
        return out
