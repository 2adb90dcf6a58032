"""The computer's strengths: parsing, determinism for every strength, the pure decision on a snapshot, and
its explanation (options weighed, the choice, the rule ids) in every language."""

from __future__ import annotations

import random

import pytest

from game.ai import (
    DEFAULT_STRENGTH,
    STRENGTHS,
    ai_rng,
    decide,
    explanation_lines,
    next_action,
    parse_strength,
    pf1_pick,
    snapshot,
    take_turn,
)
from game.ai.snapshot import end_turn, perform
from game.battle.match import Match
from game.levels.level import load_level
from game.paths import LEVELS_DIR
from game.text.i18n import LANGUAGES
from rules.actions import Action

ARENA = LEVELS_DIR / "arena_4v4.toml"
LEVELS = [ARENA, LEVELS_DIR / "dnd5e_hall.toml", LEVELS_DIR / "hexxen_village.toml"]


def test_strengths_weakest_first_and_parsed() -> None:
    """The four strengths, normal the default; text is read case-blind, anything else is refused by name."""
    assert STRENGTHS == ("random", "easy", "normal", "hard") and DEFAULT_STRENGTH == "normal"
    assert [parse_strength(f" {s.upper()} ") for s in STRENGTHS] == list(STRENGTHS)
    with pytest.raises(ValueError, match=r"'expert'.*random, easy, normal, hard"):
        parse_strength("expert")


def _game(path, seed: int, strength: str, turns: int) -> list[dict]:
    match = Match(load_level(path), seed)
    rng = ai_rng(seed)
    for _ in range(turns):
        if match.finished:
            break
        take_turn(match, rng, strength=strength, strict=True)
    script = [r.action.to_dict() for r in match.history]
    match.close()
    return script


# hard plays out every option: on the levels after the first that takes long enough to be a slow test (CI runs it)
GAMES = [
    pytest.param(
        path,
        strength,
        id=f"{path.stem}-{strength}",
        marks=[pytest.mark.slow] if strength == "hard" and path != ARENA else [],
    )
    for path in LEVELS
    for strength in STRENGTHS
]


@pytest.mark.parametrize(("path", "strength"), GAMES)
def test_same_seed_same_game_at_every_strength(path, strength: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """GB-TURN: two games from one seed at one strength play the same actions (the AI reads no clock)."""
    monkeypatch.setattr(pf1_pick, "PF1_WAIT_ROUNDS", 0)  # two hard sides in pf1 would both wait out the first turns
    turns = 3 if strength == "hard" else 6
    first = _game(path, 11, strength, turns)
    assert len(first) > turns  # units acted, not only ended turns
    assert _game(path, 11, strength, turns) == first


@pytest.mark.parametrize("strength", STRENGTHS)
def test_decide_is_pure_and_repeatable(strength: str) -> None:
    """decide() on a snapshot changes no match, and the same snapshot and seed give the same decision."""
    match = Match(load_level(ARENA), 5)
    before = (len(match.history), match.situation())
    snap = snapshot(match)
    one = decide(snap, strength, random.Random(3))
    two = decide(snap, strength, random.Random(3))
    assert one == two
    assert (len(match.history), match.situation()) == before
    assert one.actions[-1] == Action("end_turn")
    # every action it foresees is legal when played in order with the same dice
    assert all(a.unit in snap.sit.creatures for a in one.actions[:-1])


def test_next_action_is_the_turns_first_move_at_normal() -> None:
    """next_action (the paced UI) answers what take_turn then performs first, at the default strength."""
    match = Match(load_level(ARENA), 2)
    expected = next_action(match)
    done = take_turn(match, ai_rng(2))
    assert expected == done[0]


def test_snapshot_end_turn_matches_the_match() -> None:
    """Ending a turn on a snapshot starts the next side's turn as Match.end_turn does (GB-TURN)."""
    match = Match(load_level(ARENA), 4)
    snap = end_turn(snapshot(match))
    match.perform(Action("end_turn"))
    sit = match.situation()
    assert (snap.sit.active_side, snap.sit.round, snap.round, snap.index) == (
        sit.active_side,
        sit.round,
        match.round,
        match.order.index,
    )
    assert dict(snap.sit.turns) == dict(sit.turns)


def test_snapshot_perform_is_the_rules_ruling() -> None:
    """perform() on a snapshot applies the same effects the match applies for the same action and dice."""
    match = Match(load_level(ARENA), 4, dice_stream=1)  # one generator, as the snapshot's
    snap = snapshot(match)
    action = next_action(match)
    assert action is not None
    after, _ = perform(snap, action, random.Random(9))
    match.rng.seed(9)
    match.perform(action)
    assert after.sit.creatures == match.situation().creatures


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_explained_decision_names_options_choice_and_rule_ids(strength: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """explain=True: per decision the options weighed with scores, the choice, and the ids that decided."""
    monkeypatch.setattr(pf1_pick, "PF1_WAIT_ROUNDS", 0)  # hard's side would wait out the arena's first turn
    match = Match(load_level(ARENA), 1)
    decision = decide(snapshot(match), strength, random.Random(1), explain=True)
    assert decision.units
    for choice in decision.units:
        assert choice.chosen is not None and choice.options
        assert all(o.reason.key.startswith("ai.") and o.reason.rules for o in choice.options)
    chosen = [c.choice for c in decision.units if c.choice and c.choice.actions]
    assert chosen[0].actions[0] == decision.actions[0]
    ids = {r for c in decision.units for o in c.options for r in o.reason.rules}
    assert "GB-PF-CHARGE" in ids or "PF1-MOVE-ACTION" in ids or "GB-ATTACK" in ids
    for lang in LANGUAGES:
        lines = explanation_lines(decision, lang)
        assert len(lines) >= 2 * len(decision.units)
        assert not any("⟦" in line for line in lines)  # every key has its message in the language
        text = "\n".join(lines)
        assert all(r in text for r in ids)


def test_step_is_explained_with_its_rule() -> None:
    """A 1.5 m step is explained as such, citing PF1-FIVE-FOOT-STEP, in every language."""
    from tests.test_ai_tactics import OPEN, level, unit

    text = level("pf1", OPEN, [unit("me", "a", (2, 4), speed=9), unit("pike", "b", (4, 4), speed=9, reach=3)])
    from game.levels.level import parse_level

    match = Match(parse_level(text, "<step>"), 1)
    decision = decide(snapshot(match), "normal", random.Random(1), explain=True)
    first = decision.units[0].choice
    assert first is not None and first.reason.key == "ai.step" and "PF1-FIVE-FOOT-STEP" in first.reason.rules
    for lang in LANGUAGES:
        assert "PF1-FIVE-FOOT-STEP" in explanation_lines(decision, lang)[1]
