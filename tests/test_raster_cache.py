"""game.ui.raster_cache and game.ui.cached_font: what comes from the cache is exactly what pygame makes."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui import raster_cache, theme
from game.ui.cached_font import CachedFont

ROOT = Path(__file__).resolve().parent.parent
TEXTS = st.text(alphabet=st.sampled_from("aAzZ09 .,:-éüß→·שלוםالع"), max_size=24)


@pytest.fixture
def cache(tmp_path: Path) -> Iterator[Path]:
    """The raster cache on a folder of its own, and the user's again after the test."""
    pygame.font.init()
    raster_cache.use_folder(tmp_path)
    yield tmp_path
    raster_cache.use_folder(None)


def _same_picture(a: pygame.Surface, b: pygame.Surface) -> None:
    assert (a.get_size(), a.get_masks(), a.get_flags(), a.get_bitsize()) == (
        b.get_size(),
        b.get_masks(),
        b.get_flags(),
        b.get_bitsize(),
    )
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def _fresh_font(pixels: int, bold: bool) -> pygame.font.Font:
    font = pygame.font.Font(theme.font_path(), pixels)
    font.set_bold(bold)
    return font


COLORS = st.sampled_from([(228, 230, 235), (240, 90, 80)])


@settings(max_examples=40, deadline=None)
@given(text=TEXTS, pixels=st.sampled_from([12, 17, 23]), bold=st.booleans(), color=COLORS)
def test_sizes_metrics_and_lines_are_the_fonts_cold_and_warm(
    text: str, pixels: int, bold: bool, color: tuple[int, int, int]
) -> None:
    pygame.font.init()
    real = _fresh_font(pixels, bold)
    with tempfile.TemporaryDirectory() as folder:
        raster_cache.use_folder(Path(folder))
        try:
            for run in ("cold", "warm"):
                font = CachedFont(theme.font_path(), pixels, bold, round(pixels / theme.FONT_SCALE))
                assert font.size(text) == real.size(text)
                metrics = (font.get_ascent(), font.get_descent(), font.get_height(), font.get_linesize())
                assert metrics == (real.get_ascent(), real.get_descent(), real.get_height(), real.get_linesize())
                _same_picture(font.render(text, True, color), real.render(text, True, color))
                if run == "cold":
                    raster_cache.save()
                    raster_cache.use_folder(Path(folder))  # the next start: only the file is left
                else:
                    assert font._real is None or not text  # every answer came from the file
        finally:
            raster_cache.use_folder(None)


def test_a_second_start_reads_what_the_first_kept_and_loads_no_glyph(cache: Path) -> None:
    first = CachedFont(theme.font_path(), 18, False, 26)
    made = first.render("Valeros moves", True, (255, 255, 255))
    width = first.size("Valeros")
    assert raster_cache.save()
    raster_cache.use_folder(cache)  # a new start: only the file is left
    second = CachedFont(theme.font_path(), 18, False, 26)
    _same_picture(second.render("Valeros moves", True, (255, 255, 255)), made)
    assert second.size("Valeros") == width
    assert second._real is None  # no pygame font was made: nothing was laid out again


def test_anything_else_asked_of_a_font_goes_to_pygame_and_leaves_the_cache_alone(cache: Path) -> None:
    font = CachedFont(theme.font_path(), 18, False, 26)
    font.set_underline(True)  # a setter the cache knows nothing of: its pictures would be wrong now
    real = _fresh_font(18, False)
    real.set_underline(True)
    _same_picture(font.render("under", True, (1, 2, 3)), real.render("under", True, (1, 2, 3)))
    assert not [k for k in raster_cache._entries if "under" in k]


def test_pictures_come_back_in_their_own_format_and_others_are_not_kept(cache: Path) -> None:
    for masks in raster_cache.FORMATS:
        surface = pygame.Surface((5, 3), pygame.SRCALPHA, 32, masks)
        surface.fill((10, 200, 30, 77))
        surface.set_at((1, 1), (255, 0, 128, 0))
        raster_cache.keep_picture(("p", masks), surface)
        _same_picture(raster_cache.picture(("p", masks)), surface)  # type: ignore[arg-type]
    raster_cache.keep_picture(("opaque",), pygame.Surface((4, 4)))
    raster_cache.keep_picture(("empty",), pygame.Surface((0, 4), pygame.SRCALPHA))
    assert raster_cache.picture(("opaque",)) is None and raster_cache.picture(("empty",)) is None


