"""Render the README's pictures of the danger view (W), headless:

    SDL_VIDEODRIVER=dummy python docs/img/screenshots_danger.py [OUT_DIR]

danger-en.png (the bridge level, Valeros selected, W on, a square two enemies could attack pointed at: the shading,
the card, the enemies ringed), danger-high-contrast-en.png (the same in the high-contrast theme at UI scale 125 %),
danger-enemy-en.png (no unit selected, the ogre clicked: its next turn shaded).
The window is driven by the same synthetic events the UI tests post; open every picture before committing it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.paths import LEVELS_DIR
from game.settings import Settings
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.battle import BattleScene

SIZE = (1280, 800)
SEED = 7
POINTED = (6, 5)
"""Two squares on from Valeros along the bridge's approach: within reach of the ogre and of the goblin cutter."""


def _app(settings: Settings) -> tuple[App, BattleScene]:
    app = App(AppOptions(level=str(LEVELS_DIR / "pf1_bridge.toml"), size=SIZE, seed=SEED, lang="en", settings=settings))
    app.step()
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.view is not None
    return app, scene


def _post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.step()
    app.step()


def _click(app: App, pos: tuple[int, int]) -> None:
    _post(
        app, *(pygame.event.Event(kind, pos=pos, button=1) for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
    )


def _tap_w(app: App) -> None:
    keys = (pygame.KEYDOWN, pygame.KEYUP)
    _post(app, *(pygame.event.Event(kind, key=pygame.K_w, mod=0, unicode="w", scancode=0) for kind in keys))


def danger(settings: Settings, out: Path) -> None:
    """Valeros selected, W tapped, a square pointed at."""
    app, scene = _app(settings)
    assert scene.view is not None
    _click(app, scene.view.square_center(scene.situation().creatures["valeros"].at))
    _tap_w(app)
    pointed = scene.view.square_center(POINTED)
    _post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pointed, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.image.save(app.screen, out)
    app.close()


def enemy(out: Path) -> None:
    """No unit selected, the ogre clicked: where it could move and what it could attack on its next turn."""
    app, scene = _app(Settings())
    assert scene.view is not None
    scene.select(None)
    _click(app, scene.view.square_center(scene.situation().creatures["ogre"].at))
    pygame.image.save(app.screen, out)
    app.close()


def main() -> None:
    """The three pictures into OUT_DIR (default: docs/img next to this script)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    danger(Settings(), out / "danger-en.png")
    danger(Settings(theme="high-contrast", ui_scale=1.25), out / "danger-high-contrast-en.png")
    enemy(out / "danger-enemy-en.png")


if __name__ == "__main__":
    main()
