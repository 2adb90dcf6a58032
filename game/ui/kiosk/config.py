"""The kiosk configuration: a small TOML file (docs/kiosk.md), validated into a frozen KioskConfig.

No pygame here: the exit chord is kept as names ("ctrl", "alt", "q") and resolved by the session.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import read_regular, reason
from game.levels.level import Level, LevelError, load_level
from game.levels.level_errors import format_path
from game.limits import KIOSK, MAX_CONFIG_BYTES, check_tree
from game.paths import DATA_ROOT, user_log_dir
from game.text.i18n import LANGUAGES, t
from game.tomlio import parse_toml

ROOT = DATA_ROOT
"""Where shipped levels are: relative level paths in a config are also looked up here."""
DEFAULT_LEVELS = ("levels/pf1_bridge.toml", "levels/dnd5e_crypt.toml", "levels/hexxen_village.toml")
PLAYERS = ("solo", "hotseat")
CORNERS = ("top_left", "top_right", "bottom_right", "bottom_left")
MODIFIERS = ("ctrl", "alt", "shift", "meta")
RENDERERS = ("software", "auto")
"""software: SDL scales and presents on the processor (no OpenGL driver in the process); auto: SDL's choice."""


class ConfigError(ValueError):
    """A kiosk config that cannot be used: one message naming the file, the key and what was expected."""


@dataclass(frozen=True, slots=True)
class KioskConfig:
    """Everything the kiosk reads from its config file (defaults when there is none)."""

    levels: tuple[Path, ...] = tuple(ROOT / p for p in DEFAULT_LEVELS)
    idle: float = 90.0
    """Seconds without input before a visitor game returns to the attract loop."""
    players: str = "solo"
    """solo: the visitor plays the first side against the computer; hotseat: two visitors."""
    language: str | None = None
    """en | de | it | he; None follows the system locale (game.text.i18n.detect_language)."""
    exit_keys: tuple[str, ...] = ("ctrl", "alt", "q")
    """Modifier names and one key name (pygame.key.key_code spelling) held together to quit."""
    exit_corners: tuple[str, ...] = CORNERS
    exit_window: float = 3.0
    """Seconds within which the corner taps must all land."""
    size: tuple[int, int] = (1024, 640)
    """Logical window size, scaled to the display (a small logical size = big touch targets)."""
    fullscreen: bool = True
    renderer: str = "software"
    """How the logical screen reaches the display: RENDERERS (game/ui/kiosk/display.py `choose_renderer`)."""
    seed: int = 0
    volume: int = 70
    """Sound effects 0–100 (0: silent); the kiosk does not read the player's settings file."""
    result_seconds: float = 8.0
    """How long the result of a game stays on screen before the next one."""
    log_file: Path = field(default_factory=lambda: default_log_dir() / "kiosk.log")
    log_max_bytes: int = 1_000_000
    log_backups: int = 3
    source: str = "<defaults>"


def default_log_dir() -> Path:
    """The user's log folder (platformdirs; $GRIDBOUND_LOG_DIR overrides it)."""
    return user_log_dir()


KEYS = {
    "levels",
    "idle",
    "players",
    "language",
    "exit_chord",
    "exit_corners",
    "exit_window",
    "size",
    "fullscreen",
    "renderer",
    "seed",
    "volume",
    "result_seconds",
    "log_file",
    "log_max_bytes",
    "log_backups",
}


def load_config(path: str | Path | None) -> KioskConfig:
    """The config at `path` (None = the defaults); ConfigError with one clear message on any problem."""
    if path is None:
        return KioskConfig()
    source = str(path)
    try:
        raw = read_regular(path, MAX_CONFIG_BYTES)
    except OSError as exc:
        raise ConfigError(f"{source}: {t('kiosk_config.cannot_read', reason=reason(exc))}") from None
    try:
        doc = parse_toml(raw, source, KIOSK)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    return parse_config(doc, source, Path(path).resolve().parent)


