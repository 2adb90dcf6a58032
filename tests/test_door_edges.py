"""Doors on square edges (rules/doors.py) under pf1, dnd5e and hexxen: blocking, passing, opening, refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dnd5e_helpers import fighter
from test_dnd5e_helpers import situation as d5_situation
from test_pf1_rules import human, make

import rules.dnd5e as dnd5e
import rules.hexxen as hexxen
import rules.pf1 as pf1
from rules import effects
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Illegal, Ruling, Situation, Size, edge_key, footprint
from rules.doors import door_state, touches
from tests.units import hexxen_unit

ROWS = ["....", "....", "...."]
CLOSED = [((0, 0), (1, 0), "door_closed")]
OPENED = [((0, 0), (1, 0), "door_open")]
RULESETS = {"pf1": (pf1, "GB-PF-DOOR"), "dnd5e": (dnd5e, "GB-5E-DOOR")}


def sit_for(name: str, edges, *creatures: Creature | None, rows=ROWS) -> Situation:
    """A situation of `name` with the one walker at [0, 0] (unless creatures are given)."""
    if name == "pf1":
        return make(rows, *(creatures or (human(),)), edges=edges)
    return d5_situation(rows, *(creatures or (fighter("h"),)), edges=edges)


def rule(name: str, sit: Situation, kind: str, unit: str = "h", **kw) -> Ruling | Illegal:
    return RULESETS[name][0].rule(sit, Action(kind, unit, **kw), random.Random(1))


def refused(result: Ruling | Illegal, rule_id: str, reason: str) -> Illegal:
    assert isinstance(result, Illegal), result
    assert (result.rule, result.reason) == (rule_id, reason), result
    return result


@pytest.mark.parametrize("name", RULESETS)
def test_a_closed_door_edge_blocks_the_step_across_it_citing_the_door_rule(name):
    """GB-PF-DOOR / GB-5E-DOOR: a closed door on an edge stops movement as a blocking segment does."""
    ruleset, door_rule = RULESETS[name]
    sit = sit_for(name, CLOSED)
    why = refused(ruleset.measure(sit, "h", [(1, 0)]), door_rule, "door_edge.closed")
    assert dict(why.params) == {"a": (0, 0), "b": (1, 0)} and why.at == (1, 0)
    refused(rule(name, sit, "move", path=((1, 0), (2, 0))), door_rule, "door_edge.closed")
    # around the door is fine: down, across below it, and the square beyond is reached the long way
    assert isinstance(ruleset.measure(sit, "h", [(0, 1), (1, 1), (1, 0)]), Ruling)
    assert (1, 0) in {r.at for r in ruleset.reachable(sit, "h")}


@pytest.mark.parametrize("name", RULESETS)
def test_an_open_door_edge_does_not_hinder(name):
    """An open door on an edge costs nothing: the step costs what the same step on open floor costs."""
    ruleset, _ = RULESETS[name]
    through = ruleset.measure(sit_for(name, OPENED), "h", [(1, 0), (2, 0)])
    plain = ruleset.measure(sit_for(name, []), "h", [(1, 0), (2, 0)])
    assert isinstance(through, Ruling) and isinstance(plain, Ruling)
    assert through.cost == plain.cost


@pytest.mark.parametrize("name", RULESETS)
def test_no_diagonal_past_a_closed_door_edges_vertex_but_past_an_open_one(name):
    """PF1-CORNER (b) / D5-GRID-OBSTACLES: a closed door at the crossed vertex forbids the diagonal (the door cited)."""
    ruleset, door_rule = RULESETS[name]
    for edges in (CLOSED, [((1, 0), (1, 1), "door_closed")]):
        refused(ruleset.measure(sit_for(name, edges), "h", [(1, 1)]), door_rule, "door_edge.closed")
    open_vertex = ruleset.measure(sit_for(name, OPENED), "h", [(1, 1)])
    assert isinstance(open_vertex, Ruling)
    # a blocking wall segment at the same vertex keeps its own rule: only doors are re-cited
    wall = ruleset.measure(sit_for(name, [((0, 0), (1, 0), "blocking")]), "h", [(1, 1)])
    assert isinstance(wall, Illegal) and wall.rule != door_rule


def test_pf1_opening_an_edge_door_is_a_move_action_and_then_the_unit_walks_through():
    """GB-PF-DOOR with PF1-MOVE-ACTION: open (a move action), then move through with the standard action's move."""
    sit = sit_for("pf1", CLOSED)
    opened = rule("pf1", sit, "interact", at=(0, 0), to=(1, 0))
    assert isinstance(opened, Ruling) and opened.rules == ("GB-PF-DOOR", "PF1-MOVE-ACTION")
    after = effects.apply(sit, opened.effects)
    assert door_state(after.board, (0, 0), (1, 0)) is True
    assert edge_key((0, 0), (1, 0)) not in after.board.edges
    assert pf1.current_turn(after, "h").move_actions == 1
    walked = rule("pf1", after, "move", path=((1, 0),))
    assert isinstance(walked, Ruling), walked
    # standing beside the door on the far side, with both move actions spent: no third to close it
    closed_again = rule("pf1", effects.apply(after, walked.effects), "interact", at=(1, 0), to=(0, 0))
    assert isinstance(closed_again, Illegal) and (closed_again.rule, closed_again.reason) == (
        "PF1-MOVE-ACTION",
        "pf1.no_move_action",
    )


