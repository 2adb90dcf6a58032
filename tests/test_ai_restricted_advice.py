"""Decisions on a snapshot (`advise`, the battle screen's hint, the window's computer) honour the sides' `without`."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
from pathlib import Path

import pytest

from game import ai
from game.advice import decide_now, play_advised_turn
from game.ai import pf1_pick
from game.ai.restrict import RestrictedSnapshot, tactics_of
from game.battle.match import Match
from game.commands.cli import main
from game.levels.level import load_level
from game.ui.autoplay import LazyAI
from game.ui.hint import prepare_hint
from rules.actions import Action

LEVELS = Path(__file__).resolve().parent.parent / "levels"
ARENA = LEVELS / "arena_4v4.toml"
FORBIDDEN = ("charge", "run")
"""What red's normal player does in its first turn of arena_4v4 with seed 1 (a charge first, a run later)."""
SEED = 1


def _restricted_arena(tmp_path: Path, tactics: tuple[str, ...] = FORBIDDEN) -> Path:
    """arena_4v4 with red's computer player forbidden `tactics` (the level's own `without` key)."""
    text = ARENA.read_text(encoding="utf-8")
    head, sep, rest = text.partition('id = "red"\n')
    assert sep, "arena_4v4 has a red side"
    listed = ", ".join(f'"{name}"' for name in tactics)
    path = tmp_path / "arena_restricted.toml"
    path.write_text(f"{head}{sep}without = [{listed}]\n{rest}", encoding="utf-8")
    return path


def _used(actions: list[Action] | tuple[Action, ...]) -> set[str]:
    return {name for a in actions for name in tactics_of(a)}


def test_the_unrestricted_turn_uses_the_tactics_the_restricted_tests_forbid():
    # the premise of every test below: without the restriction the advice charges first and runs later
    match = Match(load_level(ARENA), SEED)
    try:
        first = decide_now(match, "normal").first
        advice = play_advised_turn(match, "normal")
    finally:
        match.close()
    assert first is not None and first.kind == "charge"
    assert set(FORBIDDEN) <= _used(advice.actions)


def test_a_snapshot_of_a_restricted_match_carries_the_sides_restrictions(tmp_path: Path):
    level = load_level(_restricted_arena(tmp_path))
    match = Match(level, SEED)
    try:
        snap = ai.snapshot(match)
    finally:
        match.close()
    assert isinstance(snap, RestrictedSnapshot)
    assert snap.without_for("red_1") == frozenset(FORBIDDEN) and snap.without_for("blue_1") == frozenset()
    plain = Match(load_level(ARENA), SEED)
    try:
        assert not isinstance(ai.snapshot(plain), RestrictedSnapshot)  # nothing restricted: the plain snapshot
    finally:
        plain.close()


@pytest.mark.parametrize("strength", ["random", "easy", "normal"])
def test_decide_never_proposes_a_forbidden_tactic(tmp_path: Path, strength: str):
    level = load_level(_restricted_arena(tmp_path))
    for seed in range(4):
        match = Match(level, seed)
        try:
            for _ in range(3):  # red's turns and blue's between them
                if match.finished:
                    break
                side = match.active_side
                decision = ai.decide(ai.snapshot(match), strength, random.Random(seed), explain=True)
                if side == "red":
                    assert not _used(decision.actions) & set(FORBIDDEN), (seed, strength, decision.actions)
                    chosen = [c.choice.actions for c in decision.units if c.choice is not None]
                    assert not _used([a for actions in chosen for a in actions]) & set(FORBIDDEN)
                play_advised_turn(match, strength)
        finally:
            match.close()


def test_an_explained_hard_decision_weighs_no_forbidden_tactic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(pf1_pick, "PF1_WAIT_ROUNDS", 0)  # hard's side would wait out the arena's first turn
    level = load_level(_restricted_arena(tmp_path))
    match = Match(level, SEED)
    try:
        decision = decide_now(match, "hard", explain=True)
    finally:
        match.close()
    assert decision.first is not None and not tactics_of(decision.first) & set(FORBIDDEN)
    assert not _used(decision.actions) & set(FORBIDDEN)
    for choice in decision.units:
        assert choice.choice is not None or not choice.options
        for option in choice.options:
            assert not _used(option.actions) & set(FORBIDDEN)


def test_advise_json_never_proposes_a_tactic_the_level_forbids_the_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    level = _restricted_arena(tmp_path)
    code = main(["advise", str(level), "--seed", str(SEED), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["side"] == "red"
    kinds = [a["action"] for a in data["actions"]]
    assert kinds[-1] == "end_turn" and all(r["ok"] for r in data["results"])
    assert not set(kinds) & set(FORBIDDEN)
    assert "attack" in kinds or "move" in kinds  # it still plays: moves and attacks instead


def test_the_hint_never_proposes_a_tactic_the_level_forbids_the_side(tmp_path: Path):
    match = Match(load_level(_restricted_arena(tmp_path)), SEED)
    try:
        hint = prepare_hint(match, 0, {})()  # the hint's job, worked out here instead of in a worker
    finally:
        match.close()
    assert hint.strength == "normal" and hint.action is not None
    assert hint.action.kind not in FORBIDDEN


def test_the_windows_computer_never_takes_a_forbidden_tactic(tmp_path: Path):
    match = Match(load_level(_restricted_arena(tmp_path)), SEED)
    try:
        action = LazyAI().prepare(match)()  # the decision the window works out in a worker
    finally:
        match.close()
    assert action is not None and action.kind not in FORBIDDEN
