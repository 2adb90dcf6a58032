"""dnd5e spaces: passing creatures, ending a move, Tiny sharing, footprints, squeezing, surrounding (2.5, 2.7, 2.8)."""

from __future__ import annotations

import itertools

from test_dnd5e_helpers import OPEN, act, east, fighter, foe, refuse, situation

from rules import dnd5e
from rules.core import Creature, Size, Terrain, footprint
from rules.dnd5e.actions import attack_modifiers
from rules.dnd5e.space import full_side, size_order
from rules.geometry import adjacent, ring


def test_d5_size_table_footprint_sides_per_size():
    # D5-SIZE-TABLE and D5-GRID-FOOTPRINT: Tiny/Small/Medium 1, Large 2, Huge 3, Gargantuan 4
    sides = {size: full_side(Creature("c", "s", (0, 0), size=size)) for size in Size if 2 <= size <= 7}
    assert sides == {
        Size.TINY: 1,
        Size.SMALL: 1,
        Size.MEDIUM: 1,
        Size.LARGE: 2,
        Size.HUGE: 3,
        Size.GARGANTUAN: 4,
    }


def test_d5_pass_hostile_uses_the_5e_size_order_not_the_pf1_one():
    assert [size_order(s) for s in (Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE, Size.GARGANTUAN)] == [
        0,
        1,
        2,
        3,
        4,
        5,
    ]


def test_w31_a_medium_fighter_passes_a_hostile_tiny_cat_for_four_and_a_half_metres():
    # D5-PASS-HOSTILE: two sizes apart
    sit = situation(OPEN, fighter(), foe("cat", (1, 0), Size.TINY))
    ruling = dnd5e.measure(sit, "f", east(2))
    assert ruling.cost == 450 and "D5-PASS-HOSTILE" in ruling.rules


def test_w31_the_fighter_may_not_stop_in_the_cats_square():
    # D5-NO-END-IN-SPACE
    sit = situation(OPEN, fighter(), foe("cat", (1, 0), Size.TINY))
    refused = dnd5e.measure(sit, "f", east(1))
    assert refused.rule == "D5-NO-END-IN-SPACE" and refused.at == (1, 0)


def test_w31_a_hostile_small_goblin_bars_the_way_a_friendly_one_does_not():
    hostile = situation(OPEN, fighter(), foe("gob", (1, 0), Size.SMALL))
    assert dnd5e.measure(hostile, "f", east(2)).rule == "D5-PASS-HOSTILE"
    friendly = situation(OPEN, fighter(), fighter("gob", (1, 0), size=Size.SMALL))
    ruling = dnd5e.measure(friendly, "f", east(2))
    assert ruling.cost == 450 and "D5-PASS-NONHOSTILE" in ruling.rules


def test_d5_pass_nonhostile_any_side_but_another_is_hostile_and_same_side_is_not():
    sit = situation(OPEN, fighter(), Creature("n", "neutrals", (1, 0)))
    assert dnd5e.measure(sit, "f", east(2)).rule == "D5-PASS-HOSTILE"
    ally = situation(OPEN, fighter(), fighter("n", (1, 0)))
    assert dnd5e.measure(ally, "f", east(2)).ok


def test_w32_through_a_hostile_huge_giant_costs_ten_and_a_half_metres():
    giant = foe("giant", (1, 0), Size.HUGE)
    sit = situation(OPEN, fighter(at=(0, 1)), giant)
    path = east(4, (0, 1))
    refused = refuse(sit, "move", path=path)
    assert refused.rule == "D5-SPEED" and refused.cost == 1050
    assert dnd5e.measure(sit, "f", path).band == "dash"
    fast = situation(OPEN, fighter(at=(0, 1), speed=12.0), giant)
    ruling = dnd5e.measure(fast, "f", path)
    assert ruling.cost == 1050 and ruling.band == "move"
    assert [s.cost for s in ruling.steps] == [300, 300, 300, 150]


def test_w32_a_large_creature_cannot_cross_the_huge_giant():
    # one size apart: even squeezed to 1×1 it cannot enter the giant's squares
    large = fighter(at=(0, 1), size=Size.LARGE, speed=12.0)
    sit = situation(OPEN, large, foe("giant", (2, 0), Size.HUGE))
    refused = dnd5e.measure(sit, "f", east(3, (0, 1)))
    assert refused.rule == "D5-PASS-HOSTILE" and refused.at == (2, 1)


def test_w32_the_fighter_cannot_stop_inside_the_giant():
    sit = situation(OPEN, fighter(at=(0, 1), speed=12.0), foe("giant", (1, 0), Size.HUGE))
    assert dnd5e.measure(sit, "f", east(2, (0, 1))).rule == "D5-NO-END-IN-SPACE"
    assert all(r.at not in footprint((1, 0), (3, 3)) for r in dnd5e.reachable(sit, "f"))


