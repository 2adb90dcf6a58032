"""The player's settings file (game/settings.py): defaults, a round trip, bad files never crash, unknown keys."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import settings as gs
from game.settings import DEFAULTS, Settings, load_settings, read_settings, save_settings, settings_path


def test_settings_live_in_the_user_config_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIDBOUND_CONFIG_DIR", str(tmp_path / "cfg"))
    assert settings_path() == tmp_path / "cfg" / "settings.toml"


def test_no_file_is_the_defaults_without_a_warning() -> None:
    loaded = read_settings()
    assert loaded.settings == DEFAULTS
    assert loaded.warnings == ()
    assert DEFAULTS.animation == "normal" and DEFAULTS.theme == "standard" and not DEFAULTS.mute


def test_saved_settings_read_back_the_same(tmp_path: Path) -> None:
    chosen = Settings(animation="fast", volume=35, mute=True, ui_scale=1.5, theme="high-contrast", language="he")
    assert save_settings(chosen) is None
    assert settings_path().is_file()
    assert read_settings() == gs.Loaded(chosen, ())
    # the folder is made when missing, and nothing but the file is left behind (atomic write)
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.toml"]


@given(
    animation=st.sampled_from(gs.ANIMATION_SPEEDS),
    volume=st.integers(0, 100),
    mute=st.booleans(),
    scale=st.floats(gs.MIN_UI_SCALE, gs.MAX_UI_SCALE, allow_nan=False),
    theme=st.sampled_from(gs.THEMES),
    language=st.none() | st.sampled_from(("en", "de", "it", "he")),
)
def test_every_valid_settings_round_trips_through_its_text(
    animation: str, volume: int, mute: bool, scale: float, theme: str, language: str | None
) -> None:
    chosen = Settings(animation, volume, mute, scale, theme, language)
    from game.tomlio import parse_toml

    doc = parse_toml(gs.settings_text(chosen).encode(), "x")
    assert gs.parse_settings(doc) == gs.Loaded(chosen, ())


def test_a_file_that_is_not_toml_gives_one_warning_and_the_defaults() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('animation = "fast"\nvolume = = 3\n', encoding="utf-8")
    warnings: list[str] = []
    assert load_settings(warn=warnings.append) == DEFAULTS
    assert len(warnings) == 1
    assert "settings.toml:2" in warnings[0] and "default" in warnings[0]


def test_a_file_that_is_not_utf8_gives_one_warning_and_the_defaults() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_bytes(b'theme = "\xff"\n')
    loaded = read_settings()
    assert loaded.settings == DEFAULTS
    assert len(loaded.warnings) == 1


def test_a_folder_in_place_of_the_file_gives_one_warning_and_the_defaults() -> None:
    settings_path().mkdir(parents=True)
    loaded = read_settings()
    assert loaded.settings == DEFAULTS
    assert len(loaded.warnings) == 1 and "settings.toml" in loaded.warnings[0]


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="needs file permissions that bind")
def test_an_unreadable_file_gives_one_warning_and_the_defaults() -> None:
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text('theme = "high-contrast"\n', encoding="utf-8")
    settings_path().chmod(0)
    try:
        loaded = read_settings()
    finally:
        settings_path().chmod(0o600)
    assert loaded.settings == DEFAULTS
    assert len(loaded.warnings) == 1


def test_unknown_keys_are_ignored_with_one_warning_and_the_rest_is_kept() -> None:
    loaded = gs.parse_settings({"animation": "instant", "colour": "red", "speeed": 3}, "s.toml")
    assert loaded.settings == DEFAULTS.changed(animation="instant")
    assert len(loaded.warnings) == 1
    assert "colour, speeed" in loaded.warnings[0]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("animation", "slow"),
        ("theme", "dark"),
        ("language", "fr"),
        ("mute", "yes"),
        ("volume", 101),
        ("volume", -1),
        ("volume", 50.5),
        ("volume", True),
        ("ui_scale", 9),
        ("ui_scale", float("nan")),
        ("ui_scale", "big"),
    ],
)
def test_a_bad_value_is_named_and_left_at_its_default(key: str, value: object) -> None:
    loaded = gs.parse_settings({key: value, "animation": "fast"} if key != "animation" else {key: value}, "s.toml")
    assert getattr(loaded.settings, key) == getattr(DEFAULTS, key)
    assert len(loaded.warnings) == 1
    assert f"s.toml: {key} = " in loaded.warnings[0]
    if key != "animation":
        assert loaded.settings.animation == "fast"  # the good keys are kept


def test_saving_where_a_file_cannot_be_written_says_so_instead_of_raising(tmp_path: Path) -> None:
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("x", encoding="utf-8")
    message = save_settings(DEFAULTS, blocker / "settings.toml")
    assert message is not None and "not_a_folder" in message


def test_loudness_is_zero_when_muted_else_the_volume() -> None:
    assert Settings(volume=40).loudness == pytest.approx(0.4)
    assert Settings(volume=40, mute=True).loudness == 0.0


def test_cycle_steps_through_the_choices_and_wraps() -> None:
    assert gs.cycle(gs.ANIMATION_SPEEDS, "normal") == "fast"
    assert gs.cycle(gs.ANIMATION_SPEEDS, "instant") == "normal"
    assert gs.cycle(gs.ANIMATION_SPEEDS, "normal", -1) == "instant"
    assert gs.cycle(gs.UI_SCALES, 1.1) == gs.UI_SCALES[0]
