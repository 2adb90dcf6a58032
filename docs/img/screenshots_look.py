"""Render the README's pictures of the look (themes, UI scale, credits), headless:

    SDL_VIDEODRIVER=dummy python docs/img/screenshots_look.py [OUT_DIR]

theme-high-contrast-en.png (a battle in the high-contrast theme, a path and its hover card),
ui-1280x800-en.png (the standard theme at 1280×800 after a move: the log, the hover card and a toast),
ui-scale-150-en.png (the same window at UI scale 150 %), credits-en.png and credits-he.png.
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


def _app(settings: Settings, lang: str = "en") -> App:
    app = App(AppOptions(level=str(LEVELS_DIR / "pf1_bridge.toml"), size=SIZE, seed=SEED, lang=lang, settings=settings))
    app.step()
    return app


def _click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()
    app.step()


def _point(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    app.step()


def busy_battle(app: App, moved: bool) -> None:
    """Kyra selected (after a move of Valeros when `moved`), a long path pointed at: bands, path, card."""
    scene = app.scene
    assert isinstance(scene, BattleScene) and scene.view is not None
    sit = scene.situation()
    if moved:
        _click(app, scene.view.square_center(sit.creatures["valeros"].at))
        _click(app, scene.view.square_center((6, 4)))
        _click(app, scene.view.square_center((6, 4)))
        scene.say("Valeros moved: click a unit, or E to end the turn", "info")
    sit = scene.situation()
    _click(app, scene.view.square_center(sit.creatures["kyra"].at))
    forecast = scene.ctl.forecast
    assert forecast is not None
    # the dearest square she can reach in a move and a half: a path with several rules on its card
    far = max(
        (sq for sq, e in forecast.reach.items() if e.band == "double_move"), key=lambda sq: forecast.reach[sq].cost
    )
    _point(app, scene.view.square_center(far))


def main() -> None:
    """Every picture into OUT_DIR (default: docs/img next to this script)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    shots = (
        ("theme-high-contrast-en.png", Settings(theme="high-contrast", animation="instant"), False),
        ("ui-1280x800-en.png", Settings(animation="instant"), True),
        ("ui-scale-150-en.png", Settings(ui_scale=1.5, animation="instant"), True),
    )
    for name, settings, moved in shots:
        app = _app(settings)
        busy_battle(app, moved)
        pygame.image.save(app.screen, str(out / name))
        app.close()
        print(out / name)
    for lang in ("en", "he"):
        app = _app(Settings(animation="instant"), lang)
        app.show_menu(None)
        app.step()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c"))
        app.step()
        app.step()
        pygame.image.save(app.screen, str(out / f"credits-{lang}.png"))
        app.close()
        print(out / f"credits-{lang}.png")


if __name__ == "__main__":
    main()
