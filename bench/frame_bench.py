"""Frame time of the battle screen at 1920×1080 against a bare fill-and-flip frame.

The battle frame has a unit selected (its reach overlay drawn) and the pointer moving
between two reachable squares, so every frame redraws a path preview: the steady state of
a player looking for a move. The bare frame fills the window and flips.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from bench.timing import median_ms

SIZE = (1920, 1080)


def _bare_frame() -> float:
    """Median ms of fill + flip on a 1920×1080 window."""
    pygame.init()
    screen = pygame.display.set_mode(SIZE)
    colors = [(20, 24, 30), (24, 20, 30)]
    state = {"i": 0}

    def frame() -> None:
        state["i"] ^= 1
        screen.fill(colors[state["i"]])
        pygame.display.flip()

    ms = median_ms(frame, repeat=200, warmup=10)
    pygame.quit()
    return ms


def _battle_frame(level: str | None, unit: str) -> tuple[float, int]:
    """Median ms of a battle frame with `unit` selected and the preview moving; and the overlay size."""
    from game.ui.app import App

    args = argparse.Namespace(level=level, frames=None, screenshot=None, size=f"{SIZE[0]}x{SIZE[1]}", seed=0)
    app = App(args)
    scene = app.scene
    scene.select(unit)
    # the two farthest squares: the longest previews
    entries = sorted(scene.forecast.reach.values(), key=lambda r: -r.cost) if scene.forecast else []
    squares = [r.at for r in entries[:2]]
    points = [scene.view.square_center(sq) for sq in squares] or [(400, 400), (420, 420)]
    state = {"i": 0}

    def frame() -> None:
        state["i"] ^= 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=points[state["i"]], rel=(1, 1), buttons=(0, 0, 0)))
        app.step(1 / 60)

    ms = median_ms(frame, repeat=200, warmup=10)
    overlay = len(scene.forecast.reach) if scene.forecast else 0
    app.close()
    return ms, overlay


def bench_frame(level: str | None = None, unit: str = "valeros") -> dict[str, Any]:
    """Both frames and their ratio."""
    bare = _bare_frame()
    battle, overlay = _battle_frame(level, unit)
    return {
        "frame_ms": round(battle, 3),
        "bare_frame_ms": round(bare, 3),
        "ratio": round(battle / bare, 2),
        "overlay_squares": overlay,
    }
