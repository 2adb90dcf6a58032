"""The kiosk gives freed native memory back after every game (RSS flat over hours of soak)."""

from __future__ import annotations

import dataclasses
import platform
from pathlib import Path

import pytest

from game.ui.kiosk import memory, session
from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.kiosk.soak import rss_bytes


def test_release_memory_finds_malloc_trim_on_glibc() -> None:
    memory.release_memory()  # never fails, whatever the C library
    if platform.system() == "Linux" and platform.libc_ver()[0] == "glibc":
        assert memory._trim() is not None


def test_every_game_start_releases_the_last_games_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(session, "release_memory", lambda: calls.append(1))
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    try:
        first = len(calls)
        app.start_attract()
        app.start_visitor()
        assert first >= 1 and len(calls) == first + 2 and app.games == len(calls)
    finally:
        app.close()


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="RSS is read from /proc")
def test_rss_is_measured_next_to_traced_memory() -> None:
    assert rss_bytes() > 0
