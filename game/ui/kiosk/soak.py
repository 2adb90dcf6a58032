"""The soak test: hours of attract mode on a simulated clock, with visitors dropping by, measuring memory.

Every frame advances the kiosk's clock by 1/60 s but runs as fast as it can; computer moves are
stepped in the frame (no worker thread, no waiting beyond the simulated pace). A "visitor" taps
the screen now and then and walks away, so visitor games and idle returns are exercised too.
"""

from __future__ import annotations

import dataclasses
import gc
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import esper
import pygame

from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.session import FPS, KioskApp, SimClock

VISITOR_EVERY = 20 * 60.0
"""Simulated seconds between two visitors in the soak."""


@dataclass(frozen=True, slots=True)
class SoakReport:
    """What a soak run measured."""

    hours: float
    frames: int
    games: int
    demo_games: int
    visitor_games: int
    failures: int
    traced_growth: int
    """Bytes still allocated at the end that were not at the end of the warm-up (tracemalloc)."""
    rss_growth: int
    """Resident set growth over the same span in bytes (0 where /proc is missing)."""
    worlds_before: int
    worlds_after: int
    seconds: float

    def lines(self) -> list[str]:
        """The report as printed by `kiosk --soak`."""
        return [
            f"simulated {self.hours:g} h in {self.seconds:.0f} s: {self.frames} frames",
            f"games: {self.games} ({self.demo_games} demo, {self.visitor_games} visitor)",
            f"errors survived: {self.failures}",
            f"memory growth after warm-up: traced {self.traced_growth / 1e6:+.2f} MB,"
            f" RSS {self.rss_growth / 1e6:+.2f} MB",
            f"esper worlds: {self.worlds_before} after warm-up, {self.worlds_after} at the end",
        ]


def rss_bytes() -> int:
    """The current resident set size (Linux /proc); 0 where it cannot be read."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    import resource

    return pages * resource.getpagesize()


def tap(app: KioskApp, x: float = 0.5, y: float = 0.5) -> None:
    """A finger tap at normalised (x, y), as SDL would deliver it."""
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.dispatch(pygame.event.Event(kind, touch_id=1, finger_id=1, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0))


def soak(
    config: KioskConfig,
    hours: float,
    *,
    draw_every: int = 12,
    warmup: float = 0.1,
    trace: bool = True,
    progress: bool = False,
) -> SoakReport:
    """Run the kiosk for `hours` of simulated time; memory is compared from the end of the warm-up fraction."""
    # the soak must not depend on the config's idle choice being short; visitors leave after at most 2 minutes
    config = dataclasses.replace(config, fullscreen=False, idle=min(config.idle, 120.0))
    total = max(1, int(hours * 3600 * FPS))
    warm_frames = max(1, int(total * warmup))
    clock = SimClock()
    started = time.perf_counter()
    app = KioskApp(config, clock=clock, threaded_ai=False, draw_every=draw_every)
    if trace:
        tracemalloc.start()
    traced0 = rss0 = worlds0 = 0
    next_visitor = VISITOR_EVERY
    try:
        for frame in range(1, total + 1):
            app.step(clock.tick())
            if clock.now >= next_visitor:
                next_visitor += VISITOR_EVERY
                tap(app)
            if frame == warm_frames:
                gc.collect()
                traced0 = tracemalloc.get_traced_memory()[0] if trace else 0
                rss0, worlds0 = rss_bytes(), len(esper.list_worlds())
            if progress and frame % (FPS * 3600) == 0:
                traced = (tracemalloc.get_traced_memory()[0] - traced0) / 1e6 if trace else 0.0
                rss = (rss_bytes() - rss0) / 1e6
                hour = frame / FPS / 3600
                print(f"  {hour:g} h: {app.games} games, traced {traced:+.2f} MB, RSS {rss:+.2f} MB", flush=True)
            if not app.running:
                raise RuntimeError("the kiosk stopped during the soak without the exit chord")
        gc.collect()
        traced1 = tracemalloc.get_traced_memory()[0] if trace else 0
        rss1, worlds1 = rss_bytes(), len(esper.list_worlds())
        report = SoakReport(
            hours=hours,
            frames=total,
            games=app.games,
            demo_games=app.demo_games,
            visitor_games=app.visitor_games,
            failures=app.guard.failures,
            traced_growth=traced1 - traced0,
            rss_growth=rss1 - rss0,
            worlds_before=worlds0,
            worlds_after=worlds1,
            seconds=time.perf_counter() - started,
        )
    finally:
        if trace:
            tracemalloc.stop()
        app.close()
    return report
