"""The pf1 charge along a clear straight line (PF1-CHARGE, revised rules of 2026-12-06): W64–W66 and the refusals."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from game.text.i18n import refusal
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Ruling, Situation, Size
from rules.pf1.charge import charge_ends, passed_squares
from tests.units import pf1_unit

OPEN = ["........"] * 6


def make(rows: list[str], *creatures: Creature, edges=()) -> Situation:
    return Situation("pf1", board_from_rows(rows, edges=edges), {c.id: c for c in creatures}, turns={})


def fighter(at) -> Creature:
    return pf1_unit("f", "pc", at, race="human")


def goblin(at, uid="g", **kw) -> Creature:
    return pf1_unit(uid, "foe", at, race="human", **kw)


def charge(sit: Situation, path, target="g") -> Ruling | Illegal:
    return pf1.rule(sit, Action("charge", "f", path=tuple(path), target=target), random.Random(3))


def ends(sit: Situation, target="g") -> dict:
    return {e.at: e for e in charge_ends(sit, "f", target)}


def test_w64_a_straight_charge_to_the_closest_square_costs_4_squares():
    """W64 PF1-CHARGE: closest squares (4,1), (4,2), (4,3) at count 4; the straight one is 6 m."""
    sit = make(OPEN, fighter((0, 2)), goblin((5, 2)))
    found = ends(sit)
    assert sorted(found) == [(4, 1), (4, 2), (4, 3)] and {e.count for e in found.values()} == {4}
    assert found[(4, 2)].path == ((1, 2), (2, 2), (3, 2), (4, 2))
    ruling = charge(sit, found[(4, 2)].path)
    assert isinstance(ruling, Ruling) and ruling.band == "charge"
    assert ruling.cost == 4 and ruling.cost * ruling.unit_cm == 600
    assert "PF1-CHARGE" in ruling.rules


def test_w64_an_ally_on_every_line_forbids_the_charge_though_a_walk_round_it_would_reach():
    """W64 PF1-ALLY: an ally at (2,2) stands on all three lines; the refusal names it and its square."""
    sit = make(OPEN, fighter((0, 2)), goblin((5, 2)), pf1_unit("a", "pc", (2, 2), race="human"))
    for end in ends(sit).values():
        assert end.refusal is not None and end.refusal.rule == "PF1-ALLY" and end.blocked == (2, 2)
    refused = charge(sit, [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert isinstance(refused, Illegal) and refused.rule == "PF1-ALLY" and refused.at == (2, 2)
    assert refusal(refused, "en") == "an ally stands on the line at [2, 2] [PF1-ALLY]"
    assert isinstance(pf1.measure(sit, "f", [(1, 2), (2, 1), (3, 2), (4, 2)]), Ruling), "a walk round the ally"


def test_w64_difficult_terrain_on_one_line_leaves_the_others_and_the_path_bends_late():
    """W64 PF1-DIFFICULT-NORUN: (3,2) difficult: to (4,2) refused, to (4,1) along (1,2),(2,2),(3,1),(4,1)."""
    rows = ["........", "........", "...,....", "........", "........", "........"]
    sit = make(rows, fighter((0, 2)), goblin((5, 2)))
    found = ends(sit)
    assert found[(4, 2)].refusal.rule == "PF1-DIFFICULT-NORUN" and found[(4, 2)].blocked == (3, 2)
    line = [sq for _, sq, _ in passed_squares(found[(4, 1)].segments[0])]
    assert line == [(0, 2), (1, 2), (2, 2), (2, 1), (3, 1), (4, 1)]
    assert found[(4, 1)].path == ((1, 2), (2, 2), (3, 1), (4, 1))
    ruling = charge(sit, found[(4, 1)].path)
    assert isinstance(ruling, Ruling) and [s.cost for s in ruling.steps] == [1, 1, 1, 1]
    refused = charge(sit, [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert isinstance(refused, Illegal) and refused.rule == "PF1-DIFFICULT-NORUN" and refused.at == (3, 2)


def test_w64_a_helpless_goblin_on_the_line_does_not_stop_the_charge():
    """W64 PF1-HELPLESS: a helpless creature on the line is no hindrance."""
    sit = make(OPEN, fighter((0, 2)), goblin((5, 2)), goblin((2, 2), "h", helpless=True))
    ruling = charge(sit, [(1, 2), (2, 2), (3, 2), (4, 2)])
    assert isinstance(ruling, Ruling) and ruling.cost == 4


def test_w65_the_closest_square_and_a_line_that_only_touches_a_corner():
    """W65 PF1-CHARGE: E = (3,1) at count 3; the line touches the corner at (2,1) only; 4.5 m."""
    sit = make(OPEN, fighter((0, 0)), goblin((4, 2)))
    found = ends(sit)
    assert list(found) == [(3, 1)] and found[(3, 1)].count == 3
    line = [sq for _, sq, _ in passed_squares(found[(3, 1)].segments[0])]
    assert (2, 0) not in line and (1, 1) not in line
    assert found[(3, 1)].path == ((1, 0), (2, 1), (3, 1))
    ruling = charge(sit, [(1, 0), (2, 1), (3, 1)])
    assert isinstance(ruling, Ruling) and ruling.cost * ruling.unit_cm == 450


def test_w65_the_closest_square_taken_forbids_the_charge_though_farther_ones_are_free():
    """W65 PF1-CHARGE: a goblin on (3,1): illegal, although (3,2) and (4,1) are free."""
    sit = make(OPEN, fighter((0, 0)), goblin((4, 2)), goblin((3, 1), "b"))
    assert ends(sit)[(3, 1)].refusal.reason == "charge.closest_taken"
    for path in ([(1, 0), (2, 1), (3, 1)], [(1, 1), (2, 2), (3, 2)], [(1, 0), (2, 0), (3, 1), (4, 1)]):
        refused = charge(sit, path)
        assert isinstance(refused, Illegal) and refused.rule == "PF1-CHARGE" and refused.at == (3, 1)
        assert refusal(refused, "en") == "the closest square [3, 1] is taken [PF1-CHARGE]"


def test_w66_a_charge_must_go_at_least_two_squares():
    """W66 PF1-CHARGE: goblin at (2,0), closest square (1,0) is 1 away: illegal."""
    sit = make(OPEN, fighter((0, 0)), goblin((2, 0)))
    refused = charge(sit, [(1, 0)])
    assert isinstance(refused, Illegal) and refused.rule == "PF1-CHARGE" and refused.reason == "charge.too_short"


def test_pf1_charge_a_farther_free_square_is_not_a_closest_square():
    """PF1-CHARGE 1: a path ending one square beyond the closest ones is refused, naming that square."""
    sit = make(OPEN, fighter((0, 2)), goblin((5, 2)))
    refused = charge(sit, [(1, 2), (2, 2), (3, 2), (4, 2), (5, 3)])
    assert isinstance(refused, Illegal) and refused.reason == "charge.not_closest" and refused.at == (5, 3)


def test_pf1_charge_a_path_that_leaves_the_line_is_refused():
    """PF1-CHARGE 4: the charger enters only squares the line passes."""
    sit = make(OPEN, fighter((0, 2)), goblin((5, 2)))
    refused = charge(sit, [(1, 3), (2, 3), (3, 2), (4, 2)])
    assert isinstance(refused, Illegal) and refused.reason == "charge.off_line" and refused.at == (1, 3)


def test_pf1_charge_an_enemy_an_obstacle_or_a_wall_segment_on_the_line_forbid_it():
    """PF1-CHARGE 3: other creatures, hampering squares and wall segments on the line, each with its square."""
    other = make(OPEN, fighter((0, 2)), goblin((5, 2)), goblin((2, 2), "b"))
    assert ends(other)[(4, 2)].refusal.reason == "charge.creature_on_line"
    rubble = make(["........", "........", "..%.....", "........", *OPEN[:2]], fighter((0, 2)), goblin((5, 2)))
    assert ends(rubble)[(4, 2)].refusal.reason == "charge.obstacle_on_line" and ends(rubble)[(4, 2)].blocked == (2, 2)
    walled = make(OPEN, fighter((0, 2)), goblin((5, 2)), edges=[((2, 2), (3, 2), "hampering")])
    found = ends(walled)[(4, 2)]
    assert (
        found.refusal.rule == "PF1-CHARGE" and found.refusal.reason == "charge.wall_on_line" and found.blocked == (3, 2)
    )
    assert ends(walled)[(4, 1)].clear, "the line to (4,1) leaves row 2 before the low wall"


def test_pf1_charge_a_large_charger_ends_with_its_whole_footprint_on_the_closest_anchor():
    """PF1-CHARGE 1, 3: a Large ogre's lines run from each of its four squares; its path keeps the full space."""
    ogre = Creature("f", "pc", (0, 0), size=Size.LARGE, speed=12)
    sit = make(["........."] * 6, ogre, goblin((6, 1)))
    found = ends(sit)
    assert found and all(e.count == min(x.count for x in found.values()) for e in found.values())
    clear = [e for e in found.values() if e.clear]
    assert clear and all(len(e.segments) == 4 for e in clear)
    ruling = charge(sit, clear[0].path)
    assert isinstance(ruling, Ruling) and all(s.dims is None for s in ruling.steps)


