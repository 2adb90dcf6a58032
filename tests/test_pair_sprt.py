"""The sequential test over seat-swapped pairs: known answers, and its calibration on synthetic pairs."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.lab.lab_simulate import aa_report
from game.lab.pair_sprt import categories, pair_decision, pair_json, pair_llr, run_pair_sprt, synthetic_seat_pairs
from game.lab.paired_stats import Sprt
from game.lab.sequential import seat_pair_counts
from game.lab.simulate import GameResult
from game.lab.stats import wilson
from tests.budget import budget

TEST = Sprt.from_elo(0, 100, 0.05, 0.05)


def game(index: int, winner: str | None) -> GameResult:
    return GameResult(index, 100 + index, winner, 5, {}, {})


def test_categories_of_a_pair():
    assert categories(1) == [(0, 0), (0, 1), (1, 0)]
    assert sorted(categories(2)) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)]


def test_one_game_a_seed_is_walds_test_on_discordant_games():
    pairs = {(1, 0): 3, (0, 1): 2, (0, 0): 5}
    assert pair_llr(TEST, pairs, 1) == TEST.llr(3, 2)
    assert pair_decision(TEST, pairs, 1) == TEST.decide(3, 2)


def test_pairs_with_one_discordant_game_give_walds_ratio():
    """Pairs whose second seat changed nothing: the constraint splits the discordant pairs θ : 1 − θ, as Wald's does."""
    pairs = {(1, 0): 9, (0, 1): 4, (0, 0): 30}
    assert pair_llr(TEST, pairs, 2) == pytest.approx(TEST.llr(9, 4), abs=0.01)


def test_a_pair_whose_two_games_both_flipped_counts_once():
    """Two games of one seed flipping together are one piece of evidence, not two: 6 pairs (2, 0) weigh as 6 wins."""
    both = pair_llr(TEST, {(2, 0): 6, (0, 2): 1}, 2)
    assert both == pytest.approx(TEST.llr(6, 1), abs=0.01)
    assert both < TEST.llr(12, 2)  # what counting the 14 games as independent would claim


def test_pairs_that_no_variant_decided_move_no_ratio():
    pairs = Counter({(1, 0): 5, (0, 1): 2, (1, 1): 3, (2, 0): 1})
    before = pair_llr(TEST, pairs, 2)
    pairs[(0, 0)] += 40
    assert pair_llr(TEST, pairs, 2) == pytest.approx(before, abs=1e-9)


def test_the_ratio_rises_with_the_variants_wins_and_decides_at_walds_bounds():
    low, high = TEST.bounds
    assert pair_llr(TEST, {(2, 0): 1}, 2) < pair_llr(TEST, {(2, 0): 2}, 2) < pair_llr(TEST, {(2, 0): 3}, 2)
    assert pair_llr(TEST, {(0, 2): 3}, 2) < pair_llr(TEST, {(0, 2): 2}, 2)
    # log(19)/log(θ1/θ0) = 11.9: twelve pairs won twice accept H1, eleven do not
    assert TEST.llr(12, 0) > high > TEST.llr(11, 0)
    assert pair_decision(TEST, {(2, 0): 12}, 2) == "H1"
    assert pair_decision(TEST, {(2, 0): 11}, 2) == "continue"
    assert pair_decision(TEST, {(0, 2): 30}, 2) == "H0"
    state = pair_json(TEST, {(2, 0): 10, (0, 1): 1}, 2)
    assert (state["decision"], state["b"], state["c"], state["games_per_pair"]) == ("inconclusive", 20, 1, 2)
    assert state["pair_counts"] == {"0,1": 1, "2,0": 10} and state["lower"] == low


def test_looking_in_batches_stops_at_a_batch_boundary():
    decision, used = run_pair_sprt(TEST, [(2, 0)] * 40, 2, step=5)
    assert (decision, used) == ("H1", 15)  # twelve would do; the look after fifteen sees it
    assert run_pair_sprt(TEST, [(0, 0)] * 7, 2, step=5) == ("inconclusive", 7)


