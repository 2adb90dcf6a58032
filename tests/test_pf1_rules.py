"""PF1 rules beyond the worked examples: passing creatures, obstacles, flyers, actions and house rules."""

from __future__ import annotations

import random

import rules.pf1 as pf1
from rules.actions import Action
from rules.board import DEFAULT_LEGEND, board_from_rows
from rules.core import Creature, Illegal, Options, Ruling, Situation, Size, Terrain
from rules.pf1.turn import TurnState
from tests.units import pf1_unit


def make(rows, *creatures, edges=(), legend=None, turns=None, options=None) -> Situation:
    board = board_from_rows(rows, legend=legend, edges=edges)
    return Situation("pf1", board, {c.id: c for c in creatures}, turns=turns or {}, options=options or Options())


def human(at=(0, 0), uid="h", side="pc", **kw) -> Creature:
    return pf1_unit(uid, side, at, race="human", **kw)


def ok(result: Ruling | Illegal) -> Ruling:
    assert isinstance(result, Ruling), result
    return result


def bad(result: Ruling | Illegal, rule: str) -> Illegal:
    assert isinstance(result, Illegal), result
    assert result.rule == rule, result
    return result


def act(sit: Situation, kind: str, unit: str = "h", seed: int = 1, **kw) -> Ruling | Illegal:
    return pf1.rule(sit, Action(kind, unit, **kw), random.Random(seed))


def turn_of(r: Ruling) -> TurnState:
    return next(e.value for e in r.effects if e.kind == "turn")


def placed(r: Ruling):
    return next(e.value for e in r.effects if e.kind == "place")


# --- grid and measurement ----------------------------------------------------------------------


def test_costs_are_whole_squares_of_one_and_a_half_metres():
    """PF1-SCALE, PF1-SQUARE: cost_m = squares × 1.5."""
    r = ok(pf1.measure(make(["...."], human()), "h", [(1, 0), (2, 0), (3, 0)]))
    assert r.cost == 3 and r.cost_m == 4.5 and pf1.UNIT_CM == 150


def test_size_categories_have_the_standard_footprints():
    """PF1-GRID-SIZES: Small/Medium 1, Large 2, Huge 3, Gargantuan 4, Colossal 6 squares a side."""
    sides = {
        Size.TINY: 1,
        Size.SMALL: 1,
        Size.MEDIUM: 1,
        Size.LARGE: 2,
        Size.HUGE: 3,
        Size.GARGANTUAN: 4,
        Size.COLOSSAL: 6,
    }
    for size, side in sides.items():
        assert Creature("x", "pc", (0, 0), size=size).dims == (side, side)
    sit = make(["......"] * 6, Creature("o", "pc", (0, 0), size=Size.HUGE, speed=9))
    assert ok(pf1.measure(sit, "o", [(1, 0), (2, 0), (3, 0)])).steps[-1].dims is None
    # the map edge narrows the space like a wall (grid conventions, revised 2026-12-02): a corridor
    # along the top edge squeezes a Large creature exactly as one with a wall row above it
    ogre = Creature("o", "pc", (0, 0), size=Size.LARGE, speed=9)
    edge = ok(pf1.measure(make(["......", "..####"], ogre), "o", [(1, 0), (2, 0), (3, 0)]))
    walled = Creature("o", "pc", (0, 1), size=Size.LARGE, speed=9)
    inner = ok(pf1.measure(make(["..####", "......", "..####"], walled), "o", [(1, 1), (2, 1), (3, 1)]))
    assert [s.cost for s in edge.steps] == [s.cost for s in inner.steps] == [2, 2, 2]
    assert all(s.dims == (2, 1) for s in edge.steps)


def test_open_square_costs_one_and_cites_the_rule():
    """PF1-OPEN-SQUARE."""
    r = ok(pf1.measure(make(["..."], human()), "h", [(1, 0)]))
    assert r.cost == 1 and r.steps[0].rules == ("PF1-OPEN-SQUARE",)


def test_uniform_ids_for_plain_diagonals():
    """PF1-DIAG: a plain diagonal cites PF1-DIAG."""
    r = ok(pf1.measure(make(["..", ".."], human()), "h", [(1, 1)]))
    assert "PF1-DIAG" in r.steps[0].rules


# --- action economy ----------------------------------------------------------------------------


