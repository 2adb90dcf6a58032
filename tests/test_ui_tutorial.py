"""The tutorials: each is played to its end with synthetic pygame events; a wrong action never moves a prompt
on; the prompt never covers the squares it talks about; skip, restart and hide; the menu's "How to play"."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.commands.cli import main as cli_main
from game.levels.level import load_level
from game.levels.tutorial import RULESETS, TutorialError, load_tutorial, tutorial_path
from game.text.i18n import LANGUAGES, set_language
from game.ui.app import App
from game.ui.options import AppOptions
from game.ui.overlays import card_keep, card_rect
from game.ui.scenes.menu import TUTORIAL_ROW, MenuScene
from game.ui.scenes.tutorial import TutorialScene, place_box
from tests.ui_helpers import click, hover, key


@pytest.fixture
def app() -> Iterator[App]:
    app = App(AppOptions(size=(1280, 800)))
    app.step()
    yield app
    app.close()


def open_tutorial(app: App, ruleset: str) -> TutorialScene:
    app.session.open_tutorial(ruleset)
    app.step()
    assert isinstance(app.scene, TutorialScene) and app.scene.tutorial.ruleset == ruleset
    return app.scene


def at(scene: TutorialScene, unit: str) -> tuple[int, int]:
    assert scene.view is not None
    return scene.view.square_center(scene.ctl.situation().creatures[unit].at)


def square(scene: TutorialScene, sq: tuple[int, int]) -> tuple[int, int]:
    assert scene.view is not None
    return scene.view.square_center(sq)


def on_prompt(scene: TutorialScene, index: int) -> None:
    """The prompt shows step `index`, and the box covers none of the squares it talks about."""
    assert scene.coach.index == index, scene.coach.step
    assert scene.view is not None and scene.box is not None
    covered = [r for r in scene.focus_rects(scene.view) if r.inflate(-6, -6).colliderect(scene.box)]
    assert covered == []


# --- the files ----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_tutorial_is_data_in_every_language_and_its_level_passes_check(ruleset: str) -> None:
    tutorial = load_tutorial(tutorial_path(ruleset))
    assert tutorial.ruleset == ruleset and tutorial.steps[-1].check == "done"
    level = load_level(tutorial.level)
    assert level.ruleset == ruleset
    assert cli_main(["check", str(tutorial.level)]) == 0
    units = {u.id for u in level.units}
    for step in tutorial.steps:
        assert set(step.text.translations) == set(LANGUAGES), step
        named = {step.unit, step.target, *(u for pair in step.bound + step.free for u in pair)} - {None}
        assert named <= units, step
        for x, y in step.squares + step.show:
            assert 0 <= x < level.board.width and 0 <= y < level.board.height
    assert {"select", "hover", "forecast", "act", "done"} & {s.check for s in tutorial.steps}


def test_a_bad_tutorial_file_names_the_place_and_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'ruleset = "pf1"\nlevel = "tutorials/pf1.toml"\ntitle = { en = "T" }\n'
        '[[steps]]\ncheck = "wave"\ntext = { en = "x" }\n',
        encoding="utf-8",
    )
    with pytest.raises(TutorialError, match=r"bad\.toml: steps\[0\]: check: 'wave' is not one of"):
        load_tutorial(bad)
    bad.write_text(
        'ruleset = "pf1"\nlevel = "tutorials/pf1.toml"\ntitle = { en = "T" }\n'
        '[[steps]]\ncheck = "select"\ntext = { en = "x" }\n',
        encoding="utf-8",
    )
    with pytest.raises(TutorialError, match=r"steps\[0\]: check 'select' needs 'unit'"):
        load_tutorial(bad)


# --- played to the end ----------------------------------------------------------------------


def play_pf1(app: App, scene: TutorialScene) -> None:
    on_prompt(scene, 0)
    click(app, square(scene, (8, 6)))  # an empty square: nothing is selected
    on_prompt(scene, 0)
    click(app, at(scene, "valeros"))
    on_prompt(scene, 1)
    hover(app, square(scene, (2, 1)))  # a square, but not the marked one
    on_prompt(scene, 1)
    hover(app, square(scene, (3, 1)))
    on_prompt(scene, 2)
    key(app, pygame.K_v)
    on_prompt(scene, 3)
    click(app, square(scene, (2, 5)))  # a move, but not into the field
    assert scene.ctl.situation().creatures["valeros"].at == (2, 5)
    on_prompt(scene, 3)
    key(app, pygame.K_u)  # taken back: the move is still his
    click(app, square(scene, (5, 3)))
    on_prompt(scene, 4)
    click(app, at(scene, "goblin"))
    on_prompt(scene, 5)
    click(app, at(scene, "goblin"))
    on_prompt(scene, 6)
    key(app, pygame.K_e)


def play_dnd5e(app: App, scene: TutorialScene) -> None:
    on_prompt(scene, 0)
    key(app, pygame.K_TAB)
    on_prompt(scene, 1)
    hover(app, square(scene, (4, 3)))
    on_prompt(scene, 2)
    key(app, pygame.K_p)  # dropping prone is not the move asked for
    on_prompt(scene, 2)
    key(app, pygame.K_u)
    click(app, square(scene, (4, 3)))
    on_prompt(scene, 3)
    click(app, at(scene, "orc_archer"))  # the other orc: its forecast is not the one asked for
    on_prompt(scene, 3)
    click(app, at(scene, "orc"))
    on_prompt(scene, 4)
    click(app, at(scene, "orc"))
    on_prompt(scene, 5)
    key(app, pygame.K_g)  # standing up before lying down: refused, nothing advances
    on_prompt(scene, 5)
    key(app, pygame.K_p)
    on_prompt(scene, 6)
    key(app, pygame.K_g)
    on_prompt(scene, 7)
    assert scene.ctl.situation().creatures["bruna"].prone is False
    click(app, square(scene, (3, 2)))
    on_prompt(scene, 8)
    key(app, pygame.K_e)


def play_hexxen(app: App, scene: TutorialScene) -> None:
    on_prompt(scene, 0)
    click(app, at(scene, "jacob"))  # the other hunter
    on_prompt(scene, 0)
    click(app, at(scene, "anna"))
    on_prompt(scene, 1)
    hover(app, at(scene, "acolyte"))
    on_prompt(scene, 1)
    hover(app, at(scene, "cultist"))
    on_prompt(scene, 2)
    click(app, at(scene, "cultist"))  # aims: the forecast, nothing performed yet (the one attack flow)
    on_prompt(scene, 2)
    click(app, at(scene, "cultist"))
    on_prompt(scene, 3)
    key(app, pygame.K_TAB)
    on_prompt(scene, 4)
    key(app, pygame.K_3)  # cut in: not the tactic asked for
    on_prompt(scene, 4)
    key(app, pygame.K_2)
    on_prompt(scene, 5)
    click(app, at(scene, "cultist"))
    on_prompt(scene, 5)
    click(app, at(scene, "cultist"))
    on_prompt(scene, 6)
    assert frozenset({"jacob", "cultist"}) in scene.ctl.situation().bindings
    key(app, pygame.K_e)


PLAYS: dict[str, Callable[[App, TutorialScene], None]] = {"pf1": play_pf1, "dnd5e": play_dnd5e, "hexxen": play_hexxen}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_tutorial_is_played_to_its_end_by_events_and_wrong_actions_do_not_advance(app: App, ruleset: str) -> None:
    scene = open_tutorial(app, ruleset)
    PLAYS[ruleset](app, scene)
    assert scene.coach.finished and app.scene is scene
    on_prompt(scene, len(scene.tutorial.steps) - 1)
    assert (
        app.session.match is not None and app.session.match.active_side != app.session.match.level.sides[0].id
    )  # the computer's turn


@pytest.mark.parametrize("lang", ["de", "he"])
def test_a_tutorial_plays_the_same_in_another_language(app: App, lang: str) -> None:
    set_language(lang)
    scene = open_tutorial(app, "hexxen")
    play_hexxen(app, scene)
    assert scene.coach.finished


# --- skip, restart, hide, and where the prompt goes ---------------------------------------


def test_skip_restart_and_hide_by_key_and_by_button(app: App) -> None:
    scene = open_tutorial(app, "pf1")
    key(app, pygame.K_n)
    on_prompt(scene, 1)
    skip = next(b for b in scene.buttons if b.intent == "skip")
    click(app, skip.rect.center)
    on_prompt(scene, 2)
    assert scene.ctl.selected is None  # the click on the button did not reach the board
    key(app, pygame.K_x)
    assert scene.hidden and [b.intent for b in scene.buttons] == ["hide"]
    click(app, scene.buttons[0].rect.center)
    assert not scene.hidden
    click(app, at(scene, "valeros"))
    click(app, square(scene, (2, 3)))
    restart = next(b for b in scene.buttons if b.intent == "restart")
    click(app, restart.rect.center)
    fresh = app.scene
    assert isinstance(fresh, TutorialScene) and fresh is not scene
    on_prompt(fresh, 0)
    assert fresh.ctl.situation().creatures["valeros"].at == (1, 3) and not app.session.match.history


def test_the_prompt_takes_a_spot_clear_of_what_it_talks_about() -> None:
    area = pygame.Rect(0, 0, 900, 700)
    top_right = pygame.Rect(700, 20, 40, 40)
    box = place_box(area, (400, 150), [top_right])
    assert not box.colliderect(top_right) and area.contains(box)
    unit = pygame.Rect(700, 600, 40, 40)
    box = place_box(area, (400, 150), [top_right], [unit])
    assert not box.colliderect(top_right) and not box.colliderect(unit)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prompt_never_covers_the_hover_card_in_any_language(app: App, lang: str) -> None:
    # in Hebrew the card sits top right, where the prompt went first: the card the prompt explains was hidden
    set_language(lang)
    scene = open_tutorial(app, "pf1")
    click(app, at(scene, "valeros"))
    assert scene.view is not None
    for sq in [(3, 1), (7, 5), (2, 0), (8, 0), (0, 6), (9, 6)]:
        hover(app, square(scene, sq))
        lines = scene.ctl.look.card_lines()
        assert lines and scene.box is not None, sq
        card = card_rect(lines, scene.view.rect, scene.pointer(), card_keep(scene.ctl, scene.view))
        assert not scene.box.colliderect(card), (lang, sq, scene.box, card)
        assert [r for r in scene.focus_rects(scene.view) if r.inflate(-6, -6).colliderect(scene.box)] == []


# --- reachable from the level menu -----------------------------------------------------------


def test_how_to_play_in_the_level_menu_by_click_and_by_keys(app: App) -> None:
    app.screens.show_menu(None)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.step()
    rects = menu._tutorial_rects(app.screen.get_width())
    click(app, rects[1].center)
    assert isinstance(app.scene, TutorialScene) and app.scene.tutorial.ruleset == "dnd5e"
    app.screens.show_menu(None)
    menu = app.scene
    assert isinstance(menu, MenuScene) and menu.index == 0
    key(app, pygame.K_UP)
    assert menu.index == TUTORIAL_ROW
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TutorialScene) and app.scene.tutorial.ruleset == "hexxen"
