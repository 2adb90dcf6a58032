"""The hot-seat hand-over: its recap keeps what matters (units down, damage, attacks of opportunity, bindings)
when the turn was long, and its Ready button stands in the same place whatever the recap's length."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.battle.match import LogEntry
from game.ui.app import App
from game.ui.recap import LEAST, RANKS, RecapLine, fitting, rank
from game.ui.scenes.handover import HandOverScene
from tests.ui_helpers import battle, open_app, write_level


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("GRIDBOUND_DATA_DIR", str(tmp_path / "data"))
    opened = open_app(write_level(tmp_path, "pf1"), "960x540")
    yield opened
    opened.close()


def _entry(kind: str) -> LogEntry:
    return LogEntry(1, "hero", kind, kind, (), True)


def test_units_down_then_damage_then_attacks_of_opportunity_then_bindings_then_the_rest() -> None:
    order = ["down", "hit", "opportunity_attack", "provokes", "bind", "unbind", "move", "miss", "interact"]
    ranks = [rank(_entry(kind)) for kind in order]
    assert ranks == sorted(ranks) and ranks[0] == 0 and ranks[1] == 1 and ranks[2] == ranks[3] == 2
    assert ranks[4] == ranks[5] == 3 and ranks[-1] == LEAST and rank(_entry("move")) == LEAST


@given(st.lists(st.integers(0, LEAST), max_size=40), st.integers(1, 12))
def test_the_fitting_lines_are_the_most_important_in_play_order(ranks: list[int], room: int) -> None:
    lines = [RecapLine(f"line {i}", r) for i, r in enumerate(ranks)]
    shown, left_out = fitting(lines, room)
    assert len(shown) + (1 if left_out else 0) <= room, "the left-out count takes a line of its own"
    assert len(shown) + left_out == len(lines)
    positions = [lines.index(line) for line in shown]
    assert positions == sorted(positions), "shown in the order they happened"
    dropped = [line for line in lines if line not in shown]
    if shown and dropped:
        assert max(line.rank for line in shown) <= min(line.rank for line in dropped)


def test_a_long_turn_keeps_the_unit_that_went_down_and_the_damage(app: App) -> None:
    """The complaint: the recap cut to "… and 7 earlier actions" and hid "Goblin Cutter is down"."""
    moves = [RecapLine(f"Hero moves to [{i}, 2]", LEAST) for i in range(14)]
    lines = [RecapLine("Kyra takes 8 from an attack of opportunity", RANKS["hit"])]
    lines += [*moves, RecapLine("Goblin Cutter is down", RANKS["down"]), *moves]
    scene = HandOverScene(battle(app), "Blue", (46, 110, 176), lines)
    app.switch(scene)
    app.step()
    shown = scene._shown()
    assert "Goblin Cutter is down" in shown and "Kyra takes 8 from an attack of opportunity" in shown
    assert shown.index("Kyra takes 8 from an attack of opportunity") < shown.index("Goblin Cutter is down")
    assert len(shown) == scene.room >= 3
    assert str(len(lines) - (scene.room - 1)) in shown[-1]  # what was left out is counted


@pytest.mark.parametrize("size", [(960, 540), (1280, 800), (1920, 1080)])
def test_the_ready_button_stands_in_one_place_whatever_the_recap(app: App, size: tuple[int, int]) -> None:
    """Seen in a window: the button sat at y 458, 502 or 535 as the recap grew, and taps in one place missed."""
    pygame.display.set_mode(size)
    app.screen = pygame.display.get_surface()
    places = []
    fight = battle(app)
    for count in (0, 1, 3, 6, 12, 40):
        scene = HandOverScene(fight, "Blue", (46, 110, 176), [f"Hero moves to [{i}, 2]" for i in range(count)])
        app.switch(scene)
        scene.draw(app.screen)
        assert scene.button is not None
        places.append(tuple(scene.button.rect))
        assert scene.button.rect.bottom <= size[1] and scene.button.rect.top > scene.band.bottom
    assert len(set(places)) == 1, places
