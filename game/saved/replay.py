"""Replays: a match as an action script, a script stepped back and forth, and "the situation now" saved.

A replay is an action script (docs/scripts.md) with `level`, `level_fingerprint` and what it
was made with (game/saved/script_versions.py). Only the actions the rules allowed are written: a
refused action changed nothing. The viewer keeps the match's state after every step it has
shown (`Match.checkpoint`) and steps back, or forward again, by restoring one; it performs an
action only to step past the newest, so every position is exactly what `run` gives.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.battle.match import BadAction, LogEntry, Match, Moment, Past
from game.files import read_regular
from game.levels.level import Level, LevelError, level_to_toml, load_level, parse_level
from game.levels.level_fingerprint import play_fingerprint
from game.limits import MAX_IMAGE_BYTES, MAX_NAME
from game.paths import replays_dir
from game.saved.script import Script, ScriptError, load_script, save_script, script_toml
from game.saved.script_versions import (
    BESIDE,
    check_versions,
    expected_fingerprint,
    level_reference,
    script_dice,
    script_level,
    stamped,
)
from game.text.i18n import refusal, t
from game.tomlio import write_atomic, write_atomic_bytes
from rules.actions import Action
from rules.core import Illegal, Ruling


class ReplayMismatch(ScriptError):
    """A replay recorded on another version of the level (bad input: exit 2)."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Where a replay cannot go on: the 0-based action index and why."""

    index: int
    rule: str | None
    """The rule id that refused it; None when the action names a unit the level does not have."""
    message: str
    refusal: Illegal | None = None
    """The refusal itself, so the line says why in the player's language."""
    names: Mapping[str, Any] | None = None

    def text(self) -> str:
        """One line for the window and the terminal."""
        if self.refusal is not None:
            why = refusal(self.refusal, names=self.names)
            return t("replay.step_refused", step=self.index + 1, index=self.index, message=why)
        rule = f" [{self.rule}]" if self.rule else ""
        return t("replay.step_refused", step=self.index + 1, index=self.index, message=self.message) + rule


# --- a match as a script ----------------------------------------------------------------


def to_script(match: Match, level_path: str | None = None) -> Script:
    """The match's legal actions as a replay script made by this version (refused actions changed nothing).

    The level is named by `level_path`, else by its installed name or absolute path."""
    actions = tuple(r.action for r in match.history if isinstance(r.result, Ruling))
    level = level_path or level_reference(match.level.source)
    return stamped(Script(match.seed, actions, level, play_fingerprint(match.level)), match.dice_stream)


def check_fingerprint(level: Level, script: Script, script_source: str) -> None:
    """ReplayMismatch when the script names a fingerprint other than the level's (none named: accepted)."""
    if not script.level_fingerprint:
        return
    actual = expected_fingerprint(level, script)
    if script.level_fingerprint == actual:
        return
    recorded = f" ({script.level})" if script.level else ""
    message = t(
        "script_error.fingerprint",
        recorded=recorded,
        expected=script.level_fingerprint[:12],
        level=level.source,
        actual=actual[:12],
    )
    raise ReplayMismatch(f"{script_source}: level_fingerprint: {message}")


def check_script(level: Level, script: Script, script_source: str, force: bool = False) -> None:
    """Refuse a script that would not replay as it was played: another level version (unless `force`),
    or another format, rules revision or dice stream (game/saved/script_versions.py)."""
    check_versions(level, script, script_source, replay_older=not force)
    if not force:
        check_fingerprint(level, script, script_source)


def level_for(script: Script, script_path: str | Path, level_path: str | Path | None) -> Path:
    """The level to replay on: the one given, else the one the script names (game/saved/script_versions.py)."""
    if level_path is not None:
        return Path(level_path)
    return script_level(script, script_path)


# --- stepping through a replay ----------------------------------------------------------


