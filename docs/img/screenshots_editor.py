"""Render docs/editor.md's pictures of the level editor, headless:

    SDL_VIDEODRIVER=dummy python docs/img/screenshots_editor.py [OUT_DIR]

editor-build-en.png (a new 14×10 pf1 level: two 3×3 patches of difficult ground, a wall along a grid line,
four units, a difficult square hovered with its cost card) and editor-compare-en.png (the same square under
all three rulesets, C). The level is built by the same synthetic events tests/test_ui_editor.py posts, in a
temporary folder; open every picture before committing it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.text import i18n
from game.ui.app import App
from game.ui.editor.scene import EditorScene
from game.ui.options import AppOptions

SIZE = (1280, 800)


def _post(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.step()


def _key(app: App, key: int) -> None:
    _post(app, pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _click(app: App, pos: tuple[int, int]) -> None:
    _post(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def _drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    _post(
        app,
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
    )


def _hover(app: App, pos: tuple[int, int]) -> None:
    _post(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def _scene(app: App) -> EditorScene:
    assert isinstance(app.scene, EditorScene)
    return app.scene


def _centre(app: App, sq: tuple[int, int]) -> tuple[int, int]:
    return _scene(app).view.square_center(sq)


def _right_edge(app: App, sq: tuple[int, int]) -> tuple[int, int]:
    rect = _scene(app).view.square_rect(sq)
    return (rect.right - 2, rect.centery)


def build_and_compare(out: Path, folder: Path) -> None:
    """editor-build-en.png and editor-compare-en.png."""
    i18n.set_language("en")
    options = AppOptions(level=str(folder / "ford.toml"), edit=True, new_ruleset="pf1", new_map=(14, 10), size=SIZE)
    app = App(options)
    app.step()
    _key(app, pygame.K_3)  # a 3×3 brush of difficult ground (the palette starts on ",")
    _click(app, _centre(app, (4, 3)))
    _click(app, _centre(app, (9, 6)))
    _key(app, pygame.K_w)
    _drag(app, _right_edge(app, (6, 1)), _right_edge(app, (6, 4)))
    _key(app, pygame.K_u)
    _click(app, _centre(app, (1, 1)))
    _click(app, _centre(app, (1, 8)))
    _key(app, pygame.K_e)  # the next side
    _click(app, _centre(app, (12, 1)))
    _click(app, _centre(app, (12, 8)))
    _hover(app, _centre(app, (4, 3)))
    pygame.image.save(app.screen, out / "editor-build-en.png")
    _key(app, pygame.K_c)
    _hover(app, _centre(app, (4, 3)))
    pygame.image.save(app.screen, out / "editor-compare-en.png")
    app.close()


def main() -> None:
    """The editor's pictures into OUT_DIR (default: docs/img next to this script)."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        build_and_compare(out, Path(folder))


if __name__ == "__main__":
    main()
