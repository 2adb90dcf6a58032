"""`gridbound plan`: how many games a comparison needs to find an effect (docs/simulate.md)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from typing import Any

from game.lab.game_record import SWAPPED
from game.lab.paired_stats import games_paired, games_unpaired
from game.text.i18n import local_fixed, local_general, t

BASELINES = ("base", "v0")
"""The variant labels `simulate` and `sweep` give their baseline rows."""


class PlanError(ValueError):
    """Bad input to `plan` (exit 2, one line)."""


def add_plan_parser(sub: Any) -> None:
    """Register `plan` on the command parser."""
    p = sub.add_parser("plan", help=t("plan.help"))
    p.add_argument("--effect", required=True, metavar="D", help=t("options.plan.effect"))
    p.add_argument("--power", type=float, default=0.8, metavar="P", help=t("options.plan.power"))
    p.add_argument("--alpha", type=float, default=0.05, metavar="A", help=t("options.plan.alpha"))
    p.add_argument("--rate", type=float, default=0.5, metavar="R", help=t("options.plan.rate"))
    p.add_argument("--paired", action="store_true", help=t("options.plan.paired"))
    p.add_argument("--discordance", type=float, default=None, metavar="D", help=t("options.plan.discordance"))
    p.add_argument("--from", dest="run", default=None, metavar="RUN.jsonl", help=t("options.plan.run"))
    p.add_argument("--json", action="store_true", help=t("options.plan.json"))
    p.set_defaults(func=cmd_plan)


def parse_effect(text: str) -> float:
    """'3%' or '0.03' → 0.03; PlanError unless strictly between 0 and 1."""
    raw = text.strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise PlanError(t("plan.bad_effect", value=repr(text))) from None
    if not 0 < abs(value) < 1:
        raise PlanError(t("plan.bad_effect", value=repr(text)))
    return abs(value)


def measured_discordance(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per level and variant of a run: the share of seeds whose winner differs from the baseline's on that seed."""
    by_cell: dict[tuple[str, str], dict[int, Any]] = defaultdict(dict)
    for row in rows:
        by_cell[(row["level_fingerprint"], row.get("variant", ""))][row["seed"]] = row.get("winner")
    found = []
    for (level, label), games in sorted(by_cell.items()):
        if label in BASELINES or label.endswith(SWAPPED):  # a pair's second games: not a variant of their own
            continue
        base = next((by_cell[(level, b)] for b in BASELINES if (level, b) in by_cell), None)
        if not base:
            continue
        shared = sorted(set(base) & set(games))
        if shared:
            differ = sum(1 for s in shared if base[s] != games[s])
            level_name = next((r["level"] for r in rows if r["level_fingerprint"] == level), level[:12])
            share = differ / len(shared)
            found.append({"level": level_name, "variant": label, "seeds": len(shared), "discordance": share})
    return found


def plan(args: argparse.Namespace) -> dict[str, Any]:
    """The plan as a JSON-ready dict; PlanError for bad input."""
    effect = parse_effect(args.effect)
    if not 0 < args.power < 1 or not 0 < args.alpha < 1:
        raise PlanError(t("plan.bad_probability"))
    if not 0 < args.rate < 1 or not 0 < args.rate + effect < 1:
        raise PlanError(t("plan.bad_rate", rate=args.rate))
    out: dict[str, Any] = {"effect": effect, "power": args.power, "alpha": args.alpha, "rate": args.rate}
    per_variant = games_unpaired(effect, args.power, args.alpha, args.rate)
    out["unpaired"] = {"games_per_variant": per_variant, "games": 2 * per_variant}
    measured: list[dict[str, Any]] = []
    if args.run:
        from game.lab import provenance as prov

        try:
            measured = measured_discordance(prov.read_rows(args.run))
        except prov.ProvenanceError as exc:
            raise PlanError(str(exc)) from None
        if not measured:
            raise PlanError(t("plan.no_pairs", path=args.run))
    if args.discordance is not None:
        if not 0 < args.discordance <= 1:
            raise PlanError(t("plan.bad_discordance", value=args.discordance))
        measured.insert(0, {"level": None, "variant": None, "seeds": None, "discordance": args.discordance})
    if args.paired and not measured:
        raise PlanError(t("plan.needs_discordance"))
    out["paired"] = []
    for m in measured:
        entry = dict(m)
        try:
            entry["seeds_needed"] = games_paired(effect, args.power, m["discordance"], args.alpha)
            entry["games"] = 2 * entry["seeds_needed"]
        except ValueError:
            entry["seeds_needed"] = entry["games"] = None  # the effect exceeds the discordance: cannot happen
        out["paired"].append(entry)
    return out


def format_plan(data: dict[str, Any]) -> list[str]:
    """The plan as text lines."""
    numbers = {
        "effect": local_general(100 * data["effect"]),
        "power": local_general(100 * data["power"]),
        "alpha": local_general(data["alpha"]),
    }
    lines = [t("plan.heading", **numbers)]
    u = data["unpaired"]
    rate = local_general(100 * data["rate"])
    lines.append("  " + t("plan.unpaired", rate=rate, each=u["games_per_variant"], games=u["games"]))
    for p in data["paired"]:
        where = f"{p['level']} {p['variant']}, " if p["level"] else ""
        share = local_fixed(100 * p["discordance"])
        if p["seeds_needed"] is None:
            lines.append("  " + t("plan.impossible", where=where, share=share))
        else:
            lines.append("  " + t("plan.paired", where=where, share=share, seeds=p["seeds_needed"], games=p["games"]))
    lines.append(t("plan.formulas"))
    return lines


def cmd_plan(args: argparse.Namespace) -> int:
    """Print the games needed; bad input is one line on stderr and exit 2."""
    try:
        data = plan(args)
    except PlanError as exc:
        print(t("cli.error", error=exc), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print("\n".join(format_plan(data)))
    return 0
