"""The explorer's coach: the deciding player's move chart, filled in in the background.

The coach runs one :func:`~monopoly_widgets.coach.analyse` on a copy of the game
at the cursor and publishes the chart (``coach/chart.py``'s :func:`chart_data`)
after each of its rounds, into the table's ``coach`` trait, which
``static/charts.js`` draws. Each round adds playouts to those already run (the
analysis's race, ``coach/racing.py``), so the chart sharpens without starting
over; it stops when the answer is clear or at ``max_playouts`` per move. It runs
in a daemon thread so the table keeps answering clicks. Every request bumps a
*generation* number; an analysis whose generation is no longer current stops
before its next playout move (in slices: before its next slice) and publishes
nothing, so moving the cursor, a new game, a new perspective or turning the coach
off stops the old analysis.

It respects the perspective: the coach shows a seat's moves only in the
teacher's view or that seat's own view, since the chart would otherwise say
what a good move is for hands the viewer may not see.

Pyodide (the JupyterLite site, a marimo WebAssembly export) has no threads:
there the same analysis runs as an asyncio task in slices of a few playouts
that yield to the page between them (``coach/slices.py``), so clicks are
handled while it refines. Only where there is neither a thread nor an event
loop (a plain script under WASI) does one small round run at once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from monopoly_widgets.agents.playout import AgentError, agent_name
from monopoly_widgets.coach import Analysis, analyse
from monopoly_widgets.coach.analyse import MAX_PLAYOUTS as MOST_PLAYOUTS
from monopoly_widgets.coach.analyse import check_policy, start_run
from monopoly_widgets.coach.chart import chart_data
from monopoly_widgets.coach.playouts import PlayoutStopped, make_policy
from monopoly_widgets.coach.slices import SlicedAnalysis, refine, start
from monopoly_widgets.core import Game
from monopoly_widgets.core.errors import InputError, MonopolyWidgetsError
from monopoly_widgets.core.runtime import threads_available
from monopoly_widgets.core.validation import excerpt, whole_number
from monopoly_widgets.widgets.views.common import seat_name

#: Playouts per move in the first round (later rounds add to them); None: as ``mw.analyse``
#: (``coach/racing.py``'s ``FIRST_BATCH``), so the panel's analysis is exactly ``mw.analyse``'s
#: with its defaults and screens no more than it needs.
FIRST_PLAYOUTS: int | None = None
#: The most playouts per move (the chart is then as sharp as it gets here).
MAX_PLAYOUTS = 1024
#: With neither threads nor an event loop only one round of this many playouts per move runs.
SYNC_PLAYOUTS = 8


class CoachStopped(PlayoutStopped):
    """Raised inside a playout when its analysis is no longer wanted."""


class StoppablePolicy:
    """The playout policy (``coach.playouts.make_policy``), checking before each move
    that its analysis is still wanted.

    Without it an old round would run to its end after the cursor moved (a round of
    512 heuristic playouts per move is minutes of CPU), competing with the new one.
    The moves are the policy's own, so the estimates are those of ``continue_with``.
    """

    def __init__(self, policy: str, wanted: Callable[[], bool]) -> None:
        self.agent = make_policy(policy)
        self.needs_observation = getattr(self.agent, "needs_observation", True)
        self.observe = getattr(self.agent, "observe", None)
        self.wanted = wanted

    @property
    def name(self) -> str:
        """The policy's own name, so a failure names ``continue_with``, not this wrapper."""
        return agent_name(self.agent)

    def __call__(self, observation: Any, legal: Any, rng: Any) -> Any:
        if not self.wanted():
            raise CoachStopped
        return self.agent(observation, legal, rng)

    def __repr__(self) -> str:
        return repr(self.agent)


def check_settings(first_playouts: Any, max_playouts: Any, continue_with: Any) -> None:
    """Refuse coach settings that are not what they say, naming the field and what it takes."""
    if first_playouts is not None:
        try:
            whole_number(first_playouts, "coach_playouts", 1, MOST_PLAYOUTS)
        except InputError as exc:
            raise InputError(f"{exc} (or None: mw.analyse's first round)") from None
    whole_number(max_playouts, "coach_max_playouts", 1, MOST_PLAYOUTS)
    check_policy(continue_with, "coach_continue_with", agents=False)


def failure_status(exc: Exception) -> str:
    """One line for the panel saying what failed: the agent named, no traceback, no address."""
    if isinstance(exc, AgentError):
        return f"The coach stopped: the playout {exc}."[:300]
    if isinstance(exc, MonopolyWidgetsError):
        return f"The coach could not analyse this step: {exc}"[:300]
    return f"The coach failed: {type(exc).__name__}({excerpt(str(exc), 120)})"


def refusal(perspective: int | None, seat: int | None, over: bool) -> str:
    """Why there is no coach for this step ("" if there is one)."""
    if over or seat is None:
        return "The game is over: there is no move to coach."
    if perspective is not None and perspective != seat:
        name = seat_name(seat)
        return f"The coach shows {name}'s moves only in the teacher's view or {name}'s own."
    return ""


