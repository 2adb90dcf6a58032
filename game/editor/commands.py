"""Every edit of the level editor as a command object: `apply` makes the new document, `revert` the old one.

A command is built against the document it will change and records what it replaces, so
`revert(apply(doc)) == doc` and applying it again after an undo gives the same result (redo).
Commands never change a Document in place (documents share their unchanged parts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from game.editor.document import Document, Edge, Side, Unit, edge_of
from rules.core import Square


class Command(Protocol):
    """One undoable edit."""

    label: str
    """A catalogue key naming the edit (the status line says what undo and redo take back)."""

    def apply(self, doc: Document) -> Document:
        """The document with the edit made."""
        ...

    def revert(self, doc: Document) -> Document:
        """The document with the edit taken back."""
        ...


@dataclass(frozen=True, slots=True)
class Paint:
    """Set squares to tile symbols; remembers each square's old symbol."""

    cells: tuple[tuple[Square, str, str], ...]
    """(square, old symbol, new symbol) for every square that changes."""
    label: str = "editor.do_paint"

    @staticmethod
    def of(doc: Document, squares: Iterable[Square], symbol: str) -> Paint | None:
        """Paint `squares` (those on the map) with `symbol`; None when nothing would change."""
        cells = []
        for sq in dict.fromkeys(squares):
            if doc.in_bounds(sq) and doc.symbol(sq) != symbol:
                cells.append((sq, doc.symbol(sq), symbol))
        return Paint(tuple(cells)) if cells else None

    def _put(self, doc: Document, new: bool) -> Document:
        rows = [list(r) for r in doc.tiles]
        for (x, y), old, symbol in self.cells:
            rows[y][x] = symbol if new else old
        return replace(doc, tiles=tuple("".join(r) for r in rows))

    def apply(self, doc: Document) -> Document:
        """The squares painted."""
        return self._put(doc, True)

    def revert(self, doc: Document) -> Document:
        """The old symbols back."""
        return self._put(doc, False)


@dataclass(frozen=True, slots=True)
class SetEdges:
    """Put a wall or a door on edges, or clear them (kind None); remembers the edge list before and after."""

    before: tuple[Edge, ...]
    after: tuple[Edge, ...]
    label: str = "editor.do_edges"

    @staticmethod
    def of(doc: Document, pairs: Iterable[tuple[Square, Square]], kind: str | None) -> SetEdges | None:
        """Set the edge between each pair of orthogonal neighbours on the map to `kind` (one of EDGE_PAINTS:
        door_open is an open door); None when nothing changes."""
        edges = list(doc.edges)
        for a, b in pairs:
            if not (doc.in_bounds(a) and doc.in_bounds(b)) or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                continue
            key = frozenset((a, b))
            at = next((i for i, e in enumerate(edges) if e.key() == key), None)
            if at is None:
                if kind is not None:
                    edges.append(edge_of(a, b, kind))
            elif kind is None:
                del edges[at]
            else:
                edges[at] = edge_of(edges[at].a, edges[at].b, kind)  # keeps the file's orientation and place
        after = tuple(edges)
        return SetEdges(doc.edges, after) if after != doc.edges else None

    def apply(self, doc: Document) -> Document:
        """The edges set."""
        return replace(doc, edges=self.after)

    def revert(self, doc: Document) -> Document:
        """The edges as they were, in their old order."""
        return replace(doc, edges=self.before)


@dataclass(frozen=True, slots=True)
class PutItem:
    """Insert, replace or remove one unit or side at an index (`old`/`new` None: it did not / will not exist)."""

    what: str
    """"units" or "sides"."""
    index: int
    old: Mapping[str, Any] | None
    new: Mapping[str, Any] | None
    label: str = "editor.do_unit"

    def _put(self, doc: Document, gone: Mapping[str, Any] | None, come: Mapping[str, Any] | None) -> Document:
        items: list[Any] = list(getattr(doc, self.what))
        if gone is not None and come is not None:
            items[self.index] = come
        elif gone is not None:
            del items[self.index]
        elif come is not None:
            items.insert(self.index, come)
        return replace(doc, **{self.what: tuple(items)})

    def apply(self, doc: Document) -> Document:
        """The item put in place."""
        return self._put(doc, self.old, self.new)

    def revert(self, doc: Document) -> Document:
        """The item as it was."""
        return self._put(doc, self.new, self.old)


def add_unit(doc: Document, unit: Unit) -> PutItem:
    """A new unit at the end of the list."""
    return PutItem("units", len(doc.units), None, dict(unit), "editor.do_add_unit")


def remove_unit(doc: Document, index: int) -> PutItem:
    """Delete the unit at `index`."""
    return PutItem("units", index, doc.units[index], None, "editor.do_remove_unit")


def change_unit(doc: Document, index: int, **values: Any) -> PutItem:
    """Set keys of a unit (a value of None removes the key, so the ruleset's default applies)."""
    unit = {k: v for k, v in {**doc.units[index], **values}.items() if v is not None}
    return PutItem("units", index, doc.units[index], unit, "editor.do_unit")


def move_unit(doc: Document, index: int, to: Square) -> PutItem:
    """Stand the unit with its top-left square on `to`."""
    return replace(change_unit(doc, index, at=[to[0], to[1]]), label="editor.do_move_unit")


def add_side(doc: Document, side: Side) -> PutItem:
    """A new side at the end of the list."""
    return PutItem("sides", len(doc.sides), None, dict(side), "editor.do_add_side")


def remove_side(doc: Document, index: int) -> PutItem:
    """Delete the side at `index` (its units stay, and validation names them until they get another side)."""
    return PutItem("sides", index, doc.sides[index], None, "editor.do_remove_side")


def change_side(doc: Document, index: int, **values: Any) -> PutItem:
    """Set keys of a side (None removes a key)."""
    side = {k: v for k, v in {**doc.sides[index], **values}.items() if v is not None}
    return PutItem("sides", index, doc.sides[index], side, "editor.do_side")


@dataclass(frozen=True, slots=True)
class Replace:
    """Swap the whole document for another one made from it (level keys, ruleset, resizing)."""

    old: Document
    new: Document
    label: str = "editor.do_level"

    def apply(self, doc: Document) -> Document:
        """The new document."""
        return self.new

    def revert(self, doc: Document) -> Document:
        """The old document."""
        return self.old


def set_level(doc: Document, **values: Any) -> Replace:
    """Set level keys: name, description, turns, rules, victory_rounds."""
    return Replace(doc, replace(doc, **values))


def resize(doc: Document, width: int, height: int, fill: str = ".") -> Replace:
    """Grow or cut the map at the right and bottom; edges that leave the map go, units stay (validation names
    the ones left outside)."""
    rows = [row[:width].ljust(width, fill) for row in doc.tiles[:height]]
    rows += [fill * width for _ in range(height - len(rows))]
    inside = tuple(e for e in doc.edges if all(0 <= s[0] < width and 0 <= s[1] < height for s in (e.a, e.b)))
    return Replace(doc, replace(doc, tiles=tuple(rows), edges=inside), "editor.do_resize")


__all__ = [
    "Command",
    "Paint",
    "PutItem",
    "Replace",
    "SetEdges",
    "add_side",
    "add_unit",
    "change_side",
    "change_unit",
    "move_unit",
    "remove_side",
    "remove_unit",
    "resize",
    "set_level",
]
