"""Window sizes from the command line (`--size WxH`): parsed and kept within what a display can take.

No imports beyond the standard library: the splash reads it before anything else loads. A size
far beyond any screen (40000x40000 asks for gigabytes of pixels) is refused by `play` and never
reaches the display driver, not even in the splash.
"""

from __future__ import annotations

MIN_WINDOW = (320, 240)
MAX_WINDOW = (7680, 4320)
"""The largest window: an 8K screen (the kiosk config's `size` has the same bound)."""
DEFAULT_WINDOW = (1280, 800)


def parse_window_size(value: str) -> tuple[int, int] | None:
    """ "WxH" → (w, h) as written; None when it is not two whole numbers joined by x."""
    parts = value.strip().lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) <= 9 for p in parts):
        return None
    return (int(parts[0]), int(parts[1]))


def within(size: tuple[int, int]) -> bool:
    """Whether a window of this size may be opened."""
    return all(low <= n <= high for n, low, high in zip(size, MIN_WINDOW, MAX_WINDOW, strict=True))


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """`size` moved into the allowed range."""
    w, h = size
    return (min(max(w, MIN_WINDOW[0]), MAX_WINDOW[0]), min(max(h, MIN_WINDOW[1]), MAX_WINDOW[1]))
