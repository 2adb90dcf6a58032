"""The binding graph: states, engaging, binding on attack, staying bound, ending bindings (docs/rules-hexxen.md)."""

from __future__ import annotations

import pytest
from test_hexxen_helpers import HIT, MISS, act, fight, pairs

from rules import effects, hexxen
from rules.core import Size
from rules.geometry import chebyshev
from rules.hexxen import TurnState, bound_to, is_bound, new_turn, setup_problems


def test_hx_states_a_participant_is_bound_iff_it_is_in_a_pair():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")])
    assert is_bound(sit, "H1") and is_bound(sit, "N1") and is_bound(sit, "N2")
    assert not is_bound(sit, "H2"), "HX-STATES: H2 is free-standing"
    assert bound_to(sit, "H1") == ["N1", "N2"]
    assert bound_to(sit.bindings, "N2") == ["H1"], "bound_to also takes a bare pair set"
    assert bound_to(sit, "H2") == []


def test_hx_start_apart_touching_tokens_are_reported_naming_both_units():
    sit = fight("H1", "N1", "N2", H1={"at": (2, 2)}, N1={"at": (3, 3)}, N2={"at": (8, 8)})
    problems = setup_problems(sit)
    assert len(problems) == 1
    assert problems[0].rule == "HX-START-APART"
    assert "H1" in problems[0].message and "N1" in problems[0].message


def test_hx_start_apart_every_touching_pair_is_reported_and_two_apart_is_fine():
    crowded = fight("H1", "H2", "N1", H1={"at": (0, 0)}, H2={"at": (1, 0)}, N1={"at": (1, 1)})
    assert len(setup_problems(crowded)) == 3
    assert setup_problems(fight("H1", "N1", H1={"at": (0, 0)}, N1={"at": (2, 2)})) == []


def test_hx_start_apart_bindings_at_the_start_are_a_setup_problem():
    problems = setup_problems(fight("H1", "N1", pairs=[("H1", "N1")]))
    assert [p.rule for p in problems] == ["HX-START-APART"]


def test_hx_engage_a_free_hunter_is_placed_touching_its_target_at_no_ap():
    sit = fight("H1", "N1", H1={"at": (0, 0)}, N1={"at": (6, 6)})
    ruling = act(sit, "engage", "H1", "N1")
    assert ruling.ok and "HX-ENGAGE" in ruling.rules and ruling.band == "engage"
    new = effects.after(sit, ruling)
    assert chebyshev(new.creature("H1").at, (6, 6)) == 1
    assert new.creature("N1").at == (6, 6), "the target's token stays"
    assert pairs(new) == {("H1", "N1")}


def test_hx_engage_an_attack_on_a_new_enemy_works_like_engage():
    sit = fight("H1", "N1", H1={"at": (0, 0)}, N1={"at": (6, 6)})
    by_attack = act(sit, "attack", "H1", "N1")
    by_engage = act(sit, "engage", "H1", "N1")
    assert by_attack.effects == by_engage.effects
    assert "HX-ENGAGE" in by_attack.rules


def test_hx_engage_one_an_engage_must_name_one_target_and_binds_one_pair():
    sit = fight("H1", "N1", "N2", "N3")
    refused = act(sit, "engage", "H1", None)
    assert not refused.ok and refused.rule == "HX-ENGAGE-ONE"
    ruling = act(sit, "engage", "H1", "N2")
    assert "HX-ENGAGE-ONE" in ruling.rules
    assert [(e.unit, e.other) for e in ruling.effects if e.kind == "bind"] == [("H1", "N2")]


def test_hx_engage_targets_must_be_opponents():
    refused = act(fight("H1", "H2"), "attack", "H1", "H2")
    assert not refused.ok and refused.rule == "HX-ENGAGE"


