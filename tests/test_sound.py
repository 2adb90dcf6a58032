"""The synthesised sounds (game/ui/synth.py, game/ui/sound.py): lengths, envelopes and peaks of the samples,
every game event has its sound, mute and volume, and silence without a device."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from itertools import pairwise

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui import synth
from game.ui.sound import EVENT_SOUNDS, SoundBoard
from game.ui.synth import Envelope, Tone


def test_every_game_event_has_a_recipe() -> None:
    assert set(EVENT_SOUNDS) == set(synth.SOUNDS)
    assert set(EVENT_SOUNDS) == {
        "select",
        "step",
        "move_end",
        "hit",
        "miss",
        "down",
        "turn_start",
        "victory",
        "refused",
    }


@pytest.mark.parametrize("name", sorted(synth.SOUNDS))
def test_each_sound_is_short_and_peaks_at_the_headroom(name: str) -> None:
    samples = synth.render(name, 8000)
    assert abs(len(samples) - synth.length(name) * 8000) < 1
    assert 0.03 <= synth.length(name) <= 1.0  # effects, not music
    assert max(abs(v) for v in samples) == round(synth.PEAK * synth.FULL_SCALE)
    # starts and ends in silence (no click): the envelope opens and closes
    assert abs(samples[0]) < 0.05 * synth.FULL_SCALE
    assert max(abs(v) for v in samples[-3:]) < 0.1 * synth.FULL_SCALE


def test_stereo_is_the_same_samples_on_both_channels() -> None:
    mono = synth.render("select", 8000, 1)
    stereo = synth.render("select", 8000, 2)
    assert len(stereo) == 2 * len(mono)
    assert stereo[0::2] == mono and stereo[1::2] == mono


def test_the_same_sound_every_start() -> None:
    assert synth.render("hit", 8000) == synth.render("hit", 8000)


def test_a_tone_is_its_frequency() -> None:
    """A steady 1 kHz sine at 8 kHz crosses zero upwards about 1000 times a second."""
    flat = Envelope(attack=0.001, decay=0.001, sustain=1.0, release=0.001)
    wave = synth.render_tones((Tone(1000, 0.5, "sine", envelope=flat),), 8000)
    rising = sum(1 for a, b in pairwise(wave) if a < 0 <= b)
    assert abs(rising - 500) <= 2


def test_a_later_tone_starts_at_its_time() -> None:
    wave = synth.render_tones((Tone(440, 0.1, at=0.2),), 1000)
    assert len(wave) == 300
    assert all(v == 0 for v in wave[:200])
    assert any(v != 0 for v in wave[200:])


@given(
    attack=st.floats(0.001, 0.1),
    decay=st.floats(0.001, 0.1),
    sustain=st.floats(0.0, 1.0),
    release=st.floats(0.001, 0.2),
    length=st.floats(0.05, 1.0),
    t=st.floats(-0.5, 1.5),
)
def test_an_envelope_stays_between_0_and_1_and_is_silent_outside_its_tone(
    attack: float, decay: float, sustain: float, release: float, length: float, t: float
) -> None:
    env = Envelope(attack, decay, sustain, release)
    g = env.gain(t, length)
    assert 0.0 <= g <= 1.0
    if t < 0 or t >= length:
        assert g == 0.0


def test_the_envelope_rises_holds_and_falls() -> None:
    env = Envelope(attack=0.1, decay=0.1, sustain=0.5, release=0.2)
    assert env.gain(0.05, 1.0) == pytest.approx(0.5)  # half way up
    assert env.gain(0.1, 1.0) == pytest.approx(1.0)  # the top
    assert env.gain(0.15, 1.0) == pytest.approx(0.75)  # decaying
    assert env.gain(0.5, 1.0) == pytest.approx(0.5)  # sustained
    assert env.gain(0.9, 1.0) == pytest.approx(0.25)  # half way through the release


@pytest.fixture
def board() -> SoundBoard:
    pygame.display.init()
    sounds = SoundBoard(volume=0.7)
    sounds.start(wait=True)
    yield sounds
    sounds.close()
    pygame.quit()


def test_the_dummy_driver_plays_silently_without_failing(board: SoundBoard) -> None:
    for name in EVENT_SOUNDS:
        board.play(name)
    assert board.played == list(EVENT_SOUNDS)
    if board.format is not None:  # the dummy device opened: every effect was rendered for it
        assert board.ready


def test_muted_plays_nothing_on_the_device(board: SoundBoard) -> None:
    board.set_volume(0.0)
    board.play("hit")
    assert board.sounded == []
    board.set_volume(0.5)
    board.play("hit")
    assert board.sounded == (["hit"] if board.ready else [])
    assert board.ready  # the dummy driver opens a (silent) device: the sounds were really handed to it


def test_one_frame_plays_each_sound_once(board: SoundBoard) -> None:
    board.play_all(["step", "hit", "step", "hit", "down"])
    assert board.played == ["step", "hit", "down"]


def test_no_audio_device_is_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = SoundBoard()
    sounds.start(wait=True)
    sounds.play("victory")
    assert not sounds.ready and sounds.played == ["victory"]
    sounds.close()


def test_a_disabled_board_never_opens_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[int] = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(1))
    sounds = SoundBoard(enabled=False)
    sounds.start(wait=True)
    sounds.play("select")
    assert opened == [] and not sounds.started


def test_closing_halts_and_closes_the_device_before_any_sound_is_freed(
    board: SoundBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in EVENT_SOUNDS:
        board.play(name)  # still playing at the close, as a busy visitor's last sounds
    steps: list[tuple[str, int]] = []
    real_stop, real_quit = pygame.mixer.stop, pygame.mixer.quit
    monkeypatch.setattr(pygame.mixer, "stop", lambda: (steps.append(("stop", len(board._sounds))), real_stop())[1])
    monkeypatch.setattr(pygame.mixer, "quit", lambda: (steps.append(("quit", len(board._sounds))), real_quit())[1])
    board.close()
    # closing the device joins SDL's audio thread: only then may a chunk it reads be freed
    assert steps == [("stop", len(EVENT_SOUNDS)), ("quit", len(EVENT_SOUNDS))]
    assert board._sounds == {} and not pygame.mixer.get_init()


def test_the_sounds_remembered_stay_within_their_bound(board: SoundBoard) -> None:
    from game.ui import sound

    for i in range(5 * sound.PLAYED_KEPT):
        board.play(EVENT_SOUNDS[i % len(EVENT_SOUNDS)])
    assert sound.PLAYED_KEPT <= len(board.played) <= 2 * sound.PLAYED_KEPT
    assert board.played[-1] == EVENT_SOUNDS[(5 * sound.PLAYED_KEPT - 1) % len(EVENT_SOUNDS)]
    assert len(board.sounded) <= 2 * sound.PLAYED_KEPT
