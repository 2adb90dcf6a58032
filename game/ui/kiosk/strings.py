"""The kiosk's user-facing text in one dict (to move into assets/i18n once game.text.i18n exists)."""

from __future__ import annotations

import importlib

STRINGS: dict[str, str] = {
    "kiosk.touch_to_play": "Touch to play",
    "kiosk.touch_to_play_hotseat": "Touch to play — two players",
    "kiosk.demo": "Demo · {level} · {ruleset}",
    "kiosk.demo_over": "Demo over — victory: {winner}",
    "kiosk.demo_draw": "This demo ends in a draw",
    "kiosk.idle": "Still there? Back to the demo in {seconds} s — touch to keep playing",
    "kiosk.wins": "Victory: {winner}!",
    "kiosk.draw": "A draw — nobody is left standing",
    "kiosk.play_again": "Play again",
    "kiosk.watch_demo": "Watch the demo",
    "kiosk.back_soon": "Back in a moment…",
    "kiosk.tap_again": "Tap again to move here",
}


def tr(key: str, **values: object) -> str:
    """The text for `key` in the kiosk's language (game.text.i18n.t when the project has it), formatted."""
    text = STRINGS.get(key, key)
    try:
        i18n = importlib.import_module("game.text.i18n")
    except ImportError:
        i18n = None
    translate = getattr(i18n, "t", None)
    if callable(translate):
        try:
            found = translate(key)
        except Exception:  # a missing catalogue entry must not take the kiosk screen down
            found = None
        if isinstance(found, str) and found and key not in found:  # "⟦key⟧" = not in the catalogue
            text = found
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text
