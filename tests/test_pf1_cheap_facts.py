"""The cheap pf1 facts an attack and a ruling ask, against the plain computations they replace.

`stance` (no `Mover` built) must equal `Mover.squeezed` / `Mover.escaping` at the start;
`pf1_gap` on two footprints' anchors and sizes must equal `footprint_distance` over every
pair of squares; `threats_at` must equal `threatened_by` over the squares of a footprint;
the walk along a path (`walk`: reach's search restricted to the path, over the same step table)
must equal the layered walk over `Mover.step` it replaced (tests/pf1_walk_reference.py).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from rules.core import Board, Creature, Illegal, Options, Situation, Size, Terrain, footprint
from rules.geometry import DIRECTIONS, chebyshev, footprint_distance, pf1_distance, pf1_gap, rect_gap
from rules.pf1 import movement
from rules.pf1.fit import fits_at, stance
from rules.pf1.movement import reach_squares, threats, threats_at
from rules.pf1.space import FULL, TALL, WIDE, Mover
from rules.pf1.tables import step_table
from tests.budget import budget
from tests.pf1_walk_reference import reference_walk
from tests.test_pf1_fast_reach import situations as fast_reach_cases
from tests.units import pf1_unit

SIDES = {Size.LARGE: 2, Size.HUGE: 3, Size.GARGANTUAN: 4, Size.COLOSSAL: 6}
CLEARANCES = [None, None, None, 0.0, 0.3, 0.5, 0.7, 0.75, 1.0, 1.4, 1.5, 2.0]
KINDS = [frozenset(), frozenset(), frozenset({"narrow"}), frozenset({"difficult"}), frozenset({"wall"})]


@st.composite
def boards(draw, width: int, height: int) -> Board:
    """A board whose squares have random free widths (narrow, explicit clearances, walls)."""
    tiles = tuple(
        Terrain(kinds=draw(st.sampled_from(KINDS)), clearance_m=draw(st.sampled_from(CLEARANCES)))
        for _ in range(width * height)
    )
    return Board(width, height, tiles)


@st.composite
def standing(draw) -> tuple[Situation, str]:
    """A unit of any size, squeezed or not, anywhere (partly off the map too), with another creature about."""
    size = draw(st.sampled_from(list(Size)))
    side = SIDES.get(size, 1)
    w, h = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    board = draw(boards(w, h))
    at = (draw(st.integers(-1, w)), draw(st.integers(-1, h)))
    space = None
    if side > 1 and draw(st.booleans()):
        narrow = (side + 1) // 2
        space = draw(st.sampled_from([(side, narrow), (narrow, side), (side, side), (1, side), (side, 1)]))
    me = pf1_unit(
        "m",
        "pc",
        at,
        size=size,
        space=space,
        squeezed=draw(st.booleans()),
        incorporeal=draw(st.integers(0, 5)) == 0,
        mode=draw(st.sampled_from(["walk", "fly"])),
    )
    other = Creature("o", "foe", (draw(st.integers(0, w)), draw(st.integers(0, h))), size=Size.MEDIUM)
    return Situation("pf1", board, {"m": me, "o": other}), "m"


@settings(max_examples=budget(300, 75), deadline=None)
@given(standing(), st.tuples(st.integers(-1, 9), st.integers(-1, 9), st.sampled_from([FULL, WIDE, TALL])))
def test_stance_equals_the_movers_squeezed_and_escaping(case, pos):
    # PF1-SQUEEZE-PENALTY and PF1-ESCAPE-ARTIST as an attack and a finished move ask them: without a Mover
    sit, unit = case
    mover = Mover(sit, unit)
    assert stance(sit, unit) == (mover.squeezed(*mover.start), mover.escaping(*mover.start))
    assert fits_at(sit, sit.creature(unit), pos[:2], pos[2]) == (mover.squeezed(*pos), mover.escaping(*pos))
    assert pf1.squeezed_now(sit, unit) == (sit.creature(unit).squeezed or mover.squeezed(*mover.start))
    assert pf1.escaping_now(sit, unit) == mover.escaping(*mover.start)


def test_stance_sees_a_narrow_square_and_a_squeezed_big_footprint():
    # PF1-SQUEEZE: a Medium creature in a 0.75 m square squeezes; in 0.5 m it needs Escape Artist;
    # PF1-SQUEEZE-LARGE: a Large one in a reduced footprint stands squeezed
    narrow = Terrain(frozenset({"narrow"}))
    slot = Terrain(clearance_m=0.5)
    board = Board(3, 1, (Terrain(), narrow, slot))
    for x, expected in ((0, (False, False)), (1, (True, False)), (2, (True, True))):
        sit = Situation("pf1", board, {"m": Creature("m", "pc", (x, 0))})
        assert stance(sit, "m") == expected
    wide = Board(4, 4, tuple(Terrain() for _ in range(16)))
    large = Creature("m", "pc", (0, 0), size=Size.LARGE, space=(2, 1))
    assert stance(Situation("pf1", wide, {"m": large}), "m") == (True, False)
    assert stance(Situation("pf1", wide, {"m": large.evolve(space=None)}), "m") == (False, False)


rects = st.tuples(
    st.tuples(st.integers(-4, 8), st.integers(-4, 8)),
    st.tuples(st.integers(1, 6), st.integers(1, 6)),
)


@settings(max_examples=500, deadline=None)
@given(rects, rects)
def test_the_gap_between_rectangles_equals_the_nearest_pair_of_squares(a, b):
    # PF1-DIAG distance between footprints (reach, threat) and Chebyshev adjacency alike
    fa, fb = footprint(*a), footprint(*b)
    assert pf1_gap(*a, *b) == footprint_distance(fa, fb, pf1_distance)
    assert chebyshev((0, 0), rect_gap(*a, *b)) == footprint_distance(fa, fb, chebyshev)


@st.composite
def crowds(draw) -> tuple[Situation, str]:
    """A mover among friends and foes of any size, some helpless or down, with various reaches."""
    creatures = {"m": Creature("m", "pc", (draw(st.integers(0, 9)), draw(st.integers(0, 9))))}
    for n in range(draw(st.integers(0, 6))):
        creatures[f"c{n}"] = Creature(
            f"c{n}",
            draw(st.sampled_from(["pc", "foe", "beasts"])),
            (draw(st.integers(0, 9)), draw(st.integers(0, 9))),
            size=draw(st.sampled_from([Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE])),
            helpless=draw(st.integers(0, 4)) == 0,
            defeated=draw(st.integers(0, 4)) == 0,
            reach=draw(st.sampled_from([1.5, 3.0, 4.5, 0.5])),
        )
    board = Board(10, 10, tuple(Terrain() for _ in range(100)))
    return Situation("pf1", board, creatures), "m"


@settings(max_examples=300, deadline=None)
@given(crowds(), st.tuples(st.integers(-2, 11), st.integers(-2, 11)), st.sampled_from([(1, 1), (2, 2), (2, 1)]))
def test_threats_at_a_footprint_equal_threatened_by_its_squares(case, anchor, dims):
    # GB-PF-AOO: who threatens the squares a step leaves, asked once per ruling instead of per step
    sit, unit = case
    me = sit.creature(unit)
    brute = sorted(
        o.id
        for o in sit.others(unit)
        if me.hostile_to(o)
        and not o.helpless
        and not o.defeated
        and footprint_distance(o.footprint(), footprint(anchor, dims), pf1_distance) <= reach_squares(o.reach)
    )
    assert threats_at(threats(sit, unit), anchor, dims) == brute
    assert pf1.threatened_by(sit, unit, footprint(anchor, dims)) == brute
    assert pf1.threatened_by(sit, unit) == pf1.threatened_by(sit, unit, me.footprint())


@settings(max_examples=budget(200, 50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fast_reach_cases(sizes=(Size.FINE, Size.TINY, Size.SMALL, Size.MEDIUM)),
    st.lists(st.sampled_from([*DIRECTIONS, (0, 0), (2, 0), (1, 2)]), min_size=1, max_size=8),
    st.sampled_from(["move", "run", "charge", "step", "double", "free"]),
    st.integers(0, 3),
)
def test_the_walk_of_a_one_square_mover_equals_the_layered_walk(case, deltas, kind, diag):
    # PF1-MOVE-ACTION, PF1-DIAG, PF1-DOUBLE-MOVE, PF1-DIFFICULT-NORUN, PF1-END-OCCUPIED, PF1-OBSTACLE-SHORT:
    # reach's search restricted to the path gives the layered walk's Walk, or its refusal
    sit, _ = case
    _same_walk(sit, _path(sit.creature("m").at, deltas), kind, diag)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fast_reach_cases(sizes=(Size.LARGE, Size.HUGE)),
    st.lists(st.sampled_from([*DIRECTIONS, *DIRECTIONS, (0, 0), (2, 0)]), min_size=1, max_size=6),
    st.sampled_from(["move", "run", "double", "free"]),
    st.integers(0, 3),
    st.data(),
)
def test_the_walk_of_a_big_mover_equals_the_layered_walk(case, deltas, kind, diag, data):
    # PF1-SQUEEZE-LARGE, PF1-CORNER, PF1-MOVE-ACTION, PF1-DOUBLE-MOVE: squeezing shifts and turns, exact
    # footprints named by [x, y, w, h], refusals and their reasons: the same as the layered walk
    sit, _ = case
    path = _path(sit.creature("m").at, deltas)
    side = Mover(sit, "m").s
    shapes = [(side, side), (side, side - 1), (side - 1, side)]
    named = [(*sq, *data.draw(st.sampled_from(shapes))) if data.draw(st.booleans()) else sq for sq in path]
    _same_walk(sit, named, kind, diag)


def test_a_squeezed_huge_mover_expanding_takes_the_orthogonal_shift_on_a_tie():
    # PF1-DIAG, PF1-SQUEEZE-LARGE: a Huge mover squeezed at anchor (1, 1) (2 wide, 3 tall, beside a narrow square)
    # reaches its full footprint at (0, 0) by the shift (0, -1) (expanding to the lowest x on the overlap tie) or
    # by the diagonal (-1, -1); from an even count both cost 1, but only the orthogonal one keeps the turn's
    # diagonal count even, so the next diagonal still costs 1. Both walks take it, whatever order they try steps in
    tiles = [Terrain() for _ in range(20)]
    tiles[3 * 4 + 2] = Terrain(kinds=frozenset({"narrow"}))
    board = Board(4, 5, tuple(tiles))
    for incorporeal in (True, False):
        me = pf1_unit("m", "pc", (0, 0), size=Size.HUGE, incorporeal=incorporeal, speed=1.5)
        sit = Situation("pf1", board, {"m": me})
        for kind in ("run", "free"):
            _same_walk(sit, [(1, 1), (0, 0)], kind, 0)
            walked = movement.walk(Mover(sit, "m", run=kind == "run"), [(1, 1), (0, 0)], None, 0)
            assert isinstance(walked, movement.Walk)
            assert walked.positions == ((1, 1, TALL), (0, 0, FULL))
            assert walked.cost == 3 and walked.diags == 0
            assert walked.moves[1] == (1, 0, ("PF1-OPEN-SQUARE", "PF1-SQUEEZE-LARGE"), 0)
            # from an odd count the diagonal would cost 2: the orthogonal shift is the cheaper step outright
            odd = movement.walk(Mover(sit, "m"), [(1, 1), (0, 0)], None, 1)
            assert isinstance(odd, movement.Walk) and odd.cost == 3 and odd.diags == 0


def test_a_squeezed_huge_mover_keeps_the_wider_way_on_the_walk_as_at_its_end():
    # PF1-SQUEEZE-LARGE, PF1-SQUEEZE, PF1-DIAG: a Huge mover beside a narrow square (4, 4) steps diagonally to
    # (3, 2) and on to (4, 2) under uniform diagonals; it may stand at (3, 2) squeezed wide or tall at the same
    # price, and both lead to (4, 2) tall at the same total. The walk keeps the wider way (no skill check on the
    # way), whatever order its search tried the steps in: the fast walk and the reference agree (found by a
    # random search of the property above)
    tiles = [Terrain() for _ in range(13 * 10)]
    tiles[4 * 13 + 4] = Terrain(kinds=frozenset({"narrow"}))
    board = Board(13, 10, tuple(tiles))
    for incorporeal in (True, False):
        me = pf1_unit("m", "pc", (2, 3), size=Size.HUGE, incorporeal=incorporeal, speed=1.5)
        sit = Situation("pf1", board, {"m": me}, options=Options(diagonal="uniform"))
        _same_walk(sit, [(3, 2), (4, 2)], "run", 0)
        walked = movement.walk(Mover(sit, "m", run=True), [(3, 2), (4, 2)], movement.Band("run", 4), 0)
        assert isinstance(walked, movement.Walk) and walked.cost == 4
        assert walked.positions == ((3, 2, WIDE), (4, 2, TALL))
        assert "PF1-ESCAPE-ARTIST" not in walked.moves[0][2]


def _path(at, deltas):
    """The anchors of a path taking `deltas` one after another from `at`."""
    path, (x, y) = [], at
    for dx, dy in deltas:
        x, y = x + dx, y + dy
        path.append((x, y))
    return path


def _same_walk(sit, path, kind, diag):
    """The walk of `path` under the band `kind` equals the reference walk, and names the same footprints."""
    me = sit.creature("m")
    speed = movement.effective_speed(me)
    band = {
        "move": movement.Band("move", speed),
        "run": movement.Band("run", 4 * speed, run=True),
        "charge": movement.Band("charge", 2 * speed, run=True, charge=True),
        "step": movement.Band("step", 1 << 20),
        "double": movement.Band("double_move", speed, split=True),
        "free": None,
    }[kind]
    run, charge = (band.run, band.charge) if band else (False, False)
    walked = movement.walk(Mover(sit, "m", run=run, charge=charge), path, band, diag)
    assert walked == reference_walk(Mover(sit, "m", run=run, charge=charge), path, band, diag)
    if isinstance(walked, movement.Walk):
        named = [(*p[:2], *Mover(sit, "m").dims(p[2])) for p in walked.positions]
        assert walked == movement.walk(Mover(sit, "m", run=run, charge=charge), named, band, diag)


def test_the_walk_reads_the_step_table_reach_searches():
    # PF1-MOVE-ACTION: a measured path and reach ask one table of the mover's steps, made once per mover
    board = Board(4, 1, tuple(Terrain() for _ in range(4)))
    sit = Situation("pf1", board, {"m": Creature("m", "pc", (0, 0), speed=9)})
    mover = Mover(sit, "m")
    table = step_table(mover)
    walked = movement.walk(mover, [(1, 0), (2, 0)], movement.Band("move", 6), 0)
    assert isinstance(walked, movement.Walk) and walked.cost == 2
    assert [p[:2] for p in walked.positions] == [(1, 0), (2, 0)]
    # the mover refers to its table weakly: the same table while a query holds it
    assert mover.table is not None and mover.table() is table and step_table(mover) is table
    refused = movement.walk(mover, [(2, 0)], movement.Band("move", 6), 0)
    assert isinstance(refused, Illegal) and refused.reason == "not_one_step"