def test_pf1_closing_an_open_edge_door_brings_the_segment_back():
    """GB-PF-DOOR: closing works from either side and blocks again."""
    sit = sit_for("pf1", OPENED, human(at=(1, 0)))
    closed = rule("pf1", sit, "interact", at=(1, 0), to=(0, 0))
    assert isinstance(closed, Ruling) and "closes the door between [1, 0] and [0, 0]" in closed.message
    after = effects.apply(sit, closed.effects)
    assert door_state(after.board, (1, 0), (0, 0)) is False and after.board.edge((0, 0), (1, 0)) == "blocking"
    refused(pf1.measure(after, "h", [(0, 0)]), "GB-PF-DOOR", "door_edge.closed")


@pytest.mark.parametrize("name", RULESETS)
def test_edge_door_refusals_name_their_rule(name):
    """Refusals of `interact` on an edge: no door there, not next to the unit, not one edge, off the map."""
    _, door_rule = RULESETS[name]
    missing_rule = "GB-5E-INTERACT" if name == "dnd5e" else "GB-PF-DOOR"
    sit = sit_for(name, CLOSED)
    refused(rule(name, sit, "interact", at=(1, 1), to=(2, 1)), missing_rule, "door_edge.no_door")
    refused(rule(name, sit, "interact", at=(0, 0), to=(2, 0)), door_rule, "door_edge.not_across")
    refused(rule(name, sit, "interact", at=(0, 0), to=(-1, 0)), door_rule, "door_edge.squares")
    far = sit_for(name, CLOSED, (human if name == "pf1" else lambda **k: fighter("h", **k))(at=(3, 2)))
    why = refused(rule(name, far, "interact", at=(0, 0), to=(1, 0)), door_rule, "door_edge.not_next")
    assert dict(why.params)["unit"] == "h"


@pytest.mark.parametrize("name", RULESETS)
def test_an_edge_door_cannot_close_through_a_unit_standing_across_it(name):
    """GB-PF-DOOR / GB-5E-DOOR: as a door square cannot close on a creature, an edge door cannot close across one."""
    _, door_rule = RULESETS[name]
    big = (human if name == "pf1" else lambda **k: fighter("h", **k))(at=(0, 0), size=Size.LARGE)
    sit = sit_for(name, OPENED, big)
    why = refused(rule(name, sit, "interact", at=(0, 0), to=(1, 0)), door_rule, "door_edge.straddled")
    assert dict(why.params)["unit"] == "h"


def test_dnd5e_the_first_edge_door_is_free_the_second_takes_the_action():
    """D5-OBJECTS with GB-5E-INTERACT: one free object interaction a turn, then the action; GB-5E-DOOR."""
    sit = sit_for("dnd5e", [((0, 0), (1, 0), "door_closed"), ((0, 0), (0, 1), "door_closed")])
    first = rule("dnd5e", sit, "interact", at=(0, 0), to=(1, 0))
    assert isinstance(first, Ruling) and first.rules == ("D5-OBJECTS", "GB-5E-INTERACT", "GB-5E-DOOR")
    assert first.message.endswith("(free)")
    after = effects.apply(sit, first.effects)
    second = rule("dnd5e", after, "interact", at=(0, 0), to=(0, 1))
    assert isinstance(second, Ruling) and second.message.endswith("(with the action)")
    after = effects.apply(after, second.effects)
    refused(rule("dnd5e", after, "interact", at=(1, 0), to=(0, 0)), "GB-5E-INTERACT", "d5.interaction_used")
    walked = rule("dnd5e", after, "move", path=((1, 0), (2, 0)))
    assert isinstance(walked, Ruling) and walked.cost == 300


