"""dnd5e squeezing under the revised D5-SQUEEZE, and Tiny creatures sharing a square (W61)."""

from __future__ import annotations

from test_dnd5e_helpers import act, east, fighter, foe, situation

from rules import dnd5e
from rules.core import Creature, Illegal, Ruling, Size


def large(at: tuple[int, int] = (0, 0), **changes: object) -> Creature:
    """A Large creature walking 12 m."""
    return fighter(at=at, size=Size.LARGE, speed=12.0, **changes)


def test_d5_grid_corner_a_large_creature_may_not_squeeze_round_a_corner_it_cannot_cut():
    """Defect 1 of #13 for dnd5e, D5-GRID-CORNER: wall at (2,0); the diagonal to anchor (1,1) is illegal."""
    sit = situation(["..#.....", "........", "........"], large())
    refused = dnd5e.measure(sit, "f", [(1, 1)])
    assert isinstance(refused, Illegal) and refused.rule == "D5-GRID-CORNER"
    around = dnd5e.measure(sit, "f", [(0, 1), (1, 1)])
    assert isinstance(around, Ruling) and around.cost == 300
    assert [s.dims for s in around.steps] == [None, None]
    found = {r.at: r for r in dnd5e.reachable(sit, "f")}
    assert found[(1, 1)].cost == 300


def test_d5_squeeze_only_where_the_full_footprint_does_not_fit():
    """D5-SQUEEZE (revised), W60 for dnd5e: (2,1) and (3,1) difficult; the full footprint pays 3 + 3 + 3."""
    sit = situation(["........", "..,,....", "........"], large())
    ruling = dnd5e.measure(sit, "f", east(3))
    assert [s.cost for s in ruling.steps] == [300, 300, 300]
    assert all(s.dims is None for s in ruling.steps) and not any(e.kind == "squeeze" for e in ruling.events)
    after, _ = act(sit, "move", path=east(3))
    assert not after.creature("f").squeezed and after.creature("f").space is None
    for spot in dnd5e.reachable(sit, "f"):
        assert all(s.dims is None for s in dnd5e.measure(sit, "f", spot.path).steps), spot


def test_d5_squeeze_every_step_enters_a_new_square():
    """Grid conventions (defect 2 of #13 for dnd5e): no step to one's own anchor or wholly inside the footprint."""
    open_sit = situation(["." * 8] * 8, large((4, 4)))
    assert isinstance(dnd5e.measure(open_sit, "f", [(4, 4)]), Illegal)
    # at the bottom map edge the full step south is off the map; a 1×1 "squeeze" at (0,1) would stay inside
    edge = situation(["........", "........"], large())
    refused = dnd5e.measure(edge, "f", [(0, 1)])
    assert isinstance(refused, Illegal) and refused.rule == "D5-GRID-OBSTACLES"
    assert all(r.at != (0, 0) for r in dnd5e.reachable(edge, "f"))


def test_d5_squeeze_the_map_edge_narrows_a_passage_like_a_wall():
    """D5-SQUEEZE (revised): off-map squares are solid, so a Large creature squeezes along the top edge."""
    sit = situation(["........", "...###.."], large())
    path = [(1, 0), (3, 0), (4, 0), (5, 0), (6, 0)]
    ruling = dnd5e.measure(sit, "f", path)
    assert isinstance(ruling, Ruling), ruling
    assert [s.dims for s in ruling.steps] == [None, (1, 1), (1, 1), (1, 1), None]
    assert [s.cost for s in ruling.steps] == [150, 300, 300, 300, 150]
    assert [e.kind for e in ruling.events] == ["squeeze", "expand"]


def test_d5_squeeze_expansion_prefers_the_most_overlap_with_the_held_footprint():
    """D5-SQUEEZE (revised), the W59 tie-break: most overlap with the footprint before the step, then y, then x.

    A squeezed Large creature at (2,2) steps west to (1,2). Full footprints containing (1,2): anchor (0,1)
    overlaps (2,2) by nothing, anchor (1,1) holds the pit at (2,1), anchor (1,2) overlaps by one square.
    Lowest y alone would pick (0,1); the overlap picks (1,2).
    """
    rows = ["......", "..o...", "......", "......", "......"]
    sit = situation(rows, large((2, 2), space=(1, 1), squeezed=True))
    ruling = dnd5e.measure(sit, "f", [(1, 2)])
    assert isinstance(ruling, Ruling) and ruling.steps[0].dims is None and ruling.cost == 150
    assert "D5-SQUEEZE" in ruling.rules and [e.kind for e in ruling.events] == ["expand"]
    assert isinstance(dnd5e.measure(sit, "f", [(0, 1)]), Illegal)
    after, _ = act(sit, "move", path=[(1, 2)])
    assert after.creature("f").at == (1, 2) and not after.creature("f").squeezed


def test_w61_tiny_creatures_share_a_square():
    """W61, D5-GRID-FOOTPRINT: a hostile Tiny rat in (1,0)."""
    rat = foe("rat", (1, 0), size=Size.TINY)
    sprite = dnd5e.measure(situation(["...."], fighter(size=Size.TINY), rat), "f", east(1))
    assert isinstance(sprite, Ruling) and sprite.cost == 150 and "D5-GRID-FOOTPRINT" in sprite.rules
    assert "D5-PASS-HOSTILE" not in sprite.rules, "a free quarter: no size test"
    goblin = dnd5e.measure(situation(["...."], fighter(size=Size.SMALL), rat), "f", east(2))
    assert isinstance(goblin, Illegal) and goblin.rule == "D5-PASS-HOSTILE"
    medium = situation(["...."], fighter(), rat)
    assert dnd5e.measure(medium, "f", east(2)).cost == 450
    assert dnd5e.measure(medium, "f", east(1)).rule == "D5-NO-END-IN-SPACE"


def test_w61_a_full_square_of_four_tiny_creatures_is_their_space_for_a_tiny_mover_too():
    """W61, D5-GRID-FOOTPRINT: four Tiny creatures in (1,0) fill it; D5-PASS-HOSTILE applies to the sprite too."""
    rats = [foe(f"rat{i}", (1, 0), size=Size.TINY) for i in range(4)]
    sit = situation(["...."], fighter(size=Size.TINY), *rats)
    assert dnd5e.measure(sit, "f", east(2)).rule == "D5-PASS-HOSTILE", "hostile and not 2 sizes apart"
    mice = [fighter(f"mouse{i}", (1, 0), size=Size.TINY) for i in range(4)]
    friendly = situation(["...."], fighter(size=Size.TINY), *mice)
    assert dnd5e.measure(friendly, "f", east(2)).cost == 450, "D5-PASS-NONHOSTILE, difficult (D5-CREATURE-DIFFICULT)"
    assert dnd5e.measure(friendly, "f", east(1)).rule == "D5-NO-END-IN-SPACE"
    three = situation(["...."], fighter(size=Size.TINY), *mice[:3])
    assert dnd5e.measure(three, "f", east(1)).cost == 150
