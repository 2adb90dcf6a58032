"""dnd5e reach's fast searches against the general search over hashable states (`tests.plain_search.cost_map`).

The reference is tests/dnd5e_reach_reference.py: the search every dnd5e reach ran before the flat-array
searches (single_square.py, fast_reach.py). On random small boards (walls, difficult,
hampering, narrow and very narrow squares, pits, doors, wall segments, creatures of every
size and side) for every size of mover walking, flying, crawling or climbing, under both
diagonal rules, the fast reach must give the same squares, costs, bands and paths, and each
path must measure (`measure`) at that cost and band citing the rule ids the reference path cites.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import dnd5e
from rules.board import board_from_rows
from rules.core import Creature, Options, Ruling, Situation, Size, Terrain
from rules.dnd5e import fast_reach, single_square
from rules.dnd5e.movement import Mover
from rules.memo import Memo
from tests.dnd5e_reach_reference import reference_reachable

SYMBOLS = "......,,%o#n:+/vw"
LEGEND = {
    "v": Terrain(frozenset(), clearance_m=0.5, symbol="v"),  # too narrow for every size
    "w": Terrain(frozenset({"difficult"}), clearance_m=1.0, symbol="w"),  # a Small creature squeezes
}
SIZES = (Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE, Size.GARGANTUAN)


@st.composite
def situations(draw: st.DrawFn) -> tuple[Situation, str | None]:
    """A small random board, a mover `m` of any size and a few other creatures; and the mode asked for."""
    width = draw(st.integers(3, 9))
    height = draw(st.integers(3, 8))
    rows = ["".join(draw(st.sampled_from(SYMBOLS)) for _ in range(width)) for _ in range(height)]
    walls = []
    for _ in range(draw(st.sampled_from([0, 0, 1, 3]))):
        x, y = draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))
        dx, dy = draw(st.sampled_from([(1, 0), (0, 1)]))
        if x + dx < width and y + dy < height:
            walls.append(((x, y), (x + dx, y + dy), draw(st.sampled_from(["hampering", "blocking"]))))
    board = board_from_rows(rows, LEGEND, walls)
    size = draw(st.sampled_from(SIZES))
    squeezed = draw(st.booleans()) and size not in (Size.TINY, Size.MEDIUM)
    mover = Creature(
        "m",
        "heroes",
        (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))),
        size=size,
        squeezed=squeezed,
        speed=draw(st.sampled_from([4.5, 9.0, 12.0])),
        fly=draw(st.sampled_from([None, 9.0])),
        climb=draw(st.sampled_from([None, 6.0])),
        prone=draw(st.booleans()),
        airborne=draw(st.booleans()),
    )
    creatures = {"m": mover}
    for i in range(draw(st.integers(0, 4))):
        uid = f"c{i}"
        creatures[uid] = Creature(
            uid,
            draw(st.sampled_from(["heroes", "monsters"])),
            (draw(st.integers(-1, width - 1)), draw(st.integers(-1, height - 1))),
            size=draw(st.sampled_from(SIZES)),
            helpless=draw(st.booleans()) and draw(st.booleans()),
        )
    turn = dnd5e.TurnState(
        spent_cm=draw(st.sampled_from([0, 150, 450])),
        dashed=draw(st.booleans()),
        diagonals=draw(st.integers(0, 3)),
    )
    # D5-GRID-DIAG by default, or the alternating variant (D5-GRID-DIAG-VARIANT)
    options = Options(diagonal=draw(st.sampled_from([None, "uniform", "alternating"])))
    mode = draw(st.sampled_from([None, "walk", "fly", "climb"]))
    return Situation("dnd5e", board, creatures, {"m": turn}, options=options), mode


def _reference_reach(sit: Situation, mode: str | None) -> list:
    """Reach as the general search over hashable states rules it."""
    return reference_reachable(sit, "m", mode)


def _rows(reach: list) -> list:
    return [(r.at, r.cost, r.band, r.path) for r in reach]


@settings(max_examples=300, deadline=None)
@given(situations())
def test_property_fast_reach_gives_the_reference_squares_costs_bands_and_paths(case):
    # D5-SPEED, D5-DASH, D5-DIFFICULT, D5-DIFFICULT-NOSTACK, D5-CREATURE-DIFFICULT, D5-PASS-HOSTILE,
    # D5-SQUEEZE, D5-CRAWL, D5-MODES, D5-GRID-OBSTACLES, D5-GRID-CORNER, D5-GRID-DIAG(-VARIANT), D5-NO-END-IN-SPACE
    sit, mode = case
    expected = _rows(_reference_reach(sit, mode))
    sit.memo.clear()
    cold = dnd5e.reachable(sit, "m", mode)
    assert _rows(cold) == expected
    warm = dnd5e.reachable(sit, "m", mode)  # the board's tables now kept
    assert _rows(warm) == expected


@settings(max_examples=120, deadline=None)
@given(situations())
def test_property_fast_reach_paths_measure_at_their_cost_citing_the_reference_rules(case):
    # every path the fast reach traces is legal and cheapest: measure agrees on cost, band and end,
    # and cites the same rule ids as measuring the reference search's path to that square
    sit, mode = case
    reference = {r.at: r for r in _reference_reach(sit, mode)}
    for spot in dnd5e.reachable(sit, "m", mode):
        ruling = dnd5e.measure(sit, "m", spot.path, mode)
        assert isinstance(ruling, Ruling), (spot, ruling)
        assert (ruling.cost, ruling.band, ruling.steps[-1].to) == (spot.cost, spot.band, spot.at)
        same = dnd5e.measure(sit, "m", reference[spot.at].path, mode)
        assert isinstance(same, Ruling)
        assert ruling.rules == same.rules


@settings(max_examples=60, deadline=None)
@given(situations(), situations())
def test_property_tables_kept_for_a_board_serve_every_later_query_on_it(first, second):
    # one query's creatures never leak into the kept tables: a second situation on the same board
    # (other creatures, other mover) rules as the reference whatever was asked before
    sit_a, mode_a = first
    sit_b, mode_b = second
    memo = sit_a.memo  # one memo for the three queries, as in a match
    shared = Situation("dnd5e", sit_a.board, {**sit_b.creatures}, sit_b.turns, options=sit_b.options, memo=memo)
    memo.clear()
    dnd5e.reachable(sit_a, "m", mode_a)
    alone = Situation(
        "dnd5e", sit_a.board, {"m": shared.creature("m")}, shared.turns, options=shared.options, memo=memo
    )
    dnd5e.reachable(alone, "m", mode_b)
    assert _rows(dnd5e.reachable(shared, "m", mode_b)) == _rows(_reference_reach(shared, mode_b))


def test_the_fast_searches_cover_the_movers_they_claim():
    # one-square movers without wall segments take single_square; big movers and the variant take fast_reach
    rows = ["......", "..,,..", "......", "......"]
    for size, options, one in (
        (Size.MEDIUM, Options(), True),
        (Size.SMALL, Options(), True),
        (Size.MEDIUM, Options(diagonal="alternating"), False),
        (Size.LARGE, Options(), False),
    ):
        sit = Situation("dnd5e", board_from_rows(rows), {"m": Creature("m", "a", (1, 1), size=size)}, options=options)
        assert single_square.applies(Mover(sit, "m", "walk")) is one
        assert _rows(dnd5e.reachable(sit, "m")) == _rows(_reference_reach(sit, None))


def test_a_state_round_trips_through_its_integer():
    # the general search's integer states: anchor index × 4 + squeezed × 2 + diagonal parity
    for state in (((0, 0), False, 0), ((3, 2), True, 1), ((6, 0), False, 1), ((0, 5), True, 0)):
        assert fast_reach.decode(fast_reach.encode(state, 7), 7) == state


def test_movers_of_every_size_share_a_board_without_sharing_tables():
    # D5-SQUEEZE, D5-GRID-FOOTPRINT: a Tiny mover passes the 1 m gap a Medium one cannot, and a
    # Small one squeezes through it; each size's kept steps serve that size only, in any order
    rows = ["..#....", "..w....", "..#....", "..#....", "......."]
    board = board_from_rows(rows, LEGEND)
    for options in (Options(), Options(diagonal="alternating")):
        for order in (SIZES, tuple(reversed(SIZES))):
            memo = Memo()
            for size in order:
                creatures = {"m": Creature("m", "a", (0, 0), size=size, speed=9.0)}
                sit = Situation("dnd5e", board, creatures, options=options, memo=memo)
                assert _rows(dnd5e.reachable(sit, "m")) == _rows(_reference_reach(sit, None)), (size, options)


def test_a_start_off_the_map_is_searched_as_one_more_state():
    # D5-GRID-FOOTPRINT, D5-GRID-OBSTACLES: a big creature whose anchor overhangs the map (placed so by a
    # level) steps only onto footprints on the map; the one search rules as the plain search from there
    rows = ["......", "..#...", "......", ".,,...", "......", "......"]
    for at, size, options in (
        ((-1, 2), Size.LARGE, Options()),
        ((-1, -1), Size.LARGE, Options(diagonal="alternating")),
        ((4, -1), Size.HUGE, Options()),
    ):
        creatures = {"m": Creature("m", "a", at, size=size, speed=9), "o": Creature("o", "b", (3, 4))}
        sit = Situation("dnd5e", board_from_rows(rows), creatures, options=options)
        found = _rows(dnd5e.reachable(sit, "m"))
        assert found == _rows(_reference_reach(sit, None))
        assert found or size == Size.HUGE  # a Large one steps onto the map; a Huge one at the corner finds no room
