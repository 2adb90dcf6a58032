"""The player's settings (animation speed, sound, UI scale, theme, language), kept as TOML in the user's
config folder.

No pygame here. A missing file is the defaults; a file that cannot be read or parsed gives one
warning and the defaults; an unknown key or a bad value gives a warning naming it and the rest
is kept. Nothing here ever raises on a user's file: a broken settings file must not stop the game.
The running window keeps the settings in use in the game's context (game/context.py), read through `current()`
(the theme and the UI scale read them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from game import context
from game.files import read_regular, reason
from game.paths import user_config_dir
from game.text.i18n import LANGUAGES, t
from game.tomlio import dumps, parse_toml, write_atomic

FILE_NAME = "settings.toml"
MAX_SETTINGS_BYTES = 64_000
"""A settings file is a few lines; anything bigger is not one."""
ANIMATION_SPEEDS = ("normal", "fast", "instant")
THEMES = ("standard", "high-contrast")
UI_SCALES = (1.0, 1.25, 1.5, 2.0)
"""The steps the settings screen offers; a file may hold any value between MIN_UI_SCALE and MAX_UI_SCALE."""
MIN_UI_SCALE = 0.75
MAX_UI_SCALE = 2.5
VOLUME_RANGE = (0, 100)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player chose; the defaults are the game as it starts the first time."""

    animation: str = "normal"
    """normal | fast | instant: how fast moves, attacks and the computer's turn are shown."""
    volume: int = 70
    """0–100."""
    mute: bool = False
    ui_scale: float = 1.0
    """Fonts and panel size × this (MIN_UI_SCALE–MAX_UI_SCALE)."""
    theme: str = "standard"
    """standard | high-contrast."""
    language: str | None = None
    """en | de | it | he; None follows the system locale. The command line's --lang wins over it."""

    def changed(self, **changes: Any) -> Settings:
        """A copy with `changes` (the settings screen's one step)."""
        return replace(self, **changes)

    @property
    def loudness(self) -> float:
        """The volume as the mixer wants it: 0.0–1.0, 0 when muted."""
        return 0.0 if self.mute else self.volume / 100


DEFAULTS = Settings()


@dataclass(frozen=True, slots=True)
class Loaded:
    """Settings read from a file, with the warnings the reading gave (one line each)."""

    settings: Settings
    warnings: tuple[str, ...] = ()


def settings_path() -> Path:
    """Where the settings are kept: settings.toml in the user's config folder ($GRIDBOUND_CONFIG_DIR overrides it)."""
    return user_config_dir() / FILE_NAME


def _check(key: str, value: Any) -> Any:
    """The value of `key` as Settings holds it; ValueError with the catalogue's reason when it is not one."""
    if key == "animation":
        if value not in ANIMATION_SPEEDS:
            raise ValueError(t("settings.expected_one_of", choices=", ".join(ANIMATION_SPEEDS)))
        return value
    if key == "theme":
        if value not in THEMES:
            raise ValueError(t("settings.expected_one_of", choices=", ".join(THEMES)))
        return value
    if key == "language":
        if value not in LANGUAGES:
            raise ValueError(t("settings.expected_one_of", choices=", ".join(LANGUAGES)))
        return value
    if key == "mute":
        if not isinstance(value, bool):
            raise ValueError(t("settings.expected_bool"))
        return value
    if key == "volume":
        low, high = VOLUME_RANGE
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(t("settings.expected_range", low=low, high=high))
        return value
    if key == "ui_scale":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        if not ok or not MIN_UI_SCALE <= value <= MAX_UI_SCALE:
            raise ValueError(t("settings.expected_range", low=MIN_UI_SCALE, high=MAX_UI_SCALE))
        return float(value)
    raise KeyError(key)


KEYS = tuple(Settings.__dataclass_fields__)


def parse_settings(doc: Mapping[str, Any], source: str = FILE_NAME) -> Loaded:
    """Settings from a decoded TOML table: unknown keys and bad values are warned about and left at the default."""
    values: dict[str, Any] = {}
    warnings: list[str] = []
    unknown = sorted(k for k in doc if k not in KEYS)
    if unknown:
        warnings.append(t("settings.unknown_keys", source=source, keys=", ".join(unknown), known=", ".join(KEYS)))
    for key in KEYS:
        if key not in doc:
            continue
        try:
            values[key] = _check(key, doc[key])
        except ValueError as exc:
            warnings.append(t("settings.bad_value", source=source, key=key, value=repr(doc[key]), reason=exc))
    return Loaded(Settings(**values), tuple(warnings))


def read_settings(path: str | Path | None = None) -> Loaded:
    """The settings in `path` (default: `settings_path()`); a missing file is the defaults without a warning."""
    target = Path(path) if path is not None else settings_path()
    try:
        raw = read_regular(target, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Loaded(DEFAULTS)
    except OSError as exc:
        return Loaded(DEFAULTS, (t("settings.unreadable", source=target, reason=reason(exc)),))
    try:
        doc = parse_toml(raw, str(target), cached=True)  # every start reads it: kept parsed
    except ValueError as exc:
        return Loaded(DEFAULTS, (t("settings.bad_file", error=exc),))
    return parse_settings(doc, str(target))


def settings_text(settings: Settings) -> str:
    """The TOML text of `settings` (a language of None is left out: it follows the system)."""
    data = {k: v for k, v in asdict(settings).items() if v is not None}
    return dumps(data)


def save_settings(settings: Settings, path: str | Path | None = None) -> str | None:
    """Write `settings` atomically (making the folder); None when saved, else the warning to show."""
    target = Path(path) if path is not None else settings_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, settings_text(settings))
    except OSError as exc:
        return t("settings.cannot_save", path=target, reason=reason(exc))
    return None


def load_settings(path: str | Path | None = None, warn: Callable[[str], None] | None = None) -> Settings:
    """The settings in `path` (default: the user's file); each warning goes to `warn` (default: stderr)."""
    loaded = read_settings(path)
    if loaded.warnings:
        say = warn if warn is not None else _stderr
        for line in loaded.warnings:
            say(line)
    return loaded.settings


def _stderr(line: str) -> None:
    import sys

    print(line, file=sys.stderr, flush=True)


# --- the settings the running game uses -----------------------------------------------------


_CONTEXT = context.current()
"""The game's context (game/context.py), kept: the theme asks for the settings at every label it draws."""


def current() -> Settings:
    """The settings in use (the window sets them on start and on every change; kept in game/context.py)."""
    chosen = _CONTEXT.settings
    return DEFAULTS if chosen is None else chosen


def use(settings: Settings) -> None:
    """Make `settings` the ones in use (the window calls this; nothing is saved)."""
    context.set_settings(settings)


def cycle(values: tuple[Any, ...], value: Any, step: int = 1) -> Any:
    """The value after `value` in `values` (wrapping round; the first when `value` is not one of them)."""
    if value not in values:
        return values[0]
    return values[(values.index(value) + step) % len(values)]
