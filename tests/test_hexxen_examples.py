"""The hexxen worked examples (W37–W51, W53), one test each."""

from __future__ import annotations

from dataclasses import replace

from test_hexxen_helpers import HIT, MISS, act, fight, pairs

from rules import effects, hexxen
from rules.core import Situation
from rules.hexxen import TurnState, is_bound, setup_problems


def bound_all(sit: Situation, attackers: list[str], target: str) -> Situation:
    """Each attacker in turn attacks `target` (a miss), every attack must be legal."""
    for who in attackers:
        ruling = act(sit, "attack", who, target)
        assert ruling.ok, (who, ruling)
        sit = effects.after(sit, ruling)
    return sit


def test_w37_touching_start_is_invalid_then_a_missed_engage_binds_both():
    bad = fight("H1", "N1", H1={"at": (2, 2)}, N1={"at": (3, 3)})
    assert [p.rule for p in setup_problems(bad)] == ["HX-START-APART"]
    sit = fight("H1", "N1", H1={"at": (2, 2)}, N1={"at": (6, 6)})
    assert setup_problems(sit) == [] and sit.bindings == frozenset()
    ruling = act(sit, "engage", "H1", "N1", seed=MISS)
    assert ruling.ok and any(e.kind == "miss" for e in ruling.events)
    assert "HX-ENGAGE" in ruling.rules and "HX-BIND-ON-ATTACK" in ruling.rules
    new = effects.after(sit, ruling)
    assert pairs(new) == {("H1", "N1")}
    assert is_bound(new, "H1") and is_bound(new, "N1")


def test_w38_bound_hunter_cannot_engage_a_free_npc_but_attacks_its_partner():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")])
    refused = act(sit, "engage", "H1", "N2")
    assert not refused.ok and refused.rule == "HX-BOUND-NO-MOVE"
    assert act(sit, "attack", "H1", "N1").ok


def test_w39_sneak_attack_on_a_held_npc_but_not_on_a_free_one():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1")])
    sneak = act(sit, "sneak_attack", "H2", "N1")
    assert sneak.ok and "HX-SNEAK" in sneak.rules
    assert any("+ 2 =" in e.detail for e in sneak.events if e.kind in ("hit", "miss"))
    assert effects.after(sit, sneak).bindings == sit.bindings
    refused = act(sit, "sneak_attack", "H2", "N2")
    assert not refused.ok and refused.rule == "HX-SNEAK-REQ"
    normal = act(sit, "attack", "H2", "N2")
    assert pairs(effects.after(sit, normal)) == {("H1", "N1"), ("H2", "N2")}


def test_w40_relief_frees_h1_and_binds_h2():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")])
    new = effects.after(sit, act(sit, "attack", "H2", "N1", release="H1"))
    assert pairs(new) == {("H2", "N1")}
    assert not is_bound(new, "H1")


def test_w41_three_front_attacks_allow_only_one_release():
    sit = fight("H1", "H2", "H3", "N1", pairs=[("H1", "N1"), ("H2", "N1")], H3={"ap": 3})
    sit = effects.after(sit, act(sit, "attack", "H3", "N1", release="H1"))
    second = act(sit, "attack", "H3", "N1", release="H2")
    assert not second.ok and second.rule == "HX-RELIEF-FIRST-ONLY"
    for _ in range(2):
        ruling = act(sit, "attack", "H3", "N1")
        assert ruling.ok
        sit = effects.after(sit, ruling)
    assert pairs(sit) == {("H2", "N1"), ("H3", "N1")}
    assert not is_bound(sit, "H1")
    assert sit.turns["H3"].ap_left == 0


