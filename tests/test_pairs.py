"""The statistics of seat-swapped pairs (game/lab/pairs.py) on synthetic results with known answers."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.lab.pairs import (
    PairedGame,
    by_level,
    elo,
    expected_score,
    pair_scores,
    score_interval,
    seat_gain,
    seatings,
    strengths_for,
    summarize,
)
from game.lab.stats import wilson


def _pair(level: str, pair: int, first: str | None, second: str | None) -> list[PairedGame]:
    """A pair on sides red/blue whose games were won by player `first` then `second` (None: a draw)."""
    out = []
    for seat, won in enumerate((first, second)):
        players = seatings(["red", "blue"], "hard", "normal")[seat]
        winner = None if won is None else next(side for side, p in players.items() if p == won)
        out.append(
            PairedGame(level, 100 + pair, pair, seat, strengths_for(players, "hard", "normal"), players, winner, 5)
        )
    return out


def test_a_seat_swap_gives_a_the_first_side_then_every_other():
    first, second = seatings(["red", "blue", "green"], "hard", "easy")
    assert first == {"red": "a", "blue": "b", "green": "b"}
    assert second == {"red": "b", "blue": "a", "green": "a"}
    assert strengths_for(second, "hard", "easy") == {"red": "easy", "blue": "hard", "green": "hard"}


def test_the_wilson_interval_matches_scipy():
    scipy_stats = pytest.importorskip("scipy.stats")
    for k, n in ((7, 10), (0, 12), (40, 40), (33, 80)):
        expected = scipy_stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        low, high = wilson(k, n)
        assert low == pytest.approx(expected.low, abs=1e-9)
        assert high == pytest.approx(expected.high, abs=1e-9)


def test_elo_of_known_scores():
    assert elo(0.5) == 0.0
    assert elo(0.75) == pytest.approx(400 * math.log10(3))  # 3 : 1 odds ≈ +190.8
    assert elo(0.25) == pytest.approx(-400 * math.log10(3))
    assert elo(10 / 11) == pytest.approx(400.0)  # 10 : 1 odds = 400 points by definition
    assert elo(1.0) == math.inf and elo(0.0) == -math.inf


@given(st.floats(min_value=-1200, max_value=1200, allow_nan=False))
def test_elo_inverts_the_expected_score(difference: float):
    assert elo(expected_score(difference)) == pytest.approx(difference, abs=1e-6)


def test_pair_scores_count_wins_and_half_draws_and_skip_unpaired_games():
    games = _pair("x", 0, "a", "a") + _pair("x", 1, "a", None) + _pair("x", 2, "b", "b") + _pair("y", 0, "a", "b")
    lone = _pair("y", 1, "a", "a")[:1]
    assert pair_scores(games + lone) == [2.0, 1.5, 0.0, 1.0]


def test_the_score_interval_over_pairs_by_hand():
    # per-game scores 1, .5, .5, 0: mean .5, sample sd √(0.5/3), half-width 1.96·sd/√4
    low, high = score_interval([2.0, 1.0, 1.0, 0.0])
    half = 1.959963984540054 * math.sqrt(0.5 / 3) / 2
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half))
    assert score_interval([2.0, 2.0]) == wilson(4, 4)  # no spread: Wilson's interval over the four games
    assert score_interval([1.0, 1.0, 1.0]) == pytest.approx(wilson(3, 6))  # three split pairs: a score of ½
    assert score_interval([]) == (0.0, 1.0)


def test_a_summary_of_known_results():
    # 10 pairs: A wins both games in 6, splits 2, draws one game of 1, loses both in 1
    games = []
    for i in range(6):
        games += _pair("arena", i, "a", "a")
    games += _pair("arena", 6, "a", "b") + _pair("arena", 7, "b", "a")
    games += _pair("arena", 8, "a", None)
    games += _pair("arena", 9, "b", "b")
    s = summarize(games)
    assert (s["games"], s["pairs"], s["a_wins"], s["b_wins"], s["draws"]) == (20, 10, 15, 4, 1)
    assert s["a_win_rate"] == 0.75 and s["a_win_ci95"] == list(wilson(15, 20))
    assert s["a_score"] == pytest.approx(15.5 / 20)
    assert s["elo"] == pytest.approx(-400 * math.log10(20 / 15.5 - 1))
    low, high = score_interval(pair_scores(games))
    assert s["a_score_ci95"] == [low, high] and low < s["a_score"] < high
    assert s["elo_ci95"][0] == pytest.approx(elo(low)) and s["elo_ci95"][1] == pytest.approx(elo(high))
    assert s["seats"]["0"] == {"games": 10, "a_wins": 8, "a_win_rate": 0.8}
    assert s["seats"]["1"] == {"games": 10, "a_wins": 7, "a_win_rate": 0.7}


def test_a_clean_sweep_has_no_finite_elo():
    s = summarize(_pair("arena", 0, "a", "a") + _pair("arena", 1, "a", "a"))
    assert s["a_win_rate"] == 1.0 and s["elo"] is None and s["elo_ci95"][1] is None
    low = wilson(4, 4)[0]
    assert s["a_score_ci95"] == [low, 1.0] and s["elo_ci95"][0] == pytest.approx(elo(low))  # ≈ +180


def test_summaries_per_level_and_overall():
    games = _pair("one", 0, "a", "a") + _pair("two", 0, "b", "b") + _pair("two", 1, None, None)
    out = by_level(games)
    assert list(out) == ["one", "two", "overall"]
    assert out["one"]["a_wins"] == 2 and out["two"]["b_wins"] == 2 and out["two"]["draws"] == 2
    assert out["overall"]["games"] == 6 and out["overall"]["a_score"] == pytest.approx(3 / 6)


def test_the_seat_gain_of_a_stronger_player():
    strong = _pair("x", 0, "a", "a") + _pair("x", 1, "a", "b")  # A wins seat 0 twice, seat 1 once
    base = _pair("x", 0, "b", "a") + _pair("x", 1, "b", "b")  # A wins seat 0 never, seat 1 once
    gain = seat_gain(strong, base)
    assert gain["seats"] == {"0": 1.0, "1": 0.0} and gain["mean"] == 0.5


@given(
    st.lists(st.tuples(st.sampled_from(["a", "b", None]), st.sampled_from(["a", "b", None])), min_size=1, max_size=30)
)
def test_swapping_the_players_mirrors_every_figure(results: list[tuple[str | None, str | None]]):
    swap = {"a": "b", "b": "a", None: None}
    games = [g for i, (x, y) in enumerate(results) for g in _pair("lvl", i, x, y)]
    mirrored = [g for i, (x, y) in enumerate(results) for g in _pair("lvl", i, swap[x], swap[y])]
    s, m = summarize(games), summarize(mirrored)
    assert s["a_wins"] + s["b_wins"] + s["draws"] == s["games"] == 2 * len(results)
    assert (s["a_wins"], s["b_wins"], s["draws"]) == (m["b_wins"], m["a_wins"], m["draws"])
    assert s["a_score"] == pytest.approx(1 - m["a_score"])
    low, high = s["a_score_ci95"]
    assert low <= s["a_score"] <= high
    assert (low, high) == pytest.approx((1 - m["a_score_ci95"][1], 1 - m["a_score_ci95"][0]))
    if s["elo"] is not None:
        assert s["elo"] == pytest.approx(-m["elo"], abs=1e-9)
