"""The commands of docs/commands.md: check, measure, reach, run, play.

Exit codes: 0 success; 1 an action or path is illegal under the rules; 2 bad input.
Bad input is reported as one line on stderr, never a traceback.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game import __version__
from game.battle.match import BadAction, DoorChange, Match, door_change
from game.commands.argv import TOP_LEVEL_FLAGS, command_first
from game.commands.json_fields import reason_json  # shared with `advise`
from game.commands.play_args import PLAY_OPTIONS, quick_play_args
from game.files import reason, shown
from game.levels.level import LevelError, load_level
from game.levels.level import load_or_default as load_or_default  # moved next to load_level; kept importable here
from game.paths import DEFAULT_LEVEL as DEFAULT_LEVEL  # kept importable here
from game.text.i18n import (
    LANGUAGES,
    current_language,
    set_language,
    t,
)
from game.text.local_text import local
from game.text.measure_text import band_name, cost_metres, cost_squares, measure_lines
from game.text.numerals import fixed
from rules.actions import MODES
from rules.core import Event, Illegal, Ruling, Situation
from rules.ruleset import RULESETS

if TYPE_CHECKING:
    import argparse  # imported where a parser is built: a plain `play` command line needs none (start-up time)

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 70


class UsageError(ValueError):
    """A bad command-line argument."""


def parse_step(text: str) -> tuple[int, ...]:
    """ "X,Y" or "X,Y,W,H" (a footprint named exactly, docs/commands.md) → a path entry; UsageError otherwise."""
    try:
        values = tuple(int(v) for v in text.split(","))
    except ValueError:
        raise UsageError(t("path_entries.step_bad", text=repr(text))) from None
    if len(values) == 2 or (len(values) == 4 and values[2] >= 1 and values[3] >= 1):
        return values
    raise UsageError(t("path_entries.step_bad", text=repr(text)))


def fresh_turn(match: Match, unit: str) -> Situation:
    """The situation with `unit` at the start of its own turn (how measure and reach judge)."""
    sit = match.situation()
    if unit not in sit.creatures:
        known = ", ".join(sit.creatures)
        raise UsageError(t("cli.no_unit", level=match.level.source, unit=repr(unit), known=known))
    return dataclasses.replace(sit, turns={**sit.turns, unit: match.ruleset.new_turn(sit, unit)})


def print_json(data: Any) -> None:
    """Print `data` as one line of JSON (non-ASCII text as it is): the --json output of a command."""
    import json  # only for --json output: the game's start does not import it (start-up time)

    print(json.dumps(data, ensure_ascii=False))


def measure_json(unit: str, result: Ruling | Illegal) -> dict[str, Any]:
    """The `measure --json` object (docs/json.md)."""
    unit_cm = result.unit_cm
    steps = [
        {
            "to": list(s.to),
            "cost_squares": cost_squares(s.cost, unit_cm),
            "cost_m": cost_metres(s.cost, unit_cm),
            "rules": list(s.rules),
            "events": [e.text() for e in s.events],
            # a squeezed footprint after the step (docs/scripts.md path entries [x, y, w, h])
            **({"dims": list(s.dims)} if s.dims is not None else {}),
        }
        for s in result.steps
    ]
    out: dict[str, Any] = {
        "ok": isinstance(result, Ruling),
        "unit": unit,
        "cost_m": cost_metres(result.cost, unit_cm),
        "cost_squares": cost_squares(result.cost, unit_cm),
        "band": result.band if isinstance(result, Ruling) else None,
        "steps": steps,
        "error": None,
    }
    if isinstance(result, Illegal):
        at = list(result.at) if result.at else None
        out["error"] = {"rule": result.rule, "message": result.message, "at": at, **reason_json(result)}
    return out


def cmd_check(args: argparse.Namespace) -> int:
    """Validate levels; 0 if all load, 2 otherwise."""
    worst = EXIT_OK
    for path in args.levels:
        try:
            level = load_level(path)
        except LevelError as exc:
            print(t("cli.check_invalid", error=exc))
            worst = EXIT_BAD_INPUT
            continue
        from game.levels.mirror import check_mirror  # a tournament level's claim to be fair (not checked at every load)

        problem, holds = check_mirror(level)
        if problem is not None:
            print(t("cli.check_invalid", error=f"{path}: {problem}"))
            worst = EXIT_BAD_INPUT
            continue
        w, h = level.board.width, level.board.height
        units = len(level.units)
        ruleset = t(f"ruleset.{level.ruleset}")  # "Pathfinder 1e", not the id
        print(t("cli.check_ok", path=shown(path), name=level.name, ruleset=ruleset, width=w, height=h, units=units))
        if holds:
            print("  " + holds)
    return worst


def cmd_measure(args: argparse.Namespace) -> int:
    """Cost and legality of a path for a unit, now, without moving it."""
    level = load_level(args.level)
    path = [parse_step(s) for s in args.squares]
    if args.mode is not None and args.mode not in MODES:
        raise UsageError(t("cli.bad_mode", mode=repr(args.mode), modes=", ".join(MODES)))
    match = Match(level, seed=args.seed)
    try:
        sit = fresh_turn(match, args.unit)
        result = match.ruleset.measure(sit, args.unit, path, args.mode)
    finally:
        match.close()
    data = measure_json(args.unit, result)
    if args.json:
        print_json(data)
    else:
        # people read the unit's name in their language; the JSON above keeps its id
        shown = local(level.unit_names.get(args.unit, args.unit), current_language()) or args.unit
        for line in measure_lines(shown, result, level.display_names):
            print(line)
    return EXIT_OK if data["ok"] else EXIT_ILLEGAL


def cmd_reach(args: argparse.Namespace) -> int:
    """Every square a unit can reach this turn, with cost and band."""
    level = load_level(args.level)
    match = Match(level, seed=args.seed)
    try:
        sit = fresh_turn(match, args.unit)
        if getattr(args, "target", None) is not None:
            return _reach_charge(args, match, sit)
        reach = match.ruleset.reachable(sit, args.unit)
        unit_cm = match.ruleset.UNIT_CM
        # a ruleset with no move band measures nothing: its board has abstract cells (HeXXen), counted as such
        abstract = "move" not in match.ruleset.BANDS
    finally:
        match.close()
    squares = []
    for r in sorted(reach, key=lambda r: (r.at[1], r.at[0])):
        entry: dict[str, Any] = {"at": list(r.at), "cost_m": cost_metres(r.cost, unit_cm), "band": r.band}
        if r.target is not None:
            entry["target"] = r.target
        squares.append(entry)
    if args.json:
        print_json({"unit": args.unit, "squares": squares})
    else:
        # people read names in their language; the JSON above keeps the ids
        names = level.display_names
        count_key = "cli_locale.reach_count_cells" if abstract else "cli.reach_count"
        print(t(count_key, unit=names.get(args.unit, args.unit), count=len(squares)))
        for entry in squares:
            target = names.get(entry.get("target"), entry.get("target"))
            extra = t("cli.reach_engage", target=target) if "target" in entry else ""
            band = band_name(entry["band"])
            print(t("cli.reach_square", at=entry["at"], metres=entry["cost_m"], band=band, extra=extra))
    return EXIT_OK


def _reach_charge(args: argparse.Namespace, match: Match, sit: Situation) -> int:
    """`reach UNIT --target ENEMY`: the closest squares a charge at the enemy may end on (PF1-CHARGE)."""
    from game.text.charge_text import charge_ends_of, charge_json, charge_lines  # only for --target (start-up time)

    ends_of = charge_ends_of(match.ruleset)
    if ends_of is None:
        raise UsageError(t("charge.no_charge", ruleset=match.ruleset.NAME))
    if args.target not in sit.creatures or args.target == args.unit:
        known = ", ".join(u for u in sit.creatures if u != args.unit)
        raise UsageError(t("cli.no_unit", level=match.level.source, unit=repr(args.target), known=known))
    ends = ends_of(sit, args.unit, args.target)
    if args.json:
        print_json(charge_json(sit, args.unit, args.target, ends))
    else:
        for line in charge_lines(args.unit, args.target, ends, match.level.display_names):
            print(line)
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    """Play an action script headless and print the result."""
    from game.saved.script import load_script  # scripts only for `run`: the game's start does not import them

    level = load_level(args.level)
    script = load_script(args.script)
    from game.saved.replay import check_script  # another level version, format, rules revision or dice: refused
    from game.saved.script_versions import script_dice

    check_script(level, script, args.script, getattr(args, "force", False))
    match = Match(level, seed=script.seed if args.seed is None else args.seed, dice_stream=script_dice(script))
    results: list[dict[str, Any]] = []
    events: list[tuple[Event, ...]] = []
    """Each result's events as objects, for the text output in the chosen language."""
    doors: list[DoorChange | None] = []
    error: dict[str, Any] | None = None
    refused: Illegal | None = None
    try:
        for index, action in enumerate(script.actions):
            try:
                result = match.perform(action)
            except BadAction as exc:
                raise UsageError(t("cli.bad_action", script=args.script, index=index, error=exc)) from None
            if isinstance(result, Illegal):
                error = {"index": index, "rule": result.rule, "message": result.message}
                if result.at is not None:
                    error["at"] = list(result.at)
                error.update(reason_json(result))
                refused = result
                break
            results.append(
                {
                    "index": index,
                    "ok": True,
                    "cost_m": result.cost_m,
                    "rules": list(result.rules),
                    "events": [e.text() for e in result.events],
                }
            )
            door = door_change(action, result)
            if door is not None:
                results[-1]["door"] = door.to_json()  # an extension: which door, and open after the action or not
            events.append(result.events)
            doors.append(door)
        state = match.state_json()
    finally:
        match.close()
    data = {"ok": error is None, "results": results, "error": error, "state": state}
    if args.json:
        print_json(data)
    else:
        from game.commands.run_text import run_lines  # the text form only when asked for

        run_lines(level, script, data, events, doors, refused)
    return EXIT_OK if error is None else EXIT_ILLEGAL


