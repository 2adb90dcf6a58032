"""Creature views are shared by every match: the same unit in the same state is the same object, and exactly right.

game/battle/world.py keeps one view per (profile creature, component values) for all matches, so
two games of one level that reach the same position hold the very same creatures (their
situations compare by identity). These tests pin that sharing, and that a shared view is
always the creature a fresh read of that match's components gives.
"""

from __future__ import annotations

from pathlib import Path

import esper

from game.ai import ai_rng, take_turn
from game.battle import world
from game.battle.components import Health, Position, Posture, Profile, Side, Size
from game.battle.match import Match
from game.levels.level import load_level
from rules.core import Creature, Effect

ARENA = Path(__file__).resolve().parent.parent / "levels" / "arena_4v4.toml"


def _fresh(match: Match) -> dict[str, Creature]:
    """Every unit of the match as a new view of its components, nothing kept."""
    match._enter()
    out = {}
    for uid, ent in match.entities.items():
        profile, pos, size, side = (esper.component_for_entity(ent, t) for t in (Profile, Position, Size, Side))
        health, posture = (esper.component_for_entity(ent, t) for t in (Health, Posture))
        out[uid] = profile.creature.evolve(
            at=pos.at,
            space=pos.space,
            size=size.size,
            side=side.side,
            hp=health.hp,
            max_hp=health.max_hp,
            defeated=health.defeated,
            prone=posture.prone,
            helpless=posture.helpless,
            squeezed=posture.squeezed,
            airborne=posture.airborne,
            mode=posture.mode,
        )
    return out


def _profile(match: Match, unit: str) -> Creature:
    match._enter()
    return esper.component_for_entity(match.entities[unit], Profile).creature


def test_two_matches_in_the_same_position_hold_the_same_creatures():
    level = load_level(ARENA)
    first, second = Match(level, 3), Match(level, 3)
    try:
        for _ in range(4):
            a, b = first.situation(), second.situation()
            for u in a.creatures:
                # a unit whose profile changed (an attack of opportunity spends its reaction) has a new
                # profile creature in each match: its views are then its match's own, and equal
                same = _profile(first, u) is _profile(second, u)
                assert (a.creatures[u] is b.creatures[u]) == same and a.creatures[u] == b.creatures[u]
            assert dict(a.creatures) == _fresh(first) == _fresh(second)
            take_turn(first, ai_rng(3))
            take_turn(second, ai_rng(3))
        assert any(r.action.kind in ("move", "charge") for r in first.history)
    finally:
        first.close()
        second.close()


def test_a_changed_unit_gets_the_view_of_its_new_state_in_its_own_match_only():
    level = load_level(ARENA)
    hurt, calm = Match(level, 1), Match(level, 1)
    try:
        unit = next(iter(hurt.situation().creatures))
        before = hurt.situation().creatures[unit]
        hurt.apply((Effect("damage", unit, value=3),))
        after = hurt.situation().creatures[unit]
        assert after.hp == before.hp - 3 and after == _fresh(hurt)[unit]
        assert calm.situation().creatures[unit] is before  # the other match's unit is untouched
        world.forget_views()
        assert hurt.situation().creatures[unit] == after  # kept or not, the same creature
        assert world.creatures()[unit] == after and world.creatures()[unit] is not after
    finally:
        hurt.close()
        calm.close()
