"""The `import` command: a Universal VTT battle map (.dd2vtt, .uvtt, .df2vtt) → a level and its picture."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from game.files import output_problem, reason, shown
from game.levels.uvtt import DEFAULT_OBJECTS, OBJECTS, UvttError, import_map
from game.text.i18n import t
from rules.ruleset import RULESETS

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def add_import_parser(sub: Any) -> None:
    """Register `import` on the command line's subparsers."""
    p = sub.add_parser("import", help=t("uvtt.help"))
    p.add_argument("map", metavar="MAP.dd2vtt")
    p.add_argument("-o", "--out", required=True, metavar="LEVEL.toml")
    p.add_argument("--ruleset", required=True, choices=RULESETS)
    p.add_argument("--objects", choices=OBJECTS, default=DEFAULT_OBJECTS)
    p.add_argument("--force", action="store_true")
    p.set_defaults(func=cmd_import)


def cmd_import(args: argparse.Namespace) -> int:
    """Import the map; print what was decided; 2 with one line on stderr when the file cannot be imported."""
    problem = output_problem(args.out, [args.map])  # the output gate: before the map is read
    if problem is not None:
        error = t("files.option", option="-o", path=shown(args.out), reason=problem)
        print(t("cli.error", error=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        m, decided, picture = import_map(args.map, args.out, args.ruleset, args.objects, args.force)
    except UvttError as exc:
        print(t("cli.error", error=exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:  # the level or picture could not be written (a full disk, a read-only file)
        error = t("files.option", option="-o", path=shown(args.out), reason=reason(exc))
        print(t("cli.error", error=error), file=sys.stderr)
        return EXIT_BAD_INPUT
    origin = f"({m.origin[0]:g}, {m.origin[1]:g})"
    ppg = f"{m.pixels_per_grid:g}" if m.pixels_per_grid else "–"
    lines = [
        t("uvtt.report_map", file=shown(args.map), width=m.width, height=m.height, ppg=ppg, origin=origin),
        t("uvtt.report_walls", edges=decided.walled_edges, solid=decided.solid_squares),
        t(
            "uvtt.report_doors",
            doors=decided.doors_closed + decided.doors_open,
            closed=decided.doors_closed,
            open=decided.doors_open,
            edges=decided.door_edges,
            squares=decided.door_squares,
            skipped=decided.doors_skipped,
        ),
        t(
            "uvtt.report_objects",
            count=decided.objects,
            squares=decided.object_squares,
            kind=t("import_drops.kind_hampering") if args.objects == "hampering" else t(f"uvtt.kind_{args.objects}"),
            default=DEFAULT_OBJECTS,
        ),
    ]
    if args.objects != "none":  # with --objects none every object is left out by choice: no list of them
        for index, first, why in decided.dropped:
            at = f"({first[0]:g}, {first[1]:g})"
            lines.append(t("import_drops.report_dropped", index=index, at=at, why=t(f"import_drops.dropped_{why}")))
    if picture is not None and m.info is not None:
        lines.append(t("uvtt.report_picture", path=str(picture), width=m.info.width, height=m.info.height))
    else:
        lines.append(t("uvtt.report_no_picture"))
    (a_id, a_at), (b_id, b_at) = decided.units
    lines.append(t("uvtt.report_units", a=a_id, a_at=list(a_at), b=b_id, b_at=list(b_at)))
    lines.append(t("uvtt.report_wrote", path=shown(args.out), ruleset=args.ruleset))
    print("\n".join(lines))
    return EXIT_OK
