"""`gridbound sweep SWEEP.toml`: the command, its options and the text table (docs/simulate.md)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from game.files import shown
from game.lab.lab_text import (
    add_lab_options,
    column_heading,
    lab_lines,
    rule_change,
    sprt_from_args,
    surprise_line,
    sweep_pair_lines,
)
from game.lab.simulate import side_name
from game.text.i18n import local_fixed, t


class SweepUsageError(ValueError):
    """Bad input to `sweep` (exit 2, one line)."""


def add_sweep_parser(sub: Any) -> None:
    """Register `sweep` on the command parser."""
    p = sub.add_parser("sweep", help=t("sweep.help"))
    p.add_argument("sweep_file", metavar="SWEEP.toml")
    p.add_argument("--jobs", type=int, default=1, help="worker processes on this machine (results do not depend on it)")
    p.add_argument("--cluster", default=None, metavar="ADDRESS", help="local, or a Dask scheduler tcp://HOST:8786")
    p.add_argument("--precision", type=float, default=None, metavar="W", help="stop a cell once its 95 %% CI < W")
    p.add_argument("--out", default=None, metavar="FILE.jsonl", help="append one JSON line per finished game")
    p.add_argument("--resume", action="store_true", help="with --out: keep the games already in it, play the rest")
    p.add_argument("--merge", nargs="+", default=[], metavar="FILE.jsonl", help="take games from other runs' --out")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--html", default=None, metavar="FILE.html", help="write a self-contained HTML report")
    p.add_argument("--replays", default=None, metavar="DIR", help="save the flagged games as replays in DIR")
    p.add_argument("--parquet", default=None, metavar="FILE.parquet", help=t("options.sweep.parquet"))
    add_lab_options(p, adjust=True)
    p.add_argument("--ai", default=None, metavar="STRENGTH|SIDE=STRENGTH,…", help=t("ai_choice.help"))
    p.add_argument("--unpaired", action="store_true", help=t("options.labpairs.unpaired"))
    p.add_argument(
        "--without", action="append", default=[], metavar="TACTIC,…|SIDE=TACTIC,…", help=t("options.labpairs.without")
    )
    p.set_defaults(func=cmd_sweep)


def cmd_sweep(args: argparse.Namespace) -> int:
    """Run a sweep file and print its report; bad input is one line on stderr and exit 2."""
    try:
        return _run(args)
    except SweepUsageError as exc:
        print(t("cli.error", error=exc), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from game.lab import provenance as prov
    from game.lab import simulate as sim
    from game.lab.cluster import ClusterError, backend_for
    from game.lab.sequential import grown_run
    from game.lab.sweep import report, run_sweep, save_map_replays, save_replays, save_viewer_maps
    from game.lab.sweep_file import SweepError, load_sweep

    if args.jobs < 1 or (args.precision is not None and not 0 < args.precision < 1):
        raise SweepUsageError(t("sweep.bad_option"))
    too_many = local_jobs_problem(args.jobs, args.cluster)
    if too_many is not None:
        raise SweepUsageError(f"--jobs {args.jobs}: {too_many}")
    if args.resume and not args.out:
        raise SweepUsageError(t("cluster.resume_needs_out"))
    try:
        sprt = sprt_from_args(args)
    except ValueError as exc:
        raise SweepUsageError(str(exc)) from None
    _check_outputs(args, [args.sweep_file, *args.merge])  # before the sweep's levels and variants are read
    if args.html:  # after the outputs: a wrong --html is refused at once, not after seconds of loading matplotlib
        from game.lab.report_html import ReportError, _pyplot

        try:
            _pyplot()  # refuse a missing matplotlib before any game is played
        except ReportError as exc:
            raise SweepUsageError(str(exc)) from None
    from game.commands.preflight import parquet_problem

    problem = parquet_problem(args.parquet, [args.sweep_file, args.out, args.html, *args.merge])
    if problem is not None:  # pyarrow missing, or a file that cannot be written: before any game
        raise SweepUsageError(problem)
    try:
        from game.levels.controllers import StrengthError, ai_assignments, parse_ai, without_assignments

        try:
            ai_sets = ai_assignments(parse_ai(args.ai)) if args.ai else []
            ai_sets += without_assignments(args.without)
        except StrengthError as exc:
            raise SweepUsageError(str(exc)) from None
        sweep = load_sweep(args.sweep_file, ai_sets)
        rows = prov.read_rows(args.out) if args.resume else []
        for extra in args.merge:
            if not Path(extra).is_file():
                raise SweepUsageError(f"--merge {shown(extra)}: " + t("sweep.no_file"))
            rows += prov.read_rows(extra)
        prov.check_rows(rows, {plan.path: plan.fingerprint for plan in sweep.levels})
    except (SweepError, prov.ProvenanceError) as exc:
        raise SweepUsageError(str(exc)) from None
    if sweep.search is not None:
        return _search(args, sweep)
    width = args.precision if args.precision is not None else sweep.precision
    if sprt is not None and width:
        raise SweepUsageError(t("lab.sprt_precision", width=f"{width:g}"))
    total = sweep.games * len(sweep.levels) * len(sweep.variants)
    progress = sim.Progress(total, "sweep")
    _check_outputs(args, [args.sweep_file, *(plan.path for plan in sweep.levels), *args.merge])
    where = args.replays
    made = bool(args.replays) and not Path(args.replays).is_dir()
    try:  # the --replays folder is made now (its parent was checked), not after the games
        if args.replays:
            Path(args.replays).mkdir(exist_ok=True)
        where = args.out
        if args.resume:
            prov.drop_partial_line(args.out)
        writer = sim.JsonlWriter(args.out) if args.out else None
    except OSError as exc:
        raise SweepUsageError(t("sweep.cannot_write", path=shown(where or ""), error=exc.strerror or exc)) from None
    played_now = 0

    def games(count: int) -> None:
        nonlocal played_now
        played_now += count
        for _ in range(count):
            progress.step()

    started = time.perf_counter()
    try:
        backend = backend_for(args.cluster, args.jobs)
        try:
            played = run_sweep(
                sweep,
                backend,
                precision=args.precision,
                rows=rows,
                on_row=writer.write if writer else None,
                on_games=games,
                sprt=sprt,
                pairs=not args.unpaired,
            )
            workers = backend.workers
        finally:
            backend.close()
    except ClusterError as exc:
        raise SweepUsageError(str(exc)) from None
    except OSError as exc:  # --out on a disk that filled up during the games
        if writer is None:
            raise
        raise SweepUsageError(t("sweep.cannot_write", path=shown(args.out or ""), error=exc.strerror or exc)) from None
    finally:
        if writer is not None:
            try:
                writer.close()
            except OSError as exc:  # the lines that could not be flushed
                error = exc.strerror or exc
                raise SweepUsageError(t("sweep.cannot_write", path=shown(args.out or ""), error=error)) from None
    elapsed = time.perf_counter() - started
    data = report(sweep, played, args.precision, adjustment=args.adjust, sprt=sprt)
    cells = [(plan.fingerprint, v.sets) for plan in sweep.levels for v in sweep.variants]
    data["exploratory"] = sprt is None and grown_run(rows, cells, sweep.games)  # a finished run looked at again
    data["run"] = {
        "cluster": args.cluster,
        "workers": workers,
        "games_played": played_now,
        "seconds": elapsed,
        "games_per_second": played_now / elapsed if elapsed > 0 else None,
    }
    try:  # a disk that filled up during the games: exit 2 naming the output, not an internal error
        where = args.replays
        if args.replays:
            data["replays"] = [str(p) for p in save_replays(sweep, data, args.replays)]
            data["map_replays"] = save_map_replays(sweep, data, args.replays)
            data["fight_maps"] = str(save_viewer_maps(sweep, played, args.replays))
        where = args.parquet
        if args.parquet:
            _write_parquet(sweep, played, args.parquet)
        where = args.html
        if args.html:
            from game.lab.report_html import write_html

            levels = {
                (plan.path, v.label): plan.variants[i][1] for plan in sweep.levels for i, v in enumerate(sweep.variants)
            }
            replays = {(r["level"], r["variant"], r["index"]): r["path"] for r in data.get("map_replays", [])}
            write_html(data, args.html, levels, replays)
    except OSError as exc:
        if made:  # a refused run leaves no folder it made behind (the files in it were written atomically)
            _remove_empty(args.replays)
        raise SweepUsageError(t("sweep.cannot_write", path=shown(where or ""), error=exc.strerror or exc)) from None
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        names = {plan.path: plan.variants[0][1].display_names for plan in sweep.levels}
        print("\n".join(format_report(data, names)))
    return 0


def _remove_empty(folder: str) -> None:
    """Remove the --replays folder this run made when nothing could be written into it."""
    import contextlib
    import os

    with contextlib.suppress(OSError):  # not empty, or already gone: it stays as it is
        os.rmdir(folder)


def _write_parquet(sweep: Any, played: list[Any], path: str) -> None:
    """sweep --parquet: every game of every cell as one table."""
    from game.lab.game_record import SWAPPED
    from game.lab.pairs import swap_assignments, swap_kind
    from game.lab.parquet_out import records, write_parquet

    games = []
    for p in played:
        plan, v = sweep.levels[p.level], sweep.variants[p.variant]
        level = plan.variants[p.variant][1]
        label, sets = v.label, list(v.sets)
        if p.seat:  # a pair's second game: labelled and set as its --out row is (game/lab/sweep.py run_sweep)
            label += SWAPPED
            sets += swap_assignments(level, swap_kind([lv for _, lv in plan.variants]))
        games += records(plan.path, plan.fingerprint, label, sets, sweep.max_rounds, level, p.results)
    write_parquet(games, path)


def _search(args: argparse.Namespace, sweep: Any) -> int:
    """A sweep file with `[search]`: the search's report (text or JSON)."""
    from game.commands.search_cli import format_search, search_option_problem, search_report
    from game.lab.cluster import ClusterError, backend_for
    from game.lab.search import SearchError, libraries

    problem = search_option_problem(args)
    if problem is not None:
        raise SweepUsageError(problem)
    try:
        libraries()  # refuse a missing Optuna or SALib before any game is played
        backend = backend_for(args.cluster, args.jobs)
        try:
            data = search_report(sweep, backend)
        finally:
            backend.close()
    except (SearchError, ClusterError) as exc:
        raise SweepUsageError(str(exc)) from None
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print("\n".join(format_search(data)))
    return 0


