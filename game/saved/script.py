"""Action scripts (docs/scripts.md): TOML ⇄ a seed, a list of Action objects and what they were made with."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.files import read_regular, reason
from game.levels.level_errors import format_path
from game.limits import SCRIPT, check_tree
from game.text.i18n import t
from game.tomlio import dumps, header_line, key_line, parse_toml, write_atomic
from rules.actions import ACTION_KINDS, MODES, TACTICS, Action

_HEX = re.compile(r"[0-9a-fA-F]{0,128}")
"""A level fingerprint: sha256 hex (64 digits); shorter or longer hex is compared, and simply differs."""
_VERSION = re.compile(r"[0-9A-Za-z.+-]{1,40}")
"""A version or a revision date: letters, digits, dots, plus and minus signs."""
_KEYS = {"unit", "action", "path", "mode", "target", "tactic", "release", "at", "to", "through"}


class ScriptError(ValueError):
    """A script that cannot be read: one message naming file, line, key and what was expected."""


SCRIPT_FORMAT = 2
"""The script format this version writes and the newest it reads. 1: no versions written, `level`
relative to the script, `level_fingerprint` the sha256 of the level file's bytes. 2: `gridbound`,
`rules_revision` and `dice_stream` written; `level` an installed level's name, an absolute path or
`./NAME` beside the script; `level_fingerprint` the level's play fingerprint (game/levels/level_fingerprint.py)."""
_TOP_KEYS = ("format", "gridbound", "rules_revision", "dice_stream", "seed", "level", "level_fingerprint", "do")


@dataclass(frozen=True, slots=True)
class Script:
    """A seed, the actions in order, and (for replays) which level they were recorded on and with what."""

    seed: int
    actions: tuple[Action, ...]
    level: str | None = None
    level_fingerprint: str | None = None
    format: int = 1
    """The script format (SCRIPT_FORMAT); a file that names none is format 1."""
    gridbound: str | None = None
    """The Gridbound version that wrote it (None: format 1, written by 0.1.0 or earlier)."""
    rules_revision: str | None = None
    """The rules revision it was played under (rules/revision.py; None: the oldest listed)."""
    dice_stream: int | None = None
    """The dice stream it rolled (rules/revision.py DICE_STREAM; None: stream 1)."""


def load_script(path: str | Path) -> Script:
    """Read and validate a script file; ScriptError on any problem."""
    source = str(path)
    try:
        data = read_regular(path)
    except OSError as exc:
        raise ScriptError(f"{source}: {t('script_error.cannot_read', reason=reason(exc))}") from None
    return parse_script(data, source)