def test_hx_move_no_ap_engaging_costs_only_the_attack_same_as_attacking_a_partner():
    free = fight("H1", "N1")
    bound = fight("H1", "N1", pairs=[("H1", "N1")], H1={"at": (0, 0)}, N1={"at": (1, 0)})
    for sit in (free, bound):
        ruling = act(sit, "attack", "H1", "N1")
        (turn,) = [e.value for e in ruling.effects if e.kind == "turn"]
        assert turn.ap_left == new_turn(sit, "H1").ap_left - 1
        assert ruling.cost == 0
    assert "HX-MOVE-NO-AP" in act(free, "attack", "H1", "N1").rules


def test_gb_hx_ap_defaults_are_three_for_hunters_one_for_npcs_and_ap_overrides():
    sit = fight("H1", "N1", "L1", "H2", H2={"ap": 5})
    assert new_turn(sit, "H1") == TurnState(ap_left=3)
    assert new_turn(sit, "N1").ap_left == 1
    assert new_turn(sit, "L1").ap_left == 1
    assert new_turn(sit, "H2").ap_left == 5


def test_gb_hx_ap_a_unit_without_ap_cannot_attack_and_nothing_changes():
    sit = fight("H1", "N1", turns={"H1": TurnState(ap_left=0)})
    refused = act(sit, "attack", "H1", "N1")
    assert not refused.ok and refused.rule == "GB-HEXXEN-AP"
    assert effects.after(sit, refused) == sit


def test_hx_bind_on_attack_a_miss_binds_both():
    sit = fight("H1", "N1")
    ruling = act(sit, "attack", "H1", "N1", seed=MISS)
    assert any(e.kind == "miss" for e in ruling.events)
    assert pairs(effects.after(sit, ruling)) == {("H1", "N1")}
    assert "HX-BIND-ON-ATTACK" in ruling.rules


def test_hx_bind_on_attack_a_hit_binds_both_and_an_npc_attack_binds_too():
    sit = fight("H1", "N1")
    ruling = act(sit, "attack", "N1", "H1", seed=HIT)
    assert any(e.kind == "hit" for e in ruling.events)
    assert pairs(effects.after(sit, ruling)) == {("H1", "N1")}


def test_hx_bound_no_move_a_bound_hunter_cannot_attack_or_engage_a_new_enemy():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")])
    for kind in ("attack", "engage"):
        refused = act(sit, kind, "H1", "N2")
        assert not refused.ok and refused.rule == "HX-BOUND-NO-MOVE"
    assert not act(sit, "engage", "H1", "N1").ok, "engaging means moving, even towards the partner"


def test_hx_bound_no_move_attacking_the_partner_never_moves_the_token():
    sit = fight("H1", "N1", pairs=[("H1", "N1")], H1={"at": (0, 0)}, N1={"at": (5, 5)})
    ruling = act(sit, "attack", "H1", "N1")
    assert ruling.ok and "HX-BOUND-NO-MOVE" in ruling.rules
    assert not [e for e in ruling.effects if e.kind in ("place", "bind")]
    assert pairs(effects.after(sit, ruling)) == {("H1", "N1")}


def test_hx_bind_end_defeating_an_npc_ends_every_pair_it_is_in():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H2", "N1"), ("H2", "N2")], N1={"hp": 1})
    ruling = act(sit, "attack", "H1", "N1", seed=HIT)
    new = effects.after(sit, ruling)
    assert new.creature("N1").defeated
    assert pairs(new) == {("H2", "N2")}
    assert "HX-BIND-END" in ruling.rules
    freed = {e.unit for e in ruling.events if e.kind == "free"}
    assert freed == {"H1"}, "H2 keeps its other partner"


def test_hx_bind_end_a_new_pair_with_a_target_defeated_by_that_attack_does_not_remain():
    sit = fight("H1", "N1", N1={"hp": 1})
    new = effects.after(sit, act(sit, "attack", "H1", "N1", seed=HIT))
    assert new.creature("N1").defeated and new.bindings == frozenset()


