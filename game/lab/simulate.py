"""AI-against-AI simulation: many seeded games on one level (and a variant), with statistics.

Game i of a run uses seed S+i and every side is played by the AI, at the strength its controller names
(a side the level gives to a person at the default strength; `--ai` changes them as `--set` does).
Results never depend on --jobs: each game is a pure function of (level text, seed, max rounds)
and results are sorted by game index before they are reported.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, TextIO

import tomli_w

from game.ai import ai_rng, take_turn
from game.battle.match import Match
from game.files import append_output, read_regular, shown
from game.lab.fight_map import SquareTally
from game.lab.game_metrics import game_metrics, metric_summary
from game.lab.paired_stats import draws_warning
from game.lab.stats import mean_std, two_proportion_z, wilson
from game.levels.controllers import side_strength, side_without
from game.levels.level import Level, LevelError, parse_level
from game.text.i18n import current_language, local_fixed, t
from game.tomlio import parse_toml
from rules.core import Illegal, Ruling
from rules.revision import DICE_STREAM

DEFAULT_MAX_ROUNDS = 30
TEST_NAME = "two-proportion z-test (pooled), two-sided, alpha 0.05"
"""The comparison's `test` in JSON (its text line says it in the current language)."""


class SetError(ValueError):
    """A --set/--compare assignment that names no level key or gives a value the level refuses."""


@dataclass(slots=True)
class GameResult:
    """One finished (or drawn) game."""

    index: int
    seed: int
    winner: str | None
    rounds: int
    survivors: dict[str, int]
    rules: dict[str, int]
    script: list[dict[str, Any]] = field(default_factory=list)
    illegal: int = 0
    """Actions of the AI the rules refused (a bug when not 0)."""
    metrics: dict[str, float] = field(default_factory=dict)
    """What happened beyond who won (game/lab/game_metrics.py), read from the match's own records."""
    first_side: str = ""
    """The side that moved first."""
    round_limit: bool = False
    """True when the game was still running at the round limit (a draw the limit made)."""
    squares: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    """Where the fight happened (game/lab/fight_map.py): kind → "x,y" → [count, first turn]."""

    def to_json(self) -> dict[str, Any]:
        """The --out line of this game."""
        return asdict(self)


# --- level variants ------------------------------------------------------------------


_SEGMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)(?:\[(\d+)\])?$")


def parse_value(text: str) -> Any:
    """A --set value: TOML syntax when it parses (3, 1.5, true, [1, 2], "x"), else the bare text."""
    try:
        return parse_toml(f"v = {text}".encode(), "--set")["v"]
    except ValueError:
        return text


def _assign(doc: dict[str, Any], key: str, value: Any) -> None:
    """Set `key` (a.b, units.<id>.k, units[<i>].k, sides.<id>.k) inside the TOML document."""
    parts = key.split(".")
    node: Any = doc
    i = 0
    while i < len(parts) - 1:
        m = _SEGMENT.match(parts[i])
        if not m:
            raise SetError(f"--set {shown(key)}: " + t("set_error.not_key", part=repr(parts[i])))
        name, index = m.group(1), m.group(2)
        child = node.get(name) if isinstance(node, dict) else None
        if isinstance(child, list):
            if index is not None:
                if int(index) >= len(child):
                    raise SetError(
                        f"--set {shown(key)}: " + t("set_error.no_index", name=name, index=index, count=len(child))
                    )
                node = child[int(index)]
            else:
                i += 1
                wanted = parts[i]
                if wanted == "*":  # every table of the list (`sides.*.controller`: the --ai option)
                    rest = ".".join(parts[i + 1 :])
                    if not rest:
                        raise SetError(f"--set {shown(key)}: " + t("set_error.cannot_set"))
                    for table in child:
                        if isinstance(table, dict):
                            _assign(table, rest, value)
                    return
                ids = [str(t.get("id")) for t in child if isinstance(t, dict)]
                found = [t for t in child if isinstance(t, dict) and t.get("id") == wanted]
                if not found:
                    raise SetError(
                        f"--set {shown(key)}: " + t("set_error.no_id", name=name, id=repr(wanted), ids=", ".join(ids))
                    )
                node = found[0]
        elif index is not None:
            raise SetError(f"--set {shown(key)}: " + t("set_error.not_list", name=name))
        elif child is None and isinstance(node, dict):
            node = node.setdefault(name, {})  # e.g. a level without a [rules] table
        elif isinstance(child, dict):
            node = child
        else:
            raise SetError(f"--set {shown(key)}: " + t("set_error.not_table", name=name))
        i += 1
    if not isinstance(node, dict):
        raise SetError(f"--set {shown(key)}: " + t("set_error.cannot_set"))
    node[parts[-1]] = value


