"""Worked examples W1–W23 and the pf1 parts of W52–W56, one test each."""

from __future__ import annotations

import random

import rules.pf1 as pf1
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Ruling, Situation, Size, Terrain
from rules.pf1.turn import TurnState
from tests.units import pf1_unit

BOTH = Terrain(frozenset({"difficult", "hampering"}), symbol="X")
DARK_ROUGH = Terrain(frozenset({"dark", "difficult"}), symbol="D")


def make(rows: list[str], *creatures: Creature, edges=(), legend=None, turns=None) -> Situation:
    board = board_from_rows(rows, legend=legend, edges=edges)
    return Situation("pf1", board, {c.id: c for c in creatures}, turns=turns or {})


def human(at=(0, 0), uid="h", side="pc", **kw) -> Creature:
    return pf1_unit(uid, side, at, race="human", **kw)


def ok(result: Ruling | Illegal) -> Ruling:
    assert isinstance(result, Ruling), result
    return result


def bad(result: Ruling | Illegal, rule: str) -> Illegal:
    assert isinstance(result, Illegal), result
    assert result.rule == rule, result
    return result


def costs(r: Ruling) -> list[int]:
    return [s.cost for s in r.steps]


def act(sit: Situation, kind: str, unit: str = "h", seed: int = 1, **kw) -> Ruling | Illegal:
    return pf1.rule(sit, Action(kind, unit, **kw), random.Random(seed))


def test_w1_plain_diagonals_cost_1_2_1_2_and_a_fifth_overflows_one_move_action():
    """W1 PF1-DIAG: four diagonals cost 6; the fifth is 7 > 6 for one move action."""
    sit = make(["......"] * 6, human())
    r = ok(pf1.measure(sit, "h", [(1, 1), (2, 2), (3, 3), (4, 4)]))
    assert costs(r) == [1, 2, 1, 2] and r.cost == 6 and r.band == "move"
    path = ((1, 1), (2, 2), (3, 3), (4, 4), (5, 5))
    bad(act(sit, "move", path=path), "PF1-MOVE-ACTION")
    assert ok(pf1.measure(sit, "h", path)).cost == 7


def test_w2_orthogonal_steps_do_not_reset_the_diagonal_count():
    """W2 PF1-DIAG: D,O,D,O,D costs 1,1,2,1,1."""
    sit = make(["......"] * 4, human())
    r = ok(pf1.measure(sit, "h", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)]))
    assert costs(r) == [1, 1, 2, 1, 1] and r.cost == 6


def test_w3_diagonal_count_carries_across_the_two_move_actions():
    """W3 PF1-DIAG, PF1-DOUBLE-MOVE: the 4th diagonal of the turn costs 2, also in the second action."""
    first = ((1, 1), (2, 2), (3, 3), (4, 3), (5, 3))
    second = ((6, 4), (7, 5), (8, 6), (9, 6))
    sit = make(["." * 12] * 8, human())
    one = ok(act(sit, "move", path=first))
    assert costs(one) == [1, 2, 1, 1, 1]
    state = next(e.value for e in one.effects if e.kind == "turn")
    assert state.diag == 3
    after = make(["." * 12] * 8, human(at=(5, 3)), turns={"h": state})
    two = ok(act(after, "move", path=second))
    assert costs(two) == [2, 1, 2, 1] and two.cost == 6
    whole = ok(pf1.measure(sit, "h", first + second))
    assert whole.band == "double_move" and whole.cost == 12


def test_w4_closest_creature_tie_is_decided_by_the_die_not_by_euclid():
    """W4 PF1-CLOSEST: A at (4,0) and B at (3,3) are both 4 away; the seeded die picks either."""
    sit = make(["......"] * 6, human(), human((4, 0), "A", "foe"), human((3, 3), "B", "foe"), human((5, 5), "C", "foe"))
    picks = {pf1.closest(sit, "h", ["A", "B", "C"], random.Random(seed)) for seed in range(40)}
    assert picks == {"A", "B"}
    assert pf1.closest(sit, "h", ["A", "C"], random.Random(0)) == "A"


