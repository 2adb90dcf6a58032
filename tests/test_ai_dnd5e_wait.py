"""dnd5e: hard's own side waits in its first side-turn, until the armies meet, beyond every enemy's move and reach
(game/ai/dnd5e_wait.py), where normal Dashes up to end its turn beside the enemy without a blow."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai import decide, dnd5e_wait, snapshot
from game.ai import search as hard
from game.ai.normal import normal_options
from game.ai.players import weighed
from game.ai.scoring import footprint_at, strike_span
from game.ai.snapshot import Snapshot
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from rules.dnd5e.space import sit_distance
from tests.ai_checks import assert_hold_explained
from tests.test_ai_tactics import level, unit

WIDE = ["." * 24 for _ in range(10)]


def _far(*extra: str) -> Snapshot:
    """A fighter 16 squares west of a brute (speed 9 m, reach 1.5 m: it walks up and strikes within 7 squares)."""
    units = [
        unit("me", "a", (0, 4), speed=9),
        unit("brute", "b", (16, 4), speed=9, attack=8, damage="2d8+6", hp=40),
        *extra,
    ]
    return snapshot(Match(parse_level(level("dnd5e", WIDE, units), "<wait>"), 1))


def _gap(snap: Snapshot, action: Action, foe: str = "brute") -> int:
    """Squares between where `action` ends and the foe (the level's diagonal rule)."""
    me = snap.sit.creatures[action.unit or ""]
    there = footprint_at(me, action.path[-1][:2])
    return sit_distance(snap.sit, there, snap.sit.creatures[foe].footprint())


def test_normal_dashes_up_to_the_brute_and_hards_side_waits_beyond_its_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """D5-DASH, D5-SPEED: normal Dashes to end within what the brute can walk up to and strike next turn (only out
    of its reach); hard's side closes in only as far as a square beyond its move and reach, nearer than it stands,
    and so does hard's decision. With DND5E_WAIT_ROUNDS 0 hard's side stops outside the reach only, as before."""
    snap = _far()
    span = strike_span(snap.sit.creatures["brute"])
    normal = normal_options(snap, "me", random.Random(0))
    assert normal[0].kind == "dash" and _gap(snap, normal[0]) <= span
    waits = hard.own_options(snap, "me", random.Random(0))
    assert waits and span < _gap(snap, waits[0]) < 16
    for seed in range(3):
        chosen = decide(snap, "hard", random.Random(seed)).first
        assert chosen is None or (chosen.path and _gap(snap, chosen) > span)
    monkeypatch.setattr(dnd5e_wait, "DND5E_WAIT_ROUNDS", 0)
    assert _gap(snap, hard.own_options(snap, "me", random.Random(0))[0]) <= span


def test_a_flyer_does_not_strike_alone_while_its_side_waits() -> None:
    """GB-ATTACK, D5-FLY: a flyer that could fly up to a lone pest and strike it this turn (normal does) waits with
    its side, beyond the brute's move and reach, in its script and in hard's decision: struck alone in the reply it
    would fall before its comrades arrive."""
    flyer = unit("bird", "a", (0, 6), speed=7.5, fly=15, hp=16) + "flying = true\n"
    pest = unit("pest", "b", (9, 6), speed=0, fly=15, hp=10, defense=19) + "hover = true\nflying = true\n"
    snap = _far(flyer, pest)
    normal = normal_options(snap, "bird", random.Random(0))
    assert normal[0].kind == "move" and _gap(snap, normal[0], "pest") <= 1
    span = strike_span(snap.sit.creatures["brute"])
    script = hard.own_options(snap, "bird", random.Random(0))
    assert not script or (script[0].kind != "attack" and _gap(snap, script[0]) > span)
    for seed in range(3):
        found, _ = weighed(snap, "bird", "hard", random.Random(seed))
        assert not found or (found[0].path and _gap(snap, found[0]) > span)


def test_the_side_no_longer_waits_once_the_armies_meet_by_initiative_or_after_the_first_round() -> None:
    """GB-TURN: the wait holds only in the first DND5E_WAIT_ROUNDS of a game by sides, and only while no unit of the
    side stands where an enemy can walk up and strike it."""
    snap = _far()
    assert dnd5e_wait.waiting(snap, "me") is not None
    assert dnd5e_wait.waiting(replace(snap, mode="initiative"), "me") is None
    later = replace(snap, sit=replace(snap.sit, round=dnd5e_wait.DND5E_WAIT_ROUNDS + 1))
    assert dnd5e_wait.waiting(later, "me") is None
    met = _far(unit("scout", "a", (11, 4), speed=9))  # 5 squares from the brute: within its move and reach
    assert dnd5e_wait.waiting(met, "me") is None


def test_hards_wait_is_explained_as_waiting_for_the_enemy_in_every_language() -> None:
    """D5-SPEED: a fighter one square beyond the brute's move and reach holds (every nearer square is within it),
    and the hold is explained as the side's wait, citing the speed, in all four languages; by initiative, and once
    the wait is over, a hold is the plain end of turn."""
    from game.ai.reasons import reason_for

    units = [
        unit("me", "a", (0, 4), speed=9),
        unit("brute", "b", (8, 4), speed=9, attack=8, damage="2d8+6", hp=40),
    ]
    snap = snapshot(Match(parse_level(level("dnd5e", WIDE, units), "<hold>"), 1))
    assert normal_options(snap, "me", random.Random(0))[0].kind in ("move", "dash")
    assert hard.own_options(snap, "me", random.Random(0)) == []
    assert_hold_explained(decide(snap, "hard", random.Random(0), explain=True), "ai.waits_move", "D5-SPEED")
    later = replace(snap, sit=replace(snap.sit, round=dnd5e_wait.DND5E_WAIT_ROUNDS + 1))
    assert reason_for(later, None, "me").key == "ai.done"
    assert reason_for(replace(snap, mode="initiative"), None, "me").key == "ai.done"


def _held() -> Snapshot:
    """A fighter 9 squares from a fast brute (speed 12 m: it walks up and strikes within 9 squares) and 14 from three
    pests (speed 9 m: within 7): one enemy of four can strike the side next turn."""
    units = [
        unit("me", "a", (0, 4), speed=9),
        unit("brute", "b", (9, 4), speed=12, attack=8, damage="2d8+6", hp=40),
        *(unit(f"pest_{y}", "b", (14, y), speed=9, hp=9) for y in (2, 4, 6)),
    ]
    return snapshot(Match(parse_level(level("dnd5e", WIDE, units), "<hold>"), 1))


def _pest_gap(snap: Snapshot, action: Action) -> int:
    """Squares between where `action` ends and the nearest pest."""
    return min(_gap(snap, action, f"pest_{y}") for y in (2, 4, 6))


def test_once_the_armies_meet_hards_side_holds_beyond_the_others_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """D5-DASH, D5-SPEED: only the brute can strike the fighter next turn; normal Dashes up beside the brute, where the
    pests walk up and strike too, without a blow; hard's side (DND5E_HOLD) closes in no nearer the pests than their
    move and reach, and so does hard's decision, and its hold is explained as such; with DND5E_HOLD off it closes in
    as before. Walking up to strike stays open, and once half the enemies can strike the side it no longer holds."""
    from game.ai.reasons import reason_for

    snap = _held()
    span = strike_span(snap.sit.creatures["pest_4"])
    assert dnd5e_wait.waiting(snap, "me") is None and dnd5e_wait.holding(snap, "me") is not None
    normal = normal_options(snap, "me", random.Random(0))
    assert normal[0].kind in ("move", "dash") and _pest_gap(snap, normal[0]) <= span
    held = hard.own_options(snap, "me", random.Random(0))
    assert not held or _pest_gap(snap, held[0]) > span
    for seed in range(3):
        chosen = decide(snap, "hard", random.Random(seed)).first
        assert chosen is None or (chosen.path and _pest_gap(snap, chosen) > span)
    assert reason_for(snap, None, "me").key == "ai.waits_hold"
    monkeypatch.setattr(dnd5e_wait, "DND5E_HOLD", False)
    assert dnd5e_wait.holding(snap, "me") is None
    assert _pest_gap(snap, hard.own_options(snap, "me", random.Random(0))[0]) <= span
    assert reason_for(snap, None, "me").key == "ai.done"
    monkeypatch.setattr(dnd5e_wait, "DND5E_HOLD", True)
    scout = unit("scout", "a", (8, 2), speed=9)  # the pests (and the brute) can strike it: three enemies of four
    assert dnd5e_wait.holding(_held_with(scout), "me") is None
    later = replace(snap, sit=replace(snap.sit, round=dnd5e_wait.DND5E_WAIT_ROUNDS + 1))
    assert dnd5e_wait.holding(later, "me") is None
    assert dnd5e_wait.holding(replace(snap, mode="initiative"), "me") is None


def _held_with(*extra: str) -> Snapshot:
    """`_held` with more units."""
    units = [
        unit("me", "a", (0, 4), speed=9),
        unit("brute", "b", (9, 4), speed=12, attack=8, damage="2d8+6", hp=40),
        *(unit(f"pest_{y}", "b", (14, y), speed=9, hp=9) for y in (2, 4, 6)),
        *extra,
    ]
    return snapshot(Match(parse_level(level("dnd5e", WIDE, units), "<hold>"), 1))


def test_a_unit_that_can_walk_up_and_strike_does_so_while_its_side_holds() -> None:
    """GB-ATTACK: the hold is only for closing in; the fighter, which can walk up to a rat five squares off and strike
    it this turn, does so in its side's script, and hard's portfolio keeps the move."""
    from game.ai.portfolio import first_actions

    snap = _held_with(unit("rat", "b", (5, 4), speed=0, hp=3, attack=3, damage="1d2"))
    assert dnd5e_wait.holding(snap, "me") is not None
    script = hard.own_options(snap, "me", random.Random(0))
    assert script and script[0].kind == "move" and _gap(snap, script[0], "rat") <= 1
    assert script[0] in dnd5e_wait.unwaited(snap, "me", first_actions(snap, "me", script[0]))
