"""The kiosk's attract screen offers "How to play": a tap on it opens the tutorial of the demo's ruleset, played
by touch like a visitor game (idle still returns to the demo); any other tap still starts a visitor game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.levels.tutorial import RULESETS, load_tutorial, tutorial_path
from game.text.i18n import t
from game.text.local_text import local
from game.ui.kiosk.attract import AttractScene
from game.ui.kiosk.config import ROOT
from game.ui.kiosk.session import KioskApp, SimClock
from game.ui.scenes.tutorial import TutorialScene
from game.ui.turn_call import call_band
from tests.test_kiosk import frames, make_config, tap_at, wait


def test_how_to_play_on_the_attract_screen_opens_the_demos_tutorial_and_plays_by_touch(tmp_path: Path) -> None:
    config = make_config(tmp_path, levels=(ROOT / "levels" / "hexxen_village.toml",), idle=20.0)
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        frames(kiosk, 2)
        attract = kiosk.scene
        assert isinstance(attract, AttractScene) and attract.tutorial_button is not None
        assert attract.tutorial_button.rect.height >= 64  # a touch target
        tap_at(kiosk, attract.tutorial_button.rect.center)
        scene = kiosk.scene
        assert isinstance(scene, TutorialScene) and kiosk.mode == "visitor"
        assert scene.tutorial.ruleset == "hexxen" and kiosk.visitor_games == 1
        frames(kiosk, 2)
        assert scene.view is not None
        anna = scene.ctl.situation().creatures["anna"].at
        tap_at(kiosk, scene.view.square_center(anna))  # touch plays the tutorial like a click
        assert scene.ctl.selected == "anna" and scene.coach.index == 1
        restart = next(b for b in scene.buttons if b.intent == "restart")
        tap_at(kiosk, restart.rect.center)
        assert isinstance(kiosk.scene, TutorialScene) and kiosk.scene is not scene and kiosk.scene.coach.index == 0
        wait(kiosk, 21)
        assert isinstance(kiosk.scene, AttractScene)  # idle ends the tutorial like any visitor game
    finally:
        kiosk.close()


def test_a_tap_beside_the_button_still_starts_a_visitor_game(tmp_path: Path) -> None:
    kiosk = KioskApp(make_config(tmp_path), clock=SimClock(), threaded_ai=False)
    try:
        frames(kiosk, 2)
        tap_at(kiosk, (kiosk.screen.get_width() // 2, kiosk.screen.get_height() // 2))
        assert kiosk.mode == "visitor" and not isinstance(kiosk.scene, TutorialScene)
    finally:
        kiosk.close()


# --- every hint names only what works in the kiosk -------------------------------------------------------------

KEY_WORDS = {
    "en": r"\b(press|click|point at)\b",
    "de": r"\b(drücke|klicke|zeige auf)\b",
    "it": r"\b(premi|fai clic|fai di nuovo clic|punta)\b",
    "he": r"(לחצו|הצביעו|הקישו [A-Z0-9])",
}
"""Words that ask for a key, a click or a hovering pointer, which a visitor at a touch screen does not have."""
KEYS = r"\b(Tab|Esc|Shift|Ctrl|Enter|F\d{1,2})\b|(?<![\w&])[B-HJ-Z](?![\w&])"
"""A key's name: Tab, Esc, F1, or a lone capital letter (E, U, V; not the words "A" and "I", not D&D)."""


def _names_a_key(text: str, lang: str) -> list[str]:
    plain = re.sub(r"[A-Z0-9]+(-[A-Z0-9]+)+", "", text)  # rule ids
    return re.findall(KEY_WORDS[lang], plain, re.IGNORECASE) + re.findall(KEYS, plain)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_tutorial_prompt_the_kiosk_shows_names_no_key_in_any_language(ruleset: str) -> None:
    """Seen at a kiosk: the tutorial said "(or press Tab)", "Press V", "Esc for the menu" to a visitor with no
    keyboard. The kiosk shows each step's touch text, which names only taps and buttons."""
    tutorial = load_tutorial(tutorial_path(ruleset))
    for i, step in enumerate(tutorial.steps):
        shown = step.touch if step.touch is not None else step.text
        for lang in ("en", "de", "it", "he"):
            text = str(local(shown, lang))
            assert _names_a_key(text, lang) == [], (ruleset, i, lang, text)
        if step.touch is None:
            assert _names_a_key(str(local(step.text, "en")), "en") == [], (ruleset, i)