def test_pf1_charge_the_refusals_are_written_in_every_language():
    """PF1-ALLY, PF1-CHARGE: the two refusals of the issue in German, Italian and Hebrew as well."""
    sit = make(OPEN, fighter((0, 2)), goblin((5, 2)), pf1_unit("a", "pc", (2, 2), race="human"))
    ally = charge(sit, [(1, 2), (2, 2), (3, 2), (4, 2)])
    taken = charge(make(OPEN, fighter((0, 0)), goblin((4, 2)), goblin((3, 1), "b")), [(1, 0), (2, 1), (3, 1)])
    texts = {lang: (refusal(ally, lang), refusal(taken, lang)) for lang in ("de", "it", "he")}
    assert texts["de"][0].startswith("auf der Linie steht ein Verbündeter") and "[PF1-ALLY]" in texts["de"][0]
    assert texts["it"][1].startswith("il quadretto più vicino") and "[PF1-CHARGE]" in texts["it"][1]
    assert "תפוסה" in texts["he"][1] and "2, 2" in texts["he"][0]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7), st.integers(0, 7))
def test_pf1_charge_a_line_passes_4_connected_squares_from_start_to_end(ax, ay, bx, by):
    """PF1-CHARGE 3: consecutive passed squares share an edge, or only a corner where the line meets a vertex."""
    half = Fraction(1, 2)
    seg = ((ax + half, ay + half), (bx + half, by + half))
    squares = [sq for _, sq, _ in passed_squares(seg)]
    assert squares[0] == (ax, ay) and squares[-1] == (bx, by)
    for a, b in itertools.pairwise(squares):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
    assert len(squares) == len(set(squares))
