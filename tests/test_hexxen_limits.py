"""How many opponents one participant can hold, what the size limits count (HX-LIMIT-SCOPE), Leibgarde."""

from __future__ import annotations

from test_hexxen_helpers import act, fight, pairs

from rules import effects, hexxen
from rules.hexxen.limits import HUNTER_CAPACITY, NPC_WEIGHT, attack_limit_problem, pair_limit_problem


def hunters(n: int, start: int = 1) -> list[str]:
    """Hunter ids H<start> … for n hunters."""
    return [f"H{i}" for i in range(start, start + n)]


def test_hx_max_hunters_on_npc_four_hunters_fit_a_fifth_front_attack_is_refused():
    four = hunters(4)
    sit = fight(*four, "H5", "N1", pairs=[(h, "N1") for h in four])
    refused = act(sit, "attack", "H5", "N1")
    assert not refused.ok and refused.rule == "HX-MAX-HUNTERS-ON-NPC"
    three = fight(*hunters(3), "H4", "N1", pairs=[(h, "N1") for h in hunters(3)])
    assert act(three, "attack", "H4", "N1").ok


def test_hx_max_npcs_on_hunter_four_man_sized_npcs_fit_a_fifth_is_refused():
    npcs = [f"N{i}" for i in range(1, 5)]
    sit = fight("H1", *npcs, "N5", pairs=[("H1", n) for n in npcs])
    refused = act(sit, "attack", "N5", "H1")
    assert not refused.ok and refused.rule == "HX-MAX-NPCS-ON-HUNTER"


def test_hx_max_tiny_on_hunter_six_tiny_fit_a_seventh_is_refused():
    tiny = [f"T{i}" for i in range(1, 7)]
    sit = fight("H1", *tiny, "T7")
    for t in tiny:
        ruling = act(sit, "attack", t, "H1")
        assert ruling.ok, t
        sit = effects.after(sit, ruling)
    refused = act(sit, "attack", "T7", "H1")
    assert not refused.ok and refused.rule == "HX-MAX-TINY-ON-HUNTER"


def test_hx_max_hunters_on_huge_six_hunters_fit_a_seventh_is_refused():
    six = hunters(6)
    sit = fight(*six, "H7", "R1", pairs=[(h, "R1") for h in six])
    refused = act(sit, "attack", "H7", "R1")
    assert not refused.ok and refused.rule == "HX-MAX-HUNTERS-ON-HUGE"


def test_hx_max_hunters_on_tiny_two_hunters_fit_a_third_is_refused():
    sit = fight("H1", "H2", "H3", "T1", pairs=[("H1", "T1")])
    assert act(sit, "attack", "H2", "T1").ok
    full = fight("H1", "H2", "H3", "T1", pairs=[("H1", "T1"), ("H2", "T1")])
    refused = act(full, "attack", "H3", "T1")
    assert not refused.ok and refused.rule == "HX-MAX-HUNTERS-ON-TINY"


def test_hx_max_huge_on_hunter_two_huge_fit_a_third_is_refused():
    sit = fight("H1", "R1", "R2", "R3", pairs=[("H1", "R1"), ("H1", "R2")])
    refused = act(sit, "attack", "R3", "H1")
    assert not refused.ok and refused.rule == "HX-MAX-HUGE-ON-HUNTER"


def test_hx_max_mixed_weights_reproduce_every_stated_limit():
    assert NPC_WEIGHT["tiny"] * 6 == NPC_WEIGHT["medium"] * 4 == NPC_WEIGHT["huge"] * 2 == HUNTER_CAPACITY


def test_hx_max_mixed_a_hunter_full_with_mixed_sizes_refuses_one_more():
    sit = fight("H1", "R1", "N1", "N2", "N3", "T1", pairs=[("H1", "R1"), ("H1", "N1"), ("H1", "N2")])
    for npc in ("N3", "T1"):
        refused = act(sit, "attack", npc, "H1")
        assert not refused.ok and refused.rule == "HX-MAX-MIXED"
    room = fight("H1", "R1", "N1", "T1", pairs=[("H1", "R1"), ("H1", "N1")])
    assert act(room, "attack", "T1", "H1").ok, "6 + 3 + 2 = 11 fits"