def test_w5_diagonal_into_difficult_costs_3_and_keeps_the_parity():
    """W5 PF1-DIFFICULT-DIAG: (a) 3 then 1; (b) 1, 3, then 2."""
    a = make(["....", ".,..", "....", "...."], human())
    r = ok(pf1.measure(a, "h", [(1, 1), (2, 2)]))
    assert costs(r) == [3, 1] and r.cost == 4
    assert "PF1-DIFFICULT-DIAG" in r.steps[0].rules
    b = make(["....", "....", "..,.", "...."], human())
    assert costs(ok(pf1.measure(b, "h", [(1, 1), (2, 2), (3, 3)]))) == [1, 3, 2]


def test_w6_orthogonal_difficult_costs_2_and_a_run_through_it_is_illegal():
    """W6 PF1-DIFFICULT, PF1-DIFFICULT-NORUN."""
    sit = make([".,,....."], human())
    path = ((1, 0), (2, 0), (3, 0))
    r = ok(pf1.measure(sit, "h", path))
    assert costs(r) == [2, 2, 1] and r.cost == 5
    bad(act(sit, "run", path=path), "PF1-DIFFICULT-NORUN")


def test_w7_two_and_three_doublings_cost_4_6_and_8_12():
    """W7 PF1-DOUBLE-STACK: k=2 gives 4 and 6; squeezing on top (k=3) gives 8 and 12."""
    sit = make([".X..", ".X..", "...."], human(), legend={"X": BOTH})
    assert ok(pf1.measure(sit, "h", [(1, 0)])).cost == 4
    assert ok(pf1.measure(sit, "h", [(1, 1)])).cost == 6
    ogre = Creature("o", "pc", (0, 0), size=Size.LARGE, speed=30)
    corridor = make(["..####", "..XXXX", "..####"], ogre, legend={"X": BOTH})
    r = ok(pf1.measure(corridor, "o", [(1, 1), (2, 1)]))
    assert costs(r) == [8, 8]
    narrow = Terrain(frozenset({"narrow", "difficult", "hampering"}), symbol="N")
    tight = make(["...", ".N.", "..."], human(speed=30), legend={"N": narrow})
    assert costs(ok(pf1.measure(tight, "h", [(1, 1)]))) == [12]
    assert costs(ok(pf1.measure(tight, "h", [(1, 0), (1, 1)]))) == [1, 8]


def test_w8_large_creature_pays_for_the_worst_square_of_its_new_footprint():
    """W8 PF1-MIXED-TERRAIN: 2, 2, 1, 1 = 6."""
    ogre = Creature("o", "pc", (0, 0), size=Size.LARGE, speed=9)
    sit = make(["......", "..,...", "......"], ogre)
    r = ok(pf1.measure(sit, "o", [(1, 0), (2, 0), (3, 0), (4, 0)]))
    assert costs(r) == [2, 2, 1, 1] and r.cost == 6
    assert "PF1-MIXED-TERRAIN" in r.steps[0].rules


def test_w9_corner_of_a_wall_blocks_but_pits_and_creatures_do_not():
    """W9 PF1-CORNER, PF1-DIAG-PIT, PF1-DIAG-CREATURE."""
    wall = make([".#.", "...", "..."], human())
    bad(pf1.measure(wall, "h", [(1, 1)]), "PF1-CORNER")
    bad(act(wall, "step", path=((1, 1),)), "PF1-CORNER")
    assert ok(pf1.measure(wall, "h", [(0, 1), (1, 1)])).cost == 2
    pit = make([".o.", "...", "..."], human())
    assert ok(pf1.measure(pit, "h", [(1, 1)])).cost == 1
    foe = make(["...", "...", "..."], human(), human((1, 0), "orc", "foe"))
    assert ok(pf1.measure(foe, "h", [(1, 1)])).cost == 1