def parse_script(data: bytes | str, source: str = "<script>") -> Script:
    """Validate script TOML; ScriptError naming `do[i].key` and the line on any problem."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        doc = parse_toml(raw, source, SCRIPT)
    except ValueError as exc:
        raise ScriptError(str(exc)) from None
    text = raw.decode("utf-8")

    def fail(index: int | None, key: str | None, message: str) -> ScriptError:
        line = None
        if index is not None:
            start = header_line(text, "do", index)
            line = key_line(text, start, key) if key else start
        where = f"{source}:{line}" if line else source
        path = f"do[{index}]" + (f".{key}" if key else "") if index is not None else (key or "")
        return ScriptError(f"{where}: {path}: {message}")

    problem = check_tree(doc, SCRIPT)  # generic bounds (game/limits.py) before any key is read
    if problem is not None:
        index = problem.path[1] if len(problem.path) > 1 and problem.path[0] == "do" else None
        line = header_line(text, "do", index) if isinstance(index, int) else None
        where = f"{source}:{line}" if line else source
        raise ScriptError(f"{where}: {format_path(problem.path)}: {problem.message}")
    unknown = set(doc) - {*_TOP_KEYS, "ruleset"}  # `ruleset`: accepted and ignored, as always
    if unknown:
        raise fail(None, sorted(unknown)[0], t("saved_files.unknown_top_key", keys=", ".join(_TOP_KEYS)))
    versions = _versions(doc, fail)
    seed = doc.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise fail(None, "seed", t("script_error.seed", value=repr(seed)))
    entries = doc.get("do", [])
    if not isinstance(entries, list):
        raise fail(None, "do", t("script_error.do_tables"))
    actions = []
    for i, entry in enumerate(entries):
        actions.append(_action(entry, i, fail))
    level = doc.get("level")
    if level is not None and not isinstance(level, str):
        raise fail(None, "level", t("limits.level_path", value=repr(level)[:80]))
    fingerprint = doc.get("level_fingerprint")
    if fingerprint is not None and not (isinstance(fingerprint, str) and _HEX.fullmatch(fingerprint)):
        raise fail(None, "level_fingerprint", t("limits.fingerprint", value=repr(fingerprint)[:80]))
    return Script(seed, tuple(actions), level, fingerprint, *versions)


def _versions(doc: dict[str, Any], fail: Any) -> tuple[int, str | None, str | None, int | None]:
    """`format`, `gridbound`, `rules_revision`, `dice_stream` as written (checked against this version elsewhere)."""
    numbers: dict[str, int | None] = {}
    for key in ("format", "dice_stream"):
        value = doc.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
            raise fail(None, key, t("saved_files.whole_number", value=repr(value)[:80]))
        numbers[key] = value
    texts: dict[str, str | None] = {}
    for key in ("gridbound", "rules_revision"):
        value = doc.get(key)
        if value is not None and not (isinstance(value, str) and _VERSION.fullmatch(value)):
            raise fail(None, key, t("saved_files.version_text", value=repr(value)[:80]))
        texts[key] = value
    return numbers["format"] or 1, texts["gridbound"], texts["rules_revision"], numbers["dice_stream"]


def _square(value: Any) -> tuple[int, int] | None:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    return None


def _path_entry(value: Any) -> tuple[int, ...] | None:
    """A path entry: `[x, y]`, or `[x, y, w, h]` naming the footprint exactly (docs/scripts.md); None if neither."""
    if not isinstance(value, list) or len(value) not in (2, 4):
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    if len(value) == 4 and (value[2] < 1 or value[3] < 1):
        return None
    return tuple(value)


def _action(entry: Any, i: int, fail: Any) -> Action:
    """One [[do]] table → Action."""
    if not isinstance(entry, dict):
        raise fail(i, None, t("script_error.expected_table"))
    for key in entry:
        if key not in _KEYS:
            raise fail(i, key, t("script_error.unknown_key", keys=", ".join(sorted(_KEYS))))
    kind = entry.get("action")
    if kind not in ACTION_KINDS:
        raise fail(i, "action", t("script_error.one_of", choices=", ".join(ACTION_KINDS), value=repr(kind)))
    unit = entry.get("unit")
    if kind != "end_turn" and not isinstance(unit, str):
        raise fail(i, "unit", t("script_error.unit"))
    path_value = entry.get("path", [])
    if not isinstance(path_value, list):
        raise fail(i, "path", t("script_error.path_list"))
    path = []
    for j, value in enumerate(path_value):
        sq = _path_entry(value)
        if sq is None:
            raise fail(i, "path", t("path_entries.script_entry", index=j, value=repr(value)))
        path.append(sq)
    if kind in {"move", "double_move", "run", "step", "minimum_move", "overrun", "tumble"} and not path:
        raise fail(i, "path", t("script_error.needs_path", kind=kind))
    mode = entry.get("mode")
    if mode is not None and mode not in MODES:
        raise fail(i, "mode", t("script_error.one_of", choices=", ".join(MODES), value=repr(mode)))
    tactic = entry.get("tactic", "front")
    if tactic not in TACTICS:
        raise fail(i, "tactic", t("script_error.one_of", choices=", ".join(TACTICS), value=repr(tactic)))
    for key in ("target", "release", "through"):
        if key in entry and not isinstance(entry[key], str):
            raise fail(i, key, t("script_error.unit_id"))
    if kind in {"attack", "charge", "sneak_attack"} and "target" not in entry:
        raise fail(i, "target", t("script_error.needs_target", kind=kind))
    at = None
    if "at" in entry:
        at = _square(entry["at"])
        if at is None:
            raise fail(i, "at", t("script_error.square"))
    if kind == "interact" and at is None:
        raise fail(i, "at", t("script_error.interact_at"))
    to = None
    if "to" in entry:  # a door on an edge: `at` is one side, `to` the other (rules/doors.py)
        to = _square(entry["to"])
        if to is None:
            raise fail(i, "to", t("script_error.square"))
    return Action(
        kind=kind,
        unit=unit if isinstance(unit, str) else None,
        path=tuple(path),
        mode=mode,
        target=entry.get("target"),
        tactic=tactic,
        release=entry.get("release"),
        at=at,
        to=to,
        through=entry.get("through"),
    )


def script_toml(script: Script) -> str:
    """TOML text of a script (replays and saved situations)."""
    return dumps({**script_header(script), "do": [a.to_dict() for a in script.actions]})


def script_header(script: Script) -> dict[str, Any]:
    """A script's top-level keys but its actions, in the order they are written."""
    doc: dict[str, Any] = {}
    if script.format >= 2:
        doc["format"] = script.format
        for key in ("gridbound", "rules_revision", "dice_stream"):
            if getattr(script, key) is not None:
                doc[key] = getattr(script, key)
    doc["seed"] = script.seed
    if script.level:
        doc["level"] = script.level
    if script.level_fingerprint:
        doc["level_fingerprint"] = script.level_fingerprint
    return doc


def save_script(script: Script, path: str | Path) -> None:
    """Write a script atomically."""
    write_atomic(path, script_toml(script))
