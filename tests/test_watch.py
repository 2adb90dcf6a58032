"""Live reload: the polling watcher (injectable clock), and `play --watch` keeping the last good level."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.levels.watch import FileWatcher, LevelWatcher
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.saving import draw_banner
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.message import MessageScene
from rules.actions import Action
from rules.core import Illegal

LEVEL = """\
format = 1
name = "{name}"
ruleset = "pf1"
[map]
tiles = '''
########
#......#
#......#
########
'''
[[sides]]
id = "red"
[[sides]]
id = "blue"
[[units]]
id = "hero"
side = "red"
at = [1, 1]
speed = 9
[[units]]
id = "ogre"
side = "blue"
at = [5, 2]
speed = 9
"""

BROKEN = LEVEL.replace("at = [5, 2]", "at = [50, 2]")
"""The ogre outside the map: a LevelError naming units[1].at."""


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def write(path: Path, text: str) -> None:
    """Write and move the mtime on, as an editor's save would (some file systems keep coarse times)."""
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))


def test_the_watcher_looks_only_every_interval_and_only_reports_changed_content(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    write(path, "one")
    clock = Clock()
    watcher = FileWatcher(path, interval=0.5, clock=clock)
    assert not watcher.poll()
    write(path, "two!")
    assert not watcher.poll()  # too early: no look at the file
    clock.now += 0.5
    assert watcher.poll()
    clock.now += 0.5
    assert not watcher.poll()  # nothing new
    write(path, "two!")  # saved again, same content: a new mtime but the same hash
    clock.now += 0.5
    assert not watcher.poll()
    path.unlink()
    clock.now += 0.5
    assert not watcher.poll()  # missing: wait for it to come back
    write(path, "three")
    clock.now += 0.5
    assert watcher.poll() and watcher.data == b"three"


def test_the_level_watcher_reports_a_new_level_or_the_error(tmp_path: Path) -> None:
    path = tmp_path / "lvl.toml"
    write(path, LEVEL.format(name="One"))
    watcher = LevelWatcher(path, clock=Clock())
    assert watcher.check() is None
    write(path, BROKEN.format(name="One"))
    broken = watcher.check()
    assert broken is not None and broken.level is None
    assert broken.error is not None and "units[1].at" in broken.error and str(path) in broken.error
    assert watcher.error == broken.error
    write(path, LEVEL.format(name="Two"))
    fixed = watcher.check()
    assert fixed is not None and fixed.level is not None and fixed.level.name == "Two"
    assert watcher.error is None


def open_watching(path: Path, clock: Clock) -> App:
    app = App(AppOptions(level=str(path), size=(1024, 700), watch=True))
    assert app.session.watcher is not None
    app.session.watcher = LevelWatcher(path, clock=clock)  # the same watcher, on a clock the test moves
    app.step()
    return app


def test_play_watch_reloads_keeps_the_last_good_level_on_a_broken_file_and_reloads_when_fixed(tmp_path: Path) -> None:
    path = tmp_path / "lvl.toml"
    write(path, LEVEL.format(name="First"))
    clock = Clock()
    app = open_watching(path, clock)
    try:
        first = app.session.match
        assert first is not None and isinstance(app.scene, BattleScene)
        assert not isinstance(first.perform(Action("move", "hero", ((2, 1),))), Illegal)
        # a change that loads: a fresh match on the new level
        write(path, LEVEL.format(name="Second"))
        clock.now += 0.6
        app.step()
        second = app.session.match
        assert second is not first and second is not None
        assert second.level.name == "Second" and second.history == []
        assert isinstance(app.scene, BattleScene) and app.scene.match is second
        # a broken save: the match stays, the error is on screen
        assert not isinstance(second.perform(Action("move", "hero", ((2, 1),))), Illegal)
        write(path, BROKEN.format(name="Second"))
        clock.now += 0.6
        app.step()
        assert app.session.match is second and len(second.history) == 1
        assert isinstance(app.scene, BattleScene) and app.scene.match is second
        assert (
            app.session.watcher is not None
            and app.session.watcher.error is not None
            and "units[1].at" in app.session.watcher.error
        )
        assert app.screen.get_at((4, 4))[:3] == (70, 18, 16)  # the banner across the top
        # still playable while the file is broken
        app.scene.perform(Action("end_turn"))
        app.step()
        assert len(second.history) == 2
        # fixed: reloaded, banner gone
        write(path, LEVEL.format(name="Third"))
        clock.now += 0.6
        app.step()
        assert (
            app.session.match is not second
            and app.session.match is not None
            and app.session.match.level.name == "Third"
        )
        assert app.session.watcher.error is None
        assert app.screen.get_at((4, 4))[:3] != (70, 18, 16)
    finally:
        app.close()


def test_a_level_broken_from_the_start_shows_its_error_and_opens_once_fixed(tmp_path: Path) -> None:
    path = tmp_path / "lvl.toml"
    write(path, BROKEN.format(name="Later"))
    clock = Clock()
    app = open_watching(path, clock)
    try:
        assert isinstance(app.scene, MessageScene) and "units[1].at" in app.scene.message
        write(path, LEVEL.format(name="Later"))
        clock.now += 0.6
        app.step()
        assert (
            isinstance(app.scene, BattleScene)
            and app.session.match is not None
            and app.session.match.level.name == "Later"
        )
    finally:
        app.close()


def test_the_banner_names_the_file_and_fits_the_window() -> None:
    pygame.init()
    try:
        screen = pygame.Surface((640, 400))
        rect = draw_banner(screen, "levels/x.toml", "levels/x.toml:31: units[1].at: outside the map " * 5)
        assert rect.width == 640 and 40 < rect.height <= 400 // 3
        assert screen.get_at((2, 2))[:3] == (70, 18, 16)
    finally:
        pygame.quit()
