"""The first actions the hard player weighs for one unit: the normal script's and the tactics around it.

Each ruleset's tactics as the rules offer them: attacking any enemy in reach (not only the
weakest), moving into reach of each of the nearest enemies (by the normal script's square and by the
square in fewest other enemies' reach), a charge, a 1.5 m step that brings
an enemy into reach or takes a wounded unit out of melee without provoking (pf1), leaving reach
after the attack (dnd5e; Dash comes with the normal script's choice), the stand-off when STAND_OFF is on
(sides taking whole turns: the move nearest the enemies that none of them can strike next turn), every
hexxen melee option (engage, sneak attack, relief, cut-in), and holding still (None). The search plays each out.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai import dnd5e_wait
from game.ai.context import Ctx
from game.ai.scoring import strike_span
from game.ai.snapshot import Snapshot
from rules.actions import Action
from rules.core import Creature, Illegal, Square

NEAREST = 3
"""Enemies (nearest first) the unit weighs moving into reach of, charging, or attacking."""
STAND_OFF = False
"""Whether a unit with no enemy in reach also weighs the stand-off: the move to the square nearest the enemies
that none of them can reach with a move and its reach next turn (they must come to it, and it strikes first). Off,
with the search's hold plans: measured no stronger on the shipped levels (docs/ai.md)."""
SAFE_RETREATS = True
"""Whether a dnd5e unit's moves out of reach after its attack (`_dnd5e_retreats`) are weighed only where no enemy
can strike it next turn (beyond a move of the greater of its speeds and its reach, `strike_span`). Anywhere nearer the
enemy walks up and strikes all the same, so the retreat only pays the opportunity attacks, and the search took it
on its samples' noise: dnd5e_hall, seed 5100, hard's Nim walks off the kobold and a rat after his blow, draws both
their attacks, and the hill giant walks 12 m and fells him. On: 66 of 120 tuning games against 65, on the report
seeds +5.8 points of seat gain against +4.2 (no dnd5e level fewer), within the noise, at about a third less CPU per
side-turn (a unit that has struck is seldom searched then); by initiative (dnd5e_mirror, which it reaches too) 45 of
60 tuning games against 44 (docs/ai.md)."""


def _legal(snap: Snapshot, action: Action) -> bool:
    return not isinstance(snap.ruleset.rule(snap.sit, action, random.Random(0)), Illegal)


def _nearest(ctx: Ctx) -> list[Creature]:
    """The NEAREST standing enemies (Chebyshev between anchors, then id), and the most wounded one if it is not
    among them: ganging up on one enemy at a time is weighed even when it stands further off."""
    x, y = ctx.me.at
    foes = ctx.foes()
    out = sorted(foes, key=lambda f: (max(abs(f.at[0] - x), abs(f.at[1] - y)), f.id))[:NEAREST]
    if foes:
        weakest = min(foes, key=lambda f: (f.hp / max(1, f.max_hp), f.id))
        if weakest not in out:
            out.append(weakest)
    return out


def _pf1(ctx: Ctx, snap: Snapshot) -> list[Action]:
    from game.ai import pf1 as script
    from rules.pf1 import in_reach
    from rules.pf1.economy import standard_free

    out: list[Action] = []
    me, unit = ctx.me, ctx.unit
    if me.prone:
        return out
    foes = _nearest(ctx)
    ts = script._turn(ctx)
    near = [f for f in ctx.foes() if script._may_reach(me, f, me.at) and in_reach(ctx.sit, unit, f.id)]
    if near:
        if standard_free(ts) and ctx.prechecked("attack"):
            out += [Action("attack", unit, target=f.id) for f in near]
        if me.hp * 2 <= me.max_hp and ctx.prechecked("step"):
            out += _pf1_withdrawals(ctx, snap)
    elif standard_free(ts):
        if ctx.prechecked("step"):
            out += _pf1_steps(ctx, snap, foes)
        if ts.moves_left > 0 and ctx.prechecked("move"):
            out += _stand_off(ctx, snap)
            for foe in foes:
                found = script._move_into_reach(ctx, [foe])
                if found is not None:
                    out.append(found)
            out += _sheltered(
                ctx,
                snap,
                foes,
                lambda sq, f: script._may_reach(me, f, sq) and in_reach(ctx.sit, unit, f.id, sq, me.dims),
            )
        if ctx.prechecked("charge"):
            for foe in foes:
                found = script._charge(ctx, [foe])
                if found is not None:
                    out.append(found)
    return out


