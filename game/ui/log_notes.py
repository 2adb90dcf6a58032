"""No pygame: what a log line leaves unsaid — an attack of opportunity provoked that nobody took (the unit that
was provoked had no reaction left this round, or could not act: GB-AOO), so "provokes" never dangles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.battle.match import LogEntry


def _is_event(entry: LogEntry) -> bool:
    """Whether a log entry is one event that followed an action (not the action itself)."""
    return len(entry.events) == 1 and entry.events[0].kind == entry.kind


def untaken(log: Sequence[LogEntry]) -> frozenset[int]:
    """Indexes of the `provokes` lines with no attack of opportunity by the provoked unit among the same action's
    events."""
    out: set[int] = set()
    i = 0
    while i < len(log):
        if not _is_event(log[i]):
            i += 1
            continue
        j = i
        while j < len(log) and _is_event(log[j]):
            j += 1
        group = range(i, j)  # the events of one action
        takers = {log[k].unit for k in group if log[k].kind == "opportunity_attack"}
        out.update(k for k in group if log[k].kind == "provokes" and log[k].events[0].by not in takers)
        i = j
    return frozenset(out)