def test_hx_next_enemy_a_hunter_freed_with_ap_left_engages_again_at_no_ap():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")], N1={"hp": 1})
    first = act(sit, "attack", "H1", "N1", seed=HIT)
    assert any(e.kind == "next_enemy" and e.rule == "HX-NEXT-ENEMY" for e in first.events)
    mid = effects.after(sit, first)
    second = act(mid, "engage", "H1", "N2")
    assert second.ok and "HX-NEXT-ENEMY" in second.rules
    assert pairs(effects.after(mid, second)) == {("H1", "N2")}


def test_hx_next_enemy_needs_ap_left():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")], N1={"hp": 1}, turns={"H1": TurnState(ap_left=1)})
    first = act(sit, "attack", "H1", "N1", seed=HIT)
    assert not any(e.kind == "next_enemy" for e in first.events)
    refused = act(effects.after(sit, first), "engage", "H1", "N2")
    assert not refused.ok and refused.rule == "GB-HEXXEN-AP"


def test_hx_next_enemy_a_winner_still_bound_elsewhere_may_not_move():
    sit = fight("H1", "N1", "N2", "N3", pairs=[("H1", "N1"), ("H1", "N2")], N1={"hp": 1})
    mid = effects.after(sit, act(sit, "attack", "H1", "N1", seed=HIT))
    assert pairs(mid) == {("H1", "N2")}
    refused = act(mid, "engage", "H1", "N3")
    assert not refused.ok and refused.rule == "HX-BOUND-NO-MOVE"


def test_hx_stay_put_end_turn_changes_nothing_and_attacks_move_no_bystander():
    sit = fight("H1", "H2", "N1", "N2")
    ended = act(sit, "end_turn", "H2")
    assert ended.ok and ended.effects == () and ended.rules == ("HX-STAY-PUT",)
    ruling = act(sit, "attack", "H1", "N1")
    moved = {e.unit for e in ruling.effects if e.kind == "place"}
    assert moved <= {"H1"}


def test_hx_mounted_an_attack_by_a_mounted_npc_binds_nobody_and_its_token_stays():
    sit = fight("H1", "M1", M1={"mounted": True, "at": (8, 8)})
    ruling = act(sit, "attack", "M1", "H1")
    assert ruling.ok and "HX-MOUNTED" in ruling.rules
    new = effects.after(sit, ruling)
    assert new.bindings == frozenset()
    assert new.creature("M1").at == (8, 8)


def test_hx_mounted_attacking_a_mounted_target_binds_nobody_and_moves_no_token():
    sit = fight("H1", "M1", M1={"mounted": True})
    new = effects.after(sit, act(sit, "attack", "H1", "M1"))
    assert new.bindings == frozenset()
    assert new.creature("M1").at == sit.creature("M1").at
    assert not is_bound(new, "H1")


def test_hx_mounted_a_mounted_hunter_cannot_take_over_a_binding():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], H2={"mounted": True})
    for tactic in ("relieve", "cut_in"):
        refused = act(sit, "attack", "H2", "N1", tactic=tactic, release="H1")
        assert not refused.ok and refused.rule == "HX-MOUNTED"


