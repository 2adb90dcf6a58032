"""The kiosk gives freed native memory back after every game (RSS flat over hours of soak)."""

from __future__ import annotations

import dataclasses
import platform
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import caches
from game.ui import theme
from game.ui.kiosk import memory, session
from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.memory import rss_bytes
from game.ui.kiosk.session import KioskApp, SimClock
from tests.ui_helpers import headless_kiosk

ROOT = Path(__file__).resolve().parent.parent


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
        app.step(1 / session.FPS)
        first = len(calls)
        app.start_attract()
        app.step(1 / session.FPS)  # after the frame: out of the scene that started the game
        app.start_visitor()
        app.step(1 / session.FPS)
        assert first >= 1 and len(calls) == first + 2 and app.games == len(calls)
    finally:
        app.close()


def test_the_closed_games_scene_is_freed_after_the_frame_that_closed_it(tmp_path: Path) -> None:
    # a visitor's tap starts a game from the demo's own handler: collected there, the demo's scene (a screen-sized
    # picture, its board's terrain layer) stayed alive until the interpreter's next full collection, often the
    # whole next game (two scenes' pictures held at once, RSS up and down by 6 MB with them)
    import weakref

    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=1)
    try:
        for _ in range(5):
            app.step(1 / session.FPS)
        demo = weakref.ref(app.scene)
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(300, 300)))
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(300, 300)))
        app.step(1 / session.FPS)
        assert app.mode == "visitor" and app.scene is not demo()
        assert demo() is None
    finally:
        app.close()


def test_a_new_game_forgets_the_closed_games_states(tmp_path: Path) -> None:
    # what the AI and the overlay remembered of the closed match (each entry keeps a situation alive) went on
    # filling its bound over hours of visitors; the next game starts with none of it
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    state_caches = [cache for cache in caches.registered() if cache.of_states]
    try:
        app.start_attract()
        for _ in range(40 * session.FPS):  # the attract demo plays: the computer asks and remembers
            app.step(1 / session.FPS)
        assert sum(cache.size() for cache in state_caches) > 0
        app.start_visitor()
        assert [cache.size() for cache in state_caches] == [0] * len(state_caches)
    finally:
        app.close()


def test_a_closed_matchs_hover_cards_go_with_it(tmp_path: Path) -> None:
    # a card's rows are pictures in the C heap (16 cards: 2-3 MB); kept across matches they filled the kiosk's
    # memory over its visitors' first games, though a closed match's cards are never shown again
    from game.ui import overlays

    with headless_kiosk(tmp_path) as app:
        app.step(1 / session.FPS)
        rows = overlays.card_text(["Cultist 3", "HP 7/9", "Speed 9 m"], 400)[2]
        assert len(rows) == 3 and overlays.card_text(["Cultist 3", "HP 7/9", "Speed 9 m"], 400)[2] is rows  # kept
        cards = next(cache for cache in caches.registered() if cache.name == "hover cards")
        assert cards.of_states and cards.size() == 1
        app.start_visitor()
        assert cards.size() == 0


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="RSS is read from /proc")
def test_rss_is_measured_next_to_traced_memory() -> None:
    assert rss_bytes() > 0


GLIBC = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"


