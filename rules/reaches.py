"""A reach answer: one `Reach` per square a unit can end on, kept as columns until a square is asked for.

A search finds hundreds of squares, but the board overlay needs only each square's band, the
AI only the cost and band of most of them, and a path is walked for one or two (the hovered
square, the chosen move). So `reachable` hands over a `Reaches`: the squares, costs and bands
as plain columns, read directly by callers that need every square, and a `Reach` (with its
path traced on demand) made only for the entries looked up. It is a read-only sequence of
`Reach`, equal to the list of the same entries; `by_square()` is the same answer as a
read-only mapping square → `Reach`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import repeat
from typing import overload

from rules.core import Square

_set = object.__setattr__
"""Reach sets its slots once, in __init__ (and the path when first read); ordinary assignment is refused."""


class Reach:
    """One square a unit can reach this turn: the cheapest cost and the action band.

    Immutable. A search may hand over `trace` instead of `path`: the path is then worked out
    the first time it is read (most reach entries are only shaded, never walked).
    """

    __slots__ = ("_path", "_trace", "at", "band", "cost", "target")
    at: Square
    cost: int
    """In the ruleset's unit."""
    band: str
    target: str | None
    """hexxen: the enemy engaged by moving there."""

    def __init__(
        self,
        at: Square,
        cost: int,
        band: str,
        path: tuple[Square, ...] = (),
        target: str | None = None,
        *,
        trace: Callable[[], tuple[Square, ...]] | None = None,
    ) -> None:
        _set(self, "at", at)
        _set(self, "cost", cost)
        _set(self, "band", band)
        _set(self, "target", target)
        _set(self, "_path", path)
        _set(self, "_trace", trace)

    @property
    def path(self) -> tuple[Square, ...]:
        """The squares entered, for previews and moves (empty for hexxen)."""
        trace = self._trace
        if trace is not None:
            _set(self, "_path", tuple(trace()))
            _set(self, "_trace", None)
        return self._path

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Reach is immutable: cannot set {name}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reach):
            return NotImplemented
        return (self.at, self.cost, self.band, self.target, self.path) == (
            other.at,
            other.cost,
            other.band,
            other.target,
            other.path,
        )

    def __hash__(self) -> int:
        return hash((self.at, self.cost, self.band, self.target))

    def __repr__(self) -> str:
        fields = f"at={self.at!r}, cost={self.cost!r}, band={self.band!r}, path={self.path!r}, target={self.target!r}"
        return f"Reach({fields})"


_NEW_REACH = Reach.__new__
_SET_AT, _SET_COST, _SET_BAND = Reach.at.__set__, Reach.cost.__set__, Reach.band.__set__  # type: ignore[attr-defined]
_SET_TARGET, _SET_PATH, _SET_TRACE = Reach.target.__set__, Reach._path.__set__, Reach._trace.__set__  # type: ignore[attr-defined]


def traced_reach(
    at: Square, cost: int, band: str, trace: Callable[[], tuple[Square, ...]], target: str | None = None
) -> Reach:
    """`Reach(at, cost, band, target=target, trace=trace)`, made about twice as fast."""
    reach = _NEW_REACH(Reach)
    _SET_AT(reach, at)
    _SET_COST(reach, cost)
    _SET_BAND(reach, band)
    _SET_TARGET(reach, target)
    _SET_PATH(reach, ())
    _SET_TRACE(reach, trace)
    return reach


def reaches_by_column(
    squares: Sequence[Square],
    costs: Iterable[int],
    bands: Iterable[str],
    traces: Iterable[Callable[[], tuple[Square, ...]]],
    targets: Iterable[str | None] | None = None,
) -> list[Reach]:
    """`traced_reach` for many squares, each with its own cost, band and trace, the slots set column by column."""
    count = len(squares)
    made = list(map(_NEW_REACH, repeat(Reach, count)))
    for setter, column in (
        (_SET_AT, squares),
        (_SET_COST, costs),
        (_SET_BAND, bands),
        (_SET_TARGET, repeat(None, count) if targets is None else targets),
        (_SET_PATH, repeat((), count)),
        (_SET_TRACE, traces),
    ):
        deque(map(setter, made, column), 0)
    return made


Trace = Callable[[int], tuple[Square, ...]]
"""The path of the entry in a given row, worked out when called."""


