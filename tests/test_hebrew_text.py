"""Hebrew is stored in logical order: signed numbers, marks and punctuation read right in a terminal too."""

from __future__ import annotations

import re

import pytest

from game.text import catalog, i18n
from game.ui import theme

DISPLAY_ORDER_SIGN = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[−+](?![\d\w])")
"""A number followed by its sign ("4−"): typed in display order, so wrong as text."""
LATIN_HYPHEN_PREFIX = re.compile(r"(?<![\u05d0-\u05ea])[\u05d1\u05d4\u05d5\u05db\u05dc\u05de\u05e9]-")
"""A one-letter Hebrew prefix joined by an ASCII hyphen instead of the maqaf (ב-)."""


def hebrew_texts() -> dict[str, str]:
    """Every Hebrew interface string and rule title/summary, by where it is."""
    texts = {f"he.toml {k}": v for k, v in i18n.load_messages("he").items()}
    for rid, entry in catalog.load_catalog("he").items():
        texts[f"rules.he.toml [{rid}] title"] = entry.title
        texts[f"rules.he.toml [{rid}] summary"] = entry.summary
    return texts


def test_signed_numbers_are_in_logical_order() -> None:
    """The minus comes first ("−4"); no string keeps the display-order "4−" that only looked right on screen."""
    bad = {where: text for where, text in hebrew_texts().items() if DISPLAY_ORDER_SIGN.search(text)}
    assert bad == {}


def test_prefixes_take_the_maqaf_and_abbreviations_the_geresh() -> None:
    """ב־ with the maqaf, not an ASCII hyphen; מ׳ with the geresh, not an apostrophe."""
    texts = hebrew_texts()
    assert {w: t for w, t in texts.items() if LATIN_HYPHEN_PREFIX.search(t)} == {}
    assert {w: t for w, t in texts.items() if re.search(r"[\u05d0-\u05ea]'", t)} == {}


@pytest.mark.parametrize("rule_id", ["PF1-SQUEEZE-PENALTY", "HX-SNEAK"])
def test_signed_numbers_show_sign_first_on_screen(rule_id: str) -> None:
    """After the bidi pass a signed number still reads sign-then-digits, left to right, inside Hebrew."""
    entry = catalog.load_catalog("he")[rule_id]
    text = f"{entry.title} {entry.summary}"
    signed = re.findall(r"\u200e([−+]\d+)\u200e", text)
    assert signed, f"{rule_id} has no marked signed number"
    shown = theme.visual(text, True)
    for number in signed:
        assert number in shown, (number, shown)


def test_a_sentence_opening_with_an_option_reads_right_to_left_in_a_terminal() -> None:
    """A Hebrew line that starts with a Latin option opens with RLM, so a plain terminal picks right-to-left."""
    for key, text in i18n.load_messages("he").items():
        if text.startswith("-"):
            pytest.fail(f"he.toml {key} starts with a Latin option and no RLM: {text!r}")
    assert i18n.load_messages("he")["cli.simulate_minimum"].startswith("\u200f--games")
