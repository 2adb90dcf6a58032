"""No pygame: the hot-seat recap of the other side's turn, each line ranked by how much it matters to the next
player, so a short screen keeps the units that went down and the damage taken, and leaves out moves first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.text.i18n import describe

if TYPE_CHECKING:
    from game.battle.match import LogEntry, Match

RANKS: dict[str, int] = {
    "down": 0,
    "hit": 1,
    "provokes": 2,
    "opportunity_attack": 2,
    "bind": 3,
    "unbind": 3,
    "release": 3,
    "cut_in": 3,
    "engage": 3,
    "crowded": 3,
    "free": 3,
}
"""Log kind → rank (lower matters more): units down, damage taken, attacks of opportunity, bindings, then the rest."""
LEAST = 4
"""Moves, misses, doors and everything else."""


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One line of the recap in the player's language, and how much it matters (`RANKS`)."""

    text: str
    rank: int = LEAST


def rank(entry: LogEntry) -> int:
    """How much a log line of the other side's turn matters to the next player (0 most)."""
    return RANKS.get(entry.kind, LEAST)


def turn_recap(match: Match) -> list[RecapLine]:
    """The lines of the turn that just ended (the other side's actions), with display names, in play order."""
    log = match.log
    ends = [i for i, e in enumerate(log) if e.kind == "end_turn" and e.ok]
    if not ends:
        return []
    start = ends[-2] + 1 if len(ends) > 1 else 0
    names = match.level.unit_names
    return [RecapLine(describe(e, names=names), rank(e)) for e in log[start : ends[-1]] if e.ok]


def fitting(lines: Sequence[RecapLine], room: int) -> tuple[list[RecapLine], int]:
    """The lines that fit in `room` lines, the most important first chosen, shown in play order; and how many
    were left out (a left-out count takes one of the lines)."""
    if len(lines) <= room:
        return list(lines), 0
    keep = max(0, room - 1)
    # the lower the rank the sooner chosen; of equal rank the later line (what the board shows now) first
    chosen = sorted(range(len(lines)), key=lambda i: (lines[i].rank, -i))[:keep]
    return [lines[i] for i in sorted(chosen)], len(lines) - keep
