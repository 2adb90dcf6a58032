"""Whole-process start to the first *battle* frame, against a bare pygame window's first flip.

Each process writes `time.time()` and its CPU time so far to a file right after the frame in
question is flipped; the bench takes the time from just before starting the process to that
stamp, and the CPU time (which other processes' load on a shared machine barely changes).
Both processes may cache their bytecode (in a temporary folder) as an installed game does:
the environment's PYTHONDONTWRITEBYTECODE would otherwise make the game compile all its
modules on every start, a cost no player pays. Likewise the game keeps its rasterised pictures
and text measures (game/ui/raster_cache.py) in that temporary folder: the warm-up run writes
both caches, as a player's first start does, and nothing from outside the run is reused. The game
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
    f"open(os.environ['{BATTLE_FRAME_ENV}'], 'w').write(f'{{time.time()!r}} {{time.process_time()!r}}'); pygame.quit()"
)


def bench_startup(rounds: int = 9) -> dict[str, Any]:
    """First battle frame of `play` vs a bare window's first flip, whole processes, interleaved."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    play = [str(ROOT / "main.py"), "play", "--frames", "1"]
    splash: list[float] = []
    cpu: dict[str, list[float]] = {"bare": [], "battle": []}
    with tempfile.TemporaryDirectory() as tmp:
        stamp = Path(tmp) / "battle_frame"
        first = Path(tmp) / "first_frame"
        run_env = dict(env, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        run_env["GRIDBOUND_CACHE_DIR"] = str(Path(tmp) / "cache")  # the game's picture cache: this run's own
        run_env.update({BATTLE_FRAME_ENV: str(stamp), FIRST_FRAME_ENV: str(first)})
        fns = {"bare": ["-c", BARE], "battle": play}

        def launch(args: list[str]) -> float:
            stamp.unlink(missing_ok=True)
            first.unlink(missing_ok=True)
            start = time.time()
            subprocess.run([sys.executable, *args], check=True, capture_output=True, env=run_env)
            if first.exists():
                splash.append((float(first.read_text()) - start) * 1000)
            wall, used = (float(v) for v in stamp.read_text().split())
            cpu["bare" if args is fns["bare"] else "battle"].append(used * 1000)
            return (wall - start) * 1000

        times = interleave(fns, rounds=rounds, timer=launch)  # type: ignore[arg-type]
    for name in cpu:
        cpu[name] = cpu[name][-rounds:]  # the warm-up run (it writes the bytecode cache) does not count
    return {
        "first_battle_frame_ms": round(median_of(times, "battle"), 1),
        "bare_window_ms": round(median_of(times, "bare"), 1),
        "ratio": round(ratio(times, "battle", "bare"), 2),
        "first_battle_frame_cpu_ms": round(median_of(cpu, "battle"), 1),
        "bare_window_cpu_ms": round(median_of(cpu, "bare"), 1),
        "cpu_ratio": round(ratio(cpu, "battle", "bare"), 2),
        "splash_frame_ms": round(statistics.median(splash), 1) if splash else None,
        "rounds": rounds,
    }
