"""What a saved script was made with, and whether this version plays it the same way.

A replay written now names the script format, the Gridbound version, the rules revision and the
dice stream (game/saved/script.py `Script`), and its level by an installed level's name, an absolute
path, or `./NAME` beside the script (a saved situation's folder). A script of a newer format,
rules revision or dice stream is refused; one of an older rules revision is replayed once first,
and refused when a ruling of it cites a rule that changed since (rules/revision.py). Both
refusals are one message naming the version and revision the file needs (docs/replays.md).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path, PurePosixPath

from game import __version__
from game.levels.level import Level
from game.levels.level_fingerprint import play_fingerprint
from game.paths import LEVELS_DIR
from game.saved.script import SCRIPT_FORMAT, Script, ScriptError
from game.saved.shipped_levels_0_1_0 import SHIPPED_0_1_0
from game.text.i18n import t
from rules.core import Illegal
from rules.revision import DICE_STREAM, OLDEST_REVISION, RULES_REVISION, changed_since, known_revision

FORMAT1_VERSION = "0.1.0"
"""The last version that wrote format 1 scripts (they name no version)."""
BESIDE = "./"
"""How a format 2 script names a level in its own folder (a saved situation's level.toml)."""


class ScriptVersionError(ScriptError):
    """A script this version cannot play as it was played (bad input: exit 2)."""


def stamped(script: Script, dice_stream: int = DICE_STREAM) -> Script:
    """The script marked as made by this version (format, version, rules revision, the dice stream it rolled)."""
    return dataclasses.replace(
        script, format=SCRIPT_FORMAT, gridbound=__version__, rules_revision=RULES_REVISION, dice_stream=dice_stream
    )


def script_dice(script: Script) -> int:
    """The dice stream a script's game rolls: the one it names; a script that names none rolled stream 1."""
    return script.dice_stream or 1


def level_reference(source: str | Path) -> str:
    """How a script written now names a level file: its installed name, else its absolute path."""
    path = Path(source).resolve()
    try:
        return path.relative_to(LEVELS_DIR.resolve()).as_posix()
    except ValueError:
        return path.as_posix() if path.drive == "" else str(path)


def script_level(script: Script, script_path: str | Path) -> Path:
    """The level file a script names: format 1 relative to the script, later formats as `level_reference`."""
    if not script.level:
        raise ScriptError(f"{script_path}: level: {t('script_error.no_level')}")
    named = Path(script.level)
    if named.is_absolute():
        return named
    if script.format < 2:
        return Path(script_path).parent / named
    parts = PurePosixPath(script.level).parts
    if ".." in parts:  # a name in the installed levels, or beside the script: never out of either folder
        raise ScriptError(f"{script_path}: level: {t('saved_files.level_name', value=script.level[:80])}")
    if script.level.startswith(BESIDE):
        return Path(script_path).parent / script.level[len(BESIDE) :]
    return LEVELS_DIR / script.level


def expected_fingerprint(level: Level, script: Script) -> str:
    """The level's fingerprint as the script's format computes it (format 1: the file's sha256).

    A format-1 script made on a level shipped with 0.1.0 names that file's sha256; a shipped level edited
    since (names, grammar) still matches it when its play fingerprint is the one 0.1.0's file had.
    """
    if script.format >= 2:
        return play_fingerprint(level)
    then = SHIPPED_0_1_0.get(script.level_fingerprint or "")
    if then is not None and level.fingerprint != script.level_fingerprint and play_fingerprint(level) == then:
        return script.level_fingerprint or ""
    return level.fingerprint


def check_versions(level: Level, script: Script, source: str, replay_older: bool = True) -> None:
    """ScriptVersionError when this version would not play the script as it was played.

    A newer format, rules revision or dice stream is refused at once. An older rules revision is
    replayed on `level` (unless `replay_older` is False, as with --force) and refused when a
    ruling cites, or a refusal is decided by, a rule changed since.
    """
    if not (script.rules_revision or script.gridbound or script.level_fingerprint):
        # a script written by hand (docs/scripts.md) records nothing of its making: it asks today's rules;
        # only a saved game (a replay names its level's fingerprint) is held to the rules it was played by
        return
    revision = script.rules_revision or OLDEST_REVISION
    dice = script.dice_stream or 1
    made_by = script.gridbound or FORMAT1_VERSION
    if script.format > SCRIPT_FORMAT or dice > DICE_STREAM or not known_revision(revision):
        message = t(
            "saved_files.newer",
            version=made_by,
            revision=revision,
            ours=__version__,
            our_revision=RULES_REVISION,
            format=script.format,
            our_format=SCRIPT_FORMAT,
        )
        raise ScriptVersionError(f"{source}: {message}")
    changed = changed_since(revision)
    # an older dice stream is no reason to refuse: the replay rolls that stream (script_dice)
    cited = sorted(_cited(level, script, changed)) if changed and replay_older else []
    if cited:
        message = t(
            "saved_files.older",
            version=made_by,
            revision=revision,
            ours=__version__,
            our_revision=RULES_REVISION,
            rules=", ".join(cited),
        )
        raise ScriptVersionError(f"{source}: {message}")


def _cited(level: Level, script: Script, changed: frozenset[str]) -> set[str]:
    """The changed rule ids the script's game cites when played now (up to its first refusal)."""
    from game.battle.match import BadAction, Match  # a match only for an older revision's check

    cited: set[str] = set()
    match = Match(level, seed=script.seed, dice_stream=script_dice(script))
    try:
        for action in script.actions:
            try:
                result = match.perform(action)
            except BadAction:
                break  # a unit the level does not have: the replay itself says so
            if isinstance(result, Illegal):
                cited |= {result.rule} & changed
                break
            cited |= (set(result.rules) | {e.rule for e in result.events}) & changed
    finally:
        match.close()
    return cited
