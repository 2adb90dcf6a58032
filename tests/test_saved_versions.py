"""Saved files keep working, or say why not: script versions, level references, the play fingerprint.

tests/data holds three replays saved by Gridbound 0.1.0 (main at commit 162378c, script format 1:
no versions, `level` relative to the file, the level file's sha256 as fingerprint), one per
ruleset, with what `run --json` printed for each there. They were chosen among AI games on
seeds from 1 up as the first whose rulings cite none of the rules the 2026-12-06 revision changes
(no pf1 charge, no squeeze, no mounted relief, no Leibgarde), so that revision replays them
identically as well.
"""

from __future__ import annotations

import dataclasses
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.saved.script_versions
import rules.revision
from game import __version__
from game.battle.match import Match
from game.commands.cli import main
from game.levels.level import load_level, parse_level
from game.levels.level_fingerprint import play_fingerprint
from game.paths import LEVELS_DIR
from game.saved.replay import check_script, open_replay, save_situation, to_script
from game.saved.script import SCRIPT_FORMAT, Script, ScriptError, load_script, parse_script, save_script, script_toml
from game.saved.script_versions import ScriptVersionError, level_reference, script_level
from game.text.i18n import set_language, t
from rules.actions import Action
from rules.revision import DICE_STREAM, REVISIONS, RULES_REVISION, changed_since, known_revision

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
KEPT = {"pf1_bridge": "pf1", "dnd5e_hall": "dnd5e", "hexxen_village": "hexxen"}


def _run_json(level: Path, script: Path) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["run", str(level), str(script), "--json"]) == 0
    return json.loads(out.getvalue())


@pytest.mark.parametrize("name", KEPT)
def test_a_replay_saved_by_main_162378c_replays_identically(name: str) -> None:
    path = DATA / f"main-162378c-{name}.toml"
    script = load_script(path)
    assert script.format == 1 and script.gridbound is None and script.level == f"../../levels/{name}.toml"
    expected = json.loads((DATA / f"main-162378c-{name}.json").read_text(encoding="utf-8"))
    assert _run_json(ROOT / "levels" / f"{name}.toml", path) == expected
    replay = open_replay(None, path)  # the level found relative to the file, as format 1 says
    try:
        assert replay.level.ruleset == KEPT[name]
        replay.end()
        assert replay.stop is None and replay.index == len(script.actions)
        assert replay.match.state_json() == expected["state"]
    finally:
        replay.close()


def test_the_kept_replays_cite_no_rule_the_2026_12_06_revision_changed() -> None:
    changed = dict(REVISIONS)["2026-12-06"]
    assert "PF1-CHARGE" in changed and "PF1-SQUEEZE" in changed
    for name in KEPT:
        data = json.loads((DATA / f"main-162378c-{name}.json").read_text(encoding="utf-8"))
        cited = {rule for r in data["results"] for rule in r["rules"]}
        cited |= {e.rsplit("[", 1)[1].rstrip("]") for r in data["results"] for e in r["events"]}
        assert cited and not cited & changed, name
        assert all(a["action"] != "charge" for a in _actions(DATA / f"main-162378c-{name}.toml"))


def _actions(path: Path) -> list[dict]:
    import tomllib

    return tomllib.loads(path.read_text(encoding="utf-8"))["do"]


def test_a_replay_written_now_names_format_version_revision_dice_and_the_installed_level(tmp_path: Path) -> None:
    level = load_level(LEVELS_DIR / "pf1_bridge.toml")
    match = Match(level, seed=3)
    try:
        match.perform(Action("end_turn"))
        script = to_script(match)
    finally:
        match.close()
    text = script_toml(script)
    for line in (
        f"format = {SCRIPT_FORMAT}",
        f'gridbound = "{__version__}"',
        f'rules_revision = "{RULES_REVISION}"',
        f"dice_stream = {DICE_STREAM}",
        'level = "pf1_bridge.toml"',
        f'level_fingerprint = "{play_fingerprint(level)}"',
    ):
        assert line in text.splitlines()
    again = parse_script(text)
    assert again == script
    # run from any folder: the installed name does not depend on where the file is
    path = tmp_path / "deep" / "er" / "r.toml"
    path.parent.mkdir(parents=True)
    save_script(script, path)
    assert script_level(load_script(path), path) == LEVELS_DIR / "pf1_bridge.toml"


