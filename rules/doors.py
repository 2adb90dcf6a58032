"""Doors on square edges (`[[map.edges]] kind = "door"`): their state, who can reach them, and refusals.

A closed edge door is in `Board.edges` as a "blocking" segment, so every movement search already
stops at it (and at a diagonal past its vertex) without knowing doors exist; an open one is not
in `Board.edges` at all. `Board.doors` keeps every edge door and whether it is open. What opening
costs is each ruleset's own door rule (GB-PF-DOOR, GB-5E-DOOR); hexxen refuses it (HX-ABSTRACT).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from types import MappingProxyType

from rules.core import Board, EdgeKey, Illegal, Ruling, Situation, Square, edge_key, footprint, values
from rules.geometry import is_diagonal, vertex_edges


def door_state(board: Board, a: Square, b: Square) -> bool | None:
    """Whether the edge door between `a` and `b` is open (True), closed (False), or None: no door there."""
    return board.doors.get(edge_key(a, b))


def with_door(board: Board, key: EdgeKey, open_: bool) -> Board:
    """A copy of the board with the edge door `key` open or closed (its segment added or taken away)."""
    edges = dict(board.edges)
    if open_:
        edges.pop(key, None)
    else:
        edges[key] = "blocking"
    doors = dict(board.doors)
    doors[key] = open_
    return replace(board, edges=MappingProxyType(edges), doors=MappingProxyType(doors))


def ends(key: EdgeKey) -> tuple[Square, Square]:
    """The two squares of an edge, in reading order (top-most, then left-most first)."""
    a, b = sorted(key, key=lambda sq: (sq[1], sq[0]))
    return a, b


def effect_key(key: EdgeKey) -> str:
    """The `door` effect's key of an edge: "x,y;x,y" (reading order)."""
    a, b = ends(key)
    return f"{a[0]},{a[1]};{b[0]},{b[1]}"


def parse_effect_key(text: str) -> EdgeKey:
    """The edge named by a `door` effect's key."""
    a, b = ((int(v) for v in half.split(",")) for half in text.split(";"))
    return edge_key(tuple(a), tuple(b))  # type: ignore[arg-type]


def touches(squares: Iterable[Square], key: EdgeKey) -> bool:
    """Whether a space touches the edge (shares at least one point with it): the door is within reach.

    The same notion as a door square touching a space (Chebyshev distance 1): the edge's own two
    squares, and the squares that meet either end of it.
    """
    a, b = ends(key)
    # a horizontal edge is the line y = b.y from x to x + 1; a vertical one the line x = b.x from y to y + 1
    corners = {(a[0], b[1]), (a[0] + 1, b[1])} if a[0] == b[0] else {(b[0], a[1]), (b[0], a[1] + 1)}
    return any(
        (sq[0], sq[1]) in corners
        or (sq[0] + 1, sq[1]) in corners
        or (sq[0], sq[1] + 1) in corners
        or (sq[0] + 1, sq[1] + 1) in corners
        for sq in squares
    )


def doors_touching(board: Board, squares: Sequence[Square]) -> list[EdgeKey]:
    """Edge doors a space can reach, in reading order of their squares."""
    return sorted((k for k in board.doors if touches(squares, k)), key=lambda k: [(s[1], s[0]) for s in ends(k)])


def straddled(sit: Situation, key: EdgeKey) -> str | None:
    """A unit whose space holds both squares of the edge (a door cannot close through it), or None."""
    a, b = ends(key)
    for uid, c in sorted(sit.creatures.items()):
        fp = c.footprint()
        if a in fp and b in fp:
            return uid
    return None


def crossed_door(sit: Situation, unit: str, path: Sequence[tuple[int, ...]], at: Square | None) -> EdgeKey | None:
    """The closed edge door that a step of `path` ending over `at` crosses, or cuts past at a vertex; else None."""
    board = sit.board
    closed = {k: "blocking" for k, is_open in board.doors.items() if not is_open}
    if not closed or at is None:
        return None
    only_doors = replace(board, edges=closed)
    c = sit.creature(unit)
    prev, dims = c.at, c.dims
    for entry in path:
        nxt = (entry[0], entry[1])
        here = (entry[2], entry[3]) if len(entry) == 4 else dims
        delta = (nxt[0] - prev[0], nxt[1] - prev[1])
        if max(abs(delta[0]), abs(delta[1])) == 1 and at in footprint(nxt, here):
            hit = _door_on_step(only_doors, prev, dims, delta)
            if hit is not None:
                return hit
        prev, dims = nxt, here
    return None


