"""`advise` (docs/commands.md): the computer's turn for the side to act after a script, changing no file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.advice import decide_now
from game.battle.match import Match
from game.commands.cli import main
from game.levels.level import load_level
from rules.actions import Action

LEVELS = Path(__file__).resolve().parent.parent / "levels"
BRIDGE = LEVELS / "pf1_bridge.toml"


def _advise(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["advise", *argv])
    return code, capsys.readouterr().out


def test_advise_plays_the_turn_of_the_side_to_act_and_prints_the_interfaces_json(
    capsys: pytest.CaptureFixture[str],
):
    before = BRIDGE.read_bytes()
    code, out = _advise([str(BRIDGE), "--ai", "hard", "--seed", "4", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and BRIDGE.read_bytes() == before  # no file changed
    assert set(data) == {"side", "ai", "actions", "results", "state"}
    assert data["side"] == "hunters" and data["ai"] == "hard"
    assert data["actions"][-1] == {"action": "end_turn"} and len(data["results"]) == len(data["actions"])
    assert all(r["ok"] for r in data["results"]) and [r["index"] for r in data["results"]] == list(
        range(len(data["actions"]))
    )
    assert {a.get("unit") for a in data["actions"][:-1]} <= {"valeros", "kyra", "lem", "merisiel"}
    assert data["state"]["active"] != "hunters"  # the turn was played to its end
    assert _advise([str(BRIDGE), "--ai", "hard", "--seed", "4", "--json"], capsys)[1] == out  # same call, same answer


def test_advise_agrees_with_the_hint_on_the_first_action(capsys: pytest.CaptureFixture[str]):
    level = load_level(BRIDGE)
    match = Match(level, 9)
    try:
        first = decide_now(match, "normal").first
    finally:
        match.close()
    _, out = _advise([str(BRIDGE), "--seed", "9", "--json"], capsys)
    data = json.loads(out)
    assert data["ai"] == "normal"  # the strength `play` uses against a person
    assert first is not None and data["actions"][0] == first.to_dict()


def test_advise_after_a_script_advises_the_side_now_to_act(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    script = tmp_path / "s.toml"
    script.write_text('seed = 5\n[[do]]\naction = "end_turn"\n', encoding="utf-8")
    code, out = _advise([str(BRIDGE), str(script), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["side"] == "monsters"
    assert {a.get("unit") for a in data["actions"][:-1]} <= {
        u.id for u in load_level(BRIDGE).units if u.side == "monsters"
    }


def test_a_refused_script_exits_1_and_bad_input_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    script = tmp_path / "bad.toml"
    script.write_text('seed = 1\n[[do]]\naction = "move"\nunit = "ogre"\npath = [[9, 3]]\n', encoding="utf-8")
    code, out = _advise([str(BRIDGE), str(script), "--json"], capsys)
    assert code == 1 and json.loads(out)["ok"] is False and json.loads(out)["error"]["rule"]
    assert main(["advise", str(tmp_path / "missing.toml")]) == 2
    with pytest.raises(SystemExit) as refused:
        main(["advise", str(BRIDGE), "--ai", "genius"])
    assert refused.value.code == 2


def test_explain_lists_the_options_weighed_with_their_rule_ids(capsys: pytest.CaptureFixture[str]):
    code, out = _advise([str(BRIDGE), "--seed", "2", "--json", "--explain"], capsys)
    data = json.loads(out)
    assert code == 0 and data["explain"]
    first = data["explain"][0]
    assert first["unit"] and first["options"] and first["chosen"] is not None
    chosen = first["options"][first["chosen"]]
    assert chosen["actions"][0] == data["actions"][0]  # the weighing that chose the first action
    assert any(rule.startswith("PF1-") for option in first["options"] for rule in option["reason"]["rules"])
    code, text = _advise([str(BRIDGE), "--seed", "2", "--explain", "--lang", "de"], capsys)
    assert code == 0
    assert "Der Computer spielt" in text and "[PF1-" in text


def test_the_advised_turn_reads_in_the_language_with_the_units_names(capsys) -> None:
    # GB-TURN: as `run` writes its text, every line names the units as the level names them in the language and
    # the actions in its words (the JSON keeps ids and kinds); seen with ids ("matthias trifft kultist_1")
    village = LEVELS / "hexxen_village.toml"
    code, text = _advise([str(village), "--seed", "3", "--lang", "de"], capsys)
    assert code == 0
    assert "Pater Matthias" in text and "Kultist" in text
    assert "matthias " not in text and "kultist_1" not in text and " attack:" not in text
    assert "Angriff" in text or "Heimtückische Attacke" in text


def test_the_advised_turn_is_played_one_decision_per_action():
    from game.advice import play_advised_turn

    match = Match(load_level(BRIDGE), 3)
    try:
        advice = play_advised_turn(match, "normal", explain=True)
        assert advice.actions[-1] == Action("end_turn") and len(advice.results) == len(advice.actions)
        assert len(advice.choices) == len(advice.actions) - 1  # one weighing per action before the end
        assert match.active_side == "monsters"
    finally:
        match.close()


def test_the_side_ending_its_turn_is_a_line_without_a_unit(capsys) -> None:
    # GB-TURN: ending the turn is the side's action, not a unit's: its line names the action alone (it read
    # "[5]  Zug beenden", with the empty unit's gap)
    code, text = _advise([str(BRIDGE), "--seed", "2", "--lang", "de"], capsys)
    assert code == 0
    last = [line for line in text.splitlines() if line.startswith("[")][-1]
    assert re.fullmatch(r"\[\d+\] Zug beenden: ok, 0 m  GB-TURN", last), last
