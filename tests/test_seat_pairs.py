"""Seat-swapped pairs in simulate: how seats are swapped, and the pair statistics on games with known outcomes."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from game.lab import pairs
from game.lab.game_metrics import correlation, mean_interval, metric_summary, paired_metrics
from game.lab.game_record import GameRecord
from game.lab.simulate import variant

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def g(winner: str | None, first: str = "red") -> SimpleNamespace:
    """A finished game as the pair statistics read it."""
    return SimpleNamespace(winner=winner, first_side=first)


OTHER = {"red": "blue", "blue": "red"}


def test_the_swap_kind_follows_the_players_the_mirror_and_the_turns() -> None:
    _, bridge = variant(LEVELS / "pf1_bridge.toml", [])
    _, mirror = variant(LEVELS / "pf1_mirror.toml", [])
    _, restricted = variant(LEVELS / "pf1_bridge.toml", ['sides.monsters.without=["charge"]'])
    _, hold_out = variant(LEVELS / "pf1_bridge.toml", ["victory.rounds=5"])
    assert pairs.swap_kind([bridge]) == pairs.SWAP_ARMIES  # same player both sides, sides take turns
    assert pairs.swap_kind([mirror]) == pairs.SWAP_DICE
    assert pairs.swap_kind([bridge, restricted]) == pairs.SWAP_PLAYERS  # any variant's sides played differently
    assert pairs.swap_kind([hold_out]) is None


def test_swap_assignments_make_a_valid_second_game_for_every_kind() -> None:
    _, bridge = variant(LEVELS / "pf1_bridge.toml", ['sides.monsters.without=["charge"]'])
    sets = pairs.swap_assignments(bridge, pairs.SWAP_PLAYERS)
    _, swapped = variant(LEVELS / "pf1_bridge.toml", ['sides.monsters.without=["charge"]', *sets])
    assert [s.without for s in swapped.sides] == [("charge",), ()]
    _, armies = variant(LEVELS / "pf1_bridge.toml", pairs.swap_assignments(bridge, pairs.SWAP_ARMIES))
    assert [u.side for u in armies.units] == [OTHER_B[u.side] for u in bridge.units]
    _, mirror = variant(LEVELS / "pf1_mirror.toml", [])
    _, dice = variant(LEVELS / "pf1_mirror.toml", pairs.swap_assignments(mirror, pairs.SWAP_DICE))
    assert [(u.side, u.at, u.hp) for u in dice.units] == [(u.side, u.at, u.hp) for u in mirror.units]
    assert [u.id for u in dice.units] == [u.id for u in mirror.units[3:]] + [u.id for u in mirror.units[:3]]


OTHER_B = {"hunters": "monsters", "monsters": "hunters"}


def test_seat_summary_on_known_games() -> None:
    seat0 = [g("red"), g("red"), g("blue"), g(None)]
    seat1 = [g("blue", "red"), g("red", "red"), g("red", "red"), g("blue", "red")]  # blue holds red's player
    out = pairs.seat_summary(seat0, seat1, OTHER, pairs.SWAP_PLAYERS)
    red = out["sides"]["red"]
    assert red["seats"] == {"0": 0.5, "1": 0.5}  # red's player: 2 of 4 as written, 2 of 4 swapped
    assert red["win_rate"] == 0.5
    assert out["draw_rate"] == pytest.approx(1 / 8)
    first = out["first_mover"]  # 7 decisive games; the first side (red) won 2 + 2 of them
    assert (first["decisive"], first["wins"]) == (7, 4)
    assert first["effect"] == pytest.approx(4 / 7 - 0.5)


def test_pair_scores_are_the_share_of_each_pair() -> None:
    scores = pairs.pair_scores_by_side([g("red"), g("blue")], [g("blue"), g("blue")], OTHER)
    assert scores == {"red": [1.0, 0.5], "blue": [0.0, 0.5]}  # pair 1: red's player won both; pair 2: one each


def test_paired_pairs_counts_discordant_games_of_both_seats() -> None:
    base = ([g("red"), g("red"), g("blue")], [g("blue"), g("red"), g("red")])
    variant_ = ([g("blue"), g("red"), g("blue")], [g("red"), g("red"), g("red")])
    out = pairs.paired_pairs(base, variant_, OTHER)
    red = out["sides"]["red"]
    assert (out["pairs"], out["games"]) == (3, 6)
    # red's player: seat 0 (red) lost one win (b 0, c 1); seat 1 (blue holds it) lost one too (b 0, c 1)
    assert (red["b"], red["c"]) == (0, 2)
    assert red["difference"] == pytest.approx(-2 / 6)
    assert red["seats"] == {"0": pytest.approx(-1 / 3), "1": pytest.approx(-1 / 3)}
    assert red["ci95"][0] < red["difference"] < red["ci95"][1]


def test_metric_statistics_have_known_answers() -> None:
    m = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert m["mean"] == 2.5 and m["sd"] == pytest.approx(1.2909944)
    assert m["ci95"] == pytest.approx([2.5 - 1.959964 * 1.2909944 / 2, 2.5 + 1.959964 * 1.2909944 / 2], rel=1e-5)
    summary = metric_summary([{"rounds": 4.0, "first_contact_round": 2.0}, {"rounds": 6.0}])
    assert summary["rounds"]["mean"] == 5.0 and summary["first_contact_round"]["n"] == 1
    paired = paired_metrics(
        [{"rounds": 4.0}, {"rounds": 6.0}, {"rounds": 5.0}], [{"rounds": 5.0}, {"rounds": 8.0}, {"rounds": 5.0}]
    )
    assert paired["rounds"]["difference"] == pytest.approx(1.0)  # differences 1, 2, 0
    assert paired["rounds"]["ci95"] == pytest.approx([1 - 1.959964 / 3**0.5, 1 + 1.959964 / 3**0.5], rel=1e-5)
    assert correlation([(0.0, 0.0), (1.0, 1.0), (1.0, 1.0), (0.0, 0.0)]) == pytest.approx(1.0)
    assert correlation([(0.0, 1.0), (1.0, 0.0)]) == pytest.approx(-1.0)
    assert correlation([(1.0, 0.0), (1.0, 1.0)]) is None  # one side never varied


def test_a_simulate_row_becomes_a_game_record() -> None:
    row = {
        "level": "levels/pf1_bridge.toml",
        "level_fingerprint": "ab",
        "version": "0.3.0",
        "variant": "compare:swap",
        "set": ["units[0].hp=5"],
        "max_rounds": 8,
        "index": 4,
        "seed": 9,
        "winner": "hunters",
        "rounds": 7,
        "survivors": {"hunters": 2, "monsters": 0},
        "rules": {"GB-TURN": 14},
        "metrics": {"rounds": 7.0},
        "first_side": "hunters",
        "round_limit": False,
        "seat": 1,
        "players": {"hunters": "b", "monsters": "a"},
        "controllers": {"hunters": "normal", "monsters": "hard"},
        "without": {"monsters": ["charge"]},
        "dice_stream": 2,
    }
    record = GameRecord.from_row(row)
    assert (record.variant, record.seat, record.pair, record.winner_player) == ("compare", 1, 4, "b")
    assert record.without == {"monsters": ["charge"]} and record.provenance["dice_stream"] == 2
    assert record.assignments == ["units[0].hp=5"] and not record.draw_by_round_limit


def test_a_dice_swap_follows_each_army_on_its_own_side() -> None:
    """Swapping only the dice leaves each army, and a variant's change to it, on its side: seat 1 counts the same
    side; when the armies or the players trade sides, seat 1 counts the other one."""
    _, mirror = variant(LEVELS / "pf1_mirror.toml", [])
    sides = [s.id for s in mirror.sides]
    assert pairs.other_side(mirror, pairs.SWAP_DICE) == {side: side for side in sides}
    assert pairs.other_side(mirror, pairs.SWAP_ARMIES) == {sides[0]: sides[1], sides[1]: sides[0]}
    assert pairs.other_side(mirror) == pairs.other_side(mirror, pairs.SWAP_PLAYERS)
