"""Undo and the replay viewer put kept states back (GB-TURN): nothing is replayed from the seed.

`Match.undo` restores the state before the last action (unless it rolled: the dice stand),
`Match.restore` puts any kept `checkpoint` back, dice included, and `Replay.seek` indexes the
states the viewer kept. Each is held to the state a match reaches by playing forward.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import LEVELS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from world_reader import shown

from game.ai.legal import random_action
from game.ai.snapshot import snapshot
from game.battle.match import Match
from game.levels.level import Level, load_level
from game.saved.replay import Replay, to_script
from rules.actions import Action

LEVEL_FILES = ("arena_4v4.toml", "dnd5e_hall.toml", "hexxen_village.toml", "pf1_bridge.toml")
_LEVELS: dict[str, Level] = {}


def _level(name: str) -> Level:
    if name not in _LEVELS:
        _LEVELS[name] = load_level(LEVELS / name)
    return _LEVELS[name]


def state(match: Match) -> tuple[Any, ...]:
    """Everything a match is: its situation, turn order, end, dice, history, log and what `run --json` prints."""
    return (
        match.situation(),
        match.round,
        match.order.index,
        match.active_side,
        match.active_unit,
        match.finished,
        match.winner,
        list(match.history),
        list(match.log),
        match.rng.getstate(),
        match.rng.draws,
        match.state_json(),
    )


def _next(match: Match, rng: random.Random) -> Action:
    """A random next action: mostly a legal one of a unit that may act, now and then an end of turn or a refused one."""
    roll = rng.random()
    sit = match.situation()
    units = [uid for uid, c in sit.creatures.items() if match.can_act(uid) is None]
    if roll < 0.15 or not units:
        return Action("end_turn")
    unit = rng.choice(units)
    if roll < 0.25:  # a move onto the unit's own square: refused, and kept in the history
        return Action("move", unit, path=(sit.creatures[unit].at,))
    return random_action(snapshot(match), unit, rng) or Action("end_turn")


def _play(match: Match, rng: random.Random, steps: int) -> list[tuple[Any, ...]]:
    """Play `steps` random actions; the state before the first and after each."""
    states = [state(match)]
    for _ in range(steps):
        if match.finished:
            break
        match.perform(_next(match, rng))
        states.append(state(match))
    return states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(LEVEL_FILES), seed=st.integers(0, 10_000), steps=st.integers(1, 30))
def test_undo_restores_exactly_the_state_after_one_action_fewer(level: str, seed: int, steps: int) -> None:
    # GB-TURN: perform k actions, undo one: the state after k−1, unless the k-th rolled a die (then nothing changes)
    match = Match(_level(level), seed=seed)
    try:
        states = _play(match, random.Random(seed), steps)
        k = len(states) - 1
        rolled = match.history[-1].rolled if match.history else True
        undone = match.undo()
        assert undone is (k > 0 and not rolled)
        assert state(match) == (states[k - 1] if undone else states[k])
        assert shown(match) == match.situation()
        i = k - undone
        while match.undo():  # and further back, action by action, until an action that rolled
            i -= 1
            assert state(match) == states[i]
        assert i == 0 or match.history[-1].rolled
        assert shown(match) == match.situation()
    finally:
        match.close()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(LEVEL_FILES), seed=st.integers(0, 10_000), data=st.data())
def test_a_checkpoint_restored_from_anywhere_gives_its_state_and_the_same_dice_after_it(
    level: str, seed: int, data: st.DataObject
) -> None:
    # GB-TURN, GB-ATTACK: back past rolled dice and forward again: each kept state comes back whole, and
    # playing on from one rolls the dice the match rolled the first time
    match = Match(_level(level), seed=seed)
    try:
        rng = random.Random(seed)
        kept, states, actions = [match.checkpoint()], [state(match)], []
        for _ in range(data.draw(st.integers(1, 25))):
            if match.finished:
                break
            actions.append(_next(match, rng))
            match.perform(actions[-1])
            kept.append(match.checkpoint())
            states.append(state(match))
        past = match.past()
        for _ in range(4):
            j = data.draw(st.integers(0, len(kept) - 1))
            match.restore(kept[j], past)
            assert state(match) == states[j]
            assert shown(match) == match.situation()
        j = data.draw(st.integers(0, len(actions) - 1)) if actions else 0
        match.restore(kept[j], past)
        if actions:
            match.perform(actions[j])
            assert state(match) == states[j + 1]
    finally:
        match.close()


def _played_script(level: Level, seed: int, steps: int):
    match = Match(level, seed=seed)
    try:
        _play(match, random.Random(seed), steps)
        return to_script(match)
    finally:
        match.close()


def _forward_only(level: Level, script, index: int) -> Replay:
    """A new replay stepped forward `index` times: every position built by performing the actions."""
    replay = Replay(level, script)
    for _ in range(index):
        replay.forward()
    return replay


def _position(replay: Replay) -> tuple[Any, ...]:
    return (replay.index, replay.current_action(), replay.step_log(), replay.stop, state(replay.match))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(level=st.sampled_from(LEVEL_FILES), seed=st.integers(0, 10_000), data=st.data())
def test_replay_seek_backward_equals_seek_forward(level: str, seed: int, data: st.DataObject) -> None:
    # GB-TURN: stepping back indexes the kept states; the position equals one reached by stepping forward only
    script = _played_script(_level(level), seed, 30)
    replay = Replay(_level(level), script)
    try:
        for index in data.draw(st.lists(st.integers(0, len(script.actions) + 2), min_size=1, max_size=6)):
            replay.seek(index)
            fresh = _forward_only(_level(level), script, min(index, len(script.actions)))
            try:
                assert _position(replay) == _position(fresh)
            finally:
                fresh.close()
            if replay.back():
                fresh = _forward_only(_level(level), script, replay.index)
                assert _position(replay) == _position(fresh)
                fresh.close()
                assert replay.forward()
        replay.end()
        assert replay.index == replay.length == len(script.actions)
    finally:
        replay.close()


@pytest.mark.parametrize("level", LEVEL_FILES)
def test_stepping_back_in_a_replay_performs_no_action(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the viewer keeps the state after every step it showed: back and forward again rule on nothing
    script = _played_script(_level(level), 7, 24)
    replay = Replay(_level(level), script)
    try:
        replay.end()
        ruled: list[Action] = []
        perform = Match.perform
        monkeypatch.setattr(Match, "perform", lambda self, action: ruled.append(action) or perform(self, action))
        while replay.back():
            pass
        replay.end()
        assert ruled == [] and replay.index == len(script.actions)
    finally:
        replay.close()