class Replay:
    """A script on a level, positioned after `index` actions; steps by restoring the states it kept."""

    def __init__(self, level: Level, script: Script) -> None:
        self.level = level
        self.script = script
        self.index = 0
        self.stop: Stop | None = None
        """The first action the rules refuse now (the replay ends before it)."""
        self.match = Match(level, seed=script.seed, dice_stream=script_dice(script))
        self._kept: list[Moment] = [self.match.checkpoint()]
        """The match's whole state after 0, 1, … actions, as far as the replay has gone."""
        self._past: Past | None = None
        """The match's history, log and moments at the newest kept step, while it shows an earlier one."""

    @property
    def length(self) -> int:
        """How many actions can be shown (up to the first refused one)."""
        return self.stop.index if self.stop is not None else len(self.script.actions)

    def turn_start(self, turn: int) -> int:
        """The step at which the game's `turn`-th turn (1-based, every side's or unit's turn counted) starts: just
        after the (turn − 1)-th end of turn; the last step when the game ended before it."""
        ended = 0
        for index, action in enumerate(self.script.actions[: self.length]):
            if ended >= turn - 1:
                return index
            ended += action.kind == "end_turn"
        return self.length

    def close(self) -> None:
        """Delete the match world (the replay stays where it is; a later step makes the world again)."""
        self.match.close()

    def forward(self) -> bool:
        """One action forward; False at the end or when the rules refuse it (see `stop`)."""
        if self.index >= self.length:
            return False
        if self.index + 1 < len(self._kept):
            self._show(self.index + 1)
            return True
        self._show(self.index)  # the newest kept step: from here on the actions are performed
        action = self.script.actions[self.index]
        try:
            result = self.match.perform(action)
        except BadAction as exc:  # a unit this level does not have: no rule decided it
            self.stop = Stop(self.index, None, str(exc))
            return False
        if isinstance(result, Illegal):
            # a refusal changed nothing; take it out of the history so the log shows the last real step
            self.stop = Stop(self.index, result.rule, result.message, result, self.match.level.display_names)
            self.match.restore(self._kept[self.index])
            return False
        self.index += 1
        self._kept.append(self.match.checkpoint())
        return True

    def back(self) -> bool:
        """One action back (the state kept after index-1 actions); False at the start."""
        if self.index == 0:
            return False
        self.seek(self.index - 1)
        return True

    def seek(self, index: int) -> None:
        """Position after `index` actions (clamped): a kept state, or the newest one and the actions after it."""
        target = max(0, min(index, self.length))
        self._show(min(target, len(self._kept) - 1))
        while self.index < target and self.forward():
            pass

    def _show(self, index: int) -> None:
        """Put the match in the state kept after `index` actions."""
        if index == self.index:
            return
        if self._past is None:
            self._past = self.match.past()  # the lists themselves: restoring from them leaves them whole
        self.match.restore(self._kept[index], self._past)
        self.index = index
        if index == len(self._kept) - 1:
            self._past = None  # the match holds everything again

    def end(self) -> None:
        """Position after the last action that can be replayed."""
        self.seek(self.length)

    def current_action(self) -> Action | None:
        """The action that led to the position shown (None at the start)."""
        return self.script.actions[self.index - 1] if self.index else None

    def step_log(self) -> list[LogEntry]:
        """The log lines of the last action performed (its ruling and events)."""
        return list(self.match.log[self._kept[self.index - 1].lines :]) if self.index else []


def open_replay(level_path: str | Path | None, script_path: str | Path, force: bool = False) -> Replay:
    """Load and check a replay; LevelError / ScriptError (ReplayMismatch) as bad input."""
    script = load_script(script_path)
    level = load_level(level_for(script, script_path, level_path))
    check_script(level, script, str(script_path), force)
    return Replay(level, script)


# --- saving from the window --------------------------------------------------------------


def _writable_dir() -> Path:
    """replays/ in the user's data folder, made if missing (never the working or install folder)."""
    folder = replays_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _stamp(now: float | None) -> str:
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))


def _unique(folder: Path, stem: str, suffix: str = "") -> Path:
    """`folder/stem+suffix`, or with -2, -3 … when it exists (two saves in one second)."""
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def save_replay(match: Match, folder: Path | None = None, now: float | None = None) -> Path:
    """Write the match's replay as replays/<level>-<time>.toml (atomically); returns the path."""
    folder = folder or _writable_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = _unique(folder, f"{Path(match.level.source).stem}-{_stamp(now)}", ".toml")
    save_script(to_script(match), path)
    return path