def test_the_checker_would_catch_the_desktop_texts() -> None:
    """The desktop prompts do name keys: the test above would fail on them."""
    step = load_tutorial(tutorial_path("pf1")).steps[0]
    for lang in ("en", "de", "it", "he"):
        assert _names_a_key(str(local(step.text, lang)), lang), lang


def test_the_kiosk_tutorial_shows_touch_text_and_buttons_without_keys_and_a_button_for_a_key_only_step(
    tmp_path: Path,
) -> None:
    """On the kiosk the prompt is the touch text, its buttons show no shortcut, and the tactic step (a key, 2,
    elsewhere) offers its own button, which chooses the tactic and moves the lesson on."""
    config = make_config(tmp_path, levels=(ROOT / "levels" / "hexxen_village.toml",), idle=600.0)
    kiosk = KioskApp(config, clock=SimClock(), threaded_ai=False)
    try:
        frames(kiosk, 2)
        attract = kiosk.scene
        assert isinstance(attract, AttractScene) and attract.tutorial_button is not None
        tap_at(kiosk, attract.tutorial_button.rect.center)
        scene = kiosk.scene
        assert isinstance(scene, TutorialScene) and scene.kiosk
        frames(kiosk, 2)
        assert scene.prompt_text() is scene.coach.step.touch
        band = call_band(scene.view.rect, scene.ctl)  # type: ignore[union-attr]
        assert band is not None and scene.box is not None and not scene.box.colliderect(band), "prompt over the call"
        assert scene.buttons and all(b.shortcut == "" for b in scene.buttons)
        tactic = next(i for i, s in enumerate(scene.tutorial.steps) if s.check == "tactic")
        assert scene.ctl.situation().creatures["jacob"]
        scene.ctl.select("jacob")
        scene.coach.index = tactic
        scene.draw(kiosk.screen)
        do = next(b for b in scene.buttons if b.intent == "do")
        assert do.label == t("tutorial_touch.tactic", tactic=t("tactic.relieve"))
        assert not any(b.intent == "skip" for b in scene.buttons) and do.fits(), "the label must read whole"
        tap_at(kiosk, do.rect.center)
        assert scene.ctl.tactic == "relieve" and scene.coach.index == tactic + 1
    finally:
        kiosk.close()


def test_the_desktop_tutorial_keeps_its_texts_and_keys() -> None:
    from tests.ui_helpers import open_app

    app = open_app(None)
    try:
        app.session.open_tutorial("pf1")
        app.step()
        scene = app.scene
        assert isinstance(scene, TutorialScene) and not scene.kiosk
        assert scene.prompt_text() is scene.coach.step.text
        assert [b.shortcut for b in scene.buttons] == ["N", "R", "X"]
    finally:
        app.close()


@pytest.mark.parametrize(("ruleset", "check"), [("pf1", "costs"), ("hexxen", "tactic")])
def test_the_key_only_steps_button_reads_whole_in_every_language(ruleset: str, check: str) -> None:
    """On the kiosk's 1024×640 screen the button that stands in for a key ("Show step costs", "Tactic:
    relieve") fits its label in every language."""
    from game.text.i18n import set_language
    from tests.ui_helpers import open_app

    app = open_app(None, "1024x640")
    try:
        app.session.open_tutorial(ruleset)
        app.step()
        scene = app.scene
        assert isinstance(scene, TutorialScene)
        scene.kiosk = True
        scene.coach.index = next(i for i, s in enumerate(scene.tutorial.steps) if s.check == check)
        for lang in ("en", "de", "it", "he"):
            set_language(lang)
            scene.frame.invalidate()
            scene.draw(app.screen)
            do = next(b for b in scene.buttons if b.intent == "do")
            assert do.fits(), (lang, do.label)
    finally:
        set_language("en")
        app.close()
