"""`gridbound --help` names every command on one line each; `--version` prints the one version."""

from __future__ import annotations

import argparse
import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
from game.commands.argv import COMMANDS
from game.commands.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
CORE_COMMANDS = ("play", "check", "measure", "reach", "run", "simulate", "kiosk")


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _help_lines(text: str) -> dict[str, list[str]]:
    """Each command name → the help lines that start with it (indented, as argparse lists commands)."""
    lines = text.splitlines()
    return {name: [ln for ln in lines if ln.strip().split(" ", 1)[0] == name] for name in _commands()}


def test_top_level_help_lists_every_registered_command_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert set(CORE_COMMANDS) <= set(_commands())
    for name, lines in _help_lines(out).items():  # every command a module registers, not a fixed list
        assert len(lines) == 1, (name, lines)
        assert len(lines[0].split()) > 2, f"{name} has no description"
    assert "--frames" not in out  # the top-level help, not play's options


@pytest.mark.parametrize("lang", ["de", "it", "he"])
def test_every_commands_line_in_the_top_level_help_is_in_the_language(lang: str, capsys) -> None:
    # `simulate` and `kiosk` kept their English lines in every language
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "en"])
    english = _help_lines(capsys.readouterr().out)
    with pytest.raises(SystemExit):
        main(["--help", "--lang", lang])
    for name, lines in _help_lines(capsys.readouterr().out).items():
        assert lines != english[name], (lang, name, lines)


def test_the_command_names_known_before_parsing_are_the_parsers() -> None:
    assert set(COMMANDS) == set(_commands())


@pytest.mark.parametrize("lang_first", [["--lang", "de"], ["--lang=de"]])
def test_the_language_may_come_before_the_command(lang_first: list[str], capsys) -> None:
    # `gridbound --lang de check FILE` was `play --lang de` with a level named "check" ("unknown arguments: FILE")
    assert main([*lang_first, "check", str(ROOT / "levels" / "pf1_bridge.toml")]) == 0
    assert "Die Schluchtbrücke" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main([*lang_first, "measure", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "gridbound measure" in out and "--frames" not in out and "Aufruf" in out
    with pytest.raises(SystemExit):
        main([*lang_first, "--help"])  # the top level's help, not play's
    out = capsys.readouterr().out
    assert "Befehle" in out and "--frames" not in out


def test_main_py_help_and_short_h_list_the_commands_too() -> None:
    for flag in ("--help", "-h"):
        done = subprocess.run([sys.executable, "main.py", flag], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert all(len(lines) == 1 for lines in _help_lines(done.stdout).values())


def test_help_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "de"])
    out = capsys.readouterr().out
    assert "Befehle" in out and "Level-Dateien" in out


def test_version_is_the_one_in_game_init_and_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"gridbound {__version__}"
    assert importlib.metadata.version("gridbound") == __version__  # pyproject reads it from game/__init__.py


def test_a_leading_play_option_still_means_play(tmp_path: Path) -> None:
    parser = build_parser()
    assert parser.parse_args(["play", "--frames", "1"]).command == "play"
    done = subprocess.run(
        [sys.executable, "main.py", "--frames", "1", str(ROOT / "levels" / "no_such_level.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        # a bare environment, but the game's picture cache (game/ui/raster_cache.py) kept out of the tester's home
        env={
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PATH": "/usr/bin:/bin",
            "GRIDBOUND_CACHE_DIR": str(tmp_path),
        },
    )
    assert done.returncode == 2 and "no_such_level.toml" in done.stderr


@pytest.mark.parametrize("lang", ["en", "de", "he"])
@pytest.mark.parametrize(
    "argv",
    [
        ["play"],
        ["play", "levels/x.toml", "--frames", "3", "--size", "800x600", "--seed", "7", "--players", "hotseat"],
        ["play", "--replay", "r.toml", "--force", "--watch", "--animate", "--screenshot", "s.png"],
    ],
)
def test_the_play_only_parser_the_game_starts_with_parses_and_helps_as_the_full_one(argv, lang) -> None:
    """main() builds only `play`'s parser when the command is play (start-up time): same answers, same help."""
    from game.text.i18n import current_language, set_language

    before = current_language()
    set_language(lang)
    try:
        full, alone = build_parser(), build_parser("play")
        assert alone.parse_args([*argv, "--lang", lang]) == full.parse_args([*argv, "--lang", lang])
        play_full = _commands()["play"]
        sub = next(a for a in alone._actions if isinstance(a, argparse._SubParsersAction))
        assert list(sub.choices) == ["play"]
        assert sub.choices["play"].format_help() == play_full.format_help()
    finally:
        set_language(before)