def test_leftover_movement_of_a_move_action_is_lost():
    """PF1-MOVE-ACTION: after a move of 3, the second move action still pays only 6."""
    sit = make(["." * 12], human())
    first = ok(act(sit, "move", path=tuple((x, 0) for x in range(1, 4))))
    after = make(["." * 12], human((3, 0)), turns={"h": turn_of(first)})
    bad(act(after, "move", path=tuple((x, 0) for x in range(4, 11))), "PF1-MOVE-ACTION")
    assert ok(act(after, "move", path=tuple((x, 0) for x in range(4, 10)))).cost == 6
    done = make(["." * 12], human((9, 0)), turns={"h": TurnState(move_actions=2, moved=True)})
    bad(act(done, "move", path=((10, 0),)), "PF1-MOVE-ACTION")


def test_double_move_split_must_be_a_legal_end():
    """PF1-DOUBLE-MOVE, PF1-END-OCCUPIED: the square after 6 squares holds an ally, so 12 squares fail."""
    sit = make(["." * 14], human(), human((6, 0), "ally"))
    path = tuple((x, 0) for x in range(1, 13))
    bad(act(sit, "double_move", path=path), "PF1-DOUBLE-MOVE")
    assert ok(pf1.measure(sit, "h", path)).band == "run"
    clear = make(["." * 14], human(), human((7, 1), "ally"))
    assert ok(act(clear, "double_move", path=path)).cost == 12


def test_double_move_never_splits_a_low_wall_crossing():
    """PF1-OBSTACLE-SHORT, PF1-DOUBLE-MOVE: 5 + 3 + 4 = 12 squares cannot be cut into 6 + 6."""
    sit = make(["." * 12], human(), edges=[((5, 0), (6, 0), "hampering")])
    path = tuple((x, 0) for x in range(1, 11))
    assert ok(pf1.measure(sit, "h", path)).cost == 12
    bad(act(sit, "double_move", path=path), "PF1-DOUBLE-MOVE")
    assert ok(act(sit, "double_move", path=path[:9])).cost == 11


def test_run_is_a_full_round_action_at_four_times_speed():
    """PF1-RUN: 24 squares for a human; not after a move action."""
    sit = make(["." * 30], human())
    path = tuple((x, 0) for x in range(1, 25))
    r = ok(act(sit, "run", path=path))
    assert r.cost == 24 and turn_of(r).full_round_used
    bad(act(sit, "run", path=(*path, (25, 0))), "PF1-RUN")
    moved = make(["." * 30], human(), turns={"h": TurnState(move_actions=1, moved=True)})
    bad(act(moved, "run", path=path[:3]), "PF1-RUN")


def test_run_cannot_start_in_difficult_terrain():
    """PF1-DIFFICULT-NORUN: standing in difficult terrain bars the run."""
    sit = make([",....."], human())
    bad(act(sit, "run", path=((1, 0), (2, 0))), "PF1-DIFFICULT-NORUN")


def test_fullround_step_is_one_square_costing_one_and_never_provokes():
    """PF1-FULLROUND-STEP, PF1-FIVE-FOOT-STEP, GB-PF-AOO."""
    sit = make(["....", "...."], human(), human((1, 1), "orc", "foe"))
    r = ok(act(sit, "step", path=((0, 1),)))
    assert not any(e.kind == "provokes" for e in r.events)
    state = turn_of(r)
    assert state.stepped and state.moved
    bad(act(sit, "step", path=((1, 0), (2, 0))), "PF1-FIVE-FOOT-STEP")
    full = make(["....", "...."], human(), turns={"h": TurnState(full_round_used=True)})
    assert ok(act(full, "step", path=((1, 0),))).cost == 1
    twice = make(["....", "...."], human(), turns={"h": state})
    bad(act(twice, "step", path=((1, 0),)), "PF1-FIVE-FOOT-STEP")


def test_leaving_a_threatened_square_provokes_once_per_enemy():
    """GB-PF-AOO (house rule): moving away from an adjacent enemy provokes it once."""
    sit = make(["....."] * 3, human(), human((1, 1), "orc", "foe"), human((4, 2), "far", "foe"))
    r = ok(act(sit, "move", path=((0, 1), (0, 2))))
    provokes = [e for e in r.events if e.rule == "GB-PF-AOO"]
    assert [e.by for e in provokes] == ["orc"] and provokes[0].at == (0, 0)
    asleep = make(["....."] * 3, human(), human((1, 1), "orc", "foe", helpless=True))
    assert not any(e.rule == "GB-PF-AOO" for e in ok(act(asleep, "move", path=((0, 1),))).events)
    assert pf1.threatened_by(sit, "h") == ["orc"]


