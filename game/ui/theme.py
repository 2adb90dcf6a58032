"""Colours, sizes and fonts of the game window, in one place so every widget agrees."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pygame

from game import context
from game.settings import current as current_settings
from game.text.i18n import current_language, is_rtl, load_messages
from game.text.local_text import local
from game.ui.cached_font import CachedFont

Color = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Palette:
    """Every colour and line weight the window draws with; the module's upper-case names read the one in use."""

    name: str
    background: Color
    board_background: Color
    panel: Color
    panel_edge: Color
    text: Color
    muted: Color
    disabled: Color
    accent: Color
    on_accent: Color
    """Text on an ACCENT fill (an armed button)."""
    warning: Color
    warning_fill: Color
    """Behind text that warns (a refused move's tip): WARNING itself, or a darker red under white text."""
    grid: Color
    selected: Color
    handover_background: Color
    emblem_plate: Color
    """The light disc under a creature's emblem: dark pictures stay readable on dark side colours."""
    row_highlight: Color
    """The chosen row of a menu or the settings."""
    card_fill: Color
    log_fill: Color
    tip_fill: Color
    refusal_fill: Color
    refused_text: Color
    button_fill: Color
    button_hover: Color
    button_disabled_fill: Color
    disabled_edge: Color
    """A disabled button's frame (none in high contrast: grey text alone could pass for white)."""
    token_edge: Color
    hp_empty: Color
    hp_full: Color
    terrain_fill: dict[str, Color]
    """Base fill per terrain kind; the painter adds hatching, crosses and bands on top."""
    terrain_mark: dict[str, Color]
    wall_bevel: Color
    pit_rim: Color
    pit_streak: Color
    dark_dots: Color
    door_line: Color
    edge_hampering: Color
    edge_blocking: Color
    rule_wall_over_picture: Color
    """Blocking edges and the outline of solid squares over a battle-map picture, whose painted walls are dark."""
    band_colors: dict[str, Color]
    """Reach shading per band; bands not listed fall back to fallback_band."""
    fallback_band: Color
    overlay_alpha: float
    """How strongly reach shading tints the terrain: readable terrain under a clear band colour."""
    grid_blend: float
    """How far the grid line moves from the floor colour towards GRID (1.0: GRID itself)."""
    grid_width: int
    """Grid line width in pixels."""
    band_edge: int
    """A band square's outline is cell // band_edge pixels wide (at least 1; smaller is thicker)."""
    outline_extra: int
    """Pixels added to token, button and panel outlines."""


STANDARD = Palette(
    name="standard",
    background=(24, 26, 31),
    board_background=(16, 17, 21),
    panel=(34, 37, 44),
    panel_edge=(58, 62, 72),
    text=(228, 230, 235),
    muted=(170, 175, 185),
    disabled=(95, 99, 108),
    accent=(240, 200, 90),
    on_accent=(20, 20, 20),
    warning=(240, 90, 80),
    warning_fill=(170, 40, 35),
    grid=(0, 0, 0),
    selected=(255, 255, 255),
    handover_background=(12, 14, 20),
    emblem_plate=(236, 230, 214),
    row_highlight=(50, 55, 66),
    card_fill=(44, 48, 57),
    log_fill=(26, 28, 34),
    tip_fill=(30, 32, 38),
    refusal_fill=(60, 30, 30),
    refused_text=(240, 130, 120),
    button_fill=(58, 63, 75),
    button_hover=(76, 82, 96),
    button_disabled_fill=(44, 46, 52),
    disabled_edge=(58, 62, 72),
    token_edge=(20, 20, 20),
    hp_empty=(40, 20, 20),
    hp_full=(90, 200, 90),
    terrain_fill={
        "floor": (196, 186, 160),
        "wall": (58, 54, 52),
        "difficult": (160, 170, 110),
        "hampering": (176, 150, 112),
        "pit": (20, 16, 14),
        "narrow": (150, 140, 120),
        "dark": (92, 92, 120),
        "door_closed": (122, 74, 38),
        "door_open": (196, 186, 160),
    },
    terrain_mark={
        "difficult": (96, 112, 52),
        "hampering": (112, 70, 32),
        "narrow": (84, 76, 62),
        "door": (150, 96, 50),
    },
    wall_bevel=(90, 86, 82),
    pit_rim=(104, 88, 70),
    pit_streak=(44, 36, 32),
    dark_dots=(60, 60, 84),
    door_line=(70, 40, 20),
    edge_hampering=(130, 82, 36),
    edge_blocking=(28, 26, 26),
    rule_wall_over_picture=(255, 208, 80),
    band_colors={
        # light blue, yellow, dark orange: the bands also differ in lightness, which every eye sees
        "move": (100, 175, 245),
        "double_move": (235, 200, 60),
        "run": (205, 85, 40),
        "dash": (235, 200, 60),
        "engage": (225, 60, 60),
    },
    fallback_band=(170, 110, 220),
    overlay_alpha=0.42,
    grid_blend=0.35,
    grid_width=1,
    band_edge=24,
    outline_extra=0,
)
"""The game's own look: dark panels, a parchment map."""

