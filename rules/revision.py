"""Which revision of the rules this rule book plays, what each revision changed, and the dice stream.

A saved replay or script names the rules revision and the dice stream it was made with, so a
later version can tell whether it still plays that game the same way. Revisions are dated, as
the rule catalogue dates its changes; each entry lists the rule ids whose rulings that revision
changed or added. A game made under an earlier revision replays identically when no ruling of
it cites one of the ids changed since (the game checks by replaying it: game/saved/script_versions.py).
"""

from __future__ import annotations

REVISIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("2026-12-02", frozenset()),
    (
        "2026-12-06",
        # GB-PF-PRONE: standing up next to an enemy now draws its attack of opportunity (a provokes event
        # of the action itself, which the rolls used to skip)
        frozenset({"PF1-CHARGE", "PF1-SQUEEZE", "D5-SQUEEZE", "HX-MOUNTED", "HX-LEIBGARDE", "GB-PF-PRONE"}),
    ),
)
"""Every revision a saved file may name, oldest first, with the rule ids it changed or added.

The first entry is the oldest revision files name: files written before files named a revision
are taken to be of it."""

RULES_REVISION = "2026-12-06"
"""The revision this rule book plays. Raise it (to a date listed in REVISIONS) when the rulings
of that revision's changed ids are in the code; replays made before then are checked by them."""

OLDEST_REVISION = REVISIONS[0][0]
"""What a file that names no revision was made with."""

DICE_STREAM = 2
"""The dice a new match rolls. 1 = Python's random.Random seeded with the match seed (Mersenne Twister),
drawn in the order the rulings roll them. 2 = common random numbers: one such generator per (acting
unit, round), seeded by a sha256 of (match seed, unit, round), so a unit's k-th roll in a round does
not depend on how many dice others rolled before it. A file made with an older stream replays with
that stream; raise it when the same seed could roll other numbers."""


def known_revision(revision: str) -> bool:
    """Whether this rule book knows `revision` (a later one is unknown)."""
    return revision in {name for name, _ in REVISIONS[: _index(RULES_REVISION) + 1]}


def changed_since(revision: str) -> frozenset[str]:
    """The rule ids whose rulings changed after `revision` up to the one played now (a known revision)."""
    start = _index(revision)
    changed: frozenset[str] = frozenset()
    for _, ids in REVISIONS[start + 1 : _index(RULES_REVISION) + 1]:
        changed |= ids
    return changed


def _index(revision: str) -> int:
    """Position of a listed revision (ValueError for one not listed)."""
    for i, (name, _) in enumerate(REVISIONS):
        if name == revision:
            return i
    raise ValueError(f"unknown rules revision {revision!r}")