def test_minimum_move_is_refused_at_speed_zero_and_obeys_legality():
    """PF1-MIN-MOVE: not at speed 0, never through a wall or corner."""
    sit = make([".#.", "...", "..."], human(speed=0))
    bad(act(sit, "minimum_move", path=((0, 1),)), "PF1-MIN-MOVE")
    slow = make([".#.", "...", "..."], human(speed=1.5))
    bad(act(slow, "minimum_move", path=((1, 1),)), "PF1-CORNER")
    bad(act(slow, "minimum_move", path=((1, 0),)), "PF1-OBSTACLE-BLOCK")


# --- creatures ---------------------------------------------------------------------------------


def test_ally_gives_no_cover_while_sharing_its_square():
    """PF1-ALLY-COVER."""
    sit = make(["..."], human((1, 0)), human((1, 0), "ally"), human((2, 0), "orc", "foe"))
    assert pf1.no_cover_from_ally(sit, "h", "ally")
    apart = make(["..."], human((0, 0)), human((1, 0), "ally"))
    assert not pf1.no_cover_from_ally(apart, "h", "ally")


def test_neutral_sides_count_as_opponents():
    """PF1-ENEMY: any other side blocks."""
    sit = make(["..."], human(), human((1, 0), "n", "neutral"))
    bad(pf1.measure(sit, "h", [(1, 0), (2, 0)]), "PF1-ENEMY")


def test_helpless_creature_obstructs_only_when_flagged_or_huge():
    """PF1-HELPLESS, PF1-HELPLESS-HUGE: the flag overrides the Huge default."""
    lying = human((1, 0), "orc", "foe", helpless=True, obstructs_when_helpless=True)
    assert ok(pf1.measure(make(["..."], human(), lying), "h", [(1, 0), (2, 0)])).cost == 3
    limp = pf1_unit("g", "foe", (1, 0), size=Size.HUGE, helpless=True, obstructs_when_helpless=False)
    assert ok(pf1.measure(make(["....."] * 3, human(), limp), "h", [(1, 0), (2, 0)])).cost == 2


def test_fills_space_creature_blocks_everyone_even_allies_tiny_and_squeezers():
    """PF1-FILLS-SPACE."""
    block = human((1, 0), "wall", "pc", fills_space=True)
    bad(pf1.measure(make(["..."], human(), block), "h", [(1, 0), (2, 0)]), "PF1-FILLS-SPACE")
    tiny = Creature("t", "pc", (0, 0), size=Size.TINY, speed=6)
    bad(pf1.measure(make(["..."], tiny, block), "t", [(1, 0), (2, 0)]), "PF1-FILLS-SPACE")
    # revised 2026-12-02: it narrows the passage like a wall, so a Large creature squeezes through
    # the gap beside it exactly as beside a wall square, and no footprint ever includes its square
    ogre = Creature("o", "pc", (1, 1), size=Size.LARGE, speed=9)
    jelly = pf1_unit("j", "foe", (4, 1), fills_space=True)
    corridor = make(["########", "........", "........", "########"], ogre, jelly)
    walled = make(["########", "....#...", "........", "########"], ogre)
    beside = pf1.reachable(corridor, "o")
    assert any(p.at[0] >= 4 for p in beside)
    assert [(p.at, p.cost) for p in beside] == [(p.at, p.cost) for p in pf1.reachable(walled, "o")]
    for place in beside:
        for step in ok(pf1.measure(corridor, "o", place.path)).steps:
            w, h = step.dims or (2, 2)
            assert (4, 1) not in {(step.to[0] + i, step.to[1] + j) for i in range(w) for j in range(h)}
    big = Creature("o", "pc", (0, 0), size=Size.LARGE, speed=9)
    rows = ["...#####", "........", "...#####"]
    assert any(p.at[0] >= 5 for p in pf1.reachable(make(rows, big), "o"))
    shut = make(rows, big, pf1_unit("j", "foe", (5, 1), fills_space=True))
    assert not any(p.at[0] >= 5 for p in pf1.reachable(shut, "o"))  # a 1-wide corridor it fills is shut
    bad(
        act(
            make(["...."], human(acrobatics=True), human((1, 0), "j", "foe", fills_space=True)),
            "tumble",
            path=((1, 0), (2, 0)),
            through="j",
        ),
        "PF1-FILLS-SPACE",
    )


