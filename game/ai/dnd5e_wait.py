"""hard's side in dnd5e waits in its first side-turn, until the armies meet, beyond every enemy's move and reach.

Normal's dnd5e script closes in as far as a Dash allows. On dnd5e_cliffs the climbers, who move first, stand up and
Dash their fighters across the stone span to end within a move of every raider without striking, while their two
flyers strike the will-o'-wisp alone: every blow of the first round but two falls on them (Hilde or Aldric falls in
the reply in half the games read). Waiting where no enemy can walk up and strike next turn (a move of its walking
speed, then its reach), the side keeps together, and the raiders who come to it end their Dash beside it without a
blow, so the climbers strike first in round 2 with all four. It applies only before the armies meet: once a unit of
the side stands within an enemy's move and reach (on dnd5e_crypt and dnd5e_hall from the start; the raiders after
the climbers' first turn) the side plays as before, but with DND5E_HOLD: while fewer than half the enemies can walk up
and strike any unit of the side, a unit that cannot strike this turn does not close in to where one of the others can
(on dnd5e_hall only the hill giant can reach the heroes at the start: normal's heroes Dash up beside the rats and the
kobolds without a blow, and all of them strike in the reply; holding, the heroes meet them in round 2 with every blow).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import rules.dnd5e as dnd5e
from game.ai.dnd5e import Exposed
from game.ai.normal import normal_options
from game.ai.scoring import footprint_at, strike_span
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Creature, Situation, Square
from rules.dnd5e.space import sit_distance

WAIT_RULESETS = frozenset({"dnd5e"})
"""The rulesets whose side script waits (dnd5e's, game/ai/dnd5e.py, with the priority pick: priority.side_options)."""

DND5E_WAIT_ROUNDS = 1
"""In the first this many rounds, while no unit of hard's side stands within an enemy's move and reach, its units
neither walk up to strike nor close in to a square within an enemy's move (its walking speed, as the crow flies;
flight not counted, or no square of dnd5e_cliffs would be beyond the wyvern) and reach. 0: off."""


DND5E_HOLD = True
"""Whether, in the same first rounds, once the armies have met but while fewer than half the enemies can walk up and
strike any unit of hard's side, a unit of the side that closes in (it cannot strike this turn) does not end where an
enemy can walk up and strike it next turn that cannot where it stands (`holding`); walking up to strike stays open."""


def _within(sit: Situation, there: frozenset[Square], foes: Sequence[Creature]) -> bool:
    """Whether an enemy can walk up to footprint `there` and strike it next turn (`scoring.strike_span`)."""
    return any(sit_distance(sit, there, f.footprint()) <= strike_span(f) for f in foes)


def _first_rounds(snap: Snapshot, unit: str) -> tuple[list[Creature], list[frozenset[Square]]] | None:
    """The unit's standing enemies and its own side's footprints in the first rounds where its side may wait or hold
    (dnd5e, sides taking whole turns, DND5E_WAIT_ROUNDS); None outside them."""
    sit = snap.sit
    if snap.ruleset_name not in WAIT_RULESETS or snap.mode == "initiative" or sit.round > DND5E_WAIT_ROUNDS:
        return None
    side = sit.creatures[unit].side
    standing = [c for c in sit.creatures.values() if not c.defeated]
    return [c for c in standing if c.side != side], [c.footprint() for c in standing if c.side == side]


def waiting(snap: Snapshot, unit: str) -> Exposed | None:
    """The test of a footprint the unit must not end its move on while its side waits (DND5E_WAIT_ROUNDS), or None
    when it does not wait: another ruleset, by initiative, after the first rounds, or once the armies have met."""
    armies = _first_rounds(snap, unit)
    if armies is None:
        return None
    sit, (foes, mine) = snap.sit, armies
    if any(_within(sit, there, foes) for there in mine):
        return None
    return lambda there: _within(sit, there, foes)


def holding(snap: Snapshot, unit: str) -> Exposed | None:
    """The test of a footprint the unit must not close in to while its side holds (DND5E_HOLD), or None when it does
    not hold: another ruleset, by initiative, after the first rounds, while the side waits (`waiting`), once half the
    enemies or more can strike the side, or when every enemy can strike the unit where it stands."""
    armies = _first_rounds(snap, unit) if DND5E_HOLD else None
    if armies is None:
        return None
    sit, (foes, mine) = snap.sit, armies
    me = sit.creatures[unit]
    met = [f for f in foes if any(_within(sit, there, [f]) for there in mine)]
    if not met or 2 * len(met) >= len(foes):
        return None
    fresh = [f for f in foes if not _within(sit, me.footprint(), [f])]
    if not fresh:
        return None
    return lambda there: _within(sit, there, fresh)


def _strikes_from(sit: Situation, me: Creature, there: frozenset[Square]) -> bool:
    """Whether an enemy stands within the unit's reach from footprint `there`."""
    reach = dnd5e.reach_squares(me)
    return any(
        sit_distance(sit, there, c.footprint()) <= reach
        for c in sit.creatures.values()
        if c.side != me.side and not c.defeated
    )


def _closes_in(sit: Situation, me: Creature, action: Action, held: Exposed) -> bool:
    """Whether `action` walks or Dashes the unit to a footprint `held` finds exposed, striking nobody from there (a Dash
    spends the action: it strikes nobody this turn)."""
    if action.kind not in ("move", "dash") or not action.path:
        return False
    there = footprint_at(me, action.path[-1][:2])
    return held(there) and (action.kind == "dash" or not _strikes_from(sit, me, there))


def unwaited(snap: Snapshot, unit: str, portfolio: list[Action | None]) -> list[Action | None]:
    """The search's portfolio without the moves that end where the unit must not stand while its side waits (its own
    script's wait is then the search's too: weighed on its playouts to the reply, a flyer's lone blow at the
    will-o'-wisp looked better than waiting, and the raiders' reply fell it)."""
    me = snap.sit.creatures[unit]
    exposed = waiting(snap, unit)
    if exposed is None:
        held = holding(snap, unit)
        if held is None:
            return portfolio
        return [a for a in portfolio if a is None or not _closes_in(snap.sit, me, a, held)]
    return [
        a
        for a in portfolio
        if a is None or a.kind not in ("move", "dash") or not a.path or not exposed(footprint_at(me, a.path[-1][:2]))
    ]


def waits_for_enemy(snap: Snapshot, unit: str) -> bool:
    """Whether a hold of `unit` is its side's wait (the explanation's reason for it): its side waits, and normal's
    script would walk or Dash it to where an enemy can walk up and strike it (normal's own holds are never this)."""
    exposed = waiting(snap, unit)
    if exposed is None:
        return False
    normal = normal_options(snap, unit, random.Random(0))
    if not normal or normal[0].kind not in ("move", "dash") or not normal[0].path:
        return False
    return exposed(footprint_at(snap.sit.creatures[unit], normal[0].path[-1][:2]))


def holds_for_enemy(snap: Snapshot, unit: str) -> bool:
    """Whether a hold of `unit` is its side's hold (`holding`; the explanation's reason for it): normal's script would
    walk or Dash it, striking nobody from there, to where an enemy can walk up and strike it that cannot now."""
    held = holding(snap, unit)
    if held is None or waiting(snap, unit) is not None:
        return False
    normal = normal_options(snap, unit, random.Random(0))
    return bool(normal) and _closes_in(snap.sit, snap.sit.creatures[unit], normal[0], held)
