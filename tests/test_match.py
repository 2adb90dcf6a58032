"""The running match: esper world, actions as the one way state changes, turns, undo, replay."""

from __future__ import annotations

import random
from pathlib import Path

import esper
import pytest
from world_reader import shown

from game.ai import ai_rng, take_turn
from game.battle.components import Position
from game.battle.match import BadAction, CountingRandom, Match
from game.levels.level import load_level, parse_level
from rules.actions import Action
from rules.core import Illegal, Ruling

LEVELS = Path(__file__).resolve().parent.parent / "levels"

DUEL = """
format = 1
name = "Duel"
ruleset = "{ruleset}"
turns = "{turns}"

[map]
tiles = '''
........
........
........
........
'''

[[sides]]
id = "a"

[[sides]]
id = "b"

[[units]]
id = "alda"
side = "a"
at = [0, 0]
speed = 9
hp = 5
attack = 40
damage = "10"

[[units]]
id = "bors"
side = "b"
at = [5, 3]
speed = 9
hp = 5
"""


def duel(ruleset: str = "dnd5e", turns: str = "sides"):
    return parse_level(DUEL.format(ruleset=ruleset, turns=turns), "duel.toml")


@pytest.fixture
def match():
    m = Match(duel(), seed=3)
    yield m
    m.close()


def test_a_match_builds_one_esper_world_with_a_position_per_unit(match):
    match.situation()
    positions = {p.at for _, p in esper.get_component(Position)}
    assert positions == {(0, 0), (5, 3)}
    assert esper.current_world == match.world_name


def test_closing_a_match_deletes_its_world():
    m = Match(duel(), seed=1)
    name = m.world_name
    m.close()
    assert name not in esper.list_worlds()


def test_a_legal_move_changes_the_position_component_through_the_systems(match):
    result = match.perform(Action("move", "alda", path=((1, 1), (2, 2))))
    assert isinstance(result, Ruling)
    assert esper.component_for_entity(match.world.entities["alda"], Position).at == (2, 2)
    assert match.situation().creatures["alda"].at == (2, 2)


def test_an_illegal_action_changes_nothing(match):
    before = match.state_json()
    result = match.perform(Action("move", "alda", path=((9, 9),)))
    assert isinstance(result, Illegal)
    assert match.state_json() == before


def test_only_the_active_side_may_act(match):
    result = match.perform(Action("move", "bors", path=((4, 3),)))
    assert isinstance(result, Illegal) and result.rule == "GB-TURN"


def test_an_unknown_unit_is_bad_input_not_a_rules_question(match):
    with pytest.raises(BadAction):
        match.perform(Action("move", "nobody", path=((1, 1),)))


def test_end_turn_passes_to_the_next_side_and_counts_rounds(match):
    assert match.active_side == "a" and match.round == 1
    match.perform(Action("end_turn"))
    assert match.active_side == "b" and match.round == 1
    match.perform(Action("end_turn"))
    assert match.active_side == "a" and match.round == 2


def test_the_turn_that_ends_a_round_is_logged_in_that_round(match):
    match.perform(Action("end_turn"))
    match.perform(Action("end_turn"))  # side b's turn ends round 1 and starts round 2
    ended = [e for e in match.log if e.kind == "end_turn"]
    assert [e.round for e in ended] == [1, 1]
    match.perform(Action("move", "alda", path=((1, 0),)))
    assert match.log[-1].kind == "move" and match.log[-1].round == 2
    refused = match.perform(Action("move", "bors", path=((4, 3),)))
    assert isinstance(refused, Illegal) and match.log[-1].round == 2


def test_a_new_turn_resets_the_movement_budget(match):
    match.perform(Action("move", "alda", path=((1, 0), (2, 0))))
    spent = shown(match).turns["alda"]
    match.perform(Action("end_turn"))
    match.perform(Action("end_turn"))
    assert shown(match).turns["alda"] != spent
    assert shown(match).turns["alda"] == match.ruleset.new_turn(match.situation(), "alda")


def test_undo_takes_back_a_move_but_not_a_die_roll(match):
    match.perform(Action("move", "alda", path=((1, 1),)))
    assert match.undo()
    assert match.situation().creatures["alda"].at == (0, 0)
    match.perform(Action("move", "alda", path=((1, 1), (2, 2), (3, 3), (4, 3))))
    attack = match.perform(Action("attack", "alda", target="bors"))
    assert isinstance(attack, Ruling)
    assert not match.undo()


def test_the_same_seed_and_actions_give_the_same_game():
    actions = [
        Action("move", "alda", path=((1, 1), (2, 2), (3, 3), (4, 3))),
        Action("attack", "alda", target="bors"),
        Action("end_turn"),
    ]
    states = []
    for _ in range(2):
        m = Match(duel(), seed=11)
        for a in actions:
            m.perform(a)
        states.append((m.state_json(), [e.text for e in m.log]))
        m.close()
    assert states[0] == states[1]


def test_victory_when_only_one_side_stands(match):
    match.perform(Action("move", "alda", path=((1, 1), (2, 2), (3, 3), (4, 3))))
    result = match.perform(Action("attack", "alda", target="bors"))
    assert isinstance(result, Ruling)
    # attack +40 misses only on a natural 1, which seed 3 does not roll; 10 damage downs 5 hp
    assert [e.kind for e in result.events] == ["hit", "down"]
    assert match.finished and match.winner == "a"
    assert isinstance(match.perform(Action("end_turn")), Illegal)