def test_a_level_outside_the_installed_levels_is_named_by_its_absolute_path(tmp_path: Path) -> None:
    copy = tmp_path / "mine.toml"
    copy.write_bytes((LEVELS_DIR / "pf1_bridge.toml").read_bytes())
    assert level_reference(copy) == copy.resolve().as_posix()
    assert level_reference(LEVELS_DIR / "tutorials" / "pf1.toml") == "tutorials/pf1.toml"


@pytest.mark.parametrize("value", ["../pf1_bridge.toml", "./../x.toml", "tutorials/../../x.toml"])
def test_a_format_2_level_name_may_not_leave_its_folder(value: str) -> None:
    script = Script(0, (), value, None, format=2)
    with pytest.raises(ScriptError, match="shipped with the game"):
        script_level(script, "/tmp/r.toml")


def test_a_saved_situation_names_its_level_beside_it_and_runs_after_the_folder_moves(tmp_path: Path) -> None:
    match = Match(load_level(LEVELS_DIR / "dnd5e_hall.toml"), seed=5)
    try:
        match.perform(Action("end_turn"))
        saved = save_situation(match, folder=tmp_path / "a", now=0)
        state = match.state_json()
    finally:
        match.close()
    assert load_script(saved.replay).level == "./level.toml"
    moved = tmp_path / "b"
    saved.folder.rename(moved)
    replay = open_replay(None, moved / "replay.toml")
    try:
        replay.end()
        assert replay.match.state_json() == state
    finally:
        replay.close()


