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
from monopoly_widgets.league.games import Batch, new_league_seed, run_batch, schedule
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
    seed: int | None = None,
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
    ``seed``: the league's seed, random and secret unless given (``games.py``: every
    deal's seed comes from it by a keyed hash); kept as ``result.seed``, so every game
    replays and ``seed=result.seed`` plays the same deals again.
    ``sandbox``: "wasm" (the default) runs each student's bot in Pyodide under Deno, with
    no access to files, network, environment or processes; "process" runs it in a plain
    process that has the teacher's rights (limits time and memory only; docs/league.md).
    ``progress``: True shows a widget with the table as it fills (the default in a
    notebook), False nothing, or a function ``(result, done, total, finished)``.
    """
    describe(game)
    whole_number(games, "games", 1, 100_000)
    if seed is None:
        seed = new_league_seed()
    whole_number(seed, "seed", 0)
    if workers is not None:
        whole_number(workers, "workers", 1, 256)
    limits = Limits(move_seconds, start_seconds, memory_mb, sandbox)
    entries = find_entries(bots)
    isolated = processes_available()
    if isolated and sandbox == "wasm" and any(entry.path for entry in entries):
        from monopoly_widgets.league.wasm.runtime import prepare

        prepare()  # Deno and Pyodide are there, or a clear error saying what to install
    result = LeagueResult(game, entries, [], seed=seed)
    if isolated and sandbox == "process":
        result.notes.append(NO_SANDBOX)
    if not isolated and not browser.workers_available():
        result.notes.append(NO_LIMITS)
        warnings.warn(NO_LIMITS, RuntimeWarning, stacklevel=3)
    options = dict(options or {})
    started = time.monotonic()
    report = _progress_function(progress)

    pool, owned = _pool(executor, workers, isolated)  # one pool for the checks and the games
    pools = _Pools(pool, owned, workers, isolated)  # and a fresh one if a worker dies
    total = 0
    keep_sandboxes(executor is None)  # idle sandboxes kept between tasks here (seats.py)
    try:
        jobs = [(e, game, limits, isolated, options, seed) for e in entries if e.path is not None]
        checked: dict[int, Any] = {}
        _run_tasks(_check, jobs, pools, checked.__setitem__, result, "checks")
        for number, job in enumerate(jobs):
            if number not in checked:  # its worker died every time: no evidence against it
                result.failures[job[0].name] = f"{job[0].label}: its check could not be played"
                continue
            entry, (failure, pids) = checked[number]
            result.pids.extend(pids)
            if failure is not None:
                result.failures[entry.name] = failure
        result.entries = [entry for entry in entries if entry.name not in result.failures]
        if len(result.entries) < 2:
            result.notes.append(_too_few(result))
        batches = schedule(result.entries, game, games, seed, limits, isolated, options)
        total = sum(len(batch.deals) for batch in batches)
        if report:
            report(result, 0, total, False)
        placed: dict[int, list[dict[str, Any]]] = {}

        def done(number: int, rows: list[dict[str, Any]]) -> None:
            placed[number] = rows
            result.pids.extend(pid for row in rows for pid in row["pids"])
            for row in rows:  # a bot's process killed from outside: the game was played again
                result.notes.extend(
                    f"deal {row['deal']} ({' vs '.join(row['seats'])}) was played again after {why}"
                    for why in row.get("replayed", ())
                )
            result.rows = [row for key in sorted(placed) for row in placed[key]]
            if report:
                report(result, len(result.rows), total, False)

        _run_tasks(run_batch, batches, pools, done, result, "games")
    except KeyboardInterrupt:
        # The stop button (or Ctrl-C): stop at once, and keep the games already played.
        pools.stop_now()  # its workers are killed, and their bots die with them
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
        pools.shutdown()  # at once after ``stop_now``; else every game is done
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


def _too_few(result: LeagueResult) -> str:
    """What to say when fewer than two entries passed the check: no league to play."""
    passed = ", ".join(entry.name for entry in result.entries) or "none"
    return (
        f"no games were played: {len(result.failures)} of "
        f"{len(result.failures) + len(result.entries)} entries sat out (see why above), and "
        f"a league needs at least 2 bots that pass the check (passed: {passed})"
    )


#: Rounds of playing again what a dead worker lost (the last round plays each task alone).
RETRIES = 2


class _Pools:
    """The league's worker pool, and a fresh one when a worker's death breaks it."""

    def __init__(self, pool: Executor | None, owned: bool, workers: int | None, isolated: bool):
        self.pool, self.owned, self.workers, self.isolated = pool, owned, workers, isolated
        self.made: list[Executor] = [pool] if owned and pool is not None else []

    def fresh(self, workers: int | None = None) -> Executor | None:
        """A new pool of ``workers`` (the league's count by default); None (play in this
        process) when the pool was someone else's."""
        if not self.owned:
            return None
        from concurrent.futures import ProcessPoolExecutor

        # A process pool even of one: a task that kills its worker must not run here.
        count = workers or self.workers or os.cpu_count() or 1
        pool = ProcessPoolExecutor(
            max_workers=count, initializer=_worker_start, initargs=(os.getpid(),)
        )
        self.made.append(pool)
        return pool

    def stop_now(self) -> None:
        for pool in self.made:
            if getattr(pool, "_processes", None) is not None:  # not shut down already
                stop_now(pool)  # type: ignore[arg-type]

    def shutdown(self) -> None:
        for pool in self.made:
            pool.shutdown()


