"""Restricted players: tactics a computer player may not use (`--without step,charge`), as one filter.

A restricted player plays at its strength but never takes a forbidden tactic: every strength's
options pass through `restricted` before one is chosen, so the filter is the one place that decides.
Playing a restricted player against a full one on the same seeds measures what the tactic is worth.

A match's snapshot (`match_snapshot`, the API's `snapshot`) carries its sides' restrictions, so a
decision worked out on it (`decide`: `advise`, the battle screen's hint, the window's computer)
honours them as the live turn (`take_turn`, `next_action`) does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields

from game.ai.snapshot import Snapshot, snapshot
from game.battle.match import Match
from game.levels.controllers import side_without
from rules.actions import Action
from rules.core import Illegal

TACTIC_KINDS: dict[str, tuple[str, ...]] = {
    "step": ("step", "minimum_move"),
    "charge": ("charge",),
    "run": ("run",),
    "double": ("double_move",),
    "dash": ("dash",),
    "prone": ("drop_prone",),
    "sneak": ("sneak_attack",),
    "overrun": ("overrun",),
    "tumble": ("tumble",),
}
"""Tactics that are action kinds: tactic name → the kinds it forbids."""
TACTIC_MODES = {"fly": "fly", "prone": "crawl"}
"""Tactics that are movement modes: tactic name → the mode it forbids ("prone" forbids crawling too)."""
TACTIC_ATTACKS = {"relief": "relieve", "cut-in": "cut_in"}
"""HeXXen's attack tactics: tactic name → the attack's `tactic` it forbids."""
SQUEEZE = "squeeze"
SQUEEZE_RULES = frozenset({"PF1-SQUEEZE", "D5-SQUEEZE"})
"""A move whose ruling cites one of these squeezed through a narrow space."""
TACTICS = tuple(sorted({*TACTIC_KINDS, *TACTIC_MODES, *TACTIC_ATTACKS, SQUEEZE}))
"""Every tactic a restriction may name (docs/simulate.md lists what each forbids per ruleset)."""


def tactics_of(action: Action, cites: Iterable[str] = ()) -> frozenset[str]:
    """The tactics `action` uses; `cites` are the rule ids its (dry) ruling cites (a squeeze shows there)."""
    used = {name for name, kinds in TACTIC_KINDS.items() if action.kind in kinds}
    used |= {name for name, mode in TACTIC_MODES.items() if action.mode == mode}
    used |= {name for name, tactic in TACTIC_ATTACKS.items() if action.tactic == tactic}
    if any(len(entry) == 4 for entry in action.path) or SQUEEZE_RULES & set(cites):
        used.add(SQUEEZE)  # a path entry naming a footprint is a squeezed one
    return frozenset(used)


def restricted(
    actions: Sequence[Action], without: frozenset[str], cites: Callable[[Action], Iterable[str]] | None = None
) -> list[Action]:
    """`actions` (best first) without those using a forbidden tactic; `cites(action)`: its ruling's rule ids."""
    if not without:
        return list(actions)
    kept = []
    for action in actions:
        ids: Iterable[str] = cites(action) if (cites is not None and SQUEEZE in without and action.path) else ()
        if not tactics_of(action, ids) & without:
            kept.append(action)
    return kept


@dataclass(frozen=True, slots=True)
class RestrictedSnapshot(Snapshot):
    """A snapshot of a match in which some sides' computer players may not use some tactics (their `without`)."""

    without: tuple[tuple[str, frozenset[str]], ...] = ()
    """(side, the tactics it may not use), for the restricted sides only."""

    def without_for(self, unit: str) -> frozenset[str]:
        """The tactics the player of `unit`'s side may not use."""
        side = self.sit.creatures[unit].side
        return next((tactics for sid, tactics in self.without if sid == side), frozenset())


def match_snapshot(match: Match) -> Snapshot:
    """The match as a snapshot (game.ai.snapshot) that carries its sides' restrictions, if any side has one."""
    snap = snapshot(match)
    without = tuple((s.id, side_without(match.level, s.id)) for s in match.level.sides)
    without = tuple(entry for entry in without if entry[1])
    if not without:
        return snap  # nothing restricted: the plain snapshot, as cheap as before
    return RestrictedSnapshot(**{f.name: getattr(snap, f.name) for f in fields(snap)}, without=without)


def without_of(snap: Snapshot, unit: str) -> frozenset[str]:
    """The tactics `unit`'s player may not use in `snap` (none unless it is a RestrictedSnapshot)."""
    return snap.without_for(unit) if isinstance(snap, RestrictedSnapshot) else frozenset()


def cites_in(snap: Snapshot) -> Callable[[Action], list[str]]:
    """The rule ids a dry ruling of an action cites in `snap` (a throwaway generator: its dice are ignored)."""

    def cites(action: Action) -> list[str]:
        result = snap.ruleset.rule(snap.sit, action, random.Random(0))
        if isinstance(result, Illegal):
            return [result.rule]
        return [*result.rules, *(e.rule for e in result.events)]

    return cites
