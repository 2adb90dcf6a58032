"""The bench's baselines rule like the game does, so its ratios compare like with like (no timing here)."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.dial import dial_search
from bench.frame_bench import UNITS, level_text
from bench.maps import bench_rows
from bench.timing import interleave, ratio
from game.levels.level import parse_level
from rules import pf1
from rules.board import board_from_rows
from rules.core import Creature, Situation


def _rows(seed: int, w: int, h: int) -> list[str]:
    rng = random.Random(seed)
    rows = ["".join(rng.choice("..,,#") for _ in range(w)) for _ in range(h)]
    rows[h // 2] = rows[h // 2][: w // 2] + "." + rows[h // 2][w // 2 + 1 :]
    return rows


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 12), st.integers(3, 12))
def test_the_dial_baseline_gives_the_pf1_move_band_costs(seed, w, h):
    # PF1-DIAG, PF1-DIFFICULT, PF1-DIFFICULT-DIAG, PF1-CORNER: the baseline searches the same graph
    rows = _rows(seed, w, h)
    start = (w // 2, h // 2)
    human = Creature("h", "a", start, speed=9)
    sit = Situation("pf1", board_from_rows(rows), {"h": human})
    speed = pf1.effective_speed(human)
    move = {r.at: r.cost for r in pf1.reachable(sit, "h") if r.band == "move"}
    dial = dial_search(rows, start, speed)()
    assert move == {sq: c for sq, c in dial.items() if 0 < c <= speed}


def test_the_frame_bench_level_loads_with_its_units_on_open_squares():
    level = parse_level(level_text(), "bench.toml")
    assert (level.board.width, level.board.height) == (100, 100)
    ids = {u.id for u in level.units}
    assert {uid for uid, _ in UNITS} <= ids


def test_interleaved_ratios_pair_each_round():
    times = interleave({"a": lambda: None, "b": lambda: None}, rounds=5, timer=lambda fn: 2.0 if fn() else 1.0)
    assert times == {"a": [1.0] * 5, "b": [1.0] * 5}
    assert ratio({"a": [2.0, 9.0, 4.0], "b": [1.0, 3.0, 1.0]}, "a", "b") == 3.0


def test_the_bench_map_keeps_its_centre_clear():
    rows = bench_rows()
    assert all(rows[y][x] == "." for x in range(49, 52) for y in range(49, 52))


def test_bench_json_stdout_is_one_json_object_even_when_the_game_prints(monkeypatch, tmp_path, capsys):
    """`python -m bench --json`: the game's log lines (a new match prints its dice seed) go to stderr, so
    stdout parses as one JSON object."""
    import bench.__main__ as bench_main
    from tests.ui_helpers import open_app, write_level

    def opens_a_match() -> dict:
        app = open_app(write_level(tmp_path))  # as the frame bench does: the App prints "Dice seed …"
        seed = app.session.match.seed
        app.close()
        return {"ratio": 1.5, "seed": seed}

    monkeypatch.setattr(bench_main, "_runners", lambda: {"startup": opens_a_match})
    assert bench_main.main(["--json", "--only", "startup"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["startup"]["ratio"] == 1.5 and report["startup"]["targets"]["ratio"]["meets"] is True
    assert f"Dice seed {report['startup']['seed']}" in err


def test_the_simulate_figure_is_the_median_of_rounds_played_from_emptied_caches(monkeypatch):
    """Each round plays the same seeds from emptied caches (what one `simulate --games N` run does), so the
    rounds do the same work and their median stands for it; no round gets the warm-up game's positions."""
    import statistics

    from bench import simulate_bench
    from game.battle import reach_cache

    forgotten, played = [], []
    real_forget, real_play = simulate_bench._forget, simulate_bench.play_game
    monkeypatch.setattr(simulate_bench, "_forget", lambda: (forgotten.append(len(played)), real_forget()))

    def play(level, seed, index=0):
        played.append(seed)
        return real_play(level, seed, index=index)

    monkeypatch.setattr(simulate_bench, "play_game", play)
    out = simulate_bench.bench_simulate(games=2, parallel=0, rounds=3, seed=5)
    assert len(out["cpu_ms_per_game_rounds"]) == 3
    assert out["cpu_ms_per_game"] == round(statistics.median(out["cpu_ms_per_game_rounds"]), 2)
    warm_up, timed = played[0], played[1:7]
    assert warm_up not in timed and timed == [5, 6] * 3
    assert forgotten[:3] == [1, 3, 5]  # caches emptied before each round, after the warm-up
    assert out["illegal_actions"] == 0
    reach_cache.clear()


def test_the_window_soak_reads_a_rising_floor_under_swings() -> None:
    from bench.kiosk_window_soak import floor, slope_per_hour

    # RSS swinging by 10 MB every other sample over a floor rising 6 MB an hour, sampled every 30 s for 50 minutes
    points = [(t * 30.0, 170.0 + t * 30.0 / 600 + (10.0 if t % 2 else 0.0)) for t in range(100)]
    least = floor(points)
    assert len(least) == 10 and all(y == 170.0 + x / 600 for x, y in least)  # each five minutes' trough
    assert abs(slope_per_hour(least) - 6.0) < 1e-9
    assert floor([]) == [] and slope_per_hour([(0.0, 1.0)]) == 0.0


def test_the_cost_comparison_plays_both_trees_in_turn_and_takes_the_median_ratio(monkeypatch) -> None:
    """bench.cost_against plays the older player's tree and this one in alternating order, each round's ratio
    (now ÷ then) from the same moment of the machine, and leaves no worktree behind."""
    import shutil
    import subprocess

    import pytest

    from bench import cost_against

    root = str(cost_against.ROOT)
    if (
        shutil.which("git") is None
        or subprocess.run(
            ["git", "-C", root, "cat-file", "-e", cost_against.BASELINE], check=False, capture_output=True
        ).returncode
        != 0
    ):
        pytest.skip("not a full git checkout: the older commit is not here")
    order: list[str] = []
    times = {"old": iter([40.0, 30.0, 50.0]), "now": iter([20.0, 18.0, 20.0])}

    def one_round(tree, games, cache):
        side = "now" if tree == cost_against.ROOT else "old"
        if side == "old":  # the older player's tree is a checkout of the baseline commit
            assert (tree / "bench" / "simulate_bench.py").is_file()
        order.append(side)
        return next(times[side])

    monkeypatch.setattr(cost_against, "_one_round", one_round)
    before = subprocess.run(["git", "-C", root, "worktree", "list"], capture_output=True, text=True).stdout
    got = cost_against.cost_against(rounds=3, games=2)
    assert order == ["old", "now", "now", "old", "old", "now"]
    assert got["baseline_cpu_ms_per_game"] == 40.0 and got["cpu_ms_per_game"] == 20.0
    assert got["ratio"] == 0.5  # ratios 0.5, 0.6, 0.4: their median, not the ratio of the medians
    assert subprocess.run(["git", "-C", root, "worktree", "list"], capture_output=True, text=True).stdout == before
