"""dnd5e turn budget: speed, split movement, speed switching, dash, prone and standing (docs/rules-dnd5e.md)."""

from __future__ import annotations

import random
from dataclasses import replace

from test_dnd5e_helpers import OPEN, act, east, fighter, foe, refuse, seed_rolling, situation

from rules import dnd5e
from rules.actions import Action
from rules.core import Illegal, Ruling


def test_d5_speed_fresh_turn_starts_with_nothing_spent_and_full_speed_left():
    sit = situation(OPEN, fighter())
    turn = dnd5e.new_turn(sit, "f")
    assert turn.spent_cm == 0
    assert dnd5e.remaining_cm(sit.creature("f"), turn, "walk") == 900


def test_d5_speed_a_move_may_use_all_of_the_speed_but_not_more():
    sit = situation(OPEN, fighter())
    assert dnd5e.measure(sit, "f", east(6)).band == "move"
    after, ruling = act(sit, "move", path=east(6))
    assert ruling.cost == 900 and "D5-SPEED" in ruling.rules
    refused = refuse(after, "move", path=east(1, (6, 0)))
    assert refused.rule == "D5-SPEED"


def test_gb_5e_default_speed_a_creature_without_speed_walks_nine_metres():
    sit = situation(OPEN, fighter(speed=None))
    assert dnd5e.speeds_cm(sit.creature("f"))["walk"] == 900


def test_w24_break_up_three_metres_attack_six_metres_then_nothing_more():
    # D5-BREAK-UP: 3 m, the attack, 6 m = 9 m; a further 1.5 m is illegal
    sit = situation(OPEN, fighter(), foe("o", (3, 1)))
    sit, _ = act(sit, "move", path=east(2))
    sit, _attack = act(sit, "attack", target="o")
    assert sit.turns["f"].action_used
    sit, later = act(sit, "move", path=((2, 1), (3, 2), (4, 3), (5, 4)))
    assert later.cost == 600 and "D5-BREAK-UP" in later.rules
    assert sit.turns["f"].spent_cm == 900
    assert refuse(sit, "move", path=((6, 5),)).rule == "D5-SPEED"


def test_w24_between_attacks_extra_attack_moves_three_then_four_and_a_half_metres():
    # D5-BETWEEN-ATTACKS: speed 7.5 m, two attacks, 3 m + 4.5 m between and around them
    sit = situation(OPEN, fighter(speed=7.5, attacks=2), foe("a", (3, 0), hp=99), foe("b", (6, 1), hp=99))
    sit, _ = act(sit, "move", path=east(2))
    sit, _first = act(sit, "attack", target="a")
    assert sit.turns["f"].attacks_left == 1
    sit, middle = act(sit, "move", path=((3, 1), (4, 2), (5, 2)))
    assert "D5-BETWEEN-ATTACKS" in middle.rules
    sit, second = act(sit, "attack", target="b")
    assert "D5-BETWEEN-ATTACKS" in second.rules
    assert sit.turns["f"].spent_cm == 750 and sit.turns["f"].attacks_left == 0
    assert refuse(sit, "attack", target="b").rule == "GB-5E-ACTION"


def test_w25_switching_walk_nine_fly_eighteen_ends_at_exactly_eighteen_metres():
    # D5-SWITCH-SPEED: fly 6, walk 3 (9 − 6 left), fly 9 (18 − 9 left), then nothing
    sit = situation(["." * 16], fighter(fly=18.0))
    sit, _ = act(sit, "move", path=east(4), mode="fly")
    assert sit.turns["f"].spent_cm == 600 and sit.creature("f").airborne
    assert dnd5e.remaining_cm(sit.creature("f"), sit.turns["f"], "walk") == 300
    assert refuse(sit, "move", path=east(3, (4, 0)), mode="walk").rule == "D5-SWITCH-SPEED"
    sit, walked = act(sit, "move", path=east(2, (4, 0)), mode="walk")
    assert "D5-SWITCH-SPEED" in walked.rules and not sit.creature("f").airborne
    assert dnd5e.remaining_cm(sit.creature("f"), sit.turns["f"], "fly") == 900
    sit, _flown = act(sit, "move", path=east(6, (6, 0)), mode="fly")
    assert sit.turns["f"].spent_cm == 1800 and sit.creature("f").at == (12, 0)
    for mode in ("walk", "fly"):
        assert refuse(sit, "move", path=((13, 0),), mode=mode).rule in ("D5-SWITCH-SPEED", "D5-SPEED")


