"""The designer's lab in the commands: paired --compare, --sprt, --aa, --adjust, plan, identical cells, draws."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.commands.cli import main
from game.lab.cluster import PoolBackend, SerialBackend
from game.lab.lab_text import RELATIVE_MIN_COUNT, draws_line, lab_lines, rule_change
from game.lab.pair_sprt import pair_decision
from game.lab.paired_stats import Sprt, holm, paired_difference
from game.lab.sequential import grown_run, seat_pair_counts
from game.lab.simulate import GameResult
from game.lab.stats import wilson
from game.lab.sweep import adjust, report, run_sweep
from game.lab.sweep_file import load_sweep

ROOT = Path(__file__).resolve().parent.parent
ARENA = ROOT / "levels" / "arena_4v4.toml"
BRIDGE = ROOT / "levels" / "pf1_bridge.toml"


def write(folder: Path, body: str) -> Path:
    path = folder / "sweep.toml"
    path.write_text(body, encoding="utf-8")
    return path


def game(index: int, winner: str | None) -> GameResult:
    return GameResult(index, 100 + index, winner, 5, {}, {})


# --- simulate --compare is paired -----------------------------------------------------------------


def test_compare_is_paired_on_the_same_games_and_keeps_the_old_fields(capsys):
    args = ["simulate", str(ARENA), "--games", "6", "--max-rounds", "8", "--json", "--compare", "units[0].hp=3"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert "z-test" in data["comparison"]["test"]  # today's fields stay
    paired = data["paired"]
    assert paired["games"] == 6 and "mid-p" in paired["test"]
    for side, c in paired["sides"].items():
        # the rates shown and the difference come from the same six seeds
        assert c["baseline_rate"] == pytest.approx(data["base"]["sides"][side]["win_rate"])
        assert c["variant_rate"] == pytest.approx(data["compare"]["sides"][side]["win_rate"])
        assert c["difference"] == pytest.approx(c["variant_rate"] - c["baseline_rate"])
        expected = paired_difference(c["b"], c["c"], 6)
        assert c["ci95"] == pytest.approx(expected["ci95"]) and c["p"] == pytest.approx(expected["p"])
    assert data["exploratory"] is False


def test_compare_text_prints_the_interval(capsys):
    assert main(["simulate", str(ARENA), "--games", "3", "--max-rounds", "6", "--compare", "units[0].hp=3"]) == 0
    out = capsys.readouterr().out
    assert "paired difference (variant − base) over the same 3 seeds" in out
    assert "Tango" in out and "b " in out


def first_decision(rows: list[dict], base: str, variant: str, side: str, test: Sprt, look: int) -> tuple[str, int]:
    """Replay the test on a run's rows look by look: the first decision and the seeds it took."""
    first = {r["index"]: r["winner"] for r in rows if r["variant"] == base}
    second = {r["index"]: r["winner"] for r in rows if r["variant"] == variant}
    shared = sorted(set(first) & set(second))
    for end in range(look, len(shared) + look, look):
        seen = shared[:end]
        b = sum(1 for i in seen if second[i] == side and first[i] != side)
        c = sum(1 for i in seen if first[i] == side and second[i] != side)
        if test.decide(b, c) != "continue":
            return test.decide(b, c), len(seen)
    return "inconclusive", len(shared)


def first_pair_decision(rows: list[dict], base: str, variant: str, test: Sprt, look: int) -> tuple[str, int]:
    """Replay the test over seat-swapped pairs on a run's rows (red counted in seat 0, blue in seat 1)."""
    seats = [("", "red"), (":swap", "blue")]  # the arena's armies trade sides in a pair's second game
    won = {(r["variant"], r["index"]): r["winner"] for r in rows}
    shared = sorted({i for _, i in won if all((v + s, i) in won for v in (base, variant) for s, _ in seats)})
    pairs: Counter[tuple[int, int]] = Counter()
    for n, i in enumerate(shared, 1):
        b = sum(1 for s, side in seats if won[(variant + s, i)] == side != won[(base + s, i)])
        c = sum(1 for s, side in seats if won[(base + s, i)] == side != won[(variant + s, i)])
        pairs[(b, c)] += 1
        if n % look == 0 and pair_decision(test, pairs, 2) != "continue":
            return pair_decision(test, pairs, 2), n
    return "inconclusive", len(shared)


