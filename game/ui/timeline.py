"""What the board shows while performed actions play out: where each moving unit is at time t, which damage
numbers float, which hits flash, which fallen units fade and which bindings are being drawn. No pygame.

A timeline is made from the situation before some records, the records themselves (an action
and its ruling) and the situation after; it changes nothing in the match (the match has already
moved on), it only says how to draw the way there. Sounds are cues on the same clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.actions import Action
from rules.core import Illegal, Ruling, Situation, Square
from rules.effects import apply

SQUARE_SECONDS = 0.12
"""How long a unit takes for one square at normal speed."""
SPEED_FACTORS = {"normal": 1.0, "fast": 0.4, "instant": 0.0}
"""Every duration × this: fast plays in 40 % of the time, instant not at all."""
FLOAT_SECONDS = 0.9
FLASH_SECONDS = 0.25
FADE_SECONDS = 0.6
LINK_SECONDS = 0.4
ATTACK_GAP = 0.18
"""Between two attack results of one action (an opportunity attack, then the blow itself)."""
COMPUTER_PAUSE = {"normal": 0.35, "fast": 0.2, "instant": 0.35}
"""Seconds between the end of one computer action's motion and its next action (instant: as before motion)."""


class Performed(Protocol):
    """A match record as the timeline reads it."""

    @property
    def action(self) -> Action: ...

    @property
    def result(self) -> Ruling | Illegal: ...


@dataclass(frozen=True, slots=True)
class Walk:
    """A unit going square by square: `squares` are its top-left squares, its start first."""

    unit: str
    squares: tuple[Square, ...]
    start: float
    per_square: float

    @property
    def end(self) -> float:
        """When it stands on its last square."""
        return self.start + self.per_square * (len(self.squares) - 1)

    def ahead(self, t: float) -> tuple[Square, ...]:
        """The squares still to come at time `t` (the way ahead is drawn, so the eye knows where it goes)."""
        if t >= self.end or self.per_square <= 0:
            return ()
        done = 0 if t <= self.start else int((t - self.start) / self.per_square)
        return self.squares[done + 1 :]

    def at(self, t: float) -> tuple[float, float]:
        """Its top-left corner in squares (fractional between two squares) at time `t`."""
        if t <= self.start or len(self.squares) < 2:
            return (float(self.squares[0][0]), float(self.squares[0][1]))
        if t >= self.end or self.per_square <= 0:
            return (float(self.squares[-1][0]), float(self.squares[-1][1]))
        steps = (t - self.start) / self.per_square
        i = int(steps)
        f = steps - i
        (x0, y0), (x1, y1) = self.squares[i], self.squares[i + 1]
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)


@dataclass(frozen=True, slots=True)
class Beat:
    """A short effect over a unit (or two): kind "damage" / "miss" (floating text), "flash", "fade", "link"."""

    kind: str
    unit: str
    start: float
    duration: float
    text: str = ""
    other: str | None = None
    """link: the unit bound to `unit`."""

    def progress(self, t: float) -> float | None:
        """0 → 1 over the beat, None before it starts or once it is over (a link stays drawn at 1)."""
        if t < self.start:
            return None
        if self.duration <= 0 or t >= self.start + self.duration:
            return 1.0 if self.kind in ("link", "fade") else None
        return (t - self.start) / self.duration


@dataclass(frozen=True, slots=True)
class Cue:
    """A sound to play when the clock passes `at`."""

    at: float
    sound: str


@dataclass(frozen=True, slots=True)
class Frame:
    """What to draw at one moment."""

    positions: dict[str, tuple[float, float]]
    """Walkers not yet arrived: their top-left corner in squares."""
    ahead: dict[str, tuple[Square, ...]]
    """Walkers not yet arrived: the squares still to come."""
    arrived: frozenset[str]
    texts: tuple[tuple[str, str, str, float], ...]
    """(unit, kind "damage"/"miss", text, progress)."""
    flashes: tuple[tuple[str, float], ...]
    fades: tuple[tuple[str, float], ...]
    """(unit, progress): 0 = still its standing look, 1 = its downed look."""
    links: tuple[tuple[str, str, float], ...]


@dataclass(frozen=True, slots=True)
class Timeline:
    """The motion of some performed records; `duration` 0 = nothing to animate (only the cues to play)."""

    walks: tuple[Walk, ...] = ()
    beats: tuple[Beat, ...] = ()
    cues: tuple[Cue, ...] = ()
    duration: float = 0.0
    before: dict[str, Square] = field(default_factory=dict)
    """Where the walkers stood before (their look while walking is the one they had then)."""

    @property
    def walkers(self) -> frozenset[str]:
        """The units the board must leave out while this plays (they are drawn moving instead)."""
        return frozenset(w.unit for w in self.walks)

    @property
    def new_links(self) -> frozenset[frozenset[str]]:
        """The bindings being drawn (the board leaves them out until the timeline is over)."""
        return frozenset(frozenset((b.unit, b.other)) for b in self.beats if b.kind == "link" and b.other)

    def frame(self, t: float) -> Frame:
        """What is where at time `t` (seconds since the start)."""
        positions: dict[str, tuple[float, float]] = {}
        ahead: dict[str, tuple[Square, ...]] = {}
        arrived: set[str] = set()
        for unit in dict.fromkeys(w.unit for w in self.walks):
            own = [w for w in self.walks if w.unit == unit]
            started = [w for w in own if w.start <= t]
            walk = started[-1] if started else own[0]
            if walk is own[-1] and t >= walk.end:
                arrived.add(unit)  # drawn on its last square in the look it has now
            else:
                positions[unit] = walk.at(t)
                ahead[unit] = walk.ahead(t) or walk.squares[-1:]
        texts, flashes, fades, links = [], [], [], []
        for beat in self.beats:
            p = beat.progress(t)
            if p is None:
                continue
            if beat.kind in ("damage", "miss"):
                texts.append((beat.unit, beat.kind, beat.text, p))
            elif beat.kind == "flash":
                flashes.append((beat.unit, p))
            elif beat.kind == "fade":
                fades.append((beat.unit, p))
            elif beat.kind == "link" and beat.other is not None:
                links.append((beat.unit, beat.other, p))
        return Frame(positions, ahead, frozenset(arrived), tuple(texts), tuple(flashes), tuple(fades), tuple(links))

    def fading(self, t: float) -> frozenset[str]:
        """Units whose fall has not finished fading at `t` (drawn over their downed look)."""
        return frozenset(b.unit for b in self.beats if b.kind == "fade" and t < b.start + b.duration)

    def cues_between(self, t0: float, t1: float) -> list[str]:
        """The sounds whose time lies in (t0, t1] (t0 < 0: from the very start)."""
        return [c.sound for c in self.cues if t0 < c.at <= t1]