def _variant(old: str, new: str) -> str:
    text = (LEVELS_DIR / "pf1_bridge.toml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_the_play_fingerprint_ignores_names_descriptions_comments_and_art() -> None:
    base = play_fingerprint(load_level(LEVELS_DIR / "pf1_bridge.toml"))
    for old, new in (
        ('en = "The Ravine Bridge"', 'en = "The Old Bridge"'),
        ("# Default level of the game (pf1).", "# another comment"),
        ('[description]\nen = "An ogre', '[description]\nen = "A big ogre'),
    ):
        assert play_fingerprint(parse_level(_variant(old, new))) == base, new


def test_the_play_fingerprint_changes_with_the_map_the_rules_and_a_units_rule_keys() -> None:
    level = load_level(LEVELS_DIR / "pf1_bridge.toml")
    base = play_fingerprint(level)
    assert play_fingerprint(parse_level(_variant('diagonal = "alternating"', 'diagonal = "uniform"'))) != base
    assert play_fingerprint(parse_level(_variant(",,,,....oo....##", ",,,,....oo.....#"))) != base
    unit = level.units[0]
    assert (
        play_fingerprint(
            dataclasses.replace(level, units=(dataclasses.replace(unit, hp=unit.hp + 1), *level.units[1:]))
        )
        != base
    )
    renamed = dataclasses.replace(unit, name="Someone else", art="dragon")
    assert play_fingerprint(dataclasses.replace(level, units=(renamed, *level.units[1:]))) == base


@pytest.mark.parametrize("name", ["pf1_bridge", "pf1_corridors", "dnd5e_crypt", "hexxen_riders", "arena_4v4"])
def test_the_play_fingerprint_of_a_shipped_level_is_the_same_every_time(name: str) -> None:
    path = LEVELS_DIR / f"{name}.toml"
    assert play_fingerprint(load_level(path)) == play_fingerprint(load_level(path))


@pytest.mark.parametrize(
    "changes",
    [{"format": SCRIPT_FORMAT + 1}, {"rules_revision": "2999-01-01"}, {"dice_stream": DICE_STREAM + 1}],
)
def test_a_script_of_a_newer_version_is_refused_by_one_message_naming_version_and_revision(changes: dict) -> None:
    level = load_level(LEVELS_DIR / "pf1_bridge.toml")
    script = Script(0, (), "pf1_bridge.toml", None, SCRIPT_FORMAT, "9.9.9", RULES_REVISION, DICE_STREAM)
    newer = dataclasses.replace(script, **changes)
    with pytest.raises(ScriptVersionError) as refused:
        check_script(level, newer, "r.toml", force=True)  # --force runs another level version, not this
    message = str(refused.value)
    assert message.startswith("r.toml: ") and "\n" not in message
    assert "Gridbound 9.9.9" in message and f"rules revision {newer.rules_revision}" in message
    assert f"plays rules revision {RULES_REVISION}" in message


def test_the_refusal_is_written_in_the_players_language() -> None:
    level = load_level(LEVELS_DIR / "pf1_bridge.toml")
    newer = Script(0, (), None, None, SCRIPT_FORMAT + 1, "9.9.9", RULES_REVISION, DICE_STREAM)
    seen = set()
    try:
        for lang in ("en", "de", "it", "he"):
            set_language(lang)
            with pytest.raises(ScriptVersionError) as refused:
                check_script(level, newer, "r.toml")
            assert "9.9.9" in str(refused.value) and RULES_REVISION in str(refused.value)
            seen.add(str(refused.value))
    finally:
        set_language("en")
    assert len(seen) == 4


def _later_revision(monkeypatch: pytest.MonkeyPatch, changed: set[str]) -> None:
    """This rule book as if it played a revision after today's that changed `changed`."""
    revisions = (*REVISIONS, ("2999-01-01", frozenset(changed)))
    monkeypatch.setattr(rules.revision, "REVISIONS", revisions)
    monkeypatch.setattr(rules.revision, "RULES_REVISION", "2999-01-01")
    monkeypatch.setattr(game.saved.script_versions, "RULES_REVISION", "2999-01-01")


def test_an_older_revision_replays_when_none_of_its_rulings_cites_a_changed_rule(monkeypatch) -> None:
    _later_revision(monkeypatch, {"PF1-CHARGE", "D5-SQUEEZE"})
    # every change since the kept files' revision counts, the 2026-12-06 one's included
    assert changed_since("2026-12-02") == {"PF1-CHARGE", "D5-SQUEEZE"} | dict(REVISIONS)["2026-12-06"]
    for name in KEPT:
        path = DATA / f"main-162378c-{name}.toml"
        expected = json.loads((DATA / f"main-162378c-{name}.json").read_text(encoding="utf-8"))
        assert _run_json(ROOT / "levels" / f"{name}.toml", path) == expected


def test_an_older_revision_whose_game_cites_a_changed_rule_is_refused_naming_what_it_needs(monkeypatch, capsys) -> None:
    _later_revision(monkeypatch, {"PF1-RUN"})  # the kept pf1 game runs
    path = DATA / "main-162378c-pf1_bridge.toml"
    assert main(["run", str(ROOT / "levels" / "pf1_bridge.toml"), str(path), "--json"]) == 2
    err = capsys.readouterr().err
    assert "needs Gridbound 0.1.0 (rules revision 2026-12-02)" in err and "PF1-RUN" in err
    assert "Traceback" not in err
    # the other rulesets' kept games cite no pf1 rule: they still replay
    hall = DATA / "main-162378c-dnd5e_hall.toml"
    check_script(load_level(ROOT / "levels" / "dnd5e_hall.toml"), load_script(hall), str(hall))


def test_revisions_are_known_up_to_the_one_played() -> None:
    assert known_revision(RULES_REVISION) and known_revision(REVISIONS[0][0])
    assert not known_revision("2999-01-01")
    assert changed_since(RULES_REVISION) == frozenset()
    names = [name for name, _ in REVISIONS]
    assert names == sorted(names) and RULES_REVISION in names


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ("format = 0", "format"),
        ('format = "2"', "format"),
        ("dice_stream = -1", "dice_stream"),
        ('gridbound = "1 0"', "gridbound"),
        ("rules_revision = 5", "rules_revision"),
    ],
)
def test_a_bad_version_key_is_one_message_naming_the_key(line: str, key: str) -> None:
    with pytest.raises(ScriptError) as refused:
        parse_script(f"{line}\nseed = 1\n", "s.toml")
    assert str(refused.value).startswith(f"s.toml: {key}: ") and t("saved_files.unknown_top_key", keys="") not in str(
        refused.value
    )


