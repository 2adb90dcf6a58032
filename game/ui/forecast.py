"""What the battle screen forecasts for a selected unit: its reachable squares and the hovered path's ruling.

No pygame here: this module only asks the ruleset (reachable, measure) and turns a click into
the Actions to perform, so tests can check it without a window.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from game.battle import reach_cache
from game.text.i18n import refusal, t
from rules.actions import Action
from rules.core import SQUARE_CM, Creature, Illegal, Ruling, Situation, Square
from rules.reaches import ReachBySquare, Reaches, columns_of
from rules.ruleset import Reach, Ruleset

BAND_ACTIONS: dict[str, str] = {
    "move": "move",
    "double_move": "double_move",
    "run": "run",
    # dnd5e: one dash action that carries the path it pays for (D5-DASH), as the AI sends it
    "dash": "dash",
}
"""Reach band → the action kind that carries a unit there."""


def action_for_band(band: str, unit: str, path: tuple[Square, ...], mode: str | None = None) -> Action:
    """The Action that moves `unit` along `path` (in `mode`, if chosen) when the square lies in `band`."""
    return Action(BAND_ACTIONS.get(band, "move"), unit, path, mode=mode)


def switchable_modes(ruleset: Ruleset, creature: Creature) -> tuple[str, ...]:
    """The movement modes the player may switch between (the ruleset's modes, when there is a choice)."""
    modes = ruleset.movement_modes(creature)
    return modes if len(modes) > 1 else ()


def straight_path(start: Square, end: Square) -> tuple[Square, ...]:
    """The squares entered on a straight line from `start` to `end` (8-connected; for charges and overruns)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = max(abs(dx), abs(dy))
    # rounding half away from zero keeps the line symmetric in all four directions
    return tuple((start[0] + _round_away(dx * i / n), start[1] + _round_away(dy * i / n)) for i in range(1, n + 1))


def _round_away(value: float) -> int:
    """Round half away from zero (Python's round() rounds half to even)."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def opportunities(result: Ruling | Illegal, sit: Situation) -> tuple[tuple[Square, ...], tuple[str, ...]]:
    """The steps of `result` that draw an attack of opportunity, and who takes them, in step order: only enemies
    standing with a reaction left this round, each no more often than its reactions allow (GB-AOO, as
    `rules.opportunity` rolls them) — a unit that already used its reaction this round warns of nothing."""
    from rules.opportunity import reactions_left  # start-up time: not before the first preview

    used: dict[str, int] = {}
    squares: list[Square] = []
    takers: dict[str, None] = {}
    events = [(step.to, e) for step in result.steps for e in step.events]
    events += [(e.at, e) for e in getattr(result, "events", ())]
    for at, e in events:
        if e.kind != "provokes" or not e.by or e.by not in sit.creatures:
            continue
        enemy = sit.creatures[e.by]
        if enemy.defeated or enemy.helpless or reactions_left(enemy, sit.round) - used.get(e.by, 0) <= 0:
            continue
        used[e.by] = used.get(e.by, 0) + 1
        takers.setdefault(e.by, None)
        if at is not None and at not in squares:
            squares.append(at)
    return tuple(squares), tuple(takers)


@dataclass(frozen=True, slots=True)
class Preview:
    """The ruling on the path to one hovered square."""

    to: Square
    path: tuple[Square, ...]
    result: Ruling | Illegal
    band: str
    provoking: tuple[Square, ...] = ()
    """The squares whose step provokes an attack of opportunity (worked out once, drawn every frame)."""
    provokers: tuple[str, ...] = ()
    """Who takes an attack of opportunity on this path, in step order (only units with a reaction left)."""

    @property
    def cost_m(self) -> float:
        """Cost of the path in metres."""
        return self.result.cost_m

    @property
    def cost_squares(self) -> float:
        """Cost of the path in 1.5 m squares."""
        return round(self.result.cost * self.result.unit_cm / SQUARE_CM, 2)

    def step_costs(self) -> list[tuple[Square, float]]:
        """Each step's square and its cost in metres (for the on-demand step labels)."""
        unit_cm = self.result.unit_cm
        return [(step.to, step.cost * unit_cm / 100) for step in self.result.steps]

    def label(self, names: Mapping[str, Any] | None = None) -> str:
        """Short text for the cursor: metres, squares, who it provokes, and why not if illegal."""
        if isinstance(self.result, Illegal):
            return t("battle.preview_illegal", reason=refusal(self.result, names=names))
        band = t(f"band.{self.band}")
        band = self.band.replace("_", " ") if band.startswith("⟦") else band
        text = t("battle.preview", metres=float(self.cost_m), squares=self.cost_squares, band=band)
        if self.provokers:
            shown = tuple((names or {}).get(u, u) for u in self.provokers)  # names players know, in the language
            text += " · " + t("battle.provokes_from", names=shown)
        return text


@dataclass(slots=True)
class Forecast:
    """The selected unit's reach this turn, and the preview cache for hovered squares."""

    unit: str
    reach: Mapping[Square, Reach]
    """Square → its entry; from a search, a read-only view that makes an entry only when looked up."""
    engage: dict[str, Reach] = field(default_factory=dict)
    """hexxen: enemy id → the reach entry that engages it."""
    mode: str | None = None
    """The movement mode chosen by the player (None: the ruleset's default)."""
    _previews: dict[Square, Preview | None] = field(default_factory=dict)
    _bounds: tuple[int, int, int, int] | None = None

    @classmethod
    def build(cls, ruleset: Ruleset, sit: Situation, unit: str, mode: str | None = None) -> Forecast:
        """Ask the ruleset for every square the unit can reach now (in `mode`, if chosen)."""
        entries = reach_cache.reachable(ruleset, sit, unit, mode)
        if isinstance(entries, Reaches) and entries.targets is None:
            # no engagements: the answer itself, by square (a Reach is made only for a square looked up)
            return cls(unit, entries.by_square(), mode=mode)
        squares: dict[Square, Reach] = {}
        engage: dict[str, Reach] = {}
        for r in entries:
            if r.target is not None:
                best = engage.get(r.target)
                if best is None or r.cost < best.cost:
                    engage[r.target] = r
                continue
            squares[r.at] = r
        return cls(unit, squares, engage, mode=mode)

    def bands(self) -> list[str]:
        """The bands present, for the legend (in the order first seen, cheapest first)."""
        # each band where it is first seen in the reach sorted by cost (ties in the reach's order): the
        # rows' numbers sorted by cost (a stable sort inside the interpreter, no Reach made), then each
        # row's band, kept once in the order met
        _, costs, bands = columns_of(self.reach)
        order = sorted(range(len(costs)), key=costs.__getitem__)
        seen = list(dict.fromkeys(map(bands.__getitem__, order)))
        if self.engage and "engage" not in seen:
            seen.append("engage")
        return seen

    def bounds(self) -> tuple[int, int, int, int] | None:
        """The shaded squares' box as (x0, y0, x1, y1), x1 and y1 exclusive; None when nothing is shaded."""
        if self._bounds is None and self.reach:
            squares = columns_of(self.reach)[0]
            ys = list(map(itemgetter(1), squares))
            if isinstance(self.reach, ReachBySquare) and self.reach.reaches.in_square_order():
                x0, x1 = squares[0][0], squares[-1][0]  # listed by x, then y: the first and last columns
            else:
                xs = list(map(itemgetter(0), squares))
                x0, x1 = min(xs), max(xs)
            self._bounds = (x0, min(ys), x1 + 1, max(ys) + 1)
        return self._bounds

    def preview(self, ruleset: Ruleset, sit: Situation, sq: Square) -> Preview | None:
        """The ruling on the reach path to `sq` (measured once per square, then cached)."""
        if sq in self._previews:
            return self._previews[sq]
        entry = self.reach.get(sq)
        result: Preview | None = None
        if entry is not None and entry.path:
            ruling = ruleset.measure(sit, self.unit, entry.path, self.mode)
            squares, takers = opportunities(ruling, sit)
            result = Preview(sq, tuple(entry.path), ruling, entry.band, squares, takers)
        self._previews[sq] = result
        return result
