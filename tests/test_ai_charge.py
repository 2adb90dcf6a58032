"""The pf1 computer player charges only as PF1-CHARGE allows: to a closest square along a clear line."""

from __future__ import annotations

from game.ai import ai_rng, take_turn
from game.battle.match import Match
from game.levels.level import parse_level
from rules import pf1

LEVEL = """format = 1
name = "charge"
ruleset = "pf1"
[map]
tiles = '''
............
............
............
............
............
'''
[[sides]]
id = "a"
name = "A"
controller = "ai"
[[sides]]
id = "b"
name = "B"
controller = "ai"
[[units]]
id = "a1"
side = "a"
at = [0, 2]
hp = 30
race = "human"
{extra}
[[units]]
id = "b1"
side = "b"
at = [10, 2]
hp = 30
race = "human"
{foes}
"""


def unit(uid: str, side: str, at: tuple[int, int]) -> str:
    return f'[[units]]\nid = "{uid}"\nside = "{side}"\nat = [{at[0]}, {at[1]}]\nhp = 30\nrace = "human"\n'


def first_turn(extra: str = "", foes: str = ""):
    match = Match(parse_level(LEVEL.format(extra=extra, foes=foes), "charge"), 5)
    try:
        sit = match.situation()
        return take_turn(match, ai_rng(5), strict=True), sit
    finally:
        match.close()


def test_pf1_charge_the_ai_charges_along_a_clear_line_past_an_ally_on_the_middle_one():
    """PF1-CHARGE, PF1-ALLY: an ally at (6,2) blocks the line to (9,2); the AI takes (9,1) or (9,3)."""
    actions, sit = first_turn(extra=unit("a2", "a", (6, 2)))
    charges = [a for a in actions if a.kind == "charge"]
    assert len(charges) == 1 and charges[0].target == "b1"
    ends = {e.at: e for e in pf1.charge_ends(sit, "a1", "b1")}
    assert not ends[(9, 2)].clear and ends[(9, 2)].blocked == (6, 2)
    end = tuple(charges[0].path[-1])
    assert end in ((9, 1), (9, 3)) and tuple(map(tuple, charges[0].path)) == ends[end].path


def test_pf1_charge_the_ai_does_not_charge_when_the_closest_squares_are_taken():
    """PF1-CHARGE: b1's three closest squares are held by its friends, so no charge, though farther ones are free."""
    friends = "".join(unit(f"b{i}", "b", (9, y)) for i, y in ((2, 1), (3, 2), (4, 3)))
    actions, sit = first_turn(foes=friends)
    assert all(not e.clear for e in pf1.charge_ends(sit, "a1", "b1"))
    assert not [a for a in actions if a.kind == "charge" and a.target == "b1"]
