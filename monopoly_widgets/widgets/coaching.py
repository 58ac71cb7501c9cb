"""The explorer's coach: the deciding player's move chart, filled in in the background.

The coach runs :func:`~monopoly_widgets.coach.analyse` on a copy of the game at
the cursor, in rounds of growing playouts per move (32, 64, 128, ...), and
publishes the chart (``coach/chart.py``'s :func:`chart_data`) after each round
into the table's ``coach`` trait, which ``static/charts.js`` draws. It runs in
a daemon thread so the table keeps answering clicks. Every request bumps a
*generation* number; a thread whose generation is no longer current quits at
its next round and publishes nothing, so moving the cursor, a new game, a new
perspective or turning the coach off stops the old analysis.

It respects the perspective: the coach shows a seat's moves only in the
teacher's view or that seat's own view, since the chart would otherwise say
what a good move is for hands the viewer may not see.

Pyodide (JupyterLite) has no threads: there one small round runs at once.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

from monopoly_widgets.coach import analyse
from monopoly_widgets.coach.chart import chart_data
from monopoly_widgets.coach.playouts import make_policy
from monopoly_widgets.core import Game
from monopoly_widgets.widgets.views.common import seat_name

#: Playouts per move in the first round; each round doubles it.
FIRST_PLAYOUTS = 32
#: The last round's playouts per move (the chart is then as sharp as it gets here).
MAX_PLAYOUTS = 1024
#: Without threads (Pyodide) only one round of this many playouts per move runs.
SYNC_PLAYOUTS = 8


def threads_available() -> bool:
    """False in Pyodide, which cannot start threads."""
    return sys.platform != "emscripten"


class CoachStopped(Exception):
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
        self.wanted = wanted

    def __call__(self, observation: Any, legal: Any, rng: Any) -> Any:
        if not self.wanted():
            raise CoachStopped
        return self.agent(observation, legal, rng)

    def __repr__(self) -> str:
        return repr(self.agent)


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
    from the worker thread, always under :attr:`lock` and only while the
    request is still current.
    """

    def __init__(
        self,
        publish: Callable[[dict[str, Any]], None],
        *,
        first_playouts: int = FIRST_PLAYOUTS,
        max_playouts: int = MAX_PLAYOUTS,
        continue_with: str = "heuristic",
        threaded: bool | None = None,
    ) -> None:
        self.publish = publish
        self.first_playouts = first_playouts
        self.max_playouts = max(first_playouts, max_playouts)
        self.continue_with = continue_with
        self.threaded = threads_available() if threaded is None else threaded
        self.lock = threading.Lock()
        #: Bumped by every request; a worker with an older number stops.
        self.generation = 0
        self.thread: threading.Thread | None = None
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
            per_move = min(SYNC_PLAYOUTS, self.first_playouts)
            self._run(game, seat, generation, rounds=1, per_move=per_move)
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
        return f"{name}'s moves: {playouts} playouts per move so far; still refining…"

    def _run(
        self,
        game: Game,
        seat: int,
        generation: int,
        rounds: int | None = None,
        per_move: int | None = None,
    ) -> None:
        per_move = per_move or self.first_playouts
        where = {"step": game.step, "seat": seat}
        moves = len(game.legal_actions())
        policy = StoppablePolicy(self.continue_with, lambda: self.current(generation))
        done = 0
        while self.current(generation):
            try:
                analysis = analyse(game, seat, playouts=per_move * moves, continue_with=policy)
            except CoachStopped:
                return
            except Exception as exc:  # shown on the panel, never lost in a thread
                with self.lock:
                    if self.current(generation):
                        failed = f"The coach failed: {exc!r}"
                        self.publish({"on": True, "status": failed, "chart": {}, **where})
                return
            done += 1
            last = (
                per_move * 2 > self.max_playouts
                or analysis.stopped != "playouts"
                or (rounds is not None and done >= rounds)
            )
            status = (
                f"{seat_name(seat)}'s moves: {analysis.playouts} playouts in all "
                f"({analysis.stopped}); done."
                if last
                else self._working(seat, per_move)
            )
            with self.lock:
                if not self.current(generation):
                    return
                self.rounds = done
                chart = chart_data(analysis)
                self.publish({"on": True, "status": status, "chart": chart, **where})
            if last:
                return
            per_move *= 2
