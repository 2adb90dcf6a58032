"""The hard player's HeXXen threat term: who can strike whom next round, by the bindings (game/ai/hexxen_threat.py)."""

from __future__ import annotations

import pytest

from game.ai import hexxen_threat, snapshot
from game.ai import search as hard
from game.ai.hexxen_threat import bound_threat, strikes
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from rules.core import Effect, Situation
from tests.test_ai_tactics import level, unit

TILES = ["." * 10 for _ in range(6)]


@pytest.fixture(autouse=True)
def _term_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """The term at the weight it was measured with (it ships off)."""
    monkeypatch.setattr(hexxen_threat, "BOUND_THREAT", 0.5)


def _match(units: list[str], effects: list[Effect], turns: str = "sides") -> Match:
    """An inline HeXXen level (side a first), with the effects applied."""
    match = Match(parse_level(level("hexxen", TILES, units, f'turns = "{turns}"'), "<threat>"), 1)
    match.apply(effects)
    return match


def _sit(units: list[str], effects: list[Effect]) -> Situation:
    return _match(units, effects).situation()


def _hunter_and_two_cultists() -> list[str]:
    """A free hunter on side a; two cultists on side b."""
    hunter = unit("h", "a", (0, 0), role="hunter")
    return [hunter, unit("c1", "b", (5, 0), role="npc"), unit("c2", "b", (5, 3), role="npc")]


def _weights(sit: Situation) -> dict[str, float]:
    return {uid: 1.0 for uid in sit.creatures}


def test_a_bound_hunter_strikes_only_its_partner() -> None:
    """HX-BOUND-NO-MOVE: a hunter bound to a fresh cultist cannot reach the free cultist at 1 hp, which a free
    hunter would fell (HX-ENGAGE); what the side threatens drops by that enemy's whole worth."""
    units = _hunter_and_two_cultists()
    free = _sit(units, [Effect("set", "c2", key="hp", value=1)])
    bound = _sit(units, [Effect("set", "c2", key="hp", value=1), Effect("bind", "h", other="c1")])
    free_value, free_falls = strikes(free, "a", _weights(free), True)
    bound_value, bound_falls = strikes(bound, "a", _weights(bound), True)
    assert "c2" in free_falls and "c2" not in bound_falls
    assert free_value > bound_value + hexxen_threat.ALIVE - 1.0


def test_a_hunter_whose_partner_falls_moves_on_to_the_next_enemy() -> None:
    """HX-NEXT-ENEMY: a bound hunter whose only partner is expected to fall with its first blow spends the rest of
    its round on another enemy."""
    units = _hunter_and_two_cultists()
    sit = _sit(units, [Effect("bind", "h", other="c1"), Effect("set", "c1", key="hp", value=1)])
    alone = _sit(units[:2], [Effect("bind", "h", other="c1"), Effect("set", "c1", key="hp", value=1)])
    assert strikes(sit, "a", _weights(sit), True)[0] > strikes(alone, "a", _weights(alone), True)[0]


def test_a_free_hunter_strikes_a_bound_enemy_at_the_sneak_bonus() -> None:
    """HX-SNEAK: an enemy bound to a comrade is struck at +2 by a free hunter, so the same two hunters threaten more
    when one of them holds it than when both stand free (the holder strikes it either way)."""
    units = [
        unit("holder", "a", (0, 0), role="hunter"),
        unit("sneak", "a", (0, 3), role="hunter"),
        unit("brute", "b", (5, 0), role="npc", hp=60),
    ]
    held = _sit(units, [Effect("bind", "holder", other="brute")])
    loose = _sit(units, [])
    assert strikes(held, "a", _weights(held), True)[0] > strikes(loose, "a", _weights(loose), True)[0]


