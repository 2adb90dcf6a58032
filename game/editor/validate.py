"""Live validation of the document: the loader's own checks (the same as `check`), each problem with its square."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.editor.document import Document
from game.levels.level import LevelError
from rules.core import Square


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing the loader refuses: the key it concerns, its message, and the square where one applies."""

    key: str
    message: str
    square: Square | None

    def text(self) -> str:
        """The line the editor lists: key, message (the square is drawn on the map)."""
        return f"{self.key}: {self.message}" if self.key else self.message


_UNIT = re.compile(r"^units\[(\d+)\]")
_EDGE = re.compile(r"^map\.edges\[(\d+)\]")


def problems(doc: Document, folder: Path | None = None) -> list[Problem]:
    """Every problem `check` would report for the document saved in `folder` (its picture read from there);
    empty when it loads."""
    try:
        doc.to_level(picture_dir=folder)
    except LevelError as exc:
        return [Problem(p.key, p.message, _square(doc, p.key)) for p in exc.problems]
    return []


def _square(doc: Document, key: str) -> Square | None:
    """The square a problem is about: a unit's start square, an edge's first square."""
    unit = _UNIT.match(key)
    if unit and int(unit.group(1)) < len(doc.units):
        at = doc.units[int(unit.group(1))].get("at")
        if isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at):
            return (at[0], at[1])
    edge = _EDGE.match(key)
    if edge and int(edge.group(1)) < len(doc.edges):
        return doc.edges[int(edge.group(1))].a
    return None
