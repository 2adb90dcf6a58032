"""Every game of a `simulate` or `sweep` run as one Parquet table (`--parquet FILE`), for DuckDB, pandas, R.

One row per game record (game/lab/game_record.py): its fields are the columns, in their order, so a field
the record gains becomes a column; dictionaries become Parquet maps (side → count, rule id → count),
`provenance` is flattened into `version`, `level_fingerprint` and `max_rounds` columns plus its JSON,
and the game's fight map (game/lab/fight_map.py) is a JSON text column `squares`.
pyarrow is an optional extra (`lab`), imported only here and only when a table is written.
"""

from __future__ import annotations

import json
import os
import typing
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

from game.lab.game_record import GameRecord
from game.lab.provenance import row
from game.lab.simulate import GameResult
from game.levels.level import Level
from game.text.i18n import t
from game.tomlio import write_atomic_bytes

INSTALL_HINT = 'pip install -e ".[lab]"'
PROVENANCE_COLUMNS = ("version", "level_fingerprint", "max_rounds")
"""Provenance keys also given a column of their own (the rest stays in the `provenance` JSON)."""


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


def records(
    level_path: str, fingerprint: str, variant: str, sets: Sequence[str], max_rounds: int, level: Level,
    results: Iterable[GameResult],
) -> Iterable[tuple[GameRecord, dict[str, Any]]]:  # fmt: skip
    """The records of one variant's games with their fight maps: each game's `--out` row (provenance and seat,
    as the run writes it) read as the lab's record (GameRecord.from_row), so the table and the rows agree."""
    from game.lab.pairs import seat_fields

    seat = seat_fields(level, variant)
    for r in results:
        yield GameRecord.from_row(row(level_path, fingerprint, variant, sets, max_rounds, r) | seat), r.squares


def simulate_lab_outputs(
    data: dict[str, Any], args: Any, fingerprint: str, variants: Sequence[Any], played: dict[str, Any],
    summaries: dict[str, Any],
) -> None:  # fmt: skip
    """`simulate`'s fight maps into its JSON (`maps`: per variant, the compare against base) and, with
    `--parquet`, every game of every variant (a pair's second games too) as one table; OSError when the
    table cannot be written."""
    from game.lab.fight_map import map_report

    data["maps"] = {
        label: map_report(played[label], played["base"] if label != "base" else None) for label in summaries
    }
    if args.parquet:
        games = []
        for label, sets, _, level in variants:
            games += records(args.level, fingerprint, label, sets, args.max_rounds, level, played[label])
        write_parquet(games, args.parquet)


def _arrow_type(pa: Any, hint: Any) -> Any:
    """The Arrow type of a GameRecord field's annotation."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is dict:
        return pa.map_(pa.string(), _arrow_type(pa, args[1]))
    if origin is list:
        return pa.list_(_arrow_type(pa, args[0]))
    if args and type(None) in args:  # X | None
        return _arrow_type(pa, next(a for a in args if a is not type(None)))
    return {str: pa.string(), int: pa.int64(), float: pa.float64(), bool: pa.bool_()}[hint]


def table(games: Sequence[tuple[GameRecord, dict[str, Any]]]) -> Any:
    """The games as a pyarrow Table: the record's fields (provenance as JSON text), three provenance columns,
    `winner_player` and the fight map."""
    pa, _ = pyarrow_modules()
    hints = typing.get_type_hints(GameRecord)
    names = [f.name for f in fields(GameRecord)]
    columns: list[tuple[str, Any]] = []
    for name in names:
        kind = pa.string() if name == "provenance" else _arrow_type(pa, hints[name])
        columns.append((name, kind))
    columns += [("winner_player", pa.string()), ("version", pa.string()), ("level_fingerprint", pa.string())]
    columns += [("max_rounds", pa.int64()), ("squares", pa.string())]
    data: dict[str, list[Any]] = {name: [] for name, _ in columns}
    for record, squares in games:
        for name in names:
            value = getattr(record, name)
            if name == "provenance":
                value = json.dumps(value, sort_keys=True, ensure_ascii=False)
            elif isinstance(value, dict):
                value = list(value.items())
            data[name].append(value)
        data["winner_player"].append(record.winner_player)
        for key in PROVENANCE_COLUMNS:
            data[key].append(record.provenance.get(key))
        data["squares"].append(json.dumps(squares, sort_keys=True))
    return pa.Table.from_pydict(data, schema=pa.schema(columns))


def write_parquet(games: Sequence[tuple[GameRecord, dict[str, Any]]], path: str | os.PathLike[str]) -> None:
    """Write the games as one Parquet file, atomically (a reader never sees half a file)."""
    pa, pq = pyarrow_modules()
    sink = pa.BufferOutputStream()
    pq.write_table(table(games), sink, compression="zstd")
    write_atomic_bytes(path, sink.getvalue().to_pybytes())
