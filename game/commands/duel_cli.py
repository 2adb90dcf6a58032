"""`gridbound duel LEVEL… --a STRENGTH --b STRENGTH`: a tournament of seat-swapped pairs (docs/simulate.md)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from game.text.i18n import local_fixed, t

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_duel_parser(sub: Any) -> None:
    """Register `duel` on the command parser."""
    from game.levels.controllers import AI_STRENGTHS

    p = sub.add_parser("duel", help=t("duel.help"))
    p.add_argument("levels", nargs="+", metavar="LEVEL")
    p.add_argument("--a", required=True, choices=AI_STRENGTHS, help=t("duel.help_a"))
    p.add_argument("--b", required=True, choices=AI_STRENGTHS, help=t("duel.help_b"))
    p.add_argument("--pairs", type=int, default=20, help=t("duel.help_pairs"))
    p.add_argument("--seed", type=int, default=0, help=t("duel.help_seed"))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    where.add_argument("--cluster", default=None, metavar="ADDRESS", help="local, or a Dask scheduler tcp://HOST:8786")
    p.add_argument("--max-rounds", type=int, default=30, help="a game still running after this many rounds is a draw")
    p.add_argument("--out", default=None, metavar="FILE.jsonl", help=t("duel.help_out"))
    p.add_argument("--json", action="store_true")
    for player in ("a", "b"):
        p.add_argument(
            f"--{player}-without", default="", metavar="TACTIC,…", help=t(f"options.labpairs.{player}_without")
        )
    p.set_defaults(func=cmd_duel)


def cmd_duel(args: argparse.Namespace) -> int:
    """Play the tournament and print A's record per level and overall; bad input is one line and exit 2."""
    from game.commands.preflight import output_option_problem
    from game.lab.cluster import ClusterError
    from game.lab.pairs import by_level, format_summary, run_duel
    from game.levels.level import LevelError, load_level

    def bad(message: str) -> int:
        print(t("cli.error", error=message), file=sys.stderr)
        return EXIT_BAD_INPUT

    if args.pairs < 1 or args.jobs < 1 or args.max_rounds < 1:
        return bad(t("duel.minimum"))
    for path in args.levels:
        try:
            level = load_level(path)
        except LevelError as exc:
            return bad(str(exc))
        if len(level.sides) < 2:
            return bad(t("duel.two_sides", level=path))
    from game.levels.controllers import TACTIC_NAMES

    without = {}
    for player in ("a", "b"):
        names = tuple(sorted({n.strip().lower() for n in getattr(args, f"{player}_without").split(",") if n.strip()}))
        unknown = [n for n in names if n not in TACTIC_NAMES]
        if unknown:
            option, known = f"--{player}-without", ", ".join(TACTIC_NAMES)
            return bad(t("labpairs.bad_tactic", option=option, value=repr(unknown[0]), known=known))
        without[player] = names
    problem = output_option_problem("--out", args.out)
    if problem is not None:
        return bad(problem)
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115 - closed below

    def arrived(game: Any) -> None:
        if out is not None:
            out.write(json.dumps(game.to_json(), ensure_ascii=False) + "\n")
            out.flush()

    started = time.perf_counter()
    try:
        games = run_duel(
            args.levels,
            args.a,
            args.b,
            args.pairs,
            args.seed,
            jobs=args.jobs,
            cluster=args.cluster,
            max_rounds=args.max_rounds,
            on_game=arrived,
            without=without,
        )
    except ClusterError as exc:
        return bad(str(exc))
    finally:
        if out is not None:
            out.close()
    elapsed = time.perf_counter() - started
    summaries = by_level(games)
    data = {
        "a": args.a,
        "b": args.b,
        "pairs": args.pairs,
        "seed": args.seed,
        "max_rounds": args.max_rounds,
        "seconds": elapsed,
        "levels": {k: v for k, v in summaries.items() if k != "overall"},
        "overall": summaries["overall"],
    }
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return EXIT_OK
    last = args.seed + args.pairs - 1
    lines = [t("duel.title", a=args.a, b=args.b, pairs=args.pairs, first=args.seed, last=last)]  # as typed
    for name, summary in summaries.items():
        title = t("duel.overall") if name == "overall" else name
        lines += format_summary(title, summary, t)
    lines.append(t("duel.timing", games=len(games), seconds=local_fixed(elapsed)))
    print("\n".join(lines))
    return EXIT_OK
