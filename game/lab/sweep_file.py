"""The sweep file (docs/simulate.md): levels, seeds, games per cell and a grid of level changes.

Every combination of the grid's values is a variant; the first value of every key together is
the baseline. Each (level, variant) pair is a cell. The file is checked whole, every variant
applied to every level, before a game is played: one message names the file, the key and the fault.
"""

from __future__ import annotations

import hashlib
import itertools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from game.files import read_regular, reason, shown
from game.lab.search_spec import SearchSpec, parse_search
from game.lab.simulate import DEFAULT_MAX_ROUNDS, SetError, variant
from game.levels.level import Level, LevelError
from game.levels.level_errors import format_path
from game.limits import MAX_SWEEP_BYTES, games_problem, rounds_problem, variants_problem
from game.text.i18n import t
from game.tomlio import parse_toml

KEYS = ("name", "levels", "seed", "games", "batch", "max_rounds", "precision", "flag", "set", "grid", "search")
DEFAULT_BATCH = 100
DEFAULT_FLAG = 5


class SweepError(ValueError):
    """A sweep file that cannot be run (bad input: exit 2)."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One combination of grid values: a label and its --set assignments (the sweep's own `set` first)."""

    label: str
    sets: tuple[str, ...]
    changes: tuple[str, ...]
    """Only the grid's assignments (what the report shows)."""


@dataclass(frozen=True, slots=True)
class LevelPlan:
    """One level of the sweep: its path as written, its file fingerprint, and each variant's text and Level."""

    path: str
    fingerprint: str
    variants: tuple[tuple[str, Level], ...]


@dataclass(frozen=True, slots=True)
class Sweep:
    """A checked sweep file."""

    source: str
    name: str
    seed: int
    games: int
    batch: int
    max_rounds: int
    precision: float | None
    flag: int
    variants: tuple[Variant, ...]
    levels: tuple[LevelPlan, ...]
    search: SearchSpec | None = None
    """The `[search]` table: a search over level numbers instead of the grid (game/lab/search.py)."""

    def seeds(self) -> dict[int, int]:
        """Game index → seed, the same for every cell (paired)."""
        return {i: self.seed + i for i in range(self.games)}


def toml_value(value: Any) -> str:
    """A value as TOML text, so `key=text` means the same to --set whatever the value's type."""
    text = tomli_w.dumps({"v": value})
    if not text.startswith("v = "):  # a table: written as a [v] section, no value of one line
        raise ValueError(text)
    return " ".join(line.strip() for line in text[4:].strip().splitlines())  # a long array on one line


def _flatten(table: dict[str, Any], prefix: str, out: dict[str, Any]) -> None:
    """rules.diagonal = [...] and "units[2].speed" = [...] alike become dotted keys → value lists."""
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(value, f"{full}.", out)
        else:
            out[full] = value


