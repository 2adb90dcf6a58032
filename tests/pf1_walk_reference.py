"""The pf1 path walk as it was before measure became reach's search restricted to the path: a test reference.

A layered search along the given anchors asking `Mover.step` of every direction (and a
one-state-per-step short cut for a one-square mover under one action), frozen from the
rules of this version; `rules.pf1.movement.walk` must give the same `Walk` or the same
refusal (tests/test_pf1_cheap_facts.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core import Illegal, Refusal, Square, values
from rules.pf1 import squeeze
from rules.pf1.movement import _DELTAS, UNIT_CM, Band, Pos, Walk, _step_cost, _why_not
from rules.pf1.space import F_EDGE, FULL, Mover


def reference_walk(mover: Mover, path: Sequence[Square], band: Band | None, diag: int) -> Walk | Illegal:
    """The cheapest way to walk `path` from the mover's position under `band` (None = no budget)."""
    if not mover.big and band is not None and not band.split:
        line = _walk_line(mover, path, band.limit, diag)
        if line is not None:
            return line
    limit = band.limit if band else 1 << 30
    start = mover.start
    # key (pos, parity, phase, spent) -> (total, back, cost, flags, ids, diags)
    layer: dict[tuple, tuple] = {(start, diag & 1, 1, 0): (0, None, 0, 0, (), 0)}
    history: list[dict[tuple, tuple]] = [layer]
    for i, entry_i in enumerate(path):
        target = (entry_i[0], entry_i[1])
        exact = tuple(entry_i[2:4]) if len(entry_i) == 4 else None  # [x, y, w, h] names the footprint
        nxt: dict[tuple, tuple] = {}
        fail: tuple[str, str, Square] | None = None
        natural_fail: tuple[str, str, Square] | None = None
        elsewhere: set[Square] = set()
        over = False
        for key, entry in layer.items():
            (x, y, o), parity, phase, spent = key
            total = entry[0]
            dx, dy = target[0] - x, target[1] - y
            natural = (max(-1, min(1, dx)), max(-1, min(1, dy)))
            deltas = [natural] if max(abs(dx), abs(dy)) == 1 else []
            if mover.big:
                # squeezing can shift the anchor sideways and a squeezed turn (delta (0, 0)) may
                # keep it: any step may lead to the target anchor
                deltas = [natural] + [d for d in _DELTAS if d != natural]
                if o != FULL and natural != (0, 0):
                    deltas.append((0, 0))
                if o != FULL and exact is not None and exact not in (mover.dims(o), mover.dims(FULL)):
                    # another orientation is reached by a turn: that turn's reason counts
                    turn = squeeze.turn_to(mover, (x, y), o, target, False)
                    if isinstance(turn, Refusal):
                        natural_fail = natural_fail or turn
            for delta in deltas:
                result = mover.step_cached(x, y, o, delta)
                if not isinstance(result, list):
                    fail = fail or result
                    if delta == natural:
                        natural_fail = natural_fail or result
                    continue
                for mx, my, mo, kind, base, flags, _ in result:
                    if (mx, my) != target or (exact is not None and mover.dims(mo) != exact):
                        if delta == natural:
                            elsewhere.add((mx, my))
                        continue
                    cost, npar, dadd = _step_cost(kind, base, parity)
                    options = []
                    if spent + cost <= limit:
                        options.append((phase, spent + cost))
                    if band and band.split and phase == 1 and cost <= limit and mover.end_fail(x, y, o) is None:
                        options.append((2, cost))
                    if not options:
                        over = True
                    for nphase, nspent in options:
                        if band and band.split and nphase == 2 and phase == 2 and nspent > limit:
                            continue
                        nkey = ((mx, my, mo), npar, nphase, nspent)
                        cand = (total + cost, key, cost, flags, delta, entry[5] + dadd)
                        old = nxt.get(nkey)
                        if old is None or cand[0] < old[0] or (cand[0] == old[0] and _rank(key) < _rank(old[1])):
                            nxt[nkey] = cand
        if not nxt:
            if over and band is not None:
                return _budget_fail(mover, path, i, band, history)
            if fail is None:
                at = path[i - 1] if i else mover.start[:2]
                why = f"{list(target)} is not one step from {list(at)}"
                params = values(square=target, start=at)
                return Illegal("PF1-MOVE-ACTION", why, target, reason="not_one_step", params=params)
            fail = _why_not(mover, target, natural_fail or fail, natural_fail is not None, elsewhere)
            return fail.illegal(cost=min(e[0] for e in layer.values()), unit_cm=UNIT_CM)
        history.append(nxt)
        layer = nxt
    # ties prefer the full footprint, then the wider orientation (docs/scripts.md, path entries), then an even
    # diagonal count (the next diagonal costs 1, PF1-DIAG), then the first move action and the least spent in it:
    # not the order the steps were tried in, at the end as at every entry before it
    ends = [(entry[0], *_rank(key), key) for key, entry in layer.items() if mover.end_fail(*key[0]) is None]
    if not ends:
        key = min(layer, key=lambda k: layer[k][0])
        why = mover.end_fail(*key[0])
        assert why is not None
        return why.illegal(cost=layer[key][0], unit_cm=UNIT_CM)
    key = min(ends)[-1]
    return _unwind(mover, history, key)