def cmd_play(args: argparse.Namespace) -> int:
    """Open the game window (or run N headless frames and save a screenshot)."""
    from game.commands.preflight import play_problem

    problem = play_problem(args)  # --size and --screenshot, before any frame runs
    if problem is not None:
        raise UsageError(problem)
    loaded = None
    if getattr(args, "frames", None) is not None and not getattr(args, "replay", None):
        loaded = load_or_default(args.level)  # headless: a level that cannot load is exit 2 (a window shows it)
    if getattr(args, "replay", None):
        from game.saved.replay import open_replay  # refuse a bad replay with exit 2 before a window opens

        open_replay(args.level, args.replay, getattr(args, "force", False)).close()
    ai = _ai_choice(getattr(args, "ai", None), args.level if loaded is None else loaded)
    from game.ui.app import ScreenshotError, run_app  # pygame only for the window
    from game.ui.options import AppOptions, fresh_seed, parse_size

    options = AppOptions(
        level=args.level,
        size=parse_size(args.size),
        frames=args.frames,
        screenshot=args.screenshot,
        seed=fresh_seed() if args.seed is None else args.seed,
        players=args.players,
        ai=tuple(ai.items()),
        replay=args.replay,
        force=args.force,
        turn=getattr(args, "turn", None),
        watch=args.watch,
        lang=args.lang,
        animate=getattr(args, "animate", False),
        loaded=loaded,
    )
    try:
        return run_app(options)
    except ScreenshotError as exc:  # an OS or pygame error while saving: bad input naming the option
        raise UsageError(str(exc)) from None


