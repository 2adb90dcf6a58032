"""The hard player's margin by ruleset (search.py's RULESET_MARGINS): HeXXen's 3.0 with its pick; 0.4 was tried."""

from __future__ import annotations

import random

import pytest

from game.ai import hexxen_pick, snapshot
from game.ai import search as hard
from game.battle.match import Match
from game.levels.level import parse_level
from rules.actions import Action
from tests.test_ai_hexxen_ties import _mire
from tests.test_ai_tactics import level, unit

GAIN = 0.5
"""What the fake playouts give the sneak attack over every other option: between HeXXen's margin and MARGIN."""


def _fake_playout(better: Action):
    """A playout that values `better` GAIN above every other first action, whatever the dice."""

    def fake(_snap, _unit, first, seed, shift=None, focus=None, struck=None, hold=False, **_):
        return GAIN if first == better else 0.0

    return fake


@pytest.fixture(autouse=True)
def _script_pick(monkeypatch: pytest.MonkeyPatch) -> None:
    """The side's script as normal plays it (with hexxen_pick's pick the poacher's script engages the free hunter)."""
    monkeypatch.setattr(hexxen_pick, "HEXXEN_PICK", False)


@pytest.fixture
def hexxen_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """HeXXen's margin at the smaller setting measured without the pick (it did not ship)."""
    monkeypatch.setattr(hard, "RULESET_MARGINS", {"hexxen": 0.4})


def test_the_shipped_search_keeps_a_wider_margin_in_hexxen_only() -> None:
    """HeXXen, where sides take whole turns, ships a margin of 3.0 (its side plays the pick, which the search leaves
    only for a playout better by a unit's whole worth and more); by initiative and in pf1 and dnd5e MARGIN holds."""
    assert hard.RULESET_MARGINS == {"hexxen": 3.0}
    assert hard.margin(_mire()) == 3.0
    assert hard.margin(_mire(turns="initiative")) == hard.MARGIN


@pytest.mark.usefixtures("hexxen_margin")
def test_hexxen_keeps_a_smaller_margin_than_the_other_rulesets() -> None:
    """HeXXen's margin (0.4) is below MARGIN (0.75) where sides take whole turns; by initiative (the mirror level),
    and in pf1 and dnd5e, MARGIN holds."""
    assert hard.margin(_mire()) == 0.4 < hard.MARGIN
    assert hard.margin(_mire(turns="initiative")) == hard.MARGIN
    pf1 = snapshot(Match(parse_level(level("pf1", ["." * 6] * 3, [unit("a1", "a", (0, 0), speed=9)]), "<m>"), 1))
    assert hard.margin(pf1) == hard.MARGIN


@pytest.mark.usefixtures("hexxen_margin")
def test_an_option_better_by_less_than_margin_replaces_the_script_in_hexxen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The poacher's script sneak-attacks the bodyguard; a tie-up of the free hunter that the playouts value GAIN
    higher (more than HeXXen's margin, less than MARGIN) is taken in HeXXen, and kept off at MARGIN."""
    snap = _mire()
    engage = Action("attack", "poacher", target="h2")
    monkeypatch.setattr(hard, "playout", _fake_playout(engage))
    assert hard.search(snap, "poacher", random.Random(1))[0][1] == engage
    monkeypatch.setattr(hard, "RULESET_MARGINS", {})
    assert hard.search(snap, "poacher", random.Random(1))[0][1] == Action("sneak_attack", "poacher", target="guard")
