"""dnd5e terrain: diagonals, difficult terrain, obstacles, pits, corners, darkness and doors (docs/rules-dnd5e.md)."""

from __future__ import annotations

import pytest
from test_dnd5e_helpers import OPEN, act, east, fighter, foe, refuse, situation

from rules import dnd5e
from rules.core import Size, Terrain


def test_w26_four_diagonals_cost_six_metres():
    # D5-GRID-DIAG: every diagonal is one square
    sit = situation(OPEN, fighter())
    ruling = dnd5e.measure(sit, "f", ((1, 1), (2, 2), (3, 3), (4, 4)))
    assert ruling.cost == 600
    assert all("D5-GRID-DIAG" in step.rules for step in ruling.steps)


def test_w26_rubble_on_the_diagonal_costs_double_and_the_fourth_step_ends_at_nine_metres():
    # D5-DIFFICULT
    rows = ["......", ".,....", "..,...", "......", "......"]
    sit = situation(rows, fighter())
    ruling = dnd5e.measure(sit, "f", ((1, 1), (2, 2), (3, 3)))
    assert [s.cost for s in ruling.steps] == [300, 300, 150]
    assert "D5-DIFFICULT" in ruling.steps[0].rules
    longer = dnd5e.measure(sit, "f", ((1, 1), (2, 2), (3, 3), (4, 4)))
    assert longer.cost == 900 and longer.band == "move"


def test_w27_rubble_and_an_ally_in_one_square_still_cost_only_one_extra():
    # D5-DIFFICULT-NOSTACK with D5-CREATURE-DIFFICULT
    sit = situation([".,...."], fighter(), fighter("ally", (1, 0)))
    ruling = dnd5e.measure(sit, "f", east(2))
    assert ruling.cost == 450
    assert {"D5-DIFFICULT-NOSTACK", "D5-CREATURE-DIFFICULT", "D5-DIFFICULT"} <= set(ruling.steps[0].rules)


def test_d5_creature_difficult_an_allys_square_alone_costs_double():
    sit = situation(OPEN, fighter(), fighter("ally", (1, 0)))
    ruling = dnd5e.measure(sit, "f", east(2))
    assert [s.cost for s in ruling.steps] == [300, 150]


def test_d5_difficult_a_flyer_ignores_ground_difficult_terrain_but_not_a_creature():
    sit = situation([".,,..."], fighter(fly=18.0), fighter("ally", (3, 0)))
    ruling = dnd5e.measure(sit, "f", east(4), mode="fly")
    assert [s.cost for s in ruling.steps] == [150, 150, 300, 150]


@pytest.mark.parametrize("preset", ["rubble", "snow", "shallow_water", "vegetation", "steep_stairs"])
def test_d5_difficult_examples_every_preset_slows_walkers_and_not_flyers(preset: str):
    # D5-DIFFICULT-EXAMPLES: map presets are difficult surface terrain
    legend = {"r": Terrain(frozenset({"difficult"}), symbol="r")}
    sit = situation([".r.."], fighter(fly=12.0, name=preset), legend=legend)
    assert dnd5e.measure(sit, "f", east(1)).cost == 300
    assert dnd5e.measure(sit, "f", east(1), mode="fly").cost == 150


def test_d5_cost_add_crawling_squeezing_and_difficult_terrain_add_up():
    # a Small creature crawling into a narrow square holding rubble: 1 + 1 + 1 + 1 squares
    legend = {"x": Terrain(frozenset({"narrow", "difficult"}), symbol="x")}
    small = fighter(size=Size.SMALL, prone=True, speed=12.0)
    sit = situation([".x.."], small, legend=legend)
    ruling = dnd5e.measure(sit, "f", east(1))
    assert ruling.cost == 600
    assert {"D5-COST-ADD", "D5-CRAWL", "D5-SQUEEZE-COST", "D5-DIFFICULT"} <= set(ruling.rules)


def test_w57_a_hampering_wall_segment_makes_the_step_difficult_once():
    # D5-GRID-OBSTACLES
    sit = situation(OPEN, fighter(), edges=[((0, 0), (1, 0), "hampering")])
    assert dnd5e.measure(sit, "f", east(1)).cost == 300
    rough = situation([".,...."], fighter(), edges=[((0, 0), (1, 0), "hampering")])
    ruling = dnd5e.measure(rough, "f", east(1))
    assert ruling.cost == 300 and "D5-DIFFICULT-NOSTACK" in ruling.rules


def test_w57_a_hampering_square_entered_diagonally_costs_three_metres():
    sit = situation(["....", ".%..", "...."], fighter())
    ruling = dnd5e.measure(sit, "f", ((1, 1),))
    assert ruling.cost == 300 and "D5-GRID-OBSTACLES" in ruling.rules


def test_w57_a_pit_stops_walkers_and_costs_a_flyer_one_square():
    sit = situation([".o.."], fighter(fly=18.0))
    walking = dnd5e.measure(sit, "f", east(1))
    assert walking.rule == "D5-GRID-OBSTACLES" and walking.at == (1, 0)
    assert dnd5e.measure(sit, "f", east(1), mode="fly").cost == 150


def test_d5_grid_obstacles_walls_and_blocking_segments_are_impassable():
    walled = situation([".#.."], fighter())
    assert dnd5e.measure(walled, "f", east(1)).rule == "D5-GRID-OBSTACLES"
    segment = situation(OPEN, fighter(), edges=[((0, 0), (1, 0), "blocking")])
    assert dnd5e.measure(segment, "f", east(1)).rule == "D5-GRID-OBSTACLES"