class Coach:
    """Runs the analysis for the table's coach panel and publishes it as it grows.

    ``publish(value)`` receives ``{"on", "status", "chart", "step", "seat"}`` dicts
    (the step and seat analysed); it is called
    from the worker thread (or the slices' task), always under :attr:`lock` and
    only while the request is still current.
    """

    def __init__(
        self,
        publish: Callable[[dict[str, Any]], None],
        *,
        first_playouts: int | None = FIRST_PLAYOUTS,
        max_playouts: int = MAX_PLAYOUTS,
        continue_with: str = "heuristic",
        threaded: bool | None = None,
    ) -> None:
        check_settings(first_playouts, max_playouts, continue_with)
        self.publish = publish
        self.first_playouts = first_playouts
        self.max_playouts = max(first_playouts or 1, max_playouts)
        self.continue_with = continue_with
        self.threaded = threads_available() if threaded is None else threaded
        self.lock = threading.Lock()
        #: Bumped by every request; a worker with an older number stops.
        self.generation = 0
        self.thread: threading.Thread | None = None
        #: The asyncio task refining in slices, where no thread can start (``coach/slices.py``).
        self.task: Any = None
        #: The rounds finished for the current request (read by tests).
        self.rounds = 0

    def stop(self, value: dict[str, Any] | None = None) -> None:
        """Stop any analysis running; publish ``value`` if given."""
        with self.lock:
            self.generation += 1
            if value is not None:
                self.publish(value)

    def start(self, game: Game, seat: int, status: str = "") -> None:
        """Analyse ``game`` (a copy the coach may keep) for ``seat``, round after round."""
        where = {"step": game.step, "seat": seat}
        with self.lock:
            self.generation += 1
            generation = self.generation
            self.rounds = 0
            self.publish(
                {"on": True, "status": status or self._working(seat, 0), "chart": {}, **where}
            )
        if not self.threaded:
            self.task = start(self._refine(game, seat, generation))
            if self.task is None:
                self._run(game, seat, generation, rounds=1)
            return
        self.thread = threading.Thread(
            target=self._run, args=(game, seat, generation), daemon=True, name="mw-coach"
        )
        self.thread.start()

    def current(self, generation: int) -> bool:
        return generation == self.generation

    def wait(self, timeout: float = 60.0) -> None:
        """Wait for the running analysis to finish or stop (tests, scripts)."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)

    def _working(self, seat: int, playouts: int) -> str:
        name = seat_name(seat)
        if not playouts:
            return f"The coach is thinking about {name}'s moves…"
        return f"{name}'s moves: {playouts} playouts so far; still refining…"

    def _run(self, game: Game, seat: int, generation: int, rounds: int | None = None) -> None:
        """One analysis, published round after round while it is still wanted."""
        where = {"step": game.step, "seat": seat}
        policy = StoppablePolicy(self.continue_with, lambda: self.current(generation))
        first = self.first_playouts
        if rounds is not None:
            first = min(SYNC_PLAYOUTS, first or SYNC_PLAYOUTS)

        def publish_round(so_far: Analysis) -> bool:
            shown = self._publish_round(so_far, seat, generation)
            return shown and (rounds is None or self.rounds < rounds)

        try:
            analysis = analyse(
                game,
                seat,
                playouts=self._playouts(game),
                continue_with=policy,
                first_batch=first,
                on_round=publish_round,
            )
        except CoachStopped:
            return
        except Exception as exc:  # shown on the panel, never lost in a thread
            self._failed(exc, where, generation)
            return
        why = "one quick round: no background work here" if rounds else analysis.stopped
        self._publish_final(analysis, seat, generation, why)

    def _publish_round(self, so_far: Analysis, seat: int, generation: int) -> bool:
        """Show one more round, if still current; False when it is not."""
        with self.lock:
            if not self.current(generation):
                return False
            self.rounds += 1
            status = self._working(seat, so_far.playouts)
            where = {"step": so_far.step, "seat": seat}
            self.publish({"on": True, "status": status, "chart": chart_data(so_far), **where})
        return True

    def _publish_final(self, analysis: Analysis, seat: int, generation: int, why: str) -> None:
        with self.lock:
            if not self.current(generation):
                return
            if analysis.stopped != "asked to stop":
                self.rounds += 1
            status = (
                f"{seat_name(seat)}'s moves: {analysis.playouts} playouts in all ({why}); done."
            )
            if analysis.separated() and analysis.lead():
                status += f" {analysis.lead()}"  # why, when the intervals overlap
            if analysis.best is None:
                status = f"{seat_name(seat)}'s moves: {analysis.why_no_best()}"
            where = {"step": analysis.step, "seat": seat}
            self.publish({"on": True, "status": status, "chart": chart_data(analysis), **where})

    def _failed(self, exc: Exception, where: dict[str, Any], generation: int) -> None:
        with self.lock:
            if self.current(generation):
                failed = failure_status(exc)
                self.publish({"on": True, "status": failed, "chart": {}, **where})

    async def _refine(self, game: Game, seat: int, generation: int) -> None:
        """The analysis in slices that yield to the page (no threads here): same rounds."""
        where = {"step": game.step, "seat": seat}
        try:
            run = start_run(
                game,
                seat,
                playouts=self._playouts(game),
                continue_with=self.continue_with,
                first_batch=self.first_playouts,
            )
            analysis = await refine(
                SlicedAnalysis(run),
                lambda: self.current(generation),
                lambda so_far: self._publish_round(so_far, seat, generation),
            )
        except Exception as exc:  # shown on the panel, never lost in a task
            self._failed(exc, where, generation)
            return
        if analysis is not None:
            self._publish_final(analysis, seat, generation, analysis.stopped)

    def _playouts(self, game: Game) -> int:
        """The most playouts in all: ``max_playouts`` per legal move."""
        return min(MOST_PLAYOUTS, self.max_playouts * len(game.legal_actions()))