def local_jobs_problem(jobs: int, cluster: str | None) -> str | None:
    """Why `--jobs N` is refused for processes on this machine (no cluster, or `local`), or None."""
    import os

    from game.limits import jobs_problem

    if cluster not in (None, "local"):
        return None  # a remote scheduler's workers are its own
    return jobs_problem(jobs, os.cpu_count(), os.environ.get("GRIDBOUND_MAX_JOBS"))


def _check_outputs(args: argparse.Namespace, inputs: list[str]) -> None:
    """Every output place of the run checked before the first game: --out, --html and --replays (SweepUsageError)."""
    from game.files import output_problem

    for option, where in (("--out", args.out), ("--html", args.html)):
        if where:
            problem = output_problem(where, inputs)
            if problem is not None:
                raise SweepUsageError(t("files.option", option=option, path=shown(where), reason=problem))
    if args.replays:
        import os

        problem = None
        if not os.path.isdir(args.replays):  # made before the games: its parent must exist, the name must fit
            problem = output_problem(args.replays) or (
                t("gates.not_a_folder") if os.path.lexists(args.replays) else None
            )
        if problem is not None:
            raise SweepUsageError(t("files.option", option="--replays", path=shown(args.replays), reason=problem))


def _pct(x: float) -> str:
    return local_fixed(100 * x, width=5)


