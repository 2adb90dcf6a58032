"""`simulate`: seeded AI games, identical across --jobs, level variants by --set, JSONL output, statistics."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.battle.match import Match
from game.commands.cli import main
from game.lab.simulate import SetError, parse_value, play_game, run_games, summarize, variant
from game.lab.stats import mean_std, two_proportion_z, wilson
from rules.actions import Action
from rules.core import Illegal

ROOT = Path(__file__).resolve().parent.parent
ARENA = ROOT / "levels" / "arena_4v4.toml"


def gridbound(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("GRIDBOUND_DEBUG", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )


# --- statistics ----------------------------------------------------------------------


def test_wilson_interval_matches_known_values():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0
    low, high = wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4) and high == pytest.approx(0.3662, abs=1e-4)


def test_wilson_interval_without_games_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_and_sample_standard_deviation():
    mean, sd = mean_std([2, 4, 4, 4, 5, 5, 7, 9])
    assert mean == 5.0
    assert sd == pytest.approx(math.sqrt(32 / 7))
    assert mean_std([3]) == (3.0, 0.0)


def test_two_proportion_z_test_matches_a_worked_example():
    z, p = two_proportion_z(60, 100, 40, 100)
    assert z == pytest.approx(2.8284, abs=1e-4)
    assert p == pytest.approx(0.00468, abs=1e-5)
    assert two_proportion_z(5, 10, 5, 10) == (0.0, 1.0)


# --- games ---------------------------------------------------------------------------


def test_a_game_reports_winner_rounds_survivors_rules_and_script():
    _, level = variant(ARENA, [])
    result = play_game(level, 4)
    assert result.winner in {"red", "blue"}
    assert 1 <= result.rounds <= 30
    assert result.survivors[result.winner] > 0
    assert sum(result.survivors.values()) == result.survivors[result.winner]
    assert result.rules["GB-ATTACK"] > 0 and result.rules["GB-TURN"] > 0
    assert result.illegal == 0
    assert result.script[-1] == {"action": "end_turn"} or result.winner is not None


def test_the_script_of_a_game_replays_to_the_same_winner():
    _, level = variant(ARENA, [])
    result = play_game(level, 7)
    match = Match(level, result.seed)
    try:
        for entry in result.script:
            fields = {k: v for k, v in entry.items() if k != "action"}
            if "path" in fields:
                fields["path"] = tuple(tuple(sq) for sq in fields["path"])
            outcome = match.perform(Action(entry["action"], **fields))
            assert not isinstance(outcome, Illegal)
        assert match.winner == result.winner
    finally:
        match.close()


def test_a_game_that_hits_max_rounds_is_a_draw():
    _, level = variant(ARENA, [])
    result = play_game(level, 1, max_rounds=1)
    assert result.winner is None
    assert result.rounds == 1
    summary = summarize([result], ["red", "blue"])
    assert summary["draws"] == 1 and summary["sides"]["red"]["wins"] == 0


def test_simulation_is_deterministic_per_seed():
    text, level = variant(ARENA, [])
    first = run_games(text, level.source, [10, 11, 12], max_rounds=12)
    second = run_games(text, level.source, [10, 11, 12], max_rounds=12)
    assert [r.to_json() for r in first] == [r.to_json() for r in second]
    assert [r.index for r in first] == [0, 1, 2]


def test_jobs_two_gives_the_same_report_as_jobs_one():
    reports = []
    for jobs in ("1", "2"):
        out = gridbound("simulate", str(ARENA), "--games", "4", "--seed", "3", "--jobs", jobs, "--json")
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        for volatile in ("games_per_second", "jobs"):
            data.pop(volatile)
        reports.append(data)
    assert reports[0] == reports[1]
    assert reports[0]["base"]["games"] == 4


# --- --set ---------------------------------------------------------------------------


def test_set_changes_the_rule_it_names():
    _, level = variant(ARENA, ["rules.diagonal=uniform"])
    assert level.options.diagonal == "uniform"
    match = Match(level, 0)
    try:
        assert match.situation().options.diagonal == "uniform"
    finally:
        match.close()


def test_set_reaches_units_by_id_and_by_index_and_sides_by_id():
    _, level = variant(ARENA, ["units.red_1.hp=5", "units[7].speed=6", "sides.blue.controller=human"])
    assert level.unit("red_1").hp == 5
    assert level.units[7].speed == 6
    assert level.side("blue").controller == "human"


def test_set_values_are_read_as_toml_else_as_text():
    assert parse_value("3") == 3
    assert parse_value("1.5") == 1.5
    assert parse_value("true") is True
    assert parse_value("uniform") == "uniform"
    assert parse_value('"3"') == "3"


def test_set_of_an_unknown_unit_names_the_known_ones():
    with pytest.raises(SetError, match=r"nobody.*red_1"):
        variant(ARENA, ["units.nobody.hp=3"])


def test_set_unknown_key_exits_2_with_one_clear_line(capsys):
    assert main(["simulate", str(ARENA), "--games", "1", "--set", "rules.slope=steep"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "rules.slope" in err and "diagonal" in err


def test_set_value_of_the_wrong_type_exits_2_naming_key_and_allowed_values(capsys):
    assert main(["simulate", str(ARENA), "--games", "1", "--set", "rules.diagonal=3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "rules.diagonal" in err and "alternating" in err and "uniform" in err


def test_set_value_not_allowed_exits_2(capsys):
    assert main(["simulate", str(ARENA), "--games", "1", "--set", "rules.diagonal=zigzag"]) == 2
    assert "alternating" in capsys.readouterr().err


def test_set_without_equals_sign_exits_2(capsys):
    assert main(["simulate", str(ARENA), "--games", "1", "--set", "rules.diagonal"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err


# --- output --------------------------------------------------------------------------


def test_out_writes_one_valid_json_line_per_game(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert main(["simulate", str(ARENA), "--games", "3", "--seed", "5", "--max-rounds", "10", "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6  # three seeds, each a seat-swapped pair: the seats as written, then swapped
    records = [json.loads(line) for line in lines]
    assert [r["seed"] for r in records] == [5, 6, 7, 5, 6, 7]
    assert [r["variant"] for r in records] == ["base"] * 3 + ["base:swap"] * 3
    for r in records:
        assert {"seed", "winner", "rounds", "survivors", "rules", "script"} <= set(r)
        assert r["script"] and all("action" in a for a in r["script"])
    assert "games/s" in capsys.readouterr().out


def test_json_report_has_rates_intervals_rounds_survivors_and_rules(capsys):
    assert main(["simulate", str(ARENA), "--games", "3", "--max-rounds", "10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    base = data["base"]
    assert base["games"] == 3
    assert set(base["sides"]) == {"red", "blue"}
    for side in base["sides"].values():
        low, high = side["ci95"]
        assert 0.0 <= low <= side["win_rate"] <= high <= 1.0
        assert "mean_survivors" in side
    assert sum(s["wins"] for s in base["sides"].values()) + base["draws"] == 3
    assert {"mean", "std"} == set(base["rounds"])
    assert base["rules"]["GB-ATTACK"] > 0
    assert base["illegal_actions"] == 0


def test_compare_runs_the_variant_on_the_same_seeds_and_tests_the_difference(capsys):
    args = ["simulate", str(ARENA), "--games", "3", "--max-rounds", "10", "--json"]
    assert main([*args, "--compare", "rules.diagonal=uniform"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["compare"]["set"] == ["rules.diagonal=uniform"]
    assert data["compare"]["games"] == data["base"]["games"] == 3
    assert "z-test" in data["comparison"]["test"]
    red = data["comparison"]["sides"]["red"]
    assert red["difference"] == pytest.approx(
        data["compare"]["sides"]["red"]["win_rate"] - data["base"]["sides"]["red"]["win_rate"]
    )
    assert isinstance(red["significant"], bool)


def test_simulate_needs_at_least_one_game(capsys):
    assert main(["simulate", str(ARENA), "--games", "0"]) == 2
    assert "--games" in capsys.readouterr().err


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty
        self.text = ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_progress_bar_draws_on_a_terminal_and_stays_silent_otherwise():
    from game.lab.simulate import Progress

    tty, pipe = _Stream(True), _Stream(False)
    for stream in (tty, pipe):
        bar = Progress(2, "base", stream)  # type: ignore[arg-type]
        bar.step()
        bar.step()
    assert "[" in tty.text and "2/2" in tty.text and tty.text.endswith("\n")
    assert pipe.text == ""
    from game.text import i18n

    before = i18n.current_language()
    try:
        i18n.set_language("de")  # the counts in the language's words (it wrote "games/s" in every language)
        german = _Stream(True)
        bar = Progress(1, "Basis", german)  # type: ignore[arg-type]
        bar.step()
        assert "1/1" in german.text and "Spiele/s" in german.text and "games" not in german.text
    finally:
        i18n.set_language(before)


def test_out_with_compare_writes_both_variants_labelled(tmp_path, capsys):
    out = tmp_path / "both.jsonl"
    args = ["simulate", str(ARENA), "--games", "2", "--max-rounds", "6", "--out", str(out)]
    assert main([*args, "--compare", "units.red_1.hp=5"]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["variant"] for r in records] == ["base"] * 2 + ["compare"] * 2 + ["base:swap"] * 2 + ["compare:swap"] * 2
    assert records[2]["set"] == ["units.red_1.hp=5"]
    assert records[6]["set"][0] == "units.red_1.hp=5" and len(records[6]["set"]) > 1  # then the seat swap
    capsys.readouterr()


@pytest.mark.parametrize("item", ["0\n0=", "=\n", "rules.diagonal\x1b=uniform", "units.nobody\n.hp=3"])
def test_set_errors_show_a_line_break_or_escape_of_the_assignment_replaced(item):
    # a sweep file's `set` list or a quoted --set may hold control characters; the message stays one line
    with pytest.raises(SetError) as caught:
        variant(ARENA, [item])
    message = str(caught.value)
    assert message.startswith("--set ")
    assert "\n" not in message and "\x1b" not in message


def test_the_text_report_names_sides_and_variants_in_the_language_throughout(capsys):
    # GB-TURN: every table of the text report (rates, paired difference, seat-swapped pairs) names a side by its
    # display name in the language; the pairs' tables read "heroes", "giant" and "base" in every language before
    hall = ROOT / "levels" / "dnd5e_hall.toml"
    args = ["simulate", str(hall), "--games", "2", "--seed", "3", "--max-rounds", "6", "--lang", "de"]
    assert main([*args, "--compare", "rules.diagonal=uniform"]) == 0
    out = capsys.readouterr().out
    pairs = out[out.index("Paare mit getauschten Plätzen") :]
    assert "Paare mit getauschten Plätzen, Basis:" in pairs and "Paare mit getauschten Plätzen, Vergleich:" in pairs
    paired = out[out.index("gepaarter Unterschied") : out.index("Paare mit getauschten Plätzen")]
    for text in (pairs, paired):
        assert "Die Helden" in text and "Das Gesinde des Riesen" in text
        assert not re.search(r"^\s+(heroes|giant)\b", text, re.MULTILINE), text
