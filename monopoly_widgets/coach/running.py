"""One analysis in progress: the race on one decision, round by round.

:func:`~monopoly_widgets.coach.analyse` runs it in one loop (each round on an
executor, or here); the explorer's coach panel in a browser tab, where no thread
can start, runs the same rounds a few playouts at a time (``coach/slices.py``).
Both ask this object for a round's jobs and hand back its outcomes, so they run
the same race and reach the same result.
"""

from __future__ import annotations

import time
from typing import Any

from monopoly_widgets.coach.merging import equivalent_groups
from monopoly_widgets.coach.playouts import PlayoutJob, game_text
from monopoly_widgets.coach.racing import METHOD, Race
from monopoly_widgets.coach.result import Analysis, MoveEstimate
from monopoly_widgets.core.game import Game


class AnalysisRun:
    """The race on one decision, with what it needs to plan rounds and report."""

    def __init__(
        self,
        game: Game,
        seat: int,
        limit: int,
        budget_s: float | None,
        continue_with: Any,
        seed: int,
        cards_known: bool,
        confidence: float,
        precision: float,
        first_batch: int | None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.limit = limit
        self.budget_s = budget_s
        self.continue_with = continue_with
        self.seed = seed
        self.cards_known = cards_known
        self.confidence = confidence
        self.legal = list(game.legal_actions())
        self.groups = equivalent_groups(game, seat, self.legal, seed, cards_known)
        self.saved = game_text(game)
        self.race = Race(list(self.groups), confidence, precision, first_batch)
        self.started = time.perf_counter()
        #: CPU seconds the playouts took, over every process that ran them.
        self.cpu = 0.0
        #: Why the analysis stopped ("" while it runs).
        self.stopped = ""
        #: How the playouts were shared out, as the result says (``coach/racing.py``).
        self.method = METHOD

    def next_jobs(self) -> list[PlayoutJob]:
        """The next round's jobs, one per live move; [] (and :attr:`stopped` set) when done."""
        if self.stopped:
            return []
        race = self.race
        elapsed = time.perf_counter() - self.started
        self.stopped = race.why_stop(self.limit, self.budget_s, elapsed) or ""
        if self.stopped:
            return []
        size = race.next_batch(self.limit, self.budget_s, elapsed)
        return [
            PlayoutJob(
                self.saved,
                self.seat,
                action_id,
                race.first_index(action_id),
                size,
                self.seed,
                self.continue_with,
                self.cards_known,
            )
            for action_id in race.live
        ]

    def record(self, outcomes: list[list[int]], cpu_seconds: float) -> bool:
        """Count a round's outcomes (one list per job, in order); True if the race ends here."""
        self.cpu += cpu_seconds
        self.stopped = self.race.record(outcomes) or ""
        return bool(self.stopped)

    def stop(self, why: str) -> None:
        self.stopped = why

    def so_far(self) -> Analysis:
        """The race's figures so far, one estimate per legal move, the highest first."""
        race = self.race
        played_for = {member: first for first, ids in self.groups.items() for member in ids}
        order = {action_id: index for index, action_id in enumerate(race.ranking())}
        leader = race.ranking()[0]
        moves = []
        for action in self.legal:
            first = played_for[action.id]
            low, high = race.interval(first)
            same_as = None if first == action.id else first
            wins, done = race.wins[first], race.done[first]
            versus = None if first == leader else race.versus(leader, first)
            moves.append(
                MoveEstimate(action.id, action.text, wins, done, low, high, same_as, versus)
            )
        # The race's ranking, each group's members right after the move played for them.
        moves.sort(key=lambda m: (order[played_for[m.action_id]], m.same_as is not None))
        continue_with = self.continue_with
        return Analysis(
            seat=self.seat,
            step=self.game.step,
            moves=tuple(moves),
            best=moves[0].action_id if moves[0].playouts else None,
            playouts=race.spent,
            rounds=race.rounds,
            seconds=time.perf_counter() - self.started,
            stopped=self.stopped or "still running",
            method=self.method,
            seed=self.seed,
            continue_with=continue_with if isinstance(continue_with, str) else repr(continue_with),
            cards_known=self.cards_known,
            confidence=self.confidence,
            cpu_seconds=self.cpu,
        )