def test_creature_data_exceptions_override_passability():
    """PF1-EXCEPTIONS: Options.extra['pf1_exceptions'] maps an occupant to passable/impassable."""
    extra = Options(extra={"pf1_exceptions": {"orc": "passable", "ally": "impassable"}})
    sit = make(["....", "...."], human(), human((1, 0), "orc", "foe"), human((0, 1), "ally"), options=extra)
    r = ok(pf1.measure(sit, "h", [(1, 0), (2, 0)]))
    assert "PF1-EXCEPTIONS" in r.steps[0].rules
    bad(pf1.measure(sit, "h", [(1, 0)]), "PF1-END-OCCUPIED")
    bad(pf1.measure(sit, "h", [(0, 1)]), "PF1-EXCEPTIONS")


def test_overrun_passes_on_success_and_stops_before_the_enemy_on_failure():
    """PF1-OVERRUN, PF1-ILLEGAL-END, GB-PF-CHECK."""
    sit = make(["....."], human(skill=5), human((2, 0), "orc", "foe", defense=15))
    ends = set()
    for seed in range(30):
        r = ok(act(sit, "overrun", seed=seed, path=((1, 0), (2, 0), (3, 0)), through="orc"))
        ends.add(placed(r)[0])
        assert "PF1-OVERRUN" in r.rules and any(e.kind == "overrun" for e in r.events)
    assert ends == {(1, 0), (3, 0)}
    bad(act(sit, "overrun", path=((1, 0),), through="orc"), "PF1-OVERRUN")
    bad(act(sit, "move", path=((1, 0), (2, 0), (3, 0))), "PF1-ENEMY")


def test_tumble_needs_acrobatics():
    """PF1-TUMBLE."""
    path = ((1, 0), (2, 0), (3, 0))
    sit = make(["....."], human(), human((2, 0), "orc", "foe"))
    bad(act(sit, "tumble", path=path, through="orc"), "PF1-TUMBLE")
    trained = make(["....."], human(acrobatics=True, skill=30), human((2, 0), "orc", "foe"))
    r = ok(act(trained, "tumble", path=path, through="orc"))
    assert placed(r)[0] == (3, 0) and "PF1-TUMBLE" in r.rules


def test_involuntary_stop_prefers_the_nearest_legal_square_over_a_farther_last_legal():
    """PF1-ILLEGAL-END: last legal (0,0) is 2 away; one of the squares 1 away is chosen."""
    sit = make(["....", "....", "...."], human(), human((2, 0), "ally"))
    for seed in range(10):
        anchor, _ = pf1.involuntary_stop(sit, "h", ((2, 0), (1, 1)), (0, 0), random.Random(seed))
        assert anchor != (0, 0) and max(abs(anchor[0] - 2), abs(anchor[1])) == 1


# --- terrain -----------------------------------------------------------------------------------


def test_hampering_obstacle_in_a_square_is_its_own_doubling():
    """PF1-OBSTACLE-HAMPER, PF1-DOUBLE-COST: % costs 2, 3 on a diagonal."""
    sit = make([".%.", ".%."], human())
    r = ok(pf1.measure(sit, "h", [(1, 0)]))
    assert r.cost == 2 and "PF1-OBSTACLE-HAMPER" in r.steps[0].rules and "PF1-DOUBLE-COST" in r.steps[0].rules
    assert ok(pf1.measure(sit, "h", [(1, 1)])).cost == 3


def test_blocking_squares_and_walls_cannot_be_entered():
    """PF1-OBSTACLE-BLOCK: walls, pits, blocking edges and the map edge."""
    sit = make([".#o.", "...."], human(), edges=[((0, 1), (1, 1), "blocking")])
    bad(pf1.measure(sit, "h", [(1, 0)]), "PF1-OBSTACLE-BLOCK")
    bad(pf1.measure(sit, "h", [(0, 1), (1, 1)]), "PF1-OBSTACLE-BLOCK")
    bad(pf1.measure(sit, "h", [(0, -1)]), "PF1-OBSTACLE-BLOCK")
    pit = make([".o.."], human())
    bad(pf1.measure(pit, "h", [(1, 0)]), "PF1-OBSTACLE-BLOCK")