def cmd_edit(args: argparse.Namespace) -> int:
    """Open the level editor on LEVEL (a new level when the file does not exist, or when none is named)."""
    from game.commands.preflight import play_problem
    from game.window_size import parse_window_size

    problem = play_problem(args)  # --size and --screenshot, before a window opens
    if problem is not None:
        raise UsageError(problem)
    size = parse_window_size(args.map)
    if size is None or not (3 <= size[0] <= 128 and 3 <= size[1] <= 128):
        raise UsageError(t("editor.bad_map", value=repr(args.map)))
    if args.level is not None:
        from game.commands.preflight import output_option_problem

        # LEVEL is where Ctrl+S writes: a name too long, a missing folder, a device are refused before a window opens
        problem = output_option_problem("LEVEL", args.level)
        if problem is not None:
            raise UsageError(problem)
    if args.level is not None and os.path.exists(args.level):
        load_level(args.level)  # a file that does not load: exit 2 naming the problem, before a window opens
    from game.ui.app import ScreenshotError, run_app
    from game.ui.options import AppOptions, parse_size

    options = AppOptions(
        level=args.level,
        size=parse_size(args.size),
        frames=args.frames,
        screenshot=args.screenshot,
        lang=args.lang,
        edit=True,
        new_ruleset=args.ruleset,
        new_map=size,
    )
    try:
        return run_app(options)
    except ScreenshotError as exc:
        raise UsageError(str(exc)) from None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every command; `only="play"`: of `play` alone (what the game's start parses)."""

    from game.commands.cli_help import OneLineHelp, localize_help
    from game.text.cli_locale import LocalParser

    parser = LocalParser(
        prog="gridbound", description=t("cli.description"), epilog=t("dist.epilog"), formatter_class=OneLineHelp
    )
    parser.add_argument("--version", action="version", version=f"gridbound {__version__}", help=t("dist.version"))
    # every command registered on `sub` gets its one line in `gridbound --help` (its help= text)
    sub = parser.add_subparsers(dest="command", metavar=t("dist.command_metavar"), title=t("dist.commands"))
    if only != "play":
        _other_commands(sub)
    p = sub.add_parser("play", help=t("cli.help_play"))
    _play_options(p)
    p.add_argument("level", nargs="?", default=None)
    p.set_defaults(func=cmd_play)
    # one --lang for every command (also those added above by other modules); JSON stays language-neutral
    for command in sub.choices.values():
        if "--lang" not in command._option_string_actions:
            command.add_argument("--lang", choices=LANGUAGES, default=None, help=t("cli.help_lang"))
    return localize_help(parser)


def _other_commands(sub: Any) -> None:
    """Every command but `play`, in the order `gridbound --help` lists them (skipped when starting the game:
    building their parsers and importing their modules cost start-up time)."""
    from game.commands.advise_cli import add_advise_parser
    from game.commands.duel_cli import add_duel_parser
    from game.commands.import_cli import add_import_parser
    from game.commands.kiosk_cli import add_kiosk_parser
    from game.commands.plan_cli import add_plan_parser
    from game.commands.sweep_cli import add_sweep_parser

    p = sub.add_parser("check", help=t("cli.help_check"))
    p.add_argument("levels", nargs="+")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("measure", help=t("cli.help_measure"))
    p.add_argument("level")
    p.add_argument("unit")
    p.add_argument("squares", nargs="+", metavar="X,Y[,W,H]")
    p.add_argument("--mode", default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_measure)

    p = sub.add_parser("reach", help=t("cli.help_reach"))
    p.add_argument("level")
    p.add_argument("unit")
    p.add_argument("--target", default=None, metavar="ENEMY")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_reach)

    p = sub.add_parser("run", help=t("cli.help_run"))
    p.add_argument("level")
    p.add_argument("script")
    p.add_argument("--seed", type=int, default=None, help="override the script's seed")
    p.add_argument("--json", action="store_true")
    p.add_argument("--force", action="store_true", help="run a replay recorded on another version of the level")
    p.set_defaults(func=cmd_run)

    add_advise_parser(sub)
    _simulate_parser(sub)
    add_sweep_parser(sub)
    add_plan_parser(sub)
    add_duel_parser(sub)
    add_kiosk_parser(sub)
    add_import_parser(sub)

    p = sub.add_parser("edit", help=t("editor.help_command"))
    p.add_argument("level", nargs="?", default=None)
    p.add_argument("--ruleset", choices=RULESETS, default="pf1")
    p.add_argument("--map", default="16x12", metavar="WxH")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--frames", type=int, default=None)
    p.add_argument("--screenshot", default=None)
    p.set_defaults(func=cmd_edit)


