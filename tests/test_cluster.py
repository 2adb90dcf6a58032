"""Batches on one process, a pool or a Dask LocalCluster: identical results, early stop in order, resume, provenance."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.commands.cli import main
from game.lab import cluster
from game.lab.cluster import Cell, DaskBackend, SerialBackend, batch_size, run_cells, split
from game.lab.provenance import GAME_VERSION, file_fingerprint
from game.lab.simulate import run_games, variant

pytest.importorskip("distributed")  # the `test` extra installs it; CI runs these tests

ROOT = Path(__file__).resolve().parent.parent
ARENA = ROOT / "levels" / "arena_4v4.toml"


def gridbound(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("GRIDBOUND_DEBUG", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600
    )


@pytest.fixture(scope="module")
def local_cluster():
    """Two workers in this process (threads): small for a shared machine; play_batch's lock keeps esper safe."""
    backend = DaskBackend("local", 2, processes=False)
    yield backend
    backend.close()


def test_batches_are_cut_at_fixed_indices_whatever_is_left_to_play():
    assert split(range(10), 4) == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert split([1, 2, 5, 9], 4) == [[1, 2], [5], [9]]  # games 0, 3, 4… already played: same boundaries
    assert batch_size(40, 2) == 5
    assert batch_size(100_000, 2) == cluster.MAX_BATCH
    assert batch_size(3, 8) == 1


@pytest.mark.slow  # two whole `simulate` processes and a local cluster's workers
def test_simulate_on_a_local_cluster_prints_exactly_the_single_machine_report():
    reports = []
    for extra in ([], ["--cluster", "local"]):
        out = gridbound("simulate", str(ARENA), "--games", "40", "--seed", "5", "--json", *extra)
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        data.pop("games_per_second")
        reports.append(data)
    assert reports[0] == reports[1]
    assert reports[0]["base"]["games"] == 40


def test_a_local_cluster_gives_each_game_the_result_of_one_process(local_cluster):
    text, level = variant(ARENA, [])
    seeds = [20 + i for i in range(8)]
    alone = run_games(text, level.source, seeds, max_rounds=8)
    cell = Cell(text, level.source, dict(enumerate(seeds)), 3, 8)
    arrived: list[int] = []
    run_cells([cell], local_cluster, on_results=lambda _c, results: arrived.extend(r.index for r in results))
    assert [r.to_json() for r in cell.results] == [r.to_json() for r in alone]
    assert sorted(arrived) == list(range(8))


def test_early_stop_takes_whole_batches_in_order_on_any_backend(local_cluster):
    text, level = variant(ARENA, [])
    seeds = {i: 40 + i for i in range(12)}
    asked: dict[str, list[int]] = {}

    def stop_after_six(name: str):
        def rule(results):
            asked.setdefault(name, []).append(len(results))
            return len(results) >= 6

        return rule

    cells = {}
    for name, backend in (("serial", SerialBackend()), ("dask", local_cluster)):
        cell = Cell(text, level.source, seeds, 3, 6, stop=stop_after_six(name))
        run_cells([cell], backend)
        cells[name] = cell
    for name, cell in cells.items():
        assert [r.index for r in cell.results] == [0, 1, 2, 3, 4, 5], name
        assert cell.stopped_early
        assert asked[name] == [3, 6]  # asked after batch 0, then after batches 0–1, never out of order
    assert [r.to_json() for r in cells["serial"].results] == [r.to_json() for r in cells["dask"].results]


def test_a_sequential_sweep_over_pairs_stops_alike_on_a_local_cluster(local_cluster, tmp_path):
    """sweep --sprt over seat-swapped pairs: every cell and twin holds the same games and the same decision."""
    from game.lab.paired_stats import Sprt
    from game.lab.sweep import report, run_sweep
    from game.lab.sweep_file import load_sweep

    path = tmp_path / "sweep.toml"
    path.write_text(
        f'levels = ["{ARENA}"]\nseed = 3\ngames = 8\nbatch = 4\nmax_rounds = 8\nflag = 0\n\n'
        '[grid]\n"units[0].hp" = [12, 1]\n',
        encoding="utf-8",
    )
    sweep = load_sweep(path)
    test = Sprt.from_elo(0, 400, 0.2, 0.2)
    alone = run_sweep(sweep, SerialBackend(), sprt=test)
    shared = run_sweep(sweep, local_cluster, sprt=test)
    assert [p.seat for p in alone] == [0, 0, 1, 1]  # each cell has its twin, also under the sequential test
    assert [(p.results, p.stopped_early) for p in alone] == [(p.results, p.stopped_early) for p in shared]
    assert report(sweep, alone, sprt=test) == report(sweep, shared, sprt=test)
    assert report(sweep, shared, sprt=test)["levels"][0]["cells"][1]["sprt"]["games_per_pair"] == 2


