"""Esc on the battle screen (game/ui/scenes/battle.py `back`, game/ui/controller.py `back`): every press puts away
something the player sees, and the pause menu opens as soon as nothing is left to put away. The events are the ones
a real window sends for the same mouse and keys (window enter and focus, a motion before every click, a text input
after a letter key), as logged from an X window driven by xdotool."""

from __future__ import annotations

import pygame
import pytest

from game.paths import LEVELS_DIR
from game.ui.app import App
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.dialog import DialogScene
from rules.core import Effect
from tests.test_ui_autoplay import HandExecutor
from tests.ui_helpers import battle, deliberate, open_app

BRIDGE = LEVELS_DIR / "pf1_bridge.toml"


@pytest.fixture
def bridge_app():
    """A headless window on the Ravine Bridge at the size of the real one (1280×800)."""
    app = open_app(BRIDGE)
    yield app
    app.close()


def _window_opened(app: App) -> None:
    """What a real window gets once it is mapped under the pointer: enter, a motion where the pointer is, focus."""
    pygame.event.post(pygame.event.Event(pygame.WINDOWENTER))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    app.step()


def _real_click(app: App, pos: tuple[int, int], last: tuple[int, int], button: int = 1, up: bool = True) -> None:
    """`xdotool mousemove X Y click 1`: the motion there (from `last`), then the press and the release."""
    deliberate(app)
    rel = (pos[0] - last[0], pos[1] - last[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    if up:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def _real_key(app: App, key: int, text: str = "") -> None:
    """`xdotool key K`: the key down, its text (a letter), the key up."""
    deliberate(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
    app.step()


def _centre(app: App, sq: tuple[int, int]) -> tuple[int, int]:
    view = battle(app).view
    assert view is not None
    return view.square_rect(sq).center


def _picture(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def _escapes_until_paused(app: App, most: int = 6) -> int:
    """Press Esc until the pause menu opens; every press before it must change the picture. The presses it took."""
    for count in range(1, most + 1):
        before = _picture(app)
        _real_key(app, pygame.K_ESCAPE)
        if isinstance(app.scene, DialogScene):
            return count
        assert isinstance(app.scene, BattleScene)
        changed = _picture(app) != before
        assert changed, f"Esc {count} changed nothing on screen"
    raise AssertionError(f"no pause menu after {most} presses of Esc")


def test_after_a_move_undone_the_first_esc_deselects_and_the_second_pauses(bridge_app: App) -> None:
    """Valeros selected, moved, the move undone (U selects him again): Esc lets him go, visibly; the next Esc
    has nothing left to put away and opens the pause menu."""
    app = bridge_app
    _window_opened(app)
    valeros, there = _centre(app, (1, 5)), _centre(app, (6, 5))
    _real_click(app, valeros, (640, 400))
    ctl = battle(app).ctl
    assert ctl.selected == "valeros"
    _real_click(app, there, valeros)
    assert len(ctl.match.history) == 1 and ctl.situation().creatures["valeros"].at == (6, 5)
    _real_key(app, pygame.K_u, "u")
    assert not ctl.match.history and ctl.selected == "valeros"
    before = _picture(app)
    _real_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, BattleScene) and ctl.selected is None and _picture(app) != before
    _real_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, DialogScene)


def test_every_esc_shows_a_change_with_a_tape_an_armed_step_and_a_selection(bridge_app: App) -> None:
    """A measured tape, then an armed step, then the selection: three presses that each put one away, and the fourth
    pauses."""
    app = bridge_app
    _window_opened(app)
    valeros = _centre(app, (1, 5))
    _real_click(app, valeros, (640, 400))
    ctl = battle(app).ctl
    ctl.use_action("step")  # armed: the 1.5 m step waits for its square
    assert ctl.state.armed == "step"
    _real_click(app, _centre(app, (2, 5)), valeros, button=3, up=False)  # a right-drag: the tape
    deliberate(app)
    far = _centre(app, (5, 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(1, 0), buttons=(0, 0, 1)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=far, button=3))
    app.step()
    assert ctl.ruler is not None and ctl.ruler[0] != ctl.ruler[1]
    assert _escapes_until_paused(app) == 4  # the tape, the armed step, the selection; the fourth: the pause menu


def test_a_tape_of_no_length_is_not_an_esc_of_its_own(bridge_app: App) -> None:
    """A right button held still draws no tape: Esc goes straight on to what shows (the selection), and the next
    Esc pauses."""
    app = bridge_app
    _window_opened(app)
    valeros = _centre(app, (1, 5))
    _real_click(app, valeros, (640, 400))
    ctl = battle(app).ctl
    _real_click(app, _centre(app, (3, 3)), valeros, button=3, up=False)
    assert ctl.ruler is not None and ctl.ruler[0] == ctl.ruler[1] and ctl.selected == "valeros"
    assert _escapes_until_paused(app) == 2
    assert ctl.ruler is None


def test_a_hint_the_match_has_left_is_not_an_esc_of_its_own(bridge_app: App) -> None:
    """A hint shown, then a move and an Esc in the same frame (fast input): the hint was for the state before the
    move and is not drawn again, so that Esc lets Valeros go instead of hiding a hint nobody sees any more."""
    app = bridge_app
    _window_opened(app)
    scene = battle(app)
    valeros = _centre(app, (1, 5))
    _real_click(app, valeros, (640, 400))
    hands = scene.hint_executor = HandExecutor()  # the hint is worked out in a worker, run here by hand
    _real_key(app, pygame.K_h, "h")
    hands.run_next()
    app.step()  # the main thread shows it
    assert scene.hint is not None and scene.hint.version == scene.ctl.version
    deliberate(app)
    there = _centre(app, (3, 5))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=there, rel=(1, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=there, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=there, button=1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    assert len(scene.ctl.match.history) == 1 and scene.hint is None
    assert scene.ctl.selected is None and isinstance(app.scene, BattleScene)
    assert _escapes_until_paused(app) == 1


def test_an_inspected_enemy_that_has_fallen_is_not_an_esc_of_its_own(bridge_app: App) -> None:
    """An enemy's next turn inspected (a click on it with nothing selected), then it falls before the next frame: its
    shading is not drawn again, so the Esc of that frame opens the pause menu at once."""
    app = bridge_app
    _window_opened(app)
    scene = battle(app)
    _real_click(app, _centre(app, (14, 3)), (640, 400))  # the goblin skirmisher
    assert scene.danger.inspected == "goblin_archer" and scene.ctl.selected is None
    scene.ctl.match.apply([Effect("set", "goblin_archer", "defeated", True)])
    scene.ctl.changed()  # as an action that fells it tells the screen
    assert _escapes_until_paused(app) == 1
    assert scene.danger.inspected is None