def test_dnd5e_a_flyer_is_stopped_by_a_closed_door_edge_as_by_a_blocking_segment():
    """D5-GRID-OBSTACLES (flyers ignore only hampering segments): a closed door stays shut to a flyer."""
    sit = sit_for("dnd5e", CLOSED, fighter("h", fly=18.0))
    refused(dnd5e.measure(sit, "h", [(1, 0)], mode="fly"), "GB-5E-DOOR", "door_edge.closed")


def test_pf1_an_incorporeal_creature_passes_a_closed_door_edge_as_it_passes_walls():
    """PF1-FLY-OBSTACLE (incorporeal): blocking segments, closed doors among them, do not stop a ghost."""
    sit = sit_for("pf1", CLOSED, human(incorporeal=True))
    assert isinstance(pf1.measure(sit, "h", [(1, 0)]), Ruling)


@pytest.mark.parametrize("name", RULESETS)
def test_the_action_bar_offers_interact_next_to_an_edge_door_only(name):
    """available(): interact is open beside an edge door, refused (no door near) away from every door."""
    near = RULESETS[name][0].available(sit_for(name, CLOSED), "h")
    assert near["interact"] is None
    mover = (human if name == "pf1" else lambda **k: fighter("h", **k))(at=(3, 2))
    away = RULESETS[name][0].available(sit_for(name, CLOSED, mover), "h")
    assert isinstance(away["interact"], Illegal) and "no_door_near" in away["interact"].reason


def test_hexxen_edge_doors_are_scenery_as_door_squares_are():
    """HX-ABSTRACT / HX-GRID-MAP: interact is refused, and a closed door between two tokens limits no attack."""
    board = board_from_rows(["." * 6] * 3, edges=[((2, 0), (3, 0), "door_closed")])
    hunter = hexxen_unit("H1", "hunters", (2, 0), role="hunter", hp=20, max_hp=20)
    npc = hexxen_unit("N1", "npcs", (4, 0), role="npc", hp=20, max_hp=20)
    sit = Situation("hexxen", board, {"H1": hunter, "N1": npc})
    why = hexxen.rule(sit, Action("interact", "H1", at=(2, 0), to=(3, 0)), random.Random(1))
    assert isinstance(why, Illegal) and why.rule == "HX-ABSTRACT"
    square = hexxen.rule(sit, Action("interact", "H1", at=(3, 0)), random.Random(1))
    assert isinstance(square, Illegal) and square.rule == why.rule
    engaged = hexxen.rule(sit, Action("engage", "H1", target="N1"), random.Random(1))
    assert isinstance(engaged, Ruling), engaged


def test_touching_an_edge_means_sharing_a_point_with_it():
    """The reach of an edge door: its two squares and the squares meeting either end (as Chebyshev 1 to a square)."""
    key = edge_key((2, 2), (3, 2))  # the vertical line x = 3 from y = 2 to y = 3
    near = {(x, y) for x in range(6) for y in range(6) if touches([(x, y)], key)}
    assert near == {(x, y) for x in (2, 3) for y in (1, 2, 3)}


# --- the invariant ---------------------------------------------------------------------------


def _crosses_closed(board, a, b) -> bool:
    """Whether one king step of a 1×1 footprint from `a` to `b` crosses a closed door edge or its vertex."""
    closed = {k for k, is_open in board.doors.items() if not is_open}
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx and dy:
        vx, vy = a[0] + (dx > 0), a[1] + (dy > 0)  # the crossed vertex
        around = [((vx - 1, vy - 1), (vx, vy - 1)), ((vx - 1, vy), (vx, vy)), ((vx - 1, vy - 1), (vx - 1, vy))]
        around.append(((vx, vy - 1), (vx, vy)))
        return any(edge_key(p, q) in closed for p, q in around)
    return edge_key(a, b) in closed


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(sorted(RULESETS)),
    doors=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 3), st.booleans(), st.booleans()), min_size=1, max_size=10
    ),
)
def test_no_reachable_path_crosses_a_closed_door_edge(name, doors):
    """Every path reachable() offers steps across open doors only, never across or past a closed one."""
    edges = {}
    for x, y, across, is_open in doors:
        b = (x + 1, y) if across else (x, y + 1)
        edges[edge_key((x, y), b)] = ((x, y), b, "door_open" if is_open else "door_closed")
    rows = ["......"] * 5
    sit = sit_for(name, list(edges.values()), rows=rows)
    board = sit.board
    for reach in RULESETS[name][0].reachable(sit, "h"):
        prev = (0, 0)
        for sq in reach.path:
            step = (sq[0], sq[1])
            assert not _crosses_closed(board, prev, step), (reach.at, reach.path)
            assert footprint(step, (1, 1)) <= {(x, y) for x in range(6) for y in range(5)}
            prev = step
