"""Refusals say why in every language: the reason's template with its values in the language's form,
units by their names, the JSON unchanged; and the window's tooltip, toast and log say it in German."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.battle.match import Match
from game.levels.level import load_level
from game.text import i18n
from game.text.catalog import rule_text
from game.text.i18n import describe, reason_text, refusal
from game.text.numerals import number
from rules.actions import Action
from rules.core import Illegal
from tests.ui_helpers import battle, click_unit, key, open_app

ROOT = Path(__file__).resolve().parent.parent
HALL = ROOT / "levels" / "dnd5e_hall.toml"
METRES = {"en": "7.5 m", "de": "7,5 m", "it": "7,5 m", "he": "7.5 מ׳"}
"""Nim's walking speed as each language writes it."""


def long_walk() -> Illegal:
    """Nim (speed 7.5 m) asked to walk twelve squares east (18 m): more than a move and a dash together."""
    match = Match(load_level(HALL), seed=1)
    try:
        sit = match.situation()
        start = sit.creatures["nim"].at
        path = [(start[0] + i, start[1]) for i in range(1, 13)]
        result = match.ruleset.measure(sit, "nim", path, None)
    finally:
        match.close()
    assert isinstance(result, Illegal)
    return result


@pytest.mark.parametrize("lang", ["de", "it", "he"])
def test_a_refusal_in_another_language_says_why_with_its_numbers_in_local_form(lang: str) -> None:
    """The distances of D5-SPEED's refusal in the language's number format, not the rule title alone."""
    refused = long_walk()
    assert refused.rule == "D5-SPEED" and refused.reason.startswith("d5.path_too_long")
    text = refusal(refused, lang)
    values = dict(refused.params)
    assert METRES[lang] in text  # the metres left
    assert f"{number(float(values['cost_m']), lang)} " in text  # the path's cost
    assert refused.message not in text and rule_text("D5-SPEED", lang).title not in text
    assert text.endswith("[D5-SPEED]")
    # the mode is a word of the language, not the rules' id
    assert i18n.t("mode.walk", lang) in text


def test_english_says_what_the_rules_say_and_names_units_by_their_names() -> None:
    refused = Illegal("D5-PRONE", "nim is not prone", reason="d5.not_prone", params=(("unit", "nim"),))
    assert refusal(refused, "en") == "nim is not prone [D5-PRONE]"
    assert refusal(refused, "en", {"nim": "Nim"}) == "Nim is not prone [D5-PRONE]"
    de = reason_text(refused, "de", {"nim": "Nim"})
    assert de == "Nim liegt nicht"


def test_hebrew_ends_a_latin_name_with_an_rlm_so_the_words_after_it_stay_in_order() -> None:
    refused = Illegal("D5-PRONE", "nim is not prone", reason="d5.not_prone", params=(("unit", "nim"),))
    assert reason_text(refused, "he", {"nim": "Nim"}) == "Nim\u200f אינו שרוע"


def test_squares_lists_sizes_and_tactics_are_written_in_the_language() -> None:
    params = (("npc", "giant"), ("size", "huge"), ("most", 6), ("unit", "kyra"), ("count", 7))
    refused = Illegal("HX-MAX-HUNTERS-ON-HUGE", "…", reason="hx.npc_full", params=params)
    assert "(Riesig)" in reason_text(refused, "de", {"giant": "Riese"})
    assert "Riese (Riesig)" in reason_text(refused, "de", {"giant": "Riese"})
    door = Illegal("GB-5E-DOOR", "…", reason="d5.no_door_at", params=(("square", (3, 4)),))
    assert reason_text(door, "it") == "in [3, 4] non c'è una porta"
    which = Illegal("HX-RELIEF", "…", reason="hx.relief_which", params=(("units", ("a", "b")), ("target", "c")))
    assert reason_text(which, "de", {"a": "Anna", "b": "Bert", "c": "Carl"}).endswith("Carl abgelöst wird: Anna, Bert")


def test_the_json_of_a_refusal_is_the_same_in_every_language() -> None:
    """measure --json keeps the rules' English message and adds the reason key and its values (ids)."""
    outputs = []
    for lang in ("en", "de", "he"):
        command = [sys.executable, str(ROOT / "main.py"), "measure", str(HALL), "nim", "3,1", "--json", "--lang", lang]
        outputs.append(subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False).stdout)
    assert outputs[0] == outputs[1] == outputs[2]
    error = json.loads(outputs[0])["error"]
    # [3, 3] is a pillar of the hall: the English message as before, the reason and its square added
    assert error == {
        "rule": "D5-GRID-OBSTACLES",
        "message": "[3, 3] is a wall",
        "at": [3, 3],
        "reason": "d5.wall",
        "values": {"square": [3, 3]},
    }


def test_the_log_line_of_a_refused_action_says_why_in_german() -> None:
    match = Match(load_level(HALL), seed=1)
    try:
        unit = next(u.id for u in match.level.units if u.side == match.active_side)
        result = match.perform(Action("stand_up", unit=unit))
        assert isinstance(result, Illegal) and result.reason == "d5.not_prone"
        entry = match.log[-1]
        names = match.level.display_names
        line = describe(entry, "de", names)
    finally:
        match.close()
    assert line.startswith(f"{i18n.local(names[unit], 'de')}: Aufstehen abgelehnt")
    assert "liegt nicht [D5-PRONE]" in line


FIELD_5E = """\
format = 1
name = "Refusal field"
ruleset = "dnd5e"
[map]
tiles = '''
########
#......#
#......#
########
'''
[[sides]]
id = "red"
name = { en = "Red", de = "Rot" }
color = "#b03a2e"
[[sides]]
id = "blue"
name = { en = "Blue", de = "Blau" }
color = "#2e6eb0"
[[units]]
id = "hero"
name = { en = "Hero", de = "Heldin" }
side = "red"
at = [1, 1]
speed = 9
[[units]]
id = "ogre"
name = { en = "Ogre", de = "Oger" }
side = "blue"
at = [6, 2]
speed = 9
"""


def test_the_window_says_why_in_german_on_the_button_and_over_the_board(tmp_path: Path) -> None:
    """G (stand up) for a unit that is not prone: the toast and the disabled button both say why, in German."""
    level = tmp_path / "field.toml"
    level.write_text(FIELD_5E, encoding="utf-8")
    i18n.set_language("de")
    app = open_app(level)
    try:
        click_unit(app, "hero")
        key(app, pygame.K_g)
        scene = battle(app)
        assert "Heldin liegt nicht [D5-PRONE]" in scene.ctl.toast
        assert scene.panel is not None
        stand = next(b for b in scene.panel.buttons if b.intent == "action:stand_up")
        assert not stand.enabled and stand.tooltip == "Heldin liegt nicht [D5-PRONE]"
    finally:
        app.close()
