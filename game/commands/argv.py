"""The command line before it is parsed: which command it names, with `--lang` allowed before the command.

Imported by the launcher (game/splash.py) before the game's modules, so it imports nothing.
"""

from __future__ import annotations

TOP_LEVEL_FLAGS = ("-h", "--help", "--version")
"""Options of `gridbound` itself; any other leading option belongs to the default command, play."""
COMMANDS = ("check", "measure", "reach", "run", "advise", "simulate", "sweep", "plan", "duel", "kiosk", "import")
COMMANDS += ("edit", "play")
"""Every command's name (tests/test_cli_help.py holds it to the parser's), known before the parser is built."""


def command_first(args: list[str]) -> list[str]:
    """`--lang de check …` read as `check --lang de …` (and `--lang de --help` as `--help --lang de`): every command
    takes --lang, and a user may put it first (it was read as `play --lang de` with a level named "check")."""
    first = (*COMMANDS, *TOP_LEVEL_FLAGS)
    if args[:1] == ["--lang"] and len(args) > 2 and args[2] in first:
        return [args[2], *args[:2], *args[3:]]
    if args and args[0].startswith("--lang=") and len(args) > 1 and args[1] in first:
        return [args[1], args[0], *args[2:]]
    return args