def _early_language(args: Sequence[str]) -> str | None:
    """The --lang value in `args`, read before parsing so help texts and parse errors are in it too."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1] if args[i + 1] in LANGUAGES else None
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
            return value if value in LANGUAGES else None
    return None


def _simulate_parser(sub: Any) -> None:
    """The `simulate` subcommand (docs/simulate.md)."""
    p = sub.add_parser("simulate", help=t("cli.help_simulate"))
    p.add_argument("level")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE", help="change the level")
    p.add_argument("--compare", nargs="+", default=None, metavar="KEY=VALUE", help="a variant on the same seeds")
    p.add_argument("--max-rounds", type=int, default=30, help="a game still running after this many rounds is a draw")
    p.add_argument("--out", default=None, metavar="FILE.jsonl", help="append one JSON line per finished game")
    p.add_argument("--json", action="store_true")
    p.add_argument("--cluster", default=None, metavar="ADDRESS", help="local, or a Dask scheduler tcp://HOST:8786")
    p.add_argument("--resume", action="store_true", help="with --out: keep the games already in it, play the rest")
    p.add_argument("--parquet", default=None, metavar="FILE.parquet", help=t("options.simulate.parquet"))
    from game.lab.lab_text import add_lab_options

    add_lab_options(p, adjust=False)
    p.add_argument("--aa", type=int, default=None, metavar="K", help=t("options.lab.aa"))
    p.add_argument("--ai", default=None, metavar="STRENGTH|SIDE=STRENGTH,…", help=t("ai_choice.help"))
    p.add_argument("--unpaired", action="store_true", help=t("options.labpairs.unpaired"))
    p.add_argument(
        "--without", action="append", default=[], metavar="TACTIC,…|SIDE=TACTIC,…", help=t("options.labpairs.without")
    )
    p.set_defaults(func=cmd_simulate)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play N AI-against-AI games (and a --compare variant on the same seeds); print the statistics."""
    from game.lab import lab_simulate as lab
    from game.lab import simulate as sim  # multiprocessing and the AI only for this command
    from game.lab.lab_text import sprt_from_args
    from game.lab.sequential import grown_run

    if args.games < 1 or args.jobs < 1 or args.max_rounds < 1 or (args.aa is not None and args.aa < 1):
        raise UsageError(t("cli.simulate_minimum"))
    from game.levels.controllers import ai_assignments

    args.sets = [*ai_assignments(_ai_choice(args.ai, args.level)), *_without_sets(args.without), *args.sets]
    try:
        sprt = sprt_from_args(args)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if sprt is not None and not (args.compare or args.aa):
        raise UsageError(t("lab.sprt_needs_compare"))
    if args.aa is not None and (args.compare or args.out or args.resume or args.parquet):
        raise UsageError(t("lab.aa_alone"))
    from game.commands.preflight import output_option_problem, parquet_problem
    from game.commands.sweep_cli import local_jobs_problem
    from game.limits import games_problem, rounds_problem

    for option, value, problem in (
        ("--games", args.games, games_problem(args.games)),
        ("--max-rounds", args.max_rounds, rounds_problem(args.max_rounds)),
        ("--jobs", args.jobs, local_jobs_problem(args.jobs, args.cluster)),
    ):
        if problem is not None:
            raise UsageError(f"{option} {value}: {problem}")
    out_problem = output_option_problem("--out", args.out, [args.level])  # before any level, row or game is read
    out_problem = out_problem or parquet_problem(args.parquet, [args.level, args.out])
    if out_problem is not None:
        raise UsageError(out_problem)
    try:
        base_text, base_level = sim.variant(args.level, args.sets)
        variants = [("base", args.sets, base_text, base_level)]
        if args.compare:
            other_text, other_level = sim.variant(args.level, [*args.sets, *args.compare])
            variants.append(("compare", [*args.sets, *args.compare], other_text, other_level))
    except sim.SetError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(t("cli.cannot_read", path=args.level, error=exc.strerror or exc)) from None
    if args.aa is not None:
        return _simulate_aa(args, base_level, sprt)
    from game.lab import pairs as seat_pairs

    kind = None if args.unpaired else seat_pairs.swap_kind([v[3] for v in variants])
    try:  # each seed played twice, the seats swapped: the second game of each pair is a variant of its own
        variants += [
            (f"{label}:swap", [*sets, *swapped], *sim.variant(args.level, [*sets, *swapped]))
            for label, sets, _, level in list(variants)
            if kind is not None
            for swapped in (seat_pairs.swap_assignments(level, kind),)
        ]
    except sim.SetError as exc:
        raise UsageError(str(exc)) from None
    seeds = [args.seed + i for i in range(args.games)]
    from game.lab import provenance as prov  # every --out row says which level, version and variant it is
    from game.lab.cluster import ClusterError, run_games_batched

    if args.resume and not args.out:
        raise UsageError(t("cluster.resume_needs_out"))
    fingerprint = prov.file_fingerprint(args.level)
    try:
        rows = prov.read_rows(args.out) if args.resume else []
        prov.check_rows(rows, {args.level: fingerprint})
    except prov.ProvenanceError as exc:
        raise UsageError(str(exc)) from None
    if args.resume:
        prov.drop_partial_line(args.out)
    writer = _jsonl_writer(sim, args.out)
    summaries: dict[str, Any] = {}
    played: dict[str, list[Any]] = {}
    sequential = None
    started = time.perf_counter()
    try:
        if sprt is not None:
            sequential = _simulate_sprt(args, variants, seeds, sprt, rows, fingerprint, writer, summaries, played)
        for label, sets, text, level in variants if sequential is None else []:
            progress = sim.Progress(len(seeds), label)

            seat = seat_pairs.seat_fields(level, label)

            def done(
                result: Any, label: str = label, sets: list[str] = sets, progress: Any = progress, seat: Any = seat
            ) -> None:
                if writer is not None:
                    try:
                        writer.write(prov.row(args.level, fingerprint, label, sets, args.max_rounds, result) | seat)
                    except OSError as exc:  # a full disk mid-run: exit 2 naming --out, not an internal error
                        raise UsageError(t("files.option", option="--out", path=args.out, reason=reason(exc))) from None
                progress.step()

            old = prov.games_from_rows(rows, fingerprint, sets, dict(enumerate(seeds)), args.max_rounds)
            progress.done = len(old)
            if args.cluster or old:  # batches on Dask, or only the games --out does not hold yet
                results = run_games_batched(
                    text, level.source, seeds, args.jobs, args.max_rounds, done, args.cluster, old
                )
            else:
                results = sim.run_games(
                    text, level.source, seeds, jobs=args.jobs, max_rounds=args.max_rounds, on_result=done
                )
            played[label] = results
            if label.endswith(":swap"):  # a pair's second games: reported with their pairs, below
                continue
            summary = sim.summarize(results, [s.id for s in level.sides])
            summary["set"] = sets
            summaries[label] = summary
    except ClusterError as exc:
        raise UsageError(str(exc)) from None
    finally:
        if writer is not None:
            try:
                writer.close()
            except OSError as exc:  # the lines that could not be flushed (a full disk)
                raise UsageError(t("files.option", option="--out", path=args.out, reason=reason(exc))) from None
    elapsed = time.perf_counter() - started
    games = args.games * len(variants)
    data: dict[str, Any] = {
        "level": args.level,
        "seed": args.seed,
        "games": args.games,
        "max_rounds": args.max_rounds,
        "jobs": args.jobs,
        "games_per_second": games / elapsed if elapsed > 0 else None,
        **summaries,
    }
    data["pairs"] = None if kind is None else _pairs_json(kind, base_level, played, bool(args.compare))
    if args.compare:
        data["comparison"] = sim.compare(summaries["base"], summaries["compare"])
        data["paired"] = lab.paired_comparison(played["base"], played["compare"], [s.id for s in base_level.sides])
        data["sprt"] = sequential
    cells = [(fingerprint, sets) for _, sets, _, _ in variants]
    data["exploratory"] = sequential is None and grown_run(rows, cells, args.games)  # a finished run looked at again
    from game.lab.parquet_out import simulate_lab_outputs

    try:  # the fight maps into the JSON, and --parquet
        simulate_lab_outputs(data, args, fingerprint, variants, played, summaries)
    except OSError as exc:
        raise UsageError(t("files.option", option="--parquet", path=args.parquet, reason=reason(exc))) from None
    if args.json:
        print_json(data)
        return EXIT_OK
    from game.lab.lab_text import draws_line, metric_lines, paired_lines, sprt_line

    lines = []
    for label, summary in summaries.items():
        variant = ", ".join(summary["set"]) or t("simulate.as_written")
        title = t(f"simulate.label_{label}", variant=variant)
        lines += sim.format_summary(title, summary, names=base_level.display_names)
        lines += ["  " + line for line in metric_lines(summary.get("metrics", {}))]
        warning = draws_line(summary)
        if warning:
            lines.append("  " + warning)
    if args.compare:
        lines += paired_lines(data["paired"], base_level.display_names)
        if sequential:
            lines.append("  " + sprt_line("compare", sequential))
    if data["pairs"] is not None:
        from game.lab.lab_text import pair_lines

        lines += pair_lines(data["pairs"], base_level.display_names)
    if data["exploratory"]:
        lines.append(t("lab.exploratory"))
    lang = current_language()
    rate = fixed(games / max(elapsed, 1e-9), lang)
    lines.append(t("simulate.timing", games=games, seconds=fixed(elapsed, lang), rate=rate, jobs=args.jobs))
    print("\n".join(lines))
    return EXIT_OK


