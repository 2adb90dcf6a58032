"""Property tests for dnd5e: reach and measure agree, the turn budget holds, no segment ends in a space."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_dnd5e_helpers import apply

from rules import dnd5e
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Options, Ruling, Situation, Size
from rules.dnd5e.movement import Mover
from rules.dnd5e.single_square import applies, search
from rules.dnd5e.turn import speeds_cm, stand_basis
from rules.geometry import DIRECTIONS
from tests.dnd5e_reach_reference import general as _general

SYMBOLS = "....,,%o#n:+/"
SIZES = (Size.TINY, Size.SMALL, Size.MEDIUM, Size.LARGE)


@st.composite
def situations(draw: st.DrawFn, *, edges: bool = True) -> Situation:
    """A small random board with a mover `m` and a few other creatures."""
    width = draw(st.integers(4, 8))
    height = draw(st.integers(3, 6))
    rows = ["".join(draw(st.sampled_from(SYMBOLS)) for _ in range(width)) for _ in range(height)]
    walls = []
    if edges:
        for _ in range(draw(st.integers(0, 3))):
            x, y = draw(st.integers(0, width - 2)), draw(st.integers(0, height - 1))
            walls.append(((x, y), (x + 1, y), draw(st.sampled_from(["hampering", "blocking"]))))
    board = board_from_rows(rows, edges=walls)
    mover = Creature(
        "m",
        "heroes",
        (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))),
        size=draw(st.sampled_from(SIZES)),
        speed=draw(st.sampled_from([0.0, 4.5, 7.5, 9.0, 12.0])),
        fly=draw(st.sampled_from([None, 9.0, 18.0])),
        prone=draw(st.booleans()),
        reach=1.5,
    )
    creatures = {"m": mover}
    for i in range(draw(st.integers(0, 4))):
        uid = f"c{i}"
        creatures[uid] = Creature(
            uid,
            draw(st.sampled_from(["heroes", "monsters", "beasts"])),
            (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1))),
            size=draw(st.sampled_from((*SIZES, Size.HUGE))),
            reach=draw(st.sampled_from([1.5, 3.0])),
        )
    spent = draw(st.sampled_from([0, 150, 375, 600]))
    turn = dnd5e.TurnState(
        spent_cm=spent,
        dashed=draw(st.booleans()),
        action_used=draw(st.booleans()),
        diagonals=draw(st.integers(0, 3)),
    )
    # D5-GRID-DIAG by default, or the alternating variant (D5-GRID-DIAG-VARIANT)
    options = Options(diagonal=draw(st.sampled_from([None, "uniform", "alternating"])))
    return Situation("dnd5e", board, creatures, {"m": turn}, options=options)


@settings(max_examples=80, deadline=None)
@given(situations(), st.sampled_from([None, "fly"]))
def test_property_reach_and_measure_agree_on_cost_and_band(sit: Situation, mode: str | None):
    # D5-SPEED, D5-COST-ADD: every reached square measures the same along the path reach gives
    for spot in dnd5e.reachable(sit, "m", mode) if mode else dnd5e.reachable(sit, "m"):
        ruling = dnd5e.measure(sit, "m", spot.path, mode)
        assert isinstance(ruling, Ruling), (spot, ruling)
        assert (ruling.cost, ruling.band, ruling.steps[-1].to) == (spot.cost, spot.band, spot.at)


@settings(max_examples=80, deadline=None)
@given(situations(), st.lists(st.sampled_from(DIRECTIONS), min_size=1, max_size=6))
def test_property_every_legal_measured_walk_ends_where_reach_says_at_no_lower_cost(sit: Situation, deltas: list):
    at = sit.creature("m").at
    path = []
    for dx, dy in deltas:
        at = (at[0] + dx, at[1] + dy)
        path.append(at)
    ruling = dnd5e.measure(sit, "m", path)
    if not ruling.ok or path[-1] == sit.creature("m").at:
        return
    found = {r.at: r for r in dnd5e.reachable(sit, "m")}
    assert path[-1] in found
    assert found[path[-1]].cost <= ruling.cost


@settings(max_examples=60, deadline=None)
@given(situations(edges=False))
def test_property_the_one_square_search_matches_the_general_search(sit: Situation):
    creature = sit.creature("m")
    mode = "crawl" if creature.prone else "walk"
    mover = Mover(sit, "m", mode)
    if not applies(mover):
        return
    fast = search(mover, creature.at, 12).ends(creature.at, mover.spaces.holders)
    general = _general(Mover(sit, "m", mode), mover.start(), 12)
    assert {a: c for a, c, _ in fast} == {a: c for a, c, _ in general}


@st.composite
def action_lists(draw: st.DrawFn) -> list[Action]:
    """Random turns: moves in random modes, dashes, stand-ups, drop-prones and attacks."""
    out = []
    for _ in range(draw(st.integers(1, 10))):
        kind = draw(st.sampled_from(["move", "move", "move", "dash", "stand_up", "drop_prone", "attack"]))
        deltas = draw(st.lists(st.sampled_from(DIRECTIONS), min_size=1, max_size=5))
        mode = draw(st.sampled_from([None, "walk", "fly", "climb", "crawl"]))
        out.append(Action(kind, "m", path=tuple(deltas), mode=mode, target=draw(st.sampled_from(["c0", "c1"]))))
    return out


@settings(max_examples=80, deadline=None)
@given(situations(), action_lists(), st.integers(0, 1000))
def test_property_the_budget_is_never_exceeded_and_no_segment_ends_in_a_space(
    sit: Situation, actions: list[Action], seed: int
):
    # D5-SPEED, D5-SWITCH-SPEED, D5-PRONE-STAND, D5-NO-END-IN-SPACE across random segments
    rng = random.Random(seed)
    sit = Situation(sit.ruleset, sit.board, sit.creatures, {"m": dnd5e.new_turn(sit, "m")}, options=sit.options)
    for template in actions:
        me = sit.creature("m")
        path, at = [], me.at
        for dx, dy in template.path:
            at = (at[0] + dx, at[1] + dy)
            path.append(at)
        action = Action(
            template.kind,
            "m",
            path=tuple(path) if template.kind == "move" else (),
            mode=template.mode,
            target=template.target if template.target in sit.creatures else None,
        )
        before = sit.turns["m"]
        result = dnd5e.rule(sit, action, rng)
        if not result.ok:
            assert sit.turns["m"] == before
            continue
        sit = apply(sit, result)
        turn = sit.turns["m"]
        me = sit.creature("m")
        dashes = 1 + int(turn.dashed)
        assert turn.spent_cm >= before.spent_cm
        if action.kind == "move":
            assert turn.spent_cm <= speeds_cm(me)[turn.mode] * dashes
            others = Mover(sit, "m", turn.mode).spaces
            assert not others.occupied(me.footprint())
        if action.kind == "stand_up":
            assert turn.spent_cm <= stand_basis(me)[1] * dashes
