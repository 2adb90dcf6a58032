"""The game's sound effects, synthesised at start-up: a few oscillators with pitch sweeps and ADSR envelopes
written as 16-bit samples into the standard library's `array`. No pygame, no numpy, no sound files.

Each effect is a short recipe of tones (`SOUNDS`); `render(name, rate, channels)` makes its
samples. The mixer (game/ui/sound.py) turns them into `pygame.mixer.Sound`s.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass

RATE = 22050
PEAK = 0.8
"""The loudest a rendered sound gets (of full scale), so effects never clip when they overlap a little."""
FULL_SCALE = 32767


@dataclass(frozen=True, slots=True)
class Envelope:
    """Attack, decay and release in seconds, sustain as a level 0–1 held between decay and release."""

    attack: float = 0.005
    decay: float = 0.05
    sustain: float = 0.6
    release: float = 0.08

    def gain(self, t: float, length: float) -> float:
        """The envelope's level at `t` seconds into a tone of `length` seconds (0 outside it)."""
        if t < 0 or t >= length:
            return 0.0
        release_at = max(0.0, length - self.release)
        if t < self.attack:
            level = t / self.attack
        elif t < self.attack + self.decay:
            level = 1.0 - (1.0 - self.sustain) * (t - self.attack) / self.decay
        else:
            level = self.sustain
        if t >= release_at and self.release > 0:
            level *= max(0.0, (length - t) / self.release)
        return level


@dataclass(frozen=True, slots=True)
class Tone:
    """One oscillator: `wave` (sine, square, triangle, noise) from `freq` to `to_freq` Hz over `seconds`."""

    freq: float
    seconds: float
    wave: str = "sine"
    to_freq: float | None = None
    """Sweep the pitch to this (None: a steady pitch)."""
    level: float = 1.0
    at: float = 0.0
    """Start, seconds after the sound starts."""
    envelope: Envelope = Envelope()


def _wave(kind: str, phase: float, noise: random.Random) -> float:
    """One sample of waveform `kind` at `phase` (in cycles)."""
    if kind == "sine":
        return math.sin(2 * math.pi * phase)
    if kind == "square":
        return 1.0 if phase % 1.0 < 0.5 else -1.0
    if kind == "triangle":
        p = phase % 1.0
        return 4 * p - 1 if p < 0.5 else 3 - 4 * p
    return noise.uniform(-1.0, 1.0)


SOUNDS: dict[str, tuple[Tone, ...]] = {
    "select": (Tone(880, 0.06, "triangle", level=0.6, envelope=Envelope(0.003, 0.02, 0.5, 0.03)),),
    "step": (Tone(180, 0.045, "noise", to_freq=120, level=0.35, envelope=Envelope(0.002, 0.02, 0.3, 0.02)),),
    "move_end": (
        Tone(330, 0.07, "triangle", level=0.55),
        Tone(440, 0.09, "triangle", level=0.55, at=0.06),
    ),
    "hit": (
        Tone(220, 0.16, "square", to_freq=90, level=0.5, envelope=Envelope(0.002, 0.05, 0.4, 0.08)),
        Tone(0, 0.08, "noise", level=0.5, envelope=Envelope(0.001, 0.03, 0.3, 0.04)),
    ),
    "miss": (Tone(900, 0.18, "sine", to_freq=400, level=0.45, envelope=Envelope(0.01, 0.05, 0.5, 0.1)),),
    "down": (
        Tone(300, 0.45, "triangle", to_freq=70, level=0.7, envelope=Envelope(0.005, 0.1, 0.6, 0.2)),
        Tone(0, 0.12, "noise", level=0.3, at=0.02),
    ),
    "turn_start": (
        Tone(523.25, 0.1, "sine", level=0.55),
        Tone(659.25, 0.1, "sine", level=0.55, at=0.09),
        Tone(783.99, 0.16, "sine", level=0.55, at=0.18),
    ),
    "victory": (
        Tone(523.25, 0.14, "square", level=0.35),
        Tone(659.25, 0.14, "square", level=0.35, at=0.13),
        Tone(783.99, 0.14, "square", level=0.35, at=0.26),
        Tone(1046.5, 0.45, "square", level=0.35, at=0.39, envelope=Envelope(0.005, 0.1, 0.7, 0.25)),
    ),
    "refused": (
        Tone(180, 0.09, "square", level=0.4, envelope=Envelope(0.003, 0.02, 0.7, 0.03)),
        Tone(150, 0.12, "square", level=0.4, at=0.1, envelope=Envelope(0.003, 0.02, 0.7, 0.05)),
    ),
}
"""Every effect the game plays, by name (the names the motion timeline and the battle screen cue)."""


def length(name: str) -> float:
    """How long sound `name` lasts, in seconds."""
    return max(tone.at + tone.seconds for tone in SOUNDS[name])


def render_tones(tones: tuple[Tone, ...], rate: int = RATE) -> list[float]:
    """The tones mixed into one list of floats (−1…1 before scaling), `rate` samples a second."""
    total = max(tone.at + tone.seconds for tone in tones)
    out = [0.0] * max(1, math.ceil(total * rate - 1e-6))  # 0.3 s is 0.30000000000000004 s
    noise = random.Random(7)  # the same noise every start: the same sound every time
    for tone in tones:
        first = round(tone.at * rate)
        count = round(tone.seconds * rate)
        phase = 0.0
        for i in range(count):
            t = i / rate
            freq = tone.freq if tone.to_freq is None else tone.freq + (tone.to_freq - tone.freq) * t / tone.seconds
            phase += freq / rate
            j = first + i
            if j < len(out):
                out[j] += tone.level * tone.envelope.gain(t, tone.seconds) * _wave(tone.wave, phase, noise)
    return out


def render(name: str, rate: int = RATE, channels: int = 1) -> array:
    """Sound `name` as signed 16-bit samples (interleaved when `channels` > 1), its loudest at PEAK of full scale."""
    mixed = render_tones(SOUNDS[name], rate)
    loudest = max(1e-9, max(abs(v) for v in mixed))
    scale = PEAK * FULL_SCALE / loudest
    samples = array("h", (round(v * scale) for v in mixed))
    if channels <= 1:
        return samples
    wide = array("h", bytes(2 * len(samples) * channels))
    for c in range(channels):
        wide[c::channels] = samples
    return wide
