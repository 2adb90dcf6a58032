"""The optional dnd5e grid rule D5-GRID-DIAG-VARIANT: every second diagonal of a turn costs double."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from test_dnd5e_helpers import act, fighter, foe, refuse

from rules import dnd5e
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Options, Ruling, Situation
from rules.geometry import DIRECTIONS
from rules.ruler import tape

ALTERNATING = Options(diagonal="alternating")


def variant(rows: list[str], *creatures: Creature) -> Situation:
    """A dnd5e Situation on a level that sets `[rules] diagonal = "alternating"`."""
    board = board_from_rows(rows)
    return Situation("dnd5e", board, {c.id: c for c in creatures}, options=ALTERNATING)


def diagonal(n: int, start: tuple[int, int] = (0, 0)) -> tuple[tuple[int, int], ...]:
    """n squares down-right from `start`."""
    return tuple((start[0] + i, start[1] + i) for i in range(1, n + 1))


def test_w62_four_diagonals_cost_nine_metres_and_rubble_needs_a_dash():
    """W62: 1.5 + 3 + 1.5 + 3 = 9 m; with rubble at (1,1): 3 + 3 + 1.5 + 3 = 10.5 m, which needs a Dash."""
    sit = variant(["." * 6] * 6, fighter())
    ruling = dnd5e.measure(sit, "f", diagonal(4))
    assert isinstance(ruling, Ruling) and ruling.band == "move"
    assert [s.cost for s in ruling.steps] == [150, 300, 150, 300] and ruling.cost == 900
    assert all("D5-GRID-DIAG-VARIANT" in s.rules for s in ruling.steps)
    rubble = variant([".....", ".,...", ".....", ".....", "....."], fighter())
    costly = dnd5e.measure(rubble, "f", diagonal(4))
    assert isinstance(costly, Ruling)
    assert [s.cost for s in costly.steps] == [300, 300, 150, 300] and costly.band == "dash"
    assert refuse(rubble, "move", path=diagonal(4)).rule == "D5-SPEED"
    assert act(rubble, "dash", path=diagonal(4))[1].cost == 1050


def test_d5_grid_diag_stays_the_default_every_diagonal_one_square():
    """D5-GRID-DIAG: without the option the same walk costs 6 m, and the ruler counts Chebyshev."""
    sit = replace(variant(["." * 6] * 6, fighter()), options=Options())
    assert dnd5e.measure(sit, "f", diagonal(4)).cost == 600
    assert tape("dnd5e", Options(), (0, 0), (5, 4)).squares == 5
    measured = tape("dnd5e", ALTERNATING, (0, 0), (5, 4))
    assert (measured.squares, measured.rule) == (7, "D5-GRID-DIAG-VARIANT")


def test_d5_grid_diag_variant_orthogonal_steps_leave_the_counter_alone():
    """D5-GRID-DIAG-VARIANT: diagonal, two orthogonal steps, diagonal = 1.5 + 1.5 + 1.5 + 3."""
    sit = variant(["." * 6] * 6, fighter())
    ruling = dnd5e.measure(sit, "f", [(1, 1), (2, 1), (3, 1), (4, 2)])
    assert [s.cost for s in ruling.steps] == [150, 150, 150, 300]
    sit, _ = act(sit, "move", path=[(1, 1), (2, 1), (3, 1), (4, 2)])
    assert sit.turns["f"].diagonals == 2


def test_d5_grid_diag_variant_one_counter_across_segments_attacks_dash_switches_and_crawling():
    """D5-GRID-DIAG-VARIANT: the counter is kept across every kind of break within the turn."""
    sit = variant(["." * 12] * 12, fighter(fly=18.0, attacks=2, attack=0), foe("o", (11, 11)))
    sit, first = act(sit, "move", path=diagonal(1))
    assert first.cost == 150 and sit.turns["f"].diagonals == 1
    sit, second = act(sit, "move", path=diagonal(1, (1, 1)))
    assert second.cost == 300, "the second diagonal of the turn, in a new segment"
    sit, _ = act(sit, "dash")
    sit, third = act(sit, "move", path=diagonal(1, (2, 2)))
    assert third.cost == 150 and sit.turns["f"].diagonals == 3
    sit, flown = act(sit, "move", path=diagonal(1, (3, 3)), mode="fly")
    assert flown.cost == 300 and "D5-SWITCH-SPEED" in flown.rules
    sit, _ = act(sit, "move", path=diagonal(1, (4, 4)), mode="walk")
    sit, _ = act(sit, "drop_prone")
    sit, crawled = act(sit, "move", path=diagonal(1, (5, 5)))
    assert crawled.cost == 600, "the 6th diagonal: base 3 m, crawling repeats it (D5-COST-ADD)"
    assert sit.turns["f"].diagonals == 6
    assert dnd5e.new_turn(sit, "f").diagonals == 0, "reset at the start of the creature's turn"


def test_d5_grid_diag_variant_the_counter_survives_an_attack_between_moves():
    """D5-GRID-DIAG-VARIANT with D5-BETWEEN-ATTACKS: move, attack, move keeps d."""
    sit = variant(["." * 8] * 8, fighter(attacks=2), foe("o", (2, 2)))
    sit, _ = act(sit, "move", path=diagonal(1))
    sit, _ = act(sit, "attack", target="o")
    assert sit.turns["f"].diagonals == 1
    _, moved = act(sit, "move", path=[(2, 1), (3, 2)])
    assert [s.cost for s in moved.steps] == [150, 300]


def test_d5_grid_diag_variant_surcharges_multiply_the_base_and_difficult_counts_once():
    """D5-GRID-DIAG-VARIANT: a second diagonal into difficult terrain costs 3 × 2 = 6 m and does d += 1 only."""
    sit = variant(["....", "....", "..,.", "...."], fighter(speed=12.0))
    ruling = dnd5e.measure(sit, "f", diagonal(3))
    assert [s.cost for s in ruling.steps] == [150, 600, 150]


def test_d5_grid_diag_variant_the_search_keeps_the_parity_in_its_state():
    """D5-GRID-DIAG-VARIANT: the cheapest way to (1,1) (one diagonal) is not the cheapest way on to (2,2).

    Pits at (2,1) and (1,2) leave only the diagonal from (1,1) into the rubble at (2,2). Diagonally
    to (1,1) costs 1 square but makes the next diagonal the 2nd (2 × 2 squares): 5 in all. Two
    orthogonal steps cost 2 but keep the next diagonal the 1st (1 × 2): 4 squares = 6 m.
    """
    sit = variant(["...", "..o", ".o,"], fighter())
    found = {r.at: r for r in dnd5e.reachable(sit, "f")}
    assert found[(1, 1)].cost == 150
    assert found[(2, 2)].cost == 600
    assert dnd5e.measure(sit, "f", found[(2, 2)].path).cost == 600
    assert dnd5e.measure(sit, "f", [(1, 1), (2, 2)]).cost == 750


def test_d5_grid_diag_variant_melee_reach_counts_max_plus_half_min():
    """D5-GRID-DIAG-VARIANT: a 3 m reach (2 squares) does not reach (2,2) away: 2 + 1 = 3 squares."""
    near = variant(["." * 6] * 6, fighter(reach=3.0), foe("o", (2, 1)))
    far = variant(["." * 6] * 6, fighter(reach=3.0), foe("o", (2, 2)))
    assert act(near, "attack", target="o")[1].ok
    assert refuse(far, "attack", target="o").rule == "D5-GRID-DIAG-VARIANT"
    assert act(replace(far, options=Options()), "attack", target="o")[1].ok, "Chebyshev 2 under D5-GRID-DIAG"


def test_d5_oa_leave_reach_under_the_variant_uses_the_variant_distance():
    """D5-OA-LEAVE-REACH with D5-GRID-DIAG-VARIANT: (2,1) → (2,2) leaves a 3 m reach at (0,0)."""
    sit = variant(["." * 6] * 6, fighter(at=(2, 1)), foe("o", (0, 0), reach=3.0))
    ruling = dnd5e.measure(sit, "f", [(2, 2)])
    assert [e.by for e in ruling.events if e.kind == "provokes"] == ["o"]
    assert dnd5e.threatening(sit, "f", [(2, 1)]) == ["o"] and dnd5e.threatening(sit, "f", [(2, 2)]) == []
    plain = dnd5e.measure(replace(sit, options=Options()), "f", [(2, 2)])
    assert not [e for e in plain.events if e.kind == "provokes"], "Chebyshev 2: still in reach"


def _brute_force(sit: Situation, limit: int) -> dict[tuple[int, int], int]:
    """Cheapest cost in squares to each square for a Medium walker, relaxing (square, d mod 2) to a fixed point.

    Written from the rules alone: base 1, or for a diagonal 1 + (d odd before the step); cost =
    base × (1 + difficult); walls and pits closed; no diagonal past a wall's corner.
    """
    board = sit.board
    start = sit.creature("f").at
    d0 = sit.turns["f"].diagonals % 2 if "f" in sit.turns else 0
    best = {(start, d0): 0}
    changed = True
    while changed:
        changed = False
        for ((x, y), d), cost in list(best.items()):
            for dx, dy in DIRECTIONS:
                to = (x + dx, y + dy)
                if not board.in_bounds(to) or board.terrain(to).wall or board.terrain(to).pit:
                    continue
                if dx and dy and (board.terrain((x + dx, y)).wall or board.terrain((x, y + dy)).wall):
                    continue
                base, nd = (1 + d, 1 - d) if dx and dy else (1, d)
                total = cost + base * (1 + int(board.terrain(to).difficult))
                if total <= limit and total < best.get((to, nd), limit + 1):
                    best[(to, nd)] = total
                    changed = True
    out: dict[tuple[int, int], int] = {}
    for (sq, _), cost in best.items():
        if sq != start:
            out[sq] = min(cost, out.get(sq, cost))
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 6),
    st.integers(3, 5),
    st.data(),
    st.integers(0, 1),
)
def test_property_variant_reach_matches_a_brute_force_over_the_counter(width, height, data, parity):
    """D5-GRID-DIAG-VARIANT: reach agrees with an independent fixed point over (square, d mod 2)."""
    rows = ["".join(data.draw(st.sampled_from("....,,#o")) for _ in range(width)) for _ in range(height)]
    at = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    rows[at[1]] = rows[at[1]][: at[0]] + "." + rows[at[1]][at[0] + 1 :]
    sit = variant(rows, fighter(at=at))
    sit = replace(sit, turns={"f": dnd5e.TurnState(diagonals=parity, action_used=True)})
    reached = {r.at: r.cost // 150 for r in dnd5e.reachable(sit, "f")}
    assert reached == _brute_force(sit, 6)
    for spot in dnd5e.reachable(sit, "f"):
        assert dnd5e.measure(sit, "f", spot.path).cost == spot.cost


def test_d5_grid_diag_variant_the_applied_counter_prices_the_next_segment():
    """The turn state carries d between rule() calls (D5-GRID-DIAG-VARIANT)."""
    sit = variant(["." * 6] * 6, fighter())
    sit = replace(sit, turns={"f": dnd5e.TurnState(diagonals=1)})
    result = dnd5e.rule(sit, Action("move", "f", path=((1, 1),)), random.Random(0))
    assert isinstance(result, Ruling) and result.cost == 300