def _walk_line(mover: Mover, path: Sequence[Square], limit: int, diag: int) -> Walk | None:
    """`walk` of a one-square mover under one action: a single state per step, so no layers are kept.

    Each step of such a mover has one way at most (`Mover.step` answers one move or a refusal)
    and no split point to choose, so the general walk's layers hold one state each. None
    when any step is refused, too far, over budget or names another footprint, or the end
    is illegal: then `walk` works out the same answer and its reason the general way.
    """
    x, y, o = mover.start
    parity = diag & 1
    spent = diags = 0
    positions: list[Pos] = []
    moves: list[tuple[int, int, tuple[str, ...], int]] = []
    for entry in path:
        if len(entry) == 4 and (entry[2], entry[3]) != (1, 1):
            return None
        dx, dy = entry[0] - x, entry[1] - y
        if dx < -1 or dx > 1 or dy < -1 or dy > 1 or (dx == 0 and dy == 0):
            return None
        # with its rule ids at once (what _ids_of asks again for each step of the general walk's answer)
        result = mover.step(x, y, o, (dx, dy), True)
        if not isinstance(result, list):
            return None
        x, y, o, kind, base, flags, ids = result[0]
        cost, parity, dadd = _step_cost(kind, base, parity)
        spent += cost
        if spent > limit:
            return None
        positions.append((x, y, o))
        moves.append((cost, flags, ids, dadd))
        diags += dadd
    if mover.end_fail(x, y, o) is not None:
        return None
    return Walk(spent, tuple(positions), tuple(moves), diags, None)


def _unwind(mover: Mover, history: list[dict[tuple, tuple]], key: tuple) -> Walk:
    total = history[-1][key][0]
    diags = history[-1][key][5]
    positions: list[Pos] = []
    moves: list[tuple[int, int, tuple[str, ...], int]] = []
    split = None
    for index in range(len(history) - 1, 0, -1):
        entry = history[index][key]
        back = entry[1]
        positions.append(key[0])
        moves.append(
            (entry[2], entry[3], _ids_of(mover, back[0], entry[4], key[0]), entry[5] - history[index - 1][back][5])
        )
        if key[2] == 2 and back[2] == 1:
            split = index - 1
        key = back
    positions.reverse()
    moves.reverse()
    return Walk(total, tuple(positions), tuple(moves), diags, split)


def _ids_of(mover: Mover, before: Pos, delta: Square, after: Pos) -> tuple[str, ...]:
    """The rule ids of one chosen step (worked out only for the steps of the answer)."""
    result = mover.step(before[0], before[1], before[2], delta, True)
    assert isinstance(result, list)
    return next(m[6] for m in result if m[:3] == after)


def _budget_fail(mover: Mover, path: Sequence[Square], index: int, band: Band | None, history: list) -> Illegal:
    best = min(e[0] for e in history[-1].values())
    rule = {"move": "PF1-MOVE-ACTION", "double_move": "PF1-DOUBLE-MOVE", "run": "PF1-RUN"}.get(
        band.name if band else "", "PF1-MOVE-ACTION"
    )
    if band and band.charge:
        rule = "PF1-CHARGE"
    free = reference_walk(mover, path[: index + 1], None, 0)
    if isinstance(free, Walk) and free.moves and free.moves[-1][1] & F_EDGE:
        message = "not enough movement left to cross the low wall and enter the square beyond"
        return Illegal("PF1-OBSTACLE-SHORT", message, path[index], best, UNIT_CM, reason="pf1.low_wall_short")
    kind = band.name if band else "move"
    message = f"the {kind} cannot pay for the step to {list(path[index])}"
    params = values(band=kind, square=path[index])
    return Illegal(rule, message, path[index], best, UNIT_CM, reason="pf1.cannot_pay", params=params)


def _rank(key: tuple) -> tuple[int, int, int, int]:
    """Which of two ways at the same price is kept: orientation (full, wide, tall), parity, move action, spent."""
    (_, _, o), parity, phase, spent = key
    return (o, parity, phase, spent)
