"""A race between the moves: playouts go to the moves that could still be best.

``mw.analyse`` wants an answer a teacher can act on (issue 18): the best move
clearly better than every other (their 95% intervals clear of each other, or
the paired comparison in the same worlds clear, ``coach/pairing.py``), or the
three leading moves each measured to within ``precision`` (5 percentage points)
either side. The race asks that question after every small round and stops as
soon as the answer is yes; in between it spends playouts only where they can
bring that answer closer:

* every move gets a first screening batch of :data:`FIRST_BATCH` playouts (small:
  the playouts that decide are the leaders', and a move set aside after screening
  gets more as soon as its estimate puts it among the three leading moves);
* a move clearly worse than the leader (its interval wholly below the
  leader's, or the paired comparison clear) gets no more playouts;
* of the moves still in contention, the weaker half is set aside each round
  (successive halving), never the leading ``KEEP``;
* a move already measured to within ``precision`` gets no more: more playouts
  would not bring it closer to being measured, and with the leaders it is
  close to, the answer comes when the last of them is measured;
* the three leading moves always get more while they are not yet measured to
  within ``precision``, even one set aside earlier that has climbed back.

Rounds are small (an eighth of the leader's playouts so far, at least
``MIN_BATCH``), so the race overshoots the stopping point by little and ranks
the moves again often: a move that falls out of the leading three gets little
more before the next ranking sets it aside. Every
decision depends only on the wins counted so far, never on the clock or on which
process ran what: a race replayed with the same playouts ends the same way.

It keeps the :class:`~monopoly_widgets.stats.halving.Halving` bookkeeping
(``wins``, ``done``, ``live``, ``interval``...), which the search agent also uses,
and each move's outcomes playout by playout (``won``), for the paired comparison.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from monopoly_widgets.coach.pairing import as_bits, clear_of, versus
from monopoly_widgets.stats.halving import KEEP, Halving
from monopoly_widgets.stats.intervals import wilson_interval

#: Playouts per move in the screening round.
FIRST_BATCH = 8
#: Each later round gives every live move the leader's playouts so far divided by this...
ROUND_DIVISOR = 8
#: ...but never fewer than this.
MIN_BATCH = 4

METHOD = (
    "How the playouts were shared out: a race. Every move was first played a few times; "
    "after that, moves that were clearly losing got no more playouts, each round the "
    "weaker half of the rest was left out (halving; the leading "
    f"{KEEP} always stayed until their chances were known closely enough), and a move "
    "whose chance was known closely enough got no more. Every move was played in the same "
    "imagined deals, so the moves could also be compared deal by deal."
)


class Race(Halving):
    """Which moves get the next round, and when to stop (see the module docstring)."""

    def __init__(
        self,
        action_ids: Sequence[str],
        confidence: float,
        precision: float,
        first_batch: int | None = None,
    ) -> None:
        super().__init__(action_ids, confidence, precision)
        self.order = {action_id: index for index, action_id in enumerate(action_ids)}
        self.batch = FIRST_BATCH if first_batch is None else first_batch
        #: Each move's outcomes by playout index, as bits (1 = won): ``pairing.versus``.
        self.won = dict.fromkeys(action_ids, 0)

    def add_round(self, outcomes: Sequence[Sequence[int]]) -> None:
        for action_id, results in zip(self.live, outcomes, strict=True):
            self.won[action_id] |= as_bits(results, self.done[action_id])
        super().add_round(outcomes)

    def versus(self, leader: str, other: str) -> tuple[int, int]:
        """``(ahead, behind)``: worlds where only the leader won, and only the other."""
        done = self.done
        return versus(self.won[leader], done[leader], self.won[other], done[other])

    def clearly_worse(self, leader: str, other: str, compared: int) -> bool:
        """Is ``other`` clearly worse than ``leader`` (``pairing.clear_of``)?"""
        ahead, behind = self.versus(leader, other)
        leading, trailing = self.interval(leader), self.interval(other)
        return clear_of(leading, trailing, ahead, behind, compared, self.confidence)

    def first_index(self, action_id: str) -> int:
        """The index of a move's next playout: playout *i* of every move shares world *i*."""
        return self.done[action_id]

    def ranking(self) -> list[str]:
        """Every move, the highest share of wins first (ties: more playouts, then listed first)."""
        return sorted(self.wins, key=lambda a: (-self.share(a), -self.done[a], self.order[a]))

    def answer(self) -> str | None:
        """Why the estimates are clear enough to stop, or None."""
        ranked = self.ranking()
        if len(ranked) == 1:
            return "one move" if self.done[ranked[0]] else None
        best, second = ranked[0], ranked[1]
        if not self.done[second]:
            return None
        others = ranked[1:]
        if all(self.clearly_worse(best, other, len(others)) for other in others):
            return "best move separated"
        if all(self.half_width(a) <= self.precision for a in ranked[:KEEP]):
            return f"top moves measured to within {self.precision:.0%}"
        return None

    def answer_with(self, outcomes: Sequence[Sequence[int]]) -> str | None:
        """Would :meth:`answer` hold with part of a round counted (outcomes per live move)?

        For the coach in slices (``coach/slices.py``), which asks after every playout
        of a round, and only once every move has had its screening batch: a move
        not yet played has no estimate to rank. The counts are left as they were.
        """
        if not self.rounds:
            return None
        kept = {
            action_id: (self.wins[action_id], self.done[action_id], self.won[action_id])
            for action_id in self.live
        }
        for action_id, results in zip(self.live, outcomes, strict=True):
            self.won[action_id] |= as_bits(results, self.done[action_id])
            self.wins[action_id] += sum(results)
            self.done[action_id] += len(results)
        try:
            return self.answer()
        finally:
            for action_id, (wins, done, won) in kept.items():
                self.wins[action_id], self.done[action_id], self.won[action_id] = wins, done, won

    def measured_with(self, action_id: str, results: Sequence[int]) -> bool:
        """Would one move be measured to within the precision with ``results`` counted?"""
        wins = self.wins[action_id] + sum(results)
        done = self.done[action_id] + len(results)
        low, high = wilson_interval(wins, done, self.confidence)
        return (high - low) / 2 <= self.precision

    def why_stop(self, limit: int, budget_s: float | None, elapsed: float) -> str | None:
        if self.rounds and self.answer():
            return self.answer()
        if not self.live or (limit - self.spent) // len(self.live) < 1:
            return "playouts"
        if budget_s is not None and self.rounds and elapsed >= budget_s:
            return "time budget"
        return None

    def next_batch(self, limit: int, budget_s: float | None, elapsed: float) -> int:
        """Playouts for each live move next round: never cut by the clock (see the docstring)."""
        return max(1, min(self.batch, (limit - self.spent) // len(self.live)))

    def record(self, outcomes: Sequence[Sequence[int]]) -> str | None:
        """Add one round (1 = won, 0 = not, per live move); why to stop now, if so."""
        self.add_round(outcomes)
        answer = self.answer()
        if answer:
            return answer
        ranked = self.ranking()
        leader, compared = ranked[0], len(ranked) - 1
        live = set(self.live)
        contenders = [
            a
            for a in ranked
            if a in live and (a == leader or not self.clearly_worse(leader, a, compared))
        ]
        halved = contenders[: max(KEEP, math.ceil(len(self.live) / 2))]
        kept = {a for a in halved if self.half_width(a) > self.precision}
        kept.update(a for a in ranked[:KEEP] if self.half_width(a) > self.precision)
        self.live = [a for a in ranked if a in kept]
        self.batch = max(MIN_BATCH, max(self.done[a] for a in self.live) // ROUND_DIVISOR)
        return None
