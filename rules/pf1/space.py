"""What each square means to one pf1 mover, and the single step of pf1 movement (docs/rules-pf1.md, "One step").

`Mover` is built once per ruling or search and caches per-square facts, so the search's
hot loop only looks things up. A step is judged by `Mover.step`, which both the search
and `measure` call, so their costs cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.core import Board, Creature, Params, Refusal, Situation, Size, Square, Terrain, footprint, values
from rules.geometry import DIRECTIONS, corner_blocked, crossed_edges, wall_inside
from rules.memo import Memo
from rules.pf1 import squeeze
from rules.pf1.cells import CROWDED_CELLS_KEPT, Cell, kept_cells
from rules.pf1.fit import REAL_WIDTH_M, dims_of, orientation_of, square_fit, squeeze_width
from rules.pf1.squeeze import F_EDGE, F_ESCAPE, F_SQUEEZED, FULL, TALL, WIDE, Fail, Move
from rules.pf1.traits import traits

ORTH, DIAG_PLAIN, DIAG_HAMPERED = 0, 1, 2
"""Step kinds: fixed cost; 1-2 alternating diagonal (d += 1); hampered diagonal (d += 2)."""

F_SKILL = 4
"""Step flag beside those of squeeze.py: an obstacle skill check is needed."""


SHARE_AREA: Mapping[Size, int] = {Size.FINE: 1, Size.DIMINUTIVE: 4, Size.TINY: 25}
"""Hundredths of a square that Fine, Diminutive and Tiny creatures fill (PF1-TINY-SHARE)."""
SHARE_LIMIT = 100


_DIRS3: tuple[tuple[int, int, bool], ...] = tuple((dx, dy, dx != 0 and dy != 0) for dx, dy in DIRECTIONS)
_BIG_DELTAS: tuple[Square, ...] = (*DIRECTIONS, (0, 0))
"""The 8 shifts and, for a reduced footprint, (0, 0): its squeezed turns."""
__all__ = ["FULL", "F_EDGE", "F_ESCAPE", "F_SKILL", "F_SQUEEZED", "TALL", "WIDE", "Cell", "Mover", "share_fits"]


def share_fits(creatures: Iterable[Creature]) -> bool:
    """Whether the small creatures in one square fill at most one square of area (PF1-TINY-SHARE)."""
    return sum(SHARE_AREA.get(c.size, 0) for c in creatures) <= SHARE_LIMIT


def obstructs(creature: Creature) -> bool:
    """Whether a helpless creature still hampers movement through it (PF1-HELPLESS-HUGE)."""
    own = traits(creature).obstructs_when_helpless
    if own is not None:
        return own
    return creature.size >= Size.HUGE


def _end_in(name: str, who: Params) -> Refusal:
    """PF1-END-OCCUPIED: movement may not end in another creature's square."""
    return Refusal("PF1-END-OCCUPIED", f"cannot end in {name}'s square", reason="pf1.end_occupied", params=who)


def _no_run(sq: Square) -> Refusal:
    """PF1-DIFFICULT-NORUN: a run or charge may not enter difficult terrain."""
    return Refusal("PF1-DIFFICULT-NORUN", "cannot run or charge into difficult terrain", sq, "pf1.no_run_difficult")


_OFF = Cell()
_OFF.block = Refusal("PF1-OBSTACLE-BLOCK", "off the map", reason="pf1.off_map")


def occupancy(sit: Situation) -> dict[Square, list[Creature]]:
    """square → the creatures whose footprint covers it, in the situation's order (read-only: it is shared).

    Built once per situation object and kept in its memo (rules/memo.py `Memo.index`): a situation is
    never changed once made, so every mover of one ruling shares one index. A situation that differs from
    the one of the newest index kept in a few creatures (an action moves or wounds one or two) gets that
    index with those creatures' squares worked out again (`_moved`, for an army of more than MOVED_FROM
    creatures), not a list made for every square of the army.
    """

    def build() -> dict[Square, list[Creature]]:
        kept = sit.memo.newest_index(_OCCUPANCY) if len(sit.creatures) > MOVED_FROM else None
        if kept is not None:
            moved = _moved(kept[0], kept[1], sit)  # type: ignore[arg-type]
            if moved is not None:
                return moved
        out: dict[Square, list[Creature]] = {}
        for other in sit.creatures.values():
            dims = other.dims
            if dims == (1, 1):
                # a one-square footprint is its anchor: no set is made (an army is mostly such creatures)
                here = out.get(other.at)
                if here is None:
                    out[other.at] = [other]
                else:
                    here.append(other)
            else:
                for sq in footprint(other.at, dims):
                    out.setdefault(sq, []).append(other)
        return out

    return sit.memo.index(sit, _OCCUPANCY, build)


