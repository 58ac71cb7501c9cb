"""The coach where no thread or process can start: small slices that yield to the page.

In a browser tab (the JupyterLite site's Pyodide kernel, a marimo WebAssembly
export) Python has one thread, shared with everything the page asks of the
kernel: a click on the table arrives as a comm message, and it is handled only
when Python is idle. So the analysis runs as an asyncio task, a slice of about
:data:`SLICE_S` seconds of playouts at a time, with ``await asyncio.sleep(0)``
between slices. Pyodide's event loop schedules the next slice as a new
browser task (not a microtask), so the messages that arrived in the meantime are
handled first: the table answers a click within a slice (and one playout).

The slices play the same race as :func:`~monopoly_widgets.coach.analyse`
(``coach/running.py``): the same rounds, and the same playouts (playout *i* of
every move in the same world *i*). Two things differ, both because on one core
a round's unneeded playouts are time a student waits (with workers they are
spread over the cores). A round's playouts run here one at a time, the moves in
turn, and the stopping rule is asked after every playout, so the race ends at
the first playout where the answer holds (``Race.answer_with``), part-way
through a round if need be. And a move measured to within the precision
part-way through a round gets no more of that round (``Race.measured_with``).
So the sliced analysis stops at the same round as ``analyse`` or earlier, each
move's playouts are its playouts 0, 1, 2... as in ``analyse`` (the same wins on
those), and its answer meets the same test (the best move clearly better than
every other, or the leaders measured to within the precision). It does not
depend on where the slices end: the check is per playout, not per slice.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from typing import Any

from monopoly_widgets.coach.playouts import PlayoutJob, game_of, make_policy, play_one
from monopoly_widgets.coach.racing import Race
from monopoly_widgets.coach.result import Analysis
from monopoly_widgets.coach.running import AnalysisRun

#: Seconds of playouts between two yields to the page: short enough that a click is
#: answered at once, long enough that yielding (a few ms in a browser) costs little.
SLICE_S = 0.05
#: What the result says of the one thing done differently here (see the module docstring).
PER_PLAYOUT = (
    "Played a playout at a time, the stopping rule was asked after every playout, so the "
    "last round may have ended part-way."
)


class RoundInProgress:
    """One round's jobs, played a playout at a time, the moves in turn.

    The moves are played in turn (the first playout of every move, then the
    second of every move...), so that at any moment they have been played in
    nearly the same worlds and the paired comparison (``coach/pairing.py``) has
    the most to go on. A move measured to within the precision part-way through
    the round gets no more of it (``Race.measured_with``): on one core, its
    unneeded playouts are time a student waits. After every playout
    ``race.answer_with(outcomes so far)`` is asked: once it holds, the round is
    over early (:attr:`whole`), with the outcomes played so far.
    """

    def __init__(self, jobs: list[PlayoutJob], race: Race) -> None:
        self.jobs = jobs
        self.race = race
        self.outcomes: list[list[int]] = [[] for _ in jobs]
        self.agents = [make_policy(job.policy) for job in jobs]  # one per job, as run_job
        self.games = [game_of(job.saved_game) for job in jobs]
        #: The jobs still to play in this round, and whose turn it is among them.
        self.playing = list(range(len(jobs)))
        self.turn = 0
        self.cpu = 0.0
        #: True once the answer held before the round's last playout.
        self.cut = False

    @property
    def whole(self) -> bool:
        return self.cut or not self.playing

    def play_until(self, deadline: float) -> None:
        """Play the round's next playouts until it is whole or the clock passes ``deadline``."""
        started = time.process_time()
        while not self.whole:
            which = self.playing[self.turn]
            job, done = self.jobs[which], self.outcomes[which]
            done.append(play_one(self.games[which], job, self.agents[which], job.first + len(done)))
            if len(done) == job.count or self.race.measured_with(job.action_id, done):
                self.playing.pop(self.turn)
            else:
                self.turn += 1
            if self.turn >= len(self.playing):
                self.turn = 0
            if not self.whole and self.race.answer_with(self.outcomes):
                self.cut = True
            if time.perf_counter() >= deadline:
                break
        self.cpu += time.process_time() - started


class SlicedAnalysis:
    """An analysis advanced a slice at a time (see the module docstring)."""

    def __init__(self, run: AnalysisRun) -> None:
        self.run = run
        run.method += f" {PER_PLAYOUT}"
        self.round: RoundInProgress | None = None
        #: True once the race has ended; :meth:`advance` then returns the final analysis.
        self.done = False

    def advance(self, seconds: float = SLICE_S) -> Analysis | None:
        """Play for about ``seconds``; the analysis so far if a round ended, else None."""
        deadline = time.perf_counter() + seconds
        while True:
            if self.round is None:
                jobs = self.run.next_jobs()
                if not jobs:
                    self.done = True
                    return self.run.so_far()
                self.round = RoundInProgress(jobs, self.run.race)
            self.round.play_until(deadline)
            if not self.round.whole:
                return None
            whole, self.round = self.round, None
            if self.run.record(whole.outcomes, whole.cpu):
                self.done = True
            return self.run.so_far()

    def stop(self, why: str) -> Analysis:
        """End the race here (the rounds so far count; a part-played round does not)."""
        self.run.stop(why)
        self.round = None
        self.done = True
        return self.run.so_far()


async def refine(
    sliced: SlicedAnalysis,
    wanted: Callable[[], bool],
    on_round: Callable[[Analysis], bool | None],
    slice_s: float = SLICE_S,
) -> Analysis | None:
    """Advance ``sliced`` slice by slice, yielding to the event loop before each slice.

    Before each slice ``wanted()`` is asked: False (the position changed, the coach
    was turned off) ends the task at once, returning None, so a stale slice never
    runs and never reports. ``on_round(analysis)`` is called after each round
    that ends the slice; returning False stops the race there. Returns the final
    analysis.
    """
    while True:
        await asyncio.sleep(0)
        if not wanted():
            return None
        analysis = sliced.advance(slice_s)
        if sliced.done:
            return analysis
        if analysis is not None and on_round(analysis) is False:
            return sliced.stop("asked to stop")


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop the slices can run on, or None where there is none.

    Pyodide's loop (the browser's own) always runs, even while a comm message is
    being handled, where asyncio does not always register it as running; in
    CPython only a running loop (a Jupyter kernel's) counts.
    """
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None


def start(coroutine: Any) -> asyncio.Task[Any] | None:
    """Run ``coroutine`` as a task on :func:`event_loop`; None (coroutine closed) without one."""
    loop = event_loop()
    if loop is None:
        coroutine.close()
        return None
    return loop.create_task(coroutine)
