"""What the hover card says is left after a move equals what the unit card says once the move is made.

The card asks `movement_left_after` before the click; the unit card reads `movement_summary` after it.
The two must agree for every band: a dnd5e dash adds a speed (D5-DASH), a pf1 move action keeps no
change (PF1-MOVE-ACTION), a double move uses both (PF1-DOUBLE-MOVE), a run the whole round (PF1-RUN).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_dnd5e_helpers import OPEN, act, east, fighter, situation

from game.battle.match import Match
from game.levels.level import load_level
from game.ui.forecast import action_for_band
from rules import dnd5e, effects, hexxen
from rules.core import Ruling

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def test_d5_dash_a_dash_path_of_fifteen_metres_leaves_three_of_eighteen():
    # walk 9 m: the dash makes 18 m this turn, so 10 squares (15 m) leave 3 m, not 9 - 15 < 0
    sit = situation(OPEN, fighter())
    ruling = dnd5e.measure(sit, "f", east(10))
    assert isinstance(ruling, Ruling) and ruling.band == "dash"
    assert dnd5e.movement_left_after(sit, "f", ruling) == 3.0
    after, _ = act(sit, "dash", path=east(10))
    assert dnd5e.movement_summary(after, "f") == (15.0, 3.0)


def test_d5_speed_a_plain_move_leaves_the_rest_of_the_speed():
    sit = situation(OPEN, fighter())
    ruling = dnd5e.measure(sit, "f", east(4))
    assert isinstance(ruling, Ruling) and ruling.band == "move"
    assert dnd5e.movement_left_after(sit, "f", ruling) == 3.0


def test_hx_abstract_hexxen_says_nothing_is_measured():
    assert hexxen.movement_left_after(None, "u", Ruling()) is None  # type: ignore[arg-type]


def _agreement(level: str, every: int) -> int:
    """Check every `every`-th reachable square of each unit of the side to act; return how many."""
    match = Match(load_level(LEVELS / level), seed=0)
    sit = match.situation()
    ruleset = match.ruleset
    checked = 0
    for uid, creature in sit.creatures.items():
        if creature.side != sit.creatures[next(iter(sit.creatures))].side:
            continue
        entries = [r for r in ruleset.reachable(sit, uid) if r.target is None and r.path]
        for entry in entries[::every]:
            measured = ruleset.measure(sit, uid, entry.path)
            assert isinstance(measured, Ruling), (level, uid, entry.at, measured)
            before = ruleset.movement_left_after(sit, uid, measured)
            done = ruleset.rule(sit, action_for_band(entry.band, uid, tuple(entry.path)), random.Random(0))
            assert isinstance(done, Ruling), (level, uid, entry.at, done)
            after = effects.apply(sit, done.effects)
            if after.creatures[uid].at != entry.at or after.creatures[uid].defeated:
                continue  # an opportunity attack cut the move short: the card promised the whole move
            summary = ruleset.movement_summary(after, uid)
            assert summary is not None
            assert before == pytest.approx(summary[1]), (level, uid, entry.at, entry.band)
            checked += 1
    return checked


@pytest.mark.parametrize("level", ["pf1_bridge.toml", "pf1_swamp.toml", "dnd5e_crypt.toml", "dnd5e_cliffs.toml"])
def test_pf1_move_action_d5_dash_left_after_equals_the_summary_after_the_move(level: str):
    # PF1-MOVE-ACTION, PF1-DOUBLE-MOVE, PF1-RUN, D5-SPEED, D5-DASH: the card's promise is the rules' answer
    assert _agreement(level, every=5) > 10
