"""dnd5e: a wounded unit in a long reach does not walk out of it to strike another enemy (`priority.WARY`)."""

from __future__ import annotations

import random

import pytest

from game.ai import decide, dnd5e, priority, snapshot
from game.ai.context import Ctx
from game.battle.match import Match
from game.levels.level import parse_level
from rules.core import Effect
from tests.test_ai_tactics import level, unit


def _position() -> Match:
    """`me` (8 of 20 hp) stands two squares from a brute with a reach of 3 m, inside its reach and out of its own;
    an imp at 3 hp stands where a short walk reaches it, outside the brute's reach (D5-OA-LEAVE-REACH)."""
    tiles = ["." * 8 for _ in range(5)]
    units = [
        unit("me", "a", (2, 2), speed=9),
        unit("brute", "b", (4, 2), speed=9, reach=3, attack=8, damage="2d8+4"),
        unit("imp", "b", (0, 0), speed=9, hp=10),
    ]
    match = Match(parse_level(level("dnd5e", tiles, units), "<wary>"), 1)
    match.apply([Effect("set", "me", key="hp", value=8), Effect("set", "imp", key="hp", value=3)])
    return match


def _near_brute(path: tuple[tuple[int, int], ...]) -> bool:
    x, y = path[-1]
    return max(abs(x - 4), abs(y - 2)) <= 2


def test_wary_script_strikes_the_enemy_whose_reach_it_stands_in() -> None:
    """Normal's script walks to the imp and draws the brute's opportunity attack; the wary script walks up to the
    brute instead, and its walk draws none."""
    match = _position()
    sit = match.situation()
    plain = dnd5e.choose(Ctx(sit, match.ruleset, "me", random.Random(1)))
    assert plain is not None and plain.kind == "move" and not _near_brute(plain.path)
    wary = dnd5e.choose(Ctx(sit, match.ruleset, "me", random.Random(1)), wary=3.0)
    assert wary is not None and wary.kind == "move" and _near_brute(wary.path)
    result = match.perform(wary)
    assert not any(e.kind == "provokes" for e in result.events)


def test_leave_cost_counts_only_the_reach_left() -> None:
    """Staying within the brute's reach costs nothing; leaving it costs the brute's expected blow over the hp left."""
    match = _position()
    sit = match.situation()
    ctx = Ctx(sit, match.ruleset, "me", random.Random(1))
    foes = ctx.foes()
    me = ctx.me
    assert dnd5e.leave_cost(ctx, me, foes, frozenset({(3, 2)})) == 0.0
    cost = dnd5e.leave_cost(ctx, me, foes, frozenset({(1, 1)}))
    assert cost == pytest.approx(0.85 * 13 / 8)


@pytest.mark.parametrize("seed", range(4))
def test_hard_with_wary_keeps_out_of_the_brutes_opportunity_attack(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Hard's side plays the wary script (its default choice and its comrades in the playouts) with WARY on."""
    monkeypatch.setattr(priority, "WARY", 3.0)
    action = decide(snapshot(_position()), "hard", random.Random(seed)).first
    assert action is not None and action.unit == "me" and action.kind == "move" and _near_brute(action.path)
