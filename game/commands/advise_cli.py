"""`gridbound advise LEVEL [SCRIPT]`: the computer's turn for the side to act after a script, changing no file.

docs/commands.md: the script's actions are played, then the computer plays the turn of the side (or unit)
now to act at `--ai` strength; the JSON holds the side, the strength, the actions as script actions
(ending with end_turn), their results as `run --json` gives them and the state after the turn.
Exit codes: 0 success, 1 a script action the rules refuse, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.text.i18n import action_name, current_language, describe_event, refusal, t

EXIT_OK, EXIT_ILLEGAL = 0, 1


def add_advise_parser(sub: Any) -> None:
    """Register `advise` on the command parser."""
    from game.levels.controllers import AI_STRENGTHS, DEFAULT_AI

    p = sub.add_parser("advise", help=t("advise.help"))
    p.add_argument("level")
    p.add_argument("script", nargs="?", default=None)
    p.add_argument("--ai", choices=AI_STRENGTHS, default=DEFAULT_AI, help=t("advise.help_ai"))
    p.add_argument("--seed", type=int, default=None, help=t("advise.help_seed"))
    p.add_argument("--json", action="store_true")
    p.add_argument("--explain", action="store_true", help=t("advise.help_explain"))
    p.add_argument("--force", action="store_true", help="use a replay recorded on another version of the level")
    p.set_defaults(func=cmd_advise)


def result_json(index: int, action: Any, result: Any) -> dict[str, Any]:
    """One entry of `results`, as `run --json` writes it (a refusal as its error fields)."""
    from game.battle.match import door_change
    from game.commands.json_fields import reason_json
    from rules.core import Illegal

    if isinstance(result, Illegal):
        entry: dict[str, Any] = {"index": index, "ok": False, "rule": result.rule, "message": result.message}
        if result.at is not None:
            entry["at"] = list(result.at)
        return entry | reason_json(result)
    entry = {
        "index": index,
        "ok": True,
        "cost_m": result.cost_m,
        "rules": list(result.rules),
        "events": [e.text() for e in result.events],
    }
    door = door_change(action, result)
    if door is not None:
        entry["door"] = door.to_json()
    return entry


def cmd_advise(args: argparse.Namespace) -> int:
    """Play the script, then the computer's turn on a throwaway match; print it (and why, with --explain)."""
    from game.advice import play_advised_turn
    from game.battle.match import Match
    from game.commands.json_fields import reason_json
    from game.levels.level import load_level
    from rules.core import Illegal

    level = load_level(args.level)
    script = None
    if args.script is not None:
        from game.saved.replay import check_fingerprint
        from game.saved.script import load_script

        script = load_script(args.script)
        if not args.force:
            check_fingerprint(level, script, args.script)
    seed = args.seed if args.seed is not None else (script.seed if script is not None else 0)
    from game.saved.script_versions import script_dice  # a script's game rolls the dice stream it was made with

    match = Match(level, seed=seed, dice_stream=script_dice(script)) if script is not None else Match(level, seed=seed)
    try:
        for index, action in enumerate(script.actions if script is not None else ()):
            result = match.perform(action)  # a BadAction (no such unit …) is bad input: exit 2 from game.commands.cli
            if isinstance(result, Illegal):
                error = {"index": index, "rule": result.rule, "message": result.message, **reason_json(result)}
                if args.json:
                    print(json.dumps({"ok": False, "error": error}, ensure_ascii=False))
                else:
                    print(t("cli.run_refused", index=index, reason=refusal(result, names=level.display_names)))
                return EXIT_ILLEGAL
        advice = play_advised_turn(match, args.ai, explain=args.explain)
        state = match.state_json()
    finally:
        match.close()
    results = [result_json(i, a, r) for i, (a, r) in enumerate(zip(advice.actions, advice.results, strict=True))]
    if args.json:
        data: dict[str, Any] = {
            "side": advice.side,
            "ai": advice.strength,
            "actions": [a.to_dict() for a in advice.actions],
            "results": results,
            "state": state,
        }
        if args.explain:
            data["explain"] = [c.to_json() for c in advice.choices]
        print(json.dumps(data, ensure_ascii=False))
        return EXIT_OK
    _print_text(level, advice, args.explain)
    return EXIT_OK


def _print_text(level: Any, advice: Any, explain: bool) -> None:
    """The advice as lines in the player's language: each action with its rule ids and events, then why."""
    from game.ai import Decision, explanation_lines
    from game.commands.run_text import ok_line
    from game.text.local_text import local
    from rules.core import Illegal

    names = level.display_names
    lang = current_language()
    side = local(names.get(advice.side, advice.side), lang) or advice.side
    print(t("advise.heading", side=side, strength=t(f"ai_choice.{advice.strength}")))
    for index, (action, result) in enumerate(zip(advice.actions, advice.results, strict=True)):
        if isinstance(result, Illegal):
            print(t("cli.run_refused", index=index, reason=refusal(result, names=names)))
            continue
        unit = local(names.get(action.unit or "", action.unit or ""), lang) or ""
        rules = " ".join(result.rules)
        kind = action_name(action.kind)  # as `run` writes it: names and action words in the language
        print(ok_line(index, unit, kind, float(result.cost_m), rules))
        for event in result.events:
            print(f"      {describe_event(event, names=names)} [{event.rule}]")
    if explain:
        # the names themselves (Nouns), so the messages decline them (grammar: cases, prefixes, gender)
        for line in explanation_lines(Decision(advice.strength, (), tuple(advice.choices)), lang, names):
            print(line)