def _pf1_steps(ctx: Ctx, snap: Snapshot, foes: list[Creature]) -> list[Action]:
    """1.5 m steps after which an enemy is in reach (the standard action then attacks, nothing provoked)."""
    from game.ai import pf1 as script
    from rules.pf1 import in_reach

    me, unit = ctx.me, ctx.unit
    x, y = me.at
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            sq = (x + dx, y + dy)
            if (dx or dy) and any(
                script._may_reach(me, f, sq) and in_reach(ctx.sit, unit, f.id, sq, me.dims) for f in foes
            ):
                action = Action("step", unit, (sq,))
                if _legal(snap, action):
                    out.append(action)
    return out


def _pf1_withdrawals(ctx: Ctx, snap: Snapshot) -> list[Action]:
    """A wounded unit's 1.5 m steps back (they never provoke): the search weighs pulling it out of reach."""
    me, unit = ctx.me, ctx.unit
    x, y = me.at
    foes = ctx.foes()
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            sq = (x + dx, y + dy)
            # away from every enemy: no enemy anchor nearer the square than the unit's own
            if (dx or dy) and all(
                max(abs(f.at[0] - sq[0]), abs(f.at[1] - sq[1])) > max(abs(f.at[0] - x), abs(f.at[1] - y)) for f in foes
            ):
                action = Action("step", unit, (sq,))
                if _legal(snap, action):
                    out.append(action)
    return out[:2]


def _exposure(me: Creature, anchor: Square, foes: list[Creature]) -> int:
    """How many enemies would have the unit in their reach if it stood at `anchor` (each may strike it at once)."""
    (x, y), (w, h) = anchor, me.dims
    count = 0
    for f in foes:
        (fx, fy), (fw, fh) = f.at, f.dims
        gap = max(0, x - (fx + fw - 1), fx - (x + w - 1), y - (fy + fh - 1), fy - (y + h - 1))
        count += gap <= max(1, round(f.reach / 1.5))
    return count


def _sheltered(
    ctx: Ctx, snap: Snapshot, foes: list[Creature], hits: Callable[[Square, Creature], bool]
) -> list[Action]:
    """For each enemy, the single move into its reach (`hits(square, enemy)`) where the fewest enemies have the unit
    in theirs, the cheapest of those: ganging up on one enemy without standing in reach of three."""
    everyone = ctx.foes()
    moves = [r for r in ctx.reachable() if r.band == "move" and r.path]
    out = []
    for foe in foes:
        best = min(
            ((_exposure(ctx.me, r.at, everyone), r.cost, r.at[1], r.at[0], r) for r in moves if hits(r.at, foe)),
            key=lambda e: e[:4],
            default=None,
        )
        if best is not None and _legal(snap, action := Action("move", ctx.unit, best[-1].path)):
            out.append(action)
    return out


def _stand_off(ctx: Ctx, snap: Snapshot) -> list[Action]:
    """The move to the square nearest the enemies (then the cheapest) outside what each can reach next turn with a
    move and its reach: the enemy who comes to it ends its move there without striking, and the unit strikes first.
    Empty when the unit stands there already or no such square is in its reach (holding is weighed apart)."""
    foes = ctx.foes()
    if not STAND_OFF or not foes or snap.mode == "initiative":
        return []  # by initiative the enemies act one by one, in between the unit's comrades: not weighed there
    me = ctx.me
    here = [gap_at(me, me.at, f) for f in foes]
    charges = charging(snap)
    exposed = any(g <= strike_span(f, charges) for g, f in zip(here, foes, strict=True))
    best = None
    for r in ctx.reachable():
        if r.band != "move" or not r.path:
            continue
        gaps = [gap_at(me, r.at, f) for f in foes]
        # nearer the enemies than it stands, or (standing where one can strike it next turn) back out of that
        beyond = all(g > strike_span(f, charges) for g, f in zip(gaps, foes, strict=True))
        if beyond and (min(gaps) < min(here) or exposed):
            key = (min(gaps), r.cost, r.at[1], r.at[0])
            if best is None or key < best[0]:
                best = (key, r)
    if best is None or not _legal(snap, action := Action("move", ctx.unit, best[1].path)):
        return []
    return [action]


def waits(snap: Snapshot, unit: str, action: Action | None) -> bool:
    """Whether `action` leaves the unit where no enemy can strike it next turn (holding: where it stands)."""
    if action is not None and action.kind != "move":
        return False
    me = snap.sit.creatures[unit]
    at = me.at if action is None or not action.path else action.path[-1]
    foes = [c for c in snap.sit.creatures.values() if c.side != me.side and not c.defeated]
    if snap.ruleset.BANDS == ("engage",):
        return False  # no distances: every enemy may engage
    charges = charging(snap)
    return all(gap_at(me, at, f) > strike_span(f, charges) for f in foes)


