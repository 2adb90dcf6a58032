"""`play`'s options, and its plain command lines read without argparse (the game's start).

The game's start parses a `play` command line. Importing argparse (with gettext, and locale
when argparse first translates a word) and building the parser with its catalogue help texts
cost about 20 M instructions before the first battle frame, ~4 % of the start.
`quick_play_args` reads a command line made only of the plain forms below and returns the
values argparse would; anything else (help, an abbreviated or unknown option, a value argparse
would refuse or convert another way, a repeated option, `--`) gets None, and then argparse
reads it, with its own messages. tests/test_play_args.py compares both on generated command lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

PLAY_OPTIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("--frames", {"type": int, "default": None, "help": "run this many frames, then exit"}),
    ("--screenshot", {"default": None, "help": "save the last frame as PNG"}),
    ("--size", {"default": "1280x800", "help": "window size WxH"}),
    (
        "--seed",
        {"type": int, "default": None, "help": "first match's dice seed; later ones S+1, S+2… (default: fresh)"},
    ),
    ("--replay", {"default": None, "metavar": "SCRIPT", "help": "view a saved replay step by step"}),
    ("--force", {"action": "store_true", "help": "with --replay: view it even if the level changed since"}),
    ("--turn", {"type": int, "default": None, "metavar": "N", "help": "with --replay: open it at the start of turn N"}),
    ("--watch", {"action": "store_true", "help": "reload the level when its file changes"}),
    ("--animate", {"action": "store_true", "help": "with --frames: animate moves as the settings say"}),
    ("--ai", {"default": None, "metavar": "STRENGTH|SIDE=STRENGTH,…", "help": "the computer's strength"}),
    (
        "--players",
        {
            "choices": ("level", "hotseat", "computer"),
            "default": "level",
            "help": "who plays: as the level says, hot-seat (people only) or the first side against the computer",
        },
    ),
)
"""The options of `play` as argparse's add_argument takes them (game/commands/cli.py adds them; the quick reader
follows)."""


def quick_play_args(argv: Sequence[str], languages: Sequence[str], func: Callable[..., int]) -> Any:
    """The parsed `play …` command line `argv` (its first word "play"), as argparse would give it, with `func` as
    its func; None when a word is not in a plain form (then argparse reads it). `languages`: --lang's choices."""
    if not argv or argv[0] != "play":
        return None
    options = {flag: spec for flag, spec in PLAY_OPTIONS}
    options["--lang"] = {"choices": tuple(languages), "default": None}
    given: dict[str, Any] = {}
    level: str | None = None
    words = list(argv[1:])
    while words:
        word = words.pop(0)
        if not word.startswith("-"):
            if level is not None or not word:
                return None  # a second positional, or an empty word: argparse says what it makes of it
            level = word
            continue
        flag, has_value, value = word.partition("=")
        spec = options.get(flag)
        if spec is None or flag in given:
            return None  # -h, --, an abbreviation, an unknown or repeated option
        if spec.get("action") == "store_true":
            if has_value:
                return None
            given[flag] = True
            continue
        if not has_value:
            if not words:
                return None
            value = words.pop(0)
        if not value or value.startswith("-"):
            return None  # argparse may take it as an option, or as a negative number
        try:
            converted = spec["type"](value) if "type" in spec else value
        except ValueError:
            return None
        if "choices" in spec and converted not in spec["choices"]:
            return None
        given[flag] = converted
    values: dict[str, Any] = {"command": "play"}
    for flag, spec in PLAY_OPTIONS:
        default = False if spec.get("action") == "store_true" else spec.get("default")
        values[flag[2:]] = given.get(flag, default)
    values["level"] = level
    values["lang"] = given.get("--lang")
    values["func"] = func
    return SimpleNamespace(**values)