class Reaches(Sequence[Reach]):
    """Every square a unit can end on, as columns (`squares`, `costs`, `bands`, `targets`); a `Reach` per row on demand.

    Read-only. Row i's `Reach` is `Reach(squares[i], costs[i], bands[i], trace(i), targets[i])`,
    made the first time row i is read (by index, iteration, `get` or `by_square()`) and then kept.
    """

    __slots__ = ("_all", "_index", "_made", "_ordered", "_trace", "bands", "costs", "squares", "targets")

    def __init__(
        self,
        squares: Sequence[Square],
        costs: Sequence[int],
        bands: Sequence[str],
        trace: Trace,
        targets: Sequence[str | None] | None = None,
    ) -> None:
        if not len(squares) == len(costs) == len(bands) == (len(squares) if targets is None else len(targets)):
            raise ValueError("every column of a reach answer has one value per square")
        self.squares = squares
        self.costs = costs
        self.bands = bands
        self.targets = targets
        """hexxen: the enemy each entry engages; None when no entry engages one (pf1, dnd5e)."""
        self._trace = trace
        self._made: dict[int, Reach] = {}
        self._all: list[Reach] | None = None
        self._index: dict[Square, int] | None = None
        self._ordered: bool | None = None

    @classmethod
    def of(cls, entries: Iterable[Reach]) -> Reaches:
        """The answer holding these entries as they are (a hexxen engagement list, the reference search)."""
        made = list(entries)
        targets = [r.target for r in made]
        out = cls(
            [r.at for r in made],
            [r.cost for r in made],
            [r.band for r in made],
            lambda i: made[i].path,
            targets if any(t is not None for t in targets) else None,
        )
        out._all = made
        return out

    def __len__(self) -> int:
        return len(self.squares)

    @overload
    def __getitem__(self, i: int) -> Reach: ...

    @overload
    def __getitem__(self, i: slice) -> list[Reach]: ...

    def __getitem__(self, i: int | slice) -> Reach | list[Reach]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if self._all is not None:
            return self._all[i]
        if i < 0:
            i += len(self.squares)
        made = self._made.get(i)
        if made is None:
            if not 0 <= i < len(self.squares):
                raise IndexError("reach row out of range")
            target = None if self.targets is None else self.targets[i]
            made = traced_reach(self.squares[i], self.costs[i], self.bands[i], partial(self._trace, i), target)
            self._made[i] = made
        return made

    def __iter__(self) -> Iterator[Reach]:
        return iter(self.entries())

    def entries(self) -> list[Reach]:
        """Every row's `Reach`, made column by column the first time (a caller that reads every entry)."""
        made = self._all
        if made is None:
            trace = self._trace
            made = reaches_by_column(
                self.squares, self.costs, self.bands, map(partial, repeat(trace), range(len(self))), self.targets
            )
            # a row read before keeps its Reach (and the path it may have traced); a copy of the rows
            # made, because the AI may read this shared answer in a worker thread while the screen does too
            for i, old in self._made.copy().items():
                made[i] = old
            self._all = made
        return made

    def rows_by_square(self) -> dict[Square, int]:
        """Square → the row of its entry (the first, should several rows share a square); made once."""
        index = self._index
        if index is None:
            squares = self.squares
            index = dict(zip(squares, range(len(squares)), strict=True))
            if len(index) < len(squares):  # a square in two rows (never in pf1 or dnd5e): the first row wins
                index = {}
                for i, sq in enumerate(squares):
                    index.setdefault(sq, i)
            self._index = index
        return index

    def in_square_order(self) -> bool:
        """Whether the rows list their squares by (x, y), each once (pf1 and dnd5e answers do); checked once."""
        ordered = self._ordered
        if ordered is None:
            squares = self.squares
            # sorting a sorted list is one pass of comparisons inside the interpreter
            ordered = self._ordered = len(self.rows_by_square()) == len(squares) and sorted(squares) == list(squares)
        return ordered

    def row_of(self, square: Square) -> int | None:
        """The row of the entry at `square`, or None."""
        return self.rows_by_square().get(square)

    def get(self, square: Square) -> Reach | None:
        """The entry at `square`, or None when the unit cannot end there."""
        i = self.row_of(square)
        return None if i is None else self[i]

    def with_band(self, band: str) -> list[Reach]:
        """The entries of one band, in row order (only those are made)."""
        return [self[i] for i, b in enumerate(self.bands) if b == band]

    def by_square(self) -> ReachBySquare:
        """This answer as a read-only mapping square → `Reach` (entries made only when looked up)."""
        return ReachBySquare(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Reaches | list | tuple):
            return len(other) == len(self) and self.entries() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, and like a list not hashable

    def __repr__(self) -> str:
        return f"Reaches({self.entries()!r})"


class ReachBySquare(Mapping[Square, Reach]):
    """A reach answer as square → `Reach`, read-only; the columns stay readable through `reaches`."""

    __slots__ = ("reaches",)

    def __init__(self, reaches: Reaches) -> None:
        self.reaches = reaches

    def __getitem__(self, square: Square) -> Reach:
        i = self.reaches.row_of(square)
        if i is None:
            raise KeyError(square)
        return self.reaches[i]

    def __contains__(self, square: object) -> bool:
        return square in self.reaches.rows_by_square()

    def __iter__(self) -> Iterator[Square]:
        return iter(self.reaches.rows_by_square())

    def __len__(self) -> int:
        return len(self.reaches.rows_by_square())

    def columns(self) -> Iterator[tuple[Square, int, str]]:
        """(square, cost, band) of every entry, in order, from the columns (no `Reach` made)."""
        reaches = self.reaches
        costs, bands = reaches.costs, reaches.bands
        index = reaches.rows_by_square()
        if len(index) == len(reaches.squares):
            # one row per square (pf1, dnd5e): the rows in order are the entries, zipped without a lookup each
            return zip(reaches.squares, costs, bands, strict=True)
        return ((sq, costs[i], bands[i]) for sq, i in index.items())


def cost_bands(reach: Mapping[Square, Reach]) -> Iterator[tuple[Square, int, str]]:
    """(square, cost, band) of every entry of a mapping, in order: from the columns when it is a `ReachBySquare`."""
    if isinstance(reach, ReachBySquare):
        return reach.columns()
    return ((sq, r.cost, r.band) for sq, r in reach.items())


def columns_of(reach: Mapping[Square, Reach]) -> tuple[Sequence[Square], Sequence[int], Sequence[str]]:
    """The squares, costs and bands of every entry of a mapping, in order, as three columns (the answer's own
    lists when it is a `ReachBySquare` with one row per square: nothing is copied)."""
    if isinstance(reach, ReachBySquare):
        reaches = reach.reaches
        if len(reaches.rows_by_square()) == len(reaches.squares):
            return reaches.squares, reaches.costs, reaches.bands
    rows = list(cost_bands(reach))
    return [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]


def of_band(reach: Sequence[Reach], band: str) -> list[Reach]:
    """The entries of one band, in order: from the columns when it is a `Reaches` (only those entries made)."""
    if isinstance(reach, Reaches):
        return reach.with_band(band)
    return [r for r in reach if r.band == band]
