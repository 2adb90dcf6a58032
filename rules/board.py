"""Building a Board from map text and a legend (shared by the level loader and tests)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules.core import Board, EdgeKey, Terrain, edge_key

DEFAULT_LEGEND: Mapping[str, Terrain] = {
    ".": Terrain(frozenset(), symbol="."),
    "#": Terrain(frozenset({"wall"}), symbol="#"),
    ",": Terrain(frozenset({"difficult"}), symbol=","),
    "%": Terrain(frozenset({"hampering"}), symbol="%"),
    "o": Terrain(frozenset({"pit"}), symbol="o"),
    "n": Terrain(frozenset({"narrow"}), symbol="n"),
    ":": Terrain(frozenset({"dark"}), symbol=":"),
    "+": Terrain(frozenset({"door_closed"}), symbol="+"),
    "/": Terrain(frozenset({"door_open"}), symbol="/"),
}
"""The legend every level may use without declaring it (docs/levels.md, plus doors)."""

EDGE_DOORS = ("door_closed", "door_open")
"""The edge kinds board_from_rows reads as doors on square edges (closed, open)."""


def board_from_rows(
    rows: Iterable[str],
    legend: Mapping[str, Terrain] | None = None,
    edges: Iterable[tuple[tuple[int, int], tuple[int, int], str]] = (),
) -> Board:
    """A Board from equal-length rows of legend symbols; KeyError/ValueError on bad input.

    `legend` adds to or overrides DEFAULT_LEGEND; `edges` are (a, b, kind): wall segments
    ("hampering", "blocking") and edge doors ("door_closed", "door_open"; rules/doors.py).
    """
    table = dict(DEFAULT_LEGEND)
    if legend:
        table.update(legend)
    grid = [row for row in rows]
    if not grid:
        raise ValueError("the map has no rows")
    width = len(grid[0])
    tiles: list[Terrain] = []
    for y, row in enumerate(grid):
        if len(row) != width:
            raise ValueError(f"row {y} has {len(row)} symbols, expected {width}")
        for x, symbol in enumerate(row):
            if symbol not in table:
                raise KeyError(f"unknown symbol {symbol!r} at [{x}, {y}]")
            tiles.append(table[symbol])
    edge_map: dict[EdgeKey, str] = {}
    doors: dict[EdgeKey, bool] = {}
    for a, b, kind in edges:
        key = edge_key(a, b)
        if kind in EDGE_DOORS:
            doors[key] = kind == "door_open"
            if kind == "door_closed":
                edge_map[key] = "blocking"  # a closed door stops movement as a blocking segment does
        else:
            edge_map[key] = kind
    return Board(width, len(grid), tuple(tiles), edge_map, doors)


def board_from_text(text: str, legend: Mapping[str, Terrain] | None = None, edges=()) -> Board:
    """A Board from a multi-line map (blank leading/trailing lines ignored)."""
    rows = [line for line in text.strip("\n").split("\n")]
    return board_from_rows(rows, legend, edges)