@dataclass(frozen=True, slots=True)
class SavedSituation:
    """What save_situation wrote; `problem` says why the board could not be written as a level."""

    folder: Path
    level: Path
    replay: Path
    situation: Path | None
    problem: str | None = None


def situation_level(match: Match) -> Level:
    """The level as it stands now: units where they are, with their hp and states; doors as they are.

    Defeated units are left out (a level cannot start a unit at 0 hp). The side to act is put
    first so the saved level starts with its turn. LevelError when the result is not a valid
    level (e.g. hexxen units in contact, which a level may not start with).
    """
    level = match.level
    sit = match.situation()
    units = tuple(
        dataclasses.replace(sit.creatures[u.id], mode="walk", space=None, squeezed=False)
        for u in level.units
        if u.id in sit.creatures and not sit.creatures[u.id].defeated
    )
    tiles = [list(row) for row in level.tiles]
    for y in range(sit.board.height):
        for x in range(sit.board.width):
            now = sit.board.terrain((x, y))
            if now == level.board.terrain((x, y)):
                continue
            symbol = next((s for s, terrain in level.legend.items() if terrain == now), None)
            if symbol is None:
                raise LevelError(level.source, t("level_error.no_symbol", square=[x, y]))
            tiles[y][x] = symbol
    active = match.active_side
    sides = tuple(sorted(level.sides, key=lambda s: s.id != active))
    rounds = level.victory_rounds
    if rounds is not None:
        rounds = max(1, rounds - match.round + 1)
    name = f"{level.name[: MAX_NAME - 20]} (round {match.round})"  # stays within the name limit
    draft = dataclasses.replace(
        level, name=name, units=units, sides=sides, tiles=tuple("".join(r) for r in tiles), victory_rounds=rounds
    )
    text = level_to_toml(draft)
    return parse_level(text, level.source)  # refuse anything the loader would refuse


def save_situation(match: Match, folder: Path | None = None, now: float | None = None) -> SavedSituation:
    """Write level.toml (the level played), replay.toml (the game so far) and situation.toml (the board now).

    All atomically into a new folder under replays/; the replay runs on level.toml and reaches
    the board situation.toml starts from.
    """
    parent = folder or _writable_dir()
    target = _unique(parent, f"{Path(match.level.source).stem}-situation-{_stamp(now)}")
    target.mkdir(parents=True)
    level_path = target / "level.toml"
    original = _original_bytes(match.level)
    # the file's own bytes when unchanged since it was loaded, else the level as it was played
    write_atomic(level_path, original.decode("utf-8") if original is not None else level_to_toml(match.level))
    _copy_picture(match.level, target)
    script = to_script(match, BESIDE + level_path.name)  # the folder travels with its level
    replay_path = target / "replay.toml"
    write_atomic(replay_path, script_toml(script))
    situation_path: Path | None = target / "situation.toml"
    problem = None
    try:
        write_atomic(situation_path, level_to_toml(situation_level(match)))
    except LevelError as exc:
        situation_path, problem = None, f"the board now is not a valid level: {exc}"
    return SavedSituation(target, level_path, replay_path, situation_path, problem)


def _copy_picture(level: Level, target: Path) -> None:
    """The level's picture beside the saved level.toml, under the name the level gives it (best effort)."""
    image = level.image
    if image is None or Path(image.path).is_absolute() or ".." in Path(image.path).parts:
        return  # an absolute path still finds it; a path out of the folder is not written outside it
    try:
        data = read_regular(image.file, MAX_IMAGE_BYTES)
        (target / image.path).parent.mkdir(parents=True, exist_ok=True)
        write_atomic_bytes(target / image.path, data)
    except OSError:
        pass  # loading the saved level then names the missing picture


def _original_bytes(level: Level) -> bytes | None:
    """The level file's bytes when they are still the ones that were loaded."""
    try:
        data = read_regular(level.source)
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == level.fingerprint else None