def test_w10_ally_square_is_free_to_cross_but_not_to_end_in_or_charge_through():
    """W10 PF1-ALLY, PF1-END-OCCUPIED."""
    sit = make(["....."], human(), human((1, 0), "ally"), human((3, 0), "orc", "foe"))
    r = ok(pf1.measure(sit, "h", [(1, 0), (2, 0)]))
    assert r.cost == 2 and "PF1-ALLY" in r.steps[0].rules
    bad(pf1.measure(sit, "h", [(1, 0)]), "PF1-END-OCCUPIED")
    bad(act(sit, "charge", target="orc", path=((1, 0), (2, 0))), "PF1-ALLY")


def test_w11_helpless_enemy_square_can_be_crossed_and_ended_in():
    """W11 PF1-HELPLESS, PF1-ENEMY."""
    sit = make(["...."], human(), human((1, 0), "orc", "foe", helpless=True))
    assert ok(pf1.measure(sit, "h", [(1, 0), (2, 0)])).cost == 2
    assert ok(pf1.measure(sit, "h", [(1, 0)])).cost == 1
    awake = make(["...."], human(), human((1, 0), "orc", "foe"))
    bad(pf1.measure(awake, "h", [(1, 0), (2, 0)]), "PF1-ENEMY")


def test_w12_helpless_huge_giant_doubles_each_square_moved_through():
    """W12 PF1-HELPLESS-HUGE: 2,2,2,1 = 7 > 6; stopping on it after 6 is legal; diagonal in costs 3."""
    giant = Creature("g", "foe", (1, 0), size=Size.HUGE, helpless=True)
    sit = make(["......"] * 4, human((0, 1)), giant)
    path = ((1, 1), (2, 1), (3, 1), (4, 1))
    assert costs(ok(pf1.measure(sit, "h", path))) == [2, 2, 2, 1]
    bad(act(sit, "move", path=path), "PF1-MOVE-ACTION")
    assert ok(act(sit, "move", path=path[:3])).cost == 6
    corner = make(["......"] * 4, human((0, 0)), giant)
    assert costs(ok(pf1.measure(corner, "h", [(1, 1)]))) == [3]


def test_w13_tiny_creature_passes_an_enemy_with_one_provoke_and_may_stop_there():
    """W13 PF1-TINY-THROUGH: cost 2, one provokes event; a Small halfling is refused (PF1-ENEMY)."""
    familiar = Creature("f", "pc", (0, 0), size=Size.TINY, speed=9)
    orc = human((1, 0), "orc", "foe")
    sit = make(["...."], familiar, orc)
    r = ok(pf1.measure(sit, "f", [(1, 0), (2, 0)]))
    assert r.cost == 2
    tiny = [e for e in r.events if e.rule == "PF1-TINY-THROUGH"]
    assert len(tiny) == 1 and tiny[0].by == "orc" and tiny[0].kind == "provokes"
    assert ok(pf1.measure(sit, "f", [(1, 0)])).cost == 1
    halfling = pf1_unit("f", "pc", (0, 0), size=Size.SMALL, race="halfling")
    bad(pf1.measure(make(["...."], halfling, orc), "f", [(1, 0), (2, 0)]), "PF1-ENEMY")


def test_w14_three_size_categories_let_creatures_pass_both_ways_and_provoke():
    """W14 PF1-SIZE3-LARGER, PF1-SIZE3-SMALLER, PF1-SIZE3-AOO."""
    worm = Creature("w", "foe", (1, 0), size=Size.GARGANTUAN)
    sit = make(["......"] * 4, human(), worm)
    path = [(x, 0) for x in range(1, 6)]
    r = ok(pf1.measure(sit, "h", path))
    assert [e.by for e in r.events if e.rule == "PF1-SIZE3-AOO"] == ["w"]
    bad(pf1.measure(sit, "h", path[:2]), "PF1-END-OCCUPIED")
    giant = Creature("w", "foe", (1, 0), size=Size.HUGE)
    bad(pf1.measure(make(["......"] * 4, human(), giant), "h", path), "PF1-ENEMY")
    big = Creature("big", "pc", (0, 0), size=Size.HUGE, speed=9)
    goblin = Creature("gob", "foe", (3, 1), size=Size.SMALL)
    field = make(["........"] * 4, big, goblin)
    r = ok(pf1.measure(field, "big", [(1, 0), (2, 0), (3, 0), (4, 0)]))
    assert any(e.rule == "PF1-SIZE3-AOO" and e.by == "gob" for e in r.events)
    medium = Creature("gob", "foe", (3, 1), size=Size.MEDIUM)
    bad(pf1.measure(make(["........"] * 4, big, medium), "big", [(1, 0), (2, 0), (3, 0), (4, 0)]), "PF1-ENEMY")


