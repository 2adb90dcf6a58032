"""The hover card says before the click what `measure` says on the command line, rule ids included."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.commands.cli import main
from game.text.i18n import set_language, t
from game.text.measure_text import band_name
from tests.ui_helpers import battle, hover, open_app

LEVELS = Path(__file__).resolve().parent.parent / "levels"


@pytest.mark.parametrize(
    ("level", "unit"), [("pf1_bridge.toml", "valeros"), ("dnd5e_crypt.toml", None), ("pf1_swamp.toml", None)]
)
def test_the_hover_card_of_a_path_equals_what_measure_reports(
    level: str, unit: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    set_language("en")
    app = open_app(LEVELS / level)
    try:
        scene = battle(app)
        uid = unit or next(u for u in scene.ctl.situation().creatures if u in scene.ctl.actors)
        scene.ctl.select(uid)
        assert scene.ctl.forecast is not None and scene.view is not None
        # the dearest square: the longest breakdown, with every kind of step the map has on the way
        far, entry = max(scene.ctl.forecast.reach.items(), key=lambda kv: (kv[1].cost, kv[0]))
        hover(app, scene.view.square_center(far))
        card = scene.ctl.look.card_lines()
        assert card, "a hovered reachable square shows its card"
        capsys.readouterr()
        main(["measure", str(LEVELS / level), uid, *(f"{x},{y}" for x, y in entry.path), "--lang", "en"])
        printed = [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip()]
        assert card[: len(printed)] == printed
        # both name the unit as players know it, never by its id
        name = scene.ctl.situation().creatures[uid].name
        assert any(line.startswith(f"{name}:") for line in card) and not any(
            line.startswith(f"{uid}:") for line in card
        )
        assert any("[" in line or "PF1-" in line or "D5-" in line for line in printed)
        assert len(card) == len(printed) + 1, "then what the move uses and leaves"
    finally:
        app.close()


def test_d5_dash_the_card_of_a_dash_square_counts_the_dash_in_what_is_left() -> None:
    # D5-DASH: the dash adds a speed, so a dash path leaves 2 x speed - cost, not speed - cost (was 0 m)
    set_language("en")
    app = open_app(LEVELS / "dnd5e_crypt.toml")
    try:
        scene = battle(app)
        uid = next(u for u in scene.ctl.situation().creatures if u in scene.ctl.actors)
        scene.ctl.select(uid)
        assert scene.ctl.forecast is not None and scene.view is not None
        speed_cm = round(scene.ctl.situation().creatures[uid].speed * 100)
        dash = [(sq, r) for sq, r in scene.ctl.forecast.reach.items() if r.band == "dash" and r.cost < 2 * speed_cm]
        sq, entry = min(dash, key=lambda kv: (kv[1].cost, kv[0]))
        hover(app, scene.view.square_center(sq))
        left = (2 * speed_cm - entry.cost) / 100
        assert left > 0
        assert scene.ctl.look.card_lines()[-1] == t("card.uses_left", band=band_name("dash"), metres=left)
    finally:
        app.close()
