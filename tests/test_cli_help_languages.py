"""Every option of every command explains itself in the chosen language (game/commands/cli_help.py)."""

from __future__ import annotations

import argparse

import pytest

from game.commands.cli import build_parser
from game.commands.cli_help import KEEP, commands, help_key
from game.text import i18n


def options(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.Action]]:
    """Each (command, action) that shows a help line, the subcommand lists aside."""
    return [
        (name or "top", action)
        for name, command in commands(parser)
        for action in command._actions
        if action.help != argparse.SUPPRESS and not isinstance(action, argparse._SubParsersAction)
    ]


@pytest.fixture(autouse=True)
def english_afterwards():
    """Each test sets a language; the next test starts from the default again."""
    yield
    i18n.set_language(None)


def test_every_option_has_a_catalogue_help_text() -> None:
    """No option is left without help: each has options.<command>.<dest> or options.any.<dest> (or its own key)."""
    i18n.set_language("en")
    missing = [
        f"{name} {a.dest}" for name, a in options(build_parser()) if a.dest not in KEEP and not help_key(name, a.dest)
    ]
    assert missing == []


@pytest.mark.parametrize("lang", ["de", "it", "he"])
def test_option_help_is_in_the_chosen_language(lang: str) -> None:
    """In German, Italian and Hebrew no option, title or usage line keeps its English help."""
    i18n.set_language("en")
    english = {(n, a.dest): a.help for n, a in options(build_parser())}
    i18n.set_language(lang)
    parser = build_parser()
    same = [(n, a.dest) for n, a in options(parser) if a.help == english[(n, a.dest)]]
    assert same == []
    text = parser._subparsers._group_actions[0].choices["simulate"].format_help()
    assert text.startswith(i18n.t("options.usage", lang))
    assert i18n.t("options.optionals", lang) + ":" in text
    assert i18n.t("options.simulate.games", lang) in text.replace("\n" + " " * 24, " ")


def test_a_percent_sign_in_help_survives_argparse() -> None:
    """argparse formats help with %; the sweep's "95 % CI" is doubled so --help does not crash."""
    i18n.set_language("de")
    sweep = build_parser()._subparsers._group_actions[0].choices["sweep"]
    assert "95-%-KI" in sweep.format_help()
