"""How the end of a match is told, without pygame: "Victory" / "Defeat" for the one person playing
against the computer, both sides named when people play each other (hot-seat) or nobody does."""

from __future__ import annotations

from dataclasses import dataclass

from game.levels.level import Level
from game.text.i18n import current_language, t
from game.text.local_text import local


@dataclass(frozen=True, slots=True)
class Outcome:
    """The victory screen's headline and the line under it."""

    title: str
    subtitle: str
    verdict: str
    """"victory" / "defeat" (the human side's view), "result" (sides named), or "draw"."""


def side_label(level: Level, side: str) -> str:
    """A side's display name in the current language (its id when it has none)."""
    spec = next((s for s in level.sides if s.id == side), None)
    name = local(spec.name, current_language()) if spec is not None else ""
    return str(name or side)


def outcome(level: Level, winner: str | None) -> Outcome:
    """The headline for `winner` (None: a draw) on `level` with its sides' controllers as played."""
    if winner is None:
        return Outcome(t("outcome.draw"), "", "draw")
    humans = [s.id for s in level.sides if s.controller == "human"]
    losers = ", ".join(side_label(level, s.id) for s in level.sides if s.id != winner)
    winner_line = t("outcome.winner", side=side_label(level, winner))
    if len(humans) == 1 and len(level.sides) > 1:
        # one person against the computer: the screen speaks from that person's side
        verdict = "victory" if winner == humans[0] else "defeat"
        return Outcome(t(f"outcome.{verdict}"), winner_line, verdict)
    # people against each other (or the computer against itself): name both sides
    return Outcome(winner_line, t("outcome.losers", side=losers) if losers else "", "result")
