"""The hard player's HeXXen tie-up plans: the comrades engage the free enemies first (game/ai/hexxen_ties.py)."""

from __future__ import annotations

import random

import pytest

from game.ai import hexxen_order, hexxen_ties, snapshot
from game.ai import search as hard
from game.ai.normal import normal_options
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from rules.core import Effect
from tests.test_ai_tactics import level, unit

TILES = ["." * 10 for _ in range(6)]


def _match(units: list[str], effects: list[Effect], turns: str = "sides", ruleset: str = "hexxen") -> Match:
    """An inline level (side a first), with the effects applied."""
    match = Match(parse_level(level(ruleset, TILES, units, f'turns = "{turns}"'), "<ties>"), 1)
    match.apply(effects)
    return match


def _mire(guard_hp: int = 20, turns: str = "sides") -> hard.Snapshot:
    """The mire's turn: a poacher and a farmhand free, the wounded beast held by the bodyguard, two hunters free (the
    stronger one, h2, deals more per round)."""
    units = [
        unit("poacher", "a", (6, 1), role="npc", ap=1, powers=["sneak_attack"], hp=18),
        unit("knecht", "a", (6, 3), role="npc", ap=1, hp=18, defense=11, attack=4, damage="1d6+2"),
        unit("beast", "a", (6, 5), role="npc", size="huge", ap=2, hp=12, defense=14, attack=8, damage="2d10+4"),
        unit("guard", "b", (0, 0), role="hunter", hp=20, defense=15, damage="1d2", powers=["leibgarde"]),
        unit("h1", "b", (0, 3), role="hunter", hp=16, defense=13, damage="1d10+3"),
        unit("h2", "b", (0, 5), role="hunter", hp=16, defense=13, damage="1d10+3", attack=6),
    ]
    effects = [Effect("bind", "guard", other="beast"), Effect("set", "guard", key="hp", value=guard_hp)]
    return snapshot(_match(units, effects, turns))


def test_a_free_unit_ties_up_the_most_dangerous_free_enemy() -> None:
    """The normal script sneak-attacks the bodyguard who holds the beast (HX-SNEAK); in a tie-up plan the poacher
    engages the free hunter who deals the most instead (HX-ENGAGE, HX-BIND-ON-ATTACK), so that he strikes only the
    poacher next round (HX-BOUND-NO-MOVE)."""
    snap = _mire()
    assert normal_options(snap, "poacher", random.Random(0))[0] == Action("sneak_attack", "poacher", target="guard")
    assert hexxen_ties.tie_options(snap, "poacher", random.Random(0))[0] == Action("attack", "poacher", target="h2")
    assert [c.id for c in hexxen_ties.loose(snap, "poacher")] == ["h2", "h1"]


def test_a_blow_likely_to_fell_its_enemy_is_kept() -> None:
    """A fall frees more than a tie-up holds: when the script's blow is likely to fell its enemy (the bodyguard at
    3 hit points), the tie-up plan keeps it."""
    snap = _mire(guard_hp=3)
    assert hexxen_ties.tie_options(snap, "poacher", random.Random(0)) == normal_options(
        snap, "poacher", random.Random(0)
    )


def test_tie_up_plans_are_weighed_only_in_hexxen_by_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off as shipped; on, a decision of the mire weighs the poacher's own tie-up and the script's strike with the
    comrades tying up; by initiative (every unit's turn is played once anyway) and outside HeXXen never."""
    snap = _mire()
    portfolio = hard.first_actions(snap, "poacher", normal_options(snap, "poacher", random.Random(0))[0])
    assert hexxen_ties.TIE_PLANS == 0
    assert all(focus != hexxen_ties.TIE for _, focus, _ in hard._plans(snap, "poacher", portfolio))
    monkeypatch.setattr(hexxen_ties, "TIE_PLANS", 2)
    monkeypatch.setattr(hexxen_order, "HEXXEN_ORDER", False)  # the level's order: the poacher's comrades act after it
    ties = [a for a, focus, _ in hard._plans(snap, "poacher", portfolio) if focus == hexxen_ties.TIE]
    assert ties == [Action("attack", "poacher", target="h2"), Action("sneak_attack", "poacher", target="guard")]
    assert not hexxen_ties.applies(_mire(turns="initiative"), "poacher", ["knecht"])
    pf1 = snapshot(
        _match(
            [unit("me", "a", (1, 1), speed=9), unit("ally", "a", (1, 3), speed=9), unit("foe", "b", (4, 1), speed=9)],
            [],
            ruleset="pf1",
        )
    )
    assert not hexxen_ties.applies(pf1, "me", ["ally"])
