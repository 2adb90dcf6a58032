"""Every event the rules report in a shipped game reads as a sentence in every language.

Seen in a window: "Ogre Zombie expand" — the dnd5e event for a squeezed creature spreading out again had
no catalogue line, so the log fell back to the bare event name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import ai_rng, take_turn
from game.battle.match import Match
from game.levels.level import load_level
from game.text.i18n import LANGUAGES, describe_event, has_message
from rules.core import Event, Ruling

LEVELS = Path(__file__).resolve().parent.parent / "levels"
SHIPPED = sorted([*LEVELS.glob("*.toml"), *LEVELS.glob("tutorials/*.toml")])


def _events(path: Path, seeds: range, rounds: int = 6) -> list[Event]:
    """Every event of the rulings of a few AI-against-AI games on the level."""
    seen: list[Event] = []
    for seed in seeds:
        match = Match(load_level(path), seed)
        try:
            rng = ai_rng(seed)
            while not match.finished and match.round <= rounds:
                take_turn(match, rng)
            for record in match.history:
                if isinstance(record.result, Ruling):
                    seen.extend(record.result.events)
                    seen.extend(e for step in record.result.steps for e in step.events)
        finally:
            match.close()
    return seen


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_event_of_a_shipped_game_has_its_own_sentence(path: Path) -> None:
    kinds = {e.kind: e for e in _events(path, range(3))}
    assert kinds, "a few turns of a shipped level report events"
    for kind, event in kinds.items():
        for lang in LANGUAGES:
            assert has_message(f"event.{kind}", lang), f"{path.stem}: no event.{kind} in {lang}"
            assert describe_event(event, lang, {}).strip()


def test_d5_squeeze_the_spreading_out_of_a_squeezed_creature_reads_as_a_sentence() -> None:
    # D5-SQUEEZE: leaving a squeeze is its own event; it reads as a sentence naming the square
    event = Event("expand", "D5-SQUEEZE", unit="ogre", at=(13, 10))
    for lang in LANGUAGES:
        line = describe_event(event, lang, {"ogre": "Ogre"})
        assert "Ogre" in line and "[13, 10]" in line and "expand" not in line.split()
