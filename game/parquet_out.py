"""Every game of a `simulate` or `sweep` run as one Parquet table (`--parquet FILE`), for DuckDB, pandas, R.

One row per game: the provenance (level, fingerprint, version, variant, its --set changes, max rounds),
the seed and game index, the controllers of the sides, the first side, the winner, the rounds, the
survivors and rule firings (maps of id → count) and the game's fight map (JSON text, game/fight_map.py).
pyarrow is an optional extra (`lab`), imported only here and only when a table is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

from game.i18n import t
from game.level import Level
from game.provenance import GAME_VERSION
from game.simulate import GameResult
from game.tomlio import write_atomic_bytes

INSTALL_HINT = 'pip install -e ".[lab]"'
COLUMNS = (
    "level",
    "level_fingerprint",
    "version",
    "variant",
    "set",
    "max_rounds",
    "index",
    "seed",
    "controllers",
    "first_side",
    "winner",
    "rounds",
    "survivors",
    "rules",
    "illegal",
    "squares",
)


class ParquetError(ValueError):
    """pyarrow is missing (bad input: exit 2 with the install hint)."""


def pyarrow_modules() -> tuple[Any, Any]:
    """(pyarrow, pyarrow.parquet), or ParquetError saying how to install the extra."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ParquetError(t("parquet.no_pyarrow", hint=INSTALL_HINT)) from None
    return pyarrow, pyarrow.parquet


def parquet_problem(path: str | None, inputs: Sequence[str | None]) -> str | None:
    """Why `--parquet PATH` cannot be written (pyarrow missing, or the output gate refuses it), or None."""
    if path is None:
        return None
    from game.preflight import output_option_problem

    try:
        pyarrow_modules()
    except ParquetError as exc:
        return str(exc)
    return output_option_problem("--parquet", path, inputs)


def provenance(level: str, fingerprint: str, variant: str, sets: Sequence[str], max_rounds: int) -> dict[str, Any]:
    """The provenance columns of a variant's games (as on every `--out` row)."""
    return {
        "level": level,
        "level_fingerprint": fingerprint,
        "version": GAME_VERSION,
        "variant": variant,
        "set": list(sets),
        "max_rounds": max_rounds,
    }


def game_rows(provenance: dict[str, Any], level: Level, results: Iterable[GameResult]) -> Iterable[dict[str, Any]]:
    """The rows of one variant's games: `provenance` (level, level_fingerprint, version, variant, set,
    max_rounds) and the controllers of `level`'s sides on every row."""
    controllers = {s.id: s.controller for s in level.sides}
    for r in results:
        yield {
            **provenance,
            "index": r.index,
            "seed": r.seed,
            "controllers": controllers,
            "first_side": level.sides[0].id if level.sides else None,
            "winner": r.winner,
            "rounds": r.rounds,
            "survivors": r.survivors,
            "rules": r.rules,
            "illegal": r.illegal,
            "squares": json.dumps(r.squares, sort_keys=True),
        }


def table(rows: Sequence[dict[str, Any]]) -> Any:
    """The rows as a pyarrow Table with a fixed schema (maps of id → count, a null winner for a draw)."""
    pa, _ = pyarrow_modules()
    counts = pa.map_(pa.string(), pa.int64())
    schema = pa.schema(
        [
            ("level", pa.string()),
            ("level_fingerprint", pa.string()),
            ("version", pa.string()),
            ("variant", pa.string()),
            ("set", pa.list_(pa.string())),
            ("max_rounds", pa.int32()),
            ("index", pa.int32()),
            ("seed", pa.int64()),
            ("controllers", pa.map_(pa.string(), pa.string())),
            ("first_side", pa.string()),
            ("winner", pa.string()),
            ("rounds", pa.int32()),
            ("survivors", counts),
            ("rules", counts),
            ("illegal", pa.int32()),
            ("squares", pa.string()),
        ]
    )
    columns: dict[str, list[Any]] = {name: [] for name in COLUMNS}
    for row in rows:
        for name in COLUMNS:
            value = row[name]
            columns[name].append(list(value.items()) if isinstance(value, dict) else value)
    return pa.Table.from_pydict(columns, schema=schema)


def write_parquet(rows: Sequence[dict[str, Any]], path: str | os.PathLike[str]) -> None:
    """Write the rows as one Parquet file, atomically (a reader never sees half a file)."""
    pa, pq = pyarrow_modules()
    sink = pa.BufferOutputStream()
    pq.write_table(table(rows), sink, compression="zstd")
    write_atomic_bytes(path, sink.getvalue().to_pybytes())
