"""dnd5e squeezing under the revised D5-SQUEEZE, and Tiny creatures sharing a square (W61)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_dnd5e_helpers import act, east, fighter, foe, situation

from rules import dnd5e
from rules.core import Creature, Illegal, Options, Ruling, Size


def large(at: tuple[int, int] = (0, 0), **changes: object) -> Creature:
    """A Large creature walking 12 m."""
    return fighter(at=at, size=Size.LARGE, speed=12.0, **changes)


def test_d5_grid_corner_a_large_creature_may_not_squeeze_round_a_corner_it_cannot_cut():
    """For dnd5e, D5-GRID-CORNER: wall at (2,0); the diagonal to anchor (1,1) is illegal."""
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
    """Grid conventions (for dnd5e): no step to one's own anchor or wholly inside the footprint."""
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


def _legal(rows: list[str], sq: tuple[int, int]) -> bool:
    """A square a Large walker's footprint may hold: on the map, no wall, no pit."""
    x, y = sq
    return 0 <= y < len(rows) and 0 <= x < len(rows[0]) and rows[y][x] not in "#o"


def _wall(rows: list[str], sq: tuple[int, int]) -> bool:
    x, y = sq
    return 0 <= y < len(rows) and 0 <= x < len(rows[0]) and rows[y][x] == "#"


def _block(anchor: tuple[int, int], side: int) -> set[tuple[int, int]]:
    return {(anchor[0] + i, anchor[1] + j) for i in range(side) for j in range(side)}


def _full_around(rows: list[str], sq: tuple[int, int], held: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The legal 2×2 anchor containing `sq` with the most overlap with `held`, then lowest y, then x."""
    fits = [
        (sq[0] - i, sq[1] - j)
        for i in (0, 1)
        for j in (0, 1)
        if all(_legal(rows, q) for q in _block((sq[0] - i, sq[1] - j), 2))
    ]
    return min(fits, key=lambda a: (-len(_block(a, 2) & held), a[1], a[0]), default=None)


def _enumerate_large(rows: list[str], start: tuple[int, int], limit: int, alternating: bool) -> dict:
    """Cheapest cost in squares per anchor for a Large walker, written from the dnd5e step and D5-SQUEEZE.

    States are (anchor, squeezed, d mod 2); relaxed to a fixed point (no priority queue, no shared code).
    """
    best = {(start, False, 0): 0}
    changed = True
    while changed:
        changed = False
        for (a, squeezed, d), cost in list(best.items()):
            side = 1 if squeezed else 2
            here = _block(a, side)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                if (
                    dx
                    and dy
                    and any(_wall(rows, q) for q in _block((a[0] + dx, a[1]), side) | _block((a[0], a[1] + dy), side))
                ):
                    continue  # D5-GRID-CORNER
                to = (a[0] + dx, a[1] + dy)
                dests = []
                if not squeezed:
                    if all(_legal(rows, q) for q in _block(to, 2)):
                        dests = [(to, False)]
                    else:
                        for r in _block(to, 2):
                            if _legal(rows, r) and r not in here and _full_around(rows, r, here) is None:
                                dests.append((r, True))
                else:
                    grown = _full_around(rows, to, here)
                    if grown is not None:
                        dests = [(grown, False)]
                    elif _legal(rows, to):
                        dests = [(to, True)]
                base, nd = (1 + d, 1 - d) if (alternating and dx and dy) else (1, d)
                for anchor, sq in dests:
                    rough = any(rows[q[1]][q[0]] == "," for q in _block(anchor, 1 if sq else 2))
                    total = cost + base * (1 + int(rough) + int(sq))
                    key = (anchor, sq, nd)
                    if total <= limit and total < best.get(key, limit + 1):
                        best[key] = total
                        changed = True
    out: dict = {}
    for (anchor, _, _), cost in best.items():
        if anchor != start:
            out[anchor] = min(cost, out.get(anchor, cost))
    return out


@settings(max_examples=80, deadline=None)
@given(st.data(), st.booleans())
def test_property_large_squeezing_on_5x5_boards_matches_an_independent_enumeration(data, alternating):
    """D5-SQUEEZE, D5-GRID-CORNER, D5-GRID-DIAG(-VARIANT): reach of a Large walker equals a brute force."""
    rows = ["".join(data.draw(st.sampled_from("....,#o")) for _ in range(5)) for _ in range(5)]
    anchors = [(x, y) for x in range(4) for y in range(4) if all(_legal(rows, q) for q in _block((x, y), 2))]
    assume(anchors)
    start = data.draw(st.sampled_from(anchors))
    sit = situation(rows, large(start))
    sit = replace(
        sit,
        turns={"f": dnd5e.TurnState(action_used=True)},
        options=Options(diagonal="alternating" if alternating else "uniform"),
    )
    reached = {r.at: r.cost // 150 for r in dnd5e.reachable(sit, "f")}
    assert reached == _enumerate_large(rows, start, 8, alternating)
    for spot in dnd5e.reachable(sit, "f"):
        assert dnd5e.measure(sit, "f", spot.path).cost == spot.cost, spot
