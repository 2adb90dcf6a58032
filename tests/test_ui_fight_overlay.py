"""The replay viewer's fight maps: M shows them one after another, a click on a square opens the game there."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.commands.cli import main
from game.lab.fight_map import KINDS, VIEWER_FILE, square_of
from game.lab.fight_map_png import KIND_COLOURS
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.replay import ReplayScene

LEVELS = Path(__file__).resolve().parent.parent / "levels"


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small sweep's replays and maps, as `sweep --replays DIR` leaves them."""
    folder = tmp_path_factory.mktemp("sweep")
    sweep = folder / "s.toml"
    sweep.write_text(
        f'levels = ["{LEVELS / "pf1_bridge.toml"}"]\nseed = 4\ngames = 4\nbatch = 4\nmax_rounds = 20\n'
        '[grid]\n"units[0].hp" = [20, 5]\n',
        encoding="utf-8",
    )
    assert main(["sweep", str(sweep), "--replays", str(folder / "out"), "--json"]) == 0
    return folder / "out"


def _window(replay: Path) -> App:
    app = App(AppOptions(size=(1024, 700), replay=str(replay)))
    app.step()
    return app


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_m_cycles_the_maps_and_draws_them_over_the_board(replays: Path) -> None:
    cell = json.loads((replays / VIEWER_FILE).read_text(encoding="utf-8"))["cells"]["pf1_bridge-v1.toml"]
    app = _window(replays / "pf1_bridge-v1-seed4.toml")
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene) and scene.overlay.available and scene.overlay.kind is None
        seen = []
        for _ in KINDS:
            _key(pygame.K_m)
            app.step()
            seen.append(scene.overlay.kind)
        assert seen == list(KINDS)
        _key(pygame.K_m)
        app.step()
        assert scene.overlay.kind is None
        _key(pygame.K_m)  # fell
        app.step()
        assert any("M" in line for line, _ in scene.lines())
        hottest = max(cell["counts"]["fell"], key=lambda k: cell["counts"]["fell"][k])
        assert scene.view is not None
        rect = scene.view.square_rect(square_of(hottest))
        colour = app.screen.get_at((rect.x + 2, rect.bottom - 3))
        assert colour.r > colour.b + 40 and KIND_COLOURS["fell"][0] > KIND_COLOURS["fell"][2]
    finally:
        app.close()


def test_a_click_on_a_square_opens_the_game_there_at_its_turn(replays: Path) -> None:
    cell = json.loads((replays / VIEWER_FILE).read_text(encoding="utf-8"))["cells"]["pf1_bridge-v1.toml"]
    where, games = next(iter(cell["squares"]["fell"].items()))
    index, seed, turn = games[0]
    app = _window(replays / "pf1_bridge-v1-seed4.toml")
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene) and scene.view is not None
        _key(pygame.K_m)
        app.step()
        pos = scene.view.square_center(square_of(where))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        app.step()
        opened = app.scene
        assert isinstance(opened, ReplayScene) and opened is not scene
        assert opened.replay.script.seed == seed == 4 + index  # game i of the sweep plays seed 4 + i
        assert opened.replay.index == opened.replay.turn_start(turn)
        assert opened.overlay.kind == "fell"
    finally:
        app.close()


def test_a_replay_saved_elsewhere_has_no_maps(tmp_path: Path, replays: Path) -> None:
    lone = tmp_path / "pf1_bridge-v1.toml"
    lone.write_bytes((replays / "pf1_bridge-v1.toml").read_bytes())
    copy = tmp_path / "game.toml"
    copy.write_bytes((replays / "pf1_bridge-v1-seed4.toml").read_bytes())
    app = _window(copy)
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene) and not scene.overlay.available
        _key(pygame.K_m)
        app.step()
        assert scene.overlay.kind is None and not any("M:" in line for line, _ in scene.lines())
    finally:
        app.close()