MISS_TEXT = "miss"
"""Replaced by the catalogue's word when drawn (game.text.i18n motion.miss)."""


def _squares(path: Sequence[Sequence[int]]) -> list[Square]:
    """The top-left squares of a path (entries (x, y) or (x, y, w, h))."""
    return [(int(p[0]), int(p[1])) for p in path]


def _line(a: Square, b: Square) -> list[Square]:
    """The squares from next to `a` to `b`: diagonal steps first, then straight (b included)."""
    out = []
    x, y = a
    while (x, y) != b:
        x += (b[0] > x) - (b[0] < x)
        y += (b[1] > y) - (b[1] < y)
        out.append((x, y))
    return out


def _route(start: Square, action: Action, end: Square) -> list[Square]:
    """The squares the unit passes: its start, the action's path up to where it really stopped, its end."""
    squares = [start, *_squares(action.path)]
    if end in squares[1:]:
        squares = squares[: squares.index(end, 1) + 1]  # stopped on the way (down by an opportunity attack)
    elif squares[-1] != end:
        squares += _line(squares[-1], end)  # no path (a hexxen engagement, a step): straight there, square by square
    # a path may name the start again (a squeezed footprint at the same corner): no standing still
    route = [squares[0]]
    for sq in squares[1:]:
        if sq != route[-1]:
            route.append(sq)
    return route


def build_timeline(before: Situation, records: Sequence[Performed], speed: str = "normal") -> Timeline:
    """The motion of `records` performed one after another from `before` (refusals and turn ends show nothing)."""
    factor = SPEED_FACTORS.get(speed, 1.0)
    walks: list[Walk] = []
    beats: list[Beat] = []
    cues: list[Cue] = []
    starts: dict[str, Square] = {}
    sit = before
    clock = 0.0
    for record in records:
        result, action = record.result, record.action
        if isinstance(result, Illegal):
            cues.append(Cue(clock, "refused"))
            continue
        if action.kind == "end_turn":
            continue
        after = apply(sit, result.effects)
        end = clock
        unit = action.unit
        if unit is not None and unit in sit.creatures and unit in after.creatures:
            start_sq, end_sq = sit.creatures[unit].at, after.creatures[unit].at
            if start_sq != end_sq:
                route = _route(start_sq, action, end_sq)
                walk = Walk(unit, tuple(route), clock, SQUARE_SECONDS * factor)
                walks.append(walk)
                starts.setdefault(unit, start_sq)
                if factor > 0:
                    cues.extend(Cue(clock + walk.per_square * i, "step") for i in range(1, len(route) - 1))
                end = walk.end
                cues.append(Cue(end, "move_end"))
        hit_at = end
        # each attack's result over its target: a damage number and a flash, or "miss"
        damage = [e for e in result.effects if e.kind == "damage"]
        misses = [e for e in result.events if e.kind == "miss" and e.by]
        for effect in damage:
            beats.append(Beat("damage", effect.unit, hit_at, FLOAT_SECONDS * factor, text=f"-{effect.value}"))
            beats.append(Beat("flash", effect.unit, hit_at, FLASH_SECONDS * factor))
            cues.append(Cue(hit_at, "hit"))
            hit_at += ATTACK_GAP * factor
        for event in misses:
            assert event.by is not None
            beats.append(Beat("miss", event.by, hit_at, FLOAT_SECONDS * factor, text=MISS_TEXT))
            cues.append(Cue(hit_at, "miss"))
            hit_at += ATTACK_GAP * factor
        for uid, c in after.creatures.items():
            was = sit.creatures.get(uid)
            if was is not None and c.defeated and not was.defeated:
                beats.append(Beat("fade", uid, hit_at, FADE_SECONDS * factor))
                cues.append(Cue(hit_at, "down"))
        for pair in after.bindings - sit.bindings:
            a, b = sorted(pair)
            beats.append(Beat("link", a, end, LINK_SECONDS * factor, other=b))
        sit = after
        clock = max([end, hit_at, *(b.start + b.duration for b in beats)])
    duration = max([clock, *(w.end for w in walks)], default=0.0)
    return Timeline(tuple(walks), tuple(beats), tuple(cues), duration, starts)