_OCCUPANCY = "pf1.occupancy"
"""The name of `occupancy`'s index in a situation's memo."""
MOVED_FROM = 16
"""Creatures above which `occupancy` works a situation's index out from the newest kept one: a smaller army's index
is built whole as cheaply as the two situations are paired."""
MOVED_MOST = 4
"""Creatures that may differ from the kept index's situation for `_moved` to work the index out from it."""


def _covers(creature: Creature) -> Iterable[Square]:
    """The squares of a creature's footprint (a one-square creature's anchor, without making the set)."""
    dims = creature.dims
    return (creature.at,) if dims == (1, 1) else footprint(creature.at, dims)


def _moved(
    before: Situation, index: dict[Square, list[Creature]], sit: Situation
) -> dict[Square, list[Creature]] | None:
    """`occupancy` of `sit` worked out from `index`, the occupancy of `before`, when the two hold the same creature ids
    in the same order and at most MOVED_MOST creature objects differ; None otherwise (then it is built whole).

    Only the squares the differing creatures cover before or after are looked at again: each such square's list is
    its unchanged creatures and the new creatures covering it, in the situation's order, as `occupancy` lists
    them; every other square's list is the same (the lists are read-only and shared)."""
    old, new = before.creatures, sit.creatures
    if len(old) != len(new):
        return None
    changed = [(a, b) for a, b in zip(old.values(), new.values(), strict=True) if a is not b]
    if len(changed) > MOVED_MOST or list(old) != list(new):
        return None
    out = dict(index)
    if not changed:
        return out
    gone = {a.id for a, _ in changed}
    touched: set[Square] = set()
    for a, b in changed:
        touched.update(_covers(a))
        touched.update(_covers(b))
    rank: dict[str, int] | None = None
    for sq in touched:
        here = [c for c in index.get(sq, ()) if c.id not in gone]
        here.extend(b for _, b in changed if sq in _covers(b))
        if not here:
            out.pop(sq, None)
            continue
        if len(here) > 1:
            if rank is None:
                rank = {uid: k for k, uid in enumerate(new)}
            here.sort(key=lambda c: rank[c.id])  # type: ignore[index]
        out[sq] = here
    return out


def wall_marks(memo: Memo, board: Board) -> bytes:
    """Per board: 1 for each square whose terrain is a wall (a closed door included: `Terrain.wall`), by index
    y·width + x (kept in the memo: a step's corner test, PF1-CORNER, reads two of them)."""
    return memo.per_board(board, "pf1-walls", lambda: bytes(t.wall for t in board.tiles))


