"""The explorer's cursor: the step a table shows, and what the charts need up to it.

A :class:`TimelineCursor` points at one step of a game's timeline. It knows
the state and the events there, the chart series from the deal up to it, and
the odds panel's rows it has worked out; it draws nothing and sends nothing,
so it can be tested without a widget or a kernel (``GameExplorer`` turns what
it knows into traits).

Moving the cursor never changes the game: the past is read through
``Timeline.walk``, which carries one state forward, so stepping forward
through the past costs one action per step, and filling the charts after a jump
reuses the same walk. Only :meth:`TimelineCursor.branch` forgets the future,
when someone plays a different move from a past step.
"""

from __future__ import annotations

from typing import Any

from monopoly_widgets.core import Action, Game
from monopoly_widgets.core.actions import Event
from monopoly_widgets.core.timeline import Moment
from monopoly_widgets.widgets.probability import ProbabilityFn, ProbabilityRow

#: The charts' metrics, in the order they are drawn.
METRICS = ("money", "properties", "sets")

#: One step's chart values: its turn, and per metric one number per seat.
SeriesPoint = tuple[int, dict[str, list[int]]]


class TimelineCursor:
    """A step of ``game``'s timeline, with its state, events, chart series and odds.

    At the end of the timeline the cursor reads the game itself (its state and
    latest events, kept by the game); in the past it keeps the last
    :class:`~monopoly_widgets.core.timeline.Moment` a walk reached. When the
    game moves on (a bot's or a person's move), :meth:`follow_end` brings the
    cursor along; the explorer calls it after every move it makes.
    """

    def __init__(self, game: Game, step: int | None = None) -> None:
        self.game = game
        #: The moment shown when the cursor is in the past (``None`` at the end).
        self._moment: Moment | None = None
        self._step = game.step
        #: (turn, metrics) of steps 0, 1, ...: filled up to the cursor when charts ask.
        self._series: list[SeriesPoint] = []
        #: Odds rows per (step, seat) for ``_odds_panel``: the past never changes.
        self._odds: dict[tuple[int, int], list[ProbabilityRow]] = {}
        self._odds_panel: ProbabilityFn | None = None
        if step is not None:
            self.move_to(step)

    # --- where the cursor is ---------------------------------------------------------
    @property
    def step(self) -> int:
        """The step shown (0 is the deal)."""
        return self._step

    @property
    def at_end(self) -> bool:
        """True when the cursor is on the latest step of the game."""
        return self._step == self.game.step

    @property
    def state(self) -> Any:
        """The engine state at the cursor (read it, do not change it)."""
        if self._moment is None:
            return self.game.state
        return self._moment.state

    @property
    def events(self) -> list[Event]:
        """The events of the step shown (the deal's at step 0)."""
        if self._moment is None:
            return self.game.timeline.events_at(self._step)
        return list(self._moment.events)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions at the cursor."""
        if self._moment is None:
            return self.game.legal_actions()
        rules = self.game.rules
        if rules.is_over(self._moment.state):
            return ()
        return tuple(rules.legal_actions(self._moment.state))

    def current_player(self) -> int | None:
        """Who decides at the cursor (``None`` once the game is over)."""
        return self.game.rules.current_player(self.state)

    def is_over(self) -> bool:
        """True if the game is over at the cursor."""
        return self.game.rules.is_over(self.state)

    def observation(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` sees at the cursor (``None``: everything)."""
        return self.game.rules.observation(self.state, viewer)

    # --- moving ------------------------------------------------------------------------
    def move_to(self, step: int) -> None:
        """Show ``step`` (0 to ``game.step``; ``IndexError`` otherwise)."""
        end = self.game.step
        if not 0 <= step <= end:
            raise IndexError(f"step must be between 0 and {end}, not {step}")
        if step == self._step and (self._moment is None) == (step == end):
            return  # already there (at the end, the cursor reads the game itself)
        self._step = step
        if step == end:
            self._moment = None
            return
        # Walk from the first step the charts lack, if that is before this one, so the
        # one walk fills the charts on its way; it resumes from the moment shown when
        # that is the step just before (stepping forward costs one action).
        start = min(len(self._series), step)
        self._moment = self._walk_to(start, step, resume=self._moment)

    def follow_end(self) -> None:
        """Show the latest step (after the game moved on: a bot's or a person's move)."""
        self.move_to(self.game.step)

    def branch(self) -> None:
        """Forget the game's future after the cursor: someone plays differently from here.

        The charts and odds of the steps kept stay; the cursor is then at the end.
        """
        step = self._step
        self.game.go_back_to(step)
        del self._series[step + 1 :]
        self._odds = {key: rows for key, rows in self._odds.items() if key[0] <= step}
        self._moment = None

    def _walk_to(self, start: int, stop: int, resume: Moment | None) -> Moment:
        """Walk steps ``start`` to ``stop``, noting the chart values of new steps; the last."""
        rules = self.game.rules
        moment = resume
        for moment in self.game.timeline.walk(start, stop, resume=resume):
            if moment.step == len(self._series):
                self._series.append((rules.turn(moment.state), rules.metrics(moment.state)))
        assert moment is not None and moment.step == stop
        return moment

    # --- the charts ----------------------------------------------------------------------
    def chart_points(self) -> tuple[list[int], dict[str, list[list[int]]]]:
        """The charts' data up to the cursor: turns, and per metric one list per seat.

        Each turn's point is its value at the last step of that turn up to the
        cursor, so the last point is the cursor itself.
        """
        series = self._series_to_cursor()
        last_of_turn: dict[int, int] = {}
        for index, (turn, _) in enumerate(series):
            last_of_turn[turn] = index
        turns = sorted(last_of_turn)
        values = {
            key: [
                [series[last_of_turn[turn]][1][key][seat] for turn in turns]
                for seat in range(self.game.players)
            ]
            for key in METRICS
        }
        return turns, values

    def _series_to_cursor(self) -> list[SeriesPoint]:
        """(turn, metrics) of steps 0 to the cursor, each worked out once."""
        series = self._series
        step = self._step
        if len(series) <= step:
            rules = self.game.rules
            if len(series) < step:
                # Steps between the charts' end and the end of the game (the cursor
                # follows the game, so this is a fresh explorer on a played game).
                self._walk_to(len(series), step - 1, resume=None)
            series.append((rules.turn(self.state), rules.metrics(self.state)))
        return series[: step + 1]

    # --- the odds panel ------------------------------------------------------------------
    def odds(self, panel: ProbabilityFn, seat: int) -> list[ProbabilityRow]:
        """``panel``'s rows for ``seat`` at the cursor, worked out once per step and seat."""
        if panel is not self._odds_panel:
            self._odds_panel = panel
            self._odds = {}
        key = (self._step, seat)
        if key not in self._odds:
            self._odds[key] = list(panel(self.observation(seat)))
        return self._odds[key]