def test_initiative_order_is_seeded_and_one_unit_acts_at_a_time():
    orders = []
    for _ in range(2):
        m = Match(duel(turns="initiative"), seed=5)
        orders.append(list(m.order.initiative))
        first = m.active_unit
        other = next(u for u in ("alda", "bors") if u != first)
        assert isinstance(m.perform(Action("drop_prone", other)), Illegal)
        m.perform(Action("end_turn"))
        assert m.active_unit == other
        m.close()
    assert orders[0] == orders[1] and sorted(orders[0]) == ["alda", "bors"]


def test_every_shipped_level_starts_a_match_with_a_situation_for_its_ruleset():
    for path in sorted(LEVELS.glob("*.toml")):
        level = load_level(path)
        m = Match(level, seed=0)
        sit = m.situation()
        assert sit.ruleset == level.ruleset
        assert set(sit.creatures) == {u.id for u in level.units}
        # who acts first has a turn state: the initiative unit, or every unit of the side to act
        acting = [m.active_unit] if m.active_unit else [u for u, c in sit.creatures.items() if c.side == m.active_side]
        assert acting and all(uid in sit.turns for uid in acting)
        m.close()


SANDBOX = DUEL.split("[[units]]")[0] + "[[units]]" + DUEL.split("[[units]]")[1]


@pytest.mark.parametrize("ruleset", ["dnd5e", "pf1"])
def test_a_one_side_sandbox_level_never_ends_by_elimination(ruleset):
    """A side that started without units never ends the match (docs/json.md)."""
    level = parse_level(SANDBOX.format(ruleset=ruleset, turns="sides"), "sandbox.toml")
    assert [u.id for u in level.units] == ["alda"]
    m = Match(level, seed=3)
    try:
        first = m.perform(Action("move", "alda", path=((1, 0),)))
        assert isinstance(first, Ruling) and not m.finished
        second = m.perform(Action("move", "alda", path=((2, 0),)))
        assert isinstance(second, Ruling), second
        assert isinstance(m.perform(Action("end_turn")), Ruling)
        assert isinstance(m.perform(Action("end_turn")), Ruling)
        assert not m.finished and m.winner is None
        assert isinstance(m.perform(Action("move", "alda", path=((3, 0),))), Ruling)
    finally:
        m.close()


def test_a_side_without_units_does_not_keep_a_real_fight_going():
    """docs/json.md: with a third, empty side the duel still ends when one fighting side is left."""
    text = DUEL.format(ruleset="dnd5e", turns="sides")
    text = text.replace('[[sides]]\nid = "b"', '[[sides]]\nid = "b"\n\n[[sides]]\nid = "c"')
    level = parse_level(text, "three.toml")
    assert [s.id for s in level.sides] == ["a", "b", "c"]
    m = Match(level, seed=3)
    try:
        m.perform(Action("move", "alda", path=((1, 1), (2, 2), (3, 3), (4, 3))))
        result = m.perform(Action("attack", "alda", target="bors"))
        assert [e.kind for e in result.events] == ["hit", "down"]
        assert m.finished and m.winner == "a"
    finally:
        m.close()


def test_the_counting_rng_draws_the_numbers_of_random_random_and_counts_every_draw():
    plain, counted = random.Random(5), CountingRandom(5)
    calls = [
        lambda r: r.randint(1, 20),
        lambda r: r.random(),
        lambda r: r.choice("abcdef"),
        lambda r: r.shuffle(list(range(9))),
        lambda r: r.uniform(1, 2),
        lambda r: r.randrange(1000),
        lambda r: r.getrandbits(70),
        lambda r: r.sample(range(50), 5),
        lambda r: r.choices("abc", k=3),
    ]
    for call in calls:
        state, draws = counted.getstate(), counted.draws
        assert call(plain) == call(counted)
        assert counted.getstate() != state and counted.draws > draws
    assert plain.getstate() == counted.getstate()


@pytest.mark.parametrize("name", ["arena_4v4", "pf1_bridge", "dnd5e_hall", "hexxen_village"])
def test_an_action_counts_as_rolled_exactly_when_it_changed_the_generator(name, monkeypatch):
    # GB-TURN undo: an action that rolled cannot be taken back; the draw count must say what the state says
    seen = []
    perform = Match._perform

    def watched(self, action):
        state = self.rng.getstate()
        result = perform(self, action)
        seen.append(self.rng.getstate() != state)
        return result

    monkeypatch.setattr(Match, "_perform", watched)
    m = Match(load_level(LEVELS / f"{name}.toml"), seed=3)
    try:
        rng = ai_rng(3)
        for _ in range(6):
            take_turn(m, rng)
        assert [r.rolled for r in m.history] == seen
        assert True in seen and False in seen
    finally:
        m.close()


SHIPPED = sorted(LEVELS.glob("*.toml")) + sorted((LEVELS / "tutorials").glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_the_world_shows_the_state_after_every_action(path):
    # GB-TURN, GB-ATTACK, GB-AOO: the systems write only what changed (found by identity); every
    # component must then hold what the match's situation says, as a whole write of the world would
    level = load_level(path)
    for seed in range(2):
        match = Match(level, seed)
        rng = ai_rng(seed)
        try:
            assert shown(match) == match.situation()
            while not match.finished and match.round <= 6:
                take_turn(match, rng)
                assert shown(match) == match.situation()
        finally:
            match.close()
