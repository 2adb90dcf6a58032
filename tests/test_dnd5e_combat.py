"""dnd5e opportunity attacks, falling, attacks and the actions 5e does not have (2.5, 2.6, house rules)."""

from __future__ import annotations

import random

import pytest
from test_dnd5e_helpers import OPEN, act, east, fighter, foe, refuse, seed_rolling, situation

from rules import dnd5e
from rules.actions import Action
from rules.core import Illegal, Size
from rules.dnd5e.actions import attack_modifiers

HIT = seed_rolling(20)
MISS = seed_rolling(1)


def test_w34_leaving_the_orcs_reach_provokes_one_opportunity_attack():
    # D5-OA-LEAVE-REACH
    sit = situation(OPEN, fighter(), foe("orc", (1, 1)))
    ruling = dnd5e.measure(sit, "f", ((0, 1), (0, 2), (0, 3)))
    provoked = [e for e in ruling.events if e.kind == "provokes"]
    assert len(provoked) == 1
    event = provoked[0]
    assert (event.rule, event.unit, event.by, event.at) == ("D5-OA-LEAVE-REACH", "f", "orc", (0, 2))
    assert "D5-OA-LEAVE-REACH" in ruling.steps[2].rules


def test_w34_moving_around_the_orc_within_its_reach_provokes_nothing():
    sit = situation(OPEN, fighter(), foe("orc", (1, 1)))
    ruling = dnd5e.measure(sit, "f", ((1, 0), (2, 0), (2, 1), (2, 2)))
    assert not [e for e in ruling.events if e.kind == "provokes"]


def test_d5_oa_leave_reach_a_long_reach_holds_the_mover_longer():
    sit = situation(OPEN, fighter(), foe("pike", (2, 0), reach=3.0))
    ruling = dnd5e.measure(sit, "f", ((0, 1), (0, 2), (0, 3)))
    assert [(e.by, e.at) for e in ruling.events if e.kind == "provokes"] == [("pike", (0, 2))]


def test_d5_oa_leave_reach_allies_and_helpless_foes_threaten_nothing():
    sit = situation(OPEN, fighter(), fighter("ally", (1, 1)), foe("asleep", (1, 0), helpless=True))
    ruling = dnd5e.measure(sit, "f", ((0, 1), (0, 2), (0, 3)))
    assert not ruling.events
    assert dnd5e.threatening(sit, "f", [(0, 0)]) == []


def test_d5_oa_leave_reach_threatening_lists_hostiles_that_reach_a_footprint():
    sit = situation(OPEN, fighter(), foe("orc", (2, 0)), foe("ogre", (5, 5), Size.LARGE, reach=3.0))
    assert dnd5e.threatening(sit, "f", [(1, 0)]) == ["orc"]
    assert dnd5e.threatening(sit, "f", [(3, 3)]) == ["ogre"]
    assert dnd5e.reach_squares(sit.creature("ogre")) == 2


def test_w35_a_wyvern_knocked_prone_in_the_air_falls():
    # D5-FLY-FALL with house rule GB-5E-FALL
    wyvern = fighter("w", (3, 3), fly=24.0, airborne=True, mode="fly", hp=30)
    sit = situation(OPEN, wyvern)
    after, ruling = act(sit, "drop_prone", unit="w")
    falls = [e for e in ruling.events if e.kind == "fall"]
    assert len(falls) == 1 and falls[0].rule == "D5-FLY-FALL"
    landed = after.creature("w")
    assert landed.prone and not landed.airborne and landed.at == (3, 3)
    damage = [e.value for e in ruling.effects if e.kind == "damage"]
    assert len(damage) == 1 and 1 <= damage[0] <= 6 and landed.hp == 30 - damage[0]
    assert "GB-5E-FALL" in ruling.rules


def test_w35_a_hovering_creature_knocked_prone_does_not_fall():
    sit = situation(OPEN, fighter("h", fly=12.0, hover=True, airborne=True, mode="fly"))
    after, ruling = act(sit, "drop_prone", unit="h")
    assert not [e for e in ruling.events if e.kind == "fall"]
    assert after.creature("h").airborne and after.creature("h").prone
    assert "D5-FLY-FALL" in ruling.rules


def test_w35_a_fighter_under_the_fly_spell_whose_speed_drops_to_zero_does_not_fall():
    held = fighter(fly=0.0, magic_flight=True, airborne=True, mode="fly")
    assert not dnd5e.must_fall(held)
    assert dnd5e.fall(situation(OPEN, held), "f", random.Random(1)) is None
    unheld = fighter(fly=0.0, airborne=True, mode="fly")
    assert dnd5e.must_fall(unheld)
    ruling = dnd5e.fall(situation(OPEN, unheld), "f", random.Random(1))
    assert ruling is not None and [e.kind for e in ruling.events] == ["fall"]


def test_d5_fly_fall_the_same_seed_gives_the_same_fall_damage():
    wyvern = fighter("w", fly=24.0, airborne=True, mode="fly")
    sit = situation(OPEN, wyvern)
    first = dnd5e.rule(sit, Action("drop_prone", "w"), random.Random(5))
    second = dnd5e.rule(sit, Action("drop_prone", "w"), random.Random(5))
    assert first == second