def _interval(lo_hi: list[float], signed: bool = False) -> str:
    # German and Italian write the decimal comma, so their ends are parted by a semicolon ("[34,2; 100,0]")
    sep = "; " if "," in local_fixed(0.5) else ", "
    return "[" + sep.join(local_fixed(100 * end, width=5, signed=signed) for end in lo_hi[:2]) + "]"


LevelNames = Mapping[str, Mapping[str, Any]]
"""Each level's display names (level path as the report names it → the level's `display_names`)."""

COLUMNS = (("variant", 8), ("games", 7), ("side", 12), ("win", 7), ("ci", 16), ("diff", 8), ("ci", 16), ("p", 7))
COLUMNS_END = (("p_adj", 8), ("rounds", 7), ("diff_rounds", 13))
"""The table's columns and their least widths; a heading or name longer than that widens its column."""


def _widths(shown: Iterable[str]) -> dict[str, int]:
    """Each column's width: its least, else its heading and a space (the side column: also the longest name)."""
    widths = {key: max(least, len(column_heading(key)) + 1) for key, least in (*COLUMNS, *COLUMNS_END)}
    widths["side"] = max([widths["side"], *(len(name) + 1 for name in shown)])
    return widths


def format_report(data: dict[str, Any], names: LevelNames | None = None) -> list[str]:
    """The text table of a sweep report; sides by their display names in `names` (by level)."""
    lines = [
        t(
            "sweep.title",
            name=data["sweep"],
            file=data["file"],
            version=data["version"],
            seed=data["seed"],
            games=data["games"],
            rounds=data["max_rounds"],
        )
    ]
    if data["precision"]:
        lines.append("  " + t("sweep.precision_line", width=f"{100 * data['precision']:g}", batch=data["batch"]))
    lines.append(t("sweep.variants"))
    for v in data["variants"]:
        mark = t("sweep.baseline") if v["baseline"] else ""
        lines.append(f"  {v['variant']:<5} {mark:<10} " + (", ".join(v["changes"]) or t("simulate.as_written")))
    for level in data["levels"]:
        level_names = (names or {}).get(level["level"])
        shown = {side: side_name(side, level_names) for side in level["sides"]}
        w = _widths([*shown.values(), t("simulate.draws")])
        h = column_heading
        head = (
            f"  {h('variant'):<{w['variant']}}{h('games'):>{w['games']}}  {h('side'):<{w['side']}}"
            f"{h('win'):>{w['win']}}  {h('ci'):<{w['ci']}}{h('diff'):>{w['diff']}}"
            f"  {h('ci'):<{w['ci']}}{'p':>{w['p']}}{h('p_adj'):>{w['p_adj']}}"
            f"  {h('rounds'):>{w['rounds']}}  {h('diff_rounds'):>{w['diff_rounds']}}"
        )
        lines += ["", t("sweep.level", level=level["level"], fingerprint=level["level_fingerprint"][:12]), head]
        for cell in level["cells"]:
            lines += _cell_lines(cell, level["sides"], shown, w)
        changes = [c for c in level["cells"] if c["paired"]]
        if changes:
            lines.append("  " + t("sweep.rule_changes"))
        for cell in changes:
            top = [(rule, c) for rule, c in cell["paired"]["rules"].items() if c["change"]][:4]
            if not top:
                lines.append(f"    {cell['variant']}: " + t("sweep.rules_same"))
                continue
            text = "; ".join(
                f"{rule} {local_fixed(c['baseline'], decimals=2)} → {local_fixed(c['variant'], decimals=2)}"
                + rule_change(c)
                for rule, c in top
            )
            lines.append(f"    {cell['variant']}: {text}")
        lines += lab_lines(level, data, level_names)
        lines += sweep_pair_lines(level)
    if data.get("adjustment"):
        a = data["adjustment"]
        lines += ["", t("lab.adjusted", name=t(f"lab.adjust_{a['method']}"), family=a["family"])]
    if data.get("exploratory"):
        lines += ["", t("lab.exploratory")]
    if data["surprising"]:
        lines += ["", t("sweep.surprising")]
        lines += ["  " + surprise_line(g, g["level"], (names or {}).get(g["level"])) for g in data["surprising"]]
    for path in data.get("replays", []):
        lines.append("  " + t("sweep.replay_saved", path=path))
    run = data.get("run")
    if run:
        rate = local_fixed(run["games_per_second"] or 0)
        where = run["cluster"] or f"--jobs {run['workers']}"
        seconds = local_fixed(run["seconds"])
        lines += ["", t("sweep.timing", games=run["games_played"], seconds=seconds, rate=rate, where=where)]
    return lines


