"""A busy visitor for the soak test: someone who plays in bursts, as people at a kiosk do, then walks away.

While present the visitor gives bursts of 2–8 inputs a fifth of a second apart, with pauses between
bursts drawn so that the inputs average `rate` a second (3 by default): finger taps, mouse clicks
and hovers, finger drags (pans), pinches (zooms), wheel turns and game keys (and now and then a key
the kiosk blocks). After a few minutes the visitor leaves for long enough that the idle return may
come, and another one arrives. Corners are never tapped (the exit sequence) and the exit chord never
pressed. Everything is drawn from one seeded random generator: the same seed gives the same visitor.
"""

from __future__ import annotations

import random

import pygame

BURST = (2, 8)
"""Inputs per burst (uniform)."""
SPACING = 0.2
"""Seconds between two inputs of one burst."""
STAY = (60.0, 360.0)
"""Seconds a visitor stays (uniform)."""
AWAY = (20.0, 240.0)
"""Seconds until the next visitor (uniform): longer than the idle limit now and then."""
KEYS = (
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_RETURN,
    pygame.K_z,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_HOME,
    pygame.K_e,
    pygame.K_u,
    pygame.K_ESCAPE,
    pygame.K_F11,
    pygame.K_l,
)
"""Game keys, and a few the kiosk ignores (Esc, F11, L)."""
KINDS = ("tap", "tap", "tap", "click", "hover", "hover", "drag", "pinch", "wheel", "key", "key")
"""What one input is, drawn uniformly (taps and hovers most often)."""


class BusyVisitor:
    """Inputs of visitors coming and going on the kiosk's clock; `due(now)` gives the events due by `now`."""

    def __init__(self, size: tuple[int, int], seed: int = 0, rate: float = 3.0) -> None:
        self.size = size
        self.rng = random.Random(seed)
        mean_burst = sum(BURST) / 2
        # a burst of n inputs lasts (n-1)·SPACING; the pause before it makes the average `rate`
        self.pause = max(0.0, mean_burst / rate - (mean_burst - 1) * SPACING)
        self.present = False
        self.next_change = self.rng.uniform(*AWAY) / 4  # the first visitor comes soon
        self.queue: list[tuple[float, str]] = []
        self.inputs = 0
        """Inputs given so far."""
        self.present_seconds = 0.0
        """Seconds some visitor was there: inputs / present_seconds is the rate achieved."""
        self.visits = 0
        self._last = 0.0

    def due(self, now: float) -> list[pygame.event.Event]:
        """The events of every input due by `now` (kiosk seconds)."""
        if self.present:
            self.present_seconds += now - self._last
        self._last = now
        if now >= self.next_change:
            self.present = not self.present
            self.next_change = now + self.rng.uniform(*(STAY if self.present else AWAY))
            self.queue.clear()
            if self.present:
                self.visits += 1
                self._plan(now)
        events: list[pygame.event.Event] = []
        while self.present and self.queue and self.queue[0][0] <= now:
            _, kind = self.queue.pop(0)
            events.extend(self._input(kind))
            self.inputs += 1
            if not self.queue:
                self._plan(now)
        return events

    def _plan(self, now: float) -> None:
        """The next burst, after a pause (exponential: people do not tap on a beat)."""
        start = now + self.rng.expovariate(1 / self.pause) if self.pause > 0 else now
        n = self.rng.randint(*BURST)
        self.queue = [(start + i * SPACING, self.rng.choice(KINDS)) for i in range(n)]

    def _pos(self) -> tuple[int, int]:
        """A point of the screen outside the corner zones (the exit sequence is not a visitor's)."""
        w, h = self.size
        zone = max(48, min(w, h) // 8) + 2
        while True:
            x, y = self.rng.randrange(w), self.rng.randrange(h)
            if not ((x < zone or x >= w - zone) and (y < zone or y >= h - zone)):
                return x, y

    def _finger(self, kind: int, pos: tuple[int, int], finger: int = 1) -> pygame.event.Event:
        w, h = self.size
        x, y = pos[0] / w, pos[1] / h
        return pygame.event.Event(kind, touch_id=1, finger_id=finger, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)

    def _input(self, kind: str) -> list[pygame.event.Event]:
        """The events of one input of `kind`."""
        pos = self._pos()
        if kind == "tap":
            return [self._finger(pygame.FINGERDOWN, pos), self._finger(pygame.FINGERUP, pos)]
        if kind == "click":
            button = self.rng.choice((1, 1, 1, 3))
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False),
            ]
        if kind == "hover":
            return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)]
        if kind == "wheel":
            step = self.rng.choice((-1, 1))
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, precise_x=0.0, precise_y=float(step))]
        if kind == "key":
            key = self.rng.choice(KEYS)
            return [
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
            ]
        if kind == "drag":
            end = self._pos()
            steps = [(pos[0] + (end[0] - pos[0]) * i // 5, pos[1] + (end[1] - pos[1]) * i // 5) for i in range(1, 6)]
            return [
                self._finger(pygame.FINGERDOWN, pos),
                *(self._finger(pygame.FINGERMOTION, p) for p in steps),
                self._finger(pygame.FINGERUP, end),
            ]
        # pinch: two fingers moving apart or together around a point
        spread = self.rng.choice((-1, 1)) * self.rng.randint(20, 80)
        a, b = (pos[0] - 40, pos[1]), (pos[0] + 40, pos[1])
        a2 = (max(0, a[0] - spread), a[1])
        b2 = (min(self.size[0] - 1, b[0] + spread), b[1])
        return [
            self._finger(pygame.FINGERDOWN, a, 1),
            self._finger(pygame.FINGERDOWN, b, 2),
            self._finger(pygame.FINGERMOTION, a2, 1),
            self._finger(pygame.FINGERMOTION, b2, 2),
            self._finger(pygame.FINGERUP, a2, 1),
            self._finger(pygame.FINGERUP, b2, 2),
        ]