def test_gb_5e_fall_a_flyer_brought_down_by_an_attack_lands():
    sit = situation(OPEN, fighter(damage="50"), foe("bat", (1, 0), fly=12.0, airborne=True, mode="fly", hp=3))
    after, ruling = act(sit, "attack", target="bat", seed=HIT)
    assert after.creature("bat").defeated and not after.creature("bat").airborne
    assert "D5-FLY-FALL" in ruling.rules


def test_gb_5e_reach_an_attack_needs_the_target_within_reach():
    sit = situation(OPEN, fighter(), foe("o", (2, 0)))
    assert refuse(sit, "attack", target="o").rule == "GB-5E-REACH"
    long = situation(OPEN, fighter(reach=3.0), foe("o", (2, 0)))
    assert act(long, "attack", target="o")[1].ok


def test_gb_5e_action_one_attack_action_per_turn_without_extra_attack():
    sit = situation(OPEN, fighter(), foe("o", (1, 0), hp=99))
    sit, _ = act(sit, "attack", target="o", seed=MISS)
    assert refuse(sit, "attack", target="o").rule == "GB-5E-ACTION"


def test_d5_squeeze_adv_against_a_squeezed_target_is_attacked_with_advantage():
    sit = situation(OPEN, fighter(), foe("o", (1, 0), squeezed=True, hp=99))
    _, ruling = act(sit, "attack", target="o", seed=3)
    assert "D5-SQUEEZE-ADV-AGAINST" in ruling.rules
    assert " of [" in ruling.events[0].detail  # two dice rolled


def test_d5_squeeze_disadv_a_squeezed_attacker_rolls_twice_and_keeps_the_lower():
    sit = situation(OPEN, fighter(squeezed=True), foe("o", (1, 0), hp=99))
    _, ruling = act(sit, "attack", target="o", seed=3)
    assert "D5-SQUEEZE-DISADV" in ruling.rules
    rolled = ruling.events[0].detail
    first, second = (int(v) for v in rolled.split("[")[1].split("]")[0].split(","))
    assert int(rolled.split()[1]) == min(first, second)


def test_gb_5e_prone_combat_near_attackers_gain_advantage_far_ones_disadvantage():
    lying = foe("o", (1, 0), prone=True)
    assert attack_modifiers(fighter(), lying)[0] == 1
    assert attack_modifiers(fighter(at=(3, 0)), lying)[0] == -1
    assert attack_modifiers(fighter(prone=True), foe("o", (1, 0)))[0] == -1


@pytest.mark.parametrize(
    "kind", ["double_move", "run", "step", "charge", "minimum_move", "sneak_attack", "engage", "overrun", "tumble"]
)
def test_gb_5e_not_5e_foreign_actions_are_refused_with_a_clear_message(kind: str):
    sit = situation(OPEN, fighter(), foe("o", (1, 0)))
    refused = refuse(sit, kind, path=east(1), target="o")
    assert refused.rule == "GB-5E-NOT-5E" and kind in refused.message
    assert isinstance(dnd5e.available(sit, "f")[kind], Illegal)


def test_available_reports_attack_move_and_dash_for_a_fresh_turn():
    sit = situation(OPEN, fighter(), foe("o", (1, 0)))
    bar = dnd5e.available(sit, "f")
    assert bar["move"] is None and bar["dash"] is None and bar["attack"] is None
    assert bar["drop_prone"] is None and isinstance(bar["stand_up"], Illegal)
    alone = situation(OPEN, fighter())
    assert isinstance(dnd5e.available(alone, "f")["attack"], Illegal)


def test_gb_5e_unable_a_downed_creature_cannot_move():
    sit = situation(OPEN, fighter(helpless=True, defeated=True))
    assert refuse(sit, "move", path=east(1)).rule == "GB-5E-UNABLE"
    assert dnd5e.reachable(sit, "f") == []


def test_gb_5e_downed_a_defeated_foe_does_not_bar_passage_but_still_cannot_be_ended_on():
    sit = situation(OPEN, fighter(), foe("body", (1, 0), defeated=True, helpless=True, prone=True))
    ruling = dnd5e.measure(sit, "f", east(2))
    assert ruling.cost == 450 and "GB-5E-DOWNED" in ruling.rules
    assert dnd5e.measure(sit, "f", east(1)).rule == "D5-NO-END-IN-SPACE"


def test_d5_fly_fall_a_helpless_flyer_falls_unless_hovering_or_held_by_magic():
    assert dnd5e.must_fall(fighter(fly=12.0, airborne=True, helpless=True))
    assert not dnd5e.must_fall(fighter(fly=12.0, airborne=True, helpless=True, hover=True))
    assert not dnd5e.must_fall(fighter(fly=12.0, airborne=True, helpless=True, magic_flight=True))
    assert not dnd5e.must_fall(fighter(fly=12.0, airborne=False, helpless=True))
