"""game/storage/toml_cache.py keeps its entries within bounds in memory and on disk, as game/ui/raster_cache.py does
(tests/test_kiosk_soak.py): a long `play --watch` session makes a new level text at every save."""

from __future__ import annotations

import marshal
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.storage import toml_cache


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    toml_cache.use_folder(tmp_path)
    yield tmp_path
    toml_cache.use_folder(None)


def doc(i: int) -> str:
    return f'name = "level {i}"\nnotes = "{"x" * 1000}"\n'


def test_entries_beyond_the_memory_bound_go_least_recently_used_first(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(toml_cache, "MAX_MEMORY_BYTES", 5_000)
    for i in range(20):
        assert toml_cache.loads(doc(i))["name"] == f"level {i}"
        toml_cache.loads(doc(0))  # read again and again: kept as the most recently used
    assert toml_cache._bytes[0] == sum(map(len, toml_cache._entries.values())) <= 5_000
    assert len(toml_cache._entries) < 20 and len(toml_cache._used) == len(toml_cache._entries)
    kept = [marshal.loads(v)[0] for v in toml_cache._entries.values()]
    assert doc(0) in kept and doc(19) in kept and doc(1) not in kept


def test_the_file_holds_at_most_max_bytes_the_starts_first(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toml_cache, "MAX_BYTES", 5_000)
    for i in range(20):
        toml_cache.loads(doc(i))
    assert toml_cache.save()
    file = toml_cache.cache_file(cache)
    kept = [marshal.loads(v)[0] for v in marshal.loads(file.read_bytes()).values()]
    assert file.stat().st_size <= 5_000 + 500
    assert kept[0] == doc(0) and doc(19) not in kept  # what the start read first is what the next start needs


def test_an_oversized_or_strange_file_is_not_read(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    toml_cache.loads(doc(1))
    assert toml_cache.save()
    file = toml_cache.cache_file(cache)
    monkeypatch.setattr(toml_cache, "MAX_READ_BYTES", file.stat().st_size - 1)
    toml_cache.use_folder(cache)
    toml_cache.loads(doc(2))
    assert not any(marshal.loads(v)[0] == doc(1) for v in toml_cache._entries.values())
    monkeypatch.undo()
    file.unlink()
    os.mkfifo(file)  # reading it would wait for a writer for ever
    toml_cache.use_folder(cache)
    assert toml_cache.loads(doc(3))["name"] == "level 3"