class Mover:
    """One creature's view of the board for one ruling (run/charge/overrun variants)."""

    def __init__(
        self,
        sit: Situation,
        unit: str,
        *,
        run: bool = False,
        charge: bool = False,
        through: Iterable[str] = (),
        through_rule: str = "PF1-OVERRUN",
        cells: dict[Square, Cell] | None = None,
        walker: Mover | None = None,
    ) -> None:
        self.sit = sit
        self.board = sit.board
        self.c = c = sit.creature(unit)
        self.s = c.full_side
        self.w = squeeze_width(self.s)
        self.big = self.s > 1
        own = traits(c)
        self.incorporeal = own.incorporeal
        self.air = c.mode == "fly" or c.airborne or own.incorporeal
        self.sees_in_dark = own.sees_in_dark
        self.tiny = c.size <= Size.TINY
        self.width_m = REAL_WIDTH_M.get(c.size, 1.5)
        self.run = run
        self.charge = charge
        # the level option rules.diagonal = "uniform" (GB-DIAGONAL-UNIFORM): a diagonal costs
        # like an orthogonal step, so the 1-2-1-2 count of PF1-DIAG plays no part
        self.uniform = sit.options.diagonal == "uniform"
        self.through = frozenset(through)
        self.through_rule = through_rule
        self.exceptions: Mapping[str, str] = sit.options.extra.get("pf1_exceptions", {}) or {}
        # the situation's occupancy index is built once and shared by its movers (a big army's
        # footprints are many); each mover copies the index and leaves itself out
        self.occupants: dict[Square, list[Creature]] = dict(occupancy(sit))
        for sq in c.footprint():
            here = self.occupants.get(sq)
            if here is not None:
                others = [other for other in here if other.id != unit]
                if others:
                    self.occupants[sq] = others
                else:
                    del self.occupants[sq]
        self._cells: dict[Square, Cell] = {} if cells is None else cells
        """Shareable between movers of one creature that differ only in run/charge-free ways."""
        self._walker = walker if (walker is not None and run and not charge and not walker.run) else None
        """A walking twin whose one-square moves a runner filters instead of recomputing."""
        extra = tuple(sorted(self.exceptions.items())) if self.exceptions else ()
        kind = (self.s, c.size, c.side, self.sees_in_dark, self.incorporeal, self.air, charge, self.through, extra)
        self._plain, self._crowded = kept_cells(sit.memo, self.board, kind)
        """This board's cells for every mover of this kind, by terrain object and by (square, occupants)."""
        self._entries: list[tuple[int, int] | bool | None] | None = None
        """(k, flags) or False per square index, filled as the search meets squares."""
        self._moves: dict[tuple[int, int, int], list[Move]] = {}
        self._packed: dict[int, list[tuple[int, int, int]]] = {}
        self._steps: dict[tuple[int, int, int, Square], list[Move] | Fail] = {}
        self._full: dict[Square, bool] = {}
        self.start = (c.at[0], c.at[1], self.orientation(c.dims))
        self._walls: bytes | None = None
        """`wall_marks` of the board, read when the first step is priced."""
        self.table: object | None = None
        """A weak reference to this mover's step table (rules/pf1/tables.py `step_table`, which imports this module),
        made on first use: reach and measure read it. The table holds the mover, and whoever reads it holds the
        table; the mover's reference is weak, so the two make no reference cycle."""

    # --- footprints --------------------------------------------------------------------

    def orientation(self, dims: tuple[int, int]) -> int:
        """The orientation code of a footprint size."""
        return orientation_of(self.s, dims)

    def dims(self, orient: int) -> tuple[int, int]:
        """Footprint size of an orientation."""
        return dims_of(self.s, orient)

    def squeezed(self, x: int, y: int, orient: int) -> bool:
        """Whether this position is a squeezed one (PF1-SQUEEZE)."""
        if self.big:
            return orient != FULL
        return self.cell((x, y)).fit > 0

    def escaping(self, x: int, y: int, orient: int) -> bool:
        """Whether this position is narrower than squeezing allows (PF1-ESCAPE-ARTIST)."""
        if not self.big:
            return self.cell((x, y)).fit == 2
        return orient != FULL and any(self.cell(q).fit for q in footprint((x, y), self.dims(orient)))

    # --- squares -----------------------------------------------------------------------

    def cell(self, sq: Square) -> Cell:
        """The cached facts about `sq` for this mover."""
        cell = self._cells.get(sq)
        if cell is None:
            cell = self._cells[sq] = self._make_cell(sq)
        return cell

    def _make_cell(self, sq: Square) -> Cell:
        board = self.board
        if not board.in_bounds(sq):
            return _OFF
        t = board.terrain(sq)
        occupants = self.occupants.get(sq)
        if occupants is None:
            # squares without creatures depend only on their terrain object: build each kind once
            shared = self._plain.get(id(t))
            if shared is None:
                shared = self._plain[id(t)] = self._terrain_cell(t, sq)
            return shared
        # and a square with creatures on its terrain and those creatures (the very objects: an
        # entry keeps them, so their ids stay theirs; a creature that changes is a new object)
        key = (sq, *map(id, occupants))
        crowded = self._crowded.get(key)
        if crowded is None:
            if len(self._crowded) >= CROWDED_CELLS_KEPT:
                self._crowded.clear()
            crowded = self._crowded[key] = (tuple(occupants), self._terrain_cell(t, sq))
        return crowded[1]

    def _terrain_cell(self, t: Terrain, sq: Square) -> Cell:
        cell = Cell()
        cell.solid = t.wall
        if t.wall and not self.incorporeal:
            cell.block = Refusal("PF1-OBSTACLE-BLOCK", "solid blocking terrain", reason="pf1.solid")
        elif t.pit and not self.air:
            why = "open blocking terrain (a pit) cannot be walked into"
            cell.block = Refusal("PF1-OBSTACLE-BLOCK", why, reason="pf1.pit")
        if t.clearance <= 0:
            cell.block = cell.block or Refusal("PF1-OBSTACLE-BLOCK", "no free width at all", reason="pf1.no_width")
        cell.fit = square_fit(t, self.big, self.width_m)
        ids: list[str] = []
        if t.difficult and not self.air:
            ids.append("PF1-DIFFICULT")
            cell.rough = True
        if t.hampering and not self.air:
            ids.append("PF1-OBSTACLE-HAMPER")
        if t.dark and not self.sees_in_dark:
            ids.append("PF1-HAMPERED")
        cell.skill = t.skill_check
        if t.wall and self.incorporeal:
            why = "an incorporeal creature may not end inside solid terrain"
            cell.endfail = Refusal("PF1-FLY-OBSTACLE", why, reason="pf1.incorporeal_end")
        passers: list[tuple[str, str]] = []
        for other in self.occupants.get(sq, ()):
            self._relate(cell, other, ids, passers)
        if self.tiny and not share_fits([self.c, *self.occupants.get(sq, ())]):
            why = "the small creatures here already fill the square"
            cell.endfail = cell.endfail or Refusal("PF1-TINY-SHARE", why, reason="pf1.square_full")
        cell.ids = tuple(ids)
        cell.h = len(ids)
        cell.passers = tuple(passers)
        return cell

    def _relate(self, cell: Cell, other: Creature, ids: list[str], passers: list[tuple[str, str]]) -> None:
        """How an occupant of the square changes passing and stopping there (PF1-ALLY … PF1-SIZE3-*)."""
        me = self.c
        rule = self.exceptions.get(other.id)
        name = other.name or other.id
        who = values(other=other.id)
        if traits(other).fills_space:
            # like a wall: no footprint may include it, and it narrows the passage beside it
            why = f"{name} fills its space completely"
            cell.crowd = Refusal("PF1-FILLS-SPACE", why, reason="pf1.fills_space", params=who)
            return
        if rule == "impassable":
            why = f"{name} cannot be moved through (creature data)"
            cell.crowd = cell.crowd or Refusal("PF1-EXCEPTIONS", why, reason="pf1.impassable", params=who)
            return
        if rule == "passable":
            cell.endfail = cell.endfail or _end_in(name, who)
            return
        down = other.helpless or other.defeated
        if down and obstructs(other) and not self.air and "PF1-HELPLESS-HUGE" not in ids:
            # a hampering source for every walker, Tiny ones too; it lies on the ground, so
            # flyers and the incorporeal pass over it (PF1-HELPLESS-HUGE)
            ids.append("PF1-HELPLESS-HUGE")
        if self.tiny:
            if not down:  # a helpless creature takes no attack of opportunity
                passers.append((other.id, "PF1-TINY-THROUGH"))
            return
        if down:
            return
        if not me.hostile_to(other):
            if self.charge:
                why = f"allies block a charge ({name})"
                cell.crowd = cell.crowd or Refusal("PF1-ALLY", why, reason="pf1.ally_charge", params=who)
            else:
                why = f"cannot end in ally {name}'s square"
                cell.endfail = cell.endfail or Refusal("PF1-END-OCCUPIED", why, reason="pf1.end_ally", params=who)
            return
        if other.id in self.through:
            cell.endfail = cell.endfail or _end_in(name, who)
            return
        if other.size - me.size >= 3 or me.size - other.size >= 3:
            rule_id = "PF1-SIZE3-LARGER" if other.size > me.size else "PF1-SIZE3-SMALLER"
            passers.append((other.id, rule_id))
            cell.endfail = cell.endfail or _end_in(name, who)
            return
        why = f"{name} is an opponent that is not helpless"
        cell.crowd = cell.crowd or Refusal("PF1-ENEMY", why, reason="pf1.enemy", params=who)

    # --- steps -------------------------------------------------------------------------

    def moves(self, x: int, y: int, orient: int) -> list[Move]:
        """Every legal step from a position (cached; no rule ids)."""
        key = (x, y, orient)
        found = self._moves.get(key)
        if found is None and not self.big:
            if self._walker is not None:
                cells = self._walker._cells
                found = [m for m in self._walker.moves(x, y, orient) if not cells[(m[0], m[1])].rough]
            else:
                found = self._small_moves(x, y)
            self._moves[key] = found
        elif found is None:
            found = []
            for delta in _BIG_DELTAS if orient != FULL else DIRECTIONS:
                result = self.step(x, y, orient, delta, False)
                if isinstance(result, list):
                    found.extend(result)
            self._moves[key] = found
        return found

    def packed_moves(self, pk: int) -> list[tuple[int, int, int]]:
        """`moves` of the packed position pk = (y·width + x)·3 + orientation, as (next pk, kind, base cost)."""
        found = self._packed.get(pk)
        if found is not None:
            return found
        width = self.board.width
        if self._walker is not None and not self.big:
            cells = self._walker._cells
            found = []
            for move in self._walker.packed_moves(pk):
                y, x = divmod(move[0] // 3, width)
                if not cells[(x, y)].rough:
                    found.append(move)
        else:
            xy, o = divmod(pk, 3)
            y, x = divmod(xy, width)
            source = self._small_moves(x, y) if not self.big else self.moves(x, y, o)
            found = [((m[1] * width + m[0]) * 3 + m[2], m[3], m[4]) for m in source]
        self._packed[pk] = found
        return found

    def _small_moves(self, x: int, y: int) -> list[Move]:
        """`moves` for a one-square mover, inlined for the search's speed (same rules as `step`)."""
        entries = self._entries
        if entries is None:
            entries = self._entries = [None] * (self.board.width * self.board.height)
        return self.small_steps(x, y, entries)

    def small_steps(
        self, x: int, y: int, entries: list, patch: dict[int, tuple[int, int] | bool] | None = None
    ) -> list[Move]:
        """Every legal step of a one-square mover from (x, y), as `step` rules each one, without rule ids.

        The same rules as `step`: the square entered (`_entry`, as `_small_step` asks it), the
        corner rule (PF1-CORNER) and wall segments (PF1-OBSTACLE-BLOCK, PF1-OBSTACLE-EDGE), priced
        by `_cost_move`; only the loop over the eight directions is inlined, for the reach tables.

        `entries[j]` caches `_entry` of square j = y·width + x (a None is filled here); `patch` holds
        the entries of squares other creatures stand on for one query, read before `entries`
        (the reach tables, rules/pf1/tables.py, share `entries` between queries).
        """
        board = self.board
        width, height = board.width, board.height
        walls = self._walls
        if walls is None:
            walls = self._walls = wall_marks(self.sit.memo, board)
        edges = board.edges
        corners = not self.incorporeal  # incorporeal movers ignore PF1-CORNER entirely
        diagonals = not self.uniform
        out: list[Move] = []
        for dx, dy, diag in _DIRS3:
            nx, ny = x + dx, y + dy
            if nx < 0 or ny < 0 or nx >= width or ny >= height:
                continue
            j = ny * width + nx
            if patch is not None and j in patch:
                entry = patch[j]
            else:
                entry = entries[j]
                if entry is None:
                    entry = entries[j] = self._entry((nx, ny))
            if entry is False:
                continue
            k, flags = entry
            extra = 0
            if diag:
                if corners and (walls[y * width + nx] or walls[ny * width + x]):
                    continue
                if edges and self._corner((x, y), (1, 1), (dx, dy)):
                    continue
            elif edges:
                kind = edges.get(frozenset(((x, y), (nx, ny))))
                if kind == "blocking" and not self.incorporeal:
                    continue
                if kind == "hampering" and not self.air:
                    extra = 2
                    flags |= F_EDGE
            out.append(_cost_move((nx, ny), FULL, diag and diagonals, k, extra, flags, ()))
        return out

    def _entry(self, sq: Square) -> tuple[int, int] | bool:
        """(k, flags) of entering a square as a one-square mover, or False when it cannot be entered."""
        cell = self.cell(sq)
        if cell.block or cell.crowd or (self.run and cell.rough):
            entry: tuple[int, int] | bool = False
        else:
            fit = cell.fit
            flags = (F_SQUEEZED if fit else 0) | (F_ESCAPE if fit == 2 else 0) | (F_SKILL if cell.skill else 0)
            entry = (cell.h + (fit > 0), flags)
        return entry

    def step_cached(self, x: int, y: int, orient: int, delta: Square) -> list[Move] | Fail:
        """`step` without rule ids, remembered for this mover."""
        key = (x, y, orient, delta)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self.step(x, y, orient, delta, False)
        return found

    def step(self, x: int, y: int, orient: int, delta: Square, detail: bool) -> list[Move] | Fail:
        """The legal ways to make one step by `delta` (several when squeezing), or why none is.

        `delta` (0, 0) asks for the squeezed turns of a reduced footprint (PF1-SQUEEZE-LARGE).
        """
        dx, dy = delta
        if dx == 0 and dy == 0:
            if self.big and orient != FULL:
                return squeeze.turns(self, (x, y), orient, detail)
            why = "a step must enter a square outside the current footprint"
            return Refusal("PF1-MOVE-ACTION", why, (x, y), "pf1.same_footprint")
        diag = dx != 0 and dy != 0
        dims = self.dims(orient)
        to = (x + dx, y + dy)
        if diag and self._corner((x, y), dims, delta):
            return Refusal("PF1-CORNER", "a diagonal step may not cut the corner of a wall", to, "pf1.corner")
        if self.big:
            if orient == FULL:
                return squeeze.from_full(self, (x, y), delta, diag, detail)
            return squeeze.from_reduced(self, (x, y), orient, delta, diag, detail)
        extra = 0
        if not diag and self.board.edges:
            for kind in crossed_edges(self.board, (x, y), dims, delta):
                if kind == "blocking" and not self.incorporeal:
                    why = "a blocking wall lies between the squares"
                    return Refusal("PF1-OBSTACLE-BLOCK", why, to, "pf1.wall_between")
                if kind == "hampering" and not self.air:
                    extra = 2
        return self._small_step(to, diag, extra, detail)

    def _corner(self, at: Square, dims: tuple[int, int], delta: Square) -> bool:
        if self.incorporeal:
            return False  # they pass solid squares and wall segments alike (PF1-CORNER, revised)
        if dims == (1, 1):
            # inline of geometry.corner_blocked for the common case
            board = self.board
            for fx, fy in ((at[0] + delta[0], at[1]), (at[0], at[1] + delta[1])):
                if 0 <= fx < board.width and 0 <= fy < board.height and board.tiles[fy * board.width + fx].wall:
                    return True
            if not board.edges:
                return False
        return (
            corner_blocked(
                self.board,
                at,
                dims,
                delta,
                segment_counts=(lambda kind: kind == "blocking") if self.air else None,
            )
            is not None
        )

    def _small_step(self, to: Square, diag: bool, extra: int, detail: bool) -> list[Move] | Fail:
        entry = self._entry(to)
        if entry is False:
            cell = self.cell(to)
            if cell.block:
                return cell.block.where(to)
            if cell.crowd:
                return cell.crowd.where(to)
            return _no_run(to)
        k, flags = entry  # type: ignore[misc]
        flags |= F_EDGE if extra else 0
        ids = self.ids(diag, k, extra, (to,), flags, False) if detail else ()
        return [_cost_move(to, FULL, diag and not self.uniform, k, extra, flags, ids)]

    def check(self, anchor: Square, dims: tuple[int, int], reduced: bool) -> Fail | tuple[int, int]:
        """Whether a footprint is legal as a position; (worst h, any narrow square) if so.

        Off the map, blocking, a creature that may not be passed, and (for the full space of a
        big mover) a square too narrow for it make it illegal. Running is judged apart
        (`run_fail`): difficult terrain never makes a footprint illegal as a position.
        """
        worst = 0
        narrow = 0
        for sq in footprint(anchor, dims):
            cell = self.cell(sq)
            if cell.block:
                return cell.block.where(sq)
            if cell.crowd:
                return cell.crowd.where(sq)
            if cell.fit:
                if not reduced:
                    return Refusal("PF1-SQUEEZE", "too narrow for the full space", sq, "pf1.too_narrow")
                narrow = 1
            if cell.h > worst:
                worst = cell.h
        if self.big and not self.incorporeal:
            # a creature cannot straddle a wall: a blocking segment or closed door between two of its
            # squares makes the footprint illegal, full or reduced, so the mover squeezes past it
            inner = wall_inside(self.board, anchor, dims)
            if inner is not None:
                why = "a wall or closed door lies inside the footprint"
                return Refusal("PF1-SQUEEZE", why, inner, "footprint.wall_inside", values(square=inner))
        return (worst, narrow)

    def full_ok(self, anchor: Square) -> bool:
        """Whether the full footprint at `anchor` is legal as a position (cached)."""
        ok = self._full.get(anchor)
        if ok is None:
            ok = self._full[anchor] = not isinstance(self.check(anchor, (self.s, self.s), False), Refusal)
        return ok

    def run_fail(self, anchor: Square, dims: tuple[int, int]) -> Fail | None:
        """PF1-DIFFICULT-NORUN for a footprint entered during a run or charge, or None."""
        if self.run:
            for sq in footprint(anchor, dims):
                if self.cell(sq).rough:
                    return _no_run(sq)
        return None

    def cost_move(
        self, to: Square, orient: int, diag: bool, k: int, extra: int, flags: int, ids: tuple[str, ...]
    ) -> Move:
        """`_cost_move` with the level's diagonal option applied (GB-DIAGONAL-UNIFORM)."""
        return _cost_move(to, orient, diag and not self.uniform, k, extra, flags, ids)

    def skill_flags(self, anchor: Square, dims: tuple[int, int]) -> int:
        """F_SKILL when a square of the footprint needs an obstacle check (PF1-OBSTACLE-SKILL)."""
        return F_SKILL if any(self.cell(q).skill for q in footprint(anchor, dims)) else 0

    def ids(
        self, diag: bool, k: int, extra: int, squares: tuple[Square, ...], flags: int, reduced: bool
    ) -> tuple[str, ...]:
        """The rule ids that decided one step's legality and cost."""
        ids: list[str] = []
        if diag and self.uniform:
            ids.append("GB-DIAGONAL-UNIFORM")
            diag = False
        if k == 0:
            ids.append("PF1-DIAG" if diag else "PF1-OPEN-SQUARE")
        else:
            ids.append("PF1-DIFFICULT-DIAG" if diag else "PF1-DOUBLE-COST")
            if k >= 2:
                ids.append("PF1-DOUBLE-STACK")
        if len(squares) == 1:
            ids.extend(self.cell(squares[0]).ids)  # the one square is the worst
        else:
            worst = max(self.cell(q).h for q in squares)
            for q in squares:
                if self.cell(q).h == worst:
                    ids.extend(self.cell(q).ids)
                    break
        if len(squares) > 1 and len({self.cell(q).h for q in squares}) > 1:
            ids.append("PF1-MIXED-TERRAIN")
        if self.air and any(
            self.board.in_bounds(q) and (self.board.terrain(q).difficult or self.board.terrain(q).hampering)
            for q in squares
        ):
            ids.append("PF1-FLY-DIFFICULT")
        if self.air and any(self.board.in_bounds(q) and self.board.terrain(q).pit for q in squares):
            ids.append("PF1-FLY-OBSTACLE")
        if extra:
            ids.append("PF1-OBSTACLE-EDGE")
        if flags & F_SQUEEZED:
            ids += ["PF1-SQUEEZE", "PF1-SQUEEZE-COST"]
            if reduced:
                ids.append("PF1-SQUEEZE-LARGE")
                if any(q in self.occupants for q in self._box_of(squares)):
                    ids.append("PF1-SQUEEZE-PAST")
        if flags & F_ESCAPE:
            ids.append("PF1-ESCAPE-ARTIST")
        if flags & F_SKILL:
            ids.append("PF1-OBSTACLE-SKILL")
        for q in squares:
            for other in self.occupants.get(q, ()):
                ids.append(self._pass_rule(other))
        return tuple(dict.fromkeys(ids))

    def _box_of(self, squares: tuple[Square, ...]) -> set[Square]:
        xs = [q[0] for q in squares]
        ys = [q[1] for q in squares]
        return {
            (x, y)
            for x in range(max(xs) - self.s + 1, min(xs) + self.s)
            for y in range(max(ys) - self.s + 1, min(ys) + self.s)
        }

    def _pass_rule(self, other: Creature) -> str:
        """The id that let the mover share a square with `other`."""
        rule = self.exceptions.get(other.id)
        if rule in ("passable", "impassable"):
            return "PF1-EXCEPTIONS"
        if self.tiny:
            return "PF1-TINY-THROUGH"
        if other.helpless or other.defeated:
            return "PF1-HELPLESS-HUGE" if obstructs(other) else "PF1-HELPLESS"
        if not self.c.hostile_to(other):
            return "PF1-ALLY"
        if other.id in self.through:
            return self.through_rule
        return "PF1-SIZE3-LARGER" if other.size > self.c.size else "PF1-SIZE3-SMALLER"

    # --- ending ------------------------------------------------------------------------

    def end_fail(self, x: int, y: int, orient: int) -> Fail | None:
        """Why movement may not end in this position (PF1-END-OCCUPIED), or None."""
        if not self.big:
            cell = self.cell((x, y))
            return cell.endfail.where((x, y)) if cell.endfail else None
        for sq in footprint((x, y), self.dims(orient)):
            cell = self.cell(sq)
            if cell.endfail:
                return cell.endfail.where(sq)
        return None

    def passes(self, before: frozenset[Square], x: int, y: int, orient: int) -> list[tuple[str, str, Square]]:
        """(occupant, rule, square) of provoking passages begun by this step (PF1-TINY-THROUGH, PF1-SIZE3-AOO)."""
        after = footprint((x, y), self.dims(orient))
        fresh = after - before
        if self.occupants.keys().isdisjoint(fresh):
            return []  # passers are only ever noted in squares another creature occupies
        seen: dict[str, tuple[str, str, Square]] = {}
        for sq in sorted(fresh):
            for occupant, rule in self.cell(sq).passers:
                already = any(q in before and (occupant, rule) in self.cell(q).passers for q in before)
                if occupant not in seen and (rule == "PF1-TINY-THROUGH" or not already):
                    seen[occupant] = (occupant, rule, sq)
        return list(seen.values())


def _cost_move(to: Square, orient: int, diag: bool, k: int, extra: int, flags: int, ids: tuple[str, ...]) -> Move:
    """The cost of a legal step (the pf1 step, docs/rules-pf1.md)."""
    if not diag:
        return (to[0], to[1], orient, ORTH, (1 << k) + extra, flags, ids)
    if k == 0:
        return (to[0], to[1], orient, DIAG_PLAIN, 0, flags, ids)
    return (to[0], to[1], orient, DIAG_HAMPERED, 3 << (k - 1), flags, ids)
