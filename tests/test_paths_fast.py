"""game.paths answers the user folders on plain Linux without platformdirs: exactly what platformdirs answers."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from game import paths

ENV_KEYS = ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "ANDROID_DATA", "ANDROID_ROOT")
CASES = [
    {"HOME": "/home/ann"},
    {"HOME": "/home/ann/"},
    {"HOME": "/"},
    {"HOME": "/home/ann", "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c/", "XDG_CACHE_HOME": "/x/y"},
    {"HOME": "/home/ann", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "  ", "XDG_CACHE_HOME": "rel/ative"},
    {"HOME": "/home/ann", "XDG_CONFIG_HOME": "~/conf"},
    {"HOME": "relative", "XDG_CONFIG_HOME": "/c"},
    {"HOME": "relative"},
    {"HOME": ""},
    {},
    {"HOME": "/home/ann", "ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"},
    {"HOME": "/home/ann", "ANDROID_DATA": "/data"},
]
FOLDERS = (
    ("XDG_DATA_HOME", "~/.local/share", platformdirs.user_data_dir),
    ("XDG_CONFIG_HOME", "~/.config", platformdirs.user_config_dir),
    ("XDG_CACHE_HOME", "~/.cache", platformdirs.user_cache_dir),
)


@pytest.mark.skipif(sys.platform != "linux", reason="the plain rule answers on Linux only")
@pytest.mark.parametrize("env", CASES)
def test_the_plain_linux_rule_answers_as_platformdirs_or_not_at_all(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str]
) -> None:
    for key in ENV_KEYS:
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    for variable, default, ask in FOLDERS:
        plain = paths._plain_linux(variable, default)
        if plain is not None:
            assert plain == Path(ask(paths.APP_NAME, appauthor=False))
    if env.get("HOME", "").startswith("/") and "ANDROID_ROOT" not in env:
        assert all(paths._plain_linux(v, d) is not None for v, d, _ in FOLDERS)  # the usual case answers


def test_the_user_folders_are_platformdirs_folders(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("GRIDBOUND_DATA_DIR", "GRIDBOUND_CONFIG_DIR", "GRIDBOUND_CACHE_DIR"):
        monkeypatch.delenv(key, raising=False)
    assert paths.user_data_dir() == Path(platformdirs.user_data_dir(paths.APP_NAME, appauthor=False))
    assert paths.user_config_dir() == Path(platformdirs.user_config_dir(paths.APP_NAME, appauthor=False))
    assert paths.user_cache_dir() == Path(platformdirs.user_cache_dir(paths.APP_NAME, appauthor=False))
