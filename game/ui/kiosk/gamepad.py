"""Gamepads at the kiosk: every pad is opened so SDL reports it, and its input counts as a visitor.

SDL sends joystick and game-controller events only for devices the program has opened, so
the kiosk opens each pad as it is plugged in. Sticks drift and rest slightly off centre: an
axis counts as input only past AXIS_DEADZONE, or a resting pad would keep the kiosk awake.
"""

from __future__ import annotations

import pygame

AXIS_DEADZONE = 0.5
"""Fraction of full deflection an axis must pass to count as a visitor moving it."""
CONTROLLER_AXIS_MAX = 32767
"""Game-controller axes report -32768…32767 (joystick axes report -1.0…1.0)."""
PRESSES = frozenset(
    {
        pygame.JOYBUTTONDOWN,
        pygame.JOYBUTTONUP,
        pygame.JOYHATMOTION,
        pygame.JOYBALLMOTION,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.CONTROLLERBUTTONUP,
        pygame.CONTROLLERTOUCHPADDOWN,
        pygame.CONTROLLERTOUCHPADMOTION,
        pygame.CONTROLLERTOUCHPADUP,
    }
)
"""Gamepad events that are always a person: buttons, the d-pad hat, trackballs, pad touchpads."""


def is_gamepad_input(event: pygame.event.Event) -> bool:
    """Whether a gamepad event is a visitor's input (a button, the hat, or an axis pushed past the deadzone)."""
    if event.type in PRESSES:
        return True
    if event.type == pygame.JOYAXISMOTION:
        return abs(float(getattr(event, "value", 0.0))) >= AXIS_DEADZONE
    if event.type == pygame.CONTROLLERAXISMOTION:
        return abs(int(getattr(event, "value", 0))) >= AXIS_DEADZONE * CONTROLLER_AXIS_MAX
    return False


class Gamepads:
    """The pads plugged in, kept open (a closed pad sends no events)."""

    def __init__(self) -> None:
        self.open: dict[int, pygame.joystick.JoystickType] = {}
        """instance id → the opened joystick."""

    def track(self, event: pygame.event.Event) -> None:
        """Open a pad on JOYDEVICEADDED, forget it on JOYDEVICEREMOVED; other events are ignored."""
        if event.type == pygame.JOYDEVICEADDED:
            try:
                pad = pygame.joystick.Joystick(event.device_index)
            except pygame.error:
                return  # unplugged again before it could be opened
            self.open[pad.get_instance_id()] = pad
        elif event.type == pygame.JOYDEVICEREMOVED:
            self.open.pop(getattr(event, "instance_id", -1), None)
