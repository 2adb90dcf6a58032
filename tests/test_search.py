"""Search over rule parameters: a known optimum of a synthetic objective, the sequential pruning, Morris'
ranking, determinism for a seed, the [search] table's checks and a real (tiny) search from the command line."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

pytest.importorskip("optuna", reason="Optuna is the lab extra (pip install -e '.[lab]')")
pytest.importorskip("SALib", reason="SALib is the lab extra (pip install -e '.[lab]')")

from game.commands.cli import main
from game.lab.search import objective_value, off_target, run_search
from game.lab.search_spec import parse_search
from game.lab.sweep_file import SweepError, load_sweep

ROOT = Path(__file__).resolve().parent.parent
LEVEL = ROOT / "levels" / "arena_4v4.toml"


@dataclass
class Game:
    winner: str | None
    rounds: int
    rules: dict[str, int] = field(default_factory=dict)


def fail(key: str, message: str) -> ValueError:
    return ValueError(f"{key}: {message}")


def win_rate_play(settings: dict, stage: int) -> list[Game]:
    """Red wins with probability hp/40 (so hp 20 gives the 50 % target); `noise` changes nothing."""
    p = settings["hp"] / 40
    rng = random.Random(stage)  # the same draws for every setting: common random numbers
    return [Game("red" if rng.random() < p else "blue", 6) for _ in range(50)]


def test_the_search_finds_the_known_optimum_and_prunes_far_settings() -> None:
    spec = parse_search({"trials": 20, "target": 0.5, "morris": 0, "parameters": {"hp": [1, 40]}}, fail)
    out = run_search(spec, "red", win_rate_play, 4, seed=3)
    assert abs(out["best"]["settings"]["hp"] - 20) <= 1
    assert out["best"]["value"] <= 0.03
    far = [t for t in out["trials"] if abs(t["settings"]["hp"] - 20) >= 12]
    assert far and all(t["state"] == "pruned" and t["games"] < 200 for t in far)
    assert {t["pruned_by"] for t in far} <= {"above", "below"}


def test_a_seed_gives_the_same_search() -> None:
    spec = parse_search({"trials": 8, "morris": 0, "parameters": {"hp": [1, 40]}}, fail)
    first = run_search(spec, "red", win_rate_play, 2, seed=5)
    again = run_search(spec, "red", win_rate_play, 2, seed=5)
    assert first == again


def test_fewest_rounds_and_a_rule_count_are_objectives() -> None:
    def play(settings: dict, stage: int) -> list[Game]:
        x = settings["x"]
        return [Game("red", 2 + round(abs(x - 3.0) * 4), {"R": round(x)}) for _ in range(10)]

    rounds = parse_search({"trials": 15, "objective": "rounds", "morris": 0, "parameters": {"x": [0.0, 10.0]}}, fail)
    best = run_search(rounds, "red", play, 2, seed=1)["best"]["settings"]["x"]
    assert abs(best - 3.0) < 1.0
    most = parse_search(
        {"trials": 12, "objective": "rule", "rule": "R", "direction": "maximize", "morris": 0,
         "parameters": {"x": [0.0, 10.0]}}, fail)  # fmt: skip
    out = run_search(most, "red", play, 2, seed=1)
    assert out["direction"] == "maximize" and out["best"]["settings"]["x"] > 7


def test_morris_ranks_the_parameter_that_matters_first() -> None:
    spec = parse_search({"trials": 1, "morris": 4, "parameters": {"hp": [1, 40], "noise": [0.0, 1.0]}}, fail)
    ranking = run_search(spec, "red", win_rate_play, 1, seed=2)["morris"]["ranking"]
    assert [r["key"] for r in ranking] == ["hp", "noise"]
    assert ranking[0]["mu_star"] > 0.1 and ranking[1]["mu_star"] == 0.0


def test_the_sequential_test_prunes_only_a_clear_miss() -> None:
    spec = parse_search({"tolerance": 0.1, "parameters": {"hp": [1, 40]}}, fail)
    assert off_target(spec, "red", [Game("red", 1)] * 40, 0.05, 0.05) == "above"
    assert off_target(spec, "red", [Game("blue", 1)] * 40, 0.05, 0.05) == "below"
    even = [Game("red" if i % 2 else "blue", 1) for i in range(200)]
    assert off_target(spec, "red", even, 0.05, 0.05) is None
    assert objective_value(spec, "red", even) == 0.0


@pytest.mark.parametrize(
    ("table", "key"),
    [
        ({"parameters": {}}, "search.parameters"),
        ({"parameters": {"hp": [5, 5]}}, "search.parameters.hp"),
        ({"parameters": {"hp": [1, 2]}, "objective": "fun"}, "search.objective"),
        ({"parameters": {"hp": [1, 2]}, "objective": "rule"}, "search.rule"),
        ({"parameters": {"hp": [1, 2]}, "target": 0.95}, "search.tolerance"),
        ({"parameters": {"hp": [1, 2]}, "morris": 1}, "search.morris"),
        ({"parameters": {"hp": [1, 2]}, "budget": 3}, "search.budget"),
    ],
)
def test_a_bad_search_table_names_its_key(table: dict, key: str) -> None:
    with pytest.raises(ValueError, match=rf"^{key.replace('.', '[.]')}: "):
        parse_search(table, fail)


def test_a_searched_key_the_level_refuses_is_named_before_any_game(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(f'levels = ["{LEVEL}"]\ngames = 4\n[search.parameters]\n"units[0].hpp" = [1, 5]\n', "utf-8")
    with pytest.raises(SweepError, match=r"search\.parameters\.units\[0\]\.hpp"):
        load_sweep(path)
    path.write_text(f'levels = ["{LEVEL}"]\ngames = 4\n[grid]\nrules.diagonal = ["uniform"]\n'
                    '[search.parameters]\n"units[0].hp" = [1, 5]\n', "utf-8")  # fmt: skip
    with pytest.raises(SweepError, match="search"):
        load_sweep(path)


def test_a_real_search_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.toml"
    path.write_text(
        f'levels = ["{LEVEL}"]\nseed = 2\ngames = 4\nbatch = 2\nmax_rounds = 6\n'
        '[search]\ntrials = 2\nobjective = "rounds"\nmorris = 0\n[search.parameters]\n"units[0].hp" = [2, 12]\n',
        encoding="utf-8",
    )
    assert main(["sweep", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    trials = data["search"]["trials"]
    assert len(trials) == 2 and all(2 <= t["settings"]["units[0].hp"] <= 12 for t in trials)
    assert data["search"]["best"]["value"] == min(t["value"] for t in trials if t["state"] == "complete")
    assert main(["sweep", str(path), "--html", str(tmp_path / "x.html")]) == 2
    assert "--html" in capsys.readouterr().err