def _simulate_sprt(
    args: argparse.Namespace,
    variants: list[Any],
    seeds: list[int],
    sprt: Any,
    rows: list[dict[str, Any]],
    fingerprint: str,
    writer: Any,
    summaries: dict[str, Any],
    played: dict[str, list[Any]],
) -> dict[str, Any]:
    """simulate --compare --sprt: both variants in lock-step looks until the test decides; the test's state."""
    from game.lab import lab_simulate as lab
    from game.lab import provenance as prov
    from game.lab import simulate as sim
    from game.lab.pairs import other_side, seat_fields, swap_kind

    labels = [label for label, *_ in variants]
    index = dict(enumerate(seeds))
    done = [prov.games_from_rows(rows, fingerprint, sets, index, args.max_rounds) for _, sets, *_ in variants]
    seat = [seat_fields(level, label) for label, _, _, level in variants]

    def arrived(c: int, res: Any) -> None:
        if writer is not None:
            writer.write(prov.row(args.level, fingerprint, labels[c], variants[c][1], args.max_rounds, res) | seat[c])

    sides = [s.id for s in variants[0][3].sides]
    texts = [(text, level.source) for _, _, text, level in variants]
    kind = swap_kind([level for *_, level in variants[:2]]) if len(variants) == 4 else None  # twins: pairs
    held = None if kind is None else other_side(variants[0][3], kind)[sides[0]]
    results, state = lab.play_sequential(
        texts, seeds, sprt, sides[0], jobs=args.jobs, cluster=args.cluster, max_rounds=args.max_rounds,
        done=done, on_result=arrived, held=held,
    )  # fmt: skip
    for (label, sets, *_), res in zip(variants, results, strict=True):
        played[label] = res
        if not label.endswith(":swap"):  # a pair's second games: reported with their pairs
            summaries[label] = {**sim.summarize(res, sides), "set": sets}
    return state


