"""Checks of a command's options before its work starts: output paths, the window size, a headless level.

A `--screenshot` into a missing folder is refused before the frames run, an `--out` that is a
directory before hours of simulation. Each check returns the message to show (naming the option)
or None; game.commands.cli turns a message into exit 2.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.files import output_problem, shown
from game.text.i18n import t
from game.window_size import MAX_WINDOW, MIN_WINDOW, parse_window_size, within

if TYPE_CHECKING:
    import argparse  # `play`'s plain command line is read without it (game/commands/play_args.py)


def output_option_problem(
    option: str, path: str | os.PathLike[str] | None, inputs: Iterable[str | os.PathLike[str] | None] = ()
) -> str | None:
    """Why the file an option names cannot be written (the output gate: game.files.output_problem), as
    `--out PATH: reason`; None when it can (or none named). `inputs`: the files the same run reads."""
    if path is None:
        return None
    problem = output_problem(path, [p for p in inputs if p is not None])
    return None if problem is None else t("files.option", option=option, path=shown(path), reason=problem)


def size_problem(value: str | None) -> str | None:
    """Why a `--size WxH` is refused (malformed or beyond any display), or None."""
    if value is None:
        return None
    size = parse_window_size(value)
    if size is not None and within(size):
        return None
    low_w, low_h = MIN_WINDOW
    high_w, high_h = MAX_WINDOW
    return t("files.size_limit", value=value, low_w=low_w, low_h=low_h, high_w=high_w, high_h=high_h)


def play_problem(args: argparse.Namespace) -> str | None:
    """The first refused option of `play` (--size, --screenshot, --turn), or None."""
    inputs = [getattr(args, "level", None), getattr(args, "replay", None)]
    turn = getattr(args, "turn", None)
    if turn is not None and (turn < 1 or not getattr(args, "replay", None)):
        return f"--turn {turn}: " + t("replay_turn.needs_replay" if turn >= 1 else "replay_turn.at_least_one")
    return size_problem(getattr(args, "size", None)) or output_option_problem(
        "--screenshot", getattr(args, "screenshot", None), inputs
    )


def parquet_problem(path: str | None, inputs: Iterable[str | None]) -> str | None:
    """Why `--parquet PATH` cannot be written (pyarrow missing, or the output gate refuses it), or None."""
    if path is None:
        return None
    from game.lab.parquet_out import ParquetError, pyarrow_modules  # pyarrow only when --parquet is asked for

    try:
        pyarrow_modules()
    except ParquetError as exc:
        return str(exc)
    return output_option_problem("--parquet", path, inputs)
