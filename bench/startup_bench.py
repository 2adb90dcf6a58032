"""Cold start to the first drawn frame, against a bare pygame window.

Both processes write `time.time()` right after their first `display.flip()` to a file; the
bench takes the time from just before starting the process to that stamp. The game's first
frame is its title frame (game/splash.py), drawn before the game's modules load; the time to
the first battle frame (the whole `play --frames 1` process) is reported beside it.
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

from bench.timing import process_ms
from game.splash import FIRST_FRAME_ENV

ROOT = Path(__file__).resolve().parent.parent
BARE = (
    "import os, time, pygame; pygame.init(); s = pygame.display.set_mode((1280, 800)); "
    "s.fill((20, 20, 20)); pygame.display.flip(); "
    f"open(os.environ['{FIRST_FRAME_ENV}'], 'w').write(repr(time.time())); pygame.quit()"
)


def _first_frame_ms(args: list[str], env: dict[str, str], repeat: int) -> float:
    """Median ms from starting `python args…` to its first drawn frame."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        stamp = Path(tmp) / "first_frame"
        run_env = dict(env, **{FIRST_FRAME_ENV: str(stamp)})
        subprocess.run([sys.executable, *args], check=True, capture_output=True, env=run_env)  # warm the caches
        for _ in range(repeat):
            stamp.unlink(missing_ok=True)
            start = time.time()
            subprocess.run([sys.executable, *args], check=True, capture_output=True, env=run_env)
            times.append((float(stamp.read_text()) - start) * 1000)
    return statistics.median(times)


def bench_startup(repeat: int = 7) -> dict[str, Any]:
    """First frame of `play` vs a bare window; and the whole `play --frames 1` process."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))
    play = [str(ROOT / "main.py"), "play", "--frames", "1"]
    bare = _first_frame_ms(["-c", BARE], env, repeat)
    ours = _first_frame_ms(play, env, repeat)
    battle = process_ms(play, repeat, env)
    return {
        "first_frame_ms": round(ours, 1),
        "bare_window_ms": round(bare, 1),
        "ratio": round(ours / bare, 2),
        "first_battle_frame_process_ms": round(battle, 1),
    }