def test_w42_relief_in_round_two_then_the_freed_hunter_engages_at_no_ap():
    sit = fight("H2", "H3", "N1", "N2", pairs=[("H2", "N1"), ("H3", "N1")])
    sit = replace(sit, round=2)
    ruling = act(sit, "attack", "H2", "N1", release="H3")
    assert "HX-RELIEF-LATER" in ruling.rules
    sit = effects.after(sit, ruling)
    assert pairs(sit) == {("H2", "N1")}
    engage = act(sit, "engage", "H3", "N2")
    assert engage.ok and engage.cost == 0
    (turn,) = [e.value for e in engage.effects if e.kind == "turn"]
    assert turn.ap_left == 2, "only the attack costs AP, the move to N2 costs none"
    assert pairs(effects.after(sit, engage)) == {("H2", "N1"), ("H3", "N2")}


def test_w43_cut_in_with_a_fist_takes_over_one_binding_and_relief_is_not_available():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")], H2={"damage": "1"})
    cut = act(sit, "attack", "H2", "N2", tactic="cut_in", release="H1")
    new = effects.after(sit, cut)
    assert pairs(new) == {("H1", "N1"), ("H2", "N2")}
    assert is_bound(new, "H1")
    relief = act(sit, "attack", "H2", "N2", tactic="relieve", release="H1")
    assert not relief.ok and relief.rule == "HX-RELIEF"


def test_w44_fifth_hunter_on_a_man_sized_npc():
    four = ["H1", "H2", "H3", "H4"]
    sit = fight(*four, "H5", "N1", pairs=[(h, "N1") for h in four])
    refused = act(sit, "attack", "H5", "N1")
    assert not refused.ok and refused.rule == "HX-MAX-HUNTERS-ON-NPC"
    assert act(sit, "sneak_attack", "H5", "N1").ok
    relief = act(sit, "attack", "H5", "N1", release="H1")
    assert pairs(effects.after(sit, relief)) == {(h, "N1") for h in ["H2", "H3", "H4", "H5"]}


def test_w45_third_huge_creature_on_a_hunter_is_refused():
    sit = fight("H1", "R1", "R2", "R3", pairs=[("H1", "R1"), ("H1", "R2")])
    refused = act(sit, "attack", "R3", "H1")
    assert not refused.ok and refused.rule == "HX-MAX-HUGE-ON-HUNTER"


def test_w46_tiny_and_huge_limits():
    tiny = [f"T{i}" for i in range(1, 8)]
    sit = fight("H1", *tiny)
    for t in tiny[:6]:
        sit = effects.after(sit, act(sit, "attack", t, "H1"))
    assert len(hexxen.bound_to(sit, "H1")) == 6
    assert act(sit, "attack", "T7", "H1").rule == "HX-MAX-TINY-ON-HUNTER"

    on_tiny = fight("H1", "H2", "H3", "T1", pairs=[("H1", "T1"), ("H2", "T1")])
    assert act(on_tiny, "attack", "H3", "T1").rule == "HX-MAX-HUNTERS-ON-TINY"
    assert act(on_tiny, "sneak_attack", "H3", "T1").rule == "HX-MAX-HUNTERS-ON-TINY"

    six = [f"H{i}" for i in range(1, 7)]
    on_huge = bound_all(fight(*six, "H7", "R1"), six, "R1")
    assert len(hexxen.bound_to(on_huge, "R1")) == 6
    assert act(on_huge, "attack", "H7", "R1").rule == "HX-MAX-HUNTERS-ON-HUGE"


def test_w47_mixed_sizes_fill_a_hunter_at_twelve():
    h1 = fight("H1", "R1", "N1", "N2", "N3", pairs=[("H1", "R1"), ("H1", "N1"), ("H1", "N2")])
    assert act(h1, "attack", "N3", "H1").rule == "HX-MAX-MIXED"
    h2_pairs = [("H2", n) for n in ("N1", "N2", "T1", "T2", "T3")]
    h2 = fight("H2", "N1", "N2", "T1", "T2", "T3", "T4", pairs=h2_pairs)
    assert act(h2, "attack", "T4", "H2").rule == "HX-MAX-MIXED"


def test_w48_leibgarde_holds_more_than_twelve():
    sit = fight("H1", "N1", "N2", "N3", "R1", H1={"powers": ("leibgarde",)})
    for npc in ("N1", "N2", "N3", "R1"):
        ruling = act(sit, "attack", npc, "H1")
        assert ruling.ok and "HX-BIND-ON-ATTACK" in ruling.rules
        sit = effects.after(sit, ruling)
    assert hexxen.bound_to(sit, "H1") == ["N1", "N2", "N3", "R1"]


