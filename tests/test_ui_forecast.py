"""The battle screen's forecast logic without a window: bands → actions, reach split, preview caching."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import dataclass, field

from game.ui.forecast import Forecast, action_for_band
from rules.actions import Action
from rules.core import Board, Creature, Event, Ruling, Situation, StepRuling, Terrain
from rules.ruleset import Reach


def test_bands_map_to_the_actions_that_pay_for_them() -> None:
    path = ((1, 1), (2, 2))
    assert action_for_band("move", "a", path) == Action("move", "a", path)
    assert action_for_band("double_move", "a", path) == Action("double_move", "a", path)
    assert action_for_band("run", "a", path) == Action("run", "a", path)
    # one dash action carrying its path, for UI and AI alike (D5-DASH)
    assert action_for_band("dash", "a", path) == Action("dash", "a", path)


@dataclass
class FakeRuleset:
    """Answers reachable with fixed entries and counts measure calls."""

    entries: list[Reach]
    calls: list[tuple[tuple[int, int], ...]] = field(default_factory=list)

    def reachable(self, sit: Situation, unit: str, mode: str | None = None) -> list[Reach]:
        return self.entries

    def measure(self, sit: Situation, unit: str, path, mode=None) -> Ruling:  # type: ignore[no-untyped-def]
        self.calls.append(tuple(path))
        provoke = Event("provokes", "GB-PF-AOO", unit, "orc", path[0])
        steps = tuple(StepRuling(sq, 1, ("PF1-DIAG",), (provoke,) if i == 0 else ()) for i, sq in enumerate(path))
        return Ruling(cost=len(path), unit_cm=150, steps=steps, band="move")


def situation() -> Situation:
    """A board with the orc that the fake steps provoke (an unknown provoker takes no attack, as GB-AOO rolls them)."""
    board = Board(3, 3, tuple(Terrain() for _ in range(9)))
    return Situation("pf1", board, {"orc": Creature("orc", "foe", (2, 2))})


def test_forecast_splits_squares_from_engagements_and_caches_previews() -> None:
    ruleset = FakeRuleset(
        [
            Reach((1, 0), 1, "move", ((1, 0),)),
            Reach((2, 0), 3, "double_move", ((1, 0), (2, 0))),
            Reach((2, 2), 0, "engage", (), target="orc"),
        ]
    )
    forecast = Forecast.build(ruleset, situation(), "hero")  # type: ignore[arg-type]
    assert set(forecast.reach) == {(1, 0), (2, 0)}
    assert set(forecast.engage) == {"orc"}
    assert forecast.bands() == ["move", "double_move", "engage"]
    first = forecast.preview(ruleset, situation(), (2, 0))  # type: ignore[arg-type]
    again = forecast.preview(ruleset, situation(), (2, 0))  # type: ignore[arg-type]
    assert first is again and ruleset.calls == [((1, 0), (2, 0))]
    assert first is not None
    assert first.cost_m == 3.0 and first.cost_squares == 2
    assert first.provoking == ((1, 0),)
    assert first.label() == "3 m · 2 sq · double move · ! attacks of opportunity: orc"
    assert forecast.preview(ruleset, situation(), (0, 2)) is None  # type: ignore[arg-type]


def test_straight_paths_step_one_square_at_a_time_in_every_direction() -> None:
    from game.ui.forecast import straight_path

    assert straight_path((1, 2), (4, 2)) == ((2, 2), (3, 2), (4, 2))
    assert straight_path((4, 2), (1, 2)) == ((3, 2), (2, 2), (1, 2))
    assert straight_path((0, 0), (3, 3)) == ((1, 1), (2, 2), (3, 3))
    assert straight_path((0, 0), (4, 2)) == ((1, 1), (2, 1), (3, 2), (4, 2))
    assert straight_path((4, 2), (0, 0)) == ((3, 1), (2, 1), (1, 0), (0, 0))
    path = straight_path((2, 7), (9, 1))
    assert path[-1] == (9, 1)
    steps = zip(((2, 7), *path), path, strict=False)
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in steps)


def test_previews_and_cards_name_the_provoking_enemy_as_players_know_it() -> None:
    """Seen in a window: "! attacks of opportunity: ogre" and "kyra provokes … from ogre" (ids, not names)."""
    from game.text.i18n import set_language
    from game.text.measure_text import measure_lines

    set_language("en")
    ruleset = FakeRuleset([Reach((1, 0), 1, "move", ((1, 0),))])
    forecast = Forecast.build(ruleset, situation(), "hero")  # type: ignore[arg-type]
    preview = forecast.preview(ruleset, situation(), (1, 0))  # type: ignore[arg-type]
    assert preview is not None
    names = {"hero": "Kyra", "orc": "Grul the Orc"}
    assert preview.label(names).endswith("! attacks of opportunity: Grul the Orc")
    lines = [line.strip() for line in measure_lines("Kyra", preview.result, names)]
    assert "! Kyra provokes an attack of opportunity from Grul the Orc [GB-PF-AOO]" in lines
    assert not any("orc " in line or "hero" in line for line in lines)
