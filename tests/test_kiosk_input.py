"""Kiosk: any input resets the idle timer (touch, mouse, keys, gamepad buttons and axes); its settings file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import paths
from game.commands.cli import main
from game.ui.kiosk.gamepad import AXIS_DEADZONE, Gamepads, is_gamepad_input
from game.ui.kiosk.session import KioskApp
from game.ui.kiosk.soak import tap
from game.ui.scenes.battle import BattleScene
from tests.ui_helpers import headless_kiosk

DT = 1 / 60


@pytest.fixture
def kiosk(tmp_path: Path) -> Iterator[KioskApp]:
    with headless_kiosk(tmp_path, idle=20.0) as app:
        yield app


def visitor(app: KioskApp) -> None:
    app.step(DT)
    tap(app)
    assert isinstance(app.scene, BattleScene) and app.mode == "visitor"


INPUTS = [
    pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=1),
    pygame.event.Event(pygame.JOYBUTTONUP, joy=0, instance_id=0, button=1),
    pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(1, 0)),
    pygame.event.Event(pygame.JOYAXISMOTION, joy=0, instance_id=0, axis=0, value=-0.9),
    pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=0),
    pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=1, value=30000),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0),
    pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 0), buttons=(0, 0, 0), touch=False),
    pygame.event.Event(pygame.FINGERMOTION, touch_id=1, finger_id=1, x=0.5, y=0.5, dx=0.01, dy=0.0, pressure=1.0),
]


@pytest.mark.parametrize("event", INPUTS, ids=[pygame.event.event_name(e.type) for e in INPUTS])
def test_every_kind_of_input_resets_the_idle_timer(kiosk: KioskApp, event: pygame.event.Event) -> None:
    visitor(kiosk)
    kiosk.idle_for = 15.0
    kiosk.dispatch(event)
    assert kiosk.idle_for == 0.0


@pytest.mark.parametrize(
    "event",
    [
        pygame.event.Event(pygame.JOYAXISMOTION, joy=0, instance_id=0, axis=0, value=AXIS_DEADZONE / 3),
        pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=0, value=-2000),
    ],
)
def test_a_resting_or_drifting_stick_is_not_a_visitor(kiosk: KioskApp, event: pygame.event.Event) -> None:
    visitor(kiosk)
    kiosk.idle_for = 15.0
    kiosk.dispatch(event)
    assert kiosk.idle_for == 15.0
    assert not is_gamepad_input(event)


def test_a_visitor_on_a_gamepad_keeps_the_game_until_the_pad_rests(kiosk: KioskApp) -> None:
    visitor(kiosk)
    for _ in range(3):  # a button every 15 s: never idle for 20 s
        for _ in range(15 * 60):
            kiosk.step(DT)
        kiosk.dispatch(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0))
    assert kiosk.mode == "visitor"
    for _ in range(21 * 60):
        kiosk.step(DT)
    assert kiosk.mode == "attract"


def test_gamepads_are_opened_when_plugged_and_forgotten_when_pulled() -> None:
    pygame.init()
    pads = Gamepads()
    pads.track(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=99))  # no such pad: ignored, no crash
    assert pads.open == {}
    pads.open[7] = object()  # type: ignore[assignment]
    pads.track(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=7))
    assert pads.open == {}


def test_kiosk_reads_kiosk_toml_from_the_user_settings_folder(capsys: pytest.CaptureFixture[str]) -> None:
    settings = paths.user_config_dir()  # a temporary folder (conftest)
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "kiosk.toml").write_text("idle = 1\n", encoding="utf-8")
    assert main(["kiosk", "--frames", "2"]) == 2
    err = capsys.readouterr().err
    assert str(settings / "kiosk.toml") in err and "idle" in err


def test_the_kiosks_lang_option_wins_over_its_config_and_its_refusals_speak_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # `kiosk --lang he` opened in English (the config's language, else the system's, replaced the option's)
    from game.text import i18n

    settings = paths.user_config_dir()
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "kiosk.toml").write_text('language = "de"\n', encoding="utf-8")
    assert main(["kiosk", "--frames", "2", "--lang", "he"]) == 0
    assert i18n.current_language() == "he"
    assert main(["kiosk", "--frames", "0", "--lang", "it"]) == 2
    assert capsys.readouterr().err.strip() == "errore: --frames deve essere almeno 1"
