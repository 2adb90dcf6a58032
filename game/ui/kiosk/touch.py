"""Touch → pointer: FINGERDOWN / FINGERMOTION / FINGERUP become the mouse events every scene already understands.

One finger: a tap is a left click (through `on_tap`, which may ask for a second tap first); a drag
is a middle-button drag (pan). Two fingers: a pinch is the wheel (zoom) around their midpoint.
FINGER events carry x, y normalised to 0–1; they are converted with the window size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

TAP_SLOP = 14
"""Pixels a finger may wander and still count as a tap (fingers are not mice)."""
PINCH_STEP = 1.2
"""Finger distance ratio per zoom step (the board's own zoom step is ×1.2)."""

Pos = tuple[int, int]
TapHandler = Callable[[Pos], list[pygame.event.Event]]


def to_pixels(x: float, y: float, size: tuple[int, int], window: tuple[int, int] | None = None) -> Pos:
    """Normalised finger coordinates → logical pixels (clamped to the screen).

    SDL normalises fingers to the whole window; with pygame.SCALED the logical screen of `size` is
    drawn centred in a `window` of another shape, with bars on two sides, so the bars are taken off.
    """
    w, h = size
    if window is None or tuple(window) == tuple(size) or min(window) <= 0:
        px, py = x * w, y * h
    else:
        ww, wh = window
        scale = min(ww / w, wh / h)
        px = (x * ww - (ww - w * scale) / 2) / scale
        py = (y * wh - (wh - h * scale) / 2) / scale
    return (min(w - 1, max(0, int(px))), min(h - 1, max(0, int(py))))


def motion(pos: Pos, rel: Pos = (0, 0), buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    """A synthetic MOUSEMOTION (marked touch=False so the kiosk does not drop it as SDL's emulation)."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)


def button(kind: int, pos: Pos, which: int) -> pygame.event.Event:
    """A synthetic MOUSEBUTTONDOWN / MOUSEBUTTONUP."""
    return pygame.event.Event(kind, pos=pos, button=which, touch=False)


def click(pos: Pos) -> list[pygame.event.Event]:
    """Move there, press and release the left button: what a tap means by default."""
    return [motion(pos), button(pygame.MOUSEBUTTONDOWN, pos, 1), button(pygame.MOUSEBUTTONUP, pos, 1)]


def wheel(steps: int) -> pygame.event.Event:
    """A synthetic MOUSEWHEEL of `steps` notches (positive zooms in)."""
    return pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=steps, flipped=False, precise_x=0.0, precise_y=float(steps), touch=False
    )


@dataclass(slots=True)
class Finger:
    """One finger on the glass."""

    start: Pos
    pos: Pos
    dragging: bool = False


class TouchInput:
    """Turns FINGER* events into pointer events; keeps the state of the fingers down."""

    def __init__(self, on_tap: TapHandler = click) -> None:
        self.on_tap = on_tap
        self.fingers: dict[int, Finger] = {}
        self.pinch_base: float | None = None
        self.pinched = False
        """A pinch happened since the first finger went down: lifting fingers then is no tap."""

    def feed(
        self, event: pygame.event.Event, size: tuple[int, int], window: tuple[int, int] | None = None
    ) -> list[pygame.event.Event]:
        """The pointer events for one FINGER* event (empty for anything else); see to_pixels for `window`."""
        if event.type not in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return []
        fid = int(getattr(event, "finger_id", 0))
        pos = to_pixels(float(getattr(event, "x", 0.0)), float(getattr(event, "y", 0.0)), size, window)
        if event.type == pygame.FINGERDOWN:
            return self._down(fid, pos)
        if event.type == pygame.FINGERMOTION:
            return self._move(fid, pos)
        return self._up(fid, pos)

    def reset(self) -> list[pygame.event.Event]:
        """Forget every finger (a scene change); ends a pan drag in progress."""
        out = [button(pygame.MOUSEBUTTONUP, f.pos, 2) for f in self.fingers.values() if f.dragging]
        self.fingers.clear()
        self.pinch_base = None
        self.pinched = False
        return out

    def _down(self, fid: int, pos: Pos) -> list[pygame.event.Event]:
        out: list[pygame.event.Event] = []
        if not self.fingers:
            self.pinched = False
        self.fingers[fid] = Finger(pos, pos)
        if len(self.fingers) == 2:
            # a second finger turns a pan into a pinch
            for f in self.fingers.values():
                if f.dragging:
                    f.dragging = False
                    out.append(button(pygame.MOUSEBUTTONUP, f.pos, 2))
            self.pinch_base = self._spread()
            self.pinched = True
        return out

    def _move(self, fid: int, pos: Pos) -> list[pygame.event.Event]:
        finger = self.fingers.get(fid)
        if finger is None:  # a finger that went down before this scene (or a lost event): adopt it
            self.fingers[fid] = finger = Finger(pos, pos)
        old = finger.pos
        finger.pos = pos
        if len(self.fingers) >= 2:
            return self._pinch()
        if not finger.dragging:
            if math.dist(finger.start, pos) < TAP_SLOP:
                return []
            finger.dragging = True
            return [
                motion(finger.start),
                button(pygame.MOUSEBUTTONDOWN, finger.start, 2),
                *self._drag(finger.start, pos),
            ]
        return self._drag(old, pos)

    def _drag(self, old: Pos, pos: Pos) -> list[pygame.event.Event]:
        return [motion(pos, (pos[0] - old[0], pos[1] - old[1]), (0, 1, 0))]

    def _pinch(self) -> list[pygame.event.Event]:
        spread = self._spread()
        if self.pinch_base is None or self.pinch_base <= 0:
            self.pinch_base = spread
            return []
        steps = 0
        while spread >= self.pinch_base * PINCH_STEP:
            self.pinch_base *= PINCH_STEP
            steps += 1
        while spread <= self.pinch_base / PINCH_STEP and steps > -20:
            self.pinch_base /= PINCH_STEP
            steps -= 1
        if steps == 0:
            return []
        return [motion(self._midpoint()), wheel(steps)]

    def _up(self, fid: int, pos: Pos) -> list[pygame.event.Event]:
        finger = self.fingers.pop(fid, None)
        if len(self.fingers) < 2:
            self.pinch_base = None
        if finger is None:
            return []
        if finger.dragging:
            return [
                motion(pos, (pos[0] - finger.pos[0], pos[1] - finger.pos[1]), (0, 1, 0)),
                button(pygame.MOUSEBUTTONUP, pos, 2),
            ]
        if self.pinched or self.fingers:
            return []
        return self.on_tap(finger.start)

    def _spread(self) -> float:
        pts = [f.pos for f in self.fingers.values()][:2]
        return math.dist(pts[0], pts[1]) if len(pts) == 2 else 0.0

    def _midpoint(self) -> Pos:
        pts = [f.pos for f in self.fingers.values()][:2]
        return ((pts[0][0] + pts[1][0]) // 2, (pts[0][1] + pts[1][1]) // 2)