HIGH_CONTRAST = Palette(
    name="high-contrast",
    background=(0, 0, 0),
    board_background=(0, 0, 90),
    panel=(0, 0, 0),
    panel_edge=(255, 255, 255),
    text=(255, 255, 255),
    muted=(235, 235, 235),
    disabled=(175, 175, 175),
    accent=(255, 230, 0),
    on_accent=(0, 0, 0),
    warning=(255, 110, 110),
    warning_fill=(110, 0, 0),
    grid=(0, 0, 0),
    selected=(255, 255, 255),
    handover_background=(0, 0, 0),
    emblem_plate=(255, 255, 255),
    row_highlight=(0, 0, 140),
    card_fill=(0, 0, 0),
    log_fill=(0, 0, 0),
    tip_fill=(0, 0, 0),
    refusal_fill=(110, 0, 0),
    refused_text=(255, 150, 150),
    button_fill=(0, 0, 0),
    button_hover=(0, 0, 140),
    button_disabled_fill=(0, 0, 0),
    disabled_edge=(0, 0, 0),
    token_edge=(0, 0, 0),
    hp_empty=(0, 0, 0),
    hp_full=(0, 230, 0),
    terrain_fill={
        "floor": (255, 255, 255),
        "wall": (0, 0, 0),
        "difficult": (255, 244, 170),
        "hampering": (255, 214, 170),
        "pit": (0, 0, 0),
        "narrow": (255, 255, 255),
        "dark": (70, 70, 200),
        "door_closed": (150, 75, 0),
        "door_open": (255, 255, 255),
    },
    terrain_mark={
        "difficult": (0, 0, 0),
        "hampering": (0, 0, 0),
        "narrow": (0, 0, 0),
        "door": (150, 75, 0),
    },
    wall_bevel=(0, 0, 0),
    pit_rim=(255, 230, 0),
    pit_streak=(255, 255, 255),
    dark_dots=(255, 255, 255),
    door_line=(0, 0, 0),
    edge_hampering=(170, 0, 170),
    edge_blocking=(0, 0, 0),
    rule_wall_over_picture=(255, 230, 0),
    band_colors={
        # strong blue, yellow, deep red: far apart in lightness as well as hue
        "move": (0, 110, 255),
        "double_move": (255, 220, 0),
        "run": (120, 0, 0),
        "dash": (255, 220, 0),
        "engage": (255, 0, 0),
    },
    fallback_band=(150, 0, 200),
    overlay_alpha=0.6,
    grid_blend=1.0,
    grid_width=2,
    band_edge=10,
    outline_extra=1,
)
"""Black, white and yellow: text at 7:1 or more on what it sits on, strong outlines, thick grid lines."""

PALETTES: dict[str, Palette] = {p.name: p for p in (STANDARD, HIGH_CONTRAST)}
"""Palette by the settings' theme name (game/settings.py THEMES)."""

_CONTEXT = context.current()
"""The game's context (game/context.py), kept: every colour read asks it for the palette in use."""

PALETTE_NAMES: dict[str, str] = {f.upper(): f for f in Palette.__dataclass_fields__ if f != "name"}
"""The upper-case names the drawing code reads (theme.TEXT, theme.BAND_COLORS, …) → the Palette field each is.

They are not module constants: `__getattr__` below serves each from the palette in use, so a module reading
theme.X at draw time follows a change of theme, and nothing rewrites this module's names at run time. Read them
as `theme.X`: a `from game.ui.theme import X` would copy the colour of that moment and miss every later change
(tests/test_ui_theme.py refuses one). What each holds is said at its field of Palette.
"""


