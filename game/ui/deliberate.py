"""No pygame: telling a second decision from a bounce — a press that follows the first too closely is ignored."""

from __future__ import annotations

import time
from collections.abc import Callable

DELIBERATE_S = 0.3
"""A second press on the same thing sooner than this after the first is one gesture (a double-click, a bounced tap)."""

Clock = Callable[[], float]
"""Seconds on a monotonic clock (`time.monotonic`; tests step their own)."""


class Deliberate:
    """When something that needs a second, deliberate press was first pressed, on an injectable clock."""

    def __init__(self, clock: Clock | None = time.monotonic) -> None:
        self.clock = clock
        """None: every press counts (code that drives the controller directly has no fingers to bounce)."""
        self._first: dict[str, float] = {}

    def first(self, what: str) -> None:
        """`what` was pressed once (aimed, opened): a second press is only taken `DELIBERATE_S` later."""
        if self.clock is not None:
            self._first[what] = self.clock()

    def too_soon(self, what: str) -> bool:
        """Whether a press on `what` now is the tail of the first one (then it is ignored)."""
        start = self._first.get(what)
        return self.clock is not None and start is not None and self.clock() - start < DELIBERATE_S
