"""The AI's cheaper reads of a situation, against the plain computations they replace.

`Ctx.foes` (one list sorted in place) must be the sorted generator it replaces, pf1's fresh
turn state (one shared object) a new `TurnState()`; `state_key`
(the creatures' hashes remembered per creature object) must hold the plain key's value and
tell states apart exactly as the plain keys do, for situations made of equal but distinct
creatures too (equal keys are hashed alike).
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

import rules.pf1 as pf1
from game.ai.context import Ctx
from game.battle import reach_cache
from rules.core import Situation
from rules.pf1.turn import TurnState
from tests.test_pf1_fast_reach import situations


def plain_key(sit: Situation) -> reach_cache.StateKey:
    """The state key as it was made before: the whole value hashed at once (the creatures and turn states, in the
    situation's order, as their ids and their objects)."""
    value = (
        sit.ruleset,
        id(sit.board),
        id(sit.options),
        (tuple(sit.creatures), tuple(sit.creatures.values())),
        (tuple(sit.turns), tuple(sit.turns.values())),
        sit.bindings,
        sit.round,
        sit.active_side,
    )
    return reach_cache.StateKey(value)


@settings(max_examples=100, deadline=None)
@given(case=situations(), data=st.data())
def test_foes_and_state_keys_are_the_plain_ones(case, data):
    sit, layouts = case
    for unit in sit.creatures:
        ctx = Ctx(sit, pf1, unit, random.Random(0))  # type: ignore[arg-type]
        me = sit.creature(unit)
        plain = sorted((c for c in sit.creatures.values() if c.side != me.side and not c.defeated), key=lambda c: c.id)
        assert ctx.foes() == plain
        assert pf1.new_turn(sit, unit) == TurnState()  # one shared fresh state: equal to a new one
    reach_cache.clear()
    others = [replace(sit, creatures=creatures) for creatures in layouts]
    # a twin of equal but distinct creatures, and a state one field away
    twin = replace(sit, creatures={u: replace(c) for u, c in sit.creatures.items()})
    hurt = replace(sit, creatures={**sit.creatures, "m": replace(sit.creature("m"), hp=data.draw(st.integers(0, 9)))})
    for one in [sit, twin, hurt, *others]:
        key = reach_cache.state_key(one)
        assert key.value == plain_key(one).value  # the same state (only its hash is worked out otherwise)
        ids, objects = key.value[3]
        assert dict(zip(ids, objects, strict=True)) == one.creatures  # every creature, under its id
        assert hash(key) == hash(reach_cache.state_key(replace(one)))
        for other in [sit, twin, hurt, *others]:
            assert (key == reach_cache.state_key(other)) == (plain_key(one) == plain_key(other))
    assert reach_cache.state_key(twin) == reach_cache.state_key(sit)
    assert hash(reach_cache.state_key(twin)) == hash(reach_cache.state_key(sit))
    reach_cache.clear()