def test_w15_large_creature_squeezes_into_a_one_square_corridor_for_2_per_square():
    """W15 PF1-SQUEEZE, PF1-SQUEEZE-COST, PF1-SQUEEZE-LARGE, PF1-SQUEEZE-PENALTY."""
    ogre = Creature("o", "pc", (0, 0), size=Size.LARGE, speed=12)
    sit = make(["..######", "........", "..######"], ogre)
    path = ((1, 1), (2, 1), (3, 1), (4, 1))
    r = ok(act(sit, "move", unit="o", path=path))
    assert costs(r) == [2, 2, 2, 2] and r.cost == 8
    assert all(s.dims == (2, 1) for s in r.steps)
    place = next(e for e in r.effects if e.kind == "place")
    assert place.value == ((4, 1), (2, 1))
    assert any(e.kind == "set" and e.key == "squeezed" and e.value is True for e in r.effects)


def test_w16_large_creature_squeezes_past_an_enemy_and_never_covers_its_square():
    """W16 PF1-SQUEEZE-PAST: 1, 2, 2, 1 = 6; no footprint includes the orc's square."""
    ogre = Creature("o", "pc", (1, 1), size=Size.LARGE, speed=9)
    orc = human((4, 1), "orc", "foe")
    sit = make(["########", "........", "........", "########"], ogre, orc)
    r = ok(pf1.measure(sit, "o", [(2, 1), (3, 2), (4, 2), (5, 1)]))
    assert costs(r) == [1, 2, 2, 1] and r.cost == 6
    assert "PF1-SQUEEZE-PAST" in r.steps[1].rules
    assert ok(pf1.measure(sit, "o", [(2, 1), (3, 2)])).cost == 3
    bad(pf1.measure(sit, "o", [(2, 1), (3, 1), (4, 1)]), "PF1-ENEMY")
    for place in pf1.reachable(sit, "o"):
        walked = ok(pf1.measure(sit, "o", place.path))
        for step in walked.steps:
            w, h = step.dims or (2, 2)
            cover = {(step.to[0] + i, step.to[1] + j) for i in range(w) for j in range(h)}
            assert (4, 1) not in cover


def test_w17_medium_creature_squeezes_a_gap_and_needs_escape_artist_below_075():
    """W17 PF1-SQUEEZE, PF1-ESCAPE-ARTIST: 0.9 m costs 2 squeezed; 0.6 m needs the check."""
    gap = Terrain(frozenset({"narrow"}), clearance_m=0.9, symbol="g")
    slit = Terrain(frozenset({"narrow"}), clearance_m=0.6, symbol="s")
    sit = make([".g.."], human(), legend={"g": gap})
    r = ok(act(sit, "move", path=((1, 0),)))
    assert r.cost == 2 and any(e.rule == "PF1-SQUEEZE-PENALTY" for e in r.events)
    tight = make([".s.."], human(), human((3, 0), "orc", "foe"), legend={"s": slit})
    m = ok(pf1.measure(tight, "h", [(1, 0)]))
    assert any(e.kind == "check" and e.rule == "PF1-ESCAPE-ARTIST" for e in m.events)
    outcomes = set()
    for seed in range(30):
        moved = ok(act(tight, "move", path=((1, 0),), seed=seed))
        place = next(e for e in moved.effects if e.kind == "place").value[0]
        outcomes.add(place)
        if place == (1, 0):
            assert any(e.rule == "PF1-ESCAPE-ARTIST" for e in moved.events)
    assert outcomes == {(0, 0), (1, 0)}
    inside = make([".s.."], human((1, 0)), human((2, 0), "orc", "foe"), legend={"s": slit})
    bad(act(inside, "attack", target="orc"), "PF1-ESCAPE-ARTIST")
    swing = ok(act(inside, "attack", unit="orc", target="h"))
    assert "PF1-ESCAPE-ARTIST" in swing.rules and "vs 6" in swing.events[0].detail


