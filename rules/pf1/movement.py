"""PF1 paths: `measure` (reach's search restricted to the path), `reach` and helpers.

A search state is a position (anchor, orientation) plus the parity of the turn's
diagonal counter (only the parity matters for the 1-2-1-2 cost). A double move also
carries which move action it is in and what that action has spent, because the split
point must be a legal end and each action pays at most the speed (PF1-DOUBLE-MOVE,
PF1-OBSTACLE-SHORT). Reach and measure read the same step table (rules/pf1/tables.py).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from rules.core import Creature, Event, Illegal, Refusal, Ruling, Situation, Square, StepRuling, footprint, values
from rules.geometry import footprint_distance, pf1_distance, pf1_gap
from rules.pf1 import judged, squeeze
from rules.pf1.found import Found, Merged, step_table
from rules.pf1.space import DIAG_HAMPERED, DIAG_PLAIN, F_EDGE, F_ESCAPE, F_SKILL, F_SQUEEZED, FULL, TALL, WIDE, Mover
from rules.pf1.speed import movement_speed as effective_speed
from rules.pf1.speed import run_multiplier
from rules.pf1.tables import StepTable, board_squares, runs_apart
from rules.pf1.turn import TurnState, current_turn
from rules.reaches import Reaches

UNIT_CM = 150
GB_PF_AOO = "GB-PF-AOO"
"""House rule (standard PF1, not in the texts): leaving a threatened square provokes."""
GB_PRONE = "GB-PF-PRONE"

Pos = tuple[int, int, int]
_DELTAS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))


@dataclass(frozen=True, slots=True)
class Band:
    """One way to pay for a path: a single action with a limit, or two move actions."""

    name: str
    limit: int
    split: bool = False
    run: bool = False
    charge: bool = False


def bands_for(sit: Situation, unit: str, state: TurnState | None = None) -> list[Band]:
    """The movement bands the unit can still use this turn, cheapest first."""
    c = sit.creature(unit)
    ts = state or current_turn(sit, unit)
    speed = effective_speed(c)
    if speed <= 0 or c.prone or ts.moves_left == 0:
        return []
    bands = [Band("move", speed)]
    if ts.moves_left == 2:
        bands.append(Band("double_move", speed, split=True))
        if not ts.moved and ts.move_actions == 0:
            bands.append(Band("run", speed * run_multiplier(c), run=True))
    return bands


def prone_refusal(c: Creature) -> Illegal:
    """The house rule every pf1 movement asks first of a prone creature: stand up before moving."""
    return Illegal(
        GB_PRONE, "a prone creature must stand up before moving (house rule)", c.at, reason="pf1.prone_stand_first"
    )


def no_band_reason(sit: Situation, unit: str) -> Illegal:
    """Why the unit cannot move at all now."""
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if c.prone:
        return prone_refusal(c)
    if effective_speed(c) <= 0:
        return Illegal("PF1-MOVE-ACTION", "speed is 0", c.at, reason="pf1.speed_zero")
    if ts.stepped:
        return Illegal("PF1-FIVE-FOOT-STEP", "no movement after the 1.5 m step", c.at, reason="pf1.after_step")
    if ts.full_round_used:
        why = "a full-round action was taken this round"
        return Illegal("PF1-FULLROUND-STEP", why, c.at, reason="pf1.full_round_used")
    return Illegal("PF1-MOVE-ACTION", "no move action left this round", c.at, reason="pf1.no_move_action")


# --- the path judged along given anchors ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Walk:
    """The cheapest legal way to walk a path of anchors under one band."""

    cost: int
    positions: tuple[Pos, ...]
    moves: tuple[tuple[int, int, tuple[str, ...], int], ...]
    """(cost, flags, ids, diagonals counted) per step."""
    diags: int
    split: int | None
    """Index of the last step of the first move action (double move)."""


def _step_cost(kind: int, base: int, parity: int) -> tuple[int, int, int]:
    """(cost, new parity, diagonal count added)."""
    if kind == DIAG_PLAIN:
        return (2 if parity else 1), parity ^ 1, 1
    if kind == DIAG_HAMPERED:
        return base, parity, 2
    return base, parity, 0


def walk(mover: Mover, path: Sequence[Square], band: Band | None, diag: int) -> Walk | Illegal:
    """The cheapest way to walk `path` from the mover's position under `band` (None = no budget).

    Reach's search restricted to the path: reach's states (a position, the parity of the
    diagonal counter and, in a double move, the move action and what it has spent, PF1-DOUBLE-MOVE),
    the steps out of them from the same rows of the same step table (rules/pf1/tables.py), and only
    the steps that enter the path's next anchor (and footprint, for `[x, y, w, h]`) kept. Every
    step enters the next entry, so the states of one entry all lie one step beyond the last's:
    the search settles them entry by entry. Ties keep the state found first, in the step table's
    order; at the end, an even diagonal count wins a tie. When no step is left, the step rule says why (`_refusal`).
    """
    table = step_table(mover)
    rows, dirty, fill, end_ok = table.rows, table.dirty, table.fill, table.end_ok
    big = mover.big
    width, height = table.width, table.height
    per_square = 3 if big else 1  # packed positions per anchor square (the orientations of a bigger mover)
    limit = band.limit if band else 1 << 30
    split = band is not None and band.split
    # a key is (state, action, spent): state = packed position · 2 + parity, as reach's search has it
    x, y, o = mover.start

    def rank(key: tuple[int, int, int]) -> tuple[int, int, int, int]:
        # which of two ways at the same price the walk keeps, at every entry as at the end: the full footprint,
        # then the wider orientation, then an even diagonal count, then the first move action and the least
        # spent in it; an order of the states, not of the step table's rows, so any search gives the same walk
        return ((key[0] >> 1) % 3 if big else FULL, key[0] & 1, key[1], key[2])

    first = (table.pack(x, y, o) << 1) | (diag & 1)
    layer: dict[tuple[int, int, int], tuple] = {(first, 1, 0): (0, None, 0)}
    history: list[dict[tuple[int, int, int], tuple]] = [layer]
    for i, entry_i in enumerate(path):
        target = (entry_i[0], entry_i[1])
        exact = tuple(entry_i[2:4]) if len(entry_i) == 4 else None  # [x, y, w, h] names the footprint
        # the anchor index y·width + x of the entry (-1 off the map: no step enters it)
        goal = target[1] * width + target[0] if 0 <= target[0] < width and 0 <= target[1] < height else -1
        nxt: dict[tuple[int, int, int], tuple] = {}
        over = False
        for key, (total, _, _) in layer.items():
            state, phase, spent = key
            pk = state >> 1
            row = rows[pk]
            if row is None or dirty[pk]:
                row = fill(pk)
            for nstate, cost in row[state & 1]:
                npk = nstate >> 1
                if npk // per_square != goal or (exact is not None and mover.dims(npk % 3 if big else FULL) != exact):
                    continue
                options = []
                if spent + cost <= limit:
                    options.append((phase, spent + cost))
                if split and phase == 1 and cost <= limit and end_ok(pk):
                    options.append((2, cost))  # the first move action ends here, a legal end
                if not options:
                    over = True
                for nphase, nspent in options:
                    nkey = (nstate, nphase, nspent)
                    old = nxt.get(nkey)
                    if old is None or total + cost < old[0] or (total + cost == old[0] and rank(key) < rank(old[1])):
                        nxt[nkey] = (total + cost, key, cost)
        if not nxt:
            if over and band is not None:
                return _budget_fail(mover, path, i, band, history)
            return _refusal(mover, path, i, [_position(table, big, key[0]) for key in layer], layer)
        history.append(nxt)
        layer = nxt
    # ties prefer the full footprint, then the wider orientation (docs/scripts.md, path entries), then an even
    # diagonal count (`rank`): a squeezed mover expanding may reach one footprint by an orthogonal or a diagonal
    # shift at the same price, and the orthogonal one leaves the turn's next diagonal at 1 (PF1-DIAG,
    # PF1-SQUEEZE-LARGE); a squeezed mover may reach one entry wide or tall at the same price, and the wider
    # way is kept on the walk as at its end
    ends = [(entry[0], *rank(key), key) for key, entry in layer.items() if end_ok(key[0] >> 1)]
    if not ends:
        key = min(layer, key=lambda k: layer[k][0])
        why = mover.end_fail(*_position(table, big, key[0]))
        assert why is not None
        return why.illegal(cost=layer[key][0], unit_cm=UNIT_CM)
    return _unwind(mover, table, history, min(ends)[-1])


def _position(table: StepTable, big: bool, state: int) -> Pos:
    """The (x, y, orientation) of a search state."""
    pk = state >> 1
    x, y = table.square(pk)
    return (x, y, pk % 3 if big else FULL)


def _refusal(mover: Mover, path: Sequence[Square], i: int, at: list[Pos], layer: dict) -> Illegal:
    """Why no step from the positions `at` (the ways along the path so far, `layer`) enters the path's entry `i`.

    The step rule's own refusals (`Mover.step`), asked of the step toward the entry and, for a
    bigger mover, of every step (squeezing may shift the anchor sideways, a squeezed turn keep it).
    """
    entry_i = path[i]
    target = (entry_i[0], entry_i[1])
    exact = tuple(entry_i[2:4]) if len(entry_i) == 4 else None
    fail: Refusal | None = None
    natural_fail: Refusal | None = None
    elsewhere: set[Square] = set()
    for x, y, o in at:
        dx, dy = target[0] - x, target[1] - y
        natural = (max(-1, min(1, dx)), max(-1, min(1, dy)))
        deltas = [natural] if max(abs(dx), abs(dy)) == 1 else []
        if mover.big:
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
            elif delta == natural:
                elsewhere.update((m[0], m[1]) for m in result)  # no step of the search entered the target
    if fail is None:
        start = path[i - 1] if i else mover.start[:2]
        why = f"{list(target)} is not one step from {list(start)}"
        params = values(square=target, start=start)
        return Illegal("PF1-MOVE-ACTION", why, target, reason="not_one_step", params=params)
    why = _why_not(mover, target, natural_fail or fail, natural_fail is not None, elsewhere)
    return why.illegal(cost=min(e[0] for e in layer.values()), unit_cm=UNIT_CM)


def _why_not(mover: Mover, target: Square, fail: Refusal, natural: bool, elsewhere: set[Square]) -> Refusal:
    """The clearest reason no step reaches `target`: its own square, the full space there, or where the step goes."""
    if fail.rule == "PF1-CORNER":
        if mover.big and not any(
            not isinstance(mover.check(target, mover.dims(o), o != FULL), Refusal) for o in (FULL, WIDE, TALL)
        ):
            # no footprint of the mover, full or squeezed, fits there: that decides, not the corner on the way
            # (the Huge cave giant at a one-square crack is "too narrow", PF1-SQUEEZE)
            full = mover.check(target, mover.dims(FULL), False)
            assert isinstance(full, Refusal)
            return full
        return fail
    cell = mover.cell(target)
    own = cell.block or cell.crowd  # every footprint anchored there covers the anchor square itself
    if own:
        return own.where(target)
    if mover.big and not natural:
        full = mover.check(target, mover.dims(FULL), False)
        if isinstance(full, Refusal):
            return full
        if elsewhere:
            ends = ", ".join(str(list(sq)) for sq in sorted(elsewhere))
            why = f"that step ends with the top-left square at {ends}"
            squares = ", ".join(f"[{sq[0]}, {sq[1]}]" for sq in sorted(elsewhere))
            return Refusal("PF1-SQUEEZE-LARGE", why, target, "pf1.step_ends_elsewhere", values(squares=squares))
    return fail


def _unwind(mover: Mover, table: StepTable, history: list[dict[tuple[int, int, int], tuple]], key: tuple) -> Walk:
    """The walk of the chosen end state, each step ruled again with its rule ids (only the answer's steps)."""
    big = mover.big
    total = history[-1][key][0]
    positions: list[Pos] = []
    moves: list[tuple[int, int, tuple[str, ...], int]] = []
    split = None
    for index in range(len(history) - 1, 0, -1):
        _, back, cost = history[index][key]
        after = _position(table, big, key[0])
        positions.append(after)
        moves.append(_step_of(mover, _position(table, big, back[0]), after, cost, back[0] & 1, key[0] & 1))
        if key[1] == 2 and back[1] == 1:
            split = index - 1
        key = back
    positions.reverse()
    moves.reverse()
    return Walk(total, tuple(positions), tuple(moves), sum(m[3] for m in moves), split)


def _step_of(mover: Mover, before: Pos, after: Pos, cost: int, parity: int, then: int) -> tuple:
    """(cost, flags, rule ids, diagonals counted) of the chosen step from `before` to `after`.

    The step rule asked again with its ids, the step toward `after` first: of the steps to
    `after` at this cost and parity (a bigger mover may reach one footprint by several), the first.
    """
    x, y, o = before
    natural = (max(-1, min(1, after[0] - x)), max(-1, min(1, after[1] - y)))
    deltas = [natural]
    if mover.big:
        deltas += [d for d in _DELTAS if d != natural]
        if o != FULL and natural != (0, 0):
            deltas.append((0, 0))
    for delta in deltas:
        result = mover.step(x, y, o, delta, True)
        if isinstance(result, list):
            for m in result:
                if m[:3] == after:
                    paid, npar, dadd = _step_cost(m[3], m[4], parity)
                    if (paid, npar) == (cost, then):
                        return (cost, m[5], m[6], dadd)
    raise AssertionError(f"no step from {before} to {after} costs {cost}")  # the table's rows are Mover.step's


def _budget_fail(mover: Mover, path: Sequence[Square], index: int, band: Band | None, history: list) -> Illegal:
    best = min(e[0] for e in history[-1].values())
    rule = {"move": "PF1-MOVE-ACTION", "double_move": "PF1-DOUBLE-MOVE", "run": "PF1-RUN"}.get(
        band.name if band else "", "PF1-MOVE-ACTION"
    )
    if band and band.charge:
        rule = "PF1-CHARGE"
    free = walk(mover, path[: index + 1], None, 0)
    if isinstance(free, Walk) and free.moves and free.moves[-1][1] & F_EDGE:
        message = "not enough movement left to cross the low wall and enter the square beyond"
        return Illegal("PF1-OBSTACLE-SHORT", message, path[index], best, UNIT_CM, reason="pf1.low_wall_short")
    kind = band.name if band else "move"
    message = f"the {kind} cannot pay for the step to {list(path[index])}"
    params = values(band=kind, square=path[index])
    return Illegal(rule, message, path[index], best, UNIT_CM, reason="pf1.cannot_pay", params=params)


def judge(
    sit: Situation,
    unit: str,
    path: Sequence[Square],
    bands: list[Band],
    *,
    through: tuple[str, ...] = (),
    through_rule: str = "PF1-OVERRUN",
) -> tuple[Ruling, Walk, Band] | Illegal:
    """The path as one movement: the cheapest band that pays, with its step rulings.

    Kept per situation object (rules/pf1/judged.py): the AI's forecast of a path and the
    ruling on the action it then takes judge it once."""
    steps = tuple(path)
    if not judged.exact(steps):
        return _judge(sit, unit, steps, bands, through, through_rule)
    question = ("judge", unit, steps, tuple(bands), through, through_rule)
    return judged.kept(sit, question, lambda: _judge(sit, unit, steps, bands, through, through_rule))


def _judge(
    sit: Situation, unit: str, path: Sequence[Square], bands: list[Band], through: tuple[str, ...], through_rule: str
) -> tuple[Ruling, Walk, Band] | Illegal:
    c = sit.creature(unit)
    ts = current_turn(sit, unit)
    if not path:
        return Illegal("PF1-MOVE-ACTION", "the path is empty", c.at, reason="needs_path")
    if not bands:
        return no_band_reason(sit, unit)
    walker = Mover(sit, unit, through=through, through_rule=through_rule, charge=any(b.charge for b in bands))
    best: tuple[Walk, Band] | None = None
    fails: list[tuple[Band, Illegal]] = []
    for band in bands:
        mover = walker
        if band.run:
            mover = Mover(sit, unit, run=True, charge=band.charge, through=through, through_rule=through_rule)
            start_fail = _start_rough(mover)
            if start_fail is not None:
                fails.append((band, start_fail))
                continue
        result = walk(mover, path, band, ts.diag)
        if isinstance(result, Illegal):
            fails.append((band, result))
            continue
        if best is None or result.cost < best[0].cost:
            best = (result, band)
    if best is None:
        # the unbudgeted walk only explains failures: a run may differ (a squeezed runner expands
        # only into footprints free of difficult terrain), so it never vetoes a band on its own
        free = walk(walker, path, None, ts.diag)
        if isinstance(free, Illegal):
            return free
        band, fail = fails[-1]
        if fail.rule == "PF1-DIFFICULT-NORUN" and free.cost > band.limit and len(fails) > 1:
            fail = fails[-2][1]  # too long for a run anyway: the budget is the real reason
        return fail
    chosen, band = best
    return _ruling(sit, unit, walker, chosen, band), chosen, band


def _start_rough(mover: Mover) -> Illegal | None:
    x, y, o = mover.start
    for sq in footprint((x, y), mover.dims(o)):
        if mover.cell(sq).rough:
            why = "cannot run or charge while standing in difficult terrain"
            return Illegal("PF1-DIFFICULT-NORUN", why, sq, reason="pf1.no_run_from_difficult")
    return None


def _ruling(sit: Situation, unit: str, mover: Mover, chosen: Walk, band: Band) -> Ruling:
    c = sit.creature(unit)
    steps: list[StepRuling] = []
    events: list[Event] = []
    provoked: set[str] = set()
    prev_anchor, prev_dims = c.at, c.dims
    around = _threats_near(sit, unit, c.at, c.dims, chosen.positions, mover)
    all_ids: list[str] = []
    # a one-square mover's step begins a passage only into a square another creature occupies
    # (Mover.passes answers nothing for any other): only those steps ask it
    occupied = None if mover.big else mover.occupants
    for pos, (cost, flags, ids, _) in zip(chosen.positions, chosen.moves, strict=True):
        step_events: list[Event] = []
        for enemy in threats_at(around, prev_anchor, prev_dims):
            if enemy not in provoked:
                provoked.add(enemy)
                step_events.append(Event("provokes", GB_PF_AOO, unit=unit, by=enemy, at=prev_anchor))
        if occupied is None or (pos[0], pos[1]) in occupied:
            for occupant, rule, sq in mover.passes(footprint(prev_anchor, prev_dims), *pos):
                event_rule = "PF1-TINY-THROUGH" if rule == "PF1-TINY-THROUGH" else "PF1-SIZE3-AOO"
                step_events.append(Event("provokes", event_rule, unit=unit, by=occupant, at=sq, detail=rule))
        if flags & F_ESCAPE:
            step_events.append(
                Event("check", "PF1-ESCAPE-ARTIST", unit=unit, at=pos[:2], detail="Escape Artist needed")
            )
        if flags & F_SKILL:
            step_events.append(Event("check", "PF1-OBSTACLE-SKILL", unit=unit, at=pos[:2], detail="skill check needed"))
        now = mover.dims(pos[2])
        steps.append(StepRuling(pos[:2], cost, ids, tuple(step_events), now if pos[2] != FULL else None))
        events.extend(step_events)
        all_ids.extend(ids)
        prev_anchor, prev_dims = pos[:2], now
    band_rule = {"move": "PF1-MOVE-ACTION", "double_move": "PF1-DOUBLE-MOVE", "run": "PF1-RUN"}.get(band.name)
    head = [band_rule] if band_rule else []
    if band.name == "double_move":
        head.append("PF1-DIAG")
    last = chosen.positions[-1]
    if mover.squeezed(*last):
        events.append(Event("squeeze", "PF1-SQUEEZE-PENALTY", unit=unit, at=last[:2], detail="-4 attack, -4 AC"))
    return Ruling(
        cost=chosen.cost,
        unit_cm=UNIT_CM,
        rules=tuple(dict.fromkeys([*head, *all_ids])),
        events=tuple(events),
        steps=tuple(steps),
        band=band.name,
    )


def mode_fail(sit: Situation, unit: str, mode: str | None) -> Illegal | None:
    """Why the unit cannot move in this mode: flying needs a fly speed (PF1-FLY-OBSTACLE), or None."""
    c = sit.creature(unit)
    if mode == "fly" and c.fly is None:
        why = f"{c.id} has no fly speed, so it cannot fly over obstacles"
        return Illegal("PF1-FLY-OBSTACLE", why, c.at, reason="pf1.no_fly_speed", params=values(unit=c.id))
    return None


def measure(sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
    """The path as one movement from the unit's turn state; band = the cheapest action that pays."""
    refused = mode_fail(sit, unit, mode)
    if refused is not None:
        return refused
    if mode is not None and mode != sit.creature(unit).mode:
        sit = _with_mode(sit, unit, mode)
    result = judge(sit, unit, [tuple(sq) for sq in path], bands_for(sit, unit))  # type: ignore[misc]
    return result if isinstance(result, Illegal) else result[0]


def _with_mode(sit: Situation, unit: str, mode: str) -> Situation:
    from dataclasses import replace

    creatures = dict(sit.creatures)
    creatures[unit] = creatures[unit].evolve(mode=mode)
    return replace(sit, creatures=creatures)


# --- reach: the cost-map search ---------------------------------------------------------------


def reachable(sit: Situation, unit: str, mode: str | None = None) -> Reaches:
    """Every anchor the unit can end on this turn (moving in `mode`, if named): cheapest cost, band and path."""
    if mode_fail(sit, unit, mode) is not None:
        return Reaches.of(())
    if mode is not None and mode != sit.creature(unit).mode:
        sit = _with_mode(sit, unit, mode)
    bands = bands_for(sit, unit)
    c = sit.creature(unit)
    parity = current_turn(sit, unit).diag & 1
    width = sit.board.width
    here = c.at[1] * width + c.at[0]
    # anchor y·width + x → (cost, band rank, search, phase, state): the cheapest, then the earliest band
    best: dict[int, Merged] = {}
    cells: dict = {}
    walker: Mover | None = None
    searches: list[Found] = []
    for rank, band in enumerate(bands):
        if band.name == "move" and any(b.split for b in bands):
            continue  # the double-move search also yields the single move action
        # run and walk see the same squares (run only refuses rough ones), so they share the work
        mover = Mover(sit, unit, run=band.run, charge=band.charge, cells=cells, walker=walker)
        if not band.run:
            walker = mover
        if band.run and _start_rough(mover) is not None:
            continue
        found = Found(mover.start, step_table(mover), band, parity, sit.memo)
        searches.append(found)
        # phase 1 of a split band is the single move action, ranked as the band "move"
        found.merge_into(best, (rank - 1, rank) if band.split else (rank, rank))
        found.compact()
    best.pop(here, None)
    names = [b.name for b in bands]
    squares, rank_of = board_squares(sit.memo, sit.board)
    order = sorted(best, key=rank_of.__getitem__)  # by square (x, y)
    chosen = list(map(best.__getitem__, order))
    # what a row's path is traced from, kept as long as the answer (the reach cache keeps a big board's answers
    # long): the search and phase as one small number and the state in a flat array, not a tuple per square
    # holding its search, which the garbage collector walked at every collection
    number = {id(found): k << 1 for k, found in enumerate(searches)}
    which = bytes([number[id(found)] | (phase - 1) for _, _, found, phase, _ in chosen])
    states = array("q", map(itemgetter(4), chosen))

    def trace(row: int) -> tuple[Square, ...]:
        """The path of one row, worked out when read: most entries are only shaded, never walked."""
        code = which[row]
        return searches[code >> 1].path((code & 1) + 1, states[row])

    return Reaches(
        list(map(squares.__getitem__, order)),
        list(map(itemgetter(0), chosen)),
        list(map(names.__getitem__, map(itemgetter(1), chosen))),
        trace,
    )


@dataclass(frozen=True, slots=True)
class RunEnds:
    """The ends `run_ends_within` found: square and cost per row, the squares whose row the full reach may give
    otherwise (`doubtful`), and the path of a row on demand (`path(row)`)."""

    squares: list[Square]
    costs: list[int]
    doubtful: frozenset[Square]
    path: Callable[[int], tuple[Square, ...]]


def run_ends_within(sit: Situation, unit: str, cap: Sequence[int]) -> RunEnds | None:
    """The rows `reachable` gives of the unit's run band (PF1-RUN) whose cost is at most `cap[y·width + x]` at their
    square, found by the run's search stepping from no state that costs more than its square's cap (the move bands
    are searched whole, as they decide which squares the run band keeps); None where this search cannot stand for
    the reach's: a unit of more than one square, no run band, no run from its square (PF1-DIFFICULT-NORUN), or a run
    whose steps are not the walk's (`runs_apart`).

    `cap` must differ by at most 1 between neighbouring squares. A step costs 1 at least, so a state beyond its
    square's cap leads only to states beyond theirs, and the states within their caps are found at the same cost,
    from the same state, in the same order as by the whole search. `doubtful` names the rows met as cheaply with
    either parity of the diagonal count: the reach keeps the state its search met first, which a search stepping
    from fewer states may meet in another order.
    """
    if mode_fail(sit, unit, None) is not None:
        return None
    bands = bands_for(sit, unit)
    c = sit.creature(unit)
    if not bands or not bands[-1].run or c.full_side != 1:
        return None
    # the movers of `reachable`: the walk's searches the move bands, the run's shares its cells
    cells: dict = {}
    walker = Mover(sit, unit, cells=cells)
    runner = Mover(sit, unit, run=True, cells=cells, walker=walker)
    if runs_apart(runner) or _start_rough(runner) is not None:
        return None
    parity = current_turn(sit, unit).diag & 1
    best: dict[int, Merged] = {}
    for rank, band in enumerate(bands[:-1]):
        if band.name == "move" and any(b.split for b in bands):
            continue  # the double-move search also yields the single move action
        found = Found(walker.start, step_table(walker), band, parity, sit.memo)
        found.merge_into(best, (rank - 1, rank) if band.split else (rank, rank))
        found.compact()
    table = step_table(runner)
    found = Found(runner.start, table, bands[-1], parity, sit.memo, cap)
    here = c.at[1] * table.width + c.at[0]
    asked, end_ok = table.end_asked, table.end_ok  # type: ignore[attr-defined]
    best1 = found.best1
    kept: dict[int, tuple[int, int]] = {}  # anchor → (cost, state): the first state met at the least cost
    tied: set[int] = set()
    for state in found.order1:
        at = state >> 1
        cost = best1[state]
        if cost > cap[at] or at == here or (at in asked and not end_ok(at)):
            continue
        old = kept.get(at)
        if old is None:
            earlier = best.get(at)
            if earlier is None or cost < earlier[0]:  # a move band's as cheap end keeps the square (its rank is less)
                kept[at] = (cost, state)
        elif cost < old[0]:
            kept[at] = (cost, state)
            tied.discard(at)
        elif cost == old[0]:
            tied.add(at)
    found.compact()
    width = table.width
    anchors = sorted(kept, key=lambda at: (at % width, at // width))  # by square (x, y), as `reachable` lists them
    states = [kept[at][1] for at in anchors]
    return RunEnds(
        [(at % width, at // width) for at in anchors],
        [kept[at][0] for at in anchors],
        frozenset((at % width, at // width) for at in tied),
        lambda row: found.path(1, states[row]),
    )


# --- threat, closest, involuntary stop --------------------------------------------------------


def reach_squares(metres: float) -> int:
    """Reach in whole squares (at least 1: every creature threatens its neighbours)."""
    squares = int(metres * 100 // UNIT_CM)
    return squares if squares > 1 else 1  # not max(): asked for every enemy on every threat check


def threatened_by(sit: Situation, unit: str, squares: frozenset[Square] | set[Square] | None = None) -> list[str]:
    """Enemies threatening any of `squares` (default the unit's own): within reach by PF1-DIAG distance."""
    if squares is None:
        me = sit.creature(unit)
        return threats_at(threats(sit, unit), me.at, me.dims)
    area = list(squares)
    return [t[0] for t in threats(sit, unit) if footprint_distance(t[3], area, pf1_distance) <= t[4]]


Threat = tuple[str, Square, tuple[int, int], frozenset[Square], int]
"""(enemy id, anchor, footprint size, footprint, reach in squares) of one enemy able to threaten."""


def threats(sit: Situation, unit: str) -> list[Threat]:
    """The unit's enemies that threaten around them (standing, not helpless), by id: threatened_by's candidates."""
    me = sit.creature(unit)
    out = [
        (other.id, other.at, other.dims, other.footprint(), reach_squares(other.reach))
        for other in sit.others(unit)
        if me.hostile_to(other) and not other.helpless and not other.defeated
    ]
    out.sort()
    return out


def _threats_near(
    sit: Situation, unit: str, start: Square, dims: tuple[int, int], positions: Sequence[Pos], mover: Mover
) -> list[Threat]:
    """`threats` of the unit that may threaten a footprint the walk leaves: its start's or one of its positions'.
    The others are further than their reach (Chebyshev, which PF1-DIAG distance never undercuts) from the box
    holding all of those footprints, so `threats_at` would find none of them at any step; they are passed over
    before their footprints are made."""
    left, top = start
    right, bottom = start[0] + dims[0] - 1, start[1] + dims[1] - 1
    for x, y, o in positions:
        w, h = mover.dims(o)
        left, top = min(left, x), min(top, y)
        right, bottom = max(right, x + w - 1), max(bottom, y + h - 1)
    side = sit.creature(unit).side
    near = []
    # the creatures of other sides (Creature.hostile_to, read in place: a big army is looked at for every path)
    for other in sit.creatures.values():
        if other.side != side and not other.helpless and not other.defeated:
            (tx, ty), (tw, th), r = other.at, other.dims, reach_squares(other.reach)
            if tx - right <= r and left - (tx + tw - 1) <= r and ty - bottom <= r and top - (ty + th - 1) <= r:
                near.append((other.id, other.at, other.dims, other.footprint(), r))
    near.sort()
    return near


def threats_at(found: list[Threat], anchor: Square, dims: tuple[int, int]) -> list[str]:
    """The ids among `found` that threaten the footprint at `anchor` of size `dims` (threatened_by of it)."""
    return [t[0] for t in found if pf1_gap(t[1], t[2], anchor, dims) <= t[4]]


def closest(sit: Situation, observer: str, candidates: Sequence[str], rng: random.Random) -> str | None:
    """The candidate nearest the observer by PF1-DIAG distance; a tie is settled by the die (PF1-CLOSEST)."""
    if not candidates:
        return None
    eye = sit.creature(observer).footprint()
    dist = {cid: footprint_distance(eye, sit.creature(cid).footprint(), pf1_distance) for cid in candidates}
    nearest = min(dist.values())
    tied = sorted(cid for cid, d in dist.items() if d == nearest)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def involuntary_stop(
    sit: Situation,
    unit: str,
    stop_anchor_dims: tuple[Square, tuple[int, int]],
    last_legal: tuple[Square, tuple[int, int]] | Square,
    rng: random.Random,
) -> tuple[Square, tuple[int, int]]:
    """Where a unit stopped in an illegal position is put (PF1-ILLEGAL-END): nearest legal, last legal on ties."""
    mover = Mover(sit, unit)
    stop = footprint(*stop_anchor_dims)
    last = (last_legal, mover.dims(FULL)) if isinstance(last_legal[0], int) else last_legal
    options: list[tuple[int, Square, tuple[int, int]]] = []
    board = sit.board
    for orient in (FULL, 1, 2) if mover.big else (FULL,):
        dims = mover.dims(orient)
        for y in range(board.height):
            for x in range(board.width):
                if mover.end_fail(x, y, orient) is not None:
                    continue
                checked = mover.check((x, y), dims, orient != FULL)
                if isinstance(checked, Refusal):
                    continue
                if orient != FULL and squeeze.full_contains(mover, footprint((x, y), dims)):
                    continue  # nobody stands squeezed where the full space fits (PF1-SQUEEZE)
                options.append((footprint_distance(footprint((x, y), dims), stop, pf1_distance), (x, y), dims))
    if not options:
        return last  # type: ignore[return-value]
    nearest = min(o[0] for o in options)
    tied = [(o[1], o[2]) for o in options if o[0] == nearest]
    if (last[0], last[1]) in tied:
        return last  # type: ignore[return-value]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


__all__ = [
    "F_ESCAPE",
    "F_SKILL",
    "F_SQUEEZED",
    "Band",
    "closest",
    "involuntary_stop",
    "judge",
    "measure",
    "mode_fail",
    "reachable",
    "threatened_by",
]
