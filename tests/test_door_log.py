"""The battle log's interact line names the door and whether it opened or closed, in every language, with the rule
ids as before; `run --json` gains a `door` object on such a result and keeps every other key (docs/json.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.battle.match import DoorChange, LogEntry, Match, door_change
from game.commands.cli import main
from game.levels.level import load_level
from game.text import i18n
from rules.actions import Action
from rules.core import Illegal, Ruling
from tests.ui_helpers import FIELD

# a door square at [2, 1] (diagonal to the hero at [1, 2]) and a closed door on the edge below the hero
DOORS = """
[[map.edges]]
a = [1, 2]
b = [1, 3]
kind = "door"
open = false
"""
DOOR_RULES = {"pf1": {"GB-PF-DOOR"}, "dnd5e": {"GB-5E-DOOR", "GB-5E-INTERACT"}}


def door_level(tmp_path: Path, ruleset: str) -> Path:
    text = FIELD.format(ruleset=ruleset).replace("#........#\n#..,,", "#.+......#\n#..,,", 1)
    path = tmp_path / f"doors_{ruleset}.toml"
    path.write_text(text.replace("[[sides]]", DOORS + "\n[[sides]]", 1), encoding="utf-8")
    return path


def interact(match: Match, at: tuple[int, int], to: tuple[int, int] | None = None) -> tuple[Ruling, LogEntry]:
    """The hero opens or closes a door; its ruling and its log line."""
    result = match.perform(Action("interact", "hero", at=at, to=to))
    assert isinstance(result, Ruling), result
    (entry,) = [e for e in match.log if e.kind == "interact"][-1:]
    return result, entry


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_the_interact_line_names_the_door_square_and_whether_it_opened_or_closed(tmp_path: Path, ruleset: str):
    match = Match(load_level(str(door_level(tmp_path, ruleset))), seed=1)
    try:
        names = {"hero": "Harsk"}
        result, opened = interact(match, (2, 1))
        assert opened.door == DoorChange((2, 1), None, True)
        assert i18n.describe(opened, "en", names) == "Harsk opens the door at [2, 1]"
        assert opened.rules == result.rules and DOOR_RULES[ruleset] & set(opened.rules)  # the rule ids, as before
        result, closed = interact(match, (2, 1))
        assert closed.door == DoorChange((2, 1), None, False)
        assert i18n.describe(closed, "en", names) == "Harsk closes the door at [2, 1]"
        assert closed.rules == result.rules
    finally:
        match.close()


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_the_interact_line_names_the_edge_door_by_its_two_squares(tmp_path: Path, ruleset: str):
    match = Match(load_level(str(door_level(tmp_path, ruleset))), seed=1)
    try:
        result, opened = interact(match, (1, 2), (1, 3))
        assert opened.door == DoorChange((1, 2), (1, 3), True)
        assert i18n.describe(opened, "en") == "hero opens the door between [1, 2] and [1, 3]"
        assert DOOR_RULES[ruleset] & set(opened.rules) and opened.rules == result.rules
        _, closed = interact(match, (1, 2), (1, 3))
        assert i18n.describe(closed, "en") == "hero closes the door between [1, 2] and [1, 3]"
    finally:
        match.close()


def test_the_door_line_in_every_language_hebrew_with_a_noun() -> None:
    line = ("kyra", "interact", "kyra interact", ("GB-PF-DOOR",), True)
    square = LogEntry(1, *line, door=DoorChange((4, 5), None, True))
    edge = LogEntry(1, *line, door=DoorChange((4, 5), (5, 5), False))
    assert i18n.describe(square, "de") == "kyra öffnet die Tür bei [4, 5]"
    assert i18n.describe(edge, "de") == "kyra schließt die Tür zwischen [4, 5] und [5, 5]"
    assert i18n.describe(square, "it") == "kyra apre la porta in [4, 5]"
    assert i18n.describe(edge, "it") == "kyra chiude la porta tra [4, 5] e [5, 5]"
    # a noun ("opening of the door"): a Hebrew verb would need the unit's gender
    a, b = i18n.square_text((4, 5), "he"), i18n.square_text((5, 5), "he")  # embedded left to right
    assert i18n.describe(square, "he") == f"kyra: פתיחת הדלת ב־{a}"
    assert i18n.describe(edge, "he") == f"kyra: סגירת הדלת שבין {a} ל־{b}"
    for lang in i18n.LANGUAGES:
        for which in ("opens", "closes", "opens_between", "closes_between"):
            assert i18n.has_message(f"door_log.{which}", lang), (lang, which)


def test_an_entry_without_door_details_keeps_the_plain_sentence() -> None:
    """Log entries made before (or without) the door field still read as they did."""
    old = LogEntry(1, "kyra", "interact", "kyra interact", ("GB-PF-DOOR",), True)
    assert i18n.describe(old, "en") == "kyra interacts"


def test_a_refused_interact_and_other_actions_carry_no_door(tmp_path: Path) -> None:
    match = Match(load_level(str(door_level(tmp_path, "pf1"))), seed=1)
    try:
        far = Action("interact", "hero", at=(8, 4))
        result = match.perform(far)
        assert isinstance(result, Illegal) and door_change(far, result) is None
        assert match.log[-1].door is None and not match.log[-1].ok
        step = Action("move", "hero", path=((2, 2),))
        assert match.perform(step).ok and match.log[-1].door is None
    finally:
        match.close()


def test_run_json_adds_the_door_and_keeps_every_key(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    level = door_level(tmp_path, "pf1")
    script = tmp_path / "doors.toml"
    script.write_text(
        'seed = 1\n[[do]]\naction = "interact"\nunit = "hero"\nat = [2, 1]\n'
        '[[do]]\naction = "interact"\nunit = "hero"\nat = [1, 2]\nto = [1, 3]\n',
        encoding="utf-8",
    )
    assert main(["run", str(level), str(script), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    square, edge = data["results"]
    assert set(square) == {"index", "ok", "cost_m", "rules", "events", "door"}
    assert square["door"] == {"at": [2, 1], "to": None, "open": True} and "GB-PF-DOOR" in square["rules"]
    assert edge["door"] == {"at": [1, 2], "to": [1, 3], "open": True}
    assert data["state"]["doors"] == [{"a": [1, 2], "b": [1, 3], "open": True}]
    assert main(["run", str(level), str(script)]) == 0
    out = capsys.readouterr().out
    # the text names the unit as players see it (the JSON above keeps the id)
    assert "Hero opens the door at [2, 1]" in out and "Hero opens the door between [1, 2] and [1, 3]" in out
