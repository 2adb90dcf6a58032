"""The replay viewer's fight map: where the games of this replay's variant were decided, over the board.

`sweep --replays DIR` writes the maps of every cell beside the replays (game/lab/fight_map.py VIEWER_FILE).
A replay opened from that folder finds its cell by its level file's name; M shows one map after another
(fell, hit, stood, attacks of opportunity) and hides them again; with a map shown, a click on a square
plays the first game listed there again (a game is a pure function of its level and seed) and opens it
at the turn it happened in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game.lab.fight_map import KINDS, VIEWER_FILE, key
from game.lab.fight_map_png import KIND_COLOURS
from game.lab.simulate import play_game
from game.levels.level import Level
from game.saved.replay import Replay
from game.saved.script import parse_script
from game.tomlio import dumps
from game.ui.view import BoardView
from rules.core import Square


def _cell_of(level: Level) -> dict[str, Any] | None:
    """The maps of the cell whose level file this is, from the maps file beside it; None when there is none."""
    source = Path(level.source)
    try:
        data = json.loads((source.parent / VIEWER_FILE).read_text(encoding="utf-8"))
        cell = data["cells"][source.name]
        return cell if isinstance(cell, dict) and isinstance(cell.get("counts"), dict) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no maps (a replay saved elsewhere), or a file that is not ours: the viewer goes without


class FightOverlay:
    """One replay's fight maps: which is shown, how it is drawn, and the game behind a square."""

    def __init__(self, level: Level) -> None:
        self.level = level
        self.cell = _cell_of(level)
        self.shown = -1
        """Index into KINDS of the map shown; -1: none."""

    @property
    def available(self) -> bool:
        """Whether this replay's folder holds maps of its variant."""
        return self.cell is not None

    @property
    def kind(self) -> str | None:
        """The kind of map shown, or None."""
        return KINDS[self.shown] if self.shown >= 0 else None

    def cycle(self) -> None:
        """M: the next map, and after the last none."""
        if self.cell is None:
            return
        self.shown = self.shown + 1 if self.shown + 1 < len(KINDS) else -1

    def draw(self, screen: pygame.Surface, view: BoardView) -> None:
        """The shown map's squares, the more opaque the more often it happened there."""
        kind = self.kind
        if kind is None or self.cell is None:
            return
        counts: dict[str, int] = self.cell["counts"].get(kind, {})
        top = max(counts.values(), default=0)
        if not top:
            return
        layer = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        for where, count in counts.items():
            x, y = (int(v) for v in where.split(","))
            rect = view.square_rect((x, y)).move(-view.rect.x, -view.rect.y)
            layer.fill((*KIND_COLOURS[kind], round(50 + 170 * count / top)), rect)
        screen.blit(layer, view.rect.topleft)

    def game_at(self, square: Square) -> tuple[int, int, int] | None:
        """(index, seed, turn) of the first game the shown map lists on `square`, or None."""
        kind = self.kind
        if kind is None or self.cell is None:
            return None
        games = self.cell.get("squares", {}).get(kind, {}).get(key(square), [])
        return tuple(games[0]) if games else None  # type: ignore[return-value]

    def open_game(self, game: tuple[int, int, int]) -> Replay:
        """The listed game played again on this level, as a replay positioned at the start of its turn."""
        index, seed, turn = game
        assert self.cell is not None
        result = play_game(self.level, seed, int(self.cell.get("max_rounds", 30)), index)
        replay = Replay(self.level, parse_script(dumps({"seed": seed, "do": result.script})))
        replay.seek(replay.turn_start(turn))
        return replay