def test_flyers_avoid_pits_and_low_clutter_but_not_walls():
    """PF1-FLY-OBSTACLE: pits, % squares and low walls are avoided by air; walls and blocking edges are not."""
    sit = make([".o%#"], human(mode="fly"), edges=[((1, 0), (2, 0), "hampering")])
    r = ok(pf1.measure(sit, "h", [(1, 0), (2, 0)]))
    assert r.cost == 2 and "PF1-FLY-OBSTACLE" in r.steps[0].rules
    bad(pf1.measure(sit, "h", [(1, 0), (2, 0), (3, 0)]), "PF1-OBSTACLE-BLOCK")


def test_incorporeal_creature_passes_walls_but_may_not_end_inside_them():
    """PF1-FLY-OBSTACLE (incorporeal, standard Pathfinder)."""
    ghost = human(incorporeal=True)
    sit = make([".#.."], ghost)
    assert ok(pf1.measure(sit, "h", [(1, 0), (2, 0)])).cost == 2
    bad(pf1.measure(sit, "h", [(1, 0)]), "PF1-FLY-OBSTACLE")


def test_skill_obstacle_needs_a_check_and_stops_the_mover_on_failure():
    """PF1-OBSTACLE-SKILL, GB-PF-CHECK."""
    rope = Terrain(frozenset({"hampering"}), skill_check=True, symbol="r")
    sit = make([".r.."], human(), legend={"r": rope})
    m = ok(pf1.measure(sit, "h", [(1, 0), (2, 0)]))
    assert any(e.rule == "PF1-OBSTACLE-SKILL" for e in m.events)
    ends = {placed(ok(act(sit, "move", seed=s, path=((1, 0), (2, 0)))))[0] for s in range(30)}
    assert ends == {(0, 0), (2, 0)}


def test_squeezing_sets_the_minus_four_state_and_attacks_suffer():
    """PF1-SQUEEZE-PENALTY: squeezed attacker -4 to hit, squeezed target -4 AC."""
    sit = make([".n."], human((1, 0), attack=0), human((2, 0), "orc", "foe", defense=10))
    swing = ok(act(sit, "attack", target="orc"))
    assert "PF1-SQUEEZE-PENALTY" in swing.rules and "+ -4 =" in swing.events[0].detail
    back = ok(act(sit, "attack", unit="orc", target="h"))
    assert "PF1-SQUEEZE-PENALTY" in back.rules and "vs 6" in back.events[0].detail
    assert pf1.squeezed_now(sit, "h")


def test_large_creature_expands_back_to_its_full_space_when_the_corridor_ends():
    """PF1-SQUEEZE-LARGE: leaving the corridor restores the full footprint, and that step is not squeezed.

    Revised 2026-12-02: the tie-break compares with the reduced footprint held just before the
    step, (4,1)+(5,1). Anchors (5,0) and (5,1) both overlap it by one square, so the lower y
    wins; the old rule (overlap with the full space at the old anchor) gave (5,1).
    """
    ogre = Creature("o", "pc", (0, 0), size=Size.LARGE, speed=30)
    sit = make(["..###...", "........", "..###..."], ogre)
    r = ok(pf1.measure(sit, "o", [(1, 1), (2, 1), (3, 1), (4, 1), (5, 0)]))
    assert [s.dims for s in r.steps] == [(2, 1), (2, 1), (2, 1), (2, 1), None]
    assert r.steps[-1].cost == 1 and "PF1-SQUEEZE-LARGE" in r.steps[-1].rules
    refused = bad(pf1.measure(sit, "o", [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]), "PF1-SQUEEZE-LARGE")
    assert "[5, 0]" in refused.message


# --- other actions -----------------------------------------------------------------------------


