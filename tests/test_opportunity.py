"""GB-AOO: attacks of opportunity rolled from the provokes events of a movement ruling."""

from __future__ import annotations

import random

from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Event, Ruling, Situation, StepRuling
from rules.opportunity import resolve_opportunity_attacks

LEVEL = """
format = 1
name = "Gauntlet"
ruleset = "dnd5e"
[map]
tiles = '''
........
........
........
........
'''
[[sides]]
id = "a"
[[sides]]
id = "b"
[[units]]
id = "runner"
side = "a"
at = [0, 0]
speed = 9
hp = {hp}
[[units]]
id = "orc"
side = "b"
at = [1, 1]
speed = 9
attack = {attack}
damage = "5"
"""


def test_leaving_a_hostile_reach_in_a_match_rolls_one_opportunity_attack():
    # D5-OA-LEAVE-REACH gives the trigger (W34), GB-AOO the attack
    m = Match(parse_level(LEVEL.format(hp=20, attack=5), "g.toml"), seed=4)
    result = m.perform(Action("move", "runner", path=((0, 1), (0, 2), (0, 3))))
    m.close()
    assert isinstance(result, Ruling)
    kinds = [e.kind for e in result.events]
    assert kinds.count("opportunity_attack") == 1
    assert any(k in kinds for k in ("hit", "miss"))
    assert "GB-AOO" in result.rules and "D5-OA-LEAVE-REACH" in result.rules


def test_a_creature_takes_at_most_one_opportunity_attack_per_round():
    m = Match(parse_level(LEVEL.format(hp=50, attack=5), "g.toml"), seed=4)
    first = m.perform(Action("move", "runner", path=((0, 1), (0, 2), (0, 3))))
    back = m.perform(Action("move", "runner", path=((0, 2), (0, 1), (0, 0))))
    again = m.perform(Action("move", "runner", path=((0, 1), (0, 2))))
    m.close()
    assert isinstance(first, Ruling) and isinstance(back, Ruling)
    counted = [e.kind for e in first.events + back.events].count("opportunity_attack")
    assert counted == 1
    assert not isinstance(again, Ruling) or [e.kind for e in again.events].count("opportunity_attack") == 0


def test_a_mover_brought_down_stops_where_it_provoked():
    m = Match(parse_level(LEVEL.format(hp=3, attack=60), "g.toml"), seed=4)
    result = m.perform(Action("move", "runner", path=((0, 1), (0, 2), (0, 3))))
    runner = m.situation().creatures["runner"]
    m.close()
    assert isinstance(result, Ruling)
    assert [e.kind for e in result.events][-3:] == ["hit", "down", "stopped"]
    # it provoked when leaving (0, 2) for (0, 3), so it lies at (0, 2)
    assert runner.at == (0, 2) and runner.defeated and runner.prone


def test_downed_or_helpless_creatures_take_no_opportunity_attacks():
    board = board_from_rows(["...."] * 3)
    mover = Creature("m", "a", (0, 0), hp=10)
    enemy = Creature("e", "b", (1, 0), attack=99, helpless=True)
    step = StepRuling((0, 2), 150, ("D5-OA-LEAVE-REACH",), (Event("provokes", "D5-OA-LEAVE-REACH", "m", "e", (0, 1)),))
    ruling = Ruling(cost=300, unit_cm=1, rules=("D5-SPEED",), steps=(StepRuling((0, 1), 150, ()), step))
    sit = Situation("dnd5e", board, {"m": mover, "e": enemy})
    assert resolve_opportunity_attacks(sit, "m", ruling, random.Random(1), "D5-NO-END-IN-SPACE") == ruling
