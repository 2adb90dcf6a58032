"""The title frame drawn before the game's modules load, and only for commands that open a window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.splash import FIRST_FRAME_ENV, opens_window

ROOT = Path(__file__).resolve().parent.parent


def test_only_the_window_commands_get_a_splash():
    assert opens_window([]) and opens_window(["play", "levels/x.toml"]) and opens_window(["--size", "800x600"])
    assert not opens_window(["check", "levels/x.toml"])
    assert not opens_window(["kiosk"]) and not opens_window(["play", "--help"])
    # the language before the command belongs to it: no window flashes up for `check`
    assert not opens_window(["--lang", "de", "check", "levels/x.toml"]) and not opens_window(["--lang=it", "duel"])
    assert opens_window(["--lang", "de"]) and opens_window(["--lang", "he", "play"])


def test_play_draws_its_first_frame_and_stamps_it(tmp_path):
    stamp = tmp_path / "first"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **{FIRST_FRAME_ENV: str(stamp)})
    shot = tmp_path / "shot.png"
    subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "play", "--frames", "1", "--screenshot", str(shot)],
        check=True,
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert float(stamp.read_text()) > 0
    assert shot.stat().st_size > 0  # the game took the splash's window over and drew its own frame


def test_commands_without_a_window_never_load_pygame():
    code = (
        "import sys; sys.argv = ['main.py', 'check', 'levels/pf1_bridge.toml']\n"
        "from game.splash import launch\n"
        "code = launch()\n"
        "print(code, 'pygame' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.stdout.strip().splitlines()[-1] == "0 False"


def test_the_headless_start_reads_the_level_once_and_leaves_the_other_rulesets_unloaded():
    """`play --frames` checks the level before the window opens and hands it over (not parsed twice); a pf1 level
    never imports dnd5e's rules (start-up time). Run in a fresh process: the test process has every module."""
    code = (
        "import sys, game.levels.level as L\n"
        "calls = []\n"
        "real = L.parse_level\n"
        "L.parse_level = lambda *a, **k: calls.append(1) or real(*a, **k)\n"
        "from game.commands.cli import main\n"
        "code = main(['play', 'levels/pf1_bridge.toml', '--frames', '1'])\n"
        "print(code, len(calls), 'rules.dnd5e' in sys.modules)\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True, env=env, timeout=120
    )
    assert done.stdout.split()[-3:] == ["0", "1", "False"]