def test_hx_limit_scope_binding_limits_never_refuse_a_sneak_attack():
    four = hunters(4)
    sit = fight(*four, "H5", "N1", pairs=[(h, "N1") for h in four])
    ruling = act(sit, "sneak_attack", "H5", "N1")
    assert ruling.ok and "HX-LIMIT-SCOPE" in ruling.rules
    assert effects.after(sit, ruling).bindings == sit.bindings


def test_hx_limit_scope_attack_worded_limits_refuse_a_sneak_attack_too():
    tiny_full = fight("H1", "H2", "H3", "T1", pairs=[("H1", "T1"), ("H2", "T1")])
    refused = act(tiny_full, "sneak_attack", "H3", "T1")
    assert not refused.ok and refused.rule == "HX-MAX-HUNTERS-ON-TINY"
    assert "HX-LIMIT-SCOPE" in refused.message
    huge_full = fight(*hunters(6), "H7", "R1", pairs=[(h, "R1") for h in hunters(6)])
    assert act(huge_full, "sneak_attack", "H7", "R1").rule == "HX-MAX-HUNTERS-ON-HUGE"


def test_hx_limit_scope_npc_sneak_attacks_count_against_the_tiny_and_huge_limits():
    two_huge = fight("H1", "R1", "R2", "R3", pairs=[("H1", "R1"), ("H1", "R2")], R3={"powers": ("sneak_attack",)})
    assert act(two_huge, "sneak_attack", "R3", "H1").rule == "HX-MAX-HUGE-ON-HUNTER"
    tiny = [f"T{i}" for i in range(1, 7)]
    six = fight("H1", *tiny, "T7", pairs=[("H1", t) for t in tiny], T7={"powers": ("sneak_attack",)})
    assert act(six, "sneak_attack", "T7", "H1").rule == "HX-MAX-TINY-ON-HUNTER"
    assert attack_limit_problem(six, six.bindings, "T1", "H1") is None, "a partner already counted is no extra"


def test_hx_limit_scope_limits_are_checked_after_the_attacks_own_relief_or_cut_in():
    four = hunters(4)
    sit = fight(*four, "H5", "N1", pairs=[(h, "N1") for h in four])
    relief = act(sit, "attack", "H5", "N1", release="H1")
    assert relief.ok
    assert pairs(effects.after(sit, relief)) == {("H2", "N1"), ("H3", "N1"), ("H4", "N1"), ("H5", "N1")}
    cut = act(sit, "attack", "H5", "N1", tactic="cut_in", release="H2")
    assert cut.ok and ("H2", "N1") not in pairs(effects.after(sit, cut))


def test_hx_limit_scope_a_refused_attack_rolls_nothing_and_changes_nothing():
    sit = fight("H1", "R1", "R2", "R3", pairs=[("H1", "R1"), ("H1", "R2")])
    refused = act(sit, "attack", "R3", "H1")
    assert not refused.ok
    assert effects.after(sit, refused) == sit


def test_hx_leibgarde_a_hunter_drawing_enemies_ignores_every_limit():
    sit = fight("H1", "N1", "N2", "N3", "R1", "R2", H1={"powers": ("leibgarde",)})
    for npc in ("N1", "N2", "N3", "R1", "R2"):
        ruling = act(sit, "attack", npc, "H1")
        assert ruling.ok, npc
        sit = effects.after(sit, ruling)
    assert hexxen.bound_to(sit, "H1") == ["N1", "N2", "N3", "R1", "R2"]
    assert pair_limit_problem(sit, sit.bindings, "H1", "R2") is None


def test_hx_leibgarde_without_the_power_the_same_fourth_enemy_is_refused():
    sit = fight("H1", "N1", "N2", "N3", "R1", pairs=[("H1", "N1"), ("H1", "N2"), ("H1", "N3")])
    assert act(sit, "attack", "R1", "H1").rule == "HX-MAX-MIXED"
