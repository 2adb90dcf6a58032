"""A kiosk's fonts draw every language's letters when they are made: their native memory is whole at once."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pygame
import pytest

from game.text.i18n import LANGUAGES, load_messages
from game.ui import cached_font, theme
from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.session import KioskApp, SimClock
from tests.ui_helpers import headless_kiosk

ROOT = Path(__file__).resolve().parent.parent


def _hebrew(ch: str) -> bool:
    return "\u0590" <= ch <= "\u05ff"


def test_the_whole_lines_hold_every_letter_of_every_catalogue_one_script_a_line() -> None:
    lines = theme.whole_lines(LANGUAGES)
    drawn = set("".join(lines))
    for lang in LANGUAGES:
        for key, message in load_messages(lang).items():
            shown = message.translate(theme.MISSING_GLYPHS)
            missing = {ch for ch in shown if ch.isprintable() and not ch.isspace() and ch not in drawn}
            assert not missing, (lang, key, missing)
    assert set("0123456789AZaz%+-") <= drawn and not any(ch.isspace() for ch in drawn)
    assert "→" not in drawn  # Heebo has no arrow: the game writes "->" (MISSING_GLYPHS), and so do these lines
    for line in lines:
        assert 0 < len(line) <= theme.WHOLE_LINE
        assert len({_hebrew(ch) for ch in line}) == 1, line  # one script a line: HarfBuzz plans a script at a time
    assert len(drawn) == sum(map(len, lines))  # each letter once


def test_english_alone_draws_no_hebrew() -> None:
    assert not any(_hebrew(ch) for ch in "".join(theme.whole_lines(("en",))))
    assert any(_hebrew(ch) for ch in "".join(theme.whole_lines(("en", "he"))))


class _Recording(pygame.font.Font):
    drawn: ClassVar[list[str]] = []

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # type: ignore[no-untyped-def]
        type(self).drawn.append(text)
        return super().render(text, antialias, color, bgcolor, wraplength)


def test_a_font_made_while_drawing_whole_draws_the_lines_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.font.init()
    monkeypatch.setattr(pygame.font, "Font", _Recording)
    monkeypatch.setattr(_Recording, "drawn", [])
    monkeypatch.setattr(cached_font, "_whole_text", ())
    cached_font.draw_whole(("abc", "אבג"))
    font = cached_font.CachedFont(theme.font_path(), 17, True, 17)
    font.real.render("x", True, (1, 2, 3))
    font.real.render("y", True, (1, 2, 3))
    assert _Recording.drawn == ["abc", "אבג", "x", "y"]  # at its making only, not at every use
    cached_font.draw_whole(())
    cached_font.CachedFont(theme.font_path(), 18, False, 18).real.render("z", True, (1, 2, 3))
    assert _Recording.drawn[4:] == ["z"]


def test_the_kiosk_draws_its_fonts_whole_while_it_runs(tmp_path: Path) -> None:
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log")
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=30)
    try:
        assert cached_font._whole_text == theme.whole_lines(LANGUAGES)
        app.step(1 / 60)
    finally:
        app.close()
    assert cached_font._whole_text == ()  # the game (and the tests) after a kiosk make their fonts as before


def test_a_font_drawn_whole_does_not_grow_with_the_letters_it_meets() -> None:
    """In a fresh process (glibc's figures of the C heap): the native memory a font gains by drawing every
    language's letters after one English line, made as before and made whole."""
    code = """
import gc, os
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
pygame.font.init()
from game.text.i18n import LANGUAGES
from game.ui import cached_font, theme
from game.ui.kiosk import memory
memory.tune_allocator()
def used():
    gc.collect(); memory.trim_heap(); return memory.heap_bytes()[0]
lines = theme.whole_lines(LANGUAGES)
out = []
for whole in ((), lines):
    cached_font.draw_whole(whole)
    fonts = [cached_font.CachedFont(theme.font_path(), px, False, px) for px in range(12, 40, 3)]
    for font in fonts:
        font.real.render("Red Team 12", True, (255, 255, 255))
    before = used()
    for font in fonts:
        for line in lines:
            font.real.render(line, True, (255, 255, 255))
    out.append((used() - before) // len(fonts))
    del fonts, font
print(*out)
"""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    if done.returncode != 0 and "NoneType" in done.stderr:
        pytest.skip("glibc's mallinfo2 is not there")
    assert done.returncode == 0, done.stderr
    grown_before, grown_whole = map(int, done.stdout.split()[-2:])
    assert grown_before > 40_000  # about 80 kB a font: the letters and the Hebrew shaping it had not met
    assert grown_whole < 10_000, grown_whole


def test_filling_the_fonts_makes_sizes_from_the_smallest_up_until_the_cache_is_full() -> None:
    pygame.font.init()
    theme.reset_fonts()
    try:
        theme.font(16)  # a screen's own text first: it keeps its place
        made = theme.fill_fonts()
        info = theme._font.cache_info()
        assert info.currsize == theme.FONTS_KEPT and made == theme.FONTS_KEPT - 1
        expected = range(theme.MIN_FONT_PX, theme.MIN_FONT_PX + made)
        assert all(theme._font(px, True)._real is not None for px in expected)  # made, not only promised
        assert theme._font.cache_info().currsize == theme.FONTS_KEPT  # the sizes asked again were all there
        assert theme.fill_fonts() == 0
    finally:
        theme.reset_fonts()


def test_the_kiosk_makes_its_font_set_full_after_its_first_frame(tmp_path: Path) -> None:
    with headless_kiosk(tmp_path) as app:
        assert not app.fonts_filled
        app.step(1 / 60)
        assert app.fonts_filled
        assert theme._font.cache_info().currsize == theme.FONTS_KEPT
        assert cached_font.pygame_fonts_alive() >= theme.FONTS_KEPT
