"""Match re-reads only the turn states its effects changed (game/battle/world.py `reread_turns`), in the world's
order."""

from __future__ import annotations

from pathlib import Path

import esper
import pytest

from game.ai import ai_rng, take_turn
from game.battle import world
from game.battle.components import TurnBudget
from game.battle.match import Match
from game.levels.level import load_level

LEVELS = sorted((Path(__file__).resolve().parent.parent / "levels").glob("*.toml"))


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: p.stem)
def test_the_turn_states_read_again_equal_a_full_read_in_the_same_order(path, monkeypatch):
    level = load_level(path)
    checked = {"turns": 0}
    reread_turns = Match._reread_turns

    def both(self, before, units):
        found = reread_turns(self, before, units)
        fresh = world.turns()
        assert found == fresh and list(found) == list(fresh)
        checked["turns"] += 1
        return found

    monkeypatch.setattr(Match, "_reread_turns", both)
    for seed in range(2):
        match = Match(level, seed)
        rng = ai_rng(seed)
        while not match.finished and match.round <= 4:
            take_turn(match, rng)
            sit = match.situation()
            assert list(sit.turns.items()) == list(world.turns().items())
        match.close()
    assert checked["turns"] > 0


def test_a_unit_that_gains_or_loses_its_turn_state_makes_the_whole_read_needed():
    level = load_level(LEVELS[0])
    match = Match(level, 0)
    try:
        match.situation()
        before = world.turns()
        units = list(match.entities)
        holder = next(u for u in units if u in before)
        assert world.reread_turns(before, match.entities, {holder}) == before
        budget = esper.component_for_entity(match.entities[holder], TurnBudget)
        kept, budget.state = budget.state, None
        assert world.reread_turns(before, match.entities, {holder}) is None  # lost: turns() leaves it out
        budget.state = kept
        without = {u: s for u, s in before.items() if u != holder}
        assert world.reread_turns(without, match.entities, {holder}) is None  # gained: its place is the world's
        changed = object()
        budget.state = changed
        again = world.reread_turns(before, match.entities, {holder})
        assert again is not None and again[holder] is changed and list(again) == list(before)
    finally:
        match.close()
