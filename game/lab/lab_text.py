"""The designer's-lab options and text shared by `simulate` and `sweep`: SPRT, adjustment, draws, paired lines."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from game.lab.paired_stats import Sprt
from game.lab.simulate import side_column, side_name
from game.text.i18n import local_fixed, local_general, t

RELATIVE_MIN_COUNT = 20
"""Below this many firings in the baseline a rule's change is shown as counts, not as a percentage."""


def add_lab_options(p: argparse.ArgumentParser, *, adjust: bool) -> None:
    """--sprt ELO0 ELO1, --alpha, --beta (and --adjust on a grid)."""
    p.add_argument("--sprt", nargs=2, type=float, default=None, metavar=("ELO0", "ELO1"), help=t("options.lab.sprt"))
    p.add_argument("--alpha", type=float, default=0.05, metavar="A", help=t("options.lab.alpha"))
    p.add_argument("--beta", type=float, default=0.05, metavar="B", help=t("options.lab.beta"))
    if adjust:
        p.add_argument("--adjust", choices=("holm", "bh"), default="holm", help=t("options.lab.adjust"))


def sprt_from_args(args: argparse.Namespace) -> Sprt | None:
    """The test the options ask for (None without --sprt); ValueError with one clear line when ill posed."""
    if args.sprt is None:
        return None
    test = Sprt.from_elo(args.sprt[0], args.sprt[1], args.alpha, args.beta)
    if test.check() is not None:
        raise ValueError(t("lab.bad_sprt", elo0=f"{args.sprt[0]:g}", elo1=f"{args.sprt[1]:g}"))
    return test


def rule_change(change: dict[str, Any]) -> str:
    """A rule's change as a percentage when the baseline fired it often enough, else as the two counts."""
    before = change.get("baseline_count")
    if before is not None and before < RELATIVE_MIN_COUNT:
        return " (" + t("lab.count_change", before=before, after=change["variant_count"]) + ")"
    if change["relative"] is None:
        return ""
    return " (" + local_fixed(100 * change["relative"], 0, signed=True) + " %)"


def decision_text(decision: str) -> str:
    """The SPRT's decision in words."""
    return t(f"lab.decision_{decision.lower()}")


def sprt_line(label: str, s: dict[str, Any]) -> str:
    """One line: which test, on which side, its error rates, and what it decided after how many seeds (pairs)."""
    return t(
        "labsprt.sprt_pairs_line" if s.get("games_per_pair", 1) > 1 else "lab.sprt_line",
        variant=label,
        side=s["side"],
        elo0=local_general(s["elo0"]),
        elo1=local_general(s["elo1"]),
        alpha=local_general(s["alpha"]),
        beta=local_general(s["beta"]),
        decision=decision_text(s["decision"]),
        pairs=s["pairs"],
        b=s["b"],
        c=s["c"],
        llr=local_fixed(s["llr"], 2, signed=True),
        lower=local_fixed(s["lower"], 2),
        upper=local_fixed(s["upper"], 2),
    )


def draws_line(summary: dict[str, Any], names: Mapping[str, Any] | None = None) -> str | None:
    """The warning when the round limit cut off many games, with each side's rate among decisive games (sides by
    their display names in `names`)."""
    if not summary.get("draws_warning"):
        return None
    rates = ", ".join(
        f"{side_name(side, names)} " + local_fixed(100 * s["decisive_win_rate"], 1) + " %"
        for side, s in summary["sides"].items()
    )
    return t("lab.draws_warning", share=local_fixed(100 * summary["draw_rate"], 1), rates=rates)


def lab_lines(level: dict[str, Any], data: dict[str, Any], names: Mapping[str, Any] | None = None) -> list[str]:
    """A sweep level's notes: identical variants, sequential decisions, draw warnings (sides by their display names
    in `names`)."""
    lines = []
    base = level["cells"][0]["variant"]
    for cell in level["cells"]:
        pair = cell.get("paired")
        if pair and pair["games"] < max(cell["games"], level["cells"][0]["games"]):
            first = next(iter(pair["sides"].items()))  # the rates behind Δ when a cell stopped before the other
            lines.append(
                "    "
                + t(
                    "lab.shared_rates",
                    variant=cell["variant"],
                    baseline=base,
                    games=pair["games"],
                    side=side_name(first[0], names),
                    base_rate=local_fixed(100 * first[1]["baseline_rate"], 1),
                    variant_rate=local_fixed(100 * first[1]["variant_rate"], 1),
                )
            )
        if pair and pair.get("identical"):
            lines.append("    " + t("lab.identical", variant=cell["variant"], baseline=base, games=pair["games"]))
        if cell.get("sprt"):
            lines.append("    " + sprt_line(cell["variant"], cell["sprt"]))
        warning = draws_line(cell, names)
        if warning:
            lines.append(f"    {cell['variant']}: {warning}")
    return lines