@pytest.mark.skipif(not GLIBC or not Path("/proc/self/statm").exists(), reason="glibc's mallopt; RSS from /proc")
def test_the_tuned_allocator_gives_freed_surfaces_back_between_live_blocks() -> None:
    """In a fresh process, as the kiosk tunes it at its start: in the test run's own process, threads left by
    earlier tests (pools, clusters) allocate meanwhile and move the resident size under the measurement."""
    code = """
from game.ui.kiosk import memory
from game.ui.kiosk.memory import rss_bytes
assert memory.tune_allocator()
big = bytearray(8 * 1024 * 1024)  # a big block freed first: glibc's dynamic threshold would now
del big                            # put surface-sized blocks in the heap
surfaces, pins = [], []
for _ in range(200):
    surfaces.append(bytearray(b"x" * (300 * 1024)))  # written: resident
    pins.append(bytearray(1024))  # a small live block after each one, as a frame's small objects are
before = rss_bytes()
surfaces.clear()
print(before - rss_bytes(), len(pins))
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    freed, pins = map(int, done.stdout.split())
    assert freed > 0.9 * 200 * 300 * 1024, f"only {freed / 1e6:.1f} MB of 61 MB went back"
    assert pins == 200


def test_the_kiosk_tunes_the_allocator_before_its_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[bool] = []
    monkeypatch.setattr(session, "tune_allocator", lambda: calls.append(pygame_display_up()) or True)
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    app.close()
    assert calls == [False]


def pygame_display_up() -> bool:
    """Whether a window is open now."""
    import pygame

    return pygame.display.get_init() and pygame.display.get_surface() is not None


def test_a_long_match_trims_the_heap_every_minute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trims: list[float] = []
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=600)
    monkeypatch.setattr(session, "trim_heap", lambda: trims.append(app.now))
    monkeypatch.setattr(app.scene, "update", lambda dt: None)  # the match never ends, as a long visitor's
    try:
        started = app.trimmed_at
        for _ in range(int(2.5 * memory.TRIM_EVERY * 60)):
            app.step(1 / 60)
        assert len(trims) == 2
        assert [round(t - started) for t in trims] == [round(memory.TRIM_EVERY), round(2 * memory.TRIM_EVERY)]
    finally:
        app.close()


def test_the_kiosk_logs_its_memory_every_ten_minutes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=6000)
    monkeypatch.setattr(app.scene, "update", lambda dt: None)
    try:
        for _ in range(int(1.5 * memory.LOG_EVERY * 10)):
            app.step(1 / 10)
    finally:
        app.close()
    lines = [line for line in (tmp_path / "kiosk.log").read_text(encoding="utf-8").splitlines() if "memory:" in line]
    assert len(lines) == 1
    c_heap = r"(, C heap \d+\.\d MB in use, \d+\.\d MB free, \d+\.\d MB mapped)?"
    fonts = r", (\d+) fonts \((\d+) made\)"
    found = re.search(rf"memory: (RSS \d+\.\d MB, )?Python heap \d+ blocks{c_heap}{fonts}, 1 games$", lines[0])
    assert found, lines[0]
    assert 0 <= int(found.group(3)) <= theme.FONTS_KEPT
    assert int(found.group(4)) >= theme.FONTS_KEPT  # the set made full after the first frame, counted since start
    if Path("/proc/self/statm").exists():
        assert "RSS" in lines[0]
    if memory.heap_bytes() is not None:
        assert ", C heap " in lines[0]


@pytest.mark.skipif(memory.heap_bytes() is None, reason="the C library has no mallinfo2 (glibc 2.33 on)")
def test_the_c_heap_figures_see_a_native_allocation_come_and_go() -> None:
    before = memory.heap_bytes()
    assert before is not None
    block = bytearray(64 * 1024 * 1024)  # Python asks malloc for it: above the mmap threshold, its own mapping
    during = memory.heap_bytes()
    assert during is not None and during[2] - before[2] >= 64 * 1024 * 1024
    del block
    after = memory.heap_bytes()
    assert after is not None and after[2] < during[2]


def test_clip_reports_are_kept_to_their_bound_between_frames(tmp_path: Path) -> None:
    from game.ui import widgets

    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    try:
        widgets.CLIPPED[:] = [f"cut {i}" for i in range(3 * widgets.CLIPPED_KEPT)]
        app.step(1 / 60)
        # a busy visitor's hover cards are cut on every paint: a kiosk running for days kept every report
        assert len(widgets.CLIPPED) <= widgets.CLIPPED_KEPT
        assert widgets.CLIPPED[-1] == f"cut {3 * widgets.CLIPPED_KEPT - 1}"
    finally:
        widgets.CLIPPED.clear()
        app.close()


def test_the_kiosk_reads_every_languages_number_data_at_its_start(tmp_path: Path) -> None:
    # read at a visitor's first change of language, Babel's locale data grew a running kiosk's heap at a
    # random hour (about 2 MB a language, traced in a headless busy-visitor soak); now it is part of the warm-up
    import tracemalloc

    from game.text import numerals
    from game.text.i18n import LANGUAGES

    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    try:
        assert app.languages_read == [lang for lang in LANGUAGES if lang != "en"] == ["de", "it", "he"]
        tracemalloc.start()
        try:
            for lang in app.languages_read:  # numbers not written before: only the formatting allocates
                assert numerals.number(1234.75, lang) == {"he": "1234.75"}.get(lang, "1234,75")
                numerals.plural_category(3, lang)
            grown = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert grown < 200_000  # one language's locale data read here is about 2 MB
    finally:
        app.close()
