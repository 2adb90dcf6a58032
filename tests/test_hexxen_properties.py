"""Property tests: random fights and random action sequences keep the binding graph sound.

Invariants checked after every action: pairs are symmetric hunter–NPC pairs (HX-STATES,
HX-BIND-ON-ATTACK), no mounted (HX-MOUNTED) or defeated (HX-BIND-END) participant is in
one, the size limits (HX-MAX-MIXED and kin) hold unless a Leibgarde power is involved (HX-LEIBGARDE), and a
refused action rolls no die and changes nothing (HX-LIMIT-SCOPE: refused before the roll).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hexxen_helpers import BOARD, spread

from rules import effects, hexxen
from rules.actions import Action
from rules.core import Creature, Situation, Size
from rules.hexxen.limits import HUNTER_CAPACITY, HUNTERS_ON_NPC, NPC_WEIGHT
from rules.hexxen.participants import draws_enemies, is_hunter, size_class
from tests.units import hexxen_unit

SIZES = (Size.TINY, Size.MEDIUM, Size.HUGE)


@st.composite
def participants(draw: st.DrawFn) -> Situation:
    """A random hexxen fight: 1–5 hunters against 1–7 NPCs of mixed sizes, roles and powers."""
    creatures: dict[str, Creature] = {}
    n_hunters = draw(st.integers(1, 5))
    n_npcs = draw(st.integers(1, 7))
    for i in range(n_hunters + n_npcs):
        hunter = i < n_hunters
        uid = f"H{i}" if hunter else f"N{i}"
        powers: tuple[str, ...] = ()
        if draw(st.integers(0, 9)) == 0:
            powers = ("leibgarde",) if hunter else ("sneak_attack",)
        creatures[uid] = hexxen_unit(
            uid,
            "hunters" if hunter else "npcs",
            spread(i),
            size=Size.MEDIUM if hunter else draw(st.sampled_from(SIZES)),
            role="hunter" if hunter else draw(st.sampled_from(("npc", "npc", "leader"))),
            mounted=draw(st.integers(0, 7)) == 0,
            powers=powers,
            ap=draw(st.one_of(st.none(), st.integers(0, 3))),
            hp=draw(st.integers(1, 40)),
            defense=draw(st.integers(5, 15)),
            attack=draw(st.integers(0, 5)),
        )
    return Situation(ruleset="hexxen", board=BOARD, creatures=creatures)


steps = st.lists(
    st.tuples(
        st.sampled_from(("attack", "attack", "attack", "engage", "sneak_attack", "move", "new_round")),
        st.integers(0, 11),
        st.integers(0, 11),
        st.sampled_from(("front", "front", "relieve", "cut_in")),
        st.one_of(st.none(), st.integers(0, 11)),
        st.integers(0, 2**16),
    ),
    min_size=1,
    max_size=40,
)


def check_graph(sit: Situation) -> None:
    """Every invariant of the binding graph."""
    for p in sit.bindings:
        assert len(p) == 2
        a, b = (sit.creature(u) for u in sorted(p))
        assert is_hunter(a) != is_hunter(b), "HX-BIND-ON-ATTACK pairs a hunter with an NPC"
        assert not hexxen.traits(a).mounted and not hexxen.traits(b).mounted, "HX-MOUNTED"
        assert not a.defeated and not b.defeated, "HX-BIND-END"
    for uid in sit.creatures:
        for other in hexxen.bound_to(sit, uid):
            assert uid in hexxen.bound_to(sit, other), "HX-STATES: bindings are mutual"
    for uid, c in sit.creatures.items():
        if draws_enemies(c):
            continue
        partners = [sit.creature(u) for u in hexxen.bound_to(sit, uid) if not draws_enemies(sit.creature(u))]
        if is_hunter(c):
            assert sum(NPC_WEIGHT[size_class(n)] for n in partners) <= HUNTER_CAPACITY, "HX-MAX-MIXED"
        else:
            assert len(partners) <= HUNTERS_ON_NPC[size_class(c)][0], "HX-MAX-HUNTERS-ON-NPC, -ON-TINY, -ON-HUGE"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(participants(), steps)
def test_random_action_sequences_keep_the_binding_graph_sound(sit: Situation, plan):
    ids = sorted(sit.creatures)
    for kind, who, target, tactic, release, seed in plan:
        if kind == "new_round":
            sit = Situation(ruleset="hexxen", board=sit.board, creatures=sit.creatures, bindings=sit.bindings)
            continue
        actor = ids[who % len(ids)]
        # mostly aim at opponents so that bindings pile up; sometimes at anyone, to test refusals
        foes = [u for u in ids if is_hunter(sit.creature(u)) != is_hunter(sit.creature(actor))]
        aim = ids[target % len(ids)] if target >= 10 else foes[target % len(foes)]
        action = Action(
            kind,
            unit=actor,
            target=aim,
            tactic=tactic,
            release=None if release is None else ids[release % len(ids)],
        )
        rng = random.Random(seed)
        before_rng = rng.getstate()
        result = hexxen.rule(sit, action, rng)
        if not result.ok:
            assert rng.getstate() == before_rng, "a refused action rolls no die"
            assert result.rule.startswith(("HX-", "GB-HEXXEN-"))
            continue
        new = effects.after(sit, result)
        moved = {e.unit for e in result.effects if e.kind == "place"}
        assert not any(hexxen.traits(sit.creature(u)).mounted for u in moved), "HX-MOUNTED tokens never move"
        damaged = {e.unit for e in result.effects if e.kind == "damage"}
        assert damaged <= {action.target}
        assert new.turns[action.unit].ap_left == hexxen.actions.current_turn(sit, action.unit).ap_left - 1
        if kind == "sneak_attack":
            assert new.bindings <= sit.bindings, "HX-SNEAK creates no pair"
            assert not hexxen.is_bound(new, action.unit)
        check_graph(new)
        sit = new


@settings(max_examples=60, deadline=None)
@given(participants(), st.integers(0, 2**16))
def test_every_reach_entry_is_an_enemy_that_can_be_engaged_or_sneak_attacked_now(sit: Situation, seed):
    for uid in sorted(sit.creatures):
        for entry in hexxen.reachable(sit, uid):
            assert entry.band == "engage" and entry.cost == 0
            assert entry.at == sit.creature(entry.target).at
            engage = hexxen.rule(sit, Action("engage", unit=uid, target=entry.target), random.Random(seed))
            sneak = hexxen.rule(sit, Action("sneak_attack", unit=uid, target=entry.target), random.Random(seed))
            assert engage.ok or sneak.ok
        attack_ok = hexxen.available(sit, uid)["attack"] is None
        any_target = any(hexxen.can_attack(sit, uid, other) is None for other in sit.creatures if other != uid)
        assert attack_ok == any_target
