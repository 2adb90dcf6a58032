"""Mirror-symmetric tournament levels: whether the two sides of a level marked `mirror = true` mirror each other.

A level is a mirror when one of three symmetries of the map (left–right, top–bottom, a half turn) maps
every square onto one of the same terrain, every wall and door onto one of the same kind, and each unit
of the first side onto a unit of the second side that differs only in its id, name, art and side (and, in
HeXXen, where hunters fight only NPCs, in its role and powers). Then
neither side has the better ground or the better units; who moves first is the one difference left, and
a seat-swapped pair (game/lab/pairs.py) plays it from both seats.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.text.i18n import t
from rules.core import Creature, Square

if TYPE_CHECKING:
    from game.levels.level import Level

SYMMETRIES = ("left_right", "top_bottom", "half_turn")
"""The symmetries tried, in this order (their names in `check`'s line and the catalogue's mirror table)."""


def _mapper(kind: str, width: int, height: int) -> Callable[[Square, tuple[int, int]], Square]:
    """The image of a w×h footprint's top-left square under the symmetry `kind`."""
    if kind == "left_right":
        return lambda at, dims: (width - at[0] - dims[0], at[1])
    if kind == "top_bottom":
        return lambda at, dims: (at[0], height - at[1] - dims[1])
    return lambda at, dims: (width - at[0] - dims[0], height - at[1] - dims[1])


def _rules_only(unit: Creature, other: Creature) -> Creature:
    """The unit without what does not change play (its id, side, name, art and place) and, facing a twin of
    another role, without its role and powers: in HeXXen hunters fight only NPCs (rules.hexxen.participants), so
    a mirror there sets hunters against NPCs with the same numbers and the powers that make up the role."""
    plain = dataclasses.replace(unit, id="", side="", name="", art=None, at=(0, 0))
    # role and powers are hexxen's traits (rules/hexxen/traits.py); asked by name, so no other ruleset is imported
    role = getattr(unit.traits, "role", None)
    if role != getattr(other.traits, "role", None):
        plain = dataclasses.replace(plain, traits=dataclasses.replace(unit.traits, role="", powers=()))
    return plain


def difference(level: Level, kind: str) -> str | None:
    """The first thing that breaks the symmetry `kind` on `level` (a sentence), or None if it holds."""
    if len(level.sides) != 2:
        return t("mirror.two_sides", count=len(level.sides))
    board = level.board
    image = _mapper(kind, board.width, board.height)
    for y in range(board.height):
        for x in range(board.width):
            other = image((x, y), (1, 1))
            if board.terrain((x, y)) != board.terrain(other):
                return t("mirror.terrain", at=f"{x},{y}", twin=f"{other[0]},{other[1]}")
    edges = {(frozenset((e.a, e.b)), e.kind, e.open) for e in level.edges}
    for e in level.edges:
        flipped = (frozenset((image(e.a, (1, 1)), image(e.b, (1, 1)))), e.kind, e.open)
        if flipped not in edges:
            return t("mirror.edge", a=f"{e.a[0]},{e.a[1]}", b=f"{e.b[0]},{e.b[1]}")
    first, second = (s.id for s in level.sides)
    shown = level.display_names  # units and sides by the names players read, with their grammar
    theirs = {u.at: u for u in level.units if u.side == second}
    ours = [u for u in level.units if u.side == first]
    if len(ours) != len(theirs):
        return t(
            "mirror.counts",
            first=shown.get(first, first),
            second=shown.get(second, second),
            ours=len(ours),
            theirs=len(theirs),
        )
    for unit in ours:
        at = image(unit.at, unit.dims)
        match = theirs.get(at)
        if match is None or _rules_only(match, unit) != _rules_only(unit, match):
            return t(
                "mirror.unit", unit=shown.get(unit.id, unit.id), at=f"{at[0]},{at[1]}", side=shown.get(second, second)
            )
    return None


def symmetry(level: Level) -> str | None:
    """The first symmetry in SYMMETRIES under which the level is a mirror, or None."""
    return next((kind for kind in SYMMETRIES if difference(level, kind) is None), None)


def mirror_problem(level: Level) -> str | None:
    """Why a level marked `mirror = true` is not one (each symmetry's first difference), or None."""
    if not level.mirror or symmetry(level) is not None:
        return None
    found = "; ".join(f"{t(f'mirror.{kind}')}: {difference(level, kind)}" for kind in SYMMETRIES)
    return t("mirror.not_mirror", problems=found)


def check_mirror(level: Level) -> tuple[str | None, str | None]:
    """`check`'s verdict on a level: (why a marked level is not a mirror, None) or (None, the line saying which
    symmetry holds); (None, None) for an unmarked level."""
    if not level.mirror:
        return None, None
    problem = mirror_problem(level)
    if problem is not None:
        return problem, None
    return None, t("mirror.holds", symmetry=t(f"mirror.{symmetry(level)}"))


def partners(level: Level) -> list[tuple[int, int]] | None:
    """Each unit of the first side with its twin on the second (indices into level.units), by place under
    the symmetry that holds for the level as written; None when the level is no mirror or a unit has no twin."""
    kind = symmetry(level) if level.mirror else None
    if kind is None:
        return None
    return twins(level, kind)


def twins(level: Level, kind: str) -> list[tuple[int, int]] | None:
    """The first side's units paired by place with the second side's under symmetry `kind` (None if one has none)."""
    first, second = (s.id for s in level.sides)
    image = _mapper(kind, level.board.width, level.board.height)
    theirs = {u.at: i for i, u in enumerate(level.units) if u.side == second}
    out = []
    for i, unit in enumerate(level.units):
        if unit.side == first:
            j = theirs.get(image(unit.at, unit.dims))
            if j is None:
                return None
            out.append((i, j))
    return out if len(out) == len(theirs) else None
