"""Checks the computer player's tests share (not a test file: no test is collected here)."""

from __future__ import annotations

from game.ai import Decision
from game.ai.explain import explanation_lines
from game.text.i18n import LANGUAGES


def assert_hold_explained(decision: Decision, key: str, rule: str) -> None:
    """The decision only ends the turn, its unit's hold is explained by `key` citing `rule`, and the explanation
    reads in every language with the rule named (no catalogue key left unfilled)."""
    assert [a.kind for a in decision.actions] == ["end_turn"]
    chosen = decision.units[0].choice
    assert chosen is not None and chosen.reason.key == key and rule in chosen.reason.rules
    for lang in LANGUAGES:
        lines = explanation_lines(decision, lang)
        assert not any("⟦" in line for line in lines)
        assert any(rule in line for line in lines)
