"""`play --replay FILE --turn N`: the viewer opens at the start of the game's N-th turn; a bad --turn is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.commands.cli import main
from game.lab.simulate import play_game
from game.lab.sweep import _replay_text
from game.levels.level import load_level
from game.saved.replay import Replay, open_replay
from game.tomlio import write_atomic
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.replay import ReplayScene

LEVELS = Path(__file__).resolve().parent.parent / "levels"


@pytest.fixture
def saved_game(tmp_path: Path) -> Path:
    """A simulated bridge game saved as a replay beside its level, as `sweep --replays` saves one."""
    level = load_level(LEVELS / "pf1_bridge.toml")
    write_atomic(tmp_path / "bridge.toml", (LEVELS / "pf1_bridge.toml").read_text(encoding="utf-8"))
    path = tmp_path / "bridge-seed5.toml"
    write_atomic(path, _replay_text("bridge.toml", level, play_game(level, 5, 30, 0)))
    return path


def test_turn_start_is_just_after_the_turns_before(saved_game: Path) -> None:
    replay = open_replay(None, saved_game)
    try:
        kinds = [a.kind for a in replay.script.actions]
        ends = [i for i, kind in enumerate(kinds) if kind == "end_turn"]
        assert replay.turn_start(1) == 0
        assert replay.turn_start(2) == ends[0] + 1
        assert replay.turn_start(4) == ends[2] + 1
        assert replay.turn_start(10_000) == replay.length
    finally:
        replay.close()


def test_the_viewer_opens_at_the_turn(saved_game: Path) -> None:
    app = App(AppOptions(size=(1024, 700), replay=str(saved_game), turn=3))
    try:
        app.step()
        scene = app.scene
        assert isinstance(scene, ReplayScene)
        assert scene.replay.index == scene.replay.turn_start(3) > 0
    finally:
        app.close()


def test_a_bad_turn_is_refused_with_one_line(saved_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--replay", str(saved_game), "--turn", "0", "--frames", "1"]) == 2
    assert "--turn 0" in capsys.readouterr().err
    assert main(["play", str(LEVELS / "pf1_bridge.toml"), "--turn", "2", "--frames", "1"]) == 2
    assert "--replay" in capsys.readouterr().err


def test_the_saved_games_of_a_turn_match_a_step_by_step_replay(saved_game: Path) -> None:
    level = load_level(saved_game.parent / "bridge.toml")
    viewer = open_replay(None, saved_game)
    model = Replay(level, viewer.script)
    try:
        start = viewer.turn_start(2)
        viewer.seek(start)
        for _ in range(start):
            model.forward()
        assert viewer.match.state_json() == model.match.state_json()
    finally:
        viewer.close()
        model.close()
