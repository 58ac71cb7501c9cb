"""Worker processes for tournaments that lose nothing when one of them fails.

``simulate`` sends batches of games to a pool of processes. Three things can go
wrong there, and none may cost the games that did finish:

* **A worker dies** (an agent calls ``os._exit``, runs out of memory, or is
  killed): Python's pool then fails every unfinished batch with
  ``BrokenProcessPool``. The unfinished batches are played again, one at a time
  in a fresh one-process pool, so the batch that kills its worker is found; it
  is split into single games, and only a game that kills its worker on its own
  is recorded as failed (``lost_rows``). On another executor (Dask's
  ``KilledWorker``, for example) a batch whose future fails is recorded as
  failed: that executor has already retried it.
* **The user cancels** (Ctrl-C, Jupyter's stop button: ``KeyboardInterrupt``):
  the workers ignore SIGINT, the parent stops waiting, kills its workers
  at once and returns the games finished so far (:class:`Cancelled`).
* **The parent dies** (even by SIGKILL, which runs no clean-up): each worker
  asks Linux to kill it when its parent goes (``PR_SET_PDEATHSIG``), and also
  watches its parent's PID once a second (the only way on other systems).
"""

from __future__ import annotations

import dataclasses
import os
import re
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # not at import: the process pool's module imports multiprocessing,
    # which a browser tab (Pyodide) has no use for; the functions import it when they run.
    from concurrent.futures import ProcessPoolExecutor

Row = dict[str, Any]
Batch = Any  # tournament.Batch: anything with a ``games`` tuple of (index, seed)
RunBatch = Callable[[Any], list[Row]]
LostRows = Callable[[Any, str], list[Row]]
MakePool = Callable[[int], "ProcessPoolExecutor"]

#: How often a worker checks that its parent is still alive (seconds).
WATCH_SECONDS = 1.0
#: Linux prctl option: the signal a process receives when its parent dies.
PR_SET_PDEATHSIG = 1


class Cancelled(Exception):
    """The run was interrupted; ``rows`` holds every game finished before that."""

    def __init__(self, rows: list[Row]) -> None:
        super().__init__(f"cancelled after {len(rows)} games")
        self.rows = rows


def worker_start(parent: int) -> None:
    """Run in each worker as it starts: ignore Ctrl-C, and die with the parent ``parent``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: the watchdog below does it, within a second
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        if os.getppid() != parent:
            os._exit(1)


def stop_now(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting for its games: its workers are killed."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.kill()
        except (OSError, ValueError, AttributeError):
            pass
    for process in processes:
        try:
            process.join(timeout=1)
        except (OSError, ValueError, AssertionError, AttributeError):
            pass


def run_on_pool(
    make_pool: MakePool,
    workers: int,
    batches: Sequence[Batch],
    run_batch: RunBatch,
    lost_rows: LostRows,
    done: Callable[[int], None],
) -> list[Row]:
    """Play ``batches`` on a pool of ``workers`` processes; see the module docstring."""
    rows: list[Row] = []
    unfinished: list[Batch] = []
    _play(make_pool(workers), batches, run_batch, rows, done, unfinished.append)
    if unfinished:
        unfinished.sort(key=_first_game)
        _isolate(make_pool, unfinished, run_batch, lost_rows, done, rows)
    return rows


def _first_game(batch: Batch) -> int:
    return batch.games[0][0] if batch.games else -1


def _play(
    pool: ProcessPoolExecutor,
    batches: Sequence[Batch],
    run_batch: RunBatch,
    rows: list[Row],
    done: Callable[[int], None],
    broken: Callable[[Batch], None],
) -> None:
    """Play ``batches`` on ``pool``, adding each one's rows to ``rows`` as it finishes;
    a batch whose worker died goes to ``broken``. On Ctrl-C (``Cancelled`` with every
    row so far) or any other error the pool's workers are killed at once."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        futures = {pool.submit(run_batch, batch): batch for batch in batches}
        for future in as_completed(futures):
            try:
                batch_rows = future.result()
            except BrokenProcessPool:
                broken(futures[future])
                continue
            rows.extend(batch_rows)
            done(len(batch_rows))
    except KeyboardInterrupt as stop:
        stop_now(pool)
        raise Cancelled(rows) from stop
    except BaseException:
        stop_now(pool)
        raise
    pool.shutdown(wait=True)


def _isolate(
    make_pool: MakePool,
    batches: list[Batch],
    run_batch: RunBatch,
    lost_rows: LostRows,
    done: Callable[[int], None],
    rows: list[Row],
) -> None:
    """Play each batch alone in a fresh process; split one that kills it, down to a game
    whose lost row is recorded. Rows go to ``rows``."""
    queue = list(batches)

    def broken(batch: Batch) -> None:
        if len(batch.games) > 1:
            queue[:0] = [_part(batch, 0), _part(batch, 1)]
            return
        batch_rows = lost_rows(batch, "its worker process died while playing it")
        rows.extend(batch_rows)
        done(len(batch_rows))

    while queue:
        _play(make_pool(1), [queue.pop(0)], run_batch, rows, done, broken)


def _part(batch: Batch, half: int) -> Batch:
    middle = len(batch.games) // 2
    games = batch.games[:middle] if half == 0 else batch.games[middle:]
    return dataclasses.replace(batch, games=games)


def run_on_executor(
    executor: Executor,
    batches: Sequence[Batch],
    run_batch: RunBatch,
    lost_rows: LostRows,
    done: Callable[[int], None],
) -> list[Row]:
    """Play ``batches`` on someone's executor (Dask, a thread pool): a failed batch is lost
    alone (recorded as failed games, with the executor's error); Ctrl-C returns at once."""
    futures: dict[Future[list[Row]], Batch] = {
        executor.submit(run_batch, batch): batch for batch in batches
    }
    rows: list[Row] = []
    try:
        for future in as_completed(futures):
            try:
                batch_rows = future.result()
            except Exception as exc:
                batch_rows = lost_rows(futures[future], f"the executor lost it: {_short(exc)}")
            rows.extend(batch_rows)
            done(len(batch_rows))
    except BaseException as stop:
        for future in futures:
            future.cancel()
        if isinstance(stop, KeyboardInterrupt):
            raise Cancelled(rows) from stop
        raise
    return rows


def _short(exc: BaseException) -> str:
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", str(exc))
    return f"{type(exc).__name__}: {text[:160]}"