_ACTIONS = st.sampled_from(
    [
        Action("end_turn"),
        Action("move", "valeros", ((1, 2), (2, 3, 1, 1))),
        Action("attack", "kyra", target="ogre", tactic="relieve", release="harsk"),
        Action("interact", "harsk", at=(3, 4), to=(3, 5)),
    ]
)
_VERSION_TEXT = st.text(alphabet="0123456789abcXYZ.+-", min_size=1, max_size=12)


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(-(2**63), 2**63 - 1),
    actions=st.lists(_ACTIONS, max_size=5),
    level=st.one_of(st.none(), st.sampled_from(["pf1_bridge.toml", "./level.toml", "/abs/x.toml"])),
    fingerprint=st.one_of(st.none(), st.text(alphabet="0123456789abcdef", min_size=1, max_size=64)),
    fmt=st.integers(1, 5),
    gridbound=st.one_of(st.none(), _VERSION_TEXT),
    revision=st.one_of(st.none(), _VERSION_TEXT),
    dice=st.one_of(st.none(), st.integers(1, 9)),
)
def test_a_script_written_reads_back_as_the_same_script(
    seed, actions, level, fingerprint, fmt, gridbound, revision, dice
):
    script = Script(seed, tuple(actions), level, fingerprint, fmt, gridbound, revision, dice)
    again = parse_script(script_toml(script))
    if fmt >= 2:
        assert again == script
    else:  # format 1 writes no version keys: they read back as "not named"
        assert again == dataclasses.replace(script, gridbound=None, rules_revision=None, dice_stream=None)


_PLAY_FREE = st.fixed_dictionaries(
    {
        "name": st.text(min_size=1, max_size=20).filter(str.strip),
        "art": st.sampled_from([None, "dragon", "wolf", "skull"]),
    }
)


@settings(max_examples=40, deadline=None)
@given(changes=st.lists(_PLAY_FREE, min_size=1, max_size=4), level_name=st.text(min_size=1, max_size=30))
def test_names_and_art_never_change_the_play_fingerprint(changes, level_name) -> None:
    level = _BRIDGE
    units = tuple(
        dataclasses.replace(unit, **changes[i % len(changes)]) if i < len(changes) else unit
        for i, unit in enumerate(level.units)
    )
    renamed = dataclasses.replace(level, name=level_name, description=level_name, units=units)
    assert play_fingerprint(renamed) == play_fingerprint(level)


@settings(max_examples=40, deadline=None)
@given(
    index=st.integers(0, 10),
    field=st.sampled_from(["hp", "defense", "attack", "speed", "at"]),
    delta=st.integers(1, 3),
)
def test_a_units_rule_keys_always_change_the_play_fingerprint(index, field, delta) -> None:
    level = _BRIDGE
    unit = level.units[index % len(level.units)]
    value = getattr(unit, field)
    if field == "at":
        changed = (value[0] + delta, value[1])
    elif value is None:
        changed = float(delta)
    else:
        changed = value + delta
    units = tuple(dataclasses.replace(u, **{field: changed}) if u is unit else u for u in level.units)
    assert play_fingerprint(dataclasses.replace(level, units=units)) != play_fingerprint(level)


_BRIDGE = load_level(LEVELS_DIR / "pf1_bridge.toml")