def load_sweep(path: str | os.PathLike[str], before: Sequence[str] = ()) -> Sweep:
    """Read and check a sweep file; SweepError naming file, key and fault. `before`: assignments applied before
    the file's own `set` (`sweep --ai` as `sides.*.controller`), recorded in every variant's sets."""
    source = shown(path)
    try:
        raw = read_regular(path, MAX_SWEEP_BYTES)  # a FIFO or /dev/zero is refused, not read
    except OSError as exc:
        raise SweepError(f"{source}: " + t("sweep_error.cannot_read", error=reason(exc))) from None
    try:
        doc = parse_toml(raw, source)
    except ValueError as exc:
        raise SweepError(str(exc)) from None

    def fail(key: str, message: str) -> SweepError:
        shown_key = key if key.isprintable() else repr(key)  # a key with a line break stays on the message's line
        return SweepError(f"{source}: {shown_key}: {message}")

    for key in doc:
        if key not in KEYS:
            # quoted and escaped as a level's keys are: a key holding a line break must not break the message
            raise fail(format_path((key,)), t("sweep_error.unknown_key", keys=", ".join(KEYS)))

    def integer(key: str, default: int | None, minimum: int | None) -> int:
        value = doc.get(key, default)
        if value is None:
            raise fail(key, t("sweep_error.missing"))
        if not isinstance(value, int) or isinstance(value, bool) or (minimum is not None and value < minimum):
            raise fail(key, t("sweep_error.integer", value=repr(value), minimum=minimum))
        return value

    seed = integer("seed", 0, None)
    games = integer("games", None, 1)
    too_many = games_problem(games)
    if too_many is not None:
        raise fail("games", too_many)
    batch = integer("batch", min(DEFAULT_BATCH, games), 1)
    max_rounds = integer("max_rounds", DEFAULT_MAX_ROUNDS, 1)
    too_many = rounds_problem(max_rounds)
    if too_many is not None:
        raise fail("max_rounds", too_many)
    flag = integer("flag", DEFAULT_FLAG, 0)
    precision = doc.get("precision")
    if precision is not None and (
        not isinstance(precision, (int, float)) or isinstance(precision, bool) or not 0 < precision < 1
    ):
        raise fail("precision", t("sweep_error.precision", value=repr(precision)))
    name = doc.get("name", Path(source).stem)
    if not isinstance(name, str):
        raise fail("name", t("sweep_error.string", value=repr(name)))
    common = doc.get("set", [])
    if not isinstance(common, list) or not all(isinstance(s, str) for s in common):
        raise fail("set", t("sweep_error.set_list"))
    common = [*before, *common]

    grid_doc = doc.get("grid", {})
    if not isinstance(grid_doc, dict):
        raise fail("grid", t("sweep_error.grid_table"))
    grid: dict[str, Any] = {}
    _flatten(grid_doc, "", grid)
    axes: list[list[str]] = []
    for key, values in grid.items():
        if not isinstance(values, list) or not values:
            raise fail(f"grid.{key}", t("sweep_error.values", value=repr(values)))
        try:
            texts = [f"{key}={toml_value(v)}" for v in values]
        except ValueError:
            raise fail(f"grid.{key}", t("sweep_error.values", value=repr(values)[:80])) from None
        if len(set(texts)) != len(texts):
            raise fail(f"grid.{key}", t("sweep_error.duplicate"))
        axes.append(texts)
    too_many = variants_problem([len(axis) for axis in axes])  # before the grid is expanded
    if too_many is not None:
        raise fail("grid", too_many)
    variants = tuple(
        Variant(f"v{i}", (*common, *combo), tuple(combo)) for i, combo in enumerate(itertools.product(*axes))
    )

    paths = doc.get("levels")
    if not isinstance(paths, list) or not paths or not all(isinstance(p, str) for p in paths):
        raise fail("levels", t("sweep_error.levels"))
    if len(set(paths)) != len(paths):
        raise fail("levels", t("sweep_error.duplicate"))
    plans = []
    for i, written in enumerate(paths):
        plans.append(_plan(Path(path).parent, written, f"levels[{i}]", variants, fail))
    search = None
    if "search" in doc:
        if grid:
            raise fail("search", t("search.not_with_grid"))
        search = parse_search(doc["search"], fail)
        _check_search(search, plans, common, fail)
    return Sweep(source, name, seed, games, batch, max_rounds, precision, flag, variants, tuple(plans), search)


def _check_search(search: SearchSpec, plans: list[LevelPlan], common: list[str], fail: Any) -> None:
    """Both ends of every searched range applied to every level (a key the level refuses is named now), and the
    searched side present on every level."""
    for plan in plans:
        for p in search.parameters:
            for end in (p.low, p.high):
                item = f"{p.key}={toml_value(p.value(end))}"
                try:
                    variant(plan.path, [*common, item])
                except SetError as exc:
                    raise fail(
                        f"search.parameters.{p.key}", t("sweep_error.variant", level=shown(plan.path), error=exc)
                    ) from None
        sides = [s.id for s in plan.variants[0][1].sides]
        if search.side is not None and search.side not in sides:
            raise fail("search.side", t("search.no_side", side=search.side, sides=", ".join(sides)))


def _plan(folder: Path, written: str, key: str, variants: tuple[Variant, ...], fail: Any) -> LevelPlan:
    """Every variant of one level, checked; the key named in an error is the grid key (or `set`) at fault."""
    level_path = Path(os.path.normpath(written if Path(written).is_absolute() else folder / written))
    try:
        raw = read_regular(level_path)
    except OSError as exc:
        error = reason(exc)
        raise fail(key, t("sweep_error.level_unreadable", path=shown(level_path), error=error)) from None
    fingerprint = hashlib.sha256(raw).hexdigest()
    made = []
    for v in variants:
        try:
            made.append(variant(level_path, list(v.sets)))
        except SetError as exc:
            bad = _culprit(str(exc), v)
            raise fail(bad, t("sweep_error.variant", level=shown(level_path), error=exc)) from None
        except LevelError as exc:
            raise fail(key, str(exc)) from None
    return LevelPlan(str(level_path), fingerprint, tuple(made))


def _culprit(message: str, v: Variant) -> str:
    """The sweep key whose assignment a --set error names (`set` for the sweep's own assignments)."""
    for assignment in v.changes:
        # the messages show an assignment with its control characters replaced (game.files.shown)
        if message.startswith(f"--set {shown(assignment)}") or message.startswith(
            f"--set {shown(assignment.split('=')[0])}:"
        ):
            return "grid." + assignment.split("=", 1)[0]
    return "set"