def test_w25_variant_after_flying_nine_metres_walking_is_closed_but_flying_goes_on():
    sit = situation(["." * 16], fighter(fly=18.0))
    sit, _ = act(sit, "move", path=east(6), mode="fly")
    refused = refuse(sit, "move", path=east(1, (6, 0)), mode="walk")
    assert refused.rule == "D5-SWITCH-SPEED"
    sit, more = act(sit, "move", path=east(6, (6, 0)), mode="fly")
    assert more.cost == 900


def test_d5_switch_speed_counts_extra_costs_as_spent():
    # difficult terrain is spent movement, so switching mode does not refund it
    sit = situation([".,,,......"], fighter(fly=18.0))
    sit, walked = act(sit, "move", path=east(3))
    assert walked.cost == 900
    assert dnd5e.remaining_cm(sit.creature("f"), sit.turns["f"], "fly") == 900


def test_d5_modes_climbing_and_swimming_draw_on_the_same_budget():
    sit = situation(OPEN, fighter(climb=9.0, swim=9.0))
    sit, climbed = act(sit, "move", path=east(2), mode="climb")
    sit, swum = act(sit, "move", path=east(2, (2, 0)), mode="swim")
    assert "D5-MODES" in climbed.rules and "D5-MODES" in swum.rules
    assert climbed.cost == swum.cost == 300
    assert sit.turns["f"].spent_cm == 600


def test_gb_5e_climb_swim_without_a_climb_speed_each_step_costs_double():
    sit = situation(OPEN, fighter())
    ruling = dnd5e.measure(sit, "f", east(2), mode="climb")
    assert ruling.cost == 600 and "GB-5E-CLIMB-SWIM" in ruling.rules


def test_d5_modes_flying_needs_a_fly_speed():
    sit = situation(OPEN, fighter())
    assert dnd5e.measure(sit, "f", east(1), mode="fly").rule == "D5-MODES"


def test_gb_5e_dash_measure_bands_move_then_dash_then_illegal():
    sit = situation(["." * 14], fighter())
    assert dnd5e.measure(sit, "f", east(6)).band == "move"
    assert dnd5e.measure(sit, "f", east(7)).band == "dash"
    assert dnd5e.measure(sit, "f", east(12)).band == "dash"
    assert dnd5e.measure(sit, "f", east(13)).rule == "D5-SPEED"


def test_gb_5e_dash_a_move_beyond_speed_is_refused_but_the_dash_action_pays_for_it():
    sit = situation(["." * 14], fighter())
    refused = refuse(sit, "move", path=east(8))
    assert refused.rule == "D5-SPEED" and refused.cost == 1200
    after, dashed = act(sit, "dash", path=east(8))
    assert dashed.band == "dash" and "GB-5E-DASH" in dashed.rules
    turn = after.turns["f"]
    assert turn.dashed and turn.action_used and turn.spent_cm == 1200
    # speed × (1 + dashes) − spent
    assert dnd5e.remaining_cm(after.creature("f"), turn, "walk") == 900 * 2 - 1200


def test_gb_5e_dash_needs_the_unused_action():
    sit = situation(OPEN, fighter(), foe("o", (1, 0)))
    sit, _ = act(sit, "attack", target="o", seed=seed_rolling(1))
    assert refuse(sit, "dash").rule == "GB-5E-DASH"
    assert dnd5e.measure(sit, "f", ((0, 1), *tuple((0, 1 + i) for i in range(1, 7)))).rule == "D5-SPEED"


def test_d5_prone_drop_is_free_even_with_all_speed_spent():
    # D5-PRONE-DROP and D5-PRONE: a plain state, 0 cm
    sit = situation(OPEN, fighter())
    sit, _ = act(sit, "move", path=east(6))
    sit, dropped = act(sit, "drop_prone")
    assert dropped.cost == 0 and sit.creature("f").prone and sit.turns["f"].spent_cm == 900
    assert "D5-PRONE-DROP" in dropped.rules


def test_w28_standing_costs_half_speed_then_three_squares_remain():
    # D5-PRONE-STAND
    sit = situation(OPEN, fighter(prone=True))
    sit, stood = act(sit, "stand_up")
    assert stood.cost == 450 and not sit.creature("f").prone
    sit, _walked = act(sit, "move", path=east(3))
    assert sit.turns["f"].spent_cm == 900
    assert refuse(sit, "move", path=east(1, (3, 0))).rule == "D5-SPEED"


