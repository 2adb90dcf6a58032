"""Restricted players: tactics a computer player may not use (`--without step,charge`), as one filter.

A restricted player plays at its strength but never takes a forbidden tactic: every strength's
options pass through `restricted` before one is chosen, so the filter is the one place that decides.
Playing a restricted player against a full one on the same seeds measures what the tactic is worth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rules.actions import Action

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