def test_d5_no_end_in_space_applies_to_friends_and_is_checked_for_every_segment():
    sit = situation(OPEN, fighter(), fighter("ally", (2, 0)))
    assert refuse(sit, "move", path=east(2)).rule == "D5-NO-END-IN-SPACE"
    sit, _ = act(sit, "move", path=east(1))
    assert refuse(sit, "move", path=east(1, (1, 0))).rule == "D5-NO-END-IN-SPACE"
    assert dnd5e.measure(sit, "f", east(2, (1, 0))).ok


def test_d5_space_control_a_hobgoblin_in_a_doorway_stops_foes_not_friends_or_tiny_foes():
    # D5-SPACE-CONTROL follows from D5-PASS-HOSTILE and D5-PASS-NONHOSTILE
    rows = ["###.###", ".......", "###.###"]
    hob = foe("hob", (3, 1))
    path = east(4, (2, 1))
    foe_side = situation(rows, fighter(at=(2, 1)), hob)
    assert dnd5e.measure(foe_side, "f", path).rule == "D5-PASS-HOSTILE"
    friend = situation(rows, fighter(at=(2, 1), side="monsters"), hob)
    assert dnd5e.measure(friend, "f", path).ok
    tiny = situation(rows, fighter(at=(2, 1), size=Size.TINY), hob)
    assert dnd5e.measure(tiny, "f", path).ok


def test_d5_grid_footprint_up_to_four_tiny_creatures_share_a_square():
    mouse = fighter("m", (0, 0), size=Size.TINY)
    sit = situation(OPEN, mouse, *[Creature(f"r{i}", "heroes", (1, 0), size=Size.TINY) for i in range(3)])
    ruling = dnd5e.measure(sit, "m", east(1))
    assert ruling.cost == 150 and "D5-GRID-FOOTPRINT" in ruling.rules
    crowded = situation(OPEN, mouse, *[Creature(f"r{i}", "heroes", (1, 0), size=Size.TINY) for i in range(4)])
    assert dnd5e.measure(crowded, "m", east(1)).rule == "D5-NO-END-IN-SPACE"
    assert dnd5e.measure(crowded, "m", east(2)).cost == 450


def test_d5_grid_footprint_a_tiny_creature_is_a_whole_square_for_bigger_movers():
    sit = situation(OPEN, fighter(), Creature("rat", "heroes", (1, 0), size=Size.TINY))
    assert dnd5e.measure(sit, "f", east(1)).rule == "D5-NO-END-IN-SPACE"
    assert dnd5e.measure(sit, "f", east(2)).cost == 450


def test_d5_grid_footprint_a_tiny_mover_does_not_share_with_a_larger_creature():
    sit = situation(OPEN, fighter("m", size=Size.TINY), fighter("ally", (1, 0)))
    assert dnd5e.measure(sit, "m", east(1)).rule == "D5-NO-END-IN-SPACE"


def test_d5_grid_footprint_a_large_step_is_difficult_if_any_destination_square_is():
    rows = ["......", "..,...", "......"]
    sit = situation(rows, fighter(size=Size.LARGE))
    ruling = dnd5e.measure(sit, "f", east(2))
    assert [s.cost for s in ruling.steps] == [300, 300]
    assert {"D5-DIFFICULT", "D5-GRID-FOOTPRINT"} <= set(ruling.steps[0].rules)


def test_w33_a_squeezed_large_creature_pays_double_in_a_one_square_corridor():
    # D5-SQUEEZE and D5-SQUEEZE-COST
    rows = ["#########", ".........", "#########"]
    large = fighter(at=(1, 1), size=Size.LARGE, speed=12.0, space=(1, 1), squeezed=True)
    sit = situation(rows, large)
    ruling = dnd5e.measure(sit, "f", east(3, (1, 1)))
    assert ruling.cost == 900 and all(s.dims == (1, 1) for s in ruling.steps)
    assert "D5-SQUEEZE-COST" in ruling.rules


def test_w33_rubble_in_the_corridor_makes_that_squeezed_step_four_and_a_half_metres():
    rows = ["#########", "...,.....", "#########"]
    large = fighter(at=(1, 1), size=Size.LARGE, speed=12.0, space=(1, 1), squeezed=True)
    ruling = dnd5e.measure(situation(rows, large), "f", east(3, (1, 1)))
    assert [s.cost for s in ruling.steps] == [300, 450, 300] and ruling.cost == 1050


def test_d5_squeeze_a_large_creature_enters_a_corridor_squeezed_and_expands_on_leaving():
    rows = ["..####..", "........", "..####.."]
    sit = situation(rows, fighter(size=Size.LARGE, speed=18.0))
    path = ((2, 1), (3, 1), (4, 1), (5, 1), (6, 0))
    ruling = dnd5e.measure(sit, "f", path)
    assert [s.dims for s in ruling.steps] == [(1, 1), (1, 1), (1, 1), (1, 1), None]
    assert [s.cost for s in ruling.steps] == [300, 300, 300, 300, 150]
    kinds = [e.kind for e in ruling.events]
    assert kinds == ["squeeze", "expand"]
    after, _ = act(sit, "move", path=path[:2])
    assert after.creature("f").squeezed and after.creature("f").space == (1, 1)
    done, _ = act(after, "move", path=path[2:])
    assert not done.creature("f").squeezed and done.creature("f").space is None


