"""Frame time stamps for the start-up bench: the launcher and the game window both write them.

A module of its own (standard library only) so the window (game.ui.app) can write the battle
stamp without importing the launcher above it (game.splash), which would close an import circle.
"""

from __future__ import annotations

import time

FIRST_FRAME_ENV = "GRIDBOUND_FIRST_FRAME"
"""When set, the time (time.time()) of the first drawn frame is written to this file (for the bench)."""
BATTLE_FRAME_ENV = "GRIDBOUND_BATTLE_FRAME"
"""When set, the time of the first frame showing a battle is written to this file (for the bench)."""


def write_stamp(path: str, cpu: bool = False) -> None:
    """Write the current time.time() to `path` (the bench's frame stamps); with `cpu`, then the process's CPU time."""
    text = repr(time.time())
    if cpu:
        text += f" {time.process_time()!r}"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