def _cell_lines(cell: dict[str, Any], sides: list[str], shown: Mapping[str, str], w: Mapping[str, int]) -> list[str]:
    """One line per side (`shown`: its name) and the draws of one cell, with the paired difference where there is a
    baseline, in columns `w` wide."""
    lines = []
    pairs = cell.get("pairs")  # seat-swapped pairs: the rates over both seats, the difference over the pairs
    games = f"{2 * pairs['pairs'] if pairs else cell['games']}{'*' if cell['stopped_early'] else ' '}"
    pair = cell.get("paired_pairs") or cell["paired"]
    for k, side in enumerate([*sides, None]):
        if side is None:
            if not cell["draws"] and not (pair and pair["draws"]["difference"]):
                continue
            rate, ci, diff = pairs["draw_rate"] if pairs else cell["draw_rate"], None, pair["draws"] if pair else None
            name = t("simulate.draws")
        else:
            s = pairs["sides"][side] if pairs else cell["sides"][side]
            rate, ci, diff, name = s["win_rate"], s["ci95"], pair["sides"][side] if pair else None, shown[side]
        first = k == 0
        line = f"  {cell['variant'] if first else '':<{w['variant']}}{games if first else '':>{w['games']}}"
        line += f"  {name:<{w['side']}}{_pct(rate):>{w['win']}}  {_interval(ci) if ci else '':<{w['ci']}}"
        if diff is not None:
            points, p = (
                local_fixed(100 * diff["difference"], width=w["diff"], signed=True),
                local_fixed(diff["p"], decimals=3, width=w["p"]),
            )
            line += f"{points}  {_interval(diff['ci95'], True):<{w['ci']}}{p}"
            adjusted = diff.get("p_adjusted")
            if adjusted is not None:
                mark = "!" if diff.get("survives") else " "
                line += f"{local_fixed(adjusted, decimals=3, width=w['p_adj'] - 1)}{mark}"
            else:
                line += " " * w["p_adj"]
        else:
            line += " " * (w["diff"] + 2 + w["ci"] + w["p"] + w["p_adj"])
        if first:
            line += f"  {local_fixed(cell['rounds']['mean'], decimals=2, width=w['rounds'])}"
            if cell["paired"]:  # rounds: the paired difference of the games as written
                change = cell["paired"]["rounds"]["difference"]
                line += f"  {local_fixed(change, decimals=2, width=w['diff_rounds'], signed=True)}"
        lines.append(line.rstrip())
    return lines
