"""The sweep report as one self-contained HTML file: tables, and charts drawn by matplotlib as inline SVG.

Nothing is loaded from elsewhere when the page opens: no script, no font, no stylesheet link.
matplotlib (the `report` extra) is imported only here, only when an HTML report is asked for.
"""

from __future__ import annotations

import html
import io
import os
from collections.abc import Mapping
from typing import Any

from game.lab.lab_text import column_heading, lab_lines, rule_change, surprise_line
from game.lab.report_maps import STYLE as MAP_STYLE
from game.lab.report_maps import maps_section
from game.lab.simulate import side_name
from game.levels.level import Level
from game.text.i18n import current_language, local_fixed, t
from game.tomlio import write_atomic

INSTALL_HINT = 'pip install -e ".[report]"'
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2")


class ReportError(ValueError):
    """matplotlib is missing (bad input: exit 2 with the install hint)."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ReportError(t("sweep_html.no_matplotlib", hint=INSTALL_HINT)) from None
    matplotlib.use("Agg")  # no window, whatever the machine has
    matplotlib.rcParams["svg.hashsalt"] = "gridbound"  # the same report gives the same SVG ids
    import matplotlib.pyplot as plt

    return plt


def _svg(fig: Any) -> str:
    """The figure as SVG text without the XML prologue, ready to sit inside HTML."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _chart(plt: Any, level: dict[str, Any], paired: bool, names: Mapping[str, Any] | None) -> str:
    """Win rate per variant and side (by its display name in `names`) with its 95 % interval; or the paired
    difference to the baseline."""
    cells = [c for c in level["cells"] if c["paired"]] if paired else level["cells"]
    sides = level["sides"]
    fig, ax = plt.subplots(figsize=(6.4, 0.55 * len(cells) * max(1, len(sides)) / 1.6 + 1.2))
    step = 0.7 / max(1, len(sides))
    for k, side in enumerate(sides):
        ys, xs, lows, highs = [], [], [], []
        for row, cell in enumerate(cells):
            stat = cell["paired"]["sides"][side] if paired else cell["sides"][side]
            value = stat["difference"] if paired else stat["win_rate"]
            low, high = stat["ci95"]
            ys.append(row + (k - (len(sides) - 1) / 2) * step)
            xs.append(100 * value)
            lows.append(100 * (value - low))
            highs.append(100 * (high - value))
        colour, label = COLOURS[k % len(COLOURS)], side_name(side, names)
        ax.errorbar(xs, ys, xerr=[lows, highs], fmt="o", capsize=3, color=colour, label=label)
    ax.set_yticks(range(len(cells)), [c["variant"] for c in cells])
    ax.invert_yaxis()
    if paired:
        ax.axvline(0, color="#555", linewidth=0.8)
        ax.set_xlabel(t("sweep_html.axis_diff"))
    else:
        ax.set_xlim(0, 100)
        ax.axvline(50, color="#bbb", linewidth=0.6, linestyle=":")
        ax.set_xlabel(t("sweep_html.axis_win"))
    ax.grid(axis="x", color="#ddd", linewidth=0.5)
    ax.legend(loc="best", fontsize="small", frameon=False)
    svg = _svg(fig)
    plt.close(fig)
    return svg


def _iso(text: Any) -> str:
    """A file name or path isolated from the sentence around it (a Hebrew page keeps it left to right)."""
    return f"\u2068{text}\u2069"


def _td(text: Any, cls: str = "") -> str:
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{html.escape(str(text))}</td>"


def _ci(lo_hi: list[float], signed: bool = False, scale: float = 100, decimals: int = 1) -> str:
    # as the text table: a language with the decimal comma parts the ends with a semicolon ("[34,2; 100,0]")
    sep = "; " if "," in local_fixed(0.5) else ", "
    return "[" + sep.join(local_fixed(scale * end, decimals=decimals, signed=signed) for end in lo_hi[:2]) + "]"


