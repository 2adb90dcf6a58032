"""Motion on the battle board: plays a timeline (game/ui/timeline.py) over the cached board picture.

While a timeline plays, the board is composed without the walking units and the bindings being
formed (`board_situation`); they, the floating numbers, the flashes and the fading fallen are
drawn each frame as overlays, so a frame costs a few small rectangles, never a board repaint.
Pure drawing: the match has already moved on, and nothing here changes it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.text.art_names import art_of, match_arts
from game.text.i18n import t
from game.ui import theme
from game.ui.patterns import side_shapes
from game.ui.token_labels import Label, token_labels
from game.ui.tokens import draw_token
from game.ui.view import BoardView
from rules.core import Creature, Situation, Square

if TYPE_CHECKING:  # the timeline itself is imported when the first one is built: the first frame has none
    from game.ui.timeline import Performed, Timeline

DAMAGE_COLOR = (255, 96, 80)
MISS_COLOR = (215, 220, 230)
FLASH_COLOR = (255, 250, 235)
RISE = 0.7
"""How far a floating number rises over its life, in squares."""


class Motion:
    """The timeline playing now (if any), its clock, and the situations before and after it."""

    def __init__(self) -> None:
        self.timeline: Timeline | None = None
        self.clock = 0.0
        self.serial = 0
        """Counts timelines started (keys the board picture that leaves the moving units out)."""
        self.follow = False
        """The camera follows the moving units (the computer's turn)."""
        self.before: Situation | None = None
        self.after: Situation | None = None
        self._board: Situation | None = None
        self._labels: dict[str, Label] = {}
        self._arts: dict[str, str] = {}

    @property
    def playing(self) -> bool:
        """Whether a timeline is still running."""
        return self.timeline is not None and self.clock < self.timeline.duration

    def start(
        self, before: Situation, records: Sequence[Performed], after: Situation, speed: str, follow: bool = False
    ) -> list[str]:
        """Play `records` (performed from `before`, leading to `after`); returns the sounds due at once."""
        from game.ui.timeline import build_timeline  # start-up time: only once something moves

        line = build_timeline(before, records, speed)
        self.serial += 1
        self.clock = 0.0
        self.follow = follow
        self.before, self.after = before, after
        if line.duration <= 0:
            self.timeline = None
            return [c.sound for c in line.cues]
        self.timeline = line
        creatures = {u: c for u, c in after.creatures.items() if u not in line.walkers}
        self._board = replace(after, creatures=creatures, bindings=after.bindings - line.new_links)
        self._labels = token_labels(after.creatures)
        self._arts = match_arts(after.creatures)
        return line.cues_between(-1.0, 0.0)

    def update(self, dt: float) -> list[str]:
        """Advance the clock by `dt`; the sounds whose time came."""
        if not self.playing:
            return []
        assert self.timeline is not None
        old, self.clock = self.clock, min(self.timeline.duration, self.clock + dt)
        sounds = self.timeline.cues_between(old, self.clock)
        if not self.playing:
            self.stop()
        return sounds

    def skip(self) -> list[str]:
        """Jump to the end (a click or a key); the sounds still due, at most one of each."""
        if not self.playing:
            return []
        assert self.timeline is not None
        sounds = [s for s in self.timeline.cues_between(self.clock, self.timeline.duration) if s != "step"]
        self.stop()
        return sounds

    def stop(self) -> None:
        """Forget the timeline (an undo, the end, a new match)."""
        self.timeline = None
        self._board = None

    def board_situation(self, sit: Situation) -> Situation:
        """What the cached board shows: `sit`, without the moving units and new bindings while a timeline plays."""
        return self._board if self.playing and self._board is not None else sit

    def focus(self) -> tuple[float, float] | None:
        """The centre (in squares) of what the camera should keep in view now: a walker, else a unit hit."""
        if not self.playing or self.after is None:
            return None
        assert self.timeline is not None
        frame = self.timeline.frame(self.clock)
        for uid, (x, y) in frame.positions.items():
            c = self.after.creatures[uid]
            return (x + c.dims[0] / 2, y + c.dims[1] / 2)
        for uid, *_ in frame.texts:
            c = self.after.creatures.get(uid)
            if c is not None:
                return (c.at[0] + c.dims[0] / 2, c.at[1] + c.dims[1] / 2)
        return None

    def key(self) -> tuple[int, float] | None:
        """What the overlays show depends on this (None when nothing plays)."""
        return (self.serial, self.clock) if self.playing else None

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface, view: BoardView, colors: dict[str, theme.Color]) -> list[pygame.Rect]:
        """Links, moving units, fading fallen, flashes and floating texts at the current clock; rectangles drawn on."""
        if not self.playing or self.before is None or self.after is None:
            return []
        assert self.timeline is not None
        frame = self.timeline.frame(self.clock)
        cell = view.cell
        ox, oy = view.origin
        old_clip = screen.get_clip()
        screen.set_clip(view.rect)
        drawn: list[pygame.Rect] = []

        def rect_at(c: Creature, x: float, y: float) -> pygame.Rect:
            return pygame.Rect(round(ox + x * cell), round(oy + y * cell), c.dims[0] * cell, c.dims[1] * cell)

        def place(uid: str) -> pygame.Rect:
            c = self.after.creatures[uid]  # type: ignore[union-attr]
            x, y = frame.positions.get(uid, c.at)
            return rect_at(c, x, y)

        for a, b, p in frame.links:
            if a in self.after.creatures and b in self.after.creatures:
                ca, cb = place(a).center, place(b).center
                tip = (ca[0] + (cb[0] - ca[0]) * p, ca[1] + (cb[1] - ca[1]) * p)
                drawn.append(pygame.draw.line(screen, theme.WARNING, ca, tip, max(2, cell // 12)))
        for uid, (x, y) in frame.positions.items():
            drawn += self._way(screen, view, self.after.creatures[uid], (x, y), frame.ahead.get(uid, ()))
        for uid, (x, y) in frame.positions.items():
            # on the way it looks as it did before the move (a fall on the way shows once it stops)
            look = self.before.creatures.get(uid) or self.after.creatures[uid]
            drawn.append(self._token(screen, look, rect_at(self.after.creatures[uid], x, y), colors))
        for uid in frame.arrived:
            c = self.after.creatures[uid]
            drawn.append(self._token(screen, c, rect_at(c, *c.at), colors))
        for uid, p in frame.fades:
            was = self.before.creatures.get(uid)
            if was is None or p >= 1:
                continue
            standing = replace(was, at=self.after.creatures[uid].at, space=self.after.creatures[uid].space)
            drawn.append(self._token(screen, standing, place(uid), colors, alpha=round(255 * (1 - p))))
        for uid, p in frame.flashes:
            if uid in self.after.creatures:
                box = place(uid)
                glow = pygame.Surface(box.size, pygame.SRCALPHA)
                pygame.draw.ellipse(
                    glow, (*FLASH_COLOR, round(200 * (1 - p))), glow.get_rect().inflate(-cell // 8, -cell // 8)
                )
                drawn.append(screen.blit(glow, box))
        for uid, kind, text, p in frame.texts:
            if uid in self.after.creatures:
                drawn.append(self._float(screen, place(uid), kind, text, p, cell))
        screen.set_clip(old_clip)
        return [r.clip(view.rect) for r in drawn]

    @staticmethod
    def _way(
        screen: pygame.Surface, view: BoardView, c: Creature, at: tuple[float, float], ahead: tuple[Square, ...]
    ) -> list[pygame.Rect]:
        """The way still ahead of a walker, thin, and a frame around where it will stand."""
        if not ahead:
            return []
        cell = view.cell
        w, h = c.dims

        def centre(x: float, y: float) -> tuple[int, int]:
            return (round(view.origin[0] + (x + w / 2) * cell), round(view.origin[1] + (y + h / 2) * cell))

        points = [centre(*at), *(centre(*sq) for sq in ahead)]
        width = max(2, cell // 16)
        drawn = [pygame.draw.line(screen, theme.SELECTED, a, b, width) for a, b in itertools.pairwise(points)]
        drawn += [pygame.draw.circle(screen, theme.SELECTED, p, max(2, cell // 14)) for p in points[1:-1]]
        drawn.append(pygame.draw.rect(screen, theme.SELECTED, view.square_rect(ahead[-1], c.dims), 2))
        return [r.inflate(2, 2) for r in drawn]

    def _token(
        self, screen: pygame.Surface, c: Creature, rect: pygame.Rect, colors: dict[str, theme.Color], alpha: int = 255
    ) -> pygame.Rect:
        """A unit token at `rect` (translucent when fading out)."""
        color = colors.get(c.side, (200, 200, 200))
        # the same emblem and side marker as on the board, so a walker is recognisably the unit that stood there
        look = {
            "label": self._labels.get(c.id),
            "art": self._arts.get(c.id) or art_of(c),
            "marker": side_shapes(colors).get(c.side),
        }
        if alpha >= 255:
            draw_token(screen, c, rect, color, **look)
            return rect.inflate(2, 2)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_token(layer, c, layer.get_rect(), color, **look)
        layer.set_alpha(alpha)
        return screen.blit(layer, rect)

    @staticmethod
    def _float(screen: pygame.Surface, box: pygame.Rect, kind: str, text: str, p: float, cell: int) -> pygame.Rect:
        """A damage number or "miss" rising from the top of the token and fading out in its last third."""
        from game.ui.timeline import MISS_TEXT  # already imported: a timeline is playing

        shown = t("motion.miss") if text == MISS_TEXT else text
        size = max(16, min(40, cell // 2))
        color = DAMAGE_COLOR if kind == "damage" else MISS_COLOR
        label = theme.label(shown, size, color, True)
        shadow = theme.label(shown, size, (10, 10, 12), True)
        centre = (box.centerx, round(box.top + cell * 0.15 - p * RISE * cell))
        alpha = 255 if p < 2 / 3 else round(255 * (1 - p) * 3)
        where = label.get_rect(center=centre)
        layer = pygame.Surface(where.inflate(4, 4).size, pygame.SRCALPHA)
        layer.blit(shadow, (3, 3))
        layer.blit(label, (1, 1))
        layer.set_alpha(max(0, min(255, alpha)))
        return screen.blit(layer, where.move(-1, -1))