def column_heading(key: str) -> str:
    """A sweep table's column heading in the language (the text table's and the HTML page's)."""
    return {"p": "p", "p_adj": t("lab.col_p_adj")}.get(key) or t(f"sweep.col_{key}")


def paired_lines(paired: dict[str, Any], names: Mapping[str, Any] | None = None) -> list[str]:
    """simulate --compare: per side (by its display name in `names`) the paired difference, its interval and p, on
    the same seeds as the rates."""
    lines = [t("lab.paired_head", n=paired["games"])]
    column = side_column(paired["sides"], names)
    for side, c in paired["sides"].items():
        verdict = t("simulate.significant") if c["significant"] else t("simulate.not_significant")
        lines.append(
            f"  {column[side]} "
            + t(
                "lab.paired_line",
                points=local_fixed(100 * c["difference"], 1, width=6, signed=True),
                low=local_fixed(100 * c["ci95"][0], 1, signed=True),
                high=local_fixed(100 * c["ci95"][1], 1, signed=True),
                p=local_fixed(c["p"], 3),
                verdict=verdict,
                b=c["b"],
                c=c["c"],
                base=local_fixed(100 * c["baseline_rate"], 1),
                variant=local_fixed(100 * c["variant_rate"], 1),
            )
        )
    phis = [f"{side_name(side, names)} {_r(c.get('correlation'))}" for side, c in paired["sides"].items()]
    lines.append("  " + t("labpairs.correlation", values=", ".join(phis)))
    if paired.get("identical"):
        variant, baseline = t("simulate.name_compare"), t("simulate.name_base")
        lines.append("  " + t("lab.identical", variant=variant, baseline=baseline, games=paired["games"]))
    if paired.get("metrics"):
        lines.append(t("labpairs.paired_metrics_head"))
        for name, m in paired["metrics"].items():
            if not (m["baseline"] or m["variant"]):
                continue  # counted in neither variant
            numbers = {
                "difference": local_fixed(m["difference"], 2, signed=True),
                "low": local_fixed(m["ci95"][0], 2, signed=True),
                "high": local_fixed(m["ci95"][1], 2, signed=True),
                "base": local_fixed(m["baseline"], 2),
                "variant": local_fixed(m["variant"], 2),
            }
            lines.append("  " + t("labpairs.paired_metric_line", name=t(f"labpairs.metric.{name}"), **numbers))
    return lines


def metric_lines(metrics: dict[str, Any]) -> list[str]:
    """One summary's metrics: each one's mean per game and its 95 % interval."""
    if not metrics:
        return []
    lines = [t("labpairs.metrics_head")]
    for name, m in metrics.items():
        if not m["mean"] and not m["sd"]:
            continue  # never counted in any game (a tactic this ruleset lacks): JSON keeps it, the text spares it
        low, high = m["ci95"]
        numbers = {"mean": local_fixed(m["mean"], 2), "low": local_fixed(low, 2), "high": local_fixed(high, 2)}
        lines.append("  " + t("labpairs.metric_line", name=t(f"labpairs.metric.{name}"), **numbers))
    return lines


def _r(value: float | None) -> str:
    """A correlation as text ("none" when an outcome never varied)."""
    return t("labpairs.no_correlation") if value is None else local_fixed(value, 2, signed=True)


def aa_lines(aa: dict[str, Any]) -> list[str]:
    """simulate --aa: the measured false-positive rate next to the nominal one."""
    lines = [
        t(
            "lab.aa_line",
            runs=aa["comparisons"],
            pairs=aa["pairs"],
            positives=aa["false_positives"],
            rate=local_fixed(100 * aa["rate"], 1),
            low=local_fixed(100 * aa["ci95"][0], 1),
            high=local_fixed(100 * aa["ci95"][1], 1),
            nominal=f"{100 * aa['nominal']:g}",
        )
    ]
    if aa.get("games_per_pair", 1) > 1:
        lines.append("  " + t("labsprt.aa_pairs"))
    if aa.get("sprt"):
        s = aa["sprt"]
        lines.append(
            "  "
            + t(
                "lab.aa_sprt",
                h1=s["H1"],
                h0=s["H0"],
                open=s["inconclusive"],
                rate=local_fixed(100 * s["rate"], 1),
                low=local_fixed(100 * s["ci95"][0], 1),
                high=local_fixed(100 * s["ci95"][1], 1),
                nominal=f"{100 * s['alpha']:g}",
            )
        )
    return lines


