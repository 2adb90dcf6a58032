"""`main.py play` headless: N frames, a screenshot, exit 0; a level that does not load is exit 2 on stderr."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent


def play(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "main.py", "play", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_play_runs_frames_and_saves_a_screenshot_of_the_default_level(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    done = play("--frames", "3", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 800)
    # not a blank frame: the board and panel put many colours on screen
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colours) > 10


def test_play_honours_size(tmp_path: Path) -> None:
    shot = tmp_path / "small.png"
    done = play("--frames", "2", "--size", "800x600", "--screenshot", str(shot))
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (800, 600)


def test_play_headless_on_a_broken_level_exits_2_with_the_message_on_stderr(tmp_path: Path) -> None:
    # a window shows the error screen instead (test_ui_screens); headless, a script must see the failure
    bad = tmp_path / "broken.toml"
    bad.write_text("format = 1\nname = \n", encoding="utf-8")
    shot = tmp_path / "error.png"
    done = play(str(bad), "--frames", "2", "--screenshot", str(shot))
    assert "Traceback" not in done.stderr
    assert done.returncode == 2
    assert "broken.toml" in done.stderr and done.stdout == ""
    assert not shot.exists()


def test_play_headless_on_a_missing_level_exits_2(tmp_path: Path) -> None:
    done = play(str(tmp_path / "nowhere.toml"), "--frames", "2")
    assert done.returncode == 2
    assert "nowhere.toml" in done.stderr and "Traceback" not in done.stderr
