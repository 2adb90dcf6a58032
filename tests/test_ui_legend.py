"""The map legend: what each mark means under the level's ruleset, asked of the ruleset's own `measure`,
shown by F2 and the panel's Legend button, in every language."""

from __future__ import annotations

import pygame
import pytest

from game.levels.terrain_legend import SQUARE_KINDS, abstract, terrain_legend
from game.text.i18n import LANGUAGES, set_language
from game.ui.app import App
from game.ui.legend import legend_lines
from game.ui.overlays import help_lines
from rules.core import Options
from tests.ui_helpers import battle, click, key


def _by_mark(ruleset: str, options: Options | None = None) -> dict:
    return {e.mark: e for e in terrain_legend(ruleset, options)}


def test_pf1_marks_cost_what_the_rules_say() -> None:
    marks = _by_mark("pf1")
    assert set(marks) == {*SQUARE_KINDS, "edge_hampering", "edge_blocking", "edge_door_closed", "edge_door_open"}
    assert marks["difficult"].factor == 2 and "PF1-DIFFICULT" in marks["difficult"].rules
    assert marks["hampering"].factor == 2 and "PF1-OBSTACLE-HAMPER" in marks["hampering"].rules
    assert marks["dark"].factor == 2 and "PF1-HAMPERED" in marks["dark"].rules  # a walker that cannot see there
    assert marks["narrow"].factor == 2 and "PF1-SQUEEZE" in marks["narrow"].rules
    assert "PF1-OBSTACLE-EDGE" in marks["edge_hampering"].rules
    for refused in ("pit", "wall", "door_closed", "edge_blocking"):
        assert marks[refused].factor is None and marks[refused].rules == ("PF1-OBSTACLE-BLOCK",), refused
    assert marks["door_open"].factor == 1 and marks["door_open"].rules == ()
    # a door on an edge: closed, the door rule refuses the step; open, it costs nothing
    assert marks["edge_door_closed"].factor is None and marks["edge_door_closed"].rules == ("GB-PF-DOOR",)
    assert marks["edge_door_open"].factor == 1 and marks["edge_door_open"].rules == ()
    # open ground's own rule is not repeated on every line
    assert all("PF1-OPEN-SQUARE" not in e.rules for e in marks.values())


def test_dnd5e_marks_differ_where_its_rules_differ() -> None:
    marks = _by_mark("dnd5e")
    assert marks["difficult"].factor == 2 and marks["difficult"].rules == ("D5-DIFFICULT",)
    assert marks["dark"].factor == 1 and marks["dark"].rules == ()  # darkness changes no dnd5e movement
    assert marks["narrow"].factor is None and marks["narrow"].rules == ("D5-SQUEEZE",)
    assert marks["pit"].rules == ("D5-GRID-OBSTACLES",)
    assert marks["edge_door_closed"].factor is None and marks["edge_door_closed"].rules == ("GB-5E-DOOR",)
    assert marks["edge_door_open"].factor == 1 and marks["edge_door_open"].rules == ()


def test_hexxen_says_once_that_it_measures_no_paths() -> None:
    entries = terrain_legend("hexxen")
    assert abstract(entries) == "HX-ABSTRACT"
    lines = legend_lines("hexxen", Options())
    assert lines[0][0] is None and "HX-ABSTRACT" in lines[0][1]
    assert abstract(terrain_legend("pf1")) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_is_written_in_every_language_with_its_rule_ids(lang: str) -> None:
    set_language(lang)
    lines = legend_lines("pf1", Options())
    texts = dict(lines)
    assert "PF1-DIFFICULT" in texts["difficult"] and "PF1-OBSTACLE-BLOCK" in texts["pit"]
    assert "GB-PF-DOOR" in texts["edge_door_closed"]
    assert all("⟦" not in text and "{" not in text for _, text in lines)  # no missing key, no unfilled place
    set_language("en")
    if lang != "en":
        assert texts["difficult"] != dict(legend_lines("pf1", Options()))["difficult"]


def test_f2_and_the_legend_button_open_it_and_esc_closes_it(pf1_app: App) -> None:
    scene = battle(pf1_app)
    before = pygame.image.tobytes(pf1_app.screen, "RGB")
    key(pf1_app, pygame.K_F2)
    assert scene.legend
    assert pygame.image.tobytes(pf1_app.screen, "RGB") != before  # the box is drawn over the board
    key(pf1_app, pygame.K_ESCAPE)
    assert not scene.legend
    assert scene.panel is not None
    button = next(b for b in scene.panel.buttons if b.intent == "legend")
    click(pf1_app, button.rect.center)
    assert scene.legend
    click(pf1_app, button.rect.center)
    assert not scene.legend


def test_the_f1_help_names_the_legend_and_credits_the_art(pf1_app: App) -> None:
    lines = help_lines(battle(pf1_app).ctl)
    assert any("F2" in line for line in lines)
    assert any("OpenMoji" in line and "CC BY-SA 4.0" in line for line in lines)