def _simulate_aa(args: argparse.Namespace, level: Any, sprt: Any) -> int:
    """simulate --aa K: the level against itself on disjoint seeds K times; the measured false-positive rate."""
    from game.lab import lab_simulate as lab
    from game.lab.lab_text import aa_lines

    seeds = lab.aa_seeds(args.seed, args.games, args.aa)
    seats = lab.play_aa(args.level, args.sets, level, seeds, args.jobs, args.max_rounds, paired=not args.unpaired)
    data: dict[str, Any] = {"level": args.level, "seed": args.seed, "games": args.games, "set": args.sets}
    data["max_rounds"] = args.max_rounds
    data["aa"] = lab.aa_report(seats, args.games, args.aa, sprt)
    if args.json:
        print_json(data)
    else:
        print("\n".join(aa_lines(data["aa"])))
    return EXIT_OK


def _jsonl_writer(sim: Any, path: str | None) -> Any:
    """simulate --out: the JSONL writer (its path was checked before any game ran); None without --out."""
    if path is None:
        return None
    try:
        return sim.JsonlWriter(path)
    except OSError as exc:
        raise UsageError(t("files.option", option="--out", path=path, reason=reason(exc))) from None


def _ai_choice(text: str | None, level: Any) -> dict[str, str]:
    """`--ai` as side → strength ({} if not given); UsageError if malformed or naming a side `level` lacks."""
    if text is None:
        return {}
    from game.levels.controllers import EVERY, StrengthError, check_sides, parse_ai

    try:
        choice = parse_ai(text)
        if set(choice) - {EVERY}:
            found = load_or_default(level) if level is None or isinstance(level, str) else level
            check_sides(choice, [s.id for s in found.sides])
    except StrengthError as exc:
        raise UsageError(str(exc)) from None
    return choice


