"""Cold start to the first drawn frame, against a bare pygame window."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from bench.timing import process_ms

ROOT = Path(__file__).resolve().parent.parent
BARE = (
    "import pygame; pygame.init(); s = pygame.display.set_mode((1280, 800)); "
    "s.fill((20, 20, 20)); pygame.display.flip(); pygame.quit()"
)


def bench_startup(repeat: int = 5) -> dict[str, Any]:
    """Median process time of `play --frames 1` and of a bare window with one flip."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    bare = process_ms(["-c", BARE], repeat, env)
    ours = process_ms([str(ROOT / "main.py"), "play", "--frames", "1"], repeat, env)
    return {"start_ms": round(ours, 1), "bare_window_ms": round(bare, 1), "ratio": round(ours / bare, 2)}
