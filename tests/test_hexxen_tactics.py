"""Tactics against a bound enemy: sneak attack, front attack, relief and cut-in, and what NPCs may use."""

from __future__ import annotations

from test_hexxen_helpers import HIT, MISS, act, fight, pairs

from rules import effects, hexxen
from rules.geometry import chebyshev
from rules.hexxen import TurnState, can_attack


def test_hx_sneak_gets_plus_two_binds_nobody_and_leaves_the_attacker_free():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], H2={"attack": 3})
    ruling = act(sit, "sneak_attack", "H2", "N1", seed=MISS)
    assert ruling.ok and "HX-SNEAK" in ruling.rules
    (roll,) = [e for e in ruling.events if e.kind in ("hit", "miss")]
    assert "+ 5 =" in roll.detail, "attack 3 plus the sneak bonus of 2"
    new = effects.after(sit, ruling)
    assert new.bindings == sit.bindings
    assert not hexxen.is_bound(new, "H2")


def test_hx_sneak_the_token_ends_two_cells_from_the_target_without_touching():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], N1={"at": (6, 6)}, H1={"at": (5, 6)}, H2={"at": (0, 0)})
    new = effects.after(sit, act(sit, "sneak_attack", "H2", "N1"))
    assert chebyshev(new.creature("H2").at, (6, 6)) == 2


def test_hx_sneak_req_refused_against_an_enemy_nobody_holds():
    sit = fight("H2", "N2")
    refused = act(sit, "sneak_attack", "H2", "N2")
    assert not refused.ok and refused.rule == "HX-SNEAK-REQ"


def test_hx_sneak_req_refused_when_the_only_binding_is_the_attackers_own():
    sit = fight("H1", "N1", pairs=[("H1", "N1")])
    refused = act(sit, "sneak_attack", "H1", "N1")
    assert not refused.ok and refused.rule == "HX-SNEAK-REQ"


def test_hx_sneak_req_a_bound_attacker_cannot_sneak_even_at_someone_elses_enemy():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H2", "N2")])
    refused = act(sit, "sneak_attack", "H1", "N2")
    assert not refused.ok and refused.rule == "HX-SNEAK-REQ"


def test_hx_sneak_any_hunter_needs_no_power():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    assert hexxen.traits(sit.creature("H2")).powers == ()
    ruling = act(sit, "sneak_attack", "H2", "N1")
    assert ruling.ok and "HX-SNEAK-ANY-HUNTER" in ruling.rules


def test_hx_npc_no_sneak_an_npc_without_the_power_is_refused_and_with_it_may():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")], N2={"at": (10, 10)})
    refused = act(sit, "sneak_attack", "N2", "H1")
    assert not refused.ok and refused.rule == "HX-NPC-NO-SNEAK"
    sneaky = fight("H1", "N1", "N2", pairs=[("H1", "N1")], N2={"powers": ("sneak_attack",)})
    ruling = act(sneaky, "sneak_attack", "N2", "H1")
    assert ruling.ok
    assert effects.after(sneaky, ruling).bindings == sneaky.bindings


def test_hx_bound_target_choice_a_free_attacker_may_hit_a_held_enemy_from_front_or_behind():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    assert can_attack(sit, "H2", "N1", "front") is None
    assert can_attack(sit, "H2", "N1", "sneak") is None
    front = act(sit, "attack", "H2", "N1")
    assert "HX-BOUND-TARGET-CHOICE" in front.rules
    refused = can_attack(sit, "H2", "N1", "sideways")
    assert refused is not None and refused.rule == "HX-BOUND-TARGET-CHOICE"


def test_hx_front_binds_a_front_attack_on_a_held_enemy_adds_a_second_pair():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    ruling = act(sit, "attack", "H2", "N1", tactic="front")
    assert "HX-FRONT-BINDS" in ruling.rules
    assert pairs(effects.after(sit, ruling)) == {("H1", "N1"), ("H2", "N1")}


def test_hx_relief_the_comrade_is_freed_and_the_newcomer_bound():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], N1={"at": (6, 6)}, H1={"at": (5, 6)})
    ruling = act(sit, "attack", "H2", "N1", release="H1")
    assert ruling.ok and "HX-RELIEF" in ruling.rules
    new = effects.after(sit, ruling)
    assert pairs(new) == {("H2", "N1")}
    assert not hexxen.is_bound(new, "H1")
    assert chebyshev(new.creature("H1").at, (6, 6)) >= 2, "the relieved token steps back"
    assert chebyshev(new.creature("H2").at, (6, 6)) == 1


