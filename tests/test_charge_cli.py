"""`reach UNIT --target ENEMY`: the squares a pf1 charge at that enemy may end on (PF1-CHARGE), text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.commands.cli import main

LEVEL = """format = 1
name = "Charge lines"
ruleset = "pf1"

[map]
tiles = '''
..........
..........
..........
..........
..........
..........
'''

[[sides]]
id = "pcs"
name = "Heroes"

[[sides]]
id = "foes"
name = "Foes"
controller = "ai"

[[units]]
id = "fighter"
side = "pcs"
at = [0, 2]
race = "human"

[[units]]
id = "squire"
side = "pcs"
at = [2, 4]
race = "human"

[[units]]
id = "goblin"
side = "foes"
at = [5, 2]
race = "human"

[[units]]
id = "orc"
side = "foes"
at = [5, 5]
race = "human"
"""


@pytest.fixture
def level(tmp_path: Path) -> str:
    path = tmp_path / "charge.toml"
    path.write_text(LEVEL, encoding="utf-8")
    return str(path)


def test_pf1_charge_reach_target_lists_the_closest_squares_with_their_paths(level, capsys):
    """PF1-CHARGE: W64's three closest squares, all clear, each with its path along the line."""
    assert main(["reach", level, "fighter", "--target", "goblin", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"] == "PF1-CHARGE" and data["target"] == "goblin"
    ends = {tuple(e["at"]): e for e in data["ends"]}
    assert sorted(ends) == [(4, 1), (4, 2), (4, 3)]
    assert all(e["clear"] and e["error"] is None and e["count_squares"] == 4 for e in ends.values())
    assert ends[(4, 2)]["path"] == [[1, 2], [2, 2], [3, 2], [4, 2]]
    assert ends[(4, 2)]["line"] == [[[0.5, 2.5], [4.5, 2.5]]]


def test_pf1_ally_reach_target_names_the_first_square_blocking_a_refused_end(level, capsys):
    """PF1-ALLY: the squire at (2,4) stands on the line to (4,5); the line to (4,4) passes beside it."""
    assert main(["reach", level, "fighter", "--target", "orc", "--json"]) == 0
    ends = {tuple(e["at"]): e for e in json.loads(capsys.readouterr().out)["ends"]}
    assert ends[(4, 4)]["clear"]
    blocked = ends[(4, 5)]
    assert not blocked["clear"] and blocked["blocked_at"] == [2, 4] and blocked["path"] == []
    assert blocked["error"]["rule"] == "PF1-ALLY" and blocked["error"]["reason"] == "charge.ally_on_line"
    assert main(["reach", level, "fighter", "--target", "orc"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert text[0] == "fighter charging orc: the closest squares lie at distance 5"
    assert "[4, 5]: an ally stands on the line at [2, 4] [PF1-ALLY]" in text


def test_pf1_charge_reach_target_in_german_and_for_an_unknown_enemy(level, capsys):
    """PF1-CHARGE: the text in the message language; an unknown target is bad input (exit 2), one line."""
    assert main(["reach", level, "fighter", "--target", "orc", "--lang", "de"]) == 0
    assert "auf der Linie steht ein Verbündeter, bei [2, 4] [PF1-ALLY]" in capsys.readouterr().out
    assert main(["reach", level, "fighter", "--target", "dragon"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "dragon" in err[0]


def test_pf1_charge_reach_target_is_bad_input_in_a_ruleset_without_a_charge(capsys):
    """PF1-CHARGE is pf1's: asking a dnd5e level for a charge says so (exit 2)."""
    root = Path(__file__).resolve().parent.parent
    assert main(["reach", str(root / "levels" / "dnd5e_hall.toml"), "bruna", "--target", "pip"]) == 2
    assert "dnd5e" in capsys.readouterr().err


def test_pf1_charge_run_json_follows_the_rule(level, tmp_path, capsys):
    """PF1-CHARGE, PF1-ALLY: a script's charge along the clear line is played; one past the squire is refused
    with the rule, the square and the catalogue reason."""
    good = tmp_path / "good.toml"
    good.write_text(
        '[[do]]\nunit = "fighter"\naction = "charge"\ntarget = "orc"\npath = [[1, 2], [2, 3], [3, 3], [4, 4]]\n',
        encoding="utf-8",
    )
    assert main(["run", level, str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "PF1-CHARGE" in data["results"][0]["rules"] and data["state"]["units"]["fighter"]["at"] == [4, 4]
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[do]]\nunit = "fighter"\naction = "charge"\ntarget = "orc"\npath = [[1, 3], [2, 4], [3, 4], [4, 5]]\n',
        encoding="utf-8",
    )
    assert main(["run", level, str(bad), "--json"]) == 1
    error = json.loads(capsys.readouterr().out)["error"]
    assert (error["rule"], error["at"], error["reason"]) == ("PF1-ALLY", [2, 4], "charge.ally_on_line")
    assert error["values"]["square"] == [2, 4]


def test_pf1_charge_a_charge_longer_than_twice_the_speed_is_refused(level, tmp_path, capsys):
    """PF1-CHARGE 2: at 1.5 m speed a charge covers 2 squares; the goblin's closest squares are 4 away."""
    slow = tmp_path / "slow.toml"
    slow.write_text(Path(level).read_text(encoding="utf-8").replace('race = "human"', 'race = "human"\nspeed = 1.5', 1))
    assert main(["reach", str(slow), "fighter", "--target", "goblin", "--json"]) == 0
    ends = json.loads(capsys.readouterr().out)["ends"]
    assert ends and all(e["error"]["rule"] == "PF1-CHARGE" and e["error"]["reason"] == "pf1.cannot_pay" for e in ends)
