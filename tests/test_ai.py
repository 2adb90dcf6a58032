"""The computer player: legal actions only, whole turns, seeded, and the tactics each ruleset asks for."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import AIError, ai_rng, next_action, take_turn
from game.ai.planner import candidates
from game.ai.scoring import best_destination, provokes
from game.battle.match import Match
from game.levels.level import load_level, parse_level
from rules.actions import Action
from rules.core import Event, Illegal, Ruling, StepRuling
from rules.ruleset import Reach

LEVELS = Path(__file__).resolve().parent.parent / "levels"
SHIPPED = sorted(LEVELS.glob("*.toml"))


def play(level, seed: int, max_rounds: int) -> Match:
    """Play AI against AI in strict mode (a refused action raises AIError); the caller closes the match."""
    match = Match(level, seed)
    rng = ai_rng(seed)
    try:
        while not match.finished and match.round <= max_rounds:
            take_turn(match, rng, strict=True)
    except BaseException:
        match.close()
        raise
    return match


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_ai_never_issues_an_illegal_action_on_any_shipped_level(path):
    level = load_level(path)
    for seed in (0, 1):
        match = play(level, seed, max_rounds=8)
        try:
            refused = [r for r in match.history if isinstance(r.result, Illegal)]
            assert refused == []
            assert len(match.history) > 0
            kinds = {r.action.kind for r in match.history}
            assert kinds - {"end_turn"}, f"{path.stem}: the AI never did anything but end turns"
        finally:
            match.close()


def test_every_shipped_level_has_at_least_one_attack_in_two_games():
    for path in SHIPPED:
        level = load_level(path)
        attacks = 0
        for seed in (0, 1):
            match = play(level, seed, max_rounds=8)
            try:
                attacks += sum(1 for r in match.history if r.action.kind in ("attack", "charge", "sneak_attack"))
            finally:
                match.close()
        assert attacks > 0, path.stem


def test_take_turn_ends_with_end_turn_and_hands_the_turn_over():
    match = Match(load_level(LEVELS / "arena_4v4.toml"), 3)
    try:
        first = match.active_side
        actions = take_turn(match, ai_rng(3), strict=True)
        assert actions[-1] == Action("end_turn")
        assert match.active_side != first
        assert all(a.unit is None or match.level.unit(a.unit).side == first for a in actions)
    finally:
        match.close()


def test_the_same_seed_plays_the_same_game():
    level = load_level(LEVELS / "pf1_swamp.toml")
    scripts = []
    for _ in range(2):
        match = play(level, 11, max_rounds=6)
        try:
            scripts.append([r.action for r in match.history])
        finally:
            match.close()
    assert scripts[0] == scripts[1]


DUEL = """
format = 1
name = "duel"
ruleset = "{ruleset}"
[map]
tiles = '''
........
........
........
........
'''
[[sides]]
id = "a"
name = "A"
controller = "ai"
[[sides]]
id = "b"
name = "B"
controller = "ai"
[[units]]
id = "a1"
side = "a"
at = [{ax}, 1]
hp = 30
speed = {speed}
{extra}
[[units]]
id = "b1"
side = "b"
at = [{bx}, 1]
hp = 30
speed = 9
"""


def duel(ruleset: str, ax: int, bx: int, extra: str = "", speed: float = 9) -> Match:
    text = DUEL.format(ruleset=ruleset, ax=ax, bx=bx, extra=extra, speed=speed)
    return Match(parse_level(text, "duel"), 5)


def test_pf1_ai_attacks_an_adjacent_enemy_without_moving():
    match = duel("pf1", 2, 3)
    try:
        actions = take_turn(match, ai_rng(5), strict=True)
        assert [a.kind for a in actions] == ["attack", "end_turn"]
        assert actions[0].target == "b1"
    finally:
        match.close()


def test_pf1_ai_moves_into_reach_then_attacks():
    match = duel("pf1", 0, 4)
    try:
        kinds = [a.kind for a in take_turn(match, ai_rng(5), strict=True)]
        assert kinds in (["move", "attack", "end_turn"], ["charge", "end_turn"])
    finally:
        match.close()


def test_dnd5e_ai_stands_up_before_moving_and_attacking():
    match = duel("dnd5e", 0, 4, extra="prone = true")
    try:
        kinds = [a.kind for a in take_turn(match, ai_rng(5), strict=True)]
        assert kinds[0] == "stand_up"
        assert "attack" in kinds
        assert not match.situation().creatures["a1"].prone
    finally:
        match.close()


def test_dnd5e_ai_dashes_when_no_attack_is_possible_this_turn():
    match = duel("dnd5e", 0, 7, speed=4.5)
    try:
        kinds = [a.kind for a in take_turn(match, ai_rng(5), strict=True)]
        assert "dash" in kinds
        assert "attack" not in kinds
    finally:
        match.close()


HEXXEN = """
format = 1
name = "trio"
ruleset = "hexxen"
[map]
tiles = '''
..........
..........
..........
'''
[[sides]]
id = "hunters"
name = "Hunters"
[[sides]]
id = "npcs"
name = "NPCs"
[[units]]
id = "h1"
side = "hunters"
role = "hunter"
at = [0, 0]
hp = 30
[[units]]
id = "h2"
side = "hunters"
role = "hunter"
at = [0, 2]
hp = 30
[[units]]
id = "n1"
side = "npcs"
role = "npc"
at = [8, 1]
hp = 30
"""


def test_hexxen_ai_sneak_attacks_an_enemy_already_bound_to_a_comrade():
    match = Match(parse_level(HEXXEN, "trio"), 2)
    try:
        assert not isinstance(match.perform(Action("attack", "h1", target="n1")), Illegal)
        action = candidates(match, match.situation(), "h2", ai_rng(2))[0]
        assert action == Action("sneak_attack", "h2", target="n1")
        assert not isinstance(match.perform(action), Illegal)
    finally:
        match.close()


def test_next_action_offers_nothing_once_the_match_is_over():
    match = duel("pf1", 2, 3)
    try:
        assert next_action(match) == Action("attack", "a1", target="b1")
        match.finished = True
        assert next_action(match) is None
    finally:
        match.close()


def test_strict_mode_raises_on_an_action_the_rules_refuse(monkeypatch):
    import game.ai.planner as planner

    match = duel("pf1", 0, 6)
    monkeypatch.setitem(planner.CHOOSERS, "pf1", lambda ctx: Action("attack", ctx.unit, target="b1"))
    try:
        with pytest.raises(AIError):
            take_turn(match, ai_rng(0), strict=True)
    finally:
        match.close()


def test_without_strict_a_refused_action_ends_the_units_turn(monkeypatch):
    import game.ai.planner as planner

    match = duel("pf1", 0, 6)
    monkeypatch.setitem(planner.CHOOSERS, "pf1", lambda ctx: Action("attack", ctx.unit, target="b1"))
    try:
        actions = take_turn(match, ai_rng(0))
        assert actions == [Action("end_turn")]
        assert match.active_side == "b"
    finally:
        match.close()


def _ruling(provoking: bool) -> Ruling:
    events = (Event("provokes", "GB-PF-AOO", unit="u", by="e"),) if provoking else ()
    return Ruling(cost=2, steps=(StepRuling((1, 1), 1, (), events), StepRuling((2, 2), 1, ())))


def test_a_nearly_as_good_destination_without_provokes_wins():
    best, other = Reach((1, 1), 2, "move", ((1, 1),)), Reach((2, 2), 2, "move", ((2, 2),))
    measured = {best.at: _ruling(True), other.at: _ruling(False)}
    chosen = best_destination([(1.0, best), (1.5, other)], lambda r: measured[r.at])
    assert chosen == other
    assert provokes(measured[best.at]) == 1


def test_a_much_better_destination_is_kept_even_if_it_provokes():
    best, other = Reach((1, 1), 2, "move", ((1, 1),)), Reach((2, 2), 2, "move", ((2, 2),))
    measured = {best.at: _ruling(True), other.at: _ruling(False)}
    assert best_destination([(1.0, best), (5.0, other)], lambda r: measured[r.at]) == best


def test_the_window_finds_the_ai_hook():
    from game.ui.autoplay import find_ai

    hook = find_ai()  # a LazyAI: game.ai is imported at the computer's first decision (start-up time)
    assert hook is not None and hook.target is next_action  # type: ignore[attr-defined]


def test_under_initiative_only_the_unit_to_act_acts():
    text = DUEL.format(ruleset="dnd5e", ax=0, bx=5, extra="", speed=9).replace(
        'ruleset = "dnd5e"', 'ruleset = "dnd5e"\nturns = "initiative"'
    )
    match = Match(parse_level(text, "duel"), 8)
    try:
        for _ in range(4):
            unit = match.active_unit
            actions = take_turn(match, ai_rng(8), strict=True)
            assert {a.unit for a in actions if a.unit} <= {unit}
            assert actions[-1] == Action("end_turn")
    finally:
        match.close()