def test_d5_grid_obstacles_a_wall_segment_at_the_crossed_vertex_forbids_the_diagonal():
    for kind in ("hampering", "blocking"):
        sit = situation(OPEN, fighter(), edges=[((1, 0), (1, 1), kind)])
        assert dnd5e.measure(sit, "f", ((1, 1),)).rule == "D5-GRID-OBSTACLES"


def test_d5_grid_corner_no_diagonal_past_a_wall_but_past_a_pit_or_creature():
    wall = situation([".#..", "....", "...."], fighter())
    assert dnd5e.measure(wall, "f", ((1, 1),)).rule == "D5-GRID-CORNER"
    pit = situation([".o..", "....", "...."], fighter())
    assert dnd5e.measure(pit, "f", ((1, 1),)).cost == 150
    crowd = situation(OPEN, fighter(), foe("o", (1, 0)))
    assert dnd5e.measure(crowd, "f", ((1, 1),)).cost == 150


def test_dark_squares_have_no_movement_effect_in_dnd5e():
    sit = situation([".::."], fighter())
    assert dnd5e.measure(sit, "f", east(3)).cost == 450


def test_gb_5e_door_a_closed_door_is_a_wall_until_opened_for_free():
    sit = situation(["..+.."], fighter(at=(1, 0)))
    assert dnd5e.measure(sit, "f", east(1, (1, 0))).rule == "D5-GRID-OBSTACLES"
    sit, opened = act(sit, "interact", at=(2, 0))
    assert "D5-OBJECTS" in opened.rules and opened.cost == 0
    assert sit.turns["f"].interaction_used and not sit.turns["f"].action_used
    assert dnd5e.measure(sit, "f", east(2, (1, 0))).cost == 300


def test_gb_5e_interact_the_second_door_uses_the_action_and_a_third_is_refused():
    sit = situation(["+.+", "..."], fighter(at=(1, 0)))
    sit, _ = act(sit, "interact", at=(0, 0))
    sit, second = act(sit, "interact", at=(2, 0))
    assert sit.turns["f"].action_used and "GB-5E-INTERACT" in second.rules
    assert refuse(sit, "interact", at=(0, 0)).rule == "GB-5E-INTERACT"


def test_gb_5e_door_closing_needs_an_empty_doorway_next_to_the_unit():
    sit = situation(["./..", "...."], fighter(at=(0, 0)), fighter("ally", (1, 0)))
    assert refuse(sit, "interact", at=(1, 0)).rule == "GB-5E-DOOR"
    far = situation(["...+"], fighter(at=(0, 0)))
    assert refuse(far, "interact", at=(3, 0)).rule == "GB-5E-DOOR"
    empty = situation(["./.."], fighter(at=(0, 0)))
    closed, _ = act(empty, "interact", at=(1, 0))
    assert closed.board.terrain((1, 0)).wall


def test_gb_5e_door_a_closed_door_forms_a_corner_an_open_one_does_not():
    shut = situation([".+..", "....", "...."], fighter())
    assert dnd5e.measure(shut, "f", ((1, 1),)).rule == "D5-GRID-CORNER"
    ajar = situation(["./..", "....", "...."], fighter())
    assert dnd5e.measure(ajar, "f", ((1, 1),)).cost == 150


def test_w57_revised_a_flyer_ignores_hampering_edges_and_squares():
    """W57 (revised), D5-GRID-OBSTACLES: walking 3 m, flying 1.5 m over a hampering segment or `%` square."""
    edge = [((0, 0), (1, 0), "hampering")]
    sit = situation(OPEN, fighter(fly=18.0), edges=edge)
    assert dnd5e.measure(sit, "f", east(1)).cost == 300
    flown = dnd5e.measure(sit, "f", east(1), mode="fly")
    assert flown.cost == 150 and "D5-DIFFICULT" not in flown.rules
    square = situation(["....", ".%..", "...."], fighter(fly=18.0))
    assert dnd5e.measure(square, "f", ((1, 1),)).cost == 300
    over = dnd5e.measure(square, "f", ((1, 1),), mode="fly")
    assert over.cost == 150 and "D5-GRID-OBSTACLES" in over.rules


def test_w57_revised_a_hampering_segment_at_the_vertex_stops_walkers_not_flyers():
    """W57 (revised), D5-GRID-CORNER with D5-GRID-OBSTACLES: only blocking segments bar a flyer's diagonal."""
    sit = situation(OPEN, fighter(fly=18.0), edges=[((0, 0), (1, 0), "hampering")])
    assert dnd5e.measure(sit, "f", ((1, 1),)).rule == "D5-GRID-OBSTACLES"
    assert dnd5e.measure(sit, "f", ((1, 1),), mode="fly").cost == 150
    blocked = situation(OPEN, fighter(fly=18.0), edges=[((0, 0), (1, 0), "blocking")])
    assert dnd5e.measure(blocked, "f", ((1, 1),), mode="fly").rule == "D5-GRID-OBSTACLES"
    walled = situation([".#..", "....", "...."], fighter(fly=18.0))
    assert dnd5e.measure(walled, "f", ((1, 1),), mode="fly").rule == "D5-GRID-CORNER"


def test_d5_grid_obstacles_a_flyer_still_pays_for_a_creatures_space():
    """D5-GRID-OBSTACLES (revised): flyers ignore hampering, not D5-CREATURE-DIFFICULT."""
    sit = situation(["..%."], fighter(fly=18.0), fighter("ally", (1, 0)))
    ruling = dnd5e.measure(sit, "f", east(3), mode="fly")
    assert [s.cost for s in ruling.steps] == [300, 150, 150]
    assert "D5-CREATURE-DIFFICULT" in ruling.steps[0].rules
    reached = {r.at: r.cost for r in dnd5e.reachable(sit, "f", "fly")}
    assert reached[(2, 0)] == 450 and reached[(3, 0)] == 600
