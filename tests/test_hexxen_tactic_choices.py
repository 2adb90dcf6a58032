"""Which hexxen tactics a unit can choose now, and why not (rules.hexxen.tactic_choices: the panel's tactic buttons)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_hexxen_helpers import act, fight

from rules import effects
from rules.hexxen import CHOSEN_TACTICS, TurnState, can_attack, tactic_choices
from rules.hexxen.participants import opposed
from rules.hexxen.tactics import release_choices


def test_with_nobody_held_only_the_front_attack_is_open_and_the_others_say_so_for_the_whole_fight():
    sit = fight("H1", "H2", "N1", "N2")
    choices = tactic_choices(sit, "H2")
    assert list(choices) == list(CHOSEN_TACTICS)
    assert choices["front"] is None
    relief, cut = choices["relieve"], choices["cut_in"]
    assert relief is not None and relief.rule == "HX-RELIEF" and relief.reason == "hx_tactics.relief_nowhere"
    assert cut is not None and cut.rule == "HX-CUTIN" and cut.reason == "hx_tactics.cutin_nowhere"


def test_hx_relief_and_hx_cutin_open_once_a_comrade_holds_an_enemy():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1")])
    assert tactic_choices(sit, "H2") == dict.fromkeys(CHOSEN_TACTICS)


def test_hx_relief_with_two_comrades_on_the_enemy_is_open_because_either_may_be_named():
    sit = fight("H1", "H2", "H3", "N1", pairs=[("H1", "N1"), ("H2", "N1")])
    assert can_attack(sit, "H3", "N1", "relieve") is not None  # "which one?" without a name
    assert tactic_choices(sit, "H3")["relieve"] is None


def test_hx_relief_a_comrade_bound_to_two_enemies_can_be_cut_out_but_not_relieved():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H1", "N2")])
    choices = tactic_choices(sit, "H2")
    relief = choices["relieve"]
    assert relief is not None and relief.rule == "HX-RELIEF" and relief.reason == "hx.relief_bound_elsewhere"
    assert choices["cut_in"] is None


def test_hx_relief_first_only_after_the_first_melee_attack_the_relief_closes():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H2", "N1")], turns={"H2": TurnState(ap_left=3)})
    assert tactic_choices(sit, "H2")["relieve"] is None  # HX-RELIEF-LATER: bound to N1 itself, it frees H1
    after = effects.after(sit, act(sit, "attack", "H2", "N1"))
    relief = tactic_choices(after, "H2")["relieve"]
    assert relief is not None and relief.rule == "HX-RELIEF-FIRST-ONLY"


def test_hx_cutin_a_bound_unit_cannot_cut_in_and_is_told_so():
    sit = fight("H1", "H2", "N1", "N2", pairs=[("H1", "N1"), ("H2", "N1")])
    cut = tactic_choices(sit, "H2")["cut_in"]
    assert cut is not None and cut.rule == "HX-CUTIN" and cut.reason == "hx.cutin_bound"


def test_hx_npc_tactics_a_plain_npc_is_refused_relief_and_cut_in_by_that_rule():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N1")])
    choices = tactic_choices(sit, "N2")
    assert choices["front"] is None
    for tactic in ("relieve", "cut_in"):
        problem = choices[tactic]
        assert problem is not None and problem.rule == "HX-NPC-TACTICS"


def test_gb_hexxen_ap_with_no_action_points_left_no_tactic_is_open():
    sit = fight("H1", "H2", "N1", pairs=[("H1", "N1")], turns={"H2": TurnState(ap_left=0)})
    for problem in tactic_choices(sit, "H2").values():
        assert problem is not None and problem.rule == "GB-HEXXEN-AP"


NAMES = ("H1", "H2", "H3", "N1", "N2", "L1")


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.tuples(st.sampled_from(("H1", "H2", "H3")), st.sampled_from(("N1", "N2", "L1"))), max_size=5),
    st.sampled_from(("H2", "H3", "L1", "N2")),
    st.integers(0, 3),
)
def test_a_tactic_is_open_exactly_when_some_enemy_and_release_make_the_attack_legal(
    held: set[tuple[str, str]], who: str, ap: int
) -> None:
    """The buttons never disagree with the ruling a tap then gets: open ⇔ some (enemy, release) is allowed."""
    sit = fight(*NAMES, pairs=held, turns={who: TurnState(ap_left=ap)})
    me = sit.creature(who)
    foes = [u for u, c in sit.creatures.items() if opposed(me, c)]
    for tactic, problem in tactic_choices(sit, who).items():
        legal = any(
            can_attack(sit, who, foe, tactic, release) is None
            for foe in foes
            for release in (None, *release_choices(sit, who, foe, tactic))
        )
        assert (problem is None) == legal, (tactic, held, who, problem)
