"""Where the coach's playouts run: here, or on the machine's cores.

``mw.analyse`` uses :func:`shared_pool` (two worker processes, kept for the next
analysis) when no executor is given and the work is worth starting processes
for. In a Jupyter kernel the pool is started with ``forkserver`` (``spawn``
where there is none), never by forking the kernel: a kernel runs threads of its
own, and a process forked while one of them holds a lock can hang for ever. A
script is forked as usual (``forkserver`` would run a script again in every
worker unless it had an ``if __name__ == "__main__"`` guard).

A round is cut into pieces of ``PIECE`` playouts so both cores get a share, and
the outcomes are put back in playout order, so the result does not depend on
which process ran which piece (``coach/playouts.py``).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from monopoly_widgets.coach.playouts import PlayoutJob, run_timed, split
from monopoly_widgets.core.runtime import processes_available

#: Worker processes of the shared pool: the 2 cores of a classroom laptop or Binder.
WORKERS = 2
#: Playouts per piece of work sent to a process (small: a stop is never far off).
PIECE = 8
#: Below this many seconds or playouts, starting processes costs more than it saves.
POOL_FROM_SECONDS = 1.0
POOL_FROM_PLAYOUTS = 200

_pool: Executor | None = None
_lock = threading.Lock()


def workers_wanted() -> int:
    """How many processes the shared pool gets: ``WORKERS``, or fewer on a smaller machine."""
    return max(1, min(WORKERS, os.cpu_count() or 1))


def shared_pool() -> Executor | None:
    """The coach's pool of worker processes, started on first use; None where none can start."""
    global _pool
    if not processes_available() or workers_wanted() < 2:
        return None
    with _lock:
        if _pool is not None and getattr(_pool, "_broken", False):
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None
        if _pool is None:
            try:
                # Imported here: a Pyodide tab must never load process pools.
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                context = multiprocessing.get_context(start_method())
                _pool = ProcessPoolExecutor(workers_wanted(), mp_context=context)
            except (NotImplementedError, ImportError, OSError):
                return None
            atexit.register(shutdown)
        return _pool


def start_method() -> str:
    """How to start the workers: fork, unless other threads run here with no script to rerun.

    Forking copies only the calling thread; a lock another thread held at that
    moment stays locked in the child for ever. An interactive session (Jupyter,
    whose ``__main__`` has no file) that runs threads gets ``forkserver``, which
    starts workers from a clean process. A script's ``__main__`` would be run
    again by each such worker, so a script is forked.
    """
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    interactive = not hasattr(sys.modules.get("__main__"), "__file__")
    if "fork" in methods and (threading.active_count() == 1 or not interactive):
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def shutdown() -> None:
    """Stop the shared pool's processes (at exit, or to free the cores)."""
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
            _pool = None


def default_executor(
    budget_s: float | None, playouts: int | None, policy: Any, workers: int | None
) -> Executor | None:
    """The shared pool when the work is worth it and can be sent to a process; else None.

    A policy given as an agent object stays here (it may not survive the trip to
    another process); ``workers=1`` keeps everything here.
    """
    if workers == 1 or not isinstance(policy, str):
        return None
    if (budget_s is not None and budget_s >= POOL_FROM_SECONDS) or (
        playouts is not None and playouts >= POOL_FROM_PLAYOUTS
    ):
        return shared_pool()
    return None


def run_round(
    jobs: Sequence[PlayoutJob], executor: Executor | None
) -> tuple[list[list[int]], float]:
    """Each job's outcomes in playout order, and the CPU seconds they took in all processes."""
    if executor is None:
        timed = [run_timed(job) for job in jobs]
        return [outcomes for outcomes, _ in timed], sum(cpu for _, cpu in timed)
    pieces = [[executor.submit(run_timed, piece) for piece in split(job, PIECE)] for job in jobs]
    outcomes: list[list[int]] = []
    cpu = 0.0
    for futures in pieces:
        joined: list[int] = []
        for future in futures:
            piece_outcomes, seconds = future.result()
            joined.extend(piece_outcomes)
            cpu += seconds
        outcomes.append(joined)
    return outcomes, cpu
