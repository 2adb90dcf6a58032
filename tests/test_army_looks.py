"""The looks at a big army made from the situation before give what a look at every unit gives.

- pf1's occupancy of a situation worked out from the newest kept index (the squares of the few creatures that
  differ looked at again) is the index built whole, lists in the situation's order;
- a state key's creature and turn-state hashes paired with the newest call's are the objects' own hashes;
- the AI's enemies standing, kept per situation and side for a big army, are the plain listing, a new list each time;
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.ai_scaling import arena
from game.ai.context import Ctx
from game.battle import reach_cache
from game.battle.match import Match
from game.levels.level import parse_level
from rules.board import board_from_rows
from rules.core import Creature, Situation, Size, Square, replaced
from rules.memo import Memo
from rules.pf1.space import MOVED_FROM, occupancy

SIZES = (Size.TINY, Size.MEDIUM, Size.MEDIUM, Size.LARGE)


def _plain_occupancy(sit: Situation) -> dict[Square, list[Creature]]:
    out: dict[Square, list[Creature]] = {}
    for c in sit.creatures.values():
        for sq in c.footprint():
            out.setdefault(sq, []).append(c)
    return out


def _army(n: int, rnd: random.Random) -> dict[str, Creature]:
    return {
        f"u{k}": Creature(
            f"u{k}", "red" if k % 2 else "blue", (rnd.randrange(10), rnd.randrange(10)), size=rnd.choice(SIZES)
        )
        for k in range(n)
    }


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.integers(0, 6), min_size=1, max_size=6))
def test_an_occupancy_worked_out_from_the_last_is_the_one_built_whole(seed: int, changes: list[int]) -> None:
    # PF1-END-OCCUPIED reads who stands where: the index a situation gets from the one before is the whole build's
    rnd = random.Random(seed)
    board = board_from_rows(["." * 12] * 12)
    sit = Situation("pf1", board, _army(MOVED_FROM + 4, rnd), memo=Memo())
    assert occupancy(sit) == _plain_occupancy(sit)
    for count in changes:
        creatures = dict(sit.creatures)
        for uid in rnd.sample(sorted(creatures), count):
            c = creatures[uid]
            creatures[uid] = c.evolve(at=(rnd.randrange(10), rnd.randrange(10)), defeated=rnd.random() < 0.2)
        sit = replaced(sit, creatures=creatures)
        assert occupancy(sit) == _plain_occupancy(sit)  # the same squares, each list in the situation's order


def test_an_occupancy_with_other_ids_or_order_is_built_whole() -> None:
    rnd = random.Random(5)
    board = board_from_rows(["." * 12] * 12)
    memo = Memo()
    first = Situation("pf1", board, _army(MOVED_FROM + 2, rnd), memo=memo)
    occupancy(first)
    reordered = Situation("pf1", board, dict(reversed(list(first.creatures.items()))), memo=memo)
    assert occupancy(reordered) == _plain_occupancy(reordered)
    fewer = Situation("pf1", board, dict(list(first.creatures.items())[1:]), memo=memo)
    assert occupancy(fewer) == _plain_occupancy(fewer)


def test_state_key_hashes_paired_with_the_last_call_are_the_objects_hashes() -> None:
    reach_cache.clear()
    rnd = random.Random(2)
    for size in (4, reach_cache.PAIRED_FROM + 8):  # a small army's read one by one, a big one's paired
        army = list(_army(size, rnd).values())
        for _ in range(30):
            k = rnd.randrange(len(army))
            army[k] = army[k].evolve(hp=rnd.randrange(1, 10))
            objects = tuple(army[: rnd.choice((len(army), len(army) - 1))])
            assert reach_cache._hashes(objects, 0) == tuple(hash(c) for c in objects)
            assert reach_cache._hashes(objects, 0) == tuple(hash(c) for c in objects)  # the very tuple again


def test_a_big_armys_enemies_standing_are_the_plain_listing_in_a_new_list() -> None:
    level = parse_level(arena(16, 34), "<bench 16v16>")
    match = Match(level, 1)
    sit = match.situation()
    ctx = Ctx(sit, match.ruleset, "red_0", random.Random(0))
    plain = sorted((c for c in sit.creatures.values() if c.side != "red" and not c.defeated), key=lambda c: c.id)
    foes = ctx.foes()
    assert foes == plain
    foes.clear()  # the caller's own list
    assert ctx.foes() == plain
    match.close()
