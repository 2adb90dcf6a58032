"""The danger of a square (game/ui/danger_model.py) is what the rules say: an enemy one move away threatens, one
beyond its charge (pf1) or its Dash (dnd5e) does not, a wall blocks, hexxen enemies engage wherever the unit stands
unless a binding holds them; the expected damage is rule()'s own odds; each position is worked out once."""

from __future__ import annotations

import dataclasses

import pytest

from game.levels.level import parse_level
from game.ui.approach import Approach, find_approach
from game.ui.danger_model import (
    ATTACK,
    CHARGE,
    ENGAGE,
    DangerCache,
    danger_map,
    enemy_turn_situation,
    inspect_enemy,
)
from game.ui.odds import attack_odds
from rules.board import board_from_rows
from rules.core import Creature, Situation
from rules.ruleset import get_ruleset
from tests.ui_helpers import FIELD

OPEN = ["." * 20] * 7


def _sit(ruleset: str, rows: list[str], ogre_at: tuple[int, int] = (15, 3)) -> Situation:
    hero = Creature("hero", "red", (1, 3), speed=9, hp=20, max_hp=20)
    ogre = Creature("ogre", "blue", ogre_at, speed=9, attack=4, damage="1d8+2")
    return Situation(ruleset, board_from_rows(rows), {"hero": hero, "ogre": ogre}, active_side="red")


def _everywhere(sit: Situation) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for x in range(sit.board.width) for y in range(sit.board.height))


def _hows(danger, sq) -> set[str]:
    return {threat.how for threat in danger.at(sq) if threat.enemy == "ogre"}


def test_pf1_an_enemy_one_move_away_attacks_a_charge_reaches_farther_and_a_run_attacks_nothing():
    sit = _sit("pf1", OPEN)
    danger = danger_map(get_ruleset("pf1"), sit, "hero", _everywhere(sit))
    # speed 9 m = 6 squares: a move to (9, 3) and an attack on (8, 3) (PF1-MOVE-ACTION, GB-ATTACK)
    assert _hows(danger, (8, 3)) == {ATTACK}
    # 11 squares away: too far for a move and an attack, within a charge's double speed in a line (PF1-CHARGE)
    assert _hows(danger, (4, 3)) == {CHARGE}
    # 14 squares away: only a run (4× speed) gets near, and a run ends the turn without an attack
    assert _hows(danger, (1, 3)) == set()
    charge = danger.at((4, 3))[0]
    assert "PF1-CHARGE" in charge.rules


def test_pf1_a_wall_between_blocks_the_attack_and_the_charge():
    rows = ["." * 10 + "#" + "." * 9 for _ in range(7)]
    sit = _sit("pf1", rows, ogre_at=(14, 3))
    danger = danger_map(get_ruleset("pf1"), sit, "hero", _everywhere(sit))
    assert danger.at((8, 3)) == () and danger.at((9, 3)) == ()
    open_sit = _sit("pf1", OPEN, ogre_at=(14, 3))
    assert _hows(danger_map(get_ruleset("pf1"), open_sit, "hero", _everywhere(open_sit)), (8, 3)) == {ATTACK}


def test_dnd5e_a_dash_reaches_farther_but_leaves_no_attack():
    sit = _sit("dnd5e", OPEN)
    danger = danger_map(get_ruleset("dnd5e"), sit, "hero", _everywhere(sit))
    assert _hows(danger, (8, 3)) == {ATTACK}  # 6 squares of movement, then the attack action (GB-5E-ACTION)
    # 10 squares away: the Dash (D5-DASH) would get there, but it is the turn's action: no attack follows
    assert _hows(danger, (5, 3)) == set()
    assert all(threat.how != CHARGE for threats in danger.squares.values() for threat in threats)


@pytest.mark.parametrize("ruleset", ["pf1", "dnd5e"])
def test_every_attack_threat_is_what_the_enemys_own_attack_flow_finds(ruleset: str):
    # difficult terrain and walls: the shaded squares are exactly those from which rule() accepts the enemy's move
    # and then its attack on the unit standing there (the same approach the player's own attacks take)
    rows = ["....................", "...,,,,,....#.......", "...,,,,,....#.......", "............#.......",
            "...#####............", "....................", "...................."]  # fmt: skip
    sit = _sit(ruleset, rows, ogre_at=(14, 3))
    rules = get_ruleset(ruleset)
    where = _everywhere(sit)
    danger = danger_map(rules, sit, "hero", where)
    turn_sit = enemy_turn_situation(sit, "ogre", lifted="hero")
    reach = {r.at: r for r in rules.reachable(turn_sit, "ogre") if r.target is None}
    hero = sit.creatures["hero"]
    attacked = 0
    for sq in sorted(where):
        if sq == (14, 3) or sit.board.terrain(sq).wall:
            continue  # where the enemy stands, and walls: nobody stands there
        placed = dataclasses.replace(
            turn_sit, creatures={**turn_sit.creatures, "hero": dataclasses.replace(hero, at=sq)}
        )
        way = find_approach(rules, placed, "ogre", "hero", reach)
        assert (ATTACK in _hows(danger, sq)) == isinstance(way, Approach), sq
        attacked += isinstance(way, Approach)
    assert attacked > 10