def __getattr__(name: str) -> Any:
    """theme.TEXT, theme.BAND_COLORS, …: the field of the palette in use (PEP 562; only names not found above)."""
    field = PALETTE_NAMES.get(name)
    if field is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(_CONTEXT.palette or STANDARD, field)


def palette() -> Palette:
    """The palette in use (kept in game/context.py; the standard one until a window chooses)."""
    return _CONTEXT.palette or STANDARD


def generation() -> int:
    """A number that changes whenever the palette does (cached pictures of the board include it in their key)."""
    return _CONTEXT.palette_generation


def use_palette(chosen: Palette) -> None:
    """Make `chosen` the palette every drawing reads (theme.TEXT and the other upper-case names follow it)."""
    context.set_palette(chosen)


def palette_for(theme_name: str) -> Palette:
    """The palette of a settings theme name (the standard one for a name it does not know)."""
    return PALETTES.get(theme_name, STANDARD)


PANEL_WIDTH = 340
"""Side panel width in pixels at the UI scale 100 %; the board gets the rest of the window."""
MAX_PANEL_WIDTH = 480


def panel_width(size: tuple[int, int]) -> int:
    """The side panel's width in a window of `size`: wider on wider screens and at a larger UI scale, but
    never more than a third of the window (at most 45 % when the scale asks for more room)."""
    w = size[0]
    grown = scale(size)
    share = w // 3 if grown <= 1.0 else w * 45 // 100
    return min(max(px(PANEL_WIDTH, size), w * 22 // 100), px(MAX_PANEL_WIDTH, size), max(220, share))


MIN_CELL = 12
MAX_CELL = 128


def band_color(band: str) -> Color:
    """The shading colour of a reach band."""
    chosen = palette()
    return chosen.band_colors.get(band, chosen.fallback_band)


def blend(a: Color, b: Color, t: float) -> Color:
    """Colour `a` moved a fraction `t` towards `b` (opaque tinting is cheaper than alpha blits)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def readable_on(color: Color) -> Color:
    """Black or white, whichever reads better on `color`."""
    luminance = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]
    return (20, 20, 20) if luminance > 150 else (245, 245, 245)


FONT_SCALE = 0.7
"""Heebo draws bigger than pygame's default font at the same pixel size; callers keep the sizes they know."""
MIN_FONT_PX = 12
"""The smallest text the window draws: every font is at least this many pixels (tests/test_ui_scale.py)."""
RTL_CHARS = "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]"
"""Characters of right-to-left scripts (Hebrew, Arabic): a line with one of them needs the bidi pass."""


@cache
def _rtl_text() -> re.Pattern[str]:
    # compiled at the first line with a character from U+0590 on: this class costs ~4 M instructions to compile,
    # which an English or German start need not pay
    return re.compile(RTL_CHARS)


@cache
def font_path() -> Path | None:
    """The Heebo font file of the fontpkg-heebo package (Hebrew and Latin with accents), or None if missing."""
    try:
        import fontpkg_heebo
    except ImportError:  # pragma: no cover - a declared dependency; pygame's font still draws Latin
        return None
    files = sorted(font_files(Path(fontpkg_heebo.ROOT)))
    return files[0] if files else None


def font_files(root: Path) -> list[Path]:
    """`root.glob("**/*.ttf")` as Python 3.11's pathlib finds them (every entry named *.ttf in `root` and the folders
    under it, symbolic links to folders not entered), without compiling a pattern and building its selectors at
    every start (tests/test_ui_theme_fonts.py compares both)."""
    found: list[Path] = []
    folders = [root]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as entries:
                listed = list(entries)
        except OSError:  # as pathlib's glob: a folder that cannot be listed has nothing
            continue
        for entry in listed:
            if entry.name.endswith(".ttf"):
                found.append(folder / entry.name)
            try:
                walk = entry.is_dir() and not entry.is_symlink()
            except OSError:
                walk = False
            if walk:
                folders.append(folder / entry.name)
    return found


REFERENCE_WINDOW = (1280, 800)
"""The window size at which the UI scale 100 % draws the sizes written in the code."""
MAX_WINDOW_FACTOR = 2.0


def window_factor(size: tuple[int, int] | None = None) -> float:
    """How much bigger than REFERENCE_WINDOW the window is (1.0 for it or smaller, at most MAX_WINDOW_FACTOR)."""
    if size is None:
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        if surface is None:
            return 1.0
        size = surface.get_size()
    factor = min(size[0] / REFERENCE_WINDOW[0], size[1] / REFERENCE_WINDOW[1])
    return max(1.0, min(MAX_WINDOW_FACTOR, factor))


FIT_HEIGHT = 680
"""Pixels of window height the side panel needs at scale 1 (header, unit card, buttons, a few log lines):
a larger scale than the window's height allows would push the buttons over the log."""


_scale_memo: tuple[tuple[int, int], float, float] = ((0, 0), 0.0, 1.0)
"""(window size, UI scale setting) → scale of the last call: text sizes ask for it on every label drawn."""


def scale(size: tuple[int, int] | None = None) -> float:
    """The UI scale in use: the settings' choice times the window's size (`size`, default the window's), at most
    what the window's height holds (FIT_HEIGHT at scale 1), never less than 1 for that reason."""
    global _scale_memo
    if size is None:
        surface = pygame.display.get_surface() if pygame.display.get_init() else None
        size = surface.get_size() if surface is not None else REFERENCE_WINDOW
    chosen = current_settings().ui_scale
    memo_size, memo_chosen, memo_scale = _scale_memo
    if memo_size == size and memo_chosen == chosen:
        return memo_scale
    fits = max(1.0, size[1] / FIT_HEIGHT)
    result = min(chosen * window_factor(size), fits)
    _scale_memo = (size, chosen, result)
    return result


def px(value: float, size: tuple[int, int] | None = None) -> int:
    """`value` pixels of panel, button or card layout at the UI scale in use."""
    return round(value * scale(size))


def text_px(size: int) -> int:
    """The pixel size of text written as `size` in the code (the default font's scale), at the UI scale, never
    under MIN_FONT_PX."""
    return max(MIN_FONT_PX, round(size * FONT_SCALE * scale()))


def font(size: int, bold: bool = False) -> CachedFont:
    """Heebo at `size` (in the default font's px scale) times the UI scale, at least MIN_FONT_PX; cached."""
    return _font(text_px(size), bold)


FONTS_KEPT = 32
"""Fonts kept (pixel size × weight): a frame draws with about a dozen, but a kiosk's visitors zoom through every
board size and each font holds ~100-200 kB of native memory; with 64 the set was still filling an hour in."""


@lru_cache(maxsize=FONTS_KEPT)
def _font(pixels: int, bold: bool) -> CachedFont:
    # creating fonts is slow: one per pixel size and weight; each makes its pygame font only when the raster
    # cache (game/ui/raster_cache.py) lacks a size or picture asked of it
    if not pygame.font.get_init():
        pygame.font.init()
    return CachedFont(font_path(), pixels, bold, round(pixels / FONT_SCALE))


def fill_fonts(bold: bool = True) -> int:
    """Make and draw fonts from MIN_FONT_PX up until the font cache holds FONTS_KEPT; how many were made."""
    # A kiosk's font set fills as its visitors zoom (the name plates draw bold at every pixel size from the smallest
    # up), over its first 10-15 minutes: made at the start, the fonts' native memory is whole from the start
    # (docs/kiosk.md, "The font set full at the start")
    made = 0
    for pixels in range(MIN_FONT_PX, MIN_FONT_PX + 2 * FONTS_KEPT):
        held = _font.cache_info().currsize
        if held >= FONTS_KEPT:
            break
        _font(pixels, bold).make()
        made += _font.cache_info().currsize - held
    return made


MISSING_GLYPHS = str.maketrans({"→": "->", "←": "<-", "↑": "^", "↓": "v", "≤": "<=", "≥": ">=", "✗": "×", "►": "»"})
"""Characters Heebo has no glyph for (they would draw as boxes), spelled with ones it has."""


def visual(value: str, rtl: bool | None = None) -> str:
    """`value` in display order: the Unicode bidi algorithm per line (Hebrew runs reversed, numbers kept)."""
    value = value.translate(MISSING_GLYPHS)
    if not value or max(value) < "\u0590" or not _rtl_text().search(value):
        return value  # nothing to reorder: a pure left-to-right line stays as it is
    # python-bidi 0.6's top-level get_display (the Rust one) does not mirror brackets; the algorithm module does.
    # Imported at the first right-to-left line: an English screen never needs it (start-up time)
    from bidi.algorithm import get_display

    rtl = is_rtl() if rtl is None else rtl
    # in a Hebrew screen a line reads right to left even when it starts with a Latin name
    return "\n".join(get_display(line, base_dir="R" if rtl else None) for line in value.split("\n"))


WHOLE_LINE = 48
"""Letters per line a font draws to make itself whole (`whole_lines`): short lines keep the picture small."""


def whole_lines(languages: tuple[str, ...]) -> tuple[str, ...]:
    """Every letter the catalogues of `languages` write, and ASCII's, as short lines of one script each."""
    letters = {chr(code) for code in range(0x21, 0x7F)}
    for lang in languages:
        for message in load_messages(lang).values():
            letters.update(message.translate(MISSING_GLYPHS))
    # no spaces, controls or bidi marks (not printable): they draw nothing
    drawn = sorted(ch for ch in letters if ch.isprintable() and not ch.isspace())
    hebrew = [ch for ch in drawn if "\u0590" <= ch <= "\u05ff"]  # one script a line: HarfBuzz plans per script
    other = [ch for ch in drawn if ch not in hebrew]
    return tuple("".join(run[i : i + WHOLE_LINE]) for run in (other, hebrew) for i in range(0, len(run), WHOLE_LINE))


def render(value: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """One line of text drawn with Heebo in display order (the one path every label goes through)."""
    return font(size, bold).render(visual(local(value, current_language())), True, color)


def label(value: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached: per-frame labels (cursor tips, markers) repeat from frame to frame."""
    # a level's text in the chosen language before the cache: its key must be the words drawn, and the
    # pixel size rather than the written one (the window's size changes it)
    return _label(str(local(value, current_language())), text_px(size), color, bold, is_rtl())


LABELS_KEPT = 64
"""Rendered labels kept: a frame draws a few dozen at most (a busy kiosk visitor's 20 minutes rendered 106 different
ones); a larger bound held a kiosk's old zoom sizes and languages for its first hour (docs/kiosk.md)."""


@lru_cache(maxsize=LABELS_KEPT)
def _label(value: str, pixels: int, color: Color, bold: bool, rtl: bool) -> pygame.Surface:
    return _font(pixels, bold).render(visual(value, rtl), True, color)


def font_px(pixels: int, bold: bool = False) -> CachedFont:
    """Heebo at exactly `pixels` (text that scales with the board's zoom, not the UI scale), at least MIN_FONT_PX."""
    return _font(max(MIN_FONT_PX, pixels), bold)


_fonts_made = 0
"""Bumped by every `reset_fonts` and `relabel`: pictures cached outside this module (text laid out once) include it
in their key."""


def fonts_generation() -> int:
    """A number that changes whenever text must be laid out anew (a new window, a change of theme, scale or
    language)."""
    return _fonts_made


def relabel() -> None:
    """Forget the text laid out so far (the language changed): new `fonts_generation`, no rendered labels kept. The
    fonts stay: they draw every language alike, and a kiosk's visitors switch the language often (every switch
    reopened every font, about 160 kB of native memory each)."""
    global _fonts_made
    _fonts_made += 1
    _label.cache_clear()


def reset_fonts() -> None:
    """Forget cached fonts and labels (they die with pygame.quit; a new window needs new ones) and take the
    theme from the settings in use (the window calls this on start and on every change of theme or scale)."""
    relabel()
    use_palette(palette_for(current_settings().theme))
    _font.cache_clear()


def parse_color(value: object, default: Color = (200, 200, 200)) -> Color:
    """A side colour given as (r, g, b) or "#rrggbb"; `default` if it is neither."""
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        try:
            return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
        except ValueError:
            return default
    if isinstance(value, (tuple, list)) and len(value) >= 3:
        return (int(value[0]), int(value[1]), int(value[2]))
    return default


DEFAULT_SIDE_COLORS: tuple[Color, ...] = ((176, 58, 46), (46, 110, 176), (60, 150, 80), (150, 80, 170))