def test_games_already_played_are_not_played_again():
    text, level = variant(ARENA, [])
    seeds = {i: 60 + i for i in range(5)}
    first = Cell(text, level.source, seeds, 2, 6)
    run_cells([first], SerialBackend())
    keep = {r.index: r for r in first.results if r.index in (0, 3)}
    played: list[int] = []
    again = Cell(text, level.source, seeds, 2, 6, done=keep)
    run_cells([again], SerialBackend(), on_results=lambda _c, rs: played.extend(r.index for r in rs))
    assert sorted(played) == [1, 2, 4]
    assert [r.to_json() for r in again.results] == [r.to_json() for r in first.results]


def test_cluster_without_dask_exits_2_with_the_install_hint(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now raises ImportError
    assert main(["simulate", str(ARENA), "--games", "1", "--cluster", "local"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "--cluster" in err and 'pip install -e ".[cluster]"' in err


def test_an_unreachable_scheduler_exits_2_naming_the_address(monkeypatch, capsys):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")
    assert main(["simulate", str(ARENA), "--games", "1", "--cluster", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "tcp://127.0.0.1:9" in err


def test_a_worker_of_another_version_is_refused(monkeypatch):
    text, level = variant(ARENA, [])
    real = cluster.play_batch
    monkeypatch.setattr(cluster, "play_batch", lambda batch: ("9.9.9", *real(batch)[1:]))  # a worker of 9.9.9
    with pytest.raises(cluster.ClusterError, match=r"9\.9\.9"):
        run_cells([Cell(text, level.source, {0: 1}, 1, 2)], SerialBackend())


# --- --out rows and --resume ---------------------------------------------------------------


def _simulate(tmp_path: Path, *extra: str, capsys) -> dict:
    args = ["simulate", str(ARENA), "--games", "6", "--seed", "3", "--max-rounds", "8", "--json"]
    assert main([*args, "--compare", "units.red_1.hp=5", *extra]) == 0
    data = json.loads(capsys.readouterr().out)
    data.pop("games_per_second")
    return data


def test_out_rows_carry_level_fingerprint_version_and_variant(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    _simulate(tmp_path, "--out", str(out), capsys=capsys)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 24  # 6 seeds × 2 variants, each seed a seat-swapped pair
    for r in rows:
        assert r["level_fingerprint"] == file_fingerprint(ARENA)
        assert r["version"] == GAME_VERSION
        assert r["max_rounds"] == 8
    assert {(r["variant"], tuple(r["set"])) for r in rows if r["seat"] == 0} == {
        ("base", ()),
        ("compare", ("units.red_1.hp=5",)),
    }
    assert {r["variant"] for r in rows if r["seat"] == 1} == {"base:swap", "compare:swap"}


def test_an_interrupted_run_resumes_from_its_jsonl_to_the_same_report(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    whole = _simulate(tmp_path, "--out", str(out), capsys=capsys)
    lines = out.read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:4]) + '\n{"level": "half a li', encoding="utf-8")  # killed mid-line
    resumed = _simulate(tmp_path, "--out", str(cut), "--resume", capsys=capsys)
    assert resumed == whole
    rows = [json.loads(line) for line in cut.read_text(encoding="utf-8").splitlines()[:4]]
    assert len(cut.read_text(encoding="utf-8").splitlines()) == 4 + 20  # 20 games played, none twice; half line gone
    assert all(r["variant"] == "base" for r in rows)


def test_resume_refuses_rows_of_another_version_or_level_file(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    _simulate(tmp_path, "--out", str(out), capsys=capsys)
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    for key, value, named in (("version", "0.0.1", "version"), ("level_fingerprint", "ab" * 32, "level_fingerprint")):
        bad = tmp_path / f"bad-{key}.jsonl"
        changed = [dict(rows[0], **{key: value}), *rows[1:]]
        bad.write_text("".join(json.dumps(r) + "\n" for r in changed), encoding="utf-8")
        args = ["simulate", str(ARENA), "--games", "6", "--seed", "3", "--max-rounds", "8"]
        assert main([*args, "--out", str(bad), "--resume"]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and f"{bad}:1: {named}" in err


def test_resume_without_out_exits_2(capsys):
    assert main(["simulate", str(ARENA), "--games", "1", "--resume"]) == 2
    assert "--out" in capsys.readouterr().err