def _door_on_step(only_doors: Board, anchor: Square, dims: tuple[int, int], delta: Square) -> EdgeKey | None:
    """The closed door edge one step crosses (orthogonal) or touches at a crossed vertex (diagonal)."""
    here = footprint(anchor, dims)
    for sq in here:
        dest = (sq[0] + delta[0], sq[1] + delta[1])
        if is_diagonal(delta) and dest in here:
            continue  # as PF1-CORNER (b): only the leading squares' vertices count
        pairs = vertex_edges(sq, delta) if is_diagonal(delta) else ((sq, dest),)
        for p, q in pairs:
            if edge_key(p, q) in only_doors.edges:
                return edge_key(p, q)
    return None


def door_cited(
    sit: Situation,
    unit: str | None,
    path: Sequence[tuple[int, ...]],
    result: Ruling | Illegal,
    rule: str,
    obstacle_rules: frozenset[str],
) -> Ruling | Illegal:
    """A movement refusal at a closed edge door, cited as the door rule (`rule`) that keeps it shut.

    The movement search refuses the step as it refuses any blocking segment (one of
    `obstacle_rules`: PF1-OBSTACLE-BLOCK, D5-GRID-OBSTACLES, the corner rules); the player is
    told it is a door, which can be opened.
    """
    if not isinstance(result, Illegal) or result.rule not in obstacle_rules or not sit.board.doors:
        return result
    if unit is None or unit not in sit.creatures:
        return result
    key = crossed_door(sit, unit, path, result.at)
    if key is None:
        return result
    a, b = ends(key)
    why = f"the door between {list(a)} and {list(b)} is closed (open it first)"
    params = values(a=a, b=b)
    return Illegal(rule, why, result.at, result.cost, result.unit_cm, result.steps, "door_edge.closed", params)


def edge_door_refusal(
    sit: Situation, unit: str, at: Square | None, to: Square | None, rule: str, missing_rule: str, unit_cm: int
) -> Illegal | None:
    """Why `unit` cannot open or close a door on the edge between `at` and `to`, or None.

    The door must lie on that edge and touch the unit's space; it cannot close through a unit
    standing across it. What it costs is the ruleset's to check (`rule` is its door rule;
    `missing_rule` the rule cited when there is no door there).
    """
    board = sit.board
    here = sit.creature(unit).at
    if at is None or to is None or not (board.in_bounds(at) and board.in_bounds(to)):
        why = "an edge door needs `at` and `to`: two squares on the map"
        return Illegal(rule, why, at or here, unit_cm=unit_cm, reason="door_edge.squares")
    if abs(at[0] - to[0]) + abs(at[1] - to[1]) != 1:
        why = f"{list(to)} is not across one edge from {list(at)}"
        return Illegal(rule, why, at, unit_cm=unit_cm, reason="door_edge.not_across", params=values(a=at, b=to))
    key = edge_key(at, to)
    state = board.doors.get(key)
    if state is None:
        why = f"there is no door between {list(at)} and {list(to)}"
        return Illegal(missing_rule, why, at, unit_cm=unit_cm, reason="door_edge.no_door", params=values(a=at, b=to))
    if not touches(sit.creature(unit).footprint(), key):
        why = f"the door between {list(at)} and {list(to)} is not next to {unit}"
        params = values(a=at, b=to, unit=unit)
        return Illegal(rule, why, at, unit_cm=unit_cm, reason="door_edge.not_next", params=params)
    blocker = straddled(sit, key) if state else None
    if blocker is not None:
        why = f"{blocker} stands across the door between {list(at)} and {list(to)}; it cannot close"
        params = values(a=at, b=to, unit=blocker)
        return Illegal(rule, why, at, unit_cm=unit_cm, reason="door_edge.straddled", params=params)
    return None


def door_message(verb_open: bool, at: Square, to: Square) -> str:
    """The English log line of an edge door opening or closing (the cost follows in brackets)."""
    return ("opens" if verb_open else "closes") + f" the door between {list(at)} and {list(to)}"
