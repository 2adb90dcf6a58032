"""--parquet: every game as one table that reads back with the same values; without pyarrow, one clear line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is the lab extra (pip install -e '.[lab]')")

from game.commands.cli import main  # noqa: E402 - after the skip: without pyarrow nothing here runs
from game.commands.preflight import parquet_problem  # noqa: E402
from game.lab.game_record import GameRecord  # noqa: E402
from game.lab.parquet_out import records, table, write_parquet  # noqa: E402
from game.lab.simulate import GameResult  # noqa: E402
from game.levels.level import load_level  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LEVEL = ROOT / "levels" / "pf1_bridge.toml"


def _games() -> list[tuple[GameRecord, dict]]:
    level = load_level(LEVEL)
    results = [
        GameResult(0, 7, "monsters", 5, {"hunters": 0, "monsters": 2}, {"GB-ATTACK": 9, "GB-DOWN": 4},
                   squares={"fell": {"3,4": [1, 2]}}),
        GameResult(1, 8, None, 30, {"hunters": 1, "monsters": 1}, {"GB-ATTACK": 20}, round_limit=True),
    ]  # fmt: skip
    return list(records(str(LEVEL), "abc123", "v1", ["units[0].hp=6"], 30, level, results))


def test_round_trip_keeps_every_record_field(tmp_path: Path) -> None:
    games = _games()
    path = tmp_path / "games.parquet"
    write_parquet(games, path)
    back = pq.read_table(path).to_pylist()
    assert len(back) == 2
    for (record, squares), row in zip(games, back, strict=True):
        row = dict(row)
        for name in ("controllers", "players", "without", "survivors", "metrics", "rules"):
            row[name] = dict(row[name])
        row["provenance"] = json.loads(row["provenance"])
        assert GameRecord.from_json(row) == record
        assert json.loads(row["squares"]) == squares
        assert row["version"] == record.provenance["version"] and row["level_fingerprint"] == "abc123"
        assert row["max_rounds"] == 30
    assert back[1]["winner"] is None and back[1]["draw_by_round_limit"] is True
    assert back[0]["draw_by_round_limit"] is False and back[0]["seat"] == 0 and back[0]["pair"] == 0


def test_counts_are_maps_a_query_engine_can_open() -> None:
    schema = table(_games()).schema
    assert str(schema.field("rules").type) == "map<string, int64>"
    assert str(schema.field("controllers").type) == "map<string, string>"
    assert str(schema.field("winner").type) == "string"


def test_simulate_parquet_holds_every_game_as_its_out_row_says(tmp_path: Path) -> None:
    out, rows_file = tmp_path / "sim.parquet", tmp_path / "rows.jsonl"
    code = main(["simulate", str(LEVEL), "--games", "3", "--max-rounds", "6", "--compare", "units[0].hp=4",
                 "--parquet", str(out), "--out", str(rows_file), "--json"])  # fmt: skip
    assert code == 0
    table_rows = pq.read_table(out).to_pylist()
    seats = {r["seat"] for r in table_rows}
    assert sorted((r["variant"], r["pair"], r["seat"]) for r in table_rows) == [
        (v, i, seat) for v in ("base", "compare") for i in range(3) for seat in sorted(seats)
    ]
    by_game = {(r["variant"], r["pair"], r["seat"]): r for r in table_rows}
    for line in rows_file.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        record = GameRecord.from_row(row)
        back = dict(by_game[(record.variant, record.pair, record.seat)])
        for name in ("controllers", "players", "without", "survivors", "metrics", "rules"):
            back[name] = dict(back[name])
        back["provenance"] = json.loads(back["provenance"])
        assert GameRecord.from_json(back) == record
        assert json.loads(back["squares"]) == row["squares"]


def test_without_pyarrow_the_option_says_how_to_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # `import pyarrow` now raises ImportError
    problem = parquet_problem(str(tmp_path / "x.parquet"), [])
    assert problem is not None and "pyarrow" in problem and ".[lab]" in problem


def test_parquet_on_a_folder_is_refused_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(LEVEL), "--games", "2", "--parquet", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--parquet" in err and "Traceback" not in err


def test_sweep_parquet_holds_every_game_as_its_out_row_says(tmp_path: Path) -> None:
    sweep = tmp_path / "s.toml"
    sweep.write_text(
        f'levels = ["{LEVEL}"]\nseed = 2\ngames = 2\nmax_rounds = 5\n[grid]\n"units[0].hp" = [20, 6]\n', "utf-8"
    )
    out, rows_file = tmp_path / "s.parquet", tmp_path / "rows.jsonl"
    assert main(["sweep", str(sweep), "--parquet", str(out), "--out", str(rows_file), "--json"]) == 0
    table_rows = {(r["variant"], r["pair"], r["seat"]): r for r in pq.read_table(out).to_pylist()}
    lines = rows_file.read_text(encoding="utf-8").splitlines()
    assert len(table_rows) == len(lines) and {seat for _, _, seat in table_rows} == {0, 1}  # pairs: both seats
    for line in lines:
        record = GameRecord.from_row(json.loads(line))
        back = table_rows[(record.variant, record.pair, record.seat)]
        assert (back["seed"], back["winner"], back["rounds"]) == (record.seed, record.winner, record.rounds)
        assert json.loads(back["provenance"]) == record.provenance and back["assignments"] == record.assignments
