"""Successive halving: most playouts for the moves that could be best.

Every move gets a first batch of playouts. After each round the moves still in
play are ranked by their share of wins, the weaker half is set aside (the leading
``KEEP`` always stay) and the batch doubles. The analysis stops when the leader's
95% interval is clear of the runner-up's, when the leaders are each measured to
within ``precision``, or when the playouts or the time run out.

Moves still in play have always had the same playouts, with the same indices, so
they are compared in the same sampled worlds (see ``coach/playouts.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from monopoly_widgets.stats.intervals import wilson_interval

FIRST_BATCH = 16
#: Moves never set aside: the leaders, whose order a student wants to know.
KEEP = 3

METHOD = (
    f"Successive halving: every move got {FIRST_BATCH} playouts first; after each round the "
    f"weaker half of the moves still in play was set aside (at least {KEEP} kept) and the "
    "batch doubled."
)


class Halving:
    """Which moves are still in play, and what each has won so far."""

    def __init__(self, action_ids: Sequence[str], confidence: float, precision: float) -> None:
        self.wins = dict.fromkeys(action_ids, 0)
        self.done = dict.fromkeys(action_ids, 0)
        self.live = list(action_ids)
        self.confidence = confidence
        self.precision = precision
        self.rounds = 0
        self.spent = 0
        self.batch = FIRST_BATCH

    @property
    def next_index(self) -> int:
        """The index of the next playout of every move still in play."""
        return self.done[self.live[0]]

    def why_stop(self, limit: int, budget_s: float | None, elapsed: float) -> str | None:
        """Why no further round should run, or None."""
        if len(self.live) == 1 and self.rounds:
            return "one move"
        if (limit - self.spent) // len(self.live) < 1:
            return "playouts"
        if budget_s is not None and self.rounds and elapsed >= budget_s:
            return "time budget"
        return None

    def next_batch(self, limit: int, budget_s: float | None, elapsed: float) -> int:
        """Playouts for each move in the next round: the batch, cut to what is left."""
        size = min(self.batch, (limit - self.spent) // len(self.live))
        if budget_s is not None and self.spent:
            seconds_each = elapsed / self.spent
            size = min(size, int((budget_s - elapsed) / seconds_each / len(self.live)))
        return max(1, size)

    def add_round(self, outcomes: Sequence[Sequence[int]]) -> None:
        """Count one round's results (1 = won, 0 = not, per live move, in ``live`` order)."""
        for action_id, results in zip(self.live, outcomes, strict=True):
            self.wins[action_id] += sum(results)
            self.done[action_id] += len(results)
            self.spent += len(results)
        self.rounds += 1

    def record(self, outcomes: Sequence[Sequence[int]]) -> str | None:
        """Add one round (a list of 1 = won, 0 = not, per live move); why to stop now, if so."""
        self.add_round(outcomes)
        self.batch *= 2
        self.live.sort(key=lambda action_id: -self.share(action_id))
        if self.leader_separated():
            return "best move separated"
        if all(self.half_width(action_id) <= self.precision for action_id in self.live[:KEEP]):
            return f"top moves measured to within {self.precision:.0%}"
        self.live = self.live[: max(KEEP, math.ceil(len(self.live) / 2))]
        return None

    def share(self, action_id: str) -> float:
        return self.wins[action_id] / self.done[action_id] if self.done[action_id] else 0.0

    def interval(self, action_id: str) -> tuple[float, float]:
        return wilson_interval(self.wins[action_id], self.done[action_id], self.confidence)

    def half_width(self, action_id: str) -> float:
        low, high = self.interval(action_id)
        return (high - low) / 2

    def leader_separated(self) -> bool:
        """Is the leader's interval clear of the runner-up's?"""
        if len(self.live) < 2:
            return False
        return self.interval(self.live[1])[1] < self.interval(self.live[0])[0]