def test_hx_relief_tactic_relieve_picks_the_only_candidate_and_a_hit_or_miss_does_not_matter():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    for seed in (HIT, MISS):
        ruling = act(sit, "attack", "H2", "N1", tactic="relieve", seed=seed)
        assert pairs(effects.after(sit, ruling)) == {("H2", "N1")}


def test_hx_relief_refused_for_a_comrade_bound_to_several_enemies():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")])
    refused = act(sit, "attack", "H2", "N2", tactic="relieve", release="H1")
    assert not refused.ok and refused.rule == "HX-RELIEF"
    assert "cut-in" in refused.message


def test_hx_relief_refused_without_a_comrade_on_that_enemy_or_for_an_opponent():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1")])
    assert act(sit, "attack", "H2", "N2", tactic="relieve").rule == "HX-RELIEF"
    assert act(sit, "attack", "H2", "N1", release="N2").rule == "HX-RELIEF"
    assert act(sit, "attack", "H2", "N1", release="H2").rule == "HX-RELIEF"


def test_hx_relief_with_two_candidates_the_released_one_must_be_named():
    sit = fight("H1", "H2", "H3", "N1", pairs=[("H1", "N1"), ("H2", "N1")])
    refused = act(sit, "attack", "H3", "N1", tactic="relieve")
    assert not refused.ok and refused.rule == "HX-RELIEF"
    named = act(sit, "attack", "H3", "N1", tactic="relieve", release="H2")
    assert pairs(effects.after(sit, named)) == {("H1", "N1"), ("H3", "N1")}


def test_hx_relief_later_an_attacker_already_bound_to_the_enemy_lets_a_comrade_go():
    sit = fight("H2", "H3", "N1", pairs=[("H2", "N1"), ("H3", "N1")])
    ruling = act(sit, "attack", "H2", "N1", release="H3")
    assert ruling.ok and "HX-RELIEF-LATER" in ruling.rules
    assert pairs(effects.after(sit, ruling)) == {("H2", "N1")}


def test_hx_relief_first_only_a_second_attack_in_the_round_releases_nobody():
    sit = fight("H1", "H2", "H3", "N1", pairs=[("H1", "N1"), ("H2", "N1")], H3={"ap": 3})
    first = act(sit, "attack", "H3", "N1", release="H1")
    mid = effects.after(sit, first)
    (turn,) = [e.value for e in first.effects if e.kind == "turn"]
    assert turn.first_melee_done and turn.relief_fired
    refused = act(mid, "attack", "H3", "N1", release="H2")
    assert not refused.ok and refused.rule == "HX-RELIEF-FIRST-ONLY"


def test_hx_relief_first_only_a_plain_first_attack_uses_up_the_chance():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1"), ("H2", "N1")])
    mid = effects.after(sit, act(sit, "attack", "H2", "N1"))
    refused = act(mid, "attack", "H2", "N1", release="H1")
    assert not refused.ok and refused.rule == "HX-RELIEF-FIRST-ONLY"
    next_round = fight("H1", "H2", "N1", pairs=[("H1", "N1"), ("H2", "N1")], turns={"H2": TurnState(ap_left=3)})
    assert act(next_round, "attack", "H2", "N1", release="H1").ok


def test_hx_cutin_the_joiner_takes_over_one_of_several_bindings():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")])
    ruling = act(sit, "attack", "H2", "N2", tactic="cut_in", release="H1")
    assert ruling.ok and "HX-CUTIN" in ruling.rules
    new = effects.after(sit, ruling)
    assert pairs(new) == {("H1", "N1"), ("H2", "N2")}
    assert hexxen.is_bound(new, "H1")


def test_hx_cutin_a_comrade_with_no_other_partner_ends_free():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    new = effects.after(sit, act(sit, "attack", "H2", "N1", tactic="cut_in"))
    assert pairs(new) == {("H2", "N1")}
    assert not hexxen.is_bound(new, "H1")