def _pairs_json(kind: str, level: Any, played: dict[str, list[Any]], compare: bool) -> dict[str, Any]:
    """simulate's seat-swapped pairs: per variant the seat-averaged rates and the first mover's advantage,
    and with --compare the variant's difference over the pairs (every game against its own seat's)."""
    from game.lab import pairs as seat_pairs

    other = seat_pairs.other_side(level, kind)
    out: dict[str, Any] = {"swap": kind}
    for label in ("base", "compare") if compare else ("base",):
        out[label] = seat_pairs.seat_summary(played[label], played[f"{label}:swap"], other, kind)
    if compare:
        base = (played["base"], played["base:swap"])
        out["paired"] = seat_pairs.paired_pairs(base, (played["compare"], played["compare:swap"]), other)
    return out


def _without_sets(values: list[str]) -> list[str]:
    """`--without` as `--set` assignments (recorded in --out rows like any --set); UsageError naming a bad tactic."""
    from game.levels.controllers import StrengthError, without_assignments

    try:
        return without_assignments(values)
    except StrengthError as exc:
        raise UsageError(str(exc)) from None


def _play_options(p: argparse.ArgumentParser) -> None:
    for flag, spec in PLAY_OPTIONS:  # game/commands/play_args.py: the quick reader of the game's start follows them
        p.add_argument(flag, **spec)