def _cells_table(level: dict[str, Any], side_names: Mapping[str, Any] | None) -> str:
    names = ("variant", "games", "side", "win", "ci", "diff", "ci", "p", "p_adj", "rounds")
    head = [column_heading(h) for h in names]
    rows = ["<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for cell in level["cells"]:
        pairs, diffs = cell.get("pairs"), cell.get("paired_pairs") or cell["paired"]
        for k, side in enumerate(level["sides"]):
            s = pairs["sides"][side] if pairs else cell["sides"][side]  # rates and difference on the same games
            pair = diffs["sides"][side] if diffs else None
            survives = pair is not None and bool(pair.get("survives"))
            adjusted = pair.get("p_adjusted") if pair else None
            adjusted_text = "" if adjusted is None else f"{local_fixed(adjusted, decimals=3)}{'!' if survives else ''}"
            games = f"{2 * pairs['pairs'] if pairs else cell['games']}{'*' if cell['stopped_early'] else ''}"
            diff = local_fixed(100 * pair["difference"], signed=True) if pair else ""
            rows.append(
                "<tr" + (' class="first"' if k == 0 else "") + ">"
                + _td(cell["variant"] if k == 0 else "")
                + _td(games if k == 0 else "", "num")
                + _td(side_name(side, side_names))
                + _td(local_fixed(100 * s["win_rate"]), "num")
                + _td(_ci(s["ci95"]), "num")
                + _td(diff, "num sig" if survives else "num")
                + _td(_ci(pair["ci95"], True) if pair else "", "num")
                + _td(local_fixed(pair["p"], decimals=3) if pair else "", "num")
                + _td(adjusted_text, "num sig" if survives else "num")
                + _td(local_fixed(cell["rounds"]["mean"], decimals=2) if k == 0 else "", "num")
                + "</tr>"
            )  # fmt: skip
    return "<table>" + "".join(rows) + "</table>"


def metrics_table(level: dict[str, Any]) -> str:
    """Per cell and metric: the mean per game [95 %] and the paired difference to the baseline [95 %]."""
    head = [t("sweep.col_variant"), t("labpairs.col_metric"), t("labpairs.col_mean"), t("sweep.col_ci")]
    head += [t("sweep.col_diff"), t("sweep.col_ci")]
    rows = ["<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for cell in level["cells"]:
        diffs = (cell["paired"] or {}).get("metrics", {})
        for name, m in cell.get("metrics", {}).items():
            d = diffs.get(name)
            if not m["mean"] and not (d and d["variant"]):
                continue  # a metric that never counted anything in either cell
            rows.append(
                "<tr>" + _td(cell["variant"]) + _td(t(f"labpairs.metric.{name}"))
                + _td(local_fixed(m["mean"], decimals=2), "num") + _td(_ci(m["ci95"], scale=1, decimals=2), "num")
                + _td(local_fixed(d["difference"], decimals=2, signed=True) if d else "", "num")
                + _td(_ci(d["ci95"], True, scale=1, decimals=2) if d else "", "num") + "</tr>"
            )  # fmt: skip
    return "<table>" + "".join(rows) + "</table>"


def _rules_table(level: dict[str, Any], top: int = 6) -> str:
    rows = []
    for cell in level["cells"]:
        if not cell["paired"]:
            continue
        changed = [(rule, c) for rule, c in cell["paired"]["rules"].items() if c["change"]][:top]
        for rule, c in changed:
            relative = rule_change(c).strip(" ()") or "new"
            rows.append(
                "<tr>" + _td(cell["variant"]) + _td(rule) + _td(local_fixed(c["baseline"], decimals=2), "num")
                + _td(local_fixed(c["variant"], decimals=2), "num") + _td(relative, "num") + "</tr>"
            )  # fmt: skip
    if not rows:
        return f"<p>{html.escape(t('sweep.rules_same'))}</p>"
    names = ("variant", "rule", "base", "now", "change")
    head = "".join(f"<th>{html.escape(t(f'sweep_html.{h}'))}</th>" for h in names)
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def render(
    data: dict[str, Any],
    levels: dict[tuple[str, str], Level] | None = None,
    replays: dict[tuple[str, str, int], str] | None = None,
) -> str:
    """The HTML page of a sweep report; with `levels` ((level, variant) → Level) its fight maps, whose games
    name the replays in `replays` ((level, variant, game index) → file) with the command that opens them."""
    plt = _pyplot()
    esc = html.escape
    lang = current_language()
    direction = "rtl" if lang == "he" else "ltr"
    parts = [
        f"<!DOCTYPE html><html lang='{lang}' dir='{direction}'><head><meta charset='utf-8'>",
        f"<title>{esc(data['sweep'])}</title><style>{STYLE}{MAP_STYLE}</style></head><body>",
        f"<h1>{esc(t('sweep_html.heading', name=data['sweep']))}</h1>",
        "<p class='meta'>"
        + esc(
            t(
                "sweep.title",
                name=data["sweep"],
                file=_iso(data["file"]),
                version=data["version"],
                seed=data["seed"],
                games=data["games"],
                rounds=data["max_rounds"],
            )
        )
        + "</p>",
        f"<h2>{esc(t('sweep.variants'))}</h2><table>",
    ]
    for v in data["variants"]:
        mark = f" <b>({esc(t('sweep.baseline'))})</b>" if v["baseline"] else ""
        changes = esc(", ".join(v["changes"]) or t("simulate.as_written"))
        parts.append(f"<tr><td>{esc(v['variant'])}{mark}</td><td><code>{changes}</code></td></tr>")
    parts.append("</table>")
    names = {path: level.display_names for (path, _), level in (levels or {}).items()}  # the same in every variant
    for level in data["levels"]:
        fingerprint = level["level_fingerprint"][:12]
        level_names = names.get(level["level"])
        parts.append(f"<h2>{esc(t('sweep.level', level=_iso(level['level']), fingerprint=fingerprint))}</h2>")
        parts.append("<div class='charts'><figure>" + _chart(plt, level, paired=False, names=level_names))
        parts.append(f"<figcaption>{esc(t('sweep_html.chart_win'))}</figcaption></figure>")
        if any(c["paired"] for c in level["cells"]):
            parts.append("<figure>" + _chart(plt, level, paired=True, names=level_names))
            parts.append(f"<figcaption>{esc(t('sweep_html.chart_diff'))}</figcaption></figure>")
        parts.append("</div>" + _cells_table(level, level_names))
        notes = lab_lines(level, data, level_names)
        if notes:
            parts.append("<ul>" + "".join(f"<li>{esc(n.strip())}</li>" for n in notes) + "</ul>")
        parts.append(f"<h3>{esc(t('sweep.rule_changes'))}</h3>" + _rules_table(level))
        parts.append(f"<h3>{esc(t('labpairs.metrics_heading'))}</h3>" + metrics_table(level))
        parts.append(maps_section(level, levels or {}, replays or {}))
    if data["surprising"]:
        parts.append(f"<h2>{esc(t('sweep.surprising'))}</h2><ul>")
        replays = data.get("replays", [])
        for i, g in enumerate(data["surprising"]):
            line = surprise_line(g, _iso(g["level"]), names.get(g["level"]))
            command = f"<br><code>python main.py play --replay {esc(replays[i])}</code>" if i < len(replays) else ""
            parts.append(f"<li>{esc(line)}{command}</li>")
        parts.append("</ul>")
    if data.get("adjustment"):
        method, family = data["adjustment"]["method"], data["adjustment"]["family"]
        parts.append(f"<p>{esc(t('lab.adjusted', name=t(f'lab.adjust_{method}'), family=family))}</p>")
    if data.get("exploratory"):
        parts.append(f"<p><b>{esc(t('lab.exploratory'))}</b></p>")
    parts.append(f"<h2>{esc(t('sweep_html.statistics_heading'))}</h2><p>{esc(t('sweep_html.statistics'))}</p>")
    parts.append(f"<p>{esc(t('lab.statistics'))}</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_html(
    data: dict[str, Any],
    path: str | os.PathLike[str],
    levels: dict[tuple[str, str], Level] | None = None,
    replays: dict[tuple[str, str, int], str] | None = None,
) -> None:
    """Write the report atomically (`levels`, `replays`: as `render`)."""
    write_atomic(path, render(data, levels, replays))


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.8em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; } .meta { color: #555; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
td, th { padding: 0.2em 0.7em; text-align: start; } th { background: #f0f0f0; }
tr.first td { border-top: 1px solid #ddd; } td.num { text-align: end; font-variant-numeric: tabular-nums; }
td.sig { font-weight: bold; color: #a00; } code { font-size: 0.95em; }
td.num, code { direction: ltr; unicode-bidi: isolate; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; } figure { margin: 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: #555; font-size: 0.9em; }
"""