def pair_lines(pairs: dict[str, Any], names: Mapping[str, Any] | None = None) -> list[str]:
    """simulate's seat-swapped pairs: seat-averaged win rates, the first mover's advantage, the paired difference;
    sides by their display names in `names`."""
    lines: list[str] = []
    for label in ("base", "compare"):
        data = pairs.get(label)
        if data is None:
            continue
        swap = t(f"labpairs.swap_{pairs['swap']}")
        lines.append(t("labpairs.pairs_head", label=t(f"simulate.name_{label}"), pairs=data["pairs"], swap=swap))
        column = side_column(data["sides"], names)
        for side, s in data["sides"].items():
            numbers = {
                "rate": local_fixed(100 * s["win_rate"], 1),
                "low": local_fixed(100 * s["ci95"][0], 1),
                "high": local_fixed(100 * s["ci95"][1], 1),
                "first": local_fixed(100 * s["seats"]["0"], 1),
                "second": local_fixed(100 * s["seats"]["1"], 1),
            }
            lines.append(f"  {column[side]} " + t("labpairs.pair_side", **numbers))
        fm = data["first_mover"]
        numbers = {
            "rate": local_fixed(100 * fm["win_rate"], 1),
            "low": local_fixed(100 * fm["ci95"][0], 1),
            "high": local_fixed(100 * fm["ci95"][1], 1),
            "effect": local_fixed(100 * fm["effect"], 1, signed=True),
        }
        lines.append("  " + t("labpairs.first_mover", decisive=fm["decisive"], **numbers))
    paired = pairs.get("paired")
    if paired:
        lines.append(t("labpairs.paired_pairs_head", pairs=paired["pairs"], games=paired["games"]))
        column = side_column(paired["sides"], names)
        for side, c in paired["sides"].items():
            verdict = t("simulate.significant") if c["significant"] else t("simulate.not_significant")
            numbers = {
                "points": local_fixed(100 * c["difference"], 1, signed=True),
                "low": local_fixed(100 * c["ci95"][0], 1, signed=True),
                "high": local_fixed(100 * c["ci95"][1], 1, signed=True),
                "p": local_fixed(c["p"], 3),
                "first": local_fixed(100 * c["seats"]["0"], 1, signed=True),
                "second": local_fixed(100 * c["seats"]["1"], 1, signed=True),
            }
            lines.append(f"  {column[side]} " + t("labpairs.paired_pair_line", verdict=verdict, **numbers))
    return lines


def sweep_pair_lines(level: dict[str, Any]) -> list[str]:
    """A sweep level's seat-swapped pairs and metrics: per cell the first mover's advantage, and the metrics
    whose paired difference to the baseline is not zero (mean difference [95 %])."""
    lines: list[str] = []
    swaps = {cell["pairs"]["swap"] for cell in level["cells"] if cell.get("pairs")}
    if swaps:
        lines.append("  " + t("labpairs.sweep_pairs", swap=t(f"labpairs.swap_{min(swaps)}")))
    for cell in level["cells"]:
        pairs = cell.get("pairs")
        if pairs:
            fm = pairs["first_mover"]
            numbers = {
                "rate": local_fixed(100 * fm["win_rate"], 1),
                "low": local_fixed(100 * fm["ci95"][0], 1),
                "high": local_fixed(100 * fm["ci95"][1], 1),
                "effect": local_fixed(100 * fm["effect"], 1, signed=True),
            }
            line = t("labpairs.first_mover", decisive=fm["decisive"], **numbers)
            lines.append(f"    {cell['variant']}: {line}")
        changed = {name: m for name, m in ((cell["paired"] or {}).get("metrics") or {}).items() if m["difference"] != 0}
        if changed:
            text = "; ".join(
                f"{t(f'labpairs.metric.{name}')} {local_fixed(m['difference'], 2, signed=True)} "
                f"[{local_fixed(m['ci95'][0], 2, signed=True)}, {local_fixed(m['ci95'][1], 2, signed=True)}]"
                for name, m in changed.items()
            )
            lines.append(f"    {cell['variant']}: " + t("labpairs.metrics_changed", changes=text))
    return lines


def surprise_line(game: dict[str, Any], level: str, names: Mapping[str, Any] | None = None) -> str:
    """One of the sweep's most surprising games: who won (or a draw), how rare that is in its cell, the baseline's;
    sides by their display names in `names`."""
    baseline = game["baseline_winner"]
    return t(
        "sweep.surprise_line" if game["winner"] else "sweep.surprise_draw",
        level=level,
        variant=game["variant"],
        index=game["index"],
        seed=game["seed"],
        winner=side_name(game["winner"], names) if game["winner"] else "",
        share=local_fixed(100 * game["share"]),
        baseline=side_name(baseline, names) if baseline else t("simulate.draws"),
    )
