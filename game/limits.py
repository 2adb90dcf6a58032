"""The size limits of every input file (levels, scripts, replays, kiosk configs), checked in one place.

The loaders decode TOML and hand the whole document to `check_tree` before reading any key, so a
number that is not finite, a 200,000-character name, a NUL in an id, a list of a million entries or
a table nested a hundred deep is refused with one message naming the key, whatever module reads that
key later. The bounds lie far above any creature in the rule texts (docs/levels.md, "Limits"); they
only keep the game's own work (path search, drawing, memory) bounded. No pygame, no I/O.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from game.text.i18n import t

KeyPath = tuple[str | int, ...]

MAX_FILE_BYTES = 2_000_000
"""Largest level, script or replay file read (a replay of a long game is well under 1 MB)."""
MAX_CONFIG_BYTES = 200_000
"""Largest kiosk config file read."""
MAX_MAP_SIDE = 128
"""Widest and tallest map in squares (the shipped maps are at most 20 wide)."""
MAX_SPEED_M = 1000.0
"""Largest speed, fly, climb or swim speed in metres (the fastest flyer in the rule texts: about 75 m)."""
MAX_REACH_M = 100.0
"""Largest reach in metres (the longest reach in the rule texts: about 9 m)."""
MAX_HP = 1_000_000
"""Largest hit points."""
MAX_STAT = 10_000
"""Largest absolute value of any other whole number a level holds (defense, attack, initiative, …)."""
MAX_NAME = 120
"""Longest name (level, side or unit) in characters."""
MAX_ID = 64
"""Longest id (side, unit, the units an action names) and table key in characters."""
MAX_TEXT = 4000
"""Longest other text (a description, a path in a config)."""
MAX_DEPTH = 8
"""Deepest nesting of tables and arrays (the formats need at most 5)."""
MAX_ITEMS = 1000
"""Most entries in an array unless `Limits.items` says otherwise."""
MAX_IMAGE_BYTES = 25_000_000
"""Largest battle-map picture file (a 40-square Dungeondraft export at 140 px a square is about 10 MB)."""
MAX_IMAGE_SIDE = 10_000
"""Widest and tallest battle-map picture in pixels."""
MAX_IMAGE_PIXELS = 40_000_000
"""Most pixels of a battle-map picture (160 MB once decoded, for a moment; it is shrunk to what is drawn)."""

MAX_SWEEP_BYTES = 200_000
"""Largest sweep file read (a sweep names levels and a grid: a few hundred bytes)."""
MAX_RESULTS_BYTES = 400_000_000
"""Largest `--out` results file read back by `--resume` or `--merge` (a game's line: a few hundred bytes)."""
MAX_MAP_JSON_BYTES = 5_000_000
"""Largest Universal VTT map file not counting its picture (walls, doors and lights of a large map: about 1 MB)."""
MAX_NUMBER_DIGITS = 40
"""Most digits of a number in a map file, checked before it is converted (2**64 has 20)."""
MAX_GAMES = 1_000_000
"""Most games one `simulate` or `sweep` run plays (per variant and level; a million games is days of work)."""
MAX_ROUNDS = 10_000
"""Most rounds of one simulated game (`--max-rounds`, a sweep's `max_rounds`): the shipped levels end within 30."""
MAX_VARIANTS = 1024
"""Most variants of one sweep (the grid's combinations), counted before the grid is expanded."""
MAX_JOBS = 1024
"""Most worker processes on this machine even when told otherwise (GRIDBOUND_MAX_JOBS)."""
MAX_IMAGE_SPAN = 4
"""Most times the map's width (height) a picture's `image_size` may span: the rest would lie off the map."""

SINGLE_LINE = frozenset({"name", "id", "side", "unit", "target", "release", "through", "level_fingerprint"})
"""Keys whose text must not hold line breaks or tabs either (names and ids are drawn on one line)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds of one file kind: per key name (the last name in the key path), else the defaults."""

    numbers: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """key → (lowest, highest) allowed value; lower bounds only where the loader has none of its own."""
    texts: Mapping[str, int] = field(default_factory=dict)
    """key → longest text in characters."""
    items: Mapping[str, int] = field(default_factory=dict)
    """key → most array entries."""
    number: float = MAX_STAT
    """Largest absolute value of a number whose key is not in `numbers`."""
    text: int = MAX_TEXT
    depth: int = MAX_DEPTH


_SPEED = (-MAX_SPEED_M, MAX_SPEED_M)
"""Negative speeds are the loader's to refuse (it says why); only the size is bounded here."""
_TILES = MAX_MAP_SIDE * (MAX_MAP_SIDE + 2) + 2 * MAX_MAP_SIDE

_LEVEL_NUMBERS = {
    "speed": _SPEED, "fly": _SPEED, "climb": _SPEED, "swim": _SPEED, "m": _SPEED,
    "reach": (-MAX_REACH_M, MAX_REACH_M), "clearance": (-MAX_REACH_M, MAX_REACH_M),
    "hp": (-MAX_HP, MAX_HP), "max_hp": (-MAX_HP, MAX_HP),
    "attacks": (-100, 100), "ap": (-100, 100), "level": (-100, 100),
    "rounds": (-100_000, 100_000), "format": (-1000, 1000),
}  # fmt: skip
_KIOSK_NUMBERS = {
    "idle": (0, 86_400), "exit_window": (0, 60), "result_seconds": (0, 3600),
    "seed": (-(2**63), 2**63 - 1), "log_max_bytes": (0, 1_000_000_000), "log_backups": (0, 100),
}  # fmt: skip

LEVEL = Limits(
    numbers=MappingProxyType(_LEVEL_NUMBERS),
    texts=MappingProxyType({"name": MAX_NAME, "id": MAX_ID, "side": MAX_ID, "tiles": _TILES}),
    items=MappingProxyType({"units": 500, "sides": 16, "edges": 4 * MAX_MAP_SIDE * MAX_MAP_SIDE, "bonuses": 32}),
)
"""Level files (docs/levels.md)."""

SCRIPT = Limits(
    numbers=MappingProxyType({"seed": (-(2**63), 2**63 - 1)}),
    texts=MappingProxyType(
        {"unit": MAX_ID, "target": MAX_ID, "release": MAX_ID, "through": MAX_ID, "level_fingerprint": 128}
    ),
    items=MappingProxyType({"do": 200_000, "path": 4 * MAX_MAP_SIDE * MAX_MAP_SIDE}),
    number=1_000_000,
)
"""Action scripts, replays and saved situations (docs/scripts.md)."""

KIOSK = Limits(
    numbers=MappingProxyType(_KIOSK_NUMBERS),
    items=MappingProxyType({"levels": 100, "exit_corners": 32}),
)
"""Kiosk configs (docs/kiosk.md)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """The first value over a limit: where it is and what is wrong."""

    path: KeyPath
    message: str


def _key_name(path: KeyPath) -> str:
    """The last name in a key path (`units[3].speed` → speed; `units[3]` → units)."""
    for part in reversed(path):
        if isinstance(part, str):
            return part
    return ""


def control_char(text: str, multiline: bool = False) -> str | None:
    """The first control character of `text` as U+XXXX (tab and line breaks allowed when multi-line)."""
    for char in text:
        if unicodedata.category(char) == "Cc" and not (multiline and char in "\n\r\t"):
            return f"U+{ord(char):04X}"
    return None


def visible_char(symbol: str) -> bool:
    """Whether `symbol` is one character a map can show: a letter, digit, punctuation mark or symbol."""
    return len(symbol) == 1 and unicodedata.category(symbol)[0] in "LNPS"


def check_text(text: str, path: KeyPath, limits: Limits) -> Problem | None:
    """A string value or table key over its length or holding a control character."""
    name = _key_name(path)
    longest = limits.texts.get(name, limits.text)
    if len(text) > longest:
        return Problem(path, t("limits.too_long", length=len(text), limit=longest))
    bad = control_char(text, multiline=name not in SINGLE_LINE)
    if bad is not None:
        return Problem(path, t("limits.control", char=bad))
    return None


def check_number(value: int | float, path: KeyPath, limits: Limits) -> Problem | None:
    """A number that is not finite or lies outside its key's bounds."""
    if isinstance(value, float) and not math.isfinite(value):
        return Problem(path, t("limits.not_finite", value=str(value)))
    low, high = limits.numbers.get(_key_name(path), (-limits.number, limits.number))
    if not low <= value <= high:
        return Problem(path, t("limits.out_of_range", value=f"{value:g}", low=f"{low:g}", high=f"{high:g}"))
    return None


def check_tree(doc: Mapping[str, Any], limits: Limits) -> Problem | None:
    """The first value of a decoded document (in file order) that breaks `limits`; None when all keep them.

    Iterative, so a document nested deeper than Python's recursion limit is refused, not crashed on.
    """
    stack: list[tuple[KeyPath, Any, int]] = [((), doc, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > limits.depth:
                return Problem(path, t("limits.too_deep", limit=limits.depth))
            children = []
            for key, child in value.items():
                if len(key) > MAX_ID * 2 or control_char(key) is not None:
                    return Problem(path, t("limits.bad_key", key=ascii(key[:40])))
                children.append(((*path, key), child, depth + 1))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            if depth > limits.depth:
                return Problem(path, t("limits.too_deep", limit=limits.depth))
            most = limits.items.get(_key_name(path), MAX_ITEMS)
            if len(value) > most:
                return Problem(path, t("limits.too_many", count=len(value), limit=most))
            if value and set(map(type, value)) == {int}:
                # Whole numbers share their key's bounds (the last name in the path is the list's own), so the least
                # and the greatest decide for all: a 2 MB level of numbers is judged at C speed, not number by number.
                # Only a list that breaks them is walked, to name its first offender in file order.
                low, high = limits.numbers.get(_key_name(path), (-limits.number, limits.number))
                if low <= min(value) and max(value) <= high:
                    continue
            stack.extend(((*path, i), child, depth + 1) for i, child in reversed(list(enumerate(value))))
        elif isinstance(value, str):
            problem = check_text(value, path, limits)
            if problem is not None:
                return problem
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            problem = check_number(value, path, limits)
            if problem is not None:
                return problem
    return None


_KEY_PART = r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)"""


@cache
def _shapes() -> dict[str, re.Pattern[str]]:
    """The pre-scan's patterns, compiled at its first run: a start whose level was parsed before
    (game/storage/toml_cache.py)
    needs none (~5 M instructions to compile)."""
    return {
        # What the pre-scan blanks out before counting brackets: strings (multi-line ones first) and comments. Each
        # is replaced by its line breaks only, so a position in the blanked text keeps its line number.
        "strings_and_comments": re.compile(
            r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
        ),
        # Table headers: brackets that are not values, alone on their line (comments and quoted names are blank by
        # then; a multi-line array's last entry, `[x]` alone on a line, may be taken for one too, which only lowers
        # what is found: the pre-scan may miss a deep or long value, never invent one).
        "header_line": re.compile(r"^[ \t]*\[\[?[^\[\]\n,]*\]\]?[ \t]*$", re.MULTILINE),
        # An inline array or table holding no other: one pass takes one level of nesting off every value.
        "innermost": re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}"),
        # Innermost values over several lines, or arrays with MAX_ITEMS entries or more: looked at one by one.
        "innermost_long": re.compile(
            rf"\[(?=[^\[\]{{}}]*\n|(?:[^\[\]{{}},]*,){{{MAX_ITEMS - 1}}})[^\[\]{{}}]*\]"
            rf"|\{{(?=[^\[\]{{}}]*\n)[^\[\]{{}}]*\}}"
        ),
        # The other innermost values (a NUL marks those the same pass took off already): replaced at regex speed.
        "innermost_short": re.compile(r"\[[^\[\]{}\x00]*\]|\{[^\[\]{}\x00]*\}"),
        # The (dotted) key set on a line: `speed = [`, `map.tiles =`.
        "key_at_line": re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*="),
    }


class _TooMany(Exception):
    """Raised from inside a substitution pass: an inline array with more entries than its key allows."""


def _lines_only(match: re.Match[str]) -> str:
    """A blanked match: only its line breaks stay."""
    return "\n" * match.group().count("\n")


def shape_problem(text: str, limits: Limits | None = None) -> tuple[int, str, str] | None:
    """Inline arrays or tables nested deeper than the limits, or an inline array longer than its key allows, found
    in TOML text before it is decoded: (line, key, message) of the first one, or None.

    tomllib spends microseconds on every bracket and comma and recurses once per level, so a mutated level
    nested thousands deep or holding a megabyte of brackets took seconds to refuse (over a minute under
    load). These passes run at regex speed, one per level of nesting; check_tree still applies the exact
    bounds after decoding (table headers count there too). Without `limits`, only the nesting (MAX_DEPTH) is.
    """
    if "[" not in text and "{" not in text:
        return None
    depth = limits.depth if limits is not None else MAX_DEPTH
    lines = text.split("\n")
    shapes = _shapes()
    blank = shapes["header_line"].sub("", shapes["strings_and_comments"].sub(_lines_only, text))

    def where(match: re.Match[str]) -> tuple[int, str, bool]:
        """The line of a match in the blanked text, the last name of the key set on that line, and whether the
        match is that key's value itself (not a value inside it)."""
        line = match.string.count("\n", 0, match.start()) + 1
        key = shapes["key_at_line"].match(lines[line - 1])
        before = match.string[match.string.rfind("\n", 0, match.start()) + 1 : match.start()]
        own = key is not None and re.fullmatch(r"[^=\[\]{},]*=\s*", before) is not None
        return line, key.group(1).rsplit(".", 1)[-1].strip().strip("\"'") if key else "", own

    def flatten(match: re.Match[str]) -> str:
        """A long innermost value taken off (a placeholder and its line breaks); an array's entries counted."""
        group = match.group()
        commas = group.count(",")
        if limits is not None and group[0] == "[" and commas >= MAX_ITEMS:
            line, key, own = where(match)
            # an array that is not the key's own value (an entry of it, or inside an inline table) may be bound by
            # another key: the most any key allows, so that the pre-scan never refuses what check_tree accepts
            most = limits.items.get(key, MAX_ITEMS) if own else max(MAX_ITEMS, *limits.items.values())
            entries = commas + (0 if group[:-1].rstrip().endswith(",") else 1)
            if entries > most:
                raise _TooMany(line, key, t("limits.too_many", count=entries, limit=most))
        return "\x00" + "\n" * group.count("\n")

    run = re.search(rf"[\[{{](?:[ \t\r\n]*[\[{{]){{{depth}}}", blank)  # `[[[[…`: no pass needed to see it
    if run is not None:
        line, key, _ = where(run)
        return line, key, t("input_shape.too_deep", limit=depth)
    try:
        for _ in range(depth):  # each pass takes the innermost values off, the long ones counted
            blank, long = shapes["innermost_long"].subn(flatten, blank)
            blank, short = shapes["innermost_short"].subn("\x00", blank)
            if not long and not short:
                return None
            blank = blank.replace("\x00", "0")
    except _TooMany as exc:
        return exc.args  # type: ignore[return-value]
    if shapes["innermost"].search(blank) is None:
        return None
    deep = re.search(r"[\[{]", blank)  # every shallower value is a placeholder now: the too-deep one's outside
    assert deep is not None
    line, key, _ = where(deep)
    return line, key, t("input_shape.too_deep", limit=depth)


def image_size_problem(width: int, height: int) -> str | None:
    """Why a picture of this many pixels is refused, or None."""
    if not (0 < width <= MAX_IMAGE_SIDE and 0 < height <= MAX_IMAGE_SIDE) or width * height > MAX_IMAGE_PIXELS:
        megapixels = f"{MAX_IMAGE_PIXELS / 1e6:g}"
        return t("map_image.too_many_pixels", width=width, height=height, side=MAX_IMAGE_SIDE, megapixels=megapixels)
    return None


def long_number(text: str) -> tuple[int, str] | None:
    """Where a TOML text holds a number longer than Python converts (its own message names an interpreter setting):
    (line, message) of the first such run of digits, or None. Asked only after tomllib refused the text."""
    import sys

    most = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300
    found = re.search(rf"[0-9][0-9_]{{{most},}}", text)
    if found is None:
        return None
    digits = sum(c.isdigit() for c in found.group())
    return text.count("\n", 0, found.start()) + 1, t("gates.number_digits", digits=digits, limit=most)


def games_problem(games: int) -> str | None:
    """Why a run of this many games (per variant and level) is refused, or None."""
    if games > MAX_GAMES:
        return t("gates.too_many_games", games=_count(games), limit=MAX_GAMES)
    return None


def rounds_problem(rounds: int) -> str | None:
    """Why a game of at most this many rounds is refused, or None."""
    if rounds > MAX_ROUNDS:
        return t("gates.too_many_rounds", rounds=_count(rounds), limit=MAX_ROUNDS)
    return None


def variants_problem(counts: list[int]) -> str | None:
    """Why a sweep grid with these many values per key is refused, or None: counted before the grid is expanded."""
    total = 1
    for count in counts:
        total *= count
        if total > MAX_VARIANTS:
            return t("gates.too_many_variants", keys=len(counts), limit=MAX_VARIANTS)
    return None


def job_limit(cores: int | None, told: str | None = None) -> int:
    """Most worker processes on a machine with `cores` cores: its cores (at least 2, so a one-core machine still
    tries two), or what GRIDBOUND_MAX_JOBS says (`told`), never more than MAX_JOBS."""
    if told is not None and told.strip().isdigit() and len(told.strip()) <= 6:
        return max(1, min(MAX_JOBS, int(told)))
    return max(2, min(MAX_JOBS, cores or 1))


def jobs_problem(jobs: int, cores: int | None, told: str | None = None) -> str | None:
    """Why `--jobs N` is refused on this machine, or None."""
    most = job_limit(cores, told)
    if jobs > most:
        return t("gates.too_many_jobs", jobs=_count(jobs), limit=most)
    return None


def image_span_problem(span: tuple[float, float], board: tuple[int, int]) -> str | None:
    """Why a picture spanning `span` squares over a map of `board` squares is refused, or None."""
    if span[0] > MAX_IMAGE_SPAN * board[0] or span[1] > MAX_IMAGE_SPAN * board[1]:
        width, height = (f"{v:g}" for v in span)
        return t("gates.image_span", width=width, height=height, factor=MAX_IMAGE_SPAN)
    return None


def _count(value: int) -> str:
    """A count for a message, short even when it has thousands of digits."""
    text = str(value) if value.bit_length() < 200 else f"~2^{value.bit_length() - 1}"
    return text


def map_size_problem(width: int, height: int) -> str | None:
    """Why a map of this size is refused, or None."""
    if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE:
        return t("limits.map_too_big", width=width, height=height, limit=MAX_MAP_SIDE)
    return None
