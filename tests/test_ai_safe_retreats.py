"""dnd5e: hard weighs a move out of reach after its attack only where no enemy can strike it next turn
(`portfolio.SAFE_RETREATS`)."""

from __future__ import annotations

import random

import pytest

from game.ai import portfolio, snapshot
from game.ai.context import Ctx
from game.ai.portfolio import _dnd5e_retreats
from game.battle.match import Match
from game.levels.level import parse_level
from tests.test_ai_tactics import level, unit


def _retreats(foe_speed: float) -> list[tuple[int, int]]:
    """Where `me`, next to a foe of `foe_speed` metres on an open board 16 squares wide, would retreat to."""
    units = [unit("me", "a", (3, 2), speed=9), unit("foe", "b", (2, 2), speed=foe_speed)]
    match = Match(parse_level(level("dnd5e", ["." * 16 for _ in range(5)], units), "<retreat>"), 1)
    snap = snapshot(match)
    ctx = Ctx(snap.sit, snap.ruleset, "me", random.Random(0))
    return [action.path[-1] for action in _dnd5e_retreats(ctx, snap)]


def test_retreats_without_the_setting_ignore_the_enemys_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off: the two squares furthest from the enemies, whatever the enemy can walk next turn."""
    monkeypatch.setattr(portfolio, "SAFE_RETREATS", False)
    assert len(_retreats(12)) == 2


def test_no_retreat_where_the_enemy_walks_up_and_strikes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A foe that moves 12 m and reaches 1.5 m strikes anywhere within 9 squares: none of the unit's 6 is safe (as
    shipped)."""
    assert portfolio.SAFE_RETREATS
    assert _retreats(12) == []


def test_a_retreat_beyond_a_slow_enemys_strike(monkeypatch: pytest.MonkeyPatch) -> None:
    """A foe that moves 3 m (two squares) and reaches one strikes within three: the retreats lie beyond."""
    monkeypatch.setattr(portfolio, "SAFE_RETREATS", True)
    found = _retreats(3)
    assert found and all(x - 2 > 3 for x, _ in found)
