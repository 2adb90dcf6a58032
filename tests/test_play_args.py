"""`play`'s quick command-line reader (game/commands/play_args.py) gives argparse's answer, or leaves the line to
argparse."""

from __future__ import annotations

import argparse
import io
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.commands.cli import build_parser, cmd_play, main
from game.commands.play_args import PLAY_OPTIONS, quick_play_args
from game.text.i18n import LANGUAGES

WORDS = [
    *(flag for flag, _ in PLAY_OPTIONS),
    "--lang",
    "--fram",
    "--help",
    "-h",
    "--",
    "-",
    "",
    "--version",
    "1",
    "0",
    "-3",
    " 7",
    "1_0",
    "x",
    "1.5",
    "800x600",
    "levels/pf1_bridge.toml",
    "a b.toml",
    "--size=640x480",
    "--frames=2",
    "--frames=",
    "--force=1",
    "--players=computer",
    "--players=nobody",
    "--lang=de",
    "--lang=xx",
    "he",
    "hotseat",
    "level",
    "s.png",
    "--seed=-4",
]


def _argparse(argv: list[str]) -> argparse.Namespace | None:
    """What the `play` parser makes of `argv`; None when it refuses it (exits)."""
    try:
        with redirect_stderr(io.StringIO()), redirect_stdout(io.StringIO()):
            return build_parser("play").parse_args(argv)
    except SystemExit:
        return None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=7))
def test_a_plain_play_line_reads_as_argparse_reads_it(words: list[str]) -> None:
    argv = ["play", *words]
    quick = quick_play_args(argv, LANGUAGES, cmd_play)
    if quick is None:
        return  # argparse reads it (and says what is wrong with it)
    parsed = _argparse(argv)
    assert parsed is not None, argv  # never a line argparse refuses
    assert list(vars(quick).items()) == list(vars(parsed).items())


@pytest.mark.parametrize(
    "words",
    [
        [],
        ["levels/x.toml", "--frames", "3", "--size", "800x600", "--seed", "7", "--players", "hotseat"],
        ["--replay", "r.toml", "--force", "--watch", "--animate", "--screenshot", "s.png", "--lang", "he"],
        ["--frames=1", "--size=1920x1080", "levels/x.toml", "--lang=de"],
        ["--frames", "1", "levels/x.toml"],
    ],
)
def test_the_game_start_forms_are_read_quickly_and_equal_argparse(words: list[str]) -> None:
    argv = ["play", *words]
    quick = quick_play_args(argv, LANGUAGES, cmd_play)
    assert quick is not None
    assert list(vars(quick).items()) == list(vars(build_parser("play").parse_args(argv)).items())


@pytest.mark.parametrize(
    "words",
    [["-h"], ["--fram", "1"], ["--frames", "x"], ["--frames", "1", "--frames", "2"], ["a", "b"], ["--seed", "-1"],
     ["--players", "nobody"], ["--force=yes"], ["--"], ["--lang", "xx"], ["--frames"]],
)  # fmt: skip
def test_anything_else_is_left_to_argparse(words: list[str]) -> None:
    assert quick_play_args(["play", *words], LANGUAGES, cmd_play) is None


def test_the_quick_reader_knows_every_option_of_the_play_parser() -> None:
    """A new `play` option added to the parser alone would be missing from quick answers: the dests must agree."""
    parsed = build_parser("play").parse_args(["play"])
    assert set(vars(quick_play_args(["play"], LANGUAGES, cmd_play))) == set(vars(parsed))


def test_a_line_left_to_argparse_still_gets_its_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--frames", "x"])
    assert exc.value.code == 2 and "--frames" in capsys.readouterr().err
