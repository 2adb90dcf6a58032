"""Replays: a played match saved as a script runs to the same state; stepping; fingerprints; saved situations."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import __version__, paths
from game.ai import ai_rng, next_action, take_turn
from game.battle.match import Match
from game.levels.level import load_level
from game.levels.level_fingerprint import play_fingerprint
from game.saved.replay import (
    Replay,
    ReplayMismatch,
    check_fingerprint,
    open_replay,
    save_replay,
    save_situation,
    situation_level,
    to_script,
)
from game.saved.script import load_script, save_script
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.replay import AUTO_SECONDS, ReplayScene
from game.ui.scenes.victory import VictoryScene
from rules.actions import Action
from rules.core import Illegal
from rules.revision import RULES_REVISION

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"
SHIPPED = ["pf1_bridge", "pf1_corridors", "dnd5e_hall", "dnd5e_crypt", "hexxen_village", "hexxen_beast"]


def ai_game(level_name: str, seed: int, rounds: int = 6, level_dir: Path = LEVELS) -> Match:
    """An AI-against-AI match (both sides by game.ai) for up to `rounds` rounds, with one refused action inside."""
    match = Match(load_level(level_dir / f"{level_name}.toml"), seed=seed)
    refused = False
    while not match.finished and match.round <= rounds:
        if not refused and len(match.history) == 3:
            # a refusal in the middle of the game: it must not end up in the replay
            unit = match.level.units[0].id
            result = match.perform(Action("move", unit, ((-1, -1),)))
            assert isinstance(result, Illegal)
            refused = True
        match.perform(next_action(match) or Action("end_turn"))
    return match


def run_cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`python main.py …` as a user would run it."""
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


@pytest.fixture
def bridge_game() -> Iterator[Match]:
    match = ai_game("pf1_bridge", seed=11)
    yield match
    match.close()


@pytest.mark.parametrize("name", SHIPPED)
def test_a_saved_game_replays_to_exactly_the_same_state_in_process(name: str, tmp_path: Path) -> None:
    match = ai_game(name, seed=4)
    try:
        script = to_script(match)
        assert any(isinstance(r.result, Illegal) for r in match.history)
        assert len(script.actions) == sum(1 for r in match.history if not isinstance(r.result, Illegal))
        assert script.seed == 4 and script.level_fingerprint == play_fingerprint(match.level)
        assert (script.format, script.gridbound, script.rules_revision) == (2, __version__, RULES_REVISION)
        assert script.level == f"{name}.toml"  # a shipped level: by its installed name
        path = tmp_path / "game.toml"
        save_script(script, path)
        replay = Replay(match.level, load_script(path))
        try:
            replay.end()
            assert replay.stop is None
            assert replay.index == len(script.actions)
            assert replay.match.state_json() == match.state_json()
            assert [e.text for e in replay.match.log] == [e.text for e in match.log if e.ok]
        finally:
            replay.close()
    finally:
        match.close()


@pytest.mark.parametrize("name", ["pf1_bridge", "dnd5e_hall", "hexxen_village"])
def test_main_run_replays_a_saved_game_to_the_same_state_json(name: str, tmp_path: Path) -> None:
    match = ai_game(name, seed=9)
    try:
        path = save_replay(match, folder=tmp_path, now=0)
        expected = match.state_json()
    finally:
        match.close()
    out = run_cli("run", str(LEVELS / f"{name}.toml"), str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["ok"] is True and data["error"] is None
    assert data["state"] == expected


@pytest.mark.parametrize("name", ["pf1_corridors", "dnd5e_cliffs", "hexxen_riders", "arena_4v4"])
def test_a_simulated_game_saved_as_a_replay_runs_to_the_same_state(name: str, tmp_path: Path) -> None:
    # the loop game.lab.simulate.play_game runs: whole AI turns with the AI's own seeded RNG
    match = Match(load_level(LEVELS / f"{name}.toml"), seed=21)
    try:
        rng = ai_rng(21)
        while not match.finished and match.round <= 8:
            take_turn(match, rng)
        path = save_replay(match, folder=tmp_path, now=0)
        expected = match.state_json()
    finally:
        match.close()
    out = run_cli("run", str(LEVELS / f"{name}.toml"), str(path), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["state"] == expected


def test_save_replay_writes_a_timestamped_script_that_names_its_level_by_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path))  # the user data folder holds replays/
    level_path = tmp_path / "lvl.toml"
    level_path.write_bytes((LEVELS / "pf1_bridge.toml").read_bytes())
    match = Match(load_level(level_path), seed=2)
    try:
        match.perform(Action("end_turn"))
        first = save_replay(match, now=1_700_000_000)
        second = save_replay(match, now=1_700_000_000)
    finally:
        match.close()
    assert first.parent == tmp_path / "replays"
    assert first.name.startswith("lvl-") and first.suffix == ".toml"
    assert second != first and second.exists()
    script = load_script(first)
    assert script.level == level_path.resolve().as_posix()  # not shipped: never a relative path
    assert [a.kind for a in script.actions] == ["end_turn"]
    # no temporary files left behind by the atomic write
    assert sorted(p.name for p in first.parent.iterdir()) == sorted([first.name, second.name])


