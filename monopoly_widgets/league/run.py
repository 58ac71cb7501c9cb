"""``mw.league(bots, game="deal", games=N)``: check the entries, play, rate.

Where processes can start, every student's bot runs in its own sandbox with its
limits (Pyodide under Deno, ``league/wasm/``; or, with ``sandbox="process"``, a plain
process, ``sandbox.py``), and the games run on a pool of worker processes (one per
core unless ``workers`` says otherwise) or on any ``concurrent.futures`` executor
given as ``executor`` (a Dask cluster's ``client.get_executor()`` too). In a browser
tab (JupyterLite's Pyodide) every student's bot runs in its own Web Worker, with its
limits (``browser.py``). Where neither can start, the league plays in this one process
and says so plainly: time and memory limits cannot be enforced there.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, as_completed
from pathlib import Path
from typing import Any

from monopoly_widgets.core.registry import describe
from monopoly_widgets.core.runtime import processes_available
from monopoly_widgets.core.validation import whole_number
from monopoly_widgets.league import browser
from monopoly_widgets.league.checks import check_entry
from monopoly_widgets.league.entries import find_entries
from monopoly_widgets.league.games import Batch, run_batch, schedule
from monopoly_widgets.league.result import LeagueResult
from monopoly_widgets.league.sandbox import Limits
from monopoly_widgets.league.seats import close_kept, keep_sandboxes
from monopoly_widgets.sim.workers import stop_now, worker_start

#: Said wherever the league cannot start processes.
NO_LIMITS = (
    "no process can start here, and no Web Worker can be waited for (in JupyterLite, call "
    "the league from a notebook cell of a browser with WebAssembly JSPI), so every bot "
    "runs in this one process: the time and memory limits cannot be enforced, and a bot "
    "that loops forever stops the league. For a safe, fair league run it in JupyterLab or "
    "with `python -m monopoly_widgets league`."
)

#: Said when the teacher chose the process mode (``sandbox="process"``).
NO_SANDBOX = (
    "sandbox='process': each bot ran in a plain Python process with its time and memory "
    "limits, but with the teacher's rights: it could read, change and delete the teacher's "
    "files, use the network, read the environment and signal other processes"
)

Progress = Callable[[LeagueResult, int, int, bool], None]


def league(
    bots: str | Path | Iterable[str | Path],
    game: str = "deal",
    games: int = 10,
    seed: int = 0,
    *,
    move_seconds: float = 1.0,
    memory_mb: int = 512,
    start_seconds: float = 30.0,
    sandbox: str = "wasm",
    workers: int | None = None,
    executor: Executor | None = None,
    options: dict[str, Any] | None = None,
    progress: bool | Progress | None = None,
) -> LeagueResult:
    """Play a league between the bots (``mw.league``): a folder of students' ``.py``
    files (each defines ``choose(observation, legal_actions, rng)``), single files, and
    built-in bots by name ("random", "heuristic", "deal_policy", "search").

    Every pairing plays ``games`` deals, each deal twice (each bot in each seat), the
    same deals for every pairing (duplicate seating). ``move_seconds`` and ``memory_mb``
    limit each student's bot; one that fails forfeits that game, with the reason kept.
    ``sandbox``: "wasm" (the default) runs each student's bot in Pyodide under Deno, with
    no access to files, network, environment or processes; "process" runs it in a plain
    process that has the teacher's rights (limits time and memory only; docs/league.md).
    ``progress``: True shows a widget with the table as it fills (the default in a
    notebook), False nothing, or a function ``(result, done, total, finished)``.
    """
    describe(game)
    whole_number(games, "games", 1, 100_000)
    whole_number(seed, "seed", 0)
    if workers is not None:
        whole_number(workers, "workers", 1, 256)
    limits = Limits(move_seconds, start_seconds, memory_mb, sandbox)
    entries = find_entries(bots)
    isolated = processes_available()
    if isolated and sandbox == "wasm" and any(entry.path for entry in entries):
        from monopoly_widgets.league.wasm.runtime import prepare

        prepare()  # Deno and Pyodide are there, or a clear error saying what to install
    result = LeagueResult(game, entries, [])
    if isolated and sandbox == "process":
        result.notes.append(NO_SANDBOX)
    if not isolated and not browser.workers_available():
        result.notes.append(NO_LIMITS)
        warnings.warn(NO_LIMITS, RuntimeWarning, stacklevel=3)
    options = dict(options or {})
    started = time.monotonic()
    report = _progress_function(progress)

    pool, owned = _pool(executor, workers, isolated)  # one pool for the checks and the games
    total = 0
    keep_sandboxes(executor is None)  # idle sandboxes kept between tasks here (seats.py)
    try:
        jobs = [(e, game, limits, isolated, options) for e in entries if e.path is not None]
        checked = [_check(job) for job in jobs] if pool is None else list(pool.map(_check, jobs))
        for entry, (failure, pids) in checked:
            result.pids.extend(pids)
            if failure is not None:
                result.failures[entry.name] = failure
        result.entries = [entry for entry in entries if entry.name not in result.failures]
        batches = schedule(result.entries, game, games, seed, limits, isolated, options)
        total = sum(2 * len(batch.deals) for batch in batches)
        if report:
            report(result, 0, total, False)
        placed: dict[int, list[dict[str, Any]]] = {}

        def done(number: int, rows: list[dict[str, Any]]) -> None:
            placed[number] = rows
            result.pids.extend(pid for row in rows for pid in row["pids"])
            result.rows = [row for key in sorted(placed) for row in placed[key]]
            if report:
                report(result, len(result.rows), total, False)

        _run_batches(batches, pool, done, result)
    except KeyboardInterrupt:
        # The stop button (or Ctrl-C): stop at once, and keep the games already played.
        if owned and pool is not None:
            stop_now(pool)  # its workers are killed, and their bots die with them
        if not result.rows:
            raise
        result.stopped = True
        note = (
            f"stopped by the user after {len(result.rows)} of {total} games: the table counts "
            "only those, so some pairings played fewer deals than others"
        )
        result.notes.append(note)
        warnings.warn(note, RuntimeWarning, stacklevel=3)
    finally:
        if owned and pool is not None:
            pool.shutdown()  # at once after ``stop_now``; else every game is done
        keep_sandboxes(False)
        close_kept()
        browser.close_idle()
    result.seconds = time.monotonic() - started
    if report:
        report(result, len(result.rows), total, True)
    return result


def _check(job: tuple[Any, ...]) -> tuple[Any, tuple[str | None, list[int]]]:
    entry = job[0]
    return entry, check_entry(*job)


def _progress_function(progress: bool | Progress | None) -> Progress | None:
    if callable(progress):
        return progress
    if progress is None:
        progress = _in_notebook()
    if not progress:
        return None
    from IPython.display import display

    from monopoly_widgets.league.progress import LeagueProgress

    widget = LeagueProgress(0)
    display(widget.widget)
    return widget.update


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


def _pool(
    executor: Executor | None, workers: int | None, isolated: bool
) -> tuple[Executor | None, bool]:
    """The executor to use and whether this call made it (and must shut it down)."""
    if executor is not None:
        return executor, False
    count = workers if workers is not None else (os.cpu_count() or 1)
    if not isolated or count <= 1:
        return None, False
    from concurrent.futures import ProcessPoolExecutor

    # Its workers ignore Ctrl-C (a terminal sends it to them too: the league stops them
    # itself, keeping the finished games) and die with this process (``sim/workers.py``).
    return ProcessPoolExecutor(
        max_workers=count, initializer=_worker_start, initargs=(os.getpid(),)
    ), True


def _worker_start(parent: int) -> None:
    """A league worker: ``worker_start``, and idle sandboxes kept between its tasks."""
    worker_start(parent)
    keep_sandboxes()


def _run_batches(
    batches: list[Batch],
    pool: Executor | None,
    done: Callable[[int, list[dict[str, Any]]], None],
    result: LeagueResult,
) -> None:
    """Run every batch; a batch whose worker failed is noted, every other result kept."""
    if pool is None:
        for number, batch in enumerate(batches):
            done(number, run_batch(batch))
        return
    futures = {pool.submit(run_batch, batch): number for number, batch in enumerate(batches)}
    try:
        _collect(futures, batches, done, result)
    except KeyboardInterrupt:
        for future in futures:  # on someone's executor (Dask) too: nothing more starts
            future.cancel()
        raise


def _collect(
    futures: dict[Any, int],
    batches: list[Batch],
    done: Callable[[int, list[dict[str, Any]]], None],
    result: LeagueResult,
) -> None:
    """Each batch's rows as it finishes (``done``); a batch whose worker failed is noted."""
    for future in as_completed(futures):
        number = futures[future]
        try:
            done(number, future.result())
        except Exception as exc:  # noqa: BLE001 - one lost worker loses only its games
            batch = batches[number]
            first, second = batch.pairing
            deals = f"deals {batch.deals[0]}-{batch.deals[-1]}"
            result.notes.append(
                f"the games of {first.name} against {second.name} ({deals}) were lost: "
                f"{type(exc).__name__}: {exc}"
            )
