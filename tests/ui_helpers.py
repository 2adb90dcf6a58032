"""Driving the game window headless in tests: a small level, opening a window, synthetic clicks and keys."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterator
from contextlib import contextmanager

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.kiosk.config import KioskConfig
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.options import AppOptions, parse_size
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.handover import HandOverScene

FIELD = """\
format = 1
name = "UI test field"
ruleset = "{ruleset}"
[map]
tiles = '''
##########
#........#
#..,,....#
#........#
#...%....#
##########
'''
[[sides]]
id = "red"
name = "Red"
color = "#b03a2e"
[[sides]]
id = "blue"
name = "Blue"
color = "#2e6eb0"
[[units]]
id = "hero"
name = "Hero"
side = "red"
at = [1, 2]
speed = 9
[[units]]
id = "ogre"
name = "Ogre"
side = "blue"
at = [6, 2]
speed = 9
"""


def write_level(tmp_path: Path, ruleset: str = "pf1") -> Path:
    """A small two-unit level in the docs/levels.md format."""
    path = tmp_path / f"field_{ruleset}.toml"
    path.write_text(FIELD.format(ruleset=ruleset), encoding="utf-8")
    return path


class StepClock:
    """The app's clock in tests: it stands still until a test (or a helper's deliberate click) steps it."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds

    def step(self, seconds: float) -> None:
        """Let `seconds` pass."""
        self.seconds += seconds


DELIBERATE_PAUSE = 1.0
"""How long a helper's click waits after the last input: a player's next deliberate press, not a double-click."""


def deliberate(app: object) -> None:
    """Let the pause of a deliberate press pass on the app's clock (a kiosk's too); a stepping clock goes in first."""
    inner = app if isinstance(app, App) else getattr(app, "app", None)
    if isinstance(inner, App):
        if not isinstance(inner.ticks, StepClock):
            inner.ticks = StepClock()
        inner.ticks.step(DELIBERATE_PAUSE)


def clock_of(app: App) -> StepClock:
    """The stepping clock `open_app` gave the app."""
    assert isinstance(app.ticks, StepClock)
    return app.ticks


def open_app(level: Path | str | None, size: str = "1280x800") -> App:
    """A headless window on `level` after one drawn frame; its clock steps only when told (`clock_of`)."""
    app = App(AppOptions(level=str(level) if level else None, size=parse_size(size)))
    app.ticks = StepClock()
    app.step()
    return app


def battle(app: App) -> BattleScene:
    assert isinstance(app.scene, BattleScene)
    return app.scene


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Post a deliberate click (a second after the last input) and run one frame."""
    deliberate(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def key(app: App, k: int, mod: int = 0) -> None:
    """Post a deliberate key press (a second after the last input) and run one frame."""
    deliberate(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def end_turn(app: App) -> None:
    """E, then "End the turn" when the game asks because units have done nothing yet."""
    key(app, pygame.K_e)
    if isinstance(app.scene, DialogScene):
        click(app, app.scene.buttons[0].rect.center)


def start_turn(app: App) -> None:
    """The hand-over's start button (the only thing that continues it)."""
    assert isinstance(app.scene, HandOverScene) and app.scene.button is not None
    click(app, app.scene.button.rect.center)


def click_unit(app: App, unit: str) -> None:
    scene = battle(app)
    assert scene.view is not None
    click(app, scene.view.square_center(scene.ctl.situation().creatures[unit].at))


def sample(app: App, sq: tuple[int, int]) -> tuple[int, int, int]:
    """The screen colour near a square's top-left corner (clear of any round token)."""
    view = battle(app).view
    assert view is not None
    rect = view.square_rect(sq)
    return tuple(app.screen.get_at((rect.x + max(2, rect.width // 8), rect.y + max(2, rect.height // 8))))[:3]


@contextmanager
def headless_kiosk(tmp_path: Path, draw_every: int = 30, **changes: object) -> Iterator[KioskApp]:
    """A kiosk in a window of its own size on the simulated clock, computer moves stepped in the frame, its log in
    `tmp_path`, its config otherwise the default but for `changes`; closed afterwards (unless the test quit pygame)."""
    config = dataclasses.replace(KioskConfig(fullscreen=False), log_file=tmp_path / "kiosk.log", **changes)
    app = KioskApp(config, clock=SimClock(), threaded_ai=False, draw_every=draw_every)
    try:
        yield app
    finally:
        if pygame.get_init():
            app.close()