def parse_config(doc: dict[str, Any], source: str = "<config>", base: Path = ROOT) -> KioskConfig:
    """Validate a decoded config table; relative paths are taken from `base` (the config's folder)."""

    def fail(key: str, message: str) -> ConfigError:
        return ConfigError(f"{source}: {key}: {message}")

    problem = check_tree(doc, KIOSK)  # finite numbers, bounded texts and lists (game/limits.py)
    if problem is not None:
        raise fail(format_path(problem.path), problem.message)
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise fail(unknown[0], t("kiosk_config.unknown_key", keys=", ".join(sorted(KEYS))))
    values: dict[str, Any] = {"source": source}
    if "levels" in doc:
        values["levels"] = _levels(doc["levels"], base, fail)
    for key, low in (("idle", 5.0), ("exit_window", 0.5), ("result_seconds", 1.0)):
        if key in doc:
            v = doc[key]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < low:
                raise fail(key, t("kiosk_config.seconds", minimum=f"{low:g}", value=repr(v)))
            values[key] = float(v)
    if "players" in doc:
        if doc["players"] not in PLAYERS:
            raise fail("players", t("kiosk_config.one_of", choices=", ".join(PLAYERS), value=repr(doc["players"])))
        values["players"] = doc["players"]
    if "language" in doc:
        lang = doc["language"]
        if lang not in LANGUAGES:
            raise fail("language", t("kiosk_config.one_of", choices=", ".join(LANGUAGES), value=repr(lang)))
        values["language"] = lang
    if "exit_chord" in doc:
        values["exit_keys"] = _chord(doc["exit_chord"], fail)
    if "exit_corners" in doc:
        values["exit_corners"] = _corners(doc["exit_corners"], fail)
    if "size" in doc:
        values["size"] = _size(doc["size"], fail)
    if "fullscreen" in doc:
        if not isinstance(doc["fullscreen"], bool):
            raise fail("fullscreen", t("kiosk_config.flag", value=repr(doc["fullscreen"])))
        values["fullscreen"] = doc["fullscreen"]
    if "renderer" in doc:
        if doc["renderer"] not in RENDERERS:
            raise fail("renderer", t("kiosk_config.one_of", choices=", ".join(RENDERERS), value=repr(doc["renderer"])))
        values["renderer"] = doc["renderer"]
    for key, low in (("seed", 0), ("log_max_bytes", 10_000), ("log_backups", 1)):
        if key in doc:
            v = doc[key]
            if isinstance(v, bool) or not isinstance(v, int) or v < low:
                raise fail(key, t("kiosk_config.whole_number", minimum=low, value=repr(v)))
            values[key] = v
    if "volume" in doc:
        v = doc["volume"]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100:
            raise fail("volume", t("settings.kiosk_volume", value=repr(v)))
        values["volume"] = v
    if "log_file" in doc:
        if not isinstance(doc["log_file"], str) or not doc["log_file"].strip():
            raise fail("log_file", t("kiosk_config.file_path", value=repr(doc["log_file"])))
        values["log_file"] = (base / Path(doc["log_file"]).expanduser()).resolve()
    elif source != "<defaults>":
        # a config file keeps its logs next to itself unless it says otherwise
        values["log_file"] = base / "logs" / "kiosk.log"
    return KioskConfig(**values)


def kiosk_level(path: Path) -> tuple[Level | None, str | None]:
    """The level at `path` if it can be a kiosk game, else None and why (missing, not a regular file, broken,
    one side)."""
    try:
        level = load_level(path)
    except LevelError as exc:
        return None, t("kiosk_config.level_error", error=exc)
    if len(level.sides) < 2:
        return None, t("kiosk_config.one_side", entry=repr(str(path)))
    return level, None


def _levels(value: Any, base: Path, fail: Any) -> tuple[Path, ...]:
    """The rotation's paths: the first of the config's folder and the game folder where the entry exists.

    Whether each level loads is the session's question (KioskApp.check_levels): a missing or broken level
    must not stop the kiosk (under systemd that was a restart loop with a black screen)."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise fail("levels", t("kiosk_config.levels", value=repr(value)))
    paths = []
    for entry in value:
        path = Path(entry)
        with contextlib.suppress(RuntimeError):  # "~someone/…" of no such user: a name that will not load
            path = path.expanduser()
        candidates = [path] if path.is_absolute() else [base / path, ROOT / path]
        # a missing level may appear later (a copy still under way): the rotation looks again at its turn
        found = next((p for p in candidates if _exists(p)), candidates[0])
        paths.append(found.resolve())
    return tuple(paths)


def _exists(path: Path) -> bool:
    """Whether something is at `path`; False for a name the system refuses (too long, a loop of links), which
    the rotation then leaves out like any level that does not load."""
    try:
        return path.exists()
    except OSError:
        return False


def _chord(value: Any, fail: Any) -> tuple[str, ...]:
    """'ctrl+alt+q' → ('ctrl', 'alt', 'q'): modifiers plus exactly one other key."""
    if not isinstance(value, str) or not value.strip():
        raise fail("exit_chord", t("kiosk_config.chord", value=repr(value)))
    parts = tuple(p.strip().lower() for p in value.split("+"))
    keys = [p for p in parts if p not in MODIFIERS]
    mods = [p for p in parts if p in MODIFIERS]
    if len(keys) != 1 or not keys[0] or len(mods) < 2:
        raise fail("exit_chord", t("kiosk_config.chord_parts", modifiers=", ".join(MODIFIERS), value=repr(value)))
    return (*mods, keys[0])


def _corners(value: Any, fail: Any) -> tuple[str, ...]:
    """A sequence of at least three corner names (fewer would be tapped by accident)."""
    if not isinstance(value, list) or len(value) < 3 or not all(v in CORNERS for v in value):
        raise fail("exit_corners", t("kiosk_config.corners", corners=", ".join(CORNERS), value=repr(value)))
    return tuple(value)


def _size(value: Any, fail: Any) -> tuple[int, int]:
    """'WxH' with sane bounds."""
    try:
        w, h = (int(p) for p in str(value).lower().split("x"))
    except ValueError:
        raise fail("size", t("kiosk_config.size", value=repr(value))) from None
    if not (640 <= w <= 7680 and 400 <= h <= 4320):
        raise fail("size", t("kiosk_config.size_range", value=repr(value)))
    return (w, h)