CHARGE_SPEEDS: dict[str, int] = {"pf1": 2}
"""Rulesets with a charge (PF1-CHARGE): a unit may strike from this many times its speed away (else once)."""


def charging(snap: Snapshot) -> bool:
    """Whether a unit may strike from further than its speed in this ruleset (a charge: PF1-CHARGE)."""
    return CHARGE_SPEEDS.get(snap.ruleset_name, 1) > 1


def gap_at(me: Creature, anchor: Square, foe: Creature) -> int:
    """Squares between the unit's footprint at `anchor` and the foe's (Chebyshev; 1 = adjacent)."""
    (x, y), (w, h) = anchor, me.dims
    (fx, fy), (fw, fh) = foe.at, foe.dims
    return max(0, x - (fx + fw - 1), fx - (x + w - 1), y - (fy + fh - 1), fy - (y + h - 1))


def _dnd5e_retreats(ctx: Ctx, snap: Snapshot) -> list[Action]:
    """After its attack, moves that leave every enemy's reach (drawing the attacks of opportunity the rules rule):
    the search weighs them against staying (D5-OA-LEAVE-REACH) — the furthest two squares from the enemies."""
    unit, me = ctx.unit, ctx.me
    foes = ctx.foes()
    ranked = []
    for r in ctx.reachable():
        if r.band == "move" and r.path:
            gap = min(max(abs(f.at[0] - r.at[0]), abs(f.at[1] - r.at[1])) for f in foes)
            if SAFE_RETREATS and any(gap_at(me, r.at, f) <= strike_span(f, fly=True) for f in foes):
                continue  # an enemy walks (or flies) up and strikes it next turn all the same
            if gap > 2:
                ranked.append((-gap, r.cost, r.at[1], r.at[0], r))
    ranked.sort(key=lambda e: e[:4])
    return [a for *_, r in ranked[:2] if _legal(snap, a := Action("move", unit, r.path))]


def _dnd5e(ctx: Ctx, snap: Snapshot) -> list[Action]:
    from game.ai import dnd5e as script
    from game.ai.scoring import footprint_at

    out: list[Action] = []
    me, unit = ctx.me, ctx.unit
    if me.prone:
        return out
    near = [f for f in ctx.foes() if script._in_reach(ctx, me, me.footprint(), f)]
    if near:
        if script._attack_left(ctx):
            out += [a for f in near if _legal(snap, a := Action("attack", unit, target=f.id))]
        else:
            out += _dnd5e_retreats(ctx, snap)  # splitting the movement around the attack
        return out
    if not script._attack_left(ctx):
        return out
    reach = ctx.reachable()
    foes = _nearest(ctx)
    out += _stand_off(ctx, snap)
    out += _sheltered(ctx, snap, foes, lambda sq, f: script._in_reach(ctx, me, footprint_at(me, sq), f))
    for foe in foes:
        best = None
        for r in reach:
            if (
                r.band == "move"
                and (best is None or r.cost < best.cost)
                and script._in_reach(ctx, me, footprint_at(me, r.at), foe)
            ):
                best = r
        if best is not None:
            out.append(Action("move", unit, best.path))
    return out


def _hexxen(ctx: Ctx, snap: Snapshot) -> list[Action]:
    from game.ai import hexxen as script

    if not (ctx.can("attack") or ctx.can("sneak_attack")):
        return []
    ranked = script.options(ctx)
    ranked.sort(key=lambda sa: (sa[0], sa[1].target or "", sa[1].kind, sa[1].tactic, sa[1].release or ""))
    return [a for _, a in ranked]


_TACTICS = {"pf1": _pf1, "dnd5e": _dnd5e, "hexxen": _hexxen}


def first_actions(snap: Snapshot, unit: str, normal: Action | None) -> list[Action | None]:
    """The portfolio for `unit` now: the normal choice first, then each tactic's action, then holding (None); while
    hard's side waits in dnd5e (`dnd5e_wait`), no move that ends where an enemy can walk up and strike it."""
    ctx = Ctx(snap.sit, snap.ruleset, unit, random.Random(0))
    out: list[Action | None] = [] if normal is None else [normal]
    for action in _TACTICS[snap.ruleset_name](ctx, snap):
        if action not in out:
            out.append(action)
    out.append(None)
    return dnd5e_wait.unwaited(snap, unit, out)
