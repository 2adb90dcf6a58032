"""Mirror-symmetric tournament levels (`mirror = true`, game/levels/mirror.py) and the `duel` command's smoke test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.commands.cli import main
from game.levels.level import level_to_toml, load_level, parse_level
from game.levels.mirror import SYMMETRIES, difference, mirror_problem, symmetry
from rules.hexxen.traits import traits as hexxen_traits
from rules.ruleset import RULESETS

LEVELS = Path(__file__).resolve().parent.parent / "levels"
MIRRORS = sorted(p for p in LEVELS.glob("*.toml") if load_level(p).mirror)


def test_every_ruleset_ships_a_mirror_level_that_check_verifies():
    assert {load_level(p).ruleset for p in MIRRORS} == set(RULESETS)
    for path in MIRRORS:
        level = load_level(path)
        assert symmetry(level) in SYMMETRIES and mirror_problem(level) is None
        assert parse_level(level_to_toml(level), "saved").mirror  # the key survives saving


def test_check_names_the_symmetry_of_a_mirror_level(capsys: pytest.CaptureFixture[str]):
    assert main(["check", str(MIRRORS[0])]) == 0
    assert "mirror" in capsys.readouterr().out


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    path = next(p for p in MIRRORS if "pf1" in p.name)
    text = path.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    return broken


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("hp = 24", "hp = 25", "West Guard"),  # one twin stronger than the other (named as players read it)
        ("at = [0, 2]", "at = [0, 3]", "West Guard"),  # one twin out of place
        ("..#......#..\n............\n....,", "..#.......#.\n............\n....,", "10,1"),  # a pillar moved
    ],
)
def test_check_refuses_a_marked_level_that_is_not_a_mirror(
    tmp_path: Path, old: str, new: str, said: str, capsys: pytest.CaptureFixture[str]
):
    broken = _broken(tmp_path, old, new)
    level = load_level(broken)  # the level still loads (a --set variant of a mirror level is a fine experiment)
    assert symmetry(level) is None
    assert all(difference(level, kind) for kind in SYMMETRIES)
    assert main(["check", str(broken)]) == 2
    out = capsys.readouterr().out
    assert "mirror = true" in out and said in out and len(out.strip().splitlines()) == 1


def test_an_unmarked_level_is_never_checked_for_symmetry():
    level = load_level(LEVELS / "pf1_bridge.toml")
    assert not level.mirror and mirror_problem(level) is None


def test_hexxen_twins_may_differ_in_role_and_powers_only():
    path = next(p for p in MIRRORS if "hexxen" in p.name)
    level = load_level(path)
    assert {hexxen_traits(u).role for u in level.units} == {"hunter", "leader"} and symmetry(level) is not None
    text = path.read_text(encoding="utf-8").replace("hp = 60", "hp = 61", 1)
    assert symmetry(parse_level(text, "changed")) is None


def test_the_duel_command_plays_one_seat_swapped_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    level = str(next(p for p in MIRRORS if "hexxen" in p.name))
    out = tmp_path / "games.jsonl"
    assert main(["duel", level, "--a", "normal", "--b", "random", "--pairs", "1", "--json", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["overall"]["games"] == 2 and data["overall"]["pairs"] == 1
    games = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(g["seat"] for g in games) == [0, 1] and {g["seed"] for g in games} == {0}
    first, second = sorted(games, key=lambda g: g["seat"])
    assert list(first["controllers"].values()) == ["normal", "random"]  # A (normal) holds the first side
    assert first["players"] == {s: ("b" if p == "a" else "a") for s, p in second["players"].items()}  # swapped
    with pytest.raises(SystemExit) as refused:  # argparse names the choices
        main(["duel", level, "--a", "normal", "--b", "genius"])
    assert refused.value.code == 2


def test_the_duel_text_writes_numbers_the_languages_way(capsys: pytest.CaptureFixture[str]):
    """ "50,0 %" and "0,3 s" in German, as simulate writes them; the English text keeps the point."""
    level = str(next(p for p in MIRRORS if "pf1" in p.name))
    argv = ["duel", level, "--a", "normal", "--b", "random", "--pairs", "1"]
    assert main([*argv, "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert "Siegquote von A" in german and ",0 %" in german and ".0 %" not in german
    assert german.splitlines()[-1].endswith(" s") and "," in german.splitlines()[-1]
    assert main([*argv, "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert ".0 %" in english and ",0 %" not in english
