"""The computer's strength chosen per side: controllers, `--ai` on every command, the level menu."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from pathlib import Path

import pygame
import pytest

from game.ai.strengths import DEFAULT_STRENGTH, STRENGTHS
from game.commands.cli import main
from game.lab.simulate import variant
from game.levels.controllers import (
    AI_STRENGTHS,
    DEFAULT_AI,
    StrengthError,
    ai_assignments,
    controller_strength,
    parse_ai,
    side_strength,
    with_strengths,
)
from game.levels.level import LevelError, load_level, parse_level
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.scenes.menu import MenuScene
from tests.ui_helpers import FIELD

ROOT = Path(__file__).resolve().parent.parent
BRIDGE = ROOT / "levels" / "pf1_bridge.toml"
ARENA = ROOT / "levels" / "arena_4v4.toml"


def test_the_level_knows_the_engines_strengths():
    assert AI_STRENGTHS == STRENGTHS and DEFAULT_AI == DEFAULT_STRENGTH


def test_controllers_name_a_person_or_the_computer_at_a_strength():
    assert controller_strength("human") is None
    assert controller_strength("ai") == "normal"  # the plain value keeps its meaning
    assert [controller_strength(f"ai:{s}") for s in STRENGTHS] == list(STRENGTHS)


def test_a_level_side_may_name_a_strength_and_refuses_an_unknown_one():
    text = FIELD.format(ruleset="pf1").replace('name = "Blue"\n', 'name = "Blue"\ncontroller = "ai:hard"\n')
    level = parse_level(text, "field")
    assert side_strength(level, "blue") == "hard" and side_strength(level, "red") == "normal"
    with pytest.raises(LevelError, match="ai:genius"):
        parse_level(text.replace("ai:hard", "ai:genius"), "field")


def test_the_ai_option_reads_one_strength_or_one_per_side():
    assert parse_ai("hard") == {"*": "hard"}
    assert parse_ai("hunters=hard, beasts=easy") == {"hunters": "hard", "beasts": "easy"}
    assert parse_ai("easy,beasts=hard") == {"*": "easy", "beasts": "hard"}
    for bad in ("genius", "hunters=genius", "hard,easy", "=hard", "a=hard,a=easy"):
        with pytest.raises(StrengthError, match="--ai"):
            parse_ai(bad)


def test_strengths_applied_to_a_level_leave_people_alone_unless_named():
    level = load_level(BRIDGE)  # hunters: human, ogres: ai
    sides = [s.id for s in level.sides]
    assert [s.controller for s in with_strengths(level, {"*": "hard"}).sides] == ["human", "ai:hard"]
    named = with_strengths(level, {sides[0]: "easy"})
    assert [s.controller for s in named.sides] == ["ai:easy", "ai"]
    everyone = with_strengths(level, {"*": "easy"}, all_computer=True)
    assert [s.controller for s in everyone.sides] == ["ai:easy", "ai:easy"]
    with pytest.raises(StrengthError, match="nobody"):
        with_strengths(level, {"nobody": "hard"})
    assert with_strengths(level, {"nobody": "hard"}, strict=False).sides == level.sides


def test_the_ai_option_as_level_assignments():
    assert ai_assignments({"beasts": "hard", "*": "easy"}) == [
        'sides.*.controller="ai:easy"',
        'sides.beasts.controller="ai:hard"',
    ]
    _, level = variant(ARENA, ai_assignments({"*": "easy", "blue": "hard"}))
    assert [s.controller for s in level.sides] == ["ai:easy", "ai:hard"]
    _, level = variant(ARENA, ["units.*.hp=5"])  # the wildcard works on any list of tables
    assert {u.hp for u in level.units} == {5}


def test_simulate_plays_each_side_at_its_strength(capsys: pytest.CaptureFixture[str]):
    code = main(["simulate", str(ARENA), "--games", "2", "--ai", "red=random,blue=normal", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["base"]["set"] == [
        'sides.red.controller="ai:random"',
        'sides.blue.controller="ai:normal"',
    ]
    assert data["base"]["illegal_actions"] == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", str(ARENA), "--games", "1", "--ai", "genius"],
        ["simulate", str(ARENA), "--games", "1", "--ai", "green=hard"],
        ["play", str(ARENA), "--frames", "1", "--ai", "green=hard"],
        ["kiosk", "--frames", "1", "--ai", "genius"],
    ],
)
def test_a_bad_ai_option_is_one_line_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "--ai" in err and len(err.splitlines()) == 1


def test_sweep_takes_the_ai_option_into_every_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    sweep = tmp_path / "s.toml"
    sweep.write_text(f'levels = ["{ARENA}"]\ngames = 1\n[grid]\n"units.red_1.hp" = [20, 10]\n', encoding="utf-8")
    assert main(["sweep", str(sweep), "--ai", "easy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    text = json.dumps(data)
    assert 'sides.*.controller=\\"ai:easy\\"' in text


def test_play_opens_the_level_with_the_chosen_strength(tmp_path: Path):
    app = App(AppOptions(level=str(BRIDGE), ai=(("*", "hard"),)))
    try:
        assert app.session.match is not None
        assert [s.controller for s in app.session.match.level.sides] == ["human", "ai:hard"]
    finally:
        app.close()


def test_the_level_menu_chooses_the_computers_strength_before_a_game():
    app = App(AppOptions(level=str(BRIDGE)))
    try:
        app.screens.show_menu(None)
        menu = app.scene
        assert isinstance(menu, MenuScene)
        app.step()
        seen = []
        for _ in range(4):
            centre = menu.button("strength").rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
            app.step()
            seen.append(dict(app.ai))
        assert seen == [{"*": "easy"}, {"*": "normal"}, {"*": "hard"}, {}]
        assert menu.button("strength").label == "Computer: as the level says"
        centre = menu.button("strength").rect.center
        for _ in range(3):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
            app.step()
        assert menu.button("strength").label == "Computer: hard"
        entry = next(e for e in menu.entries if e.path.name == "pf1_bridge.toml")
        menu.open_entry(entry)
        app.step()
        assert app.session.match is not None and [s.controller for s in app.session.match.level.sides] == [
            "human",
            "ai:hard",
        ]
    finally:
        app.close()
