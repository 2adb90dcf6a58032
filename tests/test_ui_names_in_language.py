"""Lists of unit names on the battle screen are written in the player's language, as every single name is.

Seen in a real window (German, hexxen_village): the end-turn question listed "Father Matthias, Greta the Herb
Woman" — the level's English names — because the list was joined into one string before the catalogue's `{names}`
could put each name into the language; the release question listed unit ids.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.text.i18n import current_language, set_language, t
from game.text.local_text import LocalText
from game.ui.forecast import Forecast
from game.ui.input_states import ChoosingRelease
from game.ui.scenes.dialog import DialogScene
from rules.ruleset import Reach
from tests.ui_helpers import battle, key, open_app

ROOT = Path(__file__).resolve().parent.parent
VILLAGE = ROOT / "levels" / "hexxen_village.toml"


def test_the_end_turn_question_names_the_idle_units_in_the_language() -> None:
    # GB-TURN: ending a turn with units that did nothing asks first, naming them as the player knows them
    before = current_language()
    app = open_app(VILLAGE)
    try:
        for lang, matthias, greta in (
            ("de", "Pater Matthias", "Greta die Kräuterfrau"),
            ("it", "Padre Matthias", "Greta l'erborista"),
            ("he", "האב מתיאס", "גרטה המרפאה בצמחים"),
        ):
            set_language(lang)
            scene = battle(app)
            key(app, pygame.K_e)
            dialog = app.scene
            assert isinstance(dialog, DialogScene)
            text = " ".join(dialog.lines)
            assert matthias in text and greta in text, text
            assert "Father" not in text and "Herb" not in text
            dialog.cancel()  # keep playing: the battle again, nothing ended
            assert app.scene is scene and scene.ctl.match.history == []
    finally:
        set_language(before)
        app.close()


def test_the_release_question_names_the_comrades_not_their_ids() -> None:
    # HX-RELIEF, HX-CUTIN: the player clicks the comrade whose binding ends; the question names the choices
    before = current_language()
    app = open_app(VILLAGE)
    try:
        set_language("de")
        ctl = battle(app).ctl
        ctl.select("jacob")
        ctl.enter(ChoosingRelease("jacob", "prediger", ("matthias", "greta")))
        ctl.click_square((8, 11))  # nobody there: it asks again, naming them
        assert ctl.toast is not None
        assert "Pater Matthias" in ctl.toast and "Greta die Kräuterfrau" in ctl.toast
        assert "matthias" not in ctl.toast and "greta," not in ctl.toast
    finally:
        set_language(before)
        app.close()


def test_the_previews_provokers_are_named_in_the_language() -> None:
    # GB-PF-AOO: the cursor's preview lists who a path provokes, each name in the language
    from tests.test_ui_forecast import FakeRuleset, situation

    before = current_language()
    orc = LocalText({"en": "Grul the Orc", "de": "Grul der Ork", "it": "Grul l'orco", "he": "גרול האורק"})
    ruleset = FakeRuleset([Reach((1, 0), 1, "move", ((1, 0),))])
    preview = Forecast.build(ruleset, situation(), "hero").preview(ruleset, situation(), (1, 0))  # type: ignore[arg-type]
    assert preview is not None
    try:
        for lang, name in (("de", "Grul der Ork"), ("it", "Grul l'orco"), ("he", "גרול האורק")):
            set_language(lang)
            label = preview.label({"orc": orc})
            assert t("battle.provokes_from", names=(orc,)) in label and name in label, label
            assert "Grul the Orc" not in label
    finally:
        set_language(before)
