"""The computer player's strengths, weakest first, and how a strength is read from text."""

from __future__ import annotations

STRENGTHS = ("random", "easy", "normal", "hard")
"""random: a random legal action each time (the floor of a tournament); easy: a beginner's mistakes;
normal: the greedy scripts of each ruleset; hard: a search over the rules' own futures (docs/ai.md)."""
DEFAULT_STRENGTH = "normal"


def parse_strength(text: str) -> str:
    """The strength named by `text` (case and surrounding blanks ignored); ValueError naming the choices otherwise."""
    name = text.strip().lower() if isinstance(text, str) else ""
    if name not in STRENGTHS:
        raise ValueError(f"unknown computer strength {text!r}; expected one of {', '.join(STRENGTHS)}")
    return name
