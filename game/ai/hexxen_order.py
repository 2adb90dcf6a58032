"""The order in which hard's side acts in HeXXen: the units whose next blow commits them to nothing new first, the
free units whose first blow binds them last, the weakest of those first, so the strongest chooses its enemy last.

Where sides take whole turns, any unit of the side to act may act next (GB-TURN orders the sides, not their units:
a player picks them in any order), and the level's order is only the order of the list. In HeXXen the order decides
where blows can go: a bound unit may strike only its partners (HX-BOUND-NO-MOVE) and a mounted one is never bound
(HX-MOUNTED), so whenever they act their blows go where they would anyway; a free unit on foot is bound to the first
enemy it front-attacks (HX-BIND-ON-ATTACK) and its later blows of the round go there. Acting last, it chooses that
enemy after its comrades' blows have landed: the enemy the others wounded, or a fresh one if they felled theirs. On
hexxen_village, as the cult, normal's order (the preacher first) engages a fresh hunter with the preacher's three
blows before the cultists bound to the hunters have struck; acting after them, the preacher finishes the hunter they
wounded (docs/ai.md, *Who acts first in HeXXen*).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from game.ai.snapshot import Snapshot
from rules.core import Situation
from rules.hexxen.binding import is_bound
from rules.hexxen.traits import traits
from rules.hexxen.turn import current_turn, round_budget

ORDER_RULESETS = frozenset({"hexxen"})
"""The rulesets whose side-turns hard's side plays in `side_order`."""
HEXXEN_ORDER = True
"""Whether hard's own side acts in `side_order` where sides take whole turns in ORDER_RULESETS (False: the level's
order, as normal plays). The enemy's reply in the search's playouts keeps the level's order (normal's)."""

STARTED, HELD, MOUNTED, FREE = range(4)
"""A unit's place in the order: it has begun acting this turn (it finishes first), it is bound, it is mounted, it is
free on foot."""


def place(sit: Situation, unit: str) -> int:
    """Where `unit` acts in its side's turn (STARTED, HELD, MOUNTED or FREE)."""
    turn = current_turn(sit, unit)
    if turn.attacks_made > 0 or turn.ap_left < round_budget(sit, unit):
        return STARTED
    if is_bound(sit, unit):
        return HELD
    return MOUNTED if traits(sit.creatures[unit]).mounted else FREE


def side_order(
    sit: Situation,
    ruleset_name: str,
    mode: str,
    units: Collection[str],
    weigh: Callable[[Situation], Mapping[str, float]],
) -> list[str]:
    """`units` (the side's acting units in the level's order) in the order hard's side acts them: the one that has
    begun, the bound, the mounted, then the free on foot by their blows a round (weight × AP), fewest first; the
    level's order among equals. Recomputed from the situation at every step, so a unit freed during the turn waits
    with the free. The level's order outside ORDER_RULESETS, by initiative, or with HEXXEN_ORDER off."""
    if not HEXXEN_ORDER or ruleset_name not in ORDER_RULESETS or mode == "initiative":
        return list(units)
    weights = weigh(sit)

    def key(unit: str) -> tuple[int, float]:
        where = place(sit, unit)
        return where, weights.get(unit, 1.0) * round_budget(sit, unit) if where == FREE else 0.0

    return sorted(units, key=key)


def next_unit(
    sit: Situation,
    ruleset_name: str,
    mode: str,
    units: Collection[str],
    played: Collection[str],
    weigh: Callable[[Situation], Mapping[str, float]],
) -> str | None:
    """The first of `units` in `side_order` that has not `played` yet this turn (None: every one has)."""
    return next((u for u in side_order(sit, ruleset_name, mode, units, weigh) if u not in played), None)


def own_order(snap: Snapshot, weigh: Callable[[Situation], Mapping[str, float]]) -> list[str]:
    """The snapshot's acting units in `side_order` (hard's side's order; the level's where it does not apply)."""
    return side_order(snap.sit, snap.ruleset_name, snap.mode, snap.acting(), weigh)


def next_in_turn(
    snap: Snapshot, own: str | None, played: Collection[str], weigh: Callable[[Situation], Mapping[str, float]]
) -> str | None:
    """The next unit of the snapshot's turn that has not `played` yet: side `own`'s (hard's) in `side_order`, any
    other side's (the enemy's reply in a playout, normal's turn) in the level's order."""
    if own is None or snap.side != own:
        return next((u for u in snap.acting() if u not in played), None)
    return next_unit(snap.sit, snap.ruleset_name, snap.mode, snap.acting(), played, weigh)