def _run_tasks(
    function: Callable[[Any], Any],
    tasks: list[Any],
    pools: _Pools,
    done: Callable[[int, Any], None],
    result: LeagueResult,
    what: str,
) -> None:
    """``done(number, function(task))`` for every task, on the pool (or here without one).

    A worker that dies (a bot killed it, the system did) breaks Python's pool, which
    then fails every unfinished task with ``BrokenProcessPool``. Those tasks are played
    again on a fresh pool, and in the last round each alone in a one-process pool, so a
    task that kills its worker every time is the only one lost; ``result.notes`` says
    what was played again and what was lost.
    """
    from concurrent.futures.process import BrokenProcessPool

    if pools.pool is None:
        for number, task in enumerate(tasks):
            done(number, function(task))
        return
    waiting = list(range(len(tasks)))
    for attempt in range(RETRIES + 1):
        lost: dict[int, BaseException] = {}
        alone = attempt == RETRIES and attempt > 0
        for group in [[n] for n in waiting] if alone else [waiting]:
            pool = pools.fresh(1) if alone else pools.pool
            if pool is None:  # someone else's executor broke: play here
                for number in group:
                    try:
                        done(number, function(tasks[number]))
                    except Exception as exc:  # noqa: BLE001 - one lost task, noted
                        lost[number] = exc
                continue
            futures = {pool.submit(function, tasks[number]): number for number in group}
            try:
                _collect(futures, done, lost)
            except KeyboardInterrupt:
                for future in futures:  # on someone's executor (Dask) too: nothing more starts
                    future.cancel()
                raise
            if alone:
                pool.shutdown()
                pools.made.remove(pool)
        if not lost:
            return
        waiting = sorted(lost)
        broken = any(isinstance(exc, BrokenProcessPool) for exc in lost.values())
        if attempt < RETRIES and broken:
            if attempt + 1 < RETRIES:
                pools.pool = pools.fresh()
            result.notes.append(
                f"a worker process ended ({_why(lost)}); the {len(waiting)} tasks of {what} "
                f"it left unfinished were played again"
                + (" on a fresh pool" if attempt + 1 < RETRIES else ", each in its own worker")
            )
            continue
        for number, exc in lost.items():
            result.notes.append(f"{_task_name(tasks[number])}: lost ({_why({0: exc})})")
        return


def _why(lost: dict[int, BaseException]) -> str:
    exc = next(iter(lost.values()))
    return f"{type(exc).__name__}: {str(exc)[:200]}"


def _task_name(task: Any) -> str:
    """ "the games of ana against ben (deals 0-4)", or "the check of bots/ana.py"."""
    if isinstance(task, Batch):
        first, second = task.order
        return (
            f"the games of {first.name} (seat 0) against {second.name} "
            f"(deals {task.deals[0]}-{task.deals[-1]})"
        )
    return f"the check of {task[0].label}"


def _collect(
    futures: dict[Any, int],
    done: Callable[[int, Any], None],
    lost: dict[int, BaseException],
) -> None:
    """Each task's result as it finishes (``done``); a task whose worker failed goes to
    ``lost`` (every other result is kept)."""
    for future in as_completed(futures):
        number = futures[future]
        try:
            value = future.result()
        except Exception as exc:  # noqa: BLE001 - one lost worker loses only its tasks
            lost[number] = exc
            continue
        done(number, value)
