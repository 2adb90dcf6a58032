"""The game's sounds: the mixer opened after the first frame, the synth's effects rendered off the frame loop,
volume and mute from the settings. Silent, never failing, when there is no audio device.

The mixer is opened only by `start()` (the window calls it once the first frame is on screen:
probing the audio system must not delay it) and never in a --frames run. Effects are rendered
in a background thread; one asked for before it is ready is skipped. Every pygame.mixer call
is guarded: a machine without sound plays nothing and says nothing.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable

import pygame

EVENT_SOUNDS = (
    "select",
    "step",
    "move_end",
    "hit",
    "miss",
    "down",
    "turn_start",
    "victory",
    "refused",
)
"""Every game event that makes a sound (each is a synth recipe of the same name)."""
PLAYED_KEPT = 1024
"""The newest sounds `played` and `sounded` keep (a window open for days, a kiosk, would keep every one)."""


class SoundBoard:
    """Plays the synthesised effects at the settings' volume; `enabled` False = never touch the mixer."""

    def __init__(self, volume: float = 0.7, enabled: bool = True) -> None:
        self.volume = volume
        self.enabled = enabled
        self.started = False
        self.ready = False
        """The mixer is open and the effects are rendered."""
        self.format: tuple[int, int] | None = None
        """(rate, channels) of the open mixer."""
        self._samples: dict[str, bytes] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._thread: threading.Thread | None = None
        self.played: list[str] = []
        """The sounds asked for, in order (whether or not a device played it), the newest PLAYED_KEPT at least:
        what tests listen to."""
        self.sounded: list[str] = []
        """The sounds handed to the mixer (not muted, rendered, a device open), as many."""

    def start(self, wait: bool = False) -> None:
        """Open the mixer and render the effects in the background (once; `wait` = render now, for tests)."""
        if self.started or not self.enabled:
            return
        self.started = True
        from game.ui import synth  # after the first frame, as the mixer (start-up time)

        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=synth.RATE, size=-16, channels=1, buffer=512)
            got = pygame.mixer.get_init()
        except (pygame.error, NotImplementedError):
            got = None  # no device, no driver, no mixer in this pygame: the game stays silent
        if not got:
            return
        rate, size, channels = got
        if size != -16:
            return  # only signed 16-bit samples are rendered; anything else stays silent
        self.format = (rate, channels)
        if wait:
            self._render(rate, channels)
        else:
            self._thread = threading.Thread(
                target=self._render, args=(rate, channels), daemon=True, name="gridbound-synth"
            )
            self._thread.start()

    def _render(self, rate: int, channels: int) -> None:
        """Render every effect for the mixer's rate and channels (the background thread's work)."""
        from game.ui import synth  # imported by start() already

        for name in EVENT_SOUNDS:
            self._samples[name] = synth.render(name, rate, channels).tobytes()
        self.ready = True

    def set_volume(self, volume: float) -> None:
        """0.0–1.0 (0 = muted): the settings' loudness."""
        self.volume = max(0.0, min(1.0, volume))

    def play(self, name: str) -> None:
        """Play effect `name` once (nothing when muted, not ready or without a device)."""
        _keep(self.played, name)
        if self.volume <= 0 or not self.ready:
            return
        try:
            sound = self._sounds.get(name)
            if sound is None:
                sound = self._sounds[name] = pygame.mixer.Sound(buffer=self._samples[name])
            sound.set_volume(self.volume)
            sound.play()
            _keep(self.sounded, name)
        except (pygame.error, KeyError):
            pass  # a lost device must not stop the game

    def play_all(self, names: Iterable[str]) -> None:
        """Play each of `names` once, in order, however often it is named (one frame's sounds)."""
        for name in dict.fromkeys(names):
            self.play(name)

    def close(self) -> None:
        """Let the render thread finish, silence and close the mixer, then free the sounds (before pygame.quit)."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        if self.started and pygame.mixer.get_init():
            # halt every channel, then close the device, which joins SDL's audio thread; only then are the sounds
            # freed: a busy visitor's last sounds may still be playing, and that thread must never read a chunk
            # being freed (a segfault once seen at close under load)
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
        self._sounds.clear()


def _keep(names: list[str], name: str) -> None:
    """Append `name`; past twice PLAYED_KEPT, drop all but the newest PLAYED_KEPT (rarely: cheap on average)."""
    names.append(name)
    if len(names) > 2 * PLAYED_KEPT:
        del names[:-PLAYED_KEPT]