def test_hx_grid_map_a_full_board_around_the_target_never_makes_the_attack_illegal():
    cells = [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    ring = {f"H{i}": {"at": at} for i, at in enumerate(cells, 2)}
    sit = fight("H1", "N1", *ring, N1={"at": (1, 1)}, H1={"at": (9, 9)}, **ring)
    ruling = act(sit, "engage", "H1", "N1")
    assert ruling.ok
    assert any(e.kind == "crowded" and e.rule == "HX-GRID-MAP" for e in ruling.events)
    assert not [e for e in ruling.effects if e.kind == "place"]
    assert pairs(effects.after(sit, ruling)) == {("H1", "N1")}


def test_hx_tokens_a_huge_npc_is_one_cell_on_the_display():
    """HX-TOKENS: a token's drawn size carries no rules meaning; HX-GRID-MAP gives each token one cell."""
    sit = fight("H1", "R1", H1={"at": (0, 0)}, R1={"at": (6, 6)})
    assert sit.creature("R1").size == Size.HUGE
    new = effects.after(sit, act(sit, "engage", "H1", "R1"))
    assert chebyshev(new.creature("H1").at, (6, 6)) == 1, "touching the token's one cell, not a 3x3 space"


def test_hx_tokens_names_and_token_sizes_do_not_change_a_ruling():
    """HX-TOKENS: labels and numbering are cosmetic."""
    plain = fight("H1", "N1")
    renamed = fight("H1", "N1", H1={"name": "Gottfried der Große"})
    assert act(plain, "attack", "H1", "N1").effects == act(renamed, "attack", "H1", "N1").effects


@pytest.mark.parametrize("kind", ["move", "double_move", "run", "step", "charge", "dash", "drop_prone", "stand_up"])
def test_hx_abstract_every_movement_action_is_refused(kind):
    refused = act(fight("H1", "N1"), kind, "H1")
    assert not refused.ok and refused.rule == "HX-ABSTRACT"
    assert "distances" in refused.message


def test_hx_abstract_measure_is_refused_with_hx_grid_map_named():
    result = hexxen.measure(fight("H1", "N1"), "H1", [(1, 0)])
    assert not result.ok and result.rule == "HX-ABSTRACT" and "HX-GRID-MAP" in result.message


def test_available_for_a_bound_hunter_attack_only_its_partner_and_no_movement():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")])
    bar = hexxen.available(sit, "H1")
    assert bar["attack"] is None and bar["end_turn"] is None
    assert bar["engage"] is not None and bar["engage"].rule == "HX-BOUND-NO-MOVE"
    assert bar["sneak_attack"] is not None and bar["sneak_attack"].rule == "HX-SNEAK-REQ"
    assert bar["move"] is not None and bar["move"].rule == "HX-ABSTRACT"


def test_available_for_a_defeated_or_unknown_unit_only_ends_the_turn():
    sit = fight("H1", "N1", H1={"defeated": True})
    for uid in ("H1", "X9"):
        bar = hexxen.available(sit, uid)
        assert bar["end_turn"] is None
        assert bar["attack"] is not None and bar["attack"].rule == "HX-STATES"


def test_reach_lists_each_engageable_enemy_at_its_cell_and_nothing_while_bound():
    sit = fight("H1", "H2", "N1", "N2", "H3", pairs=[("H2", "N1")], turns={"H3": TurnState(ap_left=0)})
    entries = hexxen.reachable(sit, "H1")
    assert [(r.target, r.at, r.band, r.cost) for r in entries] == [
        ("N1", sit.creature("N1").at, "engage", 0),
        ("N2", sit.creature("N2").at, "engage", 0),
    ]
    assert hexxen.reachable(sit, "H2") == [], "HX-BOUND-NO-MOVE"
    assert hexxen.reachable(sit, "H3") == [], "no AP left for the attack an engage makes"


def test_gb_hexxen_tokens_an_engaging_token_avoids_touching_a_bystander_enemy():
    sit = fight("H1", "N1", "N2", H1={"at": (0, 5)}, N1={"at": (6, 5)}, N2={"at": (4, 5)})
    ruling = act(sit, "engage", "H1", "N1")
    assert "GB-HEXXEN-TOKENS" in ruling.rules
    at = effects.after(sit, ruling).creature("H1").at
    assert chebyshev(at, (6, 5)) == 1 and chebyshev(at, (4, 5)) > 1


def test_gb_hexxen_tokens_a_token_that_already_touches_its_target_stays():
    sit = fight("H1", "N1", H1={"at": (5, 5)}, N1={"at": (6, 6)})
    ruling = act(sit, "engage", "H1", "N1")
    assert not [e for e in ruling.effects if e.kind == "place"]
    assert pairs(effects.after(sit, ruling)) == {("H1", "N1")}
