"""Units that share a name are numbered wherever players read names, as their tokens are.

Seen in a window on Witchfire over Kleinhausen: "Jacob binds Cultist" with four Cultists on the board,
whose tokens read Cultis1 … Cultis4.
"""

from __future__ import annotations

from pathlib import Path

from game.battle.match import Match
from game.levels.level import load_level
from game.text.i18n import LANGUAGES, describe, set_language
from game.text.local_text import LocalText, local
from game.text.unit_names import distinct_names
from game.ui.token_labels import token_labels
from rules.actions import Action
from rules.core import Creature

LEVELS = Path(__file__).resolve().parent.parent / "levels"


def _unit(uid: str, name: str | None) -> Creature:
    return Creature(uid, "x", (0, 0), name=name)


def test_shared_names_are_numbered_in_id_order_and_others_kept() -> None:
    units = [_unit("rat_b", "Rat"), _unit("boss", "Rat King"), _unit("rat_a", "Rat"), _unit("ghost", None)]
    assert distinct_names(units) == {"rat_a": "Rat 1", "rat_b": "Rat 2", "boss": "Rat King", "ghost": "ghost"}


def test_a_name_in_several_languages_is_numbered_in_each() -> None:
    cultist = LocalText({"en": "Cultist", "de": "Kultist", "he": "חבר כת"})
    names = distinct_names([_unit("k1", cultist), _unit("k2", cultist)])
    assert [local(names["k2"], lang) for lang in ("en", "de", "he", "it")] == [
        "Cultist 2",
        "Kultist 2",
        "חבר כת 2",
        "Cultist 2",
    ]


def test_the_log_names_the_cultist_the_token_shows() -> None:
    level = load_level(LEVELS / "hexxen_village.toml")
    names = level.display_names
    cultists = sorted(u.id for u in level.units if u.name == "Cultist")
    assert len(cultists) == 4 and len({names[c] for c in cultists}) == 4
    match = Match(level, seed=0)
    try:
        target = cultists[2]
        assert match.perform(Action("attack", "jacob", target=target)).ok
        for lang in LANGUAGES:
            set_language(lang)
            token = token_labels({u.id: u for u in level.units})[target]
            lines = [describe(e, lang, names) for e in match.log]
            shown = str(local(names[target], lang))
            assert shown.endswith(" 3") and all(form.endswith("3") for form in token), (shown, token)
            assert any(shown in line for line in lines), lines
    finally:
        match.close()
        set_language("en")