def test_a_mounted_rider_is_never_tied_up() -> None:
    """HX-MOUNTED: an attack on a rider binds nobody, so after being struck the rider still threatens every enemy,
    while a hunter on foot struck the same way is held by its attacker."""
    units = [
        unit("rider", "a", (0, 0), role="hunter") + "mounted = true\n",
        unit("c1", "b", (5, 0), role="npc"),
        unit("c2", "b", (5, 3), role="npc"),
    ]
    match = _match(units, [Effect("set", "c2", key="hp", value=1)])
    match.end_turn()  # the NPCs' turn: c1 strikes the rider
    result = match.perform(Action("attack", "c1", target="rider"))
    assert "HX-MOUNTED" in result.rules + tuple(e.rule for e in result.events)
    sit = match.situation()
    assert not sit.bindings
    assert "c2" in strikes(sit, "a", _weights(sit), True)[1]


def test_the_enemies_the_side_fells_first_strike_no_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """The side to move strikes first: an enemy its round is expected to fell is not counted as striking back."""
    units = [unit("h", "a", (0, 0), role="hunter"), unit("c", "b", (5, 0), role="npc", ap=3, attack=8)]
    sit = _sit(units, [Effect("set", "c", key="hp", value=1)])
    first = bound_threat(sit, "a", _weights(sit), "sides")
    monkeypatch.setattr(hexxen_threat, "FIRST_STRIKE", False)
    assert bound_threat(sit, "a", _weights(sit), "sides") < first


def _beast(bound: bool) -> hard.Snapshot:
    """Hunters' turn next: the bodyguard and a frail priest against a free or bodyguard-bound beast."""
    units = [
        unit("guard", "a", (0, 0), role="hunter", hp=24, defense=15, powers=["leibgarde"]),
        unit("priest", "a", (0, 3), role="hunter", hp=8, defense=12),
        unit("beast", "b", (6, 0), role="npc", size="huge", ap=2, hp=68, defense=14, attack=8, damage="2d10+4"),
    ]
    return snapshot(_match(units, [Effect("bind", "guard", other="beast")] if bound else []))


def test_a_beast_held_by_the_bodyguard_is_worth_more_to_the_hunters(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same blood on both sides, but a beast bound to the bodyguard may strike only her (HX-BOUND-NO-MOVE,
    HX-LEIBGARDE), where a free one engages the frail priest and fells him; and the priest strikes a held beast at
    the sneak bonus. The evaluation tells the two apart; without the term it cannot."""
    assert hard.evaluate(_beast(True), "a") > hard.evaluate(_beast(False), "a") + 0.5
    monkeypatch.setattr(hexxen_threat, "BOUND_THREAT", 0.0)
    assert hard.evaluate(_beast(True), "a") == hard.evaluate(_beast(False), "a")


def test_the_shipped_search_plays_without_the_term(monkeypatch: pytest.MonkeyPatch) -> None:
    """Built and off: the shipped weight is 0, so the evaluation of HeXXen positions is the material alone."""
    monkeypatch.undo()
    assert hexxen_threat.BOUND_THREAT == 0.0
    assert hard.evaluate(_beast(True), "a") == hard.evaluate(_beast(False), "a")


def test_the_term_is_off_by_initiative_and_outside_hexxen(monkeypatch: pytest.MonkeyPatch) -> None:
    """By initiative the playout plays every unit's turn once, so the term counts nothing there; pf1 and dnd5e
    positions are valued by their own threat term, whatever the HeXXen term's weight."""
    sit = _beast(False).sit
    assert bound_threat(sit, "a", _weights(sit), "initiative") == 0.0
    text = level("pf1", TILES, [unit("me", "a", (1, 1), speed=9), unit("foe", "b", (4, 1), speed=9)])
    pf1 = snapshot(Match(parse_level(text, "<pf1>"), 1))
    before = hard.evaluate(pf1, "a")
    monkeypatch.setattr(hexxen_threat, "BOUND_THREAT", 5.0)
    assert hard.evaluate(pf1, "a") == before
