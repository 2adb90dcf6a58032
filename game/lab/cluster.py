"""Games in batches on one process, a process pool or a Dask cluster, with the same results on each.

A batch is a list of (game index, seed) on one level text; a worker plays it with `play_game`,
so a game is the same pure function of (level text, seed, max rounds) wherever it runs. Batches
of a cell are cut at fixed game indices that never depend on the number of workers, and a cell's
results are taken as a prefix of whole batches in batch order, so early stopping is deterministic.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import logging
import math
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.lab.provenance import GAME_VERSION
from game.lab.simulate import GameResult, play_game
from game.levels.level import parse_level
from game.text.i18n import t

INSTALL_HINT = 'pip install -e ".[cluster]"'
CONNECT_TIMEOUT = "10s"
"""How long to wait for a scheduler given by address."""
MAX_BATCH = 250
"""Most games in one task: a task of 250 games runs several seconds, so scheduling costs little."""


class ClusterError(ValueError):
    """Dask missing, a scheduler that cannot be reached, or a worker running another Gridbound version."""


@dataclass(frozen=True, slots=True)
class Batch:
    """Some games of one cell: the level text, how long a game may run, and (index, seed) pairs."""

    cell: int
    number: int
    text: str
    source: str
    max_rounds: int
    games: tuple[tuple[int, int], ...]
    keep_script: bool = True


_PLAY_LOCK = threading.Lock()
"""esper keeps its current world in module state: games in threads of one process must take turns."""
_LEVELS: dict[str, Any] = {}


def play_batch(batch: Batch) -> tuple[str, int, int, list[GameResult]]:
    """Worker entry point: play the batch's games; (version, cell, batch number, results in index order)."""
    with _PLAY_LOCK:
        level = _LEVELS.get(batch.text)
        if level is None:
            level = _LEVELS[batch.text] = parse_level(batch.text, batch.source)
        results = []
        for index, seed in batch.games:
            result = play_game(level, seed, batch.max_rounds, index)
            if not batch.keep_script:
                result.script = []  # a flagged game is played again for its replay; scripts are heavy
            results.append(result)
    return GAME_VERSION, batch.cell, batch.number, results


def batch_size(games: int, workers: int) -> int:
    """Games per task for a run of `games` over `workers`: about four tasks per worker, at most MAX_BATCH."""
    return max(1, min(MAX_BATCH, math.ceil(games / max(1, 4 * workers))))


def split(indices: Sequence[int], size: int) -> list[list[int]]:
    """Game indices 0…n−1 cut into batches of `size` at fixed boundaries (index // size)."""
    batches: dict[int, list[int]] = {}
    for i in indices:
        batches.setdefault(i // size, []).append(i)
    return [batches[k] for k in sorted(batches)]


# --- where batches run ---------------------------------------------------------------------


class Backend(Protocol):
    """Something that runs batches and hands back futures."""

    workers: int
    window: int

    def submit(self, batch: Batch) -> Any:
        """Start a batch; a future whose result() is play_batch's."""

    def wait(self, futures: list[Any]) -> list[Any]:
        """Block until at least one future is done; the done ones."""

    def close(self) -> None:
        """Stop the workers this backend started."""


class SerialBackend:
    """Plays each batch at once in this process (--jobs 1)."""

    workers = 1
    window = 1
    """Batches in flight: one, so early stopping wastes nothing."""

    def submit(self, batch: Batch) -> cf.Future[Any]:
        """Play the batch now; an already finished future."""
        future: cf.Future[Any] = cf.Future()
        future.set_result(play_batch(batch))
        return future

    def wait(self, futures: list[Any]) -> list[Any]:
        """Every future is already done."""
        return list(futures)

    def close(self) -> None:
        """Nothing to stop."""


class PoolBackend:
    """Batches over `jobs` local processes (started with spawn, so no esper world is copied)."""

    def __init__(self, jobs: int) -> None:
        self.workers = self.window = jobs
        self.pool = cf.ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))

    def submit(self, batch: Batch) -> cf.Future[Any]:
        """Queue the batch in the pool."""
        return self.pool.submit(play_batch, batch)

    def wait(self, futures: list[Any]) -> list[Any]:
        """The futures done once the first one is."""
        done, _ = cf.wait(futures, return_when=cf.FIRST_COMPLETED)
        return list(done)

    def close(self) -> None:
        """Stop the pool (queued batches are dropped)."""
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskBackend:
    """Batches on a Dask cluster: `local` starts a LocalCluster here, else the scheduler at the address."""

    def __init__(self, address: str, jobs: int = 1, *, processes: bool = True) -> None:
        try:
            import distributed
        except ImportError:
            raise ClusterError(t("cluster.no_dask", hint=INSTALL_HINT)) from None
        self._distributed = distributed
        self.cluster = None
        try:
            if address == "local":
                workers = jobs if jobs > 1 else (os.cpu_count() or 1)
                self.cluster = distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,  # one game at a time per process (esper worlds are process-global)
                    processes=processes,
                    dashboard_address=None,
                    silence_logs=logging.ERROR,
                )
                self.client = distributed.Client(self.cluster)
            else:
                self.client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            raise ClusterError(t("cluster.no_scheduler", address=address, error=exc)) from None
        self.workers = max(1, sum(self.client.nthreads().values()))
        self.window = 2 * self.workers  # a queued batch per worker hides the round trip

    def submit(self, batch: Batch) -> Any:
        """Send the batch to the scheduler (pure=False: equal batches of two runs are not merged)."""
        return self.client.submit(play_batch, batch, pure=False)

    def wait(self, futures: list[Any]) -> list[Any]:
        """The futures done once the first one is."""
        done, _ = self._distributed.wait(futures, return_when="FIRST_COMPLETED")
        return list(done)

    def close(self) -> None:
        """Disconnect, and stop the LocalCluster if this backend started it."""
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self.cluster is not None:
            self.cluster.close()


