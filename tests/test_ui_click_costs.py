"""A click on a unit does no work its first frame does not need, and shows the same pixels.

Each shortcut is checked against the way it replaced: text wrapped by one measure when it fits
against the word-by-word loop, the legend's band order and the shading's box against their
definitions on random answers, the font's metrics asked of FreeType once, the shading's blit
places given as rectangles against the same blits at points.
"""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.text.i18n import LANGUAGES, load_messages, set_language
from game.ui import theme, widgets
from game.ui.forecast import Forecast
from rules.reaches import Reaches
from rules.ruleset import Reach


@pytest.fixture
def fonts():
    pygame.init()
    theme.reset_fonts()  # fonts made under an earlier test's pygame.init died with its pygame.quit
    yield
    theme.reset_fonts()
    pygame.quit()


def _wrap_word_by_word(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`widgets.wrap` as it was before its one-measure shortcut: every line grown word by word."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


class _Counting:
    """A font that counts what it is asked to measure."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.measured: list[str] = []

    def size(self, text: str) -> tuple[int, int]:
        self.measured.append(text)
        return self.font.size(text)


def test_wrapping_gives_the_word_by_word_lines_for_every_message_in_every_language(fonts) -> None:
    """Every catalogue message (Hebrew too), at the panel's text sizes and widths from a few words to a line."""
    rng = random.Random(14)
    cases = 0
    try:
        for lang in LANGUAGES:
            set_language(lang)
            messages = [str(m) for m in load_messages(lang).values()]
            for size, bold in ((15, False), (17, False), (19, False), (24, True)):
                font = theme.font(size, bold)
                for message in rng.sample(messages, min(len(messages), 120)):
                    for width in (40, 150, 300):
                        expected = _wrap_word_by_word(message, font, width)
                        if any(mark in message for mark in widgets.EMBEDDINGS):
                            # a bidi embedding cut by a break is closed and reopened line by line (widgets.wrap)
                            expected = widgets._embedded(expected)
                        assert widgets.wrap(message, font, width) == expected, (
                            lang,
                            size,
                            width,
                            message,
                        )
                        cases += 1
    finally:
        set_language("en")
    assert cases > 4000


@pytest.mark.parametrize("text", [" x", " ", "a  b", "  ", "a ", "x\n\ny", " lead  and trail ", "", "one"])
def test_wrapping_odd_spaces_as_the_word_by_word_loop_does(fonts, text: str) -> None:
    font = theme.font(17)
    for width in (1, 5, 30, 300):
        assert widgets.wrap(text, font, width) == _wrap_word_by_word(text, font, width)


def test_a_line_that_fits_is_measured_once_and_one_that_does_not_word_by_word(fonts) -> None:
    font = _Counting(theme.font(19).real)
    assert widgets.wrap("Moved 0 m · left 18 m", font, 400) == ["Moved 0 m · left 18 m"]  # type: ignore[arg-type]
    assert font.measured == ["Moved 0 m · left 18 m"]
    font.measured.clear()
    lines = widgets.wrap("Moved 0 m · left 18 m", font, 60)  # type: ignore[arg-type]
    assert len(lines) > 1 and len(font.measured) > len(["Moved", "0", "m", "·", "left", "18", "m"])


def test_fit_line_measures_a_fitting_line_once_per_size_tried(fonts, monkeypatch) -> None:
    asked: list[tuple[int, str]] = []
    real_font = theme.font

    def font(size: int, bold: bool = False):
        made = real_font(size, bold)
        spy = _Counting(made)
        spy.measured = asked  # type: ignore[assignment]
        return spy

    monkeypatch.setattr(theme, "font", font)
    assert widgets.fit_line("hero", 400, (24, 21, 18), True) == ("hero", 24)
    assert asked == ["hero"]
    asked.clear()
    long = "a name far too long for the card " * 4
    text, size = widgets.fit_line(long, 200, (24, 21, 18), True)
    assert size == 18 and text.endswith("…") and asked[:3] == [long] * 3  # each size once, then the cut


def test_a_fonts_metrics_are_asked_of_freetype_once(fonts, monkeypatch) -> None:
    from game.ui import raster_cache

    monkeypatch.setattr(raster_cache, "lookup", lambda key: None)  # as after the start: nothing kept
    font = theme.font(19)
    real = font.real
    expected = (real.get_ascent(), real.get_descent(), real.get_height(), real.get_linesize())
    calls: list[str] = []

    class Spy:
        def __getattr__(self, name: str):
            calls.append(name)
            return getattr(real, name)

    monkeypatch.setattr(font, "_real", Spy())
    for _ in range(3):
        assert (font.get_ascent(), font.get_descent(), font.get_height(), font.get_linesize()) == expected
    assert calls == ["get_ascent", "get_descent", "get_height", "get_linesize"]  # the first question only
    font.set_bold(font.real.get_bold())  # anything else asked of the real font: its look may have changed
    calls.clear()
    font.get_linesize()
    assert "get_linesize" in calls  # then it is asked again, as before


# --- the legend's bands and the shading's box, against their definitions ---------------------

BANDS = ("move", "double_move", "run", "dash")


def _bands_by_definition(reach: dict) -> list[str]:
    """Each band where it is first seen in the reach sorted by cost, ties in the reach's order."""
    entries = sorted(enumerate(reach.values()), key=lambda ie: (ie[1].cost, ie[0]))
    return list(dict.fromkeys(r.band for _, r in entries))


answers = st.lists(
    st.tuples(st.integers(0, 30), st.integers(0, 30), st.integers(0, 12), st.sampled_from(BANDS)),
    min_size=1,
    max_size=60,
    unique_by=lambda e: (e[0], e[1]),
)


@settings(max_examples=200, deadline=None)
@given(answers, st.booleans())
def test_legend_bands_and_shaded_box_are_those_of_their_definitions(rows, in_square_order: bool) -> None:
    """As a search answers (its squares in (x, y) order, a Reach made only when read) and as a plain dict."""
    if in_square_order:
        rows = sorted(rows)
    squares = [(x, y) for x, y, _, _ in rows]
    costs = [c for _, _, c, _ in rows]
    bands = [b for _, _, _, b in rows]
    answer = Reaches(squares, costs, bands, lambda i: ())
    plain = {sq: Reach(sq, c, b, ()) for sq, c, b in zip(squares, costs, bands, strict=True)}
    box = (min(x for x, _ in squares), min(y for _, y in squares))
    box += (max(x for x, _ in squares) + 1, max(y for _, y in squares) + 1)
    for reach in (answer.by_square(), plain):
        forecast = Forecast("u", reach)
        assert forecast.bands() == _bands_by_definition(plain)
        assert forecast.bounds() == box


def test_engagements_come_last_in_the_legend() -> None:
    reach = {(1, 1): Reach((1, 1), 3, "run", ()), (0, 0): Reach((0, 0), 1, "move", ())}
    forecast = Forecast("u", reach, engage={"foe": Reach((2, 2), 2, "engage", (), "foe")})
    assert forecast.bands() == ["move", "run", "engage"]
    assert Forecast("u", {}).bounds() is None


# --- the shading's blits -----------------------------------------------------------------------


def test_shading_runs_are_placed_by_rectangles_with_the_pixels_of_points() -> None:
    """pygame reads a pair as a rectangle's corner and size first and refuses it by raising (and clearing) an
    error a blit; a rectangle's corner is read at once. Same picture either way."""
    from game.battle.match import Match
    from game.ui.board import BoardRenderer
    from tests.test_ui_board_layers import _bench_level

    pygame.init()
    theme.reset_fonts()
    try:
        match = Match(_bench_level())
        sit = match.situation()
        forecast = Forecast.build(match.ruleset, sit, "scout")
        runs = BoardRenderer()._shading(forecast, 12, (7, -5), sit.board.height)
        assert runs and all(len(at) == 4 and at[2:] == (0, 0) for _, at, _ in runs)
        ground = pygame.Surface((1300, 1300))
        ground.fill((90, 120, 60))
        by_rect, by_point = ground.copy(), ground.copy()
        by_rect.blits(runs, doreturn=False)
        by_point.blits([(s, at[:2], area) for s, at, area in runs], doreturn=False)
        assert pygame.image.tobytes(by_rect, "RGB") == pygame.image.tobytes(by_point, "RGB")
        assert pygame.image.tobytes(by_rect, "RGB") != pygame.image.tobytes(ground, "RGB")
    finally:
        pygame.quit()