def _is_script_error(exc: BaseException) -> bool:
    """Whether `exc` is a game.saved.script.ScriptError (bad input). Only a command that imported the module can
    raise one, so a start that never did (`play`) need not import it to ask (start-up time)."""
    script = sys.modules.get("game.saved.script")
    return script is not None and isinstance(exc, script.ScriptError)


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command; return its exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):  # a file name that is not UTF-8 prints with replacements, never crashes
        reconfigure = getattr(stream, "reconfigure", None)
        if callable(reconfigure):
            reconfigure(errors="replace")
    set_language(_early_language(args_list))  # None: the system locale
    args_list = command_first(args_list)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in TOP_LEVEL_FLAGS):
        args_list = ["play", *args_list]
    # the game's start: a plain `play` command line is read without argparse (game/commands/play_args.py), else
    # `play` gets its parser alone, without building every other command's
    args = quick_play_args(args_list, LANGUAGES, cmd_play)
    if args is None:
        parser = build_parser("play" if args_list[0] == "play" else None)
        args = parser.parse_args(args_list)
        if getattr(args, "func", None) is None:
            parser.print_help()
            return EXIT_BAD_INPUT
    try:
        return int(args.func(args))
    except (LevelError, UsageError, BadAction) as exc:
        print(t("cli.error", error=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and closed early: not an error
        sys.stderr.close()
        return EXIT_OK
    except Exception as exc:  # a bug, not bad input: one line, the traceback only on request
        if _is_script_error(exc):  # bad input after all: a script that cannot be read
            print(t("cli.error", error=exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        if os.environ.get("GRIDBOUND_DEBUG"):
            raise
        print(t("cli.internal", command=args.command, kind=type(exc).__name__, error=exc), file=sys.stderr)
        return EXIT_INTERNAL