def test_w18_low_wall_between_squares_costs_2_plus_entry_and_is_never_cut_diagonally():
    """W18 PF1-OBSTACLE-EDGE, PF1-OBSTACLE-SHORT."""
    edge = [((1, 0), (2, 0), "hampering")]
    sit = make(["....", "...."], human(), edges=edge)
    r = ok(pf1.measure(sit, "h", [(1, 0), (2, 0), (3, 0)]))
    assert costs(r) == [1, 3, 1] and "PF1-OBSTACLE-EDGE" in r.steps[1].rules
    rough = make(["..,.", "...."], human(), edges=edge)
    assert costs(ok(pf1.measure(rough, "h", [(1, 0), (2, 0)]))) == [1, 4]
    slow = make(["....", "...."], human((1, 0), speed=3), edges=edge)
    bad(act(slow, "move", path=((2, 0),)), "PF1-OBSTACLE-SHORT")
    below = make(["....", "...."], human((1, 1)), edges=edge)
    bad(pf1.measure(below, "h", [(2, 0)]), "PF1-CORNER")


def test_w19_speeds_double_moves_and_runs_by_race_and_armor():
    """W19 PF1-SPEED-TABLE, PF1-RUN."""
    cases = [
        (human(), 6, 24),
        (human(armor="medium"), 4, 16),
        (human(armor="heavy"), 4, 12),
        (pf1_unit("d", "pc", (0, 0), race="dwarf", armor="heavy"), 4, 12),
        (pf1_unit("d", "pc", (0, 0), race="halfling", armor="heavy"), 3, 9),
    ]
    for creature, speed, run in cases:
        assert pf1.effective_speed(creature) == speed
        assert speed * pf1.run_multiplier(creature) == run
    sit = make(["." * 30], human(armor="heavy"))
    far = [(x, 0) for x in range(1, 13)]
    assert ok(pf1.measure(sit, "h", far)).band == "run"
    bad(pf1.measure(sit, "h", [*far, (13, 0)]), "PF1-RUN")
    assert ok(pf1.measure(sit, "h", far[:8])).band == "double_move"


def test_w20_bonuses_apply_before_the_armor_reduction_and_same_types_do_not_stack():
    """W20 PF1-BONUS-BARBARIAN, PF1-BONUS-ORDER, PF1-ARMOR-FORMULA, PF1-BONUS-STACK."""
    assert pf1.effective_speed(human(char_class="barbarian", armor="medium")) == 6
    assert pf1.effective_speed(human(char_class="barbarian", armor="heavy")) == 4
    assert pf1.effective_speed(pf1_unit("x", "pc", (0, 0), race="halfling", char_class="barbarian", armor="light")) == 6
    assert pf1.effective_speed(human(bonuses=(("enhancement", 3.0), ("enhancement", 6.0)))) == 10


def test_w21_involuntary_stop_in_an_ally_square_returns_to_the_last_legal_square():
    """W21 PF1-ILLEGAL-END: stopped in (1,0), placed at (0,0)."""
    sit = make(["....", "...."], human(), human((1, 0), "ally"))
    for seed in range(5):
        anchor, dims = pf1.involuntary_stop(sit, "h", ((1, 0), (1, 1)), (0, 0), random.Random(seed))
        assert anchor == (0, 0) and dims == (1, 1)


def test_w22_minimum_move_ignores_cost_but_the_step_cannot_pay_more_than_1():
    """W22 PF1-MIN-MOVE, PF1-FULLROUND-STEP."""
    sit = make(["...", ".,.", "..."], human(speed=1.5))
    bad(act(sit, "move", path=((1, 1),)), "PF1-MOVE-ACTION")
    r = ok(act(sit, "minimum_move", path=((1, 1),)))
    assert "PF1-MIN-MOVE" in r.rules
    assert next(e for e in r.effects if e.kind == "place").value[0] == (1, 1)
    bad(act(sit, "step", path=((1, 1),)), "PF1-FULLROUND-STEP")
    assert ok(act(sit, "step", path=((1, 0),))).cost == 1