def _problem(exc: LevelError) -> str:
    """A LevelError without the file and line of the generated text (they would mislead)."""
    key = f"{exc.key}: " if exc.key else ""
    return f"{key}{exc.message}"


def variant(path: str | os.PathLike[str], assignments: Sequence[str]) -> tuple[str, Level]:
    """The level at `path` with KEY=VALUE assignments applied, as (TOML text, validated Level)."""
    raw = read_regular(path)  # a regular file under the size cap (an OSError otherwise)
    if not assignments:
        return raw.decode("utf-8"), parse_level(raw, str(path))
    doc = parse_toml(raw, str(path))
    for item in assignments:
        if "=" not in item:
            raise SetError(f"--set {item!r}: " + t("set_error.expected_pair"))
        key, text = item.split("=", 1)
        key = key.strip()
        _assign(doc, key, parse_value(text.strip()))
        text_now = tomli_w.dumps(doc)
        try:
            parse_level(text_now, str(path))
        except LevelError as exc:
            raise SetError(f"--set {shown(item)}: {_problem(exc)}{_allowed_hint(doc, key, exc)}") from None
    text = tomli_w.dumps(doc)
    return text, parse_level(text, f"{path} ({', '.join(map(shown, assignments))})")


def _allowed_hint(doc: dict[str, Any], key: str, exc: LevelError) -> str:
    """For a type error, the allowed values of a choice key (found by probing with an impossible text)."""
    not_allowed = _marker("level_error.not_allowed")
    if (
        "expected one of" in exc.message
        or not_allowed in exc.message
        or _marker("level_error.unknown_key") in exc.message
    ):
        return ""
    probe = json.loads(json.dumps(doc))
    try:
        _assign(probe, key, "<not a choice>")  # plain text: control characters are refused earlier
        parse_level(tomli_w.dumps(probe), "<probe>")
    except (LevelError, SetError) as again:
        if isinstance(again, LevelError) and not_allowed in again.message:
            return " (" + again.message.split(";", 1)[-1].strip() + ")"
    return ""


def _marker(key: str) -> str:
    """The fixed words of a level message before its `;` ("is not allowed"), in the current language."""
    return t(key, value="", expected="", keys="").split(";", 1)[0].strip()


# --- one game ------------------------------------------------------------------------


def count_rules(match: Match) -> Counter[str]:
    """How often each rule id fired: every id in each Ruling.rules and each Event.rule of the history."""
    fired: list[str] = []  # every id in order, counted at once (the same counts, in the same first-seen order)
    for record in match.history:
        result = record.result
        if isinstance(result, Ruling):
            fired += result.rules
            fired += [e.rule for e in result.events]
    return Counter(fired)


def play_game(
    level: Level, seed: int, max_rounds: int = DEFAULT_MAX_ROUNDS, index: int = 0, dice_stream: int = DICE_STREAM
) -> GameResult:
    """Play one AI-against-AI game; a game still running after `max_rounds` rounds is a draw."""
    match = Match(level, seed, dice_stream)
    rng = ai_rng(seed)
    first = match.active_side
    tally = SquareTally(match.situation())
    try:
        while not match.finished and match.round <= max_rounds:
            side, unit, start = match.active_side, match.active_unit, len(match.history)
            # each side at the strength its controller names; a side the level gives to a person at the default
            take_turn(match, rng, strength=side_strength(level, side), without=side_without(level, side))
            tally.actions(r.result for r in match.history[start:])
            mine = [u for u, c in match.situation().creatures.items() if not c.defeated and c.side == side]
            tally.turn_over([unit] if unit in mine else [] if unit else mine)
        sit = match.situation()
        survivors = {s.id: 0 for s in level.sides}
        for c in sit.creatures.values():
            if not c.defeated:
                survivors[c.side] = survivors.get(c.side, 0) + 1
        illegal = sum(1 for r in match.history if isinstance(r.result, Illegal))
        rounds = min(match.round, max_rounds)
        return GameResult(
            index=index,
            seed=seed,
            winner=match.winner if match.finished else None,
            rounds=rounds,
            survivors=survivors,
            rules=dict(sorted(count_rules(match).items())),
            script=[r.action.to_dict() for r in match.history if r.result.ok],  # refused actions changed nothing
            illegal=illegal,
            metrics=game_metrics(match, rounds),
            first_side=first,
            round_limit=not match.finished,
            squares=tally.squares,
        )
    finally:
        match.close()