def test_d5_squeeze_a_medium_creature_never_squeezes():
    sit = situation([".n.."], fighter())
    assert dnd5e.measure(sit, "f", east(1)).rule == "D5-SQUEEZE"


def test_w56_narrow_square_tiny_passes_small_squeezes_medium_cannot():
    rows = [".n.."]
    tiny = dnd5e.measure(situation(rows, fighter(size=Size.TINY)), "f", east(1))
    assert tiny.cost == 150
    small = dnd5e.measure(situation(rows, fighter(size=Size.SMALL)), "f", east(1))
    assert small.cost == 300 and "D5-SQUEEZE" in small.rules
    assert dnd5e.measure(situation(rows, fighter()), "f", east(1)).rule == "D5-SQUEEZE"


def test_d5_squeeze_clearance_below_tiny_space_closes_the_square_to_everyone():
    legend = {"c": Terrain(frozenset({"narrow"}), clearance_m=0.6, symbol="c")}
    sit = situation([".c.."], fighter(size=Size.TINY), legend=legend)
    assert dnd5e.measure(sit, "f", east(1)).rule == "D5-SQUEEZE"


def test_d5_squeeze_disadv_and_adv_against_follow_the_squeezed_flag():
    squeezed = fighter(squeezed=True)
    plain = foe("o", (1, 0))
    assert attack_modifiers(squeezed, plain) == (-1, ("D5-SQUEEZE-DISADV",))
    assert attack_modifiers(plain, squeezed) == (1, ("D5-SQUEEZE-ADV-AGAINST",))
    both = foe("o", (1, 0), squeezed=True)
    assert attack_modifiers(squeezed, both)[0] == 0


def test_w36_four_large_creatures_fill_every_square_around_a_medium_one():
    # D5-SURROUND-LARGE (and D5-SURROUND-MEDIUM: 8 squares around a 1×1 footprint)
    target = footprint((5, 5), (1, 1))
    larges = [footprint(a, (2, 2)) for a in ((4, 3), (6, 4), (5, 6), (3, 5))]
    assert all(adjacent(fp, target) for fp in larges)
    assert all(not (a & b) for a, b in itertools.combinations(larges, 2))
    covered = set().union(*larges)
    assert ring((5, 5), (1, 1)) <= covered and len(ring((5, 5), (1, 1))) == 8


def test_w36_a_fifth_creature_cannot_stand_next_to_the_surrounded_one():
    anchors = ((4, 3), (6, 4), (5, 6), (3, 5))
    larges = [foe(f"L{i}", a, Size.LARGE) for i, a in enumerate(anchors)]
    sit = situation(["." * 12] * 12, fighter(at=(0, 0), speed=30.0), Creature("t", "x", (5, 5)), *larges)
    ends = {r.at for r in dnd5e.reachable(sit, "f")}
    assert not any(adjacent(footprint(sq, (1, 1)), {(5, 5)}) for sq in ends)


def test_d5_surround_large_at_most_four_large_footprints_fit_around_one_square():
    # exhaustive: every 2×2 anchor adjacent to (0,0); the largest set of disjoint ones has 4 members
    target = {(0, 0)}
    options = [footprint((x, y), (2, 2)) for x in range(-2, 2) for y in range(-2, 2)]
    options = [fp for fp in options if adjacent(fp, target)]

    def most(chosen: list[frozenset], rest: list[frozenset]) -> int:
        best = len(chosen)
        for i, fp in enumerate(rest):
            if all(not (fp & c) for c in chosen):
                best = max(best, most([*chosen, fp], rest[i + 1 :]))
        return best

    assert most([], options) == 4


def test_w36_a_gargantuan_creature_has_twenty_adjacent_squares():
    # D5-SURROUND-GARGANTUAN
    assert len(ring((0, 0), (4, 4))) == 20


def test_w36_four_tiny_creatures_in_one_square_are_legal_a_fifth_is_not():
    four = [Creature(f"t{i}", "pack", (3, 3), size=Size.TINY) for i in range(4)]
    fifth = Creature("t4", "pack", (2, 3), size=Size.TINY)
    sit = situation(OPEN, fifth, *four)
    assert dnd5e.measure(sit, "t4", ((3, 3),)).rule == "D5-NO-END-IN-SPACE"
    three = situation(OPEN, fifth, *four[:3])
    assert dnd5e.measure(three, "t4", ((3, 3),)).ok


def test_d5_squeeze_disadv_a_squeezed_creature_has_disadvantage_on_dex_saves_only():
    assert dnd5e.save_modifier(fighter(squeezed=True), "dex") == (-1, ("D5-SQUEEZE-DISADV",))
    assert dnd5e.save_modifier(fighter(squeezed=True), "con") == (0, ())
    assert dnd5e.save_modifier(fighter(), "dex") == (0, ())
