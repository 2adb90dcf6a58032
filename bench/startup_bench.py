"""Whole-process start to the first *battle* frame, against a bare pygame window's first flip.

Each process writes `time.time()` to a file right after the frame in question is flipped;
the bench takes the time from just before starting the process to that stamp. The game
still draws its title splash first (game/splash.py), but the figure is the battle frame:
what a player waits for. The splash time is reported beside it. Rounds alternate between
the two processes, and the ratio is the median of the per-round ratios.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.timing import interleave, median_of, ratio
from game.stamps import BATTLE_FRAME_ENV, FIRST_FRAME_ENV

ROOT = Path(__file__).resolve().parent.parent
BARE = (
    "import os, time, pygame; pygame.init(); s = pygame.display.set_mode((1280, 800)); "
    "s.fill((20, 20, 20)); pygame.display.flip(); "
    f"open(os.environ['{BATTLE_FRAME_ENV}'], 'w').write(repr(time.time())); pygame.quit()"
)


def bench_startup(rounds: int = 9) -> dict[str, Any]:
    """First battle frame of `play` vs a bare window's first flip, whole processes, interleaved."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    play = [str(ROOT / "main.py"), "play", "--frames", "1"]
    splash: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        stamp = Path(tmp) / "battle_frame"
        first = Path(tmp) / "first_frame"
        run_env = dict(env, **{BATTLE_FRAME_ENV: str(stamp), FIRST_FRAME_ENV: str(first)})

        def launch(args: list[str]) -> float:
            stamp.unlink(missing_ok=True)
            first.unlink(missing_ok=True)
            start = time.time()
            subprocess.run([sys.executable, *args], check=True, capture_output=True, env=run_env)
            if first.exists():
                splash.append((float(first.read_text()) - start) * 1000)
            return (float(stamp.read_text()) - start) * 1000

        fns = {"bare": ["-c", BARE], "battle": play}
        times = interleave(fns, rounds=rounds, timer=launch)  # type: ignore[arg-type]
    return {
        "first_battle_frame_ms": round(median_of(times, "battle"), 1),
        "bare_window_ms": round(median_of(times, "bare"), 1),
        "ratio": round(ratio(times, "battle", "bare"), 2),
        "splash_frame_ms": round(statistics.median(splash), 1) if splash else None,
        "rounds": rounds,
    }
