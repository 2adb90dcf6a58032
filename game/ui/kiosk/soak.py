"""The soak test: hours of attract mode on a simulated clock, with visitors dropping by, measuring memory.

Every frame advances the kiosk's clock by 1/60 s but runs as fast as it can; computer moves are
stepped in the frame (no worker thread, no waiting beyond the simulated pace). Visitors come and go
(game/ui/kiosk/visitor.py): while one is there, bursts of taps, clicks, hovers, drags, pinches and
keys averaging three inputs a second; then the idle return. The report samples resident memory and
the sizes of the drawing caches twenty times over the run.
"""

from __future__ import annotations

import dataclasses
import gc
import time
import tracemalloc
from dataclasses import dataclass

import esper
import pygame

from game.ui import raster_cache
from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.memory import rss_bytes
from game.ui.kiosk.session import FPS, KioskApp, SimClock
from game.ui.kiosk.visitor import BusyVisitor

SAMPLES = 20
"""Memory samples over a run (after the warm-up's end and at the end besides)."""


@dataclass(frozen=True, slots=True)
class Sample:
    """Memory and cache sizes at one moment of a soak."""

    seconds: float
    """Simulated seconds since the start."""
    games: int
    rss: int
    traced: int
    raster_entries: int
    raster_bytes: int
    caches: dict[str, int]
    """Entries of each bounded drawing cache (game.ui.kiosk.soak.cache_sizes)."""

    def line(self) -> str:
        """One progress line."""
        caches = " ".join(f"{k} {v}" for k, v in self.caches.items())
        return (
            f"  {self.seconds / 60:7.1f} min: {self.games} games, RSS {self.rss / 1e6:.1f} MB,"
            f" traced {self.traced / 1e6:.1f} MB, rasters {self.raster_entries} ({self.raster_bytes / 1e6:.2f} MB),"
            f" {caches}"
        )


def cache_sizes() -> dict[str, int]:
    """Entries held by the caches that live for the whole process (each has a bound: docs/kiosk.md)."""
    from game import caches
    from game.battle import reach_cache
    from game.ui import art, theme, token_labels
    from game.ui.cached_font import pygame_fonts_alive
    from rules import core

    return {
        # the pygame fonts alive, wherever they are held: a font kept by another cache outlives the font cache
        "fonts": pygame_fonts_alive(),
        "labels": theme._label.cache_info().currsize,
        "emblems": art.emblem.cache_info().currsize,
        "fitted": token_labels._fitted.cache_info().currsize,
        # the rules' and the AI's memos live for the process too; bounded by count (game/caches.py lists each)
        "boards": caches.RULES.sizes()["boards"],
        "reaches": len(reach_cache._ENTRIES),
        "states": len(reach_cache._KEYS),
        "footprints": core.footprint.cache_info().currsize,
    }


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
    inputs: int = 0
    """Inputs the visitors gave."""
    present_seconds: float = 0.0
    """Simulated seconds some visitor was at the screen."""
    samples: tuple[Sample, ...] = ()

    def lines(self) -> list[str]:
        """The report as printed by `kiosk --soak`."""
        return [
            f"simulated {self.hours:g} h in {self.seconds:.0f} s: {self.frames} frames",
            f"games: {self.games} ({self.demo_games} demo, {self.visitor_games} visitor)",
            f"errors survived: {self.failures}",
            f"memory growth after warm-up: traced {self.traced_growth / 1e6:+.2f} MB,"
            f" RSS {self.rss_growth / 1e6:+.2f} MB",
            f"esper worlds: {self.worlds_before} after warm-up, {self.worlds_after} at the end",
            f"visitor inputs: {self.inputs} in {self.present_seconds / 60:.0f} min at the screen"
            f" ({self.inputs / max(1.0, self.present_seconds):.2f} a second)",
        ]


def tap(app: KioskApp, x: float = 0.5, y: float = 0.5) -> None:
    """A finger tap at normalised (x, y), as SDL would deliver it."""
    for kind in (pygame.FINGERDOWN, pygame.FINGERUP):
        app.dispatch(pygame.event.Event(kind, touch_id=1, finger_id=1, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0))


def _sample(now: float, app: KioskApp, trace: bool) -> Sample:
    entries, size = raster_cache.stats()
    traced = tracemalloc.get_traced_memory()[0] if trace else 0
    return Sample(now, app.games, rss_bytes(), traced, entries, size, cache_sizes())


def soak(
    config: KioskConfig,
    hours: float,
    *,
    draw_every: int = 12,
    warmup: float = 0.1,
    trace: bool = True,
    progress: bool = False,
    seed: int = 0,
    visitors: bool = True,
) -> SoakReport:
    """Run the kiosk for `hours` of simulated time with busy visitors coming and going (`seed` draws them;
    `visitors` False: the attract loop alone); memory is compared from the end of the warm-up fraction."""
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
    visitor = BusyVisitor(app.screen.get_size(), seed)
    samples: list[Sample] = []
    every = max(1, total // SAMPLES)
    try:
        for frame in range(1, total + 1):
            for event in visitor.due(clock.now) if visitors else ():
                app.dispatch(event)
            app.step(clock.tick())
            if frame == warm_frames:
                gc.collect()
                traced0 = tracemalloc.get_traced_memory()[0] if trace else 0
                rss0, worlds0 = rss_bytes(), len(esper.list_worlds())
            if frame % every == 0 or frame == warm_frames:
                samples.append(_sample(clock.now, app, trace))
                if progress:
                    print(samples[-1].line(), flush=True)
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
            inputs=visitor.inputs,
            present_seconds=visitor.present_seconds,
            samples=tuple(samples),
        )
    finally:
        if trace:
            tracemalloc.stop()
        app.close()
    return report