def test_w23_flyer_crosses_three_difficult_squares_for_3():
    """W23 PF1-FLY-DIFFICULT."""
    sit = make([".,,,."], human(mode="fly"))
    r = ok(pf1.measure(sit, "h", [(1, 0), (2, 0), (3, 0)]))
    assert r.cost == 3 and "PF1-FLY-DIFFICULT" in r.steps[0].rules
    walker = make([".,,,."], human())
    assert ok(pf1.measure(walker, "h", [(1, 0), (2, 0), (3, 0)])).cost == 6


def test_w52_dark_square_hampers_unless_the_mover_sees_in_the_dark():
    """W52 PF1-HAMPERED, PF1-DOUBLE-COST: 2+1; dark and difficult 4+1; darkvision 1+1; no step into it."""
    sit = make([".:.."], human())
    assert costs(ok(pf1.measure(sit, "h", [(1, 0), (2, 0)]))) == [2, 1]
    both = make([".D.."], human(), legend={"D": DARK_ROUGH})
    assert costs(ok(pf1.measure(both, "h", [(1, 0), (2, 0)]))) == [4, 1]
    seer = make([".:.."], human(sees_in_dark=True))
    assert ok(pf1.measure(seer, "h", [(1, 0), (2, 0)])).cost == 2
    bad(act(sit, "step", path=((1, 0),)), "PF1-FULLROUND-STEP")


def test_w54_step_then_attack_is_legal_but_no_move_afterwards_and_no_step_after_moving():
    """W54 PF1-FIVE-FOOT-STEP."""
    sit = make(["...", "...", "..."], human(), human((2, 2), "orc", "foe"))
    stepped = ok(act(sit, "step", path=((1, 1),)))
    state = next(e.value for e in stepped.effects if e.kind == "turn")
    after = make(["...", "...", "..."], human((1, 1)), human((2, 2), "orc", "foe"), turns={"h": state})
    assert isinstance(act(after, "attack", target="orc"), Ruling)
    bad(act(after, "move", path=((1, 0),)), "PF1-FIVE-FOOT-STEP")
    moved = ok(act(sit, "move", path=((1, 0),)))
    state = next(e.value for e in moved.effects if e.kind == "turn")
    again = make(["...", "...", "..."], human((1, 0)), human((2, 2), "orc", "foe"), turns={"h": state})
    bad(act(again, "step", path=((0, 0),)), "PF1-FIVE-FOOT-STEP")


def test_w55_minimum_move_crosses_a_low_wall_that_a_move_action_cannot_pay():
    """W55 PF1-MIN-MOVE, PF1-OBSTACLE-SHORT: speed 1, cost 3."""
    sit = make(["...."], human((1, 0), speed=1.5), edges=[((1, 0), (2, 0), "hampering")])
    bad(act(sit, "move", path=((2, 0),)), "PF1-OBSTACLE-SHORT")
    r = ok(act(sit, "minimum_move", path=((2, 0),)))
    assert next(e for e in r.effects if e.kind == "place").value[0] == (2, 0)


def test_w56_tiny_creature_enters_a_narrow_square_for_1_and_a_medium_one_for_2():
    """W56 PF1-SQUEEZE (pf1 part)."""
    tiny = Creature("t", "pc", (0, 0), size=Size.TINY, speed=6)
    sit = make([".n."], tiny)
    assert ok(pf1.measure(sit, "t", [(1, 0)])).cost == 1
    medium = make([".n."], human())
    assert ok(pf1.measure(medium, "h", [(1, 0)])).cost == 2


def test_turn_state_default_is_fresh():
    """PF1-DIAG: a missing turn entry means a fresh counter."""
    assert pf1.new_turn(make(["."], human()), "h") == TurnState()
