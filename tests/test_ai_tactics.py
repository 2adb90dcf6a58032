"""Tactical positions per ruleset: each names the weakest strength that must find the move, and checks that
it, and every stronger strength, does (the computer's first action on a snapshot of the position)."""

from __future__ import annotations

import random

import pytest

from game.ai import STRENGTHS, decide, snapshot
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from rules.core import Effect


def level(ruleset: str, tiles: list[str], units: list[str], extra: str = "") -> str:
    """An inline level: two sides (a = the computer, b = its enemy) and the given unit tables."""
    rows = "\n".join(tiles)
    sides = '[[sides]]\nid = "a"\nname = "A"\n\n[[sides]]\nid = "b"\nname = "B"\n'
    head = f'format = 1\nname = "t"\nruleset = "{ruleset}"\n{extra}\n'
    board = "[map]\ntiles = '''\n" + rows + "\n'''\n\n"
    return head + board + sides + "\n" + "\n".join(units)


def unit(uid: str, side: str, at: tuple[int, int], **keys: object) -> str:
    """A [[units]] table."""
    fields = {"hp": 20, "defense": 12, "attack": 5, "damage": "1d8+2", **keys}
    body = "".join(f"{k} = {_toml(v)}\n" for k, v in fields.items())
    return f'[[units]]\nid = "{uid}"\nside = "{side}"\nat = [{at[0]}, {at[1]}]\n{body}'