def test_compare_with_sprt_stops_at_the_first_look_that_decides(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    args = ["simulate", str(ARENA), "--games", "60", "--max-rounds", "6", "--json", "--compare", "units[0].hp=1"]
    assert main([*args, "--sprt", "0", "400", "--alpha", "0.1", "--beta", "0.1", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    s = data["sprt"]
    assert (s["alpha"], s["beta"], s["side"]) == (0.1, 0.1, "red")
    assert s["elo0"] == 0 and s["elo1"] == pytest.approx(400)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    expected = first_pair_decision(rows, "base", "compare", Sprt.from_elo(0, 400, 0.1, 0.1), 20)
    assert (s["decision"], s["pairs"], s["games_per_pair"]) == (*expected, 2)
    assert data["base"]["games"] == data["compare"]["games"] == s["pairs"] == data["pairs"]["paired"]["pairs"]
    assert {r["seat"] for r in rows if r["variant"] == "compare:swap"} == {1}


def test_compare_with_sprt_unpaired_is_walds_test_on_discordant_seeds(tmp_path, capsys):
    out = tmp_path / "rows.jsonl"
    args = ["simulate", str(ARENA), "--games", "60", "--max-rounds", "6", "--json", "--compare", "units[0].hp=1"]
    assert main([*args, "--unpaired", "--sprt", "0", "400", "--alpha", "0.1", "--beta", "0.1", "--out", str(out)]) == 0
    s = json.loads(capsys.readouterr().out)["sprt"]
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    expected = first_decision(rows, "base", "compare", "red", Sprt.from_elo(0, 400, 0.1, 0.1), 20)
    assert (s["decision"], s["pairs"], s["games_per_pair"]) == (*expected, 1)
    assert s["test"] == "Wald's SPRT on discordant pairs"


def test_compare_with_sprt_prints_the_decision_over_pairs(capsys):
    args = ["simulate", str(ARENA), "--games", "20", "--max-rounds", "6", "--compare", "units[0].hp=1"]
    assert main([*args, "--sprt", "0", "400", "--alpha", "0.1", "--beta", "0.1"]) == 0
    out = capsys.readouterr().out
    assert "compare: SPRT for red over seat-swapped pairs, Elo 0 against 400, alpha 0.1, beta 0.1: " in out
    assert "seat-swapped pairs, compare: " in out


def test_sprt_refusals(capsys):
    assert main(["simulate", str(ARENA), "--games", "2", "--sprt", "0", "5"]) == 2
    assert "--compare" in capsys.readouterr().err
    assert main(["simulate", str(ARENA), "--games", "2", "--compare", "units[0].hp=3", "--sprt", "5", "5"]) == 2
    assert "--sprt 5 5" in capsys.readouterr().err
    assert main(["simulate", str(ARENA), "--games", "2", "--aa", "2", "--compare", "units[0].hp=3"]) == 2
    assert "--aa" in capsys.readouterr().err


def test_aa_reports_the_measured_rate_next_to_the_nominal(capsys):
    assert main(["simulate", str(ARENA), "--games", "3", "--max-rounds", "6", "--aa", "2", "--json"]) == 0
    aa = json.loads(capsys.readouterr().out)["aa"]
    assert (aa["comparisons"], aa["pairs"], aa["nominal"], aa["side"]) == (2, 3, 0.05, "red")
    assert aa["rate"] == aa["false_positives"] / 2
    assert aa["ci95"] == pytest.approx(list(wilson(aa["false_positives"], 2)))
    assert main(["simulate", str(ARENA), "--games", "3", "--max-rounds", "6", "--aa", "2"]) == 0
    assert "nominal 5 %" in capsys.readouterr().out


# --- sweep: SPRT, adjustment, identical cells ---------------------------------------------------------


SPRT_SWEEP = f"""
levels = ["{ARENA}"]
seed = 3
games = 12
batch = 4
max_rounds = 12
flag = 0

[grid]
"units[0].hp" = [12, 1]
"""


def test_sweep_sprt_stops_each_variant_at_the_first_batch_that_decides(tmp_path, capsys):
    path, out = write(tmp_path, SPRT_SWEEP), tmp_path / "rows.jsonl"
    options = ["--sprt", "0", "400", "--alpha", "0.2", "--beta", "0.2", "--out", str(out)]
    assert main(["sweep", str(path), "--json", *options]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sprt"]["alpha"] == 0.2 and data["sprt"]["test"].startswith("Wald")
    base, variant = data["levels"][0]["cells"]
    s = variant["sprt"]
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    # over seat-swapped pairs: each seed's two games per variant are one unit, and the twins stop with their cells
    assert s["games_per_pair"] == 2 and "pairs" in s["test"]
    assert (s["decision"], s["pairs"]) == first_pair_decision(rows, "v0", "v1", Sprt.from_elo(0, 400, 0.2, 0.2), 4)
    assert base["games"] == variant["games"] == s["pairs"] == variant["pairs"]["pairs"]
    assert variant["paired_pairs"]["pairs"] == s["pairs"]
    assert len([r for r in rows if r["variant"] == "v1:swap"]) == s["pairs"]
    assert variant["stopped_early"] and s["pairs"] < 12  # these seeds decide before the games run out


def test_sweep_sprt_stops_alike_on_one_process_and_a_pool(tmp_path):
    sweep = load_sweep(write(tmp_path, SPRT_SWEEP))
    test = Sprt.from_elo(0, 400, 0.2, 0.2)
    alone = run_sweep(sweep, SerialBackend(), sprt=test)
    pool = PoolBackend(2)
    try:
        shared = run_sweep(sweep, pool, sprt=test)
    finally:
        pool.close()
    assert [(p.results, p.stopped_early) for p in alone] == [(p.results, p.stopped_early) for p in shared]
    assert report(sweep, alone, sprt=test) == report(sweep, shared, sprt=test)


def test_a_cell_stopped_before_its_baseline_names_the_seeds_its_difference_counts():
    pair = {"games": 4, "sides": {"red": {"baseline_rate": 0.5, "variant_rate": 0.25}}, "identical": False}
    level = {"cells": [{"variant": "v0", "games": 8, "paired": None}, {"variant": "v1", "games": 4, "paired": pair}]}
    assert lab_lines(level, {}) == [
        "    v1: the difference counts the 4 seeds both v1 and v0 played;"
        " on them red won 50.0 % under v0 and 25.0 % under v1"
    ]


def test_run_staged_decides_after_whole_stages_only():
    base = [game(i, "red") for i in range(8)]
    other = [game(i, "blue" if i < 5 else "red") for i in range(8)]
    assert seat_pair_counts([(base, "red")], [(other, "red")]) == ({(0, 1): 5, (0, 0): 3}, 1)
    assert seat_pair_counts([(base, "red")], [(other[:3], "red")]) == ({(0, 1): 3}, 1)


def test_sweep_with_sprt_and_precision_is_refused(tmp_path, capsys):
    path = write(tmp_path, SPRT_SWEEP)
    assert main(["sweep", str(path), "--sprt", "0", "5", "--precision", "0.2"]) == 2
    assert "--precision" in capsys.readouterr().err


IDENTICAL = f"""
levels = ["{BRIDGE}", "{ARENA}"]
seed = 1000
games = 4
batch = 4
max_rounds = 8
flag = 0

[grid]
"units[0].speed" = [9, 6]
"""


def test_a_variant_that_changed_nothing_is_said_plainly_and_p_values_are_adjusted(tmp_path, capsys):
    path = write(tmp_path, IDENTICAL)
    assert main(["sweep", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    bridge = data["levels"][0]["cells"][1]["paired"]
    assert bridge["identical"] is True  # the unit's run reaches the enemy at speed 6 as at 9
    assert all(s["b"] == s["c"] == 0 and s["p"] == 1.0 for s in bridge["sides"].values())
    # the grid's tests are over the seat-swapped pairs (both seats of every seed)
    paired = [c["paired_pairs"] or c["paired"] for lv in data["levels"] for c in lv["cells"] if c["paired"]]
    stats = [s for pair in paired for s in pair["sides"].values()]
    assert 2 <= data["adjustment"]["family"] <= len(stats) == 4
    assert all(s["p"] <= s["p_adjusted"] and s["survives"] == (s["p_adjusted"] < 0.05) for s in stats)
    assert main(["sweep", str(path), "--adjust", "bh"]) == 0
    text = capsys.readouterr().out
    assert "v1: the same games as v0 on all 4 shared seeds — this change made no difference here" in text
    assert "Benjamini–Hochberg" in text


def side(p: float) -> dict:
    return {"p": p}


def cell(sides: list[float], draws: float) -> dict:
    rates = {"baseline_rate": draws, "variant_rate": 0.0}
    return {"paired": {"sides": {f"s{i}": side(p) for i, p in enumerate(sides)}, "draws": rates}}


def test_adjustment_counts_a_two_sided_cell_without_draws_once():
    # cell A: two sides, no draws: one test (p 0.01); cell B: draws, so its two sides are two tests
    levels = [{"cells": [{"paired": None}, cell([0.01, 0.01], 0.0), cell([0.02, 0.04], 0.1)]}]
    assert adjust(levels, "holm") == 3
    a, b = levels[0]["cells"][1]["paired"]["sides"], levels[0]["cells"][2]["paired"]["sides"]
    expected = holm([0.01, 0.02, 0.04])  # 0.03, 0.04, 0.04
    assert [a["s0"]["p_adjusted"], a["s1"]["p_adjusted"]] == pytest.approx([expected[0]] * 2)
    assert [b["s0"]["p_adjusted"], b["s1"]["p_adjusted"]] == pytest.approx(expected[1:])
    assert all(s["survives"] for s in (*a.values(), *b.values()))


def test_a_finished_sweep_grown_with_resume_is_marked_exploratory(tmp_path, capsys):
    small = IDENTICAL.replace(f'"{BRIDGE}", ', "")
    path, out = write(tmp_path, small), tmp_path / "rows.jsonl"
    assert main(["sweep", str(path), "--json", "--out", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["exploratory"] is False
    assert main(["sweep", str(path), "--json", "--out", str(out), "--resume"]) == 0  # nothing grown: the same run
    assert json.loads(capsys.readouterr().out)["exploratory"] is False
    path.write_text(small.replace("games = 4", "games = 6"), encoding="utf-8")
    assert main(["sweep", str(path), "--out", str(out), "--resume"]) == 0  # 4 games looked at, now 6
    assert "exploratory: this run grew an earlier one" in capsys.readouterr().out


def test_grown_run_tells_a_finished_run_from_an_interrupted_one():
    def rows(cell: str, count: int, start: int = 0) -> list[dict]:
        return [{"level_fingerprint": "f", "set": [cell], "index": i} for i in range(start, start + count)]

    cells = [("f", ["a"]), ("f", ["b"])]
    assert grown_run(rows("a", 4) + rows("b", 4), cells, 8)  # both finished at 4, now 8
    assert not grown_run(rows("a", 4) + rows("b", 4), cells, 4)  # the same run again
    assert not grown_run(rows("a", 4) + rows("b", 2), cells, 8)  # interrupted mid-way
    assert not grown_run(rows("a", 2, 2) + rows("b", 2, 2), cells, 8)  # not a prefix: games of another kind
    assert not grown_run([], cells, 8)


# --- text helpers ---------------------------------------------------------------------------------


def test_rule_changes_on_tiny_counts_are_counts():
    few = {"baseline": 0.02, "variant": 0.01, "change": -0.01, "relative": -1 / 3, "baseline_count": 3}
    few["variant_count"] = 2
    assert rule_change(few) == " (3 → 2 firings)"
    many = dict(few, baseline_count=RELATIVE_MIN_COUNT, variant_count=10, relative=-0.5)
    assert rule_change(many) == " (-50 %)"


def test_draws_warning_gives_rates_among_decisive_games():
    summary = {
        "draws_warning": True,
        "draw_rate": 0.25,
        "sides": {"red": {"decisive_win_rate": 2 / 3}, "blue": {"decisive_win_rate": 1 / 3}},
    }
    assert draws_line(summary) == (
        "warning: 25.0 % of the games reached the round limit (draws); "
        "win rates among decisive games: red 66.7 %, blue 33.3 %"
    )
    assert draws_line({"draws_warning": False}) is None


def test_summary_counts_decisive_games_apart(capsys):
    assert main(["simulate", str(ARENA), "--games", "4", "--max-rounds", "2", "--json"]) == 0
    base = json.loads(capsys.readouterr().out)["base"]
    assert base["decisive"] == 4 - base["draws"]
    assert base["draws_warning"] == (base["draws"] / 4 > 0.05)
    for s in base["sides"].values():
        rate = s["wins"] / base["decisive"] if base["decisive"] else 0.0
        assert s["decisive_win_rate"] == pytest.approx(rate)


# --- plan -----------------------------------------------------------------------------------------


def test_plan_prints_games_needed(capsys):
    assert main(["plan", "--effect", "3%", "--power", "0.8", "--paired", "--discordance", "0.2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unpaired"] == {"games_per_variant": 4356, "games": 8712}  # Fleiss, by hand in test_paired_stats
    assert data["paired"][0]["seeds_needed"] == 1742  # Connor: (1.96·√0.2 + 0.8416·√(0.2 − 0.0009))² / 0.0009
    assert main(["plan", "--effect", "0.03"]) == 0
    assert "4356 games per variant" in capsys.readouterr().out


def test_plan_from_a_run_measures_the_discordance(tmp_path, capsys):
    rows = tmp_path / "run.jsonl"
    args = ["simulate", str(ARENA), "--games", "4", "--max-rounds", "6", "--out", str(rows)]
    assert main([*args, "--compare", "units[0].hp=1"]) == 0
    capsys.readouterr()
    games = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    base = {g["seed"]: g["winner"] for g in games if g["variant"] == "base"}
    other = {g["seed"]: g["winner"] for g in games if g["variant"] == "compare"}
    share = sum(base[s] != other[s] for s in base) / 4
    assert main(["plan", "--effect", "3%", "--from", str(rows), "--json"]) == 0
    measured = json.loads(capsys.readouterr().out)["paired"][0]
    assert (measured["variant"], measured["seeds"]) == ("compare", 4)
    assert measured["discordance"] == pytest.approx(share)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--effect", "lots"], "--effect 'lots'"),
        (["--effect", "3%", "--paired"], "--discordance"),
        (["--effect", "3%", "--power", "2"], "--power"),
        (["--effect", "3%", "--discordance", "1.5"], "--discordance 1.5"),
    ],
)
def test_plan_bad_input_is_one_line(capsys, args, words):
    assert main(["plan", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1