_LEVELS: dict[str, Level] = {}


def _game_job(job: tuple[str, str, int, int, int]) -> GameResult:
    """Worker entry point: (level text, source, seed, max rounds, index) → result; the Level is parsed once."""
    text, source, seed, max_rounds, index = job
    level = _LEVELS.get(text)
    if level is None:
        level = _LEVELS[text] = parse_level(text, source)
    return play_game(level, seed, max_rounds, index)


def run_games(
    text: str,
    source: str,
    seeds: Sequence[int],
    *,
    jobs: int = 1,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play one game per seed (index = position in `seeds`), over `jobs` processes; sorted by index.

    (On a Dask cluster, or resuming from --out: `game.lab.cluster.run_games_batched`, same results.)
    """
    work = [(text, source, seed, max_rounds, i) for i, seed in enumerate(seeds)]
    results: list[GameResult] = []
    if jobs <= 1 or len(work) <= 1:
        stream: Iterable[GameResult] = map(_game_job, work)
        for result in stream:
            results.append(result)
            if on_result:
                on_result(result)
    else:
        # spawn: each worker starts clean, without a copy of the parent's esper worlds
        ctx = multiprocessing.get_context("spawn")
        # one game per task: a finished game reaches --out at once (a game costs far more than its IPC)
        chunk = 1
        with ctx.Pool(min(jobs, len(work))) as pool:
            for result in pool.imap_unordered(_game_job, work, chunksize=chunk):
                results.append(result)
                if on_result:
                    on_result(result)
    results.sort(key=lambda r: r.index)
    return results


# --- reporting -----------------------------------------------------------------------


def summarize(results: Sequence[GameResult], sides: Sequence[str]) -> dict[str, Any]:
    """The statistics of a set of games (win rates with Wilson 95 % intervals, draws, rounds, survivors, rules)."""
    n = len(results)
    wins = Counter(r.winner for r in results if r.winner is not None)
    out_sides: dict[str, Any] = {}
    draws = sum(1 for r in results if r.winner is None)
    for side in sides:
        low, high = wilson(wins[side], n)
        mean_surv, _ = mean_std([r.survivors.get(side, 0) for r in results])
        out_sides[side] = {
            "wins": wins[side],
            "win_rate": wins[side] / n if n else 0.0,
            "ci95": [low, high],
            "mean_survivors": mean_surv,
            "decisive_win_rate": wins[side] / (n - draws) if n > draws else 0.0,
            "decisive_ci95": list(wilson(wins[side], n - draws)),
        }
    rounds_mean, rounds_std = mean_std([r.rounds for r in results])
    rules: Counter[str] = Counter()
    for r in results:
        rules.update(r.rules)
    return {
        "games": n,
        "sides": out_sides,
        "draws": draws,
        "draw_rate": draws / n if n else 0.0,
        "decisive": n - draws,
        "draws_warning": draws_warning(draws, n),
        "round_limit_draws": sum(1 for r in results if r.round_limit),
        "rounds": {"mean": rounds_mean, "std": rounds_std},
        "rules": dict(sorted(rules.items(), key=lambda kv: (-kv[1], kv[0]))),
        "illegal_actions": sum(r.illegal for r in results),
        "metrics": metric_summary([r.metrics for r in results]),
        "rules_per_game": {rule: count / n for rule, count in sorted(rules.items())} if n else {},
    }


def compare(base: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """Per side: the change in win rate from `base` to `other` and a pooled two-proportion z-test at 95 %."""
    out: dict[str, Any] = {"test": TEST_NAME, "sides": {}}
    for side, a in base["sides"].items():
        b = other["sides"].get(side, {"wins": 0, "win_rate": 0.0})
        z, p = two_proportion_z(b["wins"], other["games"], a["wins"], base["games"])
        out["sides"][side] = {
            "difference": b["win_rate"] - a["win_rate"],
            "z": z,
            "p": p,
            "significant": p < 0.05,
        }
    return out


def side_name(side: str, names: Mapping[str, Any] | None) -> str:
    """A side's display name in the current language (its id without names)."""
    from game.text.local_text import local

    return str(local((names or {}).get(side, side), current_language()))


def side_column(sides: Iterable[str], names: Mapping[str, Any] | None) -> dict[str, str]:
    """The sides' display names in the current language, padded to one column as wide as the longest ("Der
    Hexenzirkel"), at least 12."""
    shown = {side: side_name(side, names) for side in sides}
    width = max([12, *map(len, shown.values())])
    return {side: f"{name:<{width}}" for side, name in shown.items()}


def format_summary(
    title: str, summary: dict[str, Any], top_rules: int = 15, names: dict[str, Any] | None = None
) -> list[str]:
    """Human-readable lines of one summary: side names (`names`: id → display name) and numbers as the
    language writes them ("100,0 %" in German); the JSON keeps ids and plain numbers."""
    lines = [t("simulate.games", title=title, games=summary["games"])]
    column = side_column(summary["sides"], names)
    for side, s in summary["sides"].items():
        low, high = s["ci95"]
        numbers = {
            "side": column[side],
            "wins": f"{s['wins']:>5}",
            "rate": local_fixed(100 * s["win_rate"], width=5),
            "low": local_fixed(100 * low, width=5),
            "high": local_fixed(100 * high, width=5),
            "survivors": local_fixed(s["mean_survivors"], decimals=2),
        }
        lines.append("  " + t("simulate.side", **numbers))
    lines.append(
        f"  {t('simulate.draws'):<12} {summary['draws']:>5}  {local_fixed(100 * summary['draw_rate'], width=5)} %"
    )
    rounds = summary["rounds"]
    spread = t(
        "simulate.rounds_line", mean=local_fixed(rounds["mean"], decimals=2), sd=local_fixed(rounds["std"], decimals=2)
    )
    lines.append(f"  {t('simulate.rounds'):<12} {spread}")
    if summary["illegal_actions"]:
        lines.append("  " + t("simulate.illegal", count=summary["illegal_actions"]))
    lines.append("  " + t("simulate.rules_fired"))
    from game.text.catalog import rule_text  # the rule catalogue only when the rules are listed

    games = max(1, summary["games"])
    for rule, count in list(summary["rules"].items())[:top_rules]:
        title = rule_text(rule, current_language()).title  # ids with their names, as the log writes them
        lines.append(f"    {rule:<28} {count:<6} {local_fixed(count / games, decimals=2):>7}  {title}")
    if len(summary["rules"]) > top_rules:
        lines.append("    " + t("simulate.more", count=len(summary["rules"]) - top_rules))
    return lines


class JsonlWriter:
    """Appends one JSON line per game and makes it durable at once (flush + fsync)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        # through the output gate: a device, FIFO or folder is refused, a new file gets the umask's permissions
        self.file = open(append_output(path), "a", encoding="utf-8")  # noqa: SIM115 - closed by close()

    def write(self, record: dict[str, Any]) -> None:
        """Write one line and push it to disk."""
        self.file.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        """Close the file."""
        self.file.close()


class Progress:
    """A plain text progress bar on a terminal stream (silent when the stream is not a terminal)."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None, width: int = 30) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self.total, self.label, self.width = total, label, width
        self.done = 0
        self.start = time.perf_counter()

    def step(self) -> None:
        """Count one finished game and redraw."""
        self.done += 1
        if not self.enabled:
            return
        filled = int(self.width * self.done / max(1, self.total))
        rate = self.done / max(1e-9, time.perf_counter() - self.start)
        bar = "#" * filled + "-" * (self.width - filled)
        counts = t("simulate.progress", done=self.done, total=self.total, rate=local_fixed(rate))
        self.stream.write(f"\r{self.label} [{bar}] {counts}")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()