def _toml(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def first_action(match: Match, strength: str, seed: int = 7) -> Action | None:
    """The computer's first action at `strength` for the side to act."""
    return decide(snapshot(match), strength, random.Random(seed)).first


def at_least(weakest: str) -> list[str]:
    """The strengths from `weakest` up."""
    return list(STRENGTHS[STRENGTHS.index(weakest) :])


OPEN = ["." * 10 for _ in range(10)]


@pytest.mark.parametrize("strength", at_least("normal"))
def test_pf1_kill_in_reach(strength: str) -> None:
    """Two enemies in reach, one at 1 hp: normal and hard finish it off (GB-ATTACK)."""
    units = [unit("me", "a", (4, 4), speed=9), unit("tough", "b", (5, 4), speed=9), unit("weak", "b", (4, 5), speed=9)]
    match = Match(parse_level(level("pf1", OPEN, units), "<kill>"), 1)
    match.apply([Effect("set", "weak", key="hp", value=1)])
    action = first_action(match, strength)
    assert action is not None and action.kind == "attack" and action.target == "weak"


@pytest.mark.parametrize("strength", at_least("normal"))
def test_pf1_safe_step_instead_of_a_provoking_walk(strength: str) -> None:
    """An enemy with a 3 m reach threatens the unit, which needs one square to hit back: walking that square
    would provoke, the 1.5 m step does not (PF1-FIVE-FOOT-STEP); normal and hard step."""
    text = level("pf1", OPEN, [unit("me", "a", (2, 4), speed=9), unit("pike", "b", (4, 4), speed=9, reach=3)])
    match = Match(parse_level(text, "<step>"), 1)
    walk = match.ruleset.measure(match.situation(), "me", ((3, 4),))
    assert any(e.kind == "provokes" for s in walk.steps for e in s.events)  # the walk would provoke
    action = first_action(match, strength)
    assert action is not None and action.kind == "step" and len(action.path) == 1
    x, y = action.path[0]
    assert max(abs(x - 4), abs(y - 4)) == 1  # next to the pike: in the unit's reach
    result = match.perform(action)
    assert "PF1-FIVE-FOOT-STEP" in result.rules and not any(e.kind == "provokes" for e in result.events)
    follow = first_action(match, strength)
    assert follow is not None and follow.kind == "attack" and follow.target == "pike"


@pytest.mark.parametrize("strength", at_least("normal"))
def test_pf1_charge_is_the_only_attack_this_turn(strength: str) -> None:
    """The enemy is beyond one move but within a charge in a straight line: only a charge attacks this turn."""
    tiles = ["." * 14 for _ in range(5)]
    text = level("pf1", tiles, [unit("me", "a", (0, 2), speed=6), unit("far", "b", (9, 2), speed=9)])
    match = Match(parse_level(text, "<charge>"), 1)
    action = first_action(match, strength)
    assert action is not None and action.kind == "charge" and action.target == "far"


@pytest.mark.parametrize("strength", at_least("normal"))
def test_dnd5e_dash_that_reaches(strength: str) -> None:
    """No attack is possible this turn; a Dash (D5-DASH) brings the unit next to the enemy, a move would not.

    The enemy is busy with a badly wounded comrade on its far side (it hits the weakest in reach), so
    arriving costs nothing in its reply: holding back would only give it time. Hard's side plays the quiet
    approach in dnd5e (priority.PRIORITY_QUIET): it Dashes as far, but stops one square outside the enemy's
    reach (GB-5E-REACH), so that the enemy must come to it.
    """
    tiles = ["." * 14 for _ in range(3)]
    units = [unit("me", "a", (0, 1), speed=9), unit("far", "b", (10, 1)), unit("pal", "a", (11, 1), hp=40)]
    match = Match(parse_level(level("dnd5e", tiles, units), "<dash>"), 1)
    match.apply([Effect("set", "pal", key="hp", value=4)])
    action = decide(snapshot(match), strength, random.Random(7)).actions[0]  # the side's first unit: me
    assert action.unit == "me" and action.kind == "dash"
    gap = max(abs(action.path[-1][0] - 10), abs(action.path[-1][1] - 1))
    assert gap == (2 if strength == "hard" else 1)  # next to the enemy; hard: one square beyond its reach
    result = match.perform(action)
    assert "D5-DASH" in result.rules


def _hexxen_relief_position() -> Match:
    """Hunter `low` is bound to the fiend (40 hp: low's own blows will not fell it) at 1 hp left; hunter `fresh` is
    free; a free, wounded cultist tempts."""
    tiles = ["." * 8 for _ in range(4)]
    units = [
        unit("fresh", "a", (0, 0)),
        unit("low", "a", (0, 2)),
        unit("fiend", "b", (5, 2), role="npc", hp=40),
        unit("cultist", "b", (5, 0), role="npc", hp=20),
    ]
    match = Match(parse_level(level("hexxen", tiles, units), "<relief>"), 1)
    match.apply([Effect("bind", "low", other="fiend"), Effect("set", "low", key="hp", value=1)])
    match.apply([Effect("set", "cultist", key="hp", value=8)])
    return match


@pytest.mark.parametrize("strength", at_least("normal"))
def test_hexxen_relief_frees_a_comrade_at_its_last_hit_point(strength: str) -> None:
    """Normal and hard relieve the comrade at 1 hp (HX-RELIEF) rather than hit the wounded free cultist. Hard's side
    acts the bound comrade first (game/ai/hexxen_order.py): its blows can only go to the fiend, and the relief frees
    it after them."""
    match = _hexxen_relief_position()
    actions = decide(snapshot(match), strength, random.Random(7)).actions
    action = next((a for a in actions if a.unit == "fresh"), None)
    assert action is not None
    assert actions[0].unit == ("low" if strength == "hard" else "fresh")
    assert (action.kind, action.target, action.tactic, action.release) == ("attack", "fiend", "relieve", "low")
    result = match.perform(action)
    assert "HX-RELIEF" in result.rules + tuple(e.rule for e in result.events)
    assert frozenset(("low", "fiend")) not in match.situation().bindings


def test_hard_weighs_a_wounded_units_step_back_in_pf1() -> None:
    """In melee and down to half its hit points, the hard player's portfolio holds 1.5 m steps away from the
    enemy (PF1-FIVE-FOOT-STEP: they never provoke) beside the attack and holding still."""
    from game.ai.portfolio import first_actions

    units = [unit("me", "a", (4, 4), speed=9), unit("foe", "b", (5, 4), speed=9)]
    match = Match(parse_level(level("pf1", OPEN, units), "<withdraw>"), 1)
    match.apply([Effect("set", "me", key="hp", value=6)])
    snap = snapshot(match)
    options = first_actions(snap, "me", Action("attack", "me", target="foe"))
    steps = [a for a in options if a is not None and a.kind == "step"]
    assert steps and all(a.path[0][0] < 4 for a in steps)  # away from the foe on its right
    for action in steps:
        result = match.ruleset.rule(snap.sit, action, random.Random(0))
        assert "PF1-FIVE-FOOT-STEP" in result.rules and not any(e.kind == "provokes" for e in result.events)
    assert options[-1] is None


def test_hard_weighs_leaving_reach_after_the_attack_in_dnd5e() -> None:
    """After its attack a dnd5e unit with movement left may leave reach: the hard player's portfolio holds such
    moves, and the rules rule the opportunity attack they draw (D5-OA-LEAVE-REACH). The foe is slow: hard weighs only
    retreats beyond every enemy's strike next turn (portfolio.SAFE_RETREATS)."""
    from game.ai.portfolio import first_actions

    tiles = ["." * 12 for _ in range(5)]
    units = [unit("me", "a", (4, 2), speed=9), unit("foe", "b", (5, 2), speed=1.5)]
    match = Match(parse_level(level("dnd5e", tiles, units), "<leave>"), 1)
    assert match.perform(Action("attack", "me", target="foe")).ok
    snap = snapshot(match)
    options = first_actions(snap, "me", None)
    moves = [a for a in options if a is not None and a.kind == "move"]
    assert moves
    result = match.ruleset.rule(snap.sit, moves[0], random.Random(0))
    assert "D5-OA-LEAVE-REACH" in {e.rule for e in result.events} | set(result.rules)