def test_hx_cutin_refused_for_a_bound_joiner_or_a_missing_pair():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H2", "N2")])
    assert act(sit, "attack", "H2", "N1", tactic="cut_in", release="H1").rule in ("HX-BOUND-NO-MOVE", "HX-CUTIN")
    free = fight("H1", "H3", "N1", "N2", pairs=[("H1", "N1")])
    refused = act(free, "attack", "H3", "N2", tactic="cut_in", release="H1")
    assert not refused.ok and refused.rule == "HX-CUTIN"


def test_hx_cutin_attack_the_takeover_comes_only_with_a_front_attack():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")], H2={"damage": "1"})
    refused = act(sit, "sneak_attack", "H2", "N2", tactic="cut_in", release="H1")
    assert not refused.ok and refused.rule == "HX-CUTIN-ATTACK"
    assert effects.after(sit, refused).bindings == sit.bindings
    fist = act(sit, "attack", "H2", "N2", tactic="cut_in", release="H1", seed=MISS)
    assert "HX-CUTIN-ATTACK" in fist.rules and any(e.kind == "miss" for e in fist.events)


def test_hx_npc_tactics_a_plain_npc_can_neither_relieve_nor_cut_in():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")])
    for tactic in ("relieve", "cut_in"):
        refused = act(sit, "attack", "N2", "H1", tactic=tactic, release="N1")
        assert not refused.ok and refused.rule == "HX-NPC-TACTICS"


def test_hx_npc_tactics_a_leader_relieves_and_cuts_in_with_sides_swapped():
    sit = fight("H1", "N1", "L1", pairs=[("H1", "N1")])
    relief = act(sit, "attack", "L1", "H1", tactic="relieve", release="N1")
    assert relief.ok and "HX-NPC-TACTICS" in relief.rules
    assert pairs(effects.after(sit, relief)) == {("H1", "L1")}
    cut = act(sit, "attack", "L1", "H1", tactic="cut_in", release="N1")
    assert pairs(effects.after(sit, cut)) == {("H1", "L1")}


def test_hx_relief_a_release_that_is_not_allowed_refuses_the_whole_attack():
    """HX-RELIEF (revised): a bad `release` is no plain attack without the relief; nothing happens at all."""
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")])
    for release, rule in (("H1", "HX-RELIEF"), ("N2", "HX-RELIEF"), ("nobody", "HX-RELIEF")):
        refused = act(sit, "attack", "H2", "N1", seed=HIT, release=release)
        assert not refused.ok and refused.rule == rule, (release, refused)
        assert effects.after(sit, refused) == sit
    # the same attack without the release is legal: only the release made it illegal
    assert act(sit, "attack", "H2", "N1").ok


def test_hx_relief_first_only_a_late_release_refuses_the_attack_and_keeps_the_ap():
    """HX-RELIEF-FIRST-ONLY under HX-RELIEF (revised): the second attack naming a release is refused whole."""
    sit = fight("H1", "H2", "H3", "N1", pairs=[("H1", "N1"), ("H2", "N1")], H3={"ap": 3})
    sit = effects.after(sit, act(sit, "attack", "H3", "N1"))
    ap_before = sit.turns["H3"].ap_left
    refused = act(sit, "attack", "H3", "N1", seed=HIT, release="H2")
    assert not refused.ok and refused.rule == "HX-RELIEF-FIRST-ONLY"
    after = effects.after(sit, refused)
    assert after.turns["H3"].ap_left == ap_before and pairs(after) == pairs(sit)
    assert after.creatures["N1"].hp == sit.creatures["N1"].hp


def test_hx_npc_tactics_the_relieved_npc_may_be_any_npc_the_actor_must_lead():
    """HX-NPC-TACTICS (revised): a leader relieves an ordinary NPC; an ordinary NPC relieves nobody."""
    sit = fight("H1", "N1", "L2", "L3", pairs=[("H1", "L3")])
    refused = act(sit, "attack", "N1", "H1", release="L3")
    assert not refused.ok and refused.rule == "HX-NPC-TACTICS"
    ok = act(sit, "attack", "L2", "H1", release="L3")
    assert ok.ok and "HX-NPC-TACTICS" in ok.rules
    assert pairs(effects.after(sit, ok)) == {("H1", "L2")}