def test_w28_speed_seven_and_a_half_stands_for_three_seventy_five_and_walks_two_squares():
    sit = situation(OPEN, fighter(speed=7.5, prone=True))
    sit, stood = act(sit, "stand_up")
    assert stood.cost == 375
    assert dnd5e.measure(sit, "f", east(2)).band == "move"
    assert dnd5e.measure(sit, "f", east(3)).band == "dash"
    sit, _ = act(sit, "move", path=east(2))
    assert refuse(sit, "move", path=east(1, (2, 0))).rule == "D5-SPEED"


def test_d5_prone_stand_uses_highest_speed_when_walking_speed_is_zero():
    sit = situation(OPEN, fighter(speed=0.0, fly=12.0, hover=True, prone=True))
    sit, stood = act(sit, "stand_up")
    assert stood.cost == 600


def test_w29_after_crawling_six_metres_a_prone_fighter_cannot_stand():
    # D5-PRONE-STAND-LIMIT and D5-CRAWL
    sit = situation(OPEN, fighter(prone=True))
    sit, crawled = act(sit, "move", path=east(2))
    assert crawled.cost == 600 and "D5-CRAWL" in crawled.rules
    refused = refuse(sit, "stand_up")
    assert refused.rule == "D5-PRONE-STAND-LIMIT"


def test_w29_speed_zero_cannot_stand_but_dropping_prone_after_nine_metres_is_legal():
    still = situation(OPEN, fighter(speed=0.0, prone=True))
    assert refuse(still, "stand_up").rule == "D5-PRONE-STAND-LIMIT"
    sit = situation(OPEN, fighter())
    sit, _ = act(sit, "move", path=east(6))
    sit, dropped = act(sit, "drop_prone")
    assert dropped.cost == 0 and "D5-PRONE-DROP" in dropped.rules


def test_w30_crawling_through_difficult_terrain_costs_triple():
    # D5-CRAWL-DIFFICULT: 4.5 m per difficult square, 3 m per clear one
    rough = situation([".,,......."], fighter(prone=True))
    ruling = dnd5e.measure(rough, "f", east(2))
    assert ruling.cost == 900 and [s.cost for s in ruling.steps] == [450, 450]
    assert "D5-CRAWL-DIFFICULT" in ruling.rules and "D5-COST-ADD" in ruling.rules
    clear = situation(OPEN, fighter(prone=True))
    assert dnd5e.measure(clear, "f", east(3)).band == "move"
    assert dnd5e.measure(clear, "f", east(4)).band == "dash"


def test_d5_crawl_a_prone_creature_cannot_fly_or_walk_upright():
    sit = situation(OPEN, fighter(prone=True, fly=18.0))
    assert dnd5e.measure(sit, "f", east(1), mode="fly").rule == "D5-CRAWL"
    upright = situation(OPEN, fighter())
    assert dnd5e.measure(upright, "f", east(1), mode="crawl").rule == "D5-CRAWL"


def test_available_lists_stand_up_only_when_it_can_be_paid():
    sit = situation(OPEN, fighter(prone=True))
    assert dnd5e.available(sit, "f")["stand_up"] is None
    sit, _ = act(sit, "move", path=east(2))
    why = dnd5e.available(sit, "f")["stand_up"]
    assert isinstance(why, Illegal) and why.rule == "D5-PRONE-STAND-LIMIT"


def test_end_turn_is_always_legal_and_changes_nothing():
    sit = situation(OPEN, fighter())
    result = dnd5e.rule(sit, Action("end_turn"), __import__("random").Random(0))
    assert isinstance(result, Ruling) and result.effects == ()


def test_movement_summary_reports_metres_spent_and_left_in_the_current_mode():
    # D5-SPEED: the unit card shows spent and remaining movement
    sit = situation(OPEN, fighter())
    assert dnd5e.movement_summary(sit, "f") == (0.0, 9.0)
    sit, _ = act(sit, "move", path=east(2))
    assert dnd5e.movement_summary(sit, "f") == (3.0, 6.0)
    sit, _ = act(sit, "dash")
    assert dnd5e.movement_summary(sit, "f") == (3.0, 15.0)


