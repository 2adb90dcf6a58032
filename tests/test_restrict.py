"""Restricted players: a computer player forbidden a tactic never takes it, whatever the seed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import ai_rng, take_turn
from game.ai.restrict import TACTICS, restricted, tactics_of
from game.battle.match import Match
from game.lab.pairs import seated_sets
from game.lab.simulate import variant
from game.levels.controllers import TACTIC_NAMES, StrengthError, side_without, without_assignments
from game.levels.level import load_level
from rules.actions import Action

LEVELS = Path(__file__).resolve().parent.parent / "levels"
FORBIDDEN = {
    "pf1_mirror": frozenset({"step", "run"}),
    "hexxen_mirror": frozenset({"relief", "sneak"}),
    "dnd5e_mirror": frozenset({"dash"}),
}


def _tactics_taken(
    name: str, seed: int, without: frozenset[str], rounds: int = 12, strength: str = "normal"
) -> set[str]:
    match = Match(load_level(LEVELS / f"{name}.toml"), seed)
    rng = ai_rng(seed)
    try:
        while not match.finished and match.round <= rounds:
            take_turn(match, rng, without=without, strength=strength)
        cited = (
            (r.action, [*r.result.rules, *(e.rule for e in r.result.events)]) for r in match.history if r.result.ok
        )
        return {tactic for action, ids in cited for tactic in tactics_of(action, ids)}
    finally:
        match.close()


def test_the_tactic_names_of_levels_and_of_the_filter_agree() -> None:
    assert TACTICS == TACTIC_NAMES


@pytest.mark.parametrize("name", sorted(FORBIDDEN))
def test_full_players_use_the_tactics_the_restricted_ones_are_denied(name: str) -> None:
    used = set().union(*(_tactics_taken(name, seed, frozenset()) for seed in range(3)))
    assert FORBIDDEN[name] <= used


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    name=st.sampled_from(sorted(FORBIDDEN)),
    strength=st.sampled_from(["random", "easy", "normal"]),
)
def test_a_restricted_player_never_takes_a_forbidden_tactic(seed: int, name: str, strength: str) -> None:
    assert not _tactics_taken(name, seed, FORBIDDEN[name], strength=strength) & FORBIDDEN[name]


def test_a_restricted_hard_player_never_takes_a_forbidden_tactic() -> None:
    assert not _tactics_taken("pf1_mirror", 5, FORBIDDEN["pf1_mirror"], rounds=3, strength="hard") & {"step", "run"}


def test_a_level_sides_restriction_holds_without_being_passed() -> None:
    _, level = variant(LEVELS / "dnd5e_mirror.toml", ['sides.*.without=["dash"]'])
    match = Match(level, 2)
    rng = ai_rng(2)
    try:
        while not match.finished and match.round <= 12:
            take_turn(match, rng)  # no `without`: the level's sides say it
        assert all(r.action.kind != "dash" for r in match.history)
    finally:
        match.close()


def test_tactics_of_reads_kinds_modes_attack_tactics_and_squeezes() -> None:
    assert tactics_of(Action("charge", "u", ((1, 1),), target="e")) == {"charge"}
    assert tactics_of(Action("move", "u", ((1, 1),), mode="fly")) == {"fly"}
    assert tactics_of(Action("move", "u", ((1, 1),), mode="crawl")) == {"prone"}
    assert tactics_of(Action("attack", "u", target="e", tactic="cut_in", release="f")) == {"cut-in"}
    assert tactics_of(Action("move", "u", ((1, 1, 1, 2),))) == {"squeeze"}
    assert tactics_of(Action("move", "u", ((1, 1),)), ["PF1-SQUEEZE"]) == {"squeeze"}
    assert tactics_of(Action("attack", "u", target="e")) == frozenset()


def test_restricted_keeps_the_order_of_the_permitted_options() -> None:
    options = [Action("charge", "u", ((2, 2),), target="e"), Action("move", "u", ((1, 1),)), Action("step", "u")]
    assert restricted(options, frozenset({"charge", "step"})) == [options[1]]
    assert restricted(options, frozenset()) == options


def test_without_reaches_a_level_variant_per_side() -> None:
    sets = without_assignments(["step,charge", "west=run"])
    assert sets == ['sides.*.without=["charge", "step"]', 'sides.west.without=["run"]']
    _, level = variant(LEVELS / "pf1_mirror.toml", sets)
    sides = [s.id for s in level.sides]
    assert side_without(level, "west") == {"run"}
    assert all(side_without(level, s) == {"charge", "step"} for s in sides if s != "west")
    with pytest.raises(StrengthError, match="teleport"):
        without_assignments(["teleport"])


def test_a_duel_seating_carries_a_players_restriction_to_its_sides() -> None:
    from game.lab.pairs import seatings

    first, second = seatings(["west", "east"], "hard", "normal")
    without = {"a": ("step", "charge")}
    assert seated_sets(first, "hard", "normal", without)[-1] == 'sides.west.without=["charge", "step"]'
    assert seated_sets(second, "hard", "normal", without)[-1] == 'sides.east.without=["charge", "step"]'
    _, level = variant(LEVELS / "pf1_mirror.toml", seated_sets(second, "hard", "normal", without))
    assert side_without(level, "east") == {"charge", "step"} and side_without(level, "west") == frozenset()
