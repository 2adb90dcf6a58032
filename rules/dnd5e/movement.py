"""Step rulings, measure and reach for dnd5e: one search over (anchor, squeezed) states.

A step's cost depends only on where it ends (and the edge it crosses), so `measure` walks
the given path over the same transitions that `reach` searches, and the two agree.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.core import (
    SQUARE_CM,
    Effect,
    Event,
    Illegal,
    Refusal,
    Ruling,
    Situation,
    Square,
    StepRuling,
    merge_rules,
    values,
)
from rules.geometry import DIRECTIONS, corner_blocked, crossed_edges, is_diagonal, shift_crossing, wall_inside

from . import house
from .space import (
    Spaces,
    clearance_needed,
    distance_squares,
    full_side,
    passable_by,
    reach_squares,
    size_order,
    squeeze_clearance,
    squeeze_side,
)
from .turn import Budget, TurnState, band_of, current_turn, resolve_mode, segment_budget, surcharged

State = tuple[Square, bool, int]
"""Anchor of the current footprint, whether it is squeezed, and the parity of the turn's diagonal
counter (always 0 unless the level takes D5-GRID-DIAG-VARIANT, where the next diagonal's price depends on it)."""

Reason = Refusal
"""Why a footprint or step is refused: rule id, message, square, catalogue reason."""


def _square_fp(anchor: Square, side: int) -> list[Square]:
    x0, y0 = anchor
    return [(x, y) for y in range(y0, y0 + side) for x in range(x0, x0 + side)]


class Mover:
    """One creature moving in one mode: precomputed footprint checks and transitions for a single call."""

    def __init__(self, sit: Situation, unit: str, mode: str) -> None:
        self.sit = sit
        self.board = sit.board
        self.creature = creature = sit.creature(unit)
        self.mode = mode
        self.flying = mode == "fly"
        self.alternating = sit.options.diagonal == "alternating"
        """D5-GRID-DIAG-VARIANT: every second diagonal of the turn costs double."""
        self.crawling = mode == "crawl"
        self.surcharge = surcharged(creature, mode)
        self.full = full_side(creature)
        self.red = squeeze_side(creature)
        self.need_full = clearance_needed(size_order(creature.size))
        self.need_red = squeeze_clearance(creature)
        self.spaces = Spaces(sit, creature)
        self.extra_base = int(self.crawling) + int(self.surcharge)
        self._fit: dict[tuple[Square, int, float], Reason | None] = {}
        self._terrain_extra: dict[tuple[Square, int], bool] = {}
        self._walls: dict[tuple[Square, int], Square | None] = {}
        self._succ: dict[State, list[tuple[State, int]]] = {}
        self._via: dict[tuple[State, State], tuple[Square, bool]] = {}
        self.other_squares = {sq for c in sit.others(unit) for sq in c.footprint()}
        self._edges = bool(self.board.edges)
        self.threats = [
            (c.id, c.footprint(), reach_squares(c))
            for c in sit.others(unit)
            if c.hostile_to(creature) and not (c.helpless or c.defeated)
        ]

    # --- footprints -------------------------------------------------------------------

    def start(self) -> State:
        """The state the creature is in now."""
        c = self.creature
        squeezed = self.red is not None and (c.squeezed or (c.space is not None and c.space != (self.full, self.full)))
        parity = current_turn(self.sit, c.id).diagonals % 2 if self.alternating else 0
        return (c.at, squeezed, parity)

    def step_base(self, state: State, delta: Square) -> tuple[int, int]:
        """(base distance in squares, parity after the step): a diagonal under D5-GRID-DIAG-VARIANT
        does d += 1 and costs 1 when d is then odd, 2 when even; otherwise every step is 1 (D5-GRID-DIAG)."""
        if self.alternating and delta[0] and delta[1]:
            return 1 + state[2], 1 - state[2]
        return 1, state[2]

    def side(self, state: State) -> int:
        """Footprint side of a state."""
        return self.red if (state[1] and self.red is not None) else self.full

    def squares(self, state: State) -> list[Square]:
        """The squares a state covers."""
        return _square_fp(state[0], self.side(state))

    def fit(self, anchor: Square, side: int, need: float) -> Reason | None:
        """Why a footprint cannot stand at `anchor`, or None (D5-GRID-OBSTACLES, D5-SQUEEZE, D5-PASS-*)."""
        key = (anchor, side, need)
        if key in self._fit:
            return self._fit[key]
        reason: Reason | None = None
        board = self.board
        for sq in _square_fp(anchor, side):
            if not board.in_bounds(sq):
                reason = Refusal("D5-GRID-OBSTACLES", "off the map", sq, "d5.off_map")
                break
            t = board.terrain(sq)
            if t.wall:
                door = "door_closed" in t.kinds
                what = "a closed door (open it first)" if door else "a wall"
                key = "d5.closed_door" if door else "d5.wall"
                reason = Refusal("D5-GRID-OBSTACLES", f"{list(sq)} is {what}", sq, key, values(square=sq))
                break
            if t.pit and not self.flying:
                reason = Refusal(
                    "D5-GRID-OBSTACLES",
                    f"{list(sq)} is a pit; only a flyer crosses it",
                    sq,
                    "d5.pit",
                    values(square=sq),
                )
                break
            if t.clearance < need:
                reason = Refusal(
                    "D5-SQUEEZE",
                    f"{list(sq)} is too narrow (clearance {t.clearance} m)",
                    sq,
                    "d5.too_narrow",
                    values(square=sq, clearance_m=float(t.clearance)),
                )
                break
        inner = wall_inside(board, anchor, (side, side)) if reason is None else None  # no straddling a wall
        if inner is not None:
            why = "a wall or closed door lies inside the footprint"
            reason = Refusal("D5-SQUEEZE", why, inner, "footprint.wall_inside", values(square=inner))
        if reason is None:
            blocker = self.spaces.blocker(_square_fp(anchor, side))
            if blocker is not None:
                reason = Refusal(
                    "D5-PASS-HOSTILE",
                    f"{blocker.id} is hostile and less than two sizes apart; its space is closed",
                    next(iter(sorted(set(_square_fp(anchor, side)) & blocker.footprint()))),
                    "d5.hostile_space",
                    values(other=blocker.id),
                )
        self._fit[key] = reason
        return reason

    def end_ok(self, state: State) -> bool:
        """Whether a segment may end in this state (D5-NO-END-IN-SPACE)."""
        return not self.spaces.occupied(self.squares(state))

    def _rough(self, anchor: Square, side: int) -> bool:
        """Whether a fitting footprint is difficult: terrain, hampering or another creature's space.

        A flyer ignores hampering squares as well as `surface` difficult terrain (D5-GRID-OBSTACLES, D5-DIFFICULT).
        """
        key = (anchor, side)
        hit = self._terrain_extra.get(key)
        if hit is None:
            squares = _square_fp(anchor, side)
            hit = self.spaces.occupied(squares)
            for sq in squares:
                t = self.board.terrain(sq)
                if hit or ((t.hampering or t.difficult) and not self.flying):
                    hit = True
                    break
            self._terrain_extra[key] = hit
        return hit

    def _wall_in(self, anchor: Square, side: int) -> Square | None:
        """The first solid square (wall, closed door) of a footprint, ignoring squares off the map."""
        key = (anchor, side)
        if key in self._walls:
            return self._walls[key]
        found = None
        for sq in _square_fp(anchor, side):
            if self.board.in_bounds(sq) and self.board.terrain(sq).wall:
                found = sq
                break
        self._walls[key] = found
        return found

    # --- transitions ------------------------------------------------------------------

    def _blocked_step(self, state: State, delta: Square) -> tuple[Reason | None, bool]:
        """Corner and wall-segment checks of a step; (refusal, crosses a hampering segment)."""
        anchor = state[0]
        side = self.side(state)
        if is_diagonal(delta):
            if side == 1:
                x, y = anchor
                for flank in ((x + delta[0], y), (x, y + delta[1])):
                    if self.board.in_bounds(flank) and self.board.terrain(flank).wall:
                        why = f"the step cuts the corner of {list(flank)}"
                        return Refusal("D5-GRID-CORNER", why, flank, "d5.corner", values(square=flank)), False
                if self._edges and corner_blocked(self.board, anchor, (1, 1), delta, segment_counts=self._counts):
                    to = (x + delta[0], y + delta[1])
                    why = "a wall segment touches the corner crossed"
                    return Refusal("D5-GRID-OBSTACLES", why, to, "d5.segment_corner"), False
                return None, False
            hit = self._wall_in((anchor[0] + delta[0], anchor[1]), side) or self._wall_in(
                (anchor[0], anchor[1] + delta[1]), side
            )
            if hit is None and self._edges:
                hit = corner_blocked(self.board, anchor, (side, side), delta, segment_counts=self._counts)
            if hit is not None:
                why = f"the step cuts the corner at {list(hit)}"
                return Refusal("D5-GRID-CORNER", why, hit, "d5.corner", values(square=hit)), False
            return None, False
        if not self._edges:
            return None, False
        kinds = crossed_edges(self.board, anchor, (side, side), delta)
        if "blocking" in kinds:
            to = (anchor[0] + delta[0], anchor[1] + delta[1])
            return Refusal("D5-GRID-OBSTACLES", "a blocking wall segment is in the way", to, "d5.segment"), False
        return None, "hampering" in kinds and not self.flying

    def _counts(self, kind: str) -> bool:
        """Which wall segments at a crossed vertex forbid a diagonal: a flyer passes hampering ones.

        D5-GRID-OBSTACLES: only blocking segments (and solid squares) bar a flyer's diagonal.
        """
        return kind == "blocking" or not self.flying

    def targets(self, state: State, delta: Square) -> tuple[list[State], Reason | None, bool]:
        """States one step `delta` leads to (several only when entering a squeeze), or the refusal."""
        refusal, hampered = self._blocked_step(state, delta)
        (x, y), squeezed, _ = state
        to = (x + delta[0], y + delta[1])
        # past a wall segment, a full footprint that may not stand beyond it may still squeeze (D5-SQUEEZE)
        walled = refusal is not None and refusal.reason == "d5.segment" and not squeezed and self.red is not None
        if refusal is not None and not (walled and self.fit(to, self.full, self.need_full) is not None):
            return [], refusal, False
        parity = self.step_base(state, delta)[1]
        red = self.red
        if not squeezed:
            reason = self.fit(to, self.full, self.need_full)
            if reason is None:
                return [(to, False, parity)], None, hampered
            if red is None:
                return [], reason, False
            # D5-SQUEEZE: a reduced footprint inside F' only because F' itself is illegal, only one
            # that no legal full footprint contains (it would have to expand at once), and only one
            # that enters a square outside the current footprint (a step must enter a new square)
            spare = self.full - red
            here = set(self.squares(state))
            found = [
                ((to[0] + i, to[1] + j), True, parity)
                for j in range(spare + 1)
                for i in range(spare + 1)
                if self.fit((to[0] + i, to[1] + j), red, self.need_red) is None
                and shift_crossing(self.board, here, _square_fp((to[0] + i, to[1] + j), red), delta) != "blocking"
                and not set(_square_fp((to[0] + i, to[1] + j), red)) <= here
                and self.expansion(state, (to[0] + i, to[1] + j)) is None
            ]
            return found, (None if found else reason), hampered
        assert red is not None
        expanded = self.expansion(state, to)
        if expanded is not None:
            return [(expanded, False, parity)], None, hampered
        reason = self.fit(to, red, self.need_red)
        if reason is None:
            return [(to, True, parity)], None, hampered
        return [], reason, False

    def expansion(self, state: State, to: Square) -> Square | None:
        """The full footprint a squeezed shift to `to` expands into, or None (D5-SQUEEZE, PF1-SQUEEZE-LARGE).

        Among the legal full footprints containing the shifted reduced one, the most overlap with the
        footprint held before the step wins, then the lowest y, then the lowest x.
        """
        red = self.red
        assert red is not None
        spare = self.full - red
        held = set(self.squares(state))
        best: tuple[int, int, int] | None = None
        for j in range(spare + 1):
            for i in range(spare + 1):
                cand = (to[0] - i, to[1] - j)
                if self.fit(cand, self.full, self.need_full) is None:
                    key = (-len(held & set(_square_fp(cand, self.full))), cand[1], cand[0])
                    best = key if best is None or key < best else best
        return None if best is None else (best[2], best[1])

    def units(self, dest: State, hampered: bool, base: int = 1) -> int:
        """Step cost in squares: base × (1 + difficult + crawling + squeezing (+ climb/swim surcharge)).

        D5-COST-ADD; under D5-GRID-DIAG-VARIANT a diagonal's base is 1 or 2 squares and every surcharge repeats it.
        """
        difficult = hampered or self._rough(dest[0], self.side(dest))
        return base * (1 + int(difficult) + self.extra_base + int(dest[1]))

    def successors(self, state: State) -> list[tuple[State, int]]:
        """Every state one step away with its cost in squares."""
        cached = self._succ.get(state)
        if cached is not None:
            return cached
        cheapest: dict[State, int] = {}
        (x, y), squeezed, _ = state
        quick = not squeezed and not self._edges
        full, need, extra = self.full, self.need_full, self.extra_base
        for delta in DIRECTIONS:
            base, parity = self.step_base(state, delta)
            if quick:
                # the common case (an unsqueezed step that fits) without the general machinery
                dx, dy = delta
                if dx and dy and (self._wall_in((x + dx, y), full) or self._wall_in((x, y + dy), full)):
                    continue
                to = (x + dx, y + dy)
                if self.fit(to, full, need) is None:
                    dest = (to, False, parity)
                    cheapest[dest] = base * (1 + int(self._rough(to, full)) + extra)
                    self._via[(state, dest)] = (delta, False)
                    continue
            dests, _, hampered = self.targets(state, delta)
            for dest in dests:
                units = self.units(dest, hampered, base)
                # several steps may reach one squeezed state; keep the cheapest way there
                if dest not in cheapest or units < cheapest[dest]:
                    cheapest[dest] = units
                    self._via[(state, dest)] = (delta, hampered)
        out = list(cheapest.items())
        self._succ[state] = out
        return out

    # --- explanations -----------------------------------------------------------------

    def step_ruling(self, src: State, dest: State) -> StepRuling:
        """The full ruling on one chosen transition: cost, ids and opportunity-attack events."""
        self.successors(src)
        delta, hampered = self._via[(src, dest)]
        side = self.side(dest)
        squares = self.squares(dest)
        rules: list[str] = ["D5-SPEED"]
        base = self.step_base(src, delta)[0]
        if is_diagonal(delta):
            rules.append("D5-GRID-DIAG-VARIANT" if self.alternating else "D5-GRID-DIAG")
        if side > 1 or self.full > 1:
            rules.append("D5-GRID-FOOTPRINT")
        sources = []
        if not self.flying and any(self.board.terrain(sq).difficult for sq in squares):
            sources.append("D5-DIFFICULT")
        hampering_here = any(self.board.terrain(sq).hampering for sq in squares)
        if hampered or (hampering_here and not self.flying):
            sources.append("D5-GRID-OBSTACLES")
        if self.flying and (hampering_here or any(self.board.terrain(sq).pit for sq in squares)):
            rules.append("D5-GRID-OBSTACLES")  # a flyer crosses pits and ignores hampering squares
        others = self.spaces.creatures_in(squares)
        if others:
            sources.append("D5-CREATURE-DIFFICULT")
            for other in others:
                hostile = other.hostile_to(self.creature) and not (other.defeated or other.helpless)
                rules.append("D5-PASS-HOSTILE" if hostile else "D5-PASS-NONHOSTILE")
                if other.defeated or other.helpless:
                    rules.append(house.GB_5E_DOWNED)
                assert passable_by(self.creature, other)
        elif size_order(self.creature.size) == 0 and any(sq in self.other_squares for sq in squares):
            rules.append("D5-GRID-FOOTPRINT")  # a Tiny mover sharing a square freely
        rules.extend(sources)
        if len(sources) > 1:
            rules.append("D5-DIFFICULT-NOSTACK")
        extras = int(bool(sources)) + self.extra_base + int(dest[1])
        if self.crawling:
            rules.append("D5-CRAWL")
            if sources:
                rules.append("D5-CRAWL-DIFFICULT")
        if dest[1]:
            rules.extend(("D5-SQUEEZE", "D5-SQUEEZE-COST"))
        if self.surcharge:
            rules.append(house.GB_5E_CLIMB_SWIM)
        if extras > 1:
            rules.append("D5-COST-ADD")
        events: list[Event] = []
        if src[1] != dest[1] and self.red is not None:
            kind = "squeeze" if dest[1] else "expand"
            events.append(Event(kind, "D5-SQUEEZE", unit=self.creature.id, at=dest[0]))
            if not dest[1]:
                rules.append("D5-SQUEEZE")
        before = self.squares(src)
        for tid, tfp, treach in self.threats:
            alt = self.alternating
            if distance_squares(before, tfp, alt) <= treach and distance_squares(squares, tfp, alt) > treach:
                events.append(Event("provokes", "D5-OA-LEAVE-REACH", unit=self.creature.id, by=tid, at=src[0]))
        if events and any(e.kind == "provokes" for e in events):
            rules.append("D5-OA-LEAVE-REACH")
        dims = (side, side) if side != self.full else None
        return StepRuling(
            to=dest[0],
            cost=self.units(dest, hampered, base) * SQUARE_CM,
            rules=merge_rules(rules),
            events=tuple(events),
            dims=dims,
        )

    def delta(self, src: State, dest: State) -> Square:
        """The direction of a known transition."""
        self.successors(src)
        return self._via[(src, dest)][0]

    def refusal(self, state: State, target: Square) -> Reason:
        """Why no transition from `state` enters `target`."""
        dx, dy = target[0] - state[0][0], target[1] - state[0][1]
        delta = (max(-1, min(1, dx)), max(-1, min(1, dy)))
        if delta == (0, 0):
            return Refusal("D5-GRID-DIAG", "a step must enter a neighbouring square", target, "d5.same_square")
        _, reason, _ = self.targets(state, delta)
        if reason is not None:
            return reason
        why = f"{list(target)} is not one step from {list(state[0])}"
        return Refusal("D5-GRID-DIAG", why, target, "not_one_step", values(square=target, start=state[0]))


# --- measure and reach ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """A measured path: the ruling plus what applying it needs."""

    ruling: Ruling
    end: State
    mover: Mover
    budget: Budget
    diagonals: int = 0
    """Diagonal steps on the path, for the turn's diagonal counter (D5-GRID-DIAG-VARIANT)."""


def _matches(mover: Mover, state: State, target: Sequence[int]) -> bool:
    """Whether a state is the path entry `[x, y]` (any footprint there) or `[x, y, w, h]` (exactly that one)."""
    if state[0] != (int(target[0]), int(target[1])):
        return False
    if len(target) >= 4:
        side = mover.side(state)
        return (side, side) == (int(target[2]), int(target[3]))
    return True


def plan(sit: Situation, unit: str, path: Sequence[Sequence[int]], mode: str | None = None) -> Plan | Illegal:
    """Rule on `path` as one movement segment starting from the unit's current turn state.

    A path entry is `[x, y]` (the cheapest footprint with that top-left square, the full one on ties)
    or `[x, y, w, h]` (exactly that footprint, docs/scripts.md).
    """
    creature = sit.creature(unit)
    turn = current_turn(sit, unit)
    chosen = resolve_mode(creature, turn, mode)
    if isinstance(chosen, Illegal):
        return chosen
    budget = segment_budget(creature, turn, chosen)
    if isinstance(budget, Illegal):
        return budget
    mover = Mover(sit, unit, chosen)
    start = mover.start()
    layers: list[dict[State, tuple[int, State | None]]] = [{start: (0, None)}]
    for entry in path:
        target = (int(entry[0]), int(entry[1]))
        nxt: dict[State, tuple[int, State | None]] = {}
        for state, (cost, _) in sorted(layers[-1].items(), key=lambda kv: (kv[1][0], kv[0][1])):
            for dest, units in mover.successors(state):
                if not _matches(mover, dest, entry):
                    continue
                total = cost + units
                if dest not in nxt or total < nxt[dest][0]:
                    nxt[dest] = (total, state)
        if not nxt:
            best = min(layers[-1].items(), key=lambda kv: kv[1][0])
            why = mover.refusal(best[0], target)
            if len(entry) >= 4 and any(d[0] == target for d, _ in mover.successors(best[0])):
                w, h = int(entry[2]), int(entry[3])
                message = f"no legal {w}×{h} footprint at {list(target)} this step"
                params = values(width=w, height=h, square=target)
                why = Refusal("D5-SQUEEZE", message, why.at, "d5.no_footprint", params)
            steps = _steps(mover, layers, best[0])
            return why.illegal(cost=best[1][0] * SQUARE_CM, unit_cm=1, steps=steps)
        layers.append(nxt)
    ends = {s: v for s, v in layers[-1].items() if mover.end_ok(s)}
    if not ends:
        steps = _steps(mover, layers, min(layers[-1].items(), key=lambda kv: kv[1][0])[0])
        at = (int(path[-1][0]), int(path[-1][1])) if path else creature.at
        return Illegal(
            "D5-NO-END-IN-SPACE",
            "the move may not end in another creature's space",
            at=tuple(at),
            cost=sum(s.cost for s in steps),
            unit_cm=1,
            steps=steps,
            reason="d5.end_in_space",
        )
    end = min(ends.items(), key=lambda kv: (kv[1][0], kv[0][1]))[0]  # the full footprint on ties
    chain = _chain(layers, end)
    steps = tuple(mover.step_ruling(a, b) for a, b in itertools.pairwise(chain))
    cost = sum(s.cost for s in steps)
    band = band_of(cost, budget)
    if band is None:
        limit = budget.dash_cm if budget.dash_cm is not None else budget.move_cm
        running, at = 0, (int(path[-1][0]), int(path[-1][1]))
        for step in steps:
            running += step.cost
            if running > limit:
                at = step.to
                break
        rule = "D5-SWITCH-SPEED" if budget.switch else "D5-SPEED"
        left = max(0, budget.move_cm)
        dash = budget.dash_cm is not None
        return Illegal(
            rule,
            f"the path costs {cost / 100:g} m but only {left / 100:g} m of {chosen} movement is left"
            + (f" ({max(0, limit) / 100:g} m with a dash)" if dash else ""),
            at=tuple(at),
            cost=cost,
            unit_cm=1,
            steps=steps,
            reason="d5.path_too_long_dash" if dash else "d5.path_too_long",
            params=values(cost_m=cost / 100, left_m=left / 100, mode=chosen, dash_m=max(0, limit) / 100),
        )
    rules = ["D5-SPEED"]
    if budget.switch:
        rules.append("D5-SWITCH-SPEED")
    if chosen in ("fly", "climb", "swim"):
        rules.append("D5-MODES")
    if turn.spent_cm > 0 or turn.action_used:
        rules.append("D5-BREAK-UP")
    if turn.attacks_left > 0:
        rules.append("D5-BETWEEN-ATTACKS")
    if band == "dash" or turn.dashed:
        rules.append("D5-DASH")
    if band == "dash":
        rules.append(house.GB_5E_DASH)
    events = tuple(e for s in steps for e in s.events)
    ruling = Ruling(
        cost=cost,
        unit_cm=1,
        rules=merge_rules(rules, *(s.rules for s in steps)),
        events=events,
        steps=steps,
        band=band,
    )
    diagonals = sum(1 for a, b in itertools.pairwise(chain) if is_diagonal(mover.delta(a, b)))
    return Plan(ruling, end, mover, budget, diagonals)


def _chain(layers: list[dict[State, tuple[int, State | None]]], last: State) -> list[State]:
    """The states from the start to `last`, following the layers' predecessors."""
    chain = [last]
    for layer in reversed(layers[1:]):
        prev = layer[chain[-1]][1]
        assert prev is not None
        chain.append(prev)
    chain.reverse()
    return chain


def _steps(mover: Mover, layers: list[dict[State, tuple[int, State | None]]], last: State) -> tuple[StepRuling, ...]:
    return tuple(mover.step_ruling(a, b) for a, b in itertools.pairwise(_chain(layers, last)))


def measure(sit: Situation, unit: str, path: Sequence[Square], mode: str | None = None) -> Ruling | Illegal:
    """Cost, ids and band (move or dash) of `path` as one segment now, or why it is illegal."""
    result = plan(sit, unit, path, mode)
    return result if isinstance(result, Illegal) else result.ruling


def apply_plan(sit: Situation, unit: str, found: Plan, turn: TurnState) -> tuple[Effect, ...]:
    """The effects of moving along a measured plan: place, squeezed flag, mode, airborne, the new turn."""
    creature = sit.creature(unit)
    mover = found.mover
    side = mover.side(found.end)
    dims = None if side == mover.full else (side, side)
    effects = [Effect("place", unit, value=(found.end[0], dims))]
    if found.end[1] != creature.squeezed:
        effects.append(Effect("set", unit, "squeezed", found.end[1]))
    if creature.mode != found.budget.mode:
        effects.append(Effect("set", unit, "mode", found.budget.mode))
    airborne = mover.flying or (creature.airborne and mover.crawling)
    if airborne != creature.airborne:
        effects.append(Effect("set", unit, "airborne", airborne))
    new = replace(
        turn,
        spent_cm=turn.spent_cm + found.ruling.cost,
        mode=found.budget.mode,
        diagonals=turn.diagonals + found.diagonals,
    )
    effects.append(Effect("turn", unit, value=new))
    return tuple(effects)
