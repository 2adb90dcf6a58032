"""A kiosk under a busy visitor: every drawing cache bounded in memory and on disk (docs/kiosk.md, "Memory")."""

from __future__ import annotations

import marshal
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.battle import reach_cache
from game.ui import art, raster_cache, theme, token_labels
from game.ui.kiosk.config import ROOT, KioskConfig
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.kiosk.soak import cache_sizes, soak
from game.ui.kiosk.visitor import BusyVisitor
from rules import core
from rules.memo import BOARDS_KEPT


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    """The raster cache on a folder of its own, and the user's again after the test."""
    pygame.font.init()
    raster_cache.use_folder(tmp_path / "cache")
    yield tmp_path / "cache"
    raster_cache.use_folder(None)


def test_the_busy_visitor_taps_in_bursts_averaging_three_inputs_a_second() -> None:
    visitor = BusyVisitor((1024, 640), seed=3)
    kinds: set[int] = set()
    now = 0.0
    while now < 3 * 3600:
        for event in visitor.due(now):
            kinds.add(event.type)
            if hasattr(event, "pos"):
                x, y = event.pos
                assert not ((x < 80 or x >= 944) and (y < 80 or y >= 560)), "a corner tap could start the exit"
            if event.type == pygame.KEYDOWN:
                assert event.mod == 0  # never the exit chord
        now += 1 / 60
    assert visitor.visits >= 10 and visitor.present_seconds < now  # visitors come and go: the idle return happens
    assert 2.5 <= visitor.inputs / visitor.present_seconds <= 3.5
    assert {pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION} <= kinds
    assert {pygame.MOUSEWHEEL, pygame.KEYDOWN} <= kinds


def test_the_same_seed_gives_the_same_visitor() -> None:
    def stream(seed: int) -> list[tuple[int, str]]:
        visitor, out, now = BusyVisitor((1024, 640), seed), [], 0.0
        while now < 600:
            out += [(e.type, str(sorted(e.dict.items()))) for e in visitor.due(now)]
            now += 1 / 60
        return out

    assert stream(5) == stream(5) != stream(6)


def test_a_busy_soak_keeps_every_cache_within_its_bound(tmp_path: Path, cache: Path) -> None:
    quick = tuple(ROOT / "levels" / n for n in ("hexxen_beast.toml", "arena_4v4.toml"))
    # muted: the soak measures memory, and SDL's audio thread stays idle at every close (game/ui/sound.py)
    config = KioskConfig(fullscreen=False, levels=quick, idle=30.0, log_file=tmp_path / "logs" / "kiosk.log", volume=0)
    report = soak(config, 4 / 60, draw_every=4, warmup=0.25, trace=False, seed=2)
    assert report.failures == 0 and report.worlds_after == report.worlds_before
    assert report.visitor_games >= 1 and report.inputs >= 300
    assert 2.0 <= report.inputs / report.present_seconds <= 4.0
    after_warmup = [s for s in report.samples if s.seconds >= report.hours * 3600 * 0.25]
    # the start's pictures are kept; what visitors make after the first frame is not (the cache is sealed)
    assert len({(s.raster_entries, s.raster_bytes) for s in after_warmup}) == 1
    for s in report.samples:
        assert s.raster_entries <= raster_cache.MAX_ENTRIES and s.raster_bytes <= raster_cache.MAX_MEMORY_BYTES
        assert s.caches["emblems"] <= art.EMBLEMS_KEPT
        assert s.caches["labels"] <= theme.LABELS_KEPT
        assert s.caches["fonts"] <= theme._font.cache_info().maxsize
        assert s.caches["fitted"] <= token_labels._fitted.cache_info().maxsize
        assert s.caches["boards"] <= BOARDS_KEPT and s.caches["reaches"] <= reach_cache.LIMIT
        assert s.caches["states"] <= 4 * reach_cache.LIMIT
        assert s.caches["footprints"] <= core.footprint.cache_info().maxsize
    raster_cache.save()  # what the start made (a sealed cache has nothing later to write)
    for file in cache.glob("rasters-*"):
        assert file.stat().st_size <= raster_cache.MAX_BYTES + 100_000  # marshal's framing besides the entries


def test_cache_sizes_names_every_bounded_cache() -> None:
    assert set(cache_sizes()) == {"fonts", "labels", "emblems", "fitted", "boards", "reaches", "states", "footprints"}


def test_the_raster_cache_drops_the_least_recently_used_beyond_its_bounds(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(raster_cache, "MAX_ENTRIES", 3)
    raster_cache.keep(("a",), (1, 2))
    raster_cache.keep(("b",), (1, 2))
    raster_cache.keep(("c",), (1, 2))
    assert raster_cache.lookup(("a",)) == (1, 2)  # "a" is now the most recently used
    raster_cache.keep(("d",), (1, 2))
    assert raster_cache.lookup(("b",)) is None
    assert [raster_cache.lookup((k,)) for k in "acd"] == [(1, 2)] * 3
    assert raster_cache.stats() == (3, 3 * 16)


def test_the_raster_cache_bounds_the_bytes_of_its_pictures(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(raster_cache, "MAX_MEMORY_BYTES", 10_000)
    for i in range(10):
        raster_cache.keep_picture(("pic", i), pygame.Surface((30, 30), pygame.SRCALPHA, 32))  # 3,600 bytes each
    entries, size = raster_cache.stats()
    assert size <= 10_000 and entries == 2
    assert raster_cache.picture(("pic", 9)) is not None and raster_cache.picture(("pic", 0)) is None


def test_the_file_holds_at_most_max_bytes_newest_first(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(raster_cache, "MAX_BYTES", 10_000)
    for i in range(10):
        raster_cache.keep_picture(("pic", i), pygame.Surface((30, 30), pygame.SRCALPHA, 32))
    assert raster_cache.save()
    (file,) = cache.glob("rasters-*")
    kept = marshal.loads(file.read_bytes())
    assert set(kept) == {("pic", 9), ("pic", 8)}  # the two most recent fit in 10,000 bytes
    assert file.stat().st_size <= 10_000 + 1_000


def test_an_oversized_or_strange_cache_file_is_not_read(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    raster_cache.keep(("a",), (1, 2))
    assert raster_cache.save()
    (file,) = cache.glob("rasters-*")
    monkeypatch.setattr(raster_cache, "MAX_READ_BYTES", file.stat().st_size - 1)
    raster_cache.use_folder(cache)
    assert raster_cache.lookup(("a",)) is None  # too big: the start draws anew instead of reading it all
    monkeypatch.undo()
    raster_cache.use_folder(cache)
    assert raster_cache.lookup(("a",)) == (1, 2)
    file.unlink()
    os.mkfifo(file)  # a FIFO in its place must not block the start
    raster_cache.use_folder(cache)
    assert raster_cache.lookup(("a",)) is None


def test_a_new_match_starts_with_the_last_ones_searches_forgotten(tmp_path: Path) -> None:
    config = KioskConfig(
        fullscreen=False, levels=(ROOT / "levels" / "pf1_bridge.toml",), log_file=tmp_path / "k.log", volume=0
    )
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=6)
    try:
        for _ in range(3600):  # up to a minute of the demo, until the computer has searched a move
            app.step(1 / 60)
            if cache_sizes()["reaches"] > 0:
                break
        assert cache_sizes()["reaches"] > 0
        app.start_visitor()
        assert cache_sizes()["reaches"] == 0 and cache_sizes()["states"] == 0
    finally:
        app.close()