def test_after_the_seal_nothing_new_is_kept(cache: Path) -> None:
    raster_cache.keep(("before",), (1, 2))
    raster_cache.seal()
    raster_cache.keep(("after",), (3, 4))
    assert raster_cache.lookup(("before",)) == (1, 2) and raster_cache.lookup(("after",)) is None


def test_the_file_keeps_this_starts_entries_first_and_stays_small(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(raster_cache, "MAX_BYTES", 3000)
    for i in range(10):
        raster_cache._entries[("old", i)] = ("RGBA", (10, 10), bytes(400))  # from earlier starts
    raster_cache.keep(("new",), ("RGBA", (10, 10), bytes(400)))
    assert raster_cache.save()
    raster_cache.use_folder(cache)
    assert raster_cache.lookup(("new",)) is not None
    assert 3 <= len(raster_cache._entries) <= 8


def test_a_damaged_or_unwritable_cache_only_means_doing_the_work(cache: Path) -> None:
    path = raster_cache.cache_file(cache)
    for junk in (b"", b"\x00garbage", b"\xe9\x01\x00\x00\x00"):
        path.write_bytes(junk)
        raster_cache.use_folder(cache)
        font = CachedFont(theme.font_path(), 14, True, 20)
        assert font.size("Harsk") == _fresh_font(14, True).size("Harsk")
        assert raster_cache.save()  # the junk is replaced
    blocker = cache / "file"
    blocker.write_text("not a folder")
    raster_cache.use_folder(blocker / "cache")
    CachedFont(theme.font_path(), 14, True, 20).size("Harsk")
    assert raster_cache.save() is False


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_game_draws_the_same_first_frame_from_the_cache(tmp_path: Path, lang: str) -> None:
    """Two starts of `play`: the first rasterises and writes the cache, the second draws from it; same picture."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GRIDBOUND_CACHE_DIR=str(tmp_path))
    code = (
        "import sys, pygame\n"
        "svgs = []\n"
        "real = pygame.image.load_sized_svg\n"
        "pygame.image.load_sized_svg = lambda *a: svgs.append(1) or real(*a)\n"
        "from game.ui import cached_font\n"
        "fonts = []\n"
        "make = cached_font.CachedFont.real.fget\n"
        "cached_font.CachedFont.real = property(lambda self: (self._real or fonts.append(1), make(self))[1])\n"
        "from game.splash import launch\n"
        "code = launch()\n"
        "print(code, len(svgs), len(fonts))\n"
    )
    shots, counts = [], []
    for run in ("cold", "warm"):
        shot = tmp_path / f"{run}.png"
        argv = ["main.py", "play", "levels/pf1_bridge.toml", "--frames", "1", "--seed", "3", "--lang", lang]
        argv += ["--screenshot", str(shot)]
        done = subprocess.run(
            [sys.executable, "-c", f"import sys; sys.argv = {argv!r}\n" + code],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        counts.append([int(v) for v in done.stdout.split()[-3:]])
        shots.append(pygame.image.tobytes(pygame.image.load(str(shot)), "RGB"))
    assert shots[0] == shots[1]
    assert counts[0][0] == 0 and counts[0][1] > 0 and counts[0][2] > 0  # the first start rasterised and laid out
    assert counts[1] == [0, 0, 0]  # the second: no emblem rasterised, no font made


@pytest.mark.parametrize("scene", ["edit", "battle"])
def test_the_start_is_over_at_the_first_frame_of_any_scene(cache: Path, tmp_path: Path, scene: str) -> None:
    """An editing session must not fill the cache: only the pictures of the start's first frame are kept."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.options import AppOptions

    options = {
        "edit": AppOptions(level=str(tmp_path / "new.toml"), edit=True, settings=Settings()),
        "battle": AppOptions(level=str(ROOT / "levels" / "pf1_bridge.toml"), settings=Settings()),
    }[scene]
    app = App(options)
    try:
        raster_cache.keep(("during the start",), (1,))
        app.step(1 / 60)
        raster_cache.keep(("after the first frame",), (2,))
    finally:
        app.close()
    assert raster_cache.lookup(("during the start",)) == (1,)
    assert raster_cache.lookup(("after the first frame",)) is None
