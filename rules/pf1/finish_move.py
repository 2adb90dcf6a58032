"""Carrying out a judged pf1 movement: the checks it needs, where a failed one stops it, its effects."""

from __future__ import annotations

import random
from dataclasses import replace

from rules.actions import Action
from rules.core import Effect, Event, Ruling, Situation, Square, footprint, replaced
from rules.pf1 import checks
from rules.pf1.fit import dims_of, fits_at, orientation_of
from rules.pf1.movement import (
    UNIT_CM,
    Walk,
    involuntary_stop,
)
from rules.pf1.space import F_ESCAPE, F_SKILL, FULL, Mover
from rules.pf1.turn import TurnState, current_turn


def _place_effects(unit: str, side: int, pos: tuple[int, int, int], squeezed: bool, ts: TurnState) -> list[Effect]:
    dims = dims_of(side, pos[2]) if pos[2] != FULL else None
    return [
        Effect("place", unit, value=((pos[0], pos[1]), dims)),
        Effect("set", unit, "squeezed", squeezed),
        Effect("turn", unit, value=ts),
    ]


def moved_state(ts: TurnState, band: str, diags: int, cost: int) -> TurnState:
    """The turn state after a movement paid in `band` with `diags` diagonals and `cost`."""
    used = {"move": 1, "double_move": 2}.get(band, 0)
    return replaced(
        ts,
        diag=ts.diag + diags,
        move_actions=ts.move_actions + used,
        full_round_used=ts.full_round_used or band in ("run", "charge", "minimum_move"),
        moved=True,
        spent=ts.spent + cost,
    )


def _cut(ruling: Ruling, walk: Walk, n: int) -> tuple[Ruling, Walk]:
    """The first n steps of a movement (stopped by a failed check)."""
    steps = ruling.steps[:n]
    cost = sum(s.cost for s in steps)
    events = tuple(e for s in steps for e in s.events)
    cut_walk = Walk(cost, walk.positions[:n], walk.moves[:n], sum(m[3] for m in walk.moves[:n]), walk.split)
    return replace(ruling, cost=cost, steps=steps, events=events), cut_walk


def finish_move(
    sit: Situation,
    unit: str,
    ruling: Ruling,
    walk: Walk,
    band: str,
    rng: random.Random,
    *,
    stop_before: frozenset[Square] = frozenset(),
    extra_rules: tuple[str, ...] = (),
    extra_events: tuple[Event, ...] = (),
    ts: TurnState | None = None,
) -> Ruling:
    """Roll the checks a path needs, stop it where one fails, and build the effects."""
    c = sit.creature(unit)
    ts = ts or current_turn(sit, unit)
    side = c.full_side  # a Mover (every square's facts) is built only where a check stops the move
    start = (c.at[0], c.at[1], orientation_of(side, c.dims))
    events = list(extra_events)
    rules = list(extra_rules)
    stop_at: int | None = None
    for n, (pos, (_, flags, _, _)) in enumerate(zip(walk.positions, walk.moves, strict=True)):
        if stop_before and footprint(pos[:2], dims_of(side, pos[2])) & stop_before:
            stop_at = n
            break
        if flags & F_ESCAPE:
            result = checks.escape_artist(rng, c)
            events.append(
                Event("check", checks.GB_CHECK, unit=unit, at=pos[:2], detail="Escape Artist " + result.text())
            )
            rules += ["PF1-ESCAPE-ARTIST", checks.GB_CHECK]
            if not result.success:
                stop_at = n
                break
        if flags & F_SKILL:
            result = checks.obstacle(rng, c)
            events.append(Event("check", checks.GB_CHECK, unit=unit, at=pos[:2], detail="obstacle " + result.text()))
            rules += ["PF1-OBSTACLE-SKILL", checks.GB_CHECK]
            if not result.success:
                stop_at = n
                break
    if stop_at is not None:
        ruling, walk = _cut(ruling, walk, stop_at)
    last = walk.positions[-1] if walk.positions else start
    if stop_at is not None:
        stop_pos = walk.positions[-1] if walk.positions else start
        mover = Mover(sit, unit)
        if mover.end_fail(*stop_pos) is not None:
            anchor, dims = involuntary_stop(
                sit, unit, (stop_pos[:2], mover.dims(stop_pos[2])), (stop_pos[:2], mover.dims(stop_pos[2])), rng
            )
            last = (anchor[0], anchor[1], mover.orientation(dims))
            rules.append("PF1-ILLEGAL-END")
            events.append(
                Event("stopped", "PF1-ILLEGAL-END", unit=unit, at=anchor, detail="placed at the nearest legal square")
            )
    new_ts = moved_state(ts, band, walk.diags, ruling.cost)
    all_events = list(ruling.events) + events
    squeezed, escaping = fits_at(sit, c, last[:2], last[2])
    if squeezed and not any(e.kind == "squeeze" for e in all_events):
        all_events.append(Event("squeeze", "PF1-SQUEEZE-PENALTY", unit=unit, at=last[:2], detail="-4 attack, -4 AC"))
    if escaping:
        all_events.append(
            Event("escape_artist", "PF1-ESCAPE-ARTIST", unit=unit, at=last[:2], detail="no attacks, -4 AC, no Dex")
        )
    if not walk.positions and stop_at is not None:
        last = (last[0], last[1], last[2])
    return Ruling(
        cost=ruling.cost,
        unit_cm=UNIT_CM,
        rules=tuple(dict.fromkeys([*ruling.rules, *rules])),
        events=tuple(all_events),
        effects=tuple(_place_effects(unit, side, last, squeezed, new_ts)),
        steps=ruling.steps,
        band=band,
        message=ruling.message,
    )


def action_path(action: Action) -> list[Square]:
    """The squares an action names: its path, or its `at` square alone."""
    path = [tuple(sq) for sq in action.path]
    if not path and action.at is not None:
        path = [tuple(action.at)]
    return path  # type: ignore[return-value]