def test_charge_moves_up_to_double_speed_and_attacks_with_plus_two():
    """PF1-CHARGE moves it (up to double speed, to the closest square); GB-PF-CHARGE (not in the texts) adds +2
    to the attack and −2 to the charger's defence; PF1-DIFFICULT-NORUN."""
    sit = make(["." * 12], human(attack=0), human((10, 0), "orc", "foe", defense=10))
    r = ok(act(sit, "charge", target="orc", path=tuple((x, 0) for x in range(1, 10))))
    assert r.band == "charge" and "GB-PF-CHARGE" in r.rules and "PF1-CHARGE" in r.rules
    assert any("+ 2 =" in e.detail for e in r.events if e.kind in ("hit", "miss"))
    assert turn_of(r).charged and turn_of(r).full_round_used
    # a path stopping short of the orc: once GB-PF-CHARGE ("must end in reach"), now PF1-CHARGE (not a closest square)
    bad(act(sit, "charge", target="orc", path=((1, 0),)), "PF1-CHARGE")
    rough = make(["..,........."], human(), human((10, 0), "orc", "foe"))
    bad(act(rough, "charge", target="orc", path=tuple((x, 0) for x in range(1, 10))), "PF1-DIFFICULT-NORUN")
    charged = make(["..."], human((0, 0)), human((1, 0), "orc", "foe"), turns={"h": TurnState(charged=True)})
    hit = ok(act(charged, "attack", unit="orc", target="h"))
    assert "GB-PF-CHARGE" in hit.rules


def test_attack_is_one_standard_action_on_a_target_in_reach():
    """GB-ATTACK with the PF1 action economy (PF1-MOVE-ACTION: a standard action plus a move action)."""
    sit = make(["....", "...."], human(), human((1, 0), "orc", "foe"), human((3, 0), "far", "foe"))
    r = ok(act(sit, "attack", target="orc"))
    assert turn_of(r).standard_used
    bad(act(sit, "attack", target="far"), "GB-ATTACK")
    used = make(["....", "...."], human(), human((1, 0), "orc", "foe"), turns={"h": TurnState(standard_used=True)})
    bad(act(used, "attack", target="orc"), "PF1-MOVE-ACTION")
    assert turn_of(ok(act(used, "move", path=((0, 1),)))).move_actions == 1
    bad(act(used, "double_move", path=((0, 1),)), "PF1-DOUBLE-MOVE")


def test_prone_is_free_to_drop_a_move_action_to_leave_and_bars_moving():
    """GB-PF-PRONE (house rule)."""
    sit = make(["..."], human())
    down = ok(act(sit, "drop_prone"))
    assert down.effects[0].key == "prone" and down.effects[0].value is True
    lying = make(["..."], human(prone=True), human((2, 0), "orc", "foe"))
    bad(act(lying, "move", path=((1, 0),)), "GB-PF-PRONE")
    up = ok(act(lying, "stand_up"))
    assert turn_of(up).move_actions == 1
    bad(act(sit, "stand_up"), "GB-PF-PRONE")


def test_doors_open_and_close_as_a_move_action_next_to_the_unit():
    """GB-PF-DOOR (house rule): board effects with the legend's door terrains."""
    sit = make([".+./"], human())
    r = ok(act(sit, "interact", at=(1, 0)))
    board = next(e for e in r.effects if e.kind == "board")
    assert board.key == "1,0" and board.value == DEFAULT_LEGEND["/"]
    assert turn_of(r).move_actions == 1
    bad(act(sit, "interact", at=(3, 0)), "GB-PF-DOOR")
    bad(act(sit, "interact", at=(2, 0)), "GB-PF-DOOR")
    closer = make(["./.."], human())
    assert (
        next(e for e in ok(act(closer, "interact", at=(1, 0))).effects if e.kind == "board").value
        == DEFAULT_LEGEND["+"]
    )
    bad(pf1.measure(sit, "h", [(1, 0)]), "PF1-OBSTACLE-BLOCK")


def test_actions_of_other_rulesets_are_refused():
    """GB-PF-NO-SUCH-ACTION."""
    sit = make(["..."], human(), human((1, 0), "orc", "foe"))
    for kind in ("dash", "sneak_attack", "engage"):
        r = bad(act(sit, kind, target="orc"), "GB-PF-NO-SUCH-ACTION")
        assert kind in r.message


