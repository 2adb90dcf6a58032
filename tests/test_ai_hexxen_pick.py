"""Hard's own side in HeXXen strikes first the enemy with the most weight × AP per hit point left (hexxen_pick)."""

from __future__ import annotations

import random

import pytest

from game.ai import decide, hexxen_pick, snapshot
from game.ai.priority import side_options
from game.ai.search import power_weights
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from tests.test_ai_tactics import level, unit

TILES = ["." * 12 for _ in range(8)]


def _ford(turns: str = "sides") -> Match:
    """A hunter (side a, to act) against a witch rider of 48 hit points and three imps of 7 that strike three times a
    round each (side b): at full health normal's script strikes the rider (the first id), the pick an imp."""
    units = [
        unit("h", "a", (0, 3), role="hunter", hp=20, defense=14, attack=5, damage="1d10+2"),
        unit("rider", "b", (10, 3), role="leader", ap=3, hp=48, defense=14, attack=7, damage="1d10+2"),
        *(
            unit(f"w{i}", "b", (8, 2 * i), role="npc", size="tiny", ap=3, hp=7, defense=10, attack=4, damage="1d3")
            for i in (1, 2, 3)
        ),
    ]
    return Match(parse_level(level("hexxen", TILES, units, f'turns = "{turns}"'), "<ford>"), 1)


def _imp(action: Action | None) -> bool:
    return action is not None and action.kind == "attack" and (action.target or "").startswith("w")


def test_the_pick_ships_on() -> None:
    """Measured on the HeXXen levels and kept (docs/ai.md, *Hard on the shipped levels*, **The pick in HeXXen**)."""
    assert hexxen_pick.HEXXEN_PICK


def test_the_pick_scores_the_imps_before_the_rider() -> None:
    """An imp deals a fifth of the rider's blow but falls to one blow: weight × AP per hit point left puts each imp
    first (score 0) and the rider, whole at 48 hit points, behind them."""
    sit = _ford().situation()
    base = hexxen_pick.priority_base(sit, sit.creature("h"), power_weights(sit))
    imps = [base(sit.creature(f"w{i}")) for i in (1, 2, 3)]
    assert imps == [0.0, 0.0, 0.0]
    assert base(sit.creature("rider")) > 0.5


def test_normal_strikes_the_rider_and_hard_an_imp() -> None:
    """Normal's script, every enemy whole, strikes them in the order of their ids: the rider, whose blows keep
    coming while three imps strike nine times a round. Hard's side plays the pick, and its search keeps it from every
    seed."""
    match = _ford()
    assert decide(snapshot(match), "normal", random.Random(0)).first == Action("attack", "h", target="rider")
    for seed in range(4):
        assert _imp(decide(snapshot(match), "hard", random.Random(seed)).first), seed


def test_off_or_by_initiative_hard_side_plays_the_normal_script(monkeypatch: pytest.MonkeyPatch) -> None:
    """By initiative (the mirror level) and with the pick off, hard's own side plays normal's script in its
    playouts and as its default."""
    snap = snapshot(_ford(turns="initiative"))
    assert side_options(snap, "h", random.Random(0), "a", power_weights)[0].target == "rider"
    snap = snapshot(_ford())
    assert side_options(snap, "h", random.Random(0), "a", power_weights)[0].target == "w1"
    assert side_options(snap, "h", random.Random(0), "b", power_weights)[0].target == "rider"  # not hard's side
    monkeypatch.setattr(hexxen_pick, "HEXXEN_PICK", False)
    assert side_options(snap, "h", random.Random(0), "a", power_weights)[0].target == "rider"