def test_stepping_back_and_forth_gives_the_state_of_running_k_actions(bridge_game: Match) -> None:
    script = to_script(bridge_game)
    replay = Replay(bridge_game.level, script)
    try:
        replay.end()
        n = replay.index
        assert n == len(script.actions) > 10
        for k in (n - 1, 7, 3, 0):
            replay.seek(n)
            while replay.index > k:
                assert replay.back()
            fresh = Match(bridge_game.level, seed=script.seed)
            try:
                for action in script.actions[:k]:
                    assert not isinstance(fresh.perform(action), Illegal)
                assert replay.match.state_json() == fresh.state_json()
            finally:
                fresh.close()
        assert not replay.back()  # at the start
        assert replay.forward() and replay.index == 1
        assert replay.step_log() and replay.step_log()[0].unit == script.actions[0].unit
        replay.seek(5)
        replay.forward()
        assert replay.index == 6
        assert replay.current_action() == script.actions[5]
    finally:
        replay.close()


def test_a_replay_whose_action_becomes_illegal_stops_and_says_which_step_and_why(bridge_game: Match) -> None:
    script = to_script(bridge_game)
    unit = bridge_game.level.units[0].id
    broken = type(script)(script.seed, (*script.actions[:2], Action("move", unit, ((0, 0),)), *script.actions[2:]))
    replay = Replay(bridge_game.level, broken)
    try:
        replay.end()
        assert replay.index == 2 and replay.stop is not None
        assert replay.stop.index == 2
        assert "step 3" in replay.stop.text() and replay.stop.rule in replay.stop.text()
        assert not replay.forward()
        assert all(not isinstance(r.result, Illegal) for r in replay.match.history)
    finally:
        replay.close()


def _other_version(tmp_path: Path) -> tuple[Path, Path]:
    """A replay recorded on the bridge, and a copy of the bridge changed afterwards in play (another fingerprint)."""
    match = ai_game("pf1_bridge", seed=1, rounds=1)
    try:
        replay = save_replay(match, folder=tmp_path, now=0)
    finally:
        match.close()
    changed = tmp_path / "bridge_v2.toml"
    text = (LEVELS / "pf1_bridge.toml").read_text(encoding="utf-8")
    changed.write_text(text.replace('diagonal = "alternating"', 'diagonal = "uniform"'), "utf-8")
    return replay, changed


def test_a_replay_of_another_level_version_is_refused_by_run_with_exit_2(tmp_path: Path) -> None:
    replay, changed = _other_version(tmp_path)
    out = run_cli("run", str(changed), str(replay), "--json")
    assert out.returncode == 2
    assert out.stdout == ""
    assert "recorded for a different version of the level" in out.stderr
    assert str(replay) in out.stderr and "level_fingerprint" in out.stderr
    assert "Traceback" not in out.stderr
    forced = run_cli("run", str(changed), str(replay), "--json", "--force")
    assert forced.returncode == 0, forced.stderr


def test_a_replay_of_another_level_version_is_refused_by_play_replay_with_exit_2(tmp_path: Path) -> None:
    replay, changed = _other_version(tmp_path)
    out = run_cli("play", str(changed), "--replay", str(replay), "--frames", "1")
    assert out.returncode == 2
    assert "recorded for a different version of the level" in out.stderr
    ok = run_cli("play", "--replay", str(replay), "--frames", "2", "--size", "800x600")
    assert ok.returncode == 0, ok.stderr


def test_a_script_without_a_fingerprint_runs_on_any_level(tmp_path: Path) -> None:
    level = load_level(LEVELS / "pf1_bridge.toml")
    script = type(to_script(Match(level)))(0, (Action("end_turn"),))
    check_fingerprint(level, script, "x.toml")  # no fingerprint: nothing to compare
    with pytest.raises(ReplayMismatch, match="different version"):
        check_fingerprint(level, type(script)(0, (), "old.toml", "0" * 64), "x.toml")