def test_w25_revised_after_eighteen_metres_only_a_dash_gives_more_and_only_to_flying():
    """W25 (revised): no further movement unless the unit Dashes; Dash adds speed, so fly 36 − 18 = 18 m."""
    sit = situation(["." * 30], fighter(fly=18.0))
    sit, _ = act(sit, "move", path=east(4), mode="fly")
    sit, _ = act(sit, "move", path=east(2, (4, 0)), mode="walk")
    sit, _ = act(sit, "move", path=east(6, (6, 0)), mode="fly")
    assert sit.turns["f"].spent_cm == 1800
    assert refuse(sit, "move", path=((13, 0),), mode="fly").rule in ("D5-SPEED", "D5-SWITCH-SPEED")
    sit, dashed = act(sit, "dash")
    assert "D5-DASH" in dashed.rules
    creature, turn = sit.creature("f"), sit.turns["f"]
    assert dnd5e.remaining_cm(creature, turn, "fly") == 1800, "18 × (1 + 1) − 18"
    assert dnd5e.remaining_cm(creature, turn, "walk") == 0, "9 × (1 + 1) − 18"
    assert refuse(sit, "move", path=((13, 0),), mode="walk").rule == "D5-SWITCH-SPEED"
    sit, flown = act(sit, "move", path=east(12, (12, 0)), mode="fly")
    assert flown.cost == 1800 and "D5-DASH" in flown.rules
    assert refuse(sit, "move", path=((25, 0),), mode="fly").rule in ("D5-SPEED", "D5-SWITCH-SPEED")


def test_d5_dash_adds_movement_equal_to_the_speed_and_leaves_the_speed_alone():
    """D5-DASH: budget = speed × (1 + dashes); the speed itself (and so B/2 to stand) does not change."""
    sit = situation(["." * 20], fighter(speed=7.5))
    assert dnd5e.stand_cost_cm(sit.creature("f")) == 375
    sit, dashed = act(sit, "dash")
    assert dashed.cost == 0 and {"D5-DASH", "GB-5E-DASH"} <= set(dashed.rules)
    assert dnd5e.speeds_cm(sit.creature("f"))["walk"] == 750
    assert dnd5e.remaining_cm(sit.creature("f"), sit.turns["f"]) == 1500
    sit, walked = act(sit, "move", path=east(10))
    assert walked.cost == 1500 and "D5-DASH" in walked.rules
    assert refuse(sit, "move", path=((11, 0),)).rule == "D5-SPEED"


def test_w29_revised_dash_then_stand_for_four_and_a_half_then_walk_five_squares():
    """W29 (revised), D5-PRONE-STAND-LIMIT with D5-DASH: 18 − 6 = 12 ≥ 4.5, stand (10.5 spent), walk 5."""
    sit = situation(OPEN, fighter(prone=True))
    sit, _ = act(sit, "move", path=east(2))
    refused = refuse(sit, "stand_up")
    assert refused.rule == "D5-PRONE-STAND-LIMIT" and "Dash" in refused.message
    sit, _ = act(sit, "dash")
    sit, stood = act(sit, "stand_up")
    assert stood.cost == 450, "Dash does not double the cost of standing (D5-PRONE-STAND)"
    assert {"D5-PRONE-STAND", "D5-DASH"} <= set(stood.rules)
    assert sit.turns["f"].spent_cm == 1050 and not sit.creature("f").prone
    sit, walked = act(sit, "move", path=east(5, (2, 0)))
    assert walked.cost == 750 and sit.turns["f"].spent_cm == 1800
    assert refuse(sit, "move", path=((8, 0),)).rule == "D5-SPEED"


def test_d5_prone_stand_limit_needs_half_the_speed_left_of_the_dashed_budget():
    """D5-PRONE-STAND-LIMIT: legal iff B > 0 and B × (1 + dashes) − spent ≥ B/2, exact in cm."""
    for spent, dashed, legal in ((450, False, True), (451, False, False), (1350, True, True), (1351, True, False)):
        turn = dnd5e.TurnState(spent_cm=spent, dashed=dashed, action_used=dashed)
        sit = replace(situation(OPEN, fighter(prone=True)), turns={"f": turn})
        result = dnd5e.rule(sit, Action("stand_up", "f"), random.Random(0))
        assert isinstance(result, Ruling) is legal, (spent, dashed, result)
        if not legal:
            assert result.rule == "D5-PRONE-STAND-LIMIT"


def test_d5_prone_stand_a_legless_flyer_stands_on_half_its_fly_speed_not_doubled_by_dash():
    """D5-PRONE-STAND: B is the highest speed when walking is 0; a Dash doubles the budget, not B/2."""
    sit = situation(OPEN, fighter(speed=0.0, fly=12.0, prone=True))
    sit, _ = act(sit, "dash")
    sit, stood = act(sit, "stand_up")
    assert stood.cost == 600 and sit.turns["f"].spent_cm == 600