def backend_for(cluster: str | None, jobs: int) -> Backend:
    """The backend for --cluster ADDRESS (None: this machine, --jobs processes)."""
    if cluster:
        return DaskBackend(cluster, jobs)
    return SerialBackend() if jobs <= 1 else PoolBackend(jobs)


# --- cells: games played batch by batch, in order ------------------------------------------


@dataclass(slots=True)
class Cell:
    """One level variant to play: its games by index, and when it may stop."""

    text: str
    source: str
    seeds: dict[int, int]
    """Game index → seed, every game the cell may play."""
    size: int
    """Games per batch (fixed boundaries, independent of the workers)."""
    max_rounds: int
    done: dict[int, GameResult] = field(default_factory=dict)
    """Games already played (resumed from a JSONL file): not played again."""
    stop: Callable[[list[GameResult]], bool] | None = None
    """Asked after each whole batch, in batch order, with every result so far: True ends the cell."""
    results: list[GameResult] = field(default_factory=list)
    stopped_early: bool = False


def run_cells(
    cells: Sequence[Cell],
    backend: Backend,
    *,
    keep_script: bool = True,
    on_results: Callable[[int, list[GameResult]], None] | None = None,
) -> None:
    """Play every cell (filling `cell.results` in index order); `on_results(cell, new results)` as they arrive."""
    plans = [split(sorted(cell.seeds), cell.size) for cell in cells]
    queue: list[tuple[int, int]] = []  # (cell, batch): batch 0 of every cell, then batch 1 of every cell, …
    for number in range(max((len(p) for p in plans), default=0)):
        queue += [(c, number) for c, plan in enumerate(plans) if number < len(plan)]
    finished: list[dict[int, list[GameResult]]] = [{} for _ in cells]
    prefix = [0] * len(cells)
    stopped = [False] * len(cells)
    flying: dict[Any, tuple[int, int]] = {}
    window = max(1, backend.window)

    def settle(c: int) -> None:
        """Take whole batches in order while they are there; stop the cell when its rule says so."""
        cell = cells[c]
        while not stopped[c] and prefix[c] in finished[c]:
            cell.results += finished[c].pop(prefix[c])
            prefix[c] += 1
            if prefix[c] == len(plans[c]):
                stopped[c] = True
            elif cell.stop is not None and cell.stop(cell.results):
                stopped[c] = cell.stopped_early = True

    def accept(c: int, number: int, played: Iterable[GameResult]) -> None:
        new = list(played)
        if new and on_results:
            on_results(c, new)
        cell = cells[c]
        merged = {r.index: r for r in new}
        merged.update({i: cell.done[i] for i in plans[c][number] if i in cell.done})
        finished[c][number] = [merged[i] for i in sorted(merged)]
        settle(c)

    try:
        while queue or flying:
            while queue and len(flying) < window:
                c, number = queue.pop(0)
                if stopped[c]:
                    continue
                cell = cells[c]
                todo = tuple((i, cell.seeds[i]) for i in plans[c][number] if i not in cell.done)
                if not todo:
                    accept(c, number, [])
                    continue
                batch = Batch(c, number, cell.text, cell.source, cell.max_rounds, todo, keep_script)
                flying[backend.submit(batch)] = (c, number)
            if not flying:
                continue
            for future in backend.wait(list(flying)):
                c, number = flying.pop(future)
                version, _, _, played = future.result()
                if version != GAME_VERSION:
                    raise ClusterError(t("cluster.version", worker=version, here=GAME_VERSION))
                if not stopped[c]:
                    accept(c, number, played)
            for future, (c, _) in list(flying.items()):
                if stopped[c]:  # batches past the stopping point are not needed
                    future.cancel()
                    del flying[future]
    finally:
        for future in flying:
            future.cancel()


def run_games_batched(
    text: str,
    source: str,
    seeds: Sequence[int],
    jobs: int,
    max_rounds: int,
    on_result: Callable[[GameResult], None] | None,
    cluster: str | None,
    done: dict[int, GameResult],
) -> list[GameResult]:
    """`run_games` in batches (on a cluster, or resuming): the same results, sorted by index."""
    backend = _shared_backend(cluster, jobs) if cluster else backend_for(None, jobs)
    try:
        todo = len(seeds) - len(done)
        cell = Cell(text, source, dict(enumerate(seeds)), batch_size(todo, backend.workers), max_rounds, done)

        def arrived(_: int, results: list[GameResult]) -> None:
            for result in results:
                if on_result:
                    on_result(result)

        run_cells([cell], backend, on_results=arrived)
    finally:
        if not cluster:
            backend.close()
    return cell.results


_SHARED: dict[str, Backend] = {}


def _shared_backend(address: str, jobs: int) -> Backend:
    """One Dask client per address for the whole command (a LocalCluster starts once, not per variant)."""
    if address not in _SHARED:
        if not _SHARED:
            atexit.register(close_shared)
        _SHARED[address] = DaskBackend(address, jobs)
    return _SHARED[address]


def close_shared() -> None:
    """Close the Dask clients (and LocalClusters) this process opened."""
    while _SHARED:
        _SHARED.popitem()[1].close()