def test_available_reflects_the_turn_state():
    """PF1-FIVE-FOOT-STEP, PF1-RUN: the action bar follows the economy."""
    sit = make(["...."], human(), human((1, 0), "orc", "foe"))
    fresh = pf1.available(sit, "h")
    assert fresh["move"] is None and fresh["run"] is None and fresh["step"] is None and fresh["attack"] is None
    assert fresh["dash"] is not None and fresh["stand_up"] is not None and fresh["tumble"] is not None
    stepped = make(["...."], human(), human((1, 0), "orc", "foe"), turns={"h": TurnState(stepped=True, moved=True)})
    after = pf1.available(stepped, "h")
    assert after["move"].rule == "PF1-FIVE-FOOT-STEP" and after["attack"] is None and after["step"] is not None


def test_reach_bands_follow_move_double_move_and_run():
    """PF1-MOVE-ACTION, PF1-DOUBLE-MOVE, PF1-RUN: 6 / 12 / 24 on open ground."""
    sit = make(["." * 30], human())
    by_x = {p.at[0]: p for p in pf1.reachable(sit, "h") if p.at[1] == 0}
    assert by_x[6].band == "move" and by_x[7].band == "double_move" and by_x[12].band == "double_move"
    assert by_x[13].band == "run" and by_x[24].band == "run" and 25 not in by_x
    half = make(["." * 30], human(), turns={"h": TurnState(move_actions=1, moved=True)})
    assert {p.band for p in pf1.reachable(half, "h")} == {"move"}


def test_flying_uses_the_fly_speed_and_a_mode_switch_is_recorded():
    """PF1-FLY-DIFFICULT: a flyer moves at its fly speed over difficult terrain."""
    sit = make([".,,,,,,,,,"], human(fly=12.0))
    path = tuple((x, 0) for x in range(1, 9))
    r = ok(act(sit, "move", path=path, mode="fly"))
    assert r.cost == 8 and any(e.kind == "set" and e.key == "mode" and e.value == "fly" for e in r.effects)
    bad(act(sit, "move", path=path), "PF1-MOVE-ACTION")


def test_an_obstructing_helpless_giant_hampers_tiny_movers_too():
    """PF1-HELPLESS-HUGE, PF1-TINY-THROUGH: the doubling is a property of the square."""
    giant = Creature("g", "foe", (1, 0), size=Size.HUGE, helpless=True)
    rat = Creature("r", "pc", (0, 1), size=Size.TINY, speed=9)
    r = ok(pf1.measure(make(["......"] * 3, rat, giant), "r", [(1, 1), (2, 1)]))
    assert [s.cost for s in r.steps] == [2, 2]


def test_movement_summary_counts_metres_moved_and_what_the_move_actions_left_can_pay():
    # PF1-MOVE-ACTION: after one move action of 2 squares, one move action of 6 squares is left
    from rules.pf1 import movement_summary
    from rules.pf1.turn import TurnState

    board = board_from_rows(["........"])
    human = pf1_unit("h", "a", (2, 0), race="human")
    sit = Situation("pf1", board, {"h": human}, turns={"h": TurnState(move_actions=1, moved=True, spent=2)})
    assert movement_summary(sit, "h") == (3.0, 9.0)


def test_uniform_diagonal_option_makes_every_diagonal_cost_one_square():
    # PF1-DIAG is the default; rules.diagonal = "uniform" (GB-DIAGONAL-UNIFORM) replaces the 1-2-1-2 count

    board = board_from_rows(["......"] * 6)
    human = pf1_unit("h", "a", (0, 0), race="human")
    path = [(1, 1), (2, 2), (3, 3), (4, 4)]
    alternating = Situation("pf1", board, {"h": human})
    uniform = Situation("pf1", board, {"h": human}, options=Options(diagonal="uniform"))
    assert pf1.measure(alternating, "h", path).cost == 6
    result = pf1.measure(uniform, "h", path)
    assert result.cost == 4 and all("GB-DIAGONAL-UNIFORM" in s.rules for s in result.steps)
    assert {r.at: r.cost for r in pf1.reachable(uniform, "h")}[(4, 4)] == 4
    # a hampered diagonal doubles like an orthogonal step: 2, not 3
    rough = board_from_rows([".,....", "......"])
    sit = Situation("pf1", rough, {"h": human.evolve(at=(0, 1))}, options=Options(diagonal="uniform"))
    assert pf1.measure(sit, "h", [(1, 0)]).cost == 2
