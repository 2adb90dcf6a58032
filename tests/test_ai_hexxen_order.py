"""Hard's side in HeXXen acts bound and mounted units first and its free units on foot last, the weakest first
(game/ai/hexxen_order.py)."""

from __future__ import annotations

import random

import pytest

from game.ai import ai_rng, decide, hexxen_order, next_action, snapshot, take_turn
from game.ai.priority import side_options
from game.ai.search import power_weights
from game.battle.match import Match
from game.levels.level import parse_level
from rules.core import Effect
from tests.test_ai_tactics import level, unit

TILES = ["." * 12 for _ in range(8)]


def _chapel(turns: str = "sides", *, rider: bool = False) -> Match:
    """The cult (side a, to act): its preacher `boss` (free, three blows of 1d8+3), a cultist `c` bound to the
    hunter `h1`, and, with `rider`, a mounted cultist; the hunters (side b): `h1` and the free `h2`. In the level's
    order the preacher acts first and binds himself to a fresh hunter before the cultist has struck."""
    units = [
        unit("boss", "a", (10, 1), role="leader", ap=3, hp=40, defense=14, attack=6, damage="1d8+3"),
        unit("c", "a", (10, 4), role="npc", ap=3, hp=18, defense=11, attack=4, damage="1d6+1"),
        *(
            [unit("horse", "a", (10, 7), role="npc", ap=3, hp=18, attack=4, damage="1d6+1") + "mounted = true\n"]
            * rider
        ),
        unit("h1", "b", (1, 4), role="hunter", hp=16, defense=13),
        unit("h2", "b", (1, 1), role="hunter", hp=16, defense=13),
    ]
    match = Match(parse_level(level("hexxen", TILES, units, f'turns = "{turns}"'), "<chapel>"), 1)
    match.apply([Effect("bind", "c", other="h1")])
    return match


def _order(match: Match) -> list[str]:
    snap = snapshot(match)
    return hexxen_order.side_order(snap.sit, snap.ruleset_name, snap.mode, snap.acting(), power_weights)


def test_the_order_ships_on() -> None:
    """Screened on the HeXXen levels and kept (docs/ai.md, *Who acts first in HeXXen*)."""
    assert hexxen_order.HEXXEN_ORDER


def test_bound_units_act_first_then_the_mounted_then_the_free_on_foot() -> None:
    """The bound cultist's blows can go only to its partner (HX-BOUND-NO-MOVE) and the mounted one is never bound
    (HX-MOUNTED): both act before the preacher, whose first blow binds him (HX-BIND-ON-ATTACK)."""
    assert _order(_chapel()) == ["c", "boss"]
    assert _order(_chapel(rider=True)) == ["c", "horse", "boss"]


def test_the_strongest_free_unit_acts_last() -> None:
    """Among the free units on foot the one with the fewest blows a round acts first, so the strongest chooses its
    enemy last; a unit that has begun acting finishes first."""
    match = _chapel()
    match.apply([Effect("unbind", "c", other="h1")])
    assert _order(match) == ["c", "boss"]
    snap = snapshot(match)
    match.perform(side_options(snap, "boss", random.Random(0), snap.side, power_weights)[0])
    assert _order(match) == ["boss", "c"]  # the preacher has begun: he finishes his round first


def test_hard_plays_the_bound_cultist_before_the_preacher() -> None:
    """In the forecast, at the window's pace and on the live match, hard's side acts the cultist first; normal keeps
    the level's order."""
    match = _chapel()
    assert decide(snapshot(match), "hard", random.Random(0)).first.unit == "c"
    assert decide(snapshot(match), "normal", random.Random(0)).first.unit == "boss"
    assert next_action(match, "hard").unit == "c" and next_action(match, "normal").unit == "boss"  # the window's pace
    done = take_turn(match, ai_rng(1), strength="hard", strict=True)
    actors = [a.unit for a in done if a.kind != "end_turn"]
    assert (
        actors[0] == "c"
        and "boss" in actors
        and actors.index("boss") > max(i for i, u in enumerate(actors) if u == "c")
    )


def test_off_or_by_initiative_the_level_order_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """By initiative one unit acts at a time, and with the setting off hard's side keeps the level's order."""
    assert _order(_chapel(turns="initiative")) == [snapshot(_chapel(turns="initiative")).acting()[0]]
    monkeypatch.setattr(hexxen_order, "HEXXEN_ORDER", False)
    assert _order(_chapel()) == ["boss", "c"]
    assert decide(snapshot(_chapel()), "hard", random.Random(0)).first.unit == "boss"
