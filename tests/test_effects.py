"""One meaning for effects: a match changes exactly as rules.effects.apply says, and its esper world shows it."""

from __future__ import annotations

import random

import pytest
from conftest import LEVELS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from world_reader import shown

from game.ai.planner import acting_units, ai_rng, candidates
from game.battle.match import Match
from game.levels.level import load_level
from rules import effects
from rules.actions import Action
from rules.core import Effect, Ruling, Size, Terrain

LEVEL_FILES = ("pf1_bridge.toml", "dnd5e_crypt.toml", "hexxen_village.toml")
_LEVELS = {name: load_level(LEVELS / name) for name in LEVEL_FILES}


def _match(name: str, seed: int = 0) -> Match:
    return Match(_LEVELS[name], seed=seed)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(LEVEL_FILES), seed=st.integers(0, 10_000), steps=st.integers(1, 14))
def test_the_match_and_its_world_follow_effects_apply_on_played_games(level: str, seed: int, steps: int) -> None:
    """Rulings the AI's actions get, on random seeds: the match's state is effects.apply's, and its world shows it."""
    match = _match(level, seed)
    rng, dice = ai_rng(seed), random.Random(seed)
    try:
        for _ in range(steps):
            sit = match.situation()
            action = next(
                (a for uid in acting_units(match, sit) for a in candidates(match, sit, uid, rng)[:1]),
                None,
            )
            result = match.ruleset.rule(sit, action, dice) if action is not None else None
            if not isinstance(result, Ruling) or not result.effects:
                match.perform(Action("end_turn"))
                continue
            expected = effects.apply(sit, result.effects)
            match.apply(result.effects)
            assert match.situation() == expected, action
            assert shown(match) == expected, action
    finally:
        match.close()


def _effect(draw: st.DrawFn, units: list[str], sides: list[str], width: int, height: int) -> Effect:
    """One random effect on one of the level's units (every kind, every owner of a field)."""
    unit = draw(st.sampled_from(units))
    square = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    kind = draw(st.sampled_from(("place", "set", "damage", "turn", "bind", "unbind", "board", "door")))
    if kind == "place":
        return Effect("place", unit, value=(square, draw(st.sampled_from((None, (1, 1), (2, 1))))))
    if kind == "damage":
        return Effect("damage", unit, value=draw(st.integers(0, 30)))
    if kind == "turn":
        return Effect("turn", unit, value=draw(st.integers(0, 5)))
    if kind in ("bind", "unbind"):
        return Effect(kind, unit, other=draw(st.sampled_from([u for u in units if u != unit] or units)))
    if kind == "board":
        return Effect("board", key=f"{square[0]},{square[1]}", value=Terrain(kinds=frozenset({"rough"})))
    if kind == "door" and square[0] + 1 < width:
        # an edge door between the square and its east neighbour, opened or closed (rules/doors.py)
        return Effect(
            "door", unit, key=f"{square[0]},{square[1]};{square[0] + 1},{square[1]}", value=draw(st.booleans())
        )
    key, values = draw(
        st.sampled_from(
            (
                ("size", st.sampled_from(list(Size))),
                ("side", st.sampled_from(sides)),
                ("prone", st.booleans()),
                ("helpless", st.booleans()),
                ("defeated", st.booleans()),
                ("squeezed", st.booleans()),
                ("mode", st.sampled_from(("walk", "fly", "crawl"))),
                ("hp", st.integers(0, 40)),
                ("max_hp", st.integers(1, 40)),
                ("speed", st.sampled_from((None, 6.0, 9.0))),
                ("fly", st.sampled_from((None, 18.0))),
                ("airborne", st.booleans()),
                ("reaction_round", st.integers(0, 5)),
                ("name", st.text(max_size=4)),
            )
        )
    )
    return Effect("set", unit, key, draw(values))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(LEVEL_FILES), data=st.data())
def test_a_match_and_its_world_follow_effects_apply_on_random_effects(level: str, data: st.DataObject) -> None:
    """Every effect kind and every field (size, side, speed included) reaches the match's state and its components."""
    match = _match(level)
    try:
        sit = match.situation()
        units, sides = list(sit.creatures), [s.id for s in match.level.sides]
        draw = data.draw
        ruling = [
            _effect(draw, units, sides, sit.board.width, sit.board.height) for _ in range(draw(st.integers(1, 6)))
        ]
        expected = effects.apply(sit, ruling)
        match.apply(ruling)
        assert match.situation() == expected
        assert shown(match) == expected
    finally:
        match.close()


def test_a_set_on_size_or_side_shows_in_the_situation() -> None:
    match = _match("dnd5e_crypt.toml")
    try:
        unit = next(iter(match.situation().creatures))
        other_side = next(s.id for s in match.level.sides if s.id != match.situation().creatures[unit].side)
        match.apply([Effect("set", unit, "size", Size.LARGE), Effect("set", unit, "side", other_side)])
        after = match.situation().creatures[unit]
        assert (after.size, after.side) == (Size.LARGE, other_side)
        assert match.side_of()[unit] == other_side
    finally:
        match.close()


@pytest.mark.parametrize(
    "bad", [Effect("set", "x", "nonsense", 1), Effect("set", "x", "id", "y"), Effect("teleport", "x")]
)
def test_unknown_effects_raise_in_apply_and_change_nothing_in_the_match(bad: Effect) -> None:
    match = _match("pf1_bridge.toml")
    try:
        unit = next(iter(match.situation().creatures))
        bad = Effect(bad.kind, unit, bad.key, bad.value)
        with pytest.raises(KeyError):
            effects.apply(match.situation(), [bad])
        before = match.situation()
        with pytest.raises(KeyError):
            match.apply([Effect("damage", unit, value=1), bad])
        assert match.situation() == before, "a refused batch changes nothing"
        assert shown(match) == before
    finally:
        match.close()
