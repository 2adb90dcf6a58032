"""Tokens told apart at a glance: unique short labels, never an article (issue #15, names not ids)."""

from __future__ import annotations

import pytest

from game.i18n import LANGUAGES, set_language
from game.level import load_level
from game.paths import LEVELS_DIR
from game.ui.tokens import ARTICLES, short_label, token_labels
from rules.core import Creature


@pytest.mark.parametrize(
    "path", sorted([*LEVELS_DIR.glob("*.toml"), *LEVELS_DIR.glob("tutorials/*.toml")]), ids=lambda p: p.stem
)
@pytest.mark.parametrize("room", [4, 8])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shipped_levels_tokens_read_differently(path, room: int, lang: str) -> None:
    """In the four letters a token has at normal zoom (or more), no two units of a level read alike, nor "Der"/"The",
    in every language (the labels come from the unit names in the chosen language)."""
    set_language(lang)
    level = load_level(path)
    shown = [short_label(label, room) for label in token_labels({u.id: u for u in level.units}).values()]
    assert len(set(shown)) == len(shown), sorted(shown)
    assert not any(label.lower() in ARTICLES for label in shown)


def test_names_alike_get_initials_or_numbers() -> None:
    """Goblin Cutter and Goblin Skirmisher read GC and GS; two Rats read Rat1 and Rat2, cut as Ra1 in 3 letters."""

    def unit(uid: str, name: str) -> Creature:
        return Creature(id=uid, side="x", at=(0, 0), name=name)

    labels = token_labels(
        {
            c.id: c
            for c in (
                unit("g1", "Goblin Cutter"),
                unit("g2", "Goblin Skirmisher"),
                unit("r1", "Rat"),
                unit("r2", "Rat"),
            )
        }
    )
    assert (labels["g1"], labels["g2"]) == ("GC", "GS")
    assert [short_label(labels[r], 8) for r in ("r1", "r2")] == ["Rat1", "Rat2"]
    assert short_label(labels["r2"], 3) == "Ra2"
    alone = token_labels({"p": unit("p", "Der Prediger (leader)")})
    assert alone["p"] == "Prediger"


def test_hyphenated_names_part_like_words() -> None:
    """German compounds with a hyphen read like two words: "Goblin-Plänkler" GP, "Ork-Rohling" Ork (not "Ork-")."""

    def unit(uid: str, name: str) -> Creature:
        return Creature(id=uid, side="x", at=(0, 0), name=name)

    labels = token_labels({c.id: c for c in (unit("a", "Goblin-Plänkler"), unit("b", "Goblin-Schlitzer"))})
    assert (labels["a"], labels["b"]) == ("GP", "GS")
    assert token_labels({"o": unit("o", "Ork-Rohling")})["o"] == "Ork"