def test_the_expected_damage_is_the_rules_odds():
    sit = _sit("pf1", OPEN)
    rules = get_ruleset("pf1")
    threat = danger_map(rules, sit, "hero", {(8, 3)}).at((8, 3))[0]
    turn_sit = enemy_turn_situation(sit, "ogre", lifted="hero")
    placed = dataclasses.replace(
        turn_sit, creatures={**turn_sit.creatures, "hero": dataclasses.replace(sit.creatures["hero"], at=(8, 3))}
    )
    reach = {r.at: r for r in rules.reachable(turn_sit, "ogre")}
    way = find_approach(rules, placed, "ogre", "hero", reach)
    assert isinstance(way, Approach)
    odds = attack_odds(rules, way.after or placed, way.attack)
    assert (threat.chance, threat.low, threat.high) == (odds.chance, odds.low, odds.high)  # type: ignore[union-attr]
    assert threat.expected == pytest.approx(odds.chance * (odds.low + odds.high) / 2)  # type: ignore[union-attr]
    assert 0 < threat.chance < 1 and threat.low == 3 and threat.high == 10  # 1d8+2


def _hexxen(bound: bool) -> Situation:
    text = FIELD.format(ruleset="hexxen").replace('side = "blue"\n', 'side = "blue"\nrole = "npc"\n')
    text += '[[units]]\nid = "mate"\nname = "Mate"\nside = "red"\nat = [1, 4]\n'
    level = parse_level(text, "hexxen.toml")
    from game.battle.match import Match

    sit = Match(level, seed=1).situation()
    if bound:
        sit = dataclasses.replace(sit, bindings=frozenset({frozenset({"ogre", "mate"})}))
    return sit


def test_hexxen_an_enemy_engages_wherever_the_unit_stands_unless_a_binding_holds_it():
    rules = get_ruleset("hexxen")
    free = danger_map(rules, _hexxen(bound=False), "hero", {(1, 2)})
    assert [t.enemy for t in free.everywhere] == ["ogre"] and free.everywhere[0].how == ENGAGE
    assert "HX-ENGAGE" in free.everywhere[0].rules
    assert free.squares == {}  # no distances (HX-ABSTRACT): no square is shaded
    assert free.at((1, 2)) == free.at((7, 4)) == free.everywhere
    held = danger_map(rules, _hexxen(bound=True), "hero", {(1, 2)})
    assert held.everywhere == ()  # bound to the mate, the ogre engages nobody else (HX-ENGAGE)
    assert inspect_enemy(rules, _hexxen(bound=False), "ogre") is None


def test_an_inspected_enemy_moves_and_attacks_within_its_next_turn():
    sit = _sit("pf1", OPEN)
    turn = inspect_enemy(get_ruleset("pf1"), sit, "ogre")
    assert turn is not None
    assert (9, 3) in turn.strikes_from and (8, 3) in turn.attacks and (8, 3) in turn.moves
    assert (4, 3) in turn.moves and (4, 3) not in turn.strikes_from  # a run gets there, with no attack after it
    assert (3, 3) not in turn.attacks


def test_each_position_is_worked_out_once():
    sit = _sit("pf1", OPEN)
    rules = get_ruleset("pf1")
    cache = DangerCache()
    first = cache.danger(rules, sit, "hero", {(8, 3)})
    again = cache.danger(rules, dataclasses.replace(sit), "hero", {(8, 3)})  # an equal position, a new object
    assert again is first and cache.computed == 1
    moved = dataclasses.replace(
        sit, creatures={**sit.creatures, "ogre": dataclasses.replace(sit.creatures["ogre"], at=(16, 3))}
    )
    assert cache.danger(rules, moved, "hero", {(8, 3)}) is not first and cache.computed == 2


def test_the_danger_bench_level_has_sixteen_foes_on_open_squares_round_the_hero():
    from bench.danger_bench import ENEMIES, HERO, largest_shipped, level_text

    level = parse_level(level_text(), "danger_bench.toml")
    foes = [u for u in level.units if u.side == "foes"]
    assert len(foes) == 16 == len(set(ENEMIES)) and (level.board.width, level.board.height) == (100, 100)
    assert all(not level.board.terrain(at).wall for at in (HERO, *ENEMIES))
    shipped = largest_shipped()
    assert len(shipped) == 3 and len({p.name for p in shipped}) == 3


def test_every_charge_threat_is_what_charge_ends_says_on_every_square():
    # the candidates are cut to where a double move could end and attack from; the answer is charge_ends' own
    rows = ["....................", "...,,,,,............", "............#.......", "............#.......",
            "...#####............", "....................", "...................."]  # fmt: skip
    sit = _sit("pf1", rows, ogre_at=(15, 3))
    rules = get_ruleset("pf1")
    where = _everywhere(sit)
    danger = danger_map(rules, sit, "hero", where)
    turn_sit = enemy_turn_situation(sit, "ogre", lifted="hero")
    hero = sit.creatures["hero"]
    charged = 0
    for sq in sorted(where):
        if ATTACK in _hows(danger, sq) or sit.board.terrain(sq).wall or sq == (15, 3):
            continue  # a move and an attack comes first where it can
        placed = dataclasses.replace(
            turn_sit, creatures={**turn_sit.creatures, "hero": dataclasses.replace(hero, at=sq)}
        )
        clear = any(end.clear and end.path for end in rules.charge_ends(placed, "ogre", "hero"))
        assert (CHARGE in _hows(danger, sq)) == clear, sq
        charged += clear
    assert charged > 5
