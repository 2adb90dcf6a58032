"""Where Gridbound's files are: the shipped data (levels, catalogues) and the user's own files.

The one module that knows the layout. Shipped data is found through importlib.resources:
an installed wheel and a frozen (PyInstaller) build carry it inside the package as
`game/_data/levels` and `game/_data/assets`; a checkout and an editable install read the
repository's top-level `levels/` and `assets/` folders, which are the originals (setup.py
copies them into the wheel). Files the user makes (replays, saved situations, settings,
kiosk logs) go to the platform's user folders (platformdirs), never the working directory or
the install folder; each can be moved with an environment variable (docs/commands.md).
"""

from __future__ import annotations

import os
import posixpath
import sys
from importlib.resources import files
from pathlib import Path

APP_NAME = "gridbound"
PACKAGED_DATA = "_data"
"""The folder inside the `game` package that holds levels/ and assets/ in a wheel or a frozen build."""


def _package_root() -> Path:
    """The `game` package folder, as a real folder (a checkout, site-packages or the frozen build)."""
    root = files("game")
    return root if isinstance(root, Path) else Path(__file__).resolve().parent


PACKAGE_ROOT = _package_root()
"""The folder of the `game` package."""


def _data_root() -> Path:
    """The folder that holds levels/ and assets/: inside the package when installed, else the checkout."""
    packaged = PACKAGE_ROOT / PACKAGED_DATA
    if (packaged / "assets").is_dir():
        return packaged
    return PACKAGE_ROOT.parent


DATA_ROOT = _data_root()
"""Where `levels/` and `assets/` are (kiosk configs also resolve relative level paths from here)."""
LEVELS_DIR = DATA_ROOT / "levels"
"""The shipped levels (the level menu lists them)."""
ASSETS_DIR = DATA_ROOT / "assets"
"""Message catalogues (assets/i18n) and the rule catalogue (assets/catalog)."""
I18N_DIR = ASSETS_DIR / "i18n"
CATALOG_DIR = ASSETS_DIR / "catalog"
DEFAULT_LEVEL = LEVELS_DIR / "pf1_bridge.toml"
"""The level `play` opens when none is given."""

# --- the user's files ---------------------------------------------------------------------

DATA_ENV = "GRIDBOUND_DATA_DIR"
"""Overrides the user data folder (replays/ and situations are saved under it)."""
CONFIG_ENV = "GRIDBOUND_CONFIG_DIR"
"""Overrides the user settings folder."""
LOG_ENV = "GRIDBOUND_LOG_DIR"
"""Overrides the folder of the kiosk's log."""
CACHE_ENV = "GRIDBOUND_CACHE_DIR"
"""Overrides the user cache folder (what the game rebuilds by itself if lost: game/ui/raster_cache.py)."""


def _override(env: str) -> Path | None:
    value = os.environ.get(env, "").strip()
    return Path(value).expanduser() if value else None


def _plain_linux(variable: str, default: str) -> Path | None:
    """platformdirs' user folder ($`variable` if absolute, else `default` under an absolute $HOME) on plain Linux,
    without importing platformdirs (~12 M instructions, 3 % of a start); None where it must be asked.

    The rules are platformdirs 4's Unix ones (tests/test_paths_fast.py compares both in many environments):
    an Android app, a relative or missing $HOME, root's site folders and every other platform go to platformdirs.
    """
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    env = os.environ
    if env.get("ANDROID_DATA") == "/data" and env.get("ANDROID_ROOT") == "/system":
        return None  # perhaps an Android app: platformdirs decides
    value = env.get(variable, "")
    if posixpath.isabs(value):
        return Path(os.path.join(value, APP_NAME))
    home = env.get("HOME")
    if not home or not posixpath.isabs(home):
        return None
    return Path(os.path.join(os.path.expanduser(default), APP_NAME))


def _user_folder(env: str, variable: str | None, default: str, ask: str) -> Path:
    """The user folder: $`env` if set, else the plain Linux rule for $`variable` (when it has one), else
    platformdirs' `ask` (imported only then: it costs ~12 M instructions)."""
    override = _override(env)
    if override is not None:
        return override
    plain = _plain_linux(variable, default) if variable is not None else None
    if plain is not None:
        return plain
    import platformdirs

    return Path(getattr(platformdirs, ask)(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """The user's data folder for Gridbound (replays, saved situations); $GRIDBOUND_DATA_DIR overrides it."""
    return _user_folder(DATA_ENV, "XDG_DATA_HOME", "~/.local/share", "user_data_dir")


def user_config_dir() -> Path:
    """The user's settings folder for Gridbound; $GRIDBOUND_CONFIG_DIR overrides it."""
    return _user_folder(CONFIG_ENV, "XDG_CONFIG_HOME", "~/.config", "user_config_dir")


def user_log_dir() -> Path:
    """The user's log folder for Gridbound (the kiosk's log); $GRIDBOUND_LOG_DIR overrides it."""
    # no plain rule: platformdirs puts logs under the state folder with a `log` folder of its own
    return _user_folder(LOG_ENV, None, "", "user_log_dir")


def user_cache_dir() -> Path:
    """The user's cache folder for Gridbound (compiled code kept between starts); $GRIDBOUND_CACHE_DIR overrides it."""
    return _user_folder(CACHE_ENV, "XDG_CACHE_HOME", "~/.cache", "user_cache_dir")


def replays_dir() -> Path:
    """Where the window saves replays and situations by default: `replays/` in the user data folder."""
    return user_data_dir() / "replays"
