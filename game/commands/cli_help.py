"""Command-line help in the message language: every option's help text comes from the catalogues.

The parsers are declared where their commands live (game/commands/cli.py, game/commands/sweep_cli.py,
game/commands/kiosk_cli.py); this pass then gives each option its text from the `[options]` table of
the message catalogue — `options.<command>.<dest>`, else `options.any.<dest>` or `options.lab.<dest>`
for options many commands share — and translates argparse's own words (usage, section titles, -h). So a new
option needs one catalogue line per language and no change here; tests/test_cli_help.py
fails for an option without one.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from game.text.i18n import current_language, load_messages, t

KEEP = ("lang", "version")
"""Options whose help already comes from the catalogues (cli.help_lang, dist.version)."""


class OneLineHelp(argparse.HelpFormatter):
    """The top-level help: each command's line is never wrapped, whatever the terminal width."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return text.splitlines()


class LocalizedHelp(argparse.HelpFormatter):
    """argparse's formatter with the "usage:" prefix in the message language."""

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        """The usage line, prefixed in the current language."""
        super().add_usage(usage, actions, groups, t("options.usage") if prefix is None else prefix)


def help_key(command: str, dest: str) -> str | None:
    """The catalogue key holding the help of option `dest` of `command`, or None when there is none."""
    english = load_messages("en")
    # options.lab: the statistics options `simulate`, `sweep` and `plan` share (sequential tests, adjustment)
    # options.labpairs: the options of seat-swapped pairs and restricted players (simulate, sweep)
    for key in (f"options.{command}.{dest}", f"options.any.{dest}", f"options.lab.{dest}", f"options.labpairs.{dest}"):
        if key in english:
            return key
    return None


def commands(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Each (name, parser) of the command line, the top level first as ""."""
    yield "", parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            yield from action.choices.items()


def localize_help(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Give every option of `parser` and its commands its help in the current language; returns `parser`."""
    for name, command in commands(parser):
        command.formatter_class = _with_prefix(command.formatter_class)
        command._positionals.title = t("options.positionals")
        command._optionals.title = t("options.optionals")
        for action in command._actions:
            if action.help == argparse.SUPPRESS or action.dest in KEEP:
                continue
            if isinstance(action, argparse._SubParsersAction):
                continue
            key = help_key(name or "top", action.dest)
            if key is not None:
                # argparse formats help with %: a literal percent sign must be doubled
                action.help = t(key, current_language()).replace("%", "%%")
    return parser


def _with_prefix(formatter: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    """`formatter` with the translated usage prefix (kept as is if it already has it)."""
    if issubclass(formatter, LocalizedHelp):
        return formatter
    return type(f"Localized{formatter.__name__}", (LocalizedHelp, formatter), {})
