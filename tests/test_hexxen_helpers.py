"""Builders shared by the hexxen tests, and tests of the effect applier they rely on (rules.hexxen.after)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules import effects, hexxen
from rules.actions import Action
from rules.board import board_from_rows
from rules.core import Creature, Effect, Ruling, Situation, Size
from rules.dice import d20
from rules.hexxen import TurnState
from tests.units import evolved, hexxen_unit

BOARD = board_from_rows(["." * 12] * 12)
SIZES = {"H": Size.MEDIUM, "N": Size.MEDIUM, "L": Size.MEDIUM, "R": Size.HUGE, "T": Size.TINY, "M": Size.MEDIUM}


def seed_rolling(natural: int) -> int:
    """The first seed whose first d20 shows `natural` (found, not hard-coded)."""
    return next(s for s in range(10_000) if d20(random.Random(s)) == natural)


HIT = seed_rolling(20)
"""A natural 20 always hits."""
MISS = seed_rolling(1)
"""A natural 1 always misses."""


def unit(uid: str, at: tuple[int, int], **changes: object) -> Creature:
    """A participant named like the worked examples: H hunter, N man-sized NPC, L leader, R huge, T tiny."""
    kind = uid[0]
    role = {"H": "hunter", "L": "leader"}.get(kind, "npc")
    base = hexxen_unit(
        uid,
        "hunters" if role == "hunter" else "npcs",
        at,
        size=SIZES.get(kind, Size.MEDIUM),
        role=role,
        hp=20,
        max_hp=20,
        defense=10,
    )
    return evolved(base, **changes)


def spread(index: int) -> tuple[int, int]:
    """A start cell for the index-th token: every token two cells from every other (HX-START-APART)."""
    return (2 * (index % 6), 2 * (index // 6))


def fight(
    *names: str,
    pairs: Iterable[tuple[str, str]] = (),
    turns: dict[str, TurnState] | None = None,
    **changes: dict[str, object],
) -> Situation:
    """A hexxen Situation on an empty 12×12 board; `changes[uid]` overrides that unit's fields."""
    creatures = {}
    for i, uid in enumerate(names):
        extra = dict(changes.get(uid, {}))
        at = extra.pop("at", spread(i))
        creatures[uid] = unit(uid, at, **extra)  # type: ignore[arg-type]
    return Situation(
        ruleset="hexxen",
        board=BOARD,
        creatures=creatures,
        bindings=frozenset(frozenset(p) for p in pairs),
        turns=dict(turns or {}),
    )


def act(sit: Situation, kind: str, who: str, target: str | None = None, seed: int = MISS, **kw: object):
    """Rule on one action with a seeded die."""
    return hexxen.rule(sit, Action(kind, unit=who, target=target, **kw), random.Random(seed))  # type: ignore[arg-type]


def pairs(sit: Situation) -> set[tuple[str, str]]:
    """The bindings as sorted tuples, for readable assertions."""
    return {tuple(sorted(p)) for p in sit.bindings}


def test_after_applies_bind_unbind_place_set_damage_and_turn_effects():
    sit = fight("H1", "N1", "N2", pairs=[("H1", "N2")])
    ruling = Ruling(
        effects=(
            Effect("bind", "H1", other="N1"),
            Effect("unbind", "N2", other="H1"),
            Effect("place", "H1", value=((5, 5), None)),
            Effect("damage", "N1", value=25),
            Effect("set", "N1", "defeated", True),
            Effect("turn", "H1", value=TurnState(ap_left=1)),
        )
    )
    new = effects.after(sit, ruling)
    assert pairs(new) == {("H1", "N1")}
    assert new.creature("H1").at == (5, 5)
    assert new.creature("N1").hp == 0 and new.creature("N1").defeated
    assert new.turns["H1"] == TurnState(ap_left=1)
    assert pairs(sit) == {("H1", "N2")}, "the old Situation is untouched"


def test_after_an_illegal_returns_the_same_situation():
    sit = fight("H1", "N1")
    refused = act(sit, "move", "H1")
    assert not refused.ok
    assert effects.after(sit, refused) is sit


def test_seed_helpers_give_a_certain_hit_and_a_certain_miss():
    assert d20(random.Random(HIT)) == 20
    assert d20(random.Random(MISS)) == 1