def test_seat_pair_counts_meet_each_game_its_own_seats_game():
    base = [([game(0, "red"), game(1, "blue"), game(2, "red")], "red"), ([game(0, "red"), game(1, "red")], "blue")]
    other = [([game(0, "red"), game(1, "red"), game(2, "blue")], "red"), ([game(0, "blue"), game(1, None)], "blue")]
    # seed 0: seat 0 alike, seat 1 the variant's blue won; seed 1: seat 0 the variant's red won, seat 1 alike
    # (neither side "blue" won); seed 2 lacks its second seat and is left out
    assert seat_pair_counts(base, other) == (Counter({(1, 0): 2}), 2)


# --- calibration on synthetic pairs with known outcomes ------------------------------------------------------


def test_false_positive_rate_is_calibrated_over_correlated_pairs():
    """Under H0 (θ = ½) the test accepts H1 at the nominal alpha: 0.05 lies in the measured rate's interval."""
    rng = random.Random(2026)
    runs = budget(1500, 400)
    decisions = [run_pair_sprt(TEST, synthetic_seat_pairs(rng, 100_000, 0.5, 0.5, 0.6), 2)[0] for _ in range(runs)]
    low, high = wilson(decisions.count("H1"), runs)
    assert low <= TEST.alpha <= high
    assert decisions.count("inconclusive") == 0


def test_power_is_calibrated_over_correlated_pairs():
    """Under H1 (θ = θ1) the test accepts H1 at about 1 − beta: 0.05 lies in the interval of its misses."""
    rng = random.Random(2026)
    runs = budget(800, 300)
    pairs = [synthetic_seat_pairs(rng, 100_000, 0.5, TEST.theta1, 0.6) for _ in range(runs)]
    decisions = [run_pair_sprt(TEST, sequence, 2)[0] for sequence in pairs]
    low, high = wilson(decisions.count("H0"), runs)
    assert low <= TEST.beta <= high


def test_looking_in_batches_keeps_the_errors_below_the_nominal_rates():
    """Looking every 20 pairs (as simulate does) overshoots the bounds: the error rates fall below alpha and beta."""
    rng = random.Random(2026)
    runs = 1000
    under_h0 = [run_pair_sprt(TEST, synthetic_seat_pairs(rng, 100_000, 0.5, 0.5, 0.6), 2, 20)[0] for _ in range(runs)]
    under_h1 = [
        run_pair_sprt(TEST, synthetic_seat_pairs(rng, 100_000, 0.5, TEST.theta1, 0.6), 2, 20)[0] for _ in range(runs)
    ]
    assert wilson(under_h0.count("H1"), runs)[0] <= TEST.alpha
    assert wilson(under_h1.count("H0"), runs)[0] <= TEST.beta
    assert under_h0.count("H1") < TEST.alpha * runs and under_h1.count("H0") < TEST.beta * runs


def test_aa_report_over_pairs_by_hand():
    """Two A/A comparisons of two seeds each, both seats: McNemar over the four games, the test over the pairs."""
    # seat 0 counts red, seat 1 blue; comparison 0: seeds 0, 1 against 2, 3; comparison 1: 4, 5 against 6, 7
    seat0 = [game(i, w) for i, w in enumerate(["red", "red", "blue", "blue", "red", None, "red", None])]
    seat1 = [game(i, w) for i, w in enumerate(["blue", "red", "red", "red", "blue", "red", "blue", "red"])]
    aa = aa_report([(seat0, "red"), (seat1, "blue")], 2, 2, Sprt.from_elo(0, 400, 0.05, 0.05))
    assert (aa["side"], aa["pairs"], aa["games_per_pair"], aa["comparisons"]) == ("red", 2, 2, 2)
    # comparison 0: red lost seat 0 twice (c 2), blue lost seat 1 once (c 1): b 0, c 3 of 4 games
    # (mid-p of 0 : 3 is 0.125, no false positive); its pairs (0, 2) and (0, 1) weigh as two losses:
    # 2·log((1 − θ1)/(1 − θ0)) = −3.41 below log(0.05/0.95) = −2.94, H0. Comparison 1: every game alike.
    assert aa["false_positives"] == 0 and aa["rate"] == 0.0
    assert (aa["sprt"]["H0"], aa["sprt"]["H1"], aa["sprt"]["inconclusive"]) == (1, 0, 1)
    assert aa["ci95"] == pytest.approx(list(wilson(0, 2))) and aa["sprt"]["rate"] == 0.0
