"""game.lab.paired_stats against cases with known answers (by hand, or scipy values computed once and written here)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.lab.paired_stats import (
    Sprt,
    benjamini_hochberg,
    draws_warning,
    elo_to_score,
    games_paired,
    games_unpaired,
    holm,
    identical,
    mcnemar_mid_p,
    paired_difference,
    paired_outcomes,
    run_sprt,
    score_to_elo,
    synthetic_pairs,
    tango_interval,
)
from game.lab.stats import wilson
from tests.budget import budget

# --- McNemar's mid-p --------------------------------------------------------------------------


def test_mid_p_by_hand():
    # b = 4, c = 0: 2·(½·P(X = 0)) = 1/16 with X ~ Bin(4, ½)
    assert mcnemar_mid_p(4, 0) == pytest.approx(1 / 16)
    # b = 3, c = 1: 2·(P(X = 0) + ½·P(X = 1)) = 2·(1 + 2)/16
    assert mcnemar_mid_p(3, 1) == pytest.approx(6 / 16)
    assert mcnemar_mid_p(2, 2) == pytest.approx(1.0)  # 2·(1 + 4 + 3)/16 = 1
    assert mcnemar_mid_p(0, 0) == 1.0


def test_mid_p_matches_scipy():
    # 2·binom.cdf(k − 1, m, ½) + binom.pmf(k, m, ½) from scipy.stats (1.x), computed once
    assert mcnemar_mid_p(15, 6) == pytest.approx(0.05247879028320315, rel=1e-12)
    assert mcnemar_mid_p(10, 21) == pytest.approx(0.050102459732443094, rel=1e-12)
    assert mcnemar_mid_p(42, 62) == pytest.approx(0.050442156639969586, rel=1e-12)


# --- Tango's interval ---------------------------------------------------------------------------


def test_tango_interval_matches_the_published_example():
    # Fagerland, Lydersen & Laake (2014), the Bentur et al. data (b = 1, c = 7, n = 21): Tango −0.517 to −0.026
    low, high = tango_interval(1, 7, 21)
    assert low == pytest.approx(-0.5172, abs=1e-4)
    assert high == pytest.approx(-0.0260, abs=1e-4)


@pytest.mark.parametrize(
    ("b", "c", "n", "low", "high"),
    [
        # the score interval with the restricted MLE found numerically (scipy.optimize.minimize_scalar, brentq)
        (12, 5, 200, -0.006002516606050888, 0.0806556570090995),
        (3, 3, 50, -0.11419866171870394, 0.11419866131362774),
        (40, 10, 100, 0.16922333675563156, 0.4210775027096228),
    ],
)
def test_tango_interval_matches_a_numerical_score_inversion(b, c, n, low, high):
    assert tango_interval(b, c, n) == pytest.approx((low, high), abs=1e-8)


def test_no_change_after_200_seeds_is_not_a_zero_width_interval():
    # b = c = 0: the bound solves n·δ/(1 − δ) = z², δ = z²/(n + z²) ≈ 0.0188
    z2 = 1.959963984540054**2
    low, high = paired_difference(0, 0, 200)["ci95"]
    assert high == pytest.approx(z2 / (200 + z2), rel=1e-9)
    assert low == pytest.approx(-high, rel=1e-9)


def test_the_interval_excludes_zero_exactly_when_mid_p_is_below_alpha():
    """For every b, c with b + c ≤ 200 at n = 200: the interval and the test never contradict."""
    n = 200
    moved = 0
    for m in range(n + 1):
        for b in range(m + 1):
            out = paired_difference(b, m - b, n)
            low, high = out["ci95"]
            excludes = low > 0 or high < 0
            assert excludes == (out["p"] < 0.05), (b, m - b)
            assert low <= out["difference"] <= high
            assert high - low > 0
            moved += not excludes and (low == 0.0 or high == 0.0) and b != m - b
    # the 14 (b, c) where Tango alone would reject (mid-p between 0.050 and 0.063) reach 0 instead
    assert moved == 14


def test_paired_outcomes_report_both_rates_on_the_same_pairs():
    pairs = [(False, True)] * 3 + [(True, False)] + [(True, True)] * 4 + [(False, False)] * 2
    out = paired_outcomes(pairs)
    assert (out["n"], out["b"], out["c"]) == (10, 3, 1)
    assert out["baseline_rate"] == pytest.approx(0.5)
    assert out["variant_rate"] == pytest.approx(0.7)
    assert out["difference"] == pytest.approx(out["variant_rate"] - out["baseline_rate"])
    assert out["discordance"] == pytest.approx(0.4)
    assert out["p"] == pytest.approx(2 * (1 + 0.5 * 4) / 16)


def test_draws_warning_only_above_the_threshold():
    assert not draws_warning(5, 100)
    assert draws_warning(6, 100)
    assert not draws_warning(0, 0)


# --- adjustments ------------------------------------------------------------------------------


def test_holm_by_hand():
    # sorted 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 → max(0.06, 0.04)
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_benjamini_hochberg_by_hand():
    # from the largest: 0.04·4/4, min(0.04, 0.03·4/3), 0.01·4/2, min(0.02, 0.005·4/1)
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])


@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=12))
def test_adjusted_p_values_never_fall_below_the_raw_ones_and_holm_is_stricter(ps):
    h, bh = holm(ps), benjamini_hochberg(ps)
    for p, a, f in zip(ps, h, bh, strict=True):
        assert p <= f + 1e-12 <= a + 2e-12
        assert a <= 1.0 and f <= 1.0


# --- the SPRT -----------------------------------------------------------------------------------


def test_elo_and_score_convert_both_ways():
    assert elo_to_score(0) == 0.5
    assert elo_to_score(400) == pytest.approx(10 / 11)
    assert score_to_elo(elo_to_score(-37.5)) == pytest.approx(-37.5)


def test_sprt_bounds_and_llr_by_hand():
    test = Sprt(0.5, 0.6, 0.05, 0.1)
    assert test.bounds == pytest.approx((math.log(0.1 / 0.95), math.log(0.9 / 0.05)))
    assert test.llr(3, 2) == pytest.approx(3 * math.log(1.2) + 2 * math.log(0.8))
    # log(18)/log(1.2) = 15.85: 16 straight wins accept H1, 15 do not
    assert test.decide(16, 0) == "H1"
    assert test.decide(15, 0) == "continue"
    assert test.decide(0, 11) == "H0"  # 11·log(0.8) = −2.45 < log(0.1/0.95) = −2.25
    assert test.to_json(15, 0, final=True)["decision"] == "inconclusive"


def test_sprt_refuses_ill_posed_hypotheses():
    assert Sprt.from_elo(0, 5, 0.05, 0.05).check() is None
    assert Sprt.from_elo(5, 5, 0.05, 0.05).check() is not None
    assert Sprt.from_elo(0, 5, 0.6, 0.5).check() is not None


def test_sprt_false_positive_rate_is_calibrated_on_synthetic_games():
    """A/A: both 'variants' win half their games; H1 is accepted at about the nominal alpha."""
    test = Sprt.from_elo(0, 50, 0.05, 0.05)
    rng = random.Random(20261206)
    runs = budget(2000, 500)
    decisions = [run_sprt(test, synthetic_pairs(rng, 100_000, 0.5, 0.5))[0] for _ in range(runs)]
    false_positives = decisions.count("H1")
    low, high = wilson(false_positives, runs)
    assert low <= 0.05 <= high
    assert decisions.count("inconclusive") == 0


def test_sprt_power_is_calibrated_on_synthetic_games():
    """At the alternative (θ = θ1 among discordant pairs), H0 is accepted at most about beta."""
    test = Sprt.from_elo(0, 50, 0.05, 0.05)
    rng = random.Random(7)
    runs = budget(1000, 400)
    # the baseline wins half its games, the variant θ1: among discordant pairs the variant wins θ1
    decisions = [run_sprt(test, synthetic_pairs(rng, 100_000, 0.5, test.theta1))[0] for _ in range(runs)]
    low, _ = wilson(decisions.count("H0"), runs)
    assert low <= 0.05


def test_sprt_looking_in_batches_stops_at_a_batch_boundary():
    test = Sprt(0.5, 0.6, 0.05, 0.1)
    decision, used = run_sprt(test, [1] * 40, step=10)
    assert (decision, used) == ("H1", 20)
    assert run_sprt(test, [0] * 7, step=10) == ("inconclusive", 7)


# --- planning ---------------------------------------------------------------------------------


def test_games_unpaired_by_hand():
    # Fleiss: p̄ = 0.515, (1.959964·√(2·0.515·0.485) + 0.841621·√(0.25 + 0.53·0.47))² / 0.03² = 4355.39
    assert games_unpaired(0.03, 0.8) == 4356
    assert games_unpaired(-0.03, 0.8, rate=0.53) == 4356  # the same two rates in the other order


def test_games_paired_by_hand():
    # Connor: (1.959964·√0.2 + 0.841621·√(0.2 − 0.039²))² / 0.039² = 1029.71
    assert games_paired(0.039, 0.8, 0.2) == 1030
    with pytest.raises(ValueError):
        games_paired(0.3, 0.8, 0.2)


def test_identical_cells():
    assert identical([1, 2, 3], [1, 2])
    assert not identical([1, 2, 3], [1, 4])
    assert not identical([], [1])


@given(st.integers(0, 700), st.integers(0, 700), st.integers(0, 1000))
def test_interval_and_mid_p_agree_beyond_200_seeds(b, c, extra):
    """The agreement does not depend on n (both sides of it depend on b and c only); checked up to b + c = 1400."""
    n = b + c + extra
    if n == 0:
        return
    out = paired_difference(b, c, n)
    low, high = out["ci95"]
    assert (low > 0 or high < 0) == (out["p"] < 0.05)
    assert low <= out["difference"] <= high and high > low