def test_open_replay_finds_the_level_the_script_names(tmp_path: Path) -> None:
    match = ai_game("dnd5e_hall", seed=3, rounds=2)
    try:
        level_copy = tmp_path / "hall.toml"
        level_copy.write_bytes((LEVELS / "dnd5e_hall.toml").read_bytes())
        path = tmp_path / "replays" / "r.toml"
        path.parent.mkdir()
        script = to_script(match, str(level_copy.resolve()))
        save_script(script, path)
        replay = open_replay(None, path)
        try:
            replay.end()
            assert replay.match.state_json() == match.state_json()
        finally:
            replay.close()
    finally:
        match.close()


@pytest.mark.parametrize("name", ["pf1_bridge", "dnd5e_crypt", "hexxen_village"])
def test_saving_the_situation_writes_a_level_that_loads_and_a_script_that_runs_on_the_saved_level(
    name: str, tmp_path: Path
) -> None:
    match = ai_game(name, seed=6, rounds=2)
    try:
        saved = save_situation(match, folder=tmp_path, now=0)
        expected = match.state_json()
        sit = match.situation()
    finally:
        match.close()
    assert saved.folder.parent == tmp_path
    assert load_level(saved.level).fingerprint == load_level(LEVELS / f"{name}.toml").fingerprint
    out = run_cli("run", str(saved.level), str(saved.replay), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["state"] == expected
    if saved.situation is None:
        # hexxen: units in contact cannot start a level; the reason is given instead
        assert saved.problem and "not a valid level" in saved.problem
        return
    now = load_level(saved.situation)
    assert now.sides[0].id == expected["active"]
    for unit in now.units:
        assert list(unit.at) == expected["units"][unit.id]["at"]
        assert unit.hp == expected["units"][unit.id]["hp"]
        assert unit.prone == expected["units"][unit.id]["prone"]
        assert unit.helpless == sit.creatures[unit.id].helpless
    standing = {uid for uid, u in expected["units"].items() if not u["defeated"]}
    assert {u.id for u in now.units} == standing


def test_the_situation_keeps_damage_prone_and_open_doors(tmp_path: Path) -> None:
    level_path = tmp_path / "door.toml"
    level_path.write_text(
        """format = 1
name = "Door"
ruleset = "pf1"
[map]
tiles = '''
#######
#..+..#
#.....#
#######
'''
[[sides]]
id = "a"
[[sides]]
id = "b"
[[units]]
id = "hero"
side = "a"
at = [2, 1]
speed = 9
hp = 12
[[units]]
id = "orc"
side = "b"
at = [5, 2]
speed = 9
""",
        encoding="utf-8",
    )
    match = Match(load_level(level_path), seed=0)
    try:
        assert not isinstance(match.perform(Action("interact", "hero", at=(3, 1))), Illegal)
        assert not isinstance(match.perform(Action("drop_prone", "hero")), Illegal)
        match.perform(Action("end_turn"))
        level = situation_level(match)
    finally:
        match.close()
    assert level.tiles[1][3] == "/"
    assert level.unit("hero").prone
    assert level.sides[0].id == "b"  # the side to act goes first


# --- the window ---------------------------------------------------------------------------


def _window(**kw: object) -> App:
    app = App(AppOptions(size=(1024, 700), **kw))  # type: ignore[arg-type]
    app.step()
    return app


def _key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def test_ctrl_s_saves_the_replay_in_the_user_data_folder_and_says_where(tmp_path: Path) -> None:
    level = tmp_path / "bridge.toml"
    level.write_bytes((LEVELS / "pf1_bridge.toml").read_bytes())
    app = _window(level=str(level))
    try:
        scene = app.scene
        assert isinstance(scene, BattleScene) and app.session.match is not None
        unit = next(iter(scene.ctl.actors))
        start = app.session.match.situation().creatures[unit].at
        scene.perform(Action("move", unit, ((-5, -5),)))  # refused: not in the replay
        _key(pygame.K_s, pygame.KMOD_LCTRL)
        app.step()
        saved = list(paths.replays_dir().glob("bridge-*.toml"))
        assert len(saved) == 1
        assert str(saved[0]) in scene.ctl.toast
        assert load_script(saved[0]).actions == ()
        _key(pygame.K_F5)
        app.step()
        assert len(list(paths.replays_dir().glob("bridge-*.toml"))) == 2
        # Ctrl+Shift+S: a folder with the situation, the replay and the level
        _key(pygame.K_s, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
        app.step()
        folders = [p for p in paths.replays_dir().iterdir() if p.is_dir()]
        assert len(folders) == 1 and str(folders[0]) in scene.ctl.toast
        assert sorted(p.name for p in folders[0].iterdir()) == ["level.toml", "replay.toml", "situation.toml"]
        assert load_level(folders[0] / "situation.toml").unit(unit).at == start
        assert not (tmp_path / "replays").exists()  # nothing written next to the level
    finally:
        app.close()


def test_the_victory_screen_saves_the_replay_with_s(tmp_path: Path) -> None:
    level = tmp_path / "bridge.toml"
    level.write_bytes((LEVELS / "pf1_bridge.toml").read_bytes())
    app = _window(level=str(level))
    try:
        assert isinstance(app.scene, BattleScene)
        app.scene.perform(Action("end_turn"))
        app.screens.show_victory(app.scene)
        victory = app.scene
        assert isinstance(victory, VictoryScene)
        _key(pygame.K_s)
        app.step()
        saved = list(paths.replays_dir().glob("bridge-*.toml"))
        assert len(saved) == 1 and str(saved[0]) in victory.note
        assert [a.kind for a in load_script(saved[0]).actions] == ["end_turn"]
        assert any(b.intent == "save" for b in victory.buttons)
    finally:
        app.close()


def test_the_replay_viewer_steps_with_keys_and_buttons_like_the_model(tmp_path: Path, bridge_game: Match) -> None:
    path = save_replay(bridge_game, folder=tmp_path, now=0)
    app = _window(replay=str(path))
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene)
        n = scene.replay.length
        for _ in range(3):
            _key(pygame.K_RIGHT)
        app.step()
        assert scene.replay.index == 3
        _key(pygame.K_LEFT)
        app.step()
        assert scene.replay.index == 2
        model = Replay(bridge_game.level, to_script(bridge_game))
        try:
            model.seek(2)
            assert scene.replay.match.state_json() == model.match.state_json()
        finally:
            model.close()
        assert scene.lines()[0][0] == f"Step 2 / {n}"
        _key(pygame.K_END)
        app.step()
        assert scene.replay.index == n
        assert scene.replay.match.state_json() == bridge_game.state_json()
        _key(pygame.K_HOME)
        app.step()
        assert scene.replay.index == 0
        forward = next(b for b in scene.buttons if b.intent == "forward")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=forward.rect.center, button=1))
        app.step()
        assert scene.replay.index == 1
        first = scene.replay.script.actions[0]
        lines = [line for line, _ in scene.lines()[2:]]
        # the log names the unit as players know it, not by its id
        shown = scene.replay.level.unit_names.get(first.unit or "", first.unit or "")
        assert any(shown in line for line in lines)
        assert any(line.startswith(("PF1-", "GB-")) for line in lines)  # the rule ids of the step
        from game.text.catalog import rule_text

        ruled = next(line for line in lines if line.startswith(("PF1-", "GB-")))
        first_rule = ruled.split(" ", 1)[0]
        assert rule_text(first_rule, "en").title in ruled  # each id with its title, as in the battle log
        # Space plays one step per AUTO_SECONDS
        _key(pygame.K_SPACE)
        app.step(dt=0.01)
        app.step(dt=AUTO_SECONDS)
        assert scene.playing and scene.replay.index == 3
    finally:
        app.close()


def test_the_replay_viewer_shows_where_a_replay_stops(tmp_path: Path, bridge_game: Match) -> None:
    script = to_script(bridge_game)
    unit = bridge_game.level.units[0].id
    broken = type(script)(script.seed, (script.actions[0], Action("move", unit, ((0, 0),))), script.level)
    path = tmp_path / "broken.toml"
    save_script(broken, path)
    app = _window(level=str(LEVELS / "pf1_bridge.toml"), replay=str(path))
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene)
        _key(pygame.K_END)
        app.step()
        assert scene.replay.index == 1
        assert any("step 2" in line and "refused" in line for line, _ in scene.lines())
    finally:
        app.close()


def test_a_replay_naming_a_unit_the_level_lacks_stops_there(bridge_game: Match) -> None:
    script = to_script(bridge_game)
    broken = type(script)(script.seed, (script.actions[0], Action("drop_prone", "nobody"), *script.actions[1:]))
    replay = Replay(bridge_game.level, broken)
    try:
        replay.end()
        assert replay.index == 1 and replay.stop is not None and replay.stop.rule is None
        assert "nobody" in replay.stop.text() and "step 2" in replay.stop.text()
    finally:
        replay.close()
