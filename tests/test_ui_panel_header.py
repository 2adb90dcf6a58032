"""The panel's header keeps every level's name whole, on one line (seen in a window: the Italian
"La sala del gigante delle colline" lost its last word)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.text import i18n
from game.ui import widgets
from game.ui.scenes.battle import BattleScene
from tests.ui_helpers import open_app

LEVELS = sorted((Path(__file__).resolve().parent.parent / "levels").glob("*.toml"))


@pytest.mark.parametrize("lang", ["it", "de"])
def test_every_level_name_fits_the_header(lang: str) -> None:
    i18n.set_language(lang)
    app = open_app(LEVELS[0])
    try:
        for level in LEVELS:
            widgets.CLIPPED.clear()
            app.session.open_level(level)
            app.step()
            scene = app.scene
            assert isinstance(scene, BattleScene) and scene.panel is not None
            assert widgets.CLIPPED == [], level.name
    finally:
        app.close()
        i18n.set_language("en")