def test_w49_mounted_npc_no_pair_either_way_and_its_token_stays():
    sit = fight("H1", "M1", M1={"mounted": True})
    start = sit.creature("M1").at
    for who, target in (("M1", "H1"), ("H1", "M1")):
        ruling = act(sit, "attack", who, target)
        assert ruling.ok and "HX-MOUNTED" in ruling.rules
        new = effects.after(sit, ruling)
        assert new.bindings == frozenset()
        assert not is_bound(new, "H1") and not is_bound(new, "M1")
        assert new.creature("M1").at == start


def test_w50_next_enemy_after_a_defeat_and_the_still_bound_variant():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")], N1={"hp": 1})
    sit = effects.after(sit, act(sit, "attack", "H1", "N1", seed=HIT))
    assert sit.creature("N1").defeated and not is_bound(sit, "H1")
    engage = act(sit, "engage", "H1", "N2")
    assert engage.ok and engage.cost == 0
    assert pairs(effects.after(sit, engage)) == {("H1", "N2")}

    variant = fight("H1", "N1", "N2", "N3", pairs=[("H1", "N1"), ("H1", "N2")], N1={"hp": 1})
    variant = effects.after(variant, act(variant, "attack", "H1", "N1", seed=HIT))
    assert pairs(variant) == {("H1", "N2")}
    refused = act(variant, "engage", "H1", "N3")
    assert not refused.ok and refused.rule == "HX-BOUND-NO-MOVE"


def test_w51_npc_sneak_refused_normal_attack_binds_leader_cuts_in():
    sit = fight("H1", "N1", "N2", "L3", pairs=[("H1", "N1")])
    refused = act(sit, "sneak_attack", "N2", "H1")
    assert not refused.ok and refused.rule == "HX-NPC-NO-SNEAK"
    sit = effects.after(sit, act(sit, "attack", "N2", "H1"))
    assert pairs(sit) == {("H1", "N1"), ("H1", "N2")}
    cut = act(sit, "attack", "L3", "H1", tactic="cut_in", release="N2")
    assert cut.ok and "HX-NPC-TACTICS" in cut.rules
    sit = effects.after(sit, cut)
    assert pairs(sit) == {("H1", "N1"), ("H1", "L3")}
    assert not is_bound(sit, "N2")


def test_w53_no_sneak_attack_while_bound_but_a_free_comrade_may():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], turns={"H2": TurnState(ap_left=1)})
    refused = act(sit, "sneak_attack", "H1", "N1")
    assert not refused.ok and refused.rule == "HX-SNEAK-REQ"
    sneak = act(sit, "sneak_attack", "H2", "N1")
    assert sneak.ok and "HX-SNEAK-REQ" in sneak.rules
    assert not is_bound(effects.after(sit, sneak), "H2")


def test_w63_a_leader_relieves_an_ordinary_npc_but_an_ordinary_npc_cannot():
    """W63 (HX-NPC-TACTICS, HX-RELIEF): the acting NPC needs leader tactics, the relieved one need not."""
    sit = fight("H1", "N1", "L", "N2", pairs=[("H1", "N1")])
    relief = act(sit, "attack", "L", "H1", release="N1")
    assert relief.ok and {"HX-NPC-TACTICS", "HX-RELIEF"} <= set(relief.rules)
    after = effects.after(sit, relief)
    assert pairs(after) == {("H1", "L")}
    assert not is_bound(after, "N1")
    plain = act(sit, "attack", "N2", "H1")
    assert plain.ok
    assert pairs(effects.after(sit, plain)) == {("H1", "N1"), ("H1", "N2")}
    refused = act(sit, "attack", "N2", "H1", release="N1")
    assert not refused.ok and refused.rule == "HX-NPC-TACTICS"
    assert effects.after(sit, refused) == sit, "a refused attack changes nothing"
